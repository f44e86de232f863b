"""A console line that opens with what a phase did and how long it took, then rates of that phase (llama.cpp's
speculative examples):

    encoded   12 tokens in    0.500 seconds, speed:   24.000 t/s
    decoded  120 tokens in   10.000 seconds, speed:   12.000 t/s

The time is the phase's ("encode time"), the count of tokens is the work's size and no claim, and a pair after it
on the line ("speed: 24.000 t/s") is the phase's too ("encode speed"); no counter goes into a name.

A phase's name, a colon, its count of tokens and its rate (mlx_lm.generate's report):

    Prompt: 120 tokens, 310.455 tokens-per-sec
    Generation: 256 tokens, 61.020 tokens-per-sec

The rate is the phase's ("Prompt"), the count the run's input or output length (vocab.length_pairs.PHASE_LENGTH_KEYS),
which every result of the report shares.

A shell's `time` reading after a run's label: zsh prints the elapsed wall time last, as minutes and seconds (or
hours, minutes and seconds) before the word "total":

    Sequential: 12:40.50 total
    Batch: mlx_lm.evaluate ... 1873.2s user 40.1s system 98% cpu 4:12.03 total

The reading is the run's wall time in seconds (760.5, 252.03), the label its arm (a variant: "Batch" beside
"Sequential" is batching switched on, vocab.switched_arms); a clock read anywhere else ("18:55:20", a time of day)
is no duration.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.reader.document import Block
from ledger.vocab.length_pairs import PHASE_LENGTH_KEYS
from ledger.vocab.metrics import PHASE_OF_VERB

_PHASE_RE = re.compile(
    r"^\s{0,8}(?P<verb>" + "|".join(PHASE_OF_VERB) + r")\s{1,8}\d{1,12}\s{1,4}"
    r"(?:tokens?|requests?|prompts?|sequences?|samples?)\s{1,4}in\s{1,8}"
    r"(?P<value>\d{1,12}(?:\.\d{1,12})?)\s{0,4}(?P<unit>seconds|secs?|s|ms)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase's time as a line opens with it: its name, value, unit, and the span it covers (count included)."""

    name: str
    value: float
    unit: str
    start: int
    end: int


def phase_clause(text: str) -> Phase | None:
    m = _PHASE_RE.match(text)
    if m is None:
        return None
    name = PHASE_OF_VERB[m.group("verb").lower()]
    return Phase(name, float(m.group("value")), m.group("unit"), m.start("verb"), m.end())


_COUNTED_RATE_RE = re.compile(
    r"^\s{0,8}(?P<name>" + "|".join(PHASE_LENGTH_KEYS) + r")\s{0,4}:\s{0,4}(?P<count>\d{1,9})\s{1,4}tokens?,\s{0,4}"
    r"(?P<value>\d{1,12}(?:\.\d{1,12})?)\s{0,4}(?P<unit>tokens-per-sec(?:ond)?|tokens/s(?:ec)?|tok/s|t/s)(?![\w/-])",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class CountedRate:
    """A phase's rate after its count of tokens: the phase as printed, the rate, its unit and the rate's span."""

    name: str
    value: float
    unit: str
    start: int
    end: int
    length: tuple[str, str]
    """(setup key, count): the run's length the count is."""


def counted_rate(text: str) -> CountedRate | None:
    m = _COUNTED_RATE_RE.match(text)
    if m is None:
        return None
    key = PHASE_LENGTH_KEYS[m.group("name").lower()]
    return CountedRate(
        m.group("name"), float(m.group("value")), m.group("unit"), m.start("name"), m.end(), (key, m.group("count"))
    )


def with_report_lengths(block: Block, ctx: Context, claims: Iterable[Claim]) -> Iterator[Claim]:
    """The block's claims, each with the lengths its counted rates state (an mlx_lm report in a code block: the
    run's input and output lengths, for its every result, "Peak memory" too)."""
    lengths = report_lengths(ctx.doc.lines[block.start - 1 : block.end]) if block.kind == "code" else {}
    for claim in claims:
        yield claim.model_copy(update={"config": {**lengths, **claim.config}}) if lengths else claim


def report_lengths(lines: Iterable[str]) -> dict[str, str]:
    """The input and output lengths a block's counted rates state (one each at most: two prompts' counts name no
    one run's length)."""
    found: dict[str, set[str]] = {}
    for text in lines:
        if (rate := counted_rate(text)) is not None:
            found.setdefault(rate.length[0], set()).add(rate.length[1])
    return {k: next(iter(v)) for k, v in found.items() if len(v) == 1}


def counted_rate_claims(ctx: Context, no: int, text: str) -> list[Claim]:
    """The rate of line `no` when it is a phase's count and rate ("Prompt: 120 tokens, 310.455 tokens-per-sec"),
    named by the phase; the count is taken with it (no claim: the run's length, report_lengths)."""
    rate = counted_rate(text)
    if rate is None or not ctx.is_free(no, rate.start, rate.end):
        return []
    ctx.take(no, rate.start, rate.end)
    unit = normalise_unit(rate.unit)
    return [ctx.claim("perf", no, text[rate.start : rate.end], metric=rate.name, value=rate.value, unit=unit)]


_TOTAL_RE = re.compile(
    r"^\s{0,8}[*_]{0,2}(?P<label>[A-Za-z][\w-]{0,24}(?: [A-Za-z][\w-]{0,24}){0,2})[*_]{0,2}\s{0,2}:[*_]{0,2}"
    r"[^\n]{0,300}?(?<![\w.:])(?P<clock>(?:(?P<h>\d{1,2}):)?(?P<m>\d{1,3}):(?P<s>\d{2}(?:\.\d{1,3})?)) total\b"
)


@dataclass(frozen=True, slots=True)
class Stopwatch:
    """A labelled `time` reading: the label, the seconds, the reading as printed and its span (the word "total"
    included)."""

    label: str
    seconds: float
    printed: str
    start: int
    end: int


def stopwatch_total(text: str) -> Stopwatch | None:
    m = _TOTAL_RE.match(text) if " total" in text else None
    if m is None:
        return None
    seconds = int(m.group("h") or 0) * 3600 + int(m.group("m")) * 60 + float(m.group("s"))
    return Stopwatch(m.group("label"), round(seconds, 3), m.group("clock"), m.start("clock"), m.end())


def stopwatch_claims(ctx: Context, no: int, text: str) -> list[Claim]:
    """The wall time of line `no` when it is a labelled `time` reading, the label its arm ("Batch: 4:12.03 total").
    The line is taken to the reading's end: its label names the arm, and no pair reads "12" of "12:40.50"."""
    watch = stopwatch_total(text)
    if watch is None or not ctx.is_free(no, watch.start, watch.end):
        return []
    ctx.take(no, 0, watch.end)
    claim = ctx.claim("perf", no, text[watch.start : watch.end], metric="wall time", value=watch.seconds, unit="s")
    claim.config["variant"] = watch.label
    return [claim]
