"""The measure a section states once for all its tables: "The reported metric is `Total Output Throughput
(tokens/sec)`" above a release page's per-model grids, whose headers name only GPUs and parallelism and whose rows
name only lengths. The statement holds for the tables after it in its section and the sections under it.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import UNIT_PATTERN, normalise_unit
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.tables.headers import head_without_unit, looks_metric, unit_of_header
from ledger.vocab.units import is_measure_unit, measure_of_unit
from ledger.vocab.word_gate import WordGate

# "The reported metric is `X (unit)`", "Every table below gives `X (unit)`", "Values are `X (unit)`"
_STATED_RE = re.compile(
    r"\b(?:reported metric|metric reported|metric|(?:tables?|figures?|numbers?|values?|cells?))"
    r"(?: (?:below|here|above|in this section))?(?: (?:is|are|gives?|shows?|reports?|lists?))"
    r"[ :]{1,3}(?:(?:taken|drawn|read) from )?(?:the )?`(?P<name>[^`]{3,80})`",
    re.IGNORECASE,
)
# a copied page keeps no backticks: "Every table below gives Total Output Throughput (tokens/sec)."
_BARE_RE = re.compile(
    r"\b(?:reported metric|metric reported|metric|(?:tables?|figures?|numbers?|values?|cells?))"
    r"(?: (?:below|here|above|in this section))?(?: (?:is|are|gives?|shows?|reports?|lists?))"
    r"[ :]{1,3}(?:(?:taken|drawn|read) from )?(?:the )?(?P<name>[A-Za-z][\w -]{2,60}\([^()]{1,24}\))",
    re.IGNORECASE,
)
# "... and give output throughput in tokens/second", "presents token throughput in tokens/second"
_PLAIN_RE = re.compile(
    r"\b(?:gives?|presents?|shows?|reports?|lists?)\s(?:the\s)?(?P<name>[A-Za-z][\w -]{2,40}?)\s"
    rf"in\s(?P<unit>{UNIT_PATTERN})(?![\w/])",
    re.IGNORECASE,
)
# "All performance values are measured in **output tokens per second per GPU**", "Every figure is output tokens per
# second", "Numbers are in tok/s": a unit for every value (and, where nothing above names the measure, the measure
# its unit's family is, with the side of the sequence it counts)
# (searched only where one of its words stands: vocab.word_gate)
_UNIT_ONLY_RE = WordGate(
    re.compile(
        r"\b(?:values?|figures?|numbers?|results?)\s(?:are|is)\s(?:(?:measured|given|reported|expressed)\s)?(?:in\s)?"
        rf"[*_`]{{0,2}}(?:(?P<side>output|input|total|decode|prefill|generation)\s)?(?P<unit>{UNIT_PATTERN})(?![\w/])",
        re.IGNORECASE,
    )
)
# a caption naming the measure, then what it was taken of, then its unit: "Time to first token of Wren-8B at three
# prompt lengths (Unit: Seconds):"
_CAPTION_RE = re.compile(
    r"^\s{0,3}(?P<name>[A-Z][\w -]{2,40}?)\s(?:of|for|on)\s[^()\n]{1,120}?\(\s?unit:\s?"
    rf"(?P<unit>{UNIT_PATTERN})\s?\)\s?:?\s*$",
    re.IGNORECASE,
)
# a line of its own labelling the measure of the table under it, often in emphasis: "*Metric: Median TPOT*",
# "**Metric: p50 ITL (ms)**" (the table's columns then name only the sides and the setting swept)
_LABEL_RE = re.compile(
    r"^\s{0,3}[*_]{0,2}(?:metric|measure)\s?:\s?[*_]{0,2}\s?(?P<name>[A-Za-z][^*_\n:]{1,79}?)\s?[*_]{0,2}\.?\s*$",
    re.IGNORECASE,
)
_MEMO = "tables.stated_measure"
_FIRST_TABLE = "tables.first_table"


@dataclass(frozen=True)
class Measure:
    """What the cells measure: the metric's name and its unit."""

    name: str
    unit: str | None
    from_unit: bool = False
    """Named after its unit only ("Numbers are in tok/s": a throughput): a heading naming the measure says more,
    and it holds in its own section only, never as the page's measure."""


def stated_measure(ctx: Context, block: Block) -> Measure | None:
    """The measure the nearest statement above `block`, in its section or a section above it, names."""
    found: tuple[list[int], list[tuple[tuple[str, ...], Measure]]] | None = ctx.memo.get(_MEMO)
    if found is None:
        found = ctx.memo[_MEMO] = _statements(ctx.doc)
    starts, stated = found
    i = bisect.bisect_left(starts, block.start) - 1
    if i >= 0 and ctx.doc.format == "rendered":
        # a copied page keeps its headings' words but not their levels: every heading reads as a new top
        # section, so the statement holds until the next one
        return stated[i][1]
    for k in range(i, -1, -1):
        section, measure = stated[k]
        if block.section[: len(section)] == section:
            return measure
    # "## Throughput Measurements: the reported metric is `X`" in the page's overview, before any table: the page's
    # measure, also in the "# Model" sections after it
    preamble = _first_table(ctx)
    return next((stated[k][1] for k in range(i, -1, -1) if starts[k] < preamble and not stated[k][1].from_unit), None)


def _first_table(ctx: Context) -> int:
    first: int | None = ctx.memo.get(_FIRST_TABLE)
    if first is None:
        first = ctx.memo[_FIRST_TABLE] = next(
            (b.start for b in ctx.doc.blocks if b.kind == "table" and not b.in_code), len(ctx.doc.lines) + 1
        )
    return first


def _statements(doc: Document) -> tuple[list[int], list[tuple[tuple[str, ...], Measure]]]:
    starts: list[int] = []
    stated: list[tuple[tuple[str, ...], Measure]] = []
    prev: Block | None = None
    for b in doc.blocks:
        if b.kind != "text" or b.in_code:
            continue
        # a paragraph's lines are blocks of their own: the statement may wrap onto the next line
        joined = f"{prev.text[-200:]} {b.text[:1000]}" if prev is not None and prev.end + 1 == b.start else b.text
        prev = b
        m = _STATED_RE.search(joined) if "`" in b.text else None
        if m is None and doc.format == "rendered" and "(" in b.text:
            m = _BARE_RE.search(joined)
        pm = _PLAIN_RE.search(joined) if m is None and " in " in b.text else None
        cm = _CAPTION_RE.match(b.text[:300]) if m is None and pm is None and "nit:" in b.text else None
        lm = _LABEL_RE.match(b.text[:200]) if m is None and pm is None and cm is None and ":" in b.text else None
        unit: str | None
        if cm is not None:
            bare, unit = cm.group("name").strip(), normalise_unit(cm.group("unit"))
        elif lm is not None:
            name = lm.group("name").strip()
            unit = unit_of_header(name)
            bare = head_without_unit(name)
        elif m is not None:
            name = m.group("name").strip()
            unit = unit_of_header(name)
            bare = head_without_unit(name)
        elif pm is not None:
            bare, unit = pm.group("name").strip(), normalise_unit(pm.group("unit"))
        elif (um := _UNIT_ONLY_RE.search(joined)) is not None:
            # "All performance values are measured in **output tokens per second per GPU**": the unit of the measure
            # stated before it (the page's own words over the tool's header it quoted), else the measure of the unit
            unit = normalise_unit(um.group("unit").lower())
            if stated and not stated[-1][1].from_unit:
                bare = stated[-1][1].name
                start = um.start("side") if um.group("side") else um.start("unit")
                unit = normalise_unit(joined[start : um.end()].lower())
            else:
                by_unit, side = measure_of_unit(unit), um.group("side")
                if by_unit:
                    starts.append(b.start)
                    stated.append((b.section, Measure(f"{side.lower()} {by_unit}" if side else by_unit, unit, True)))
                continue
        else:
            continue
        if bare and (looks_metric(bare) or is_measure_unit(unit)):
            starts.append(b.start)
            stated.append((b.section, Measure(bare, unit)))
    return starts, stated
