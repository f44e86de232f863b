"""Lines that print the value first and what it is of after it: "5.4412 - 13B, q4_0".

People paste the results of several runs as a column of values, each followed by a dash (or a colon) and
the run's setup, in a code block or a list:

    5.4412 - 13B, q4_0
    5.8203 - 7B, f16

The lines name no measure; the text above them does ("it prints `ppl: 5.81`", a heading "Perplexity"). A
run of two or more such lines is read when a measure is named within the section above (up to
_LOOK_BACK lines) or by the document's title, and never otherwise: a column of "12 - src/kv.c" (changed
lines per file) names none. The words after the dash are the run's setup: what the vocabulary knows of
them (model size, precision, flags) goes to its keys, and the whole label is kept as `run`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.reader.document import Block
from ledger.vocab.metrics import kind_for_metric, last_metric_named
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_names import MODEL_SIZE_RE

NAME = "value_first"
VERSION = "1"
BLOCKS = frozenset({"code", "item", "text"})

# value, an optional unit glued or spaced, a dash or colon set apart by spaces, then a label holding a letter
_LINE_RE = re.compile(
    r"^\s{0,8}(?:[-*+]\s{1,4})?(?P<value>[-+]?\d{1,9}(?:\.\d{1,9})?)(?:\s?(?P<unit>%|x|ms|us|s|tok/s|t/s))?"
    r"\s{1,8}[-–—:]\s{1,8}(?P<label>[^\s].{0,160})$"
)
_LETTER_RE = re.compile(r"[A-Za-z]")
_PATH_RE = re.compile(r"[\w-]/[\w.-]|\.(?:py|c|cc|cpp|h|hpp|cu|cuh|rs|go|ts|js|md|txt|json|yaml|toml)\b")
_LOOK_BACK = 12
_GAP = 4  # lines between a run and a single line that goes on from it (a lead-in, a fence)


def _parse(text: str) -> re.Match[str] | None:
    m = _LINE_RE.match(text)
    if m is None or not _LETTER_RE.search(m.group("label")) or _PATH_RE.search(m.group("label")):
        return None
    return m


def _measure_above(ctx: Context, start: int) -> str | None:
    """The measure named nearest above line `start` in its section, else the document title's."""
    for no in range(start - 1, max(0, start - _LOOK_BACK), -1):
        text = ctx.doc.line(no)
        name = last_metric_named(text)
        if name is not None:
            return name
        if text.startswith("#"):
            break  # the section's heading was the last line to ask
    return last_metric_named(ctx.doc.line(1)) if ctx.doc.line(1).startswith("#") else None


def _runs(ctx: Context, block: Block) -> Iterator[list[tuple[int, re.Match[str]]]]:
    """Runs of value-first lines: two or more in a row (a code block's lines, a list's items, a rendered copy's
    lines), or one that goes on from a run read just above it ("Context 1024 runs:" between)."""
    run: list[tuple[int, re.Match[str]]] = []
    for no in range(block.start, block.end + 1):
        m = _parse(ctx.doc.line(no))
        if m is not None:
            run.append((no, m))
            continue
        yield from _kept(ctx, run)
        run = []
    yield from _kept(ctx, run)


def _kept(ctx: Context, run: list[tuple[int, re.Match[str]]]) -> Iterator[list[tuple[int, re.Match[str]]]]:
    if not run:
        return
    first, last = run[0][0], run[-1][0]
    near = ctx.memo.get(NAME + ".last", -_GAP)
    if len(run) >= 2 or _parse(ctx.doc.line(first - 1)) or _parse(ctx.doc.line(last + 1)) or first - near <= _GAP:
        ctx.memo[NAME + ".last"] = last
        yield run


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    for run in _runs(ctx, block):
        if not any("." in m.group("value") or m.group("unit") for _, m in run):
            continue  # whole numbers before names are counts ("3 - failures"), not measurements
        last, named = ctx.memo.get(NAME + ".metric", (-_GAP, None))
        # a run that goes on from the one above (the next item of a list) keeps its measure
        metric = named if run[0][0] - last <= _GAP else _measure_above(ctx, run[0][0])
        if metric is None:
            continue
        ctx.memo[NAME + ".metric"] = (run[-1][0], metric)
        for no, m in run:
            if not ctx.is_free(no, m.start("value"), m.end("value")):
                continue
            label = m.group("label").strip()
            unit = normalise_unit(m.group("unit")) if m.group("unit") else None
            ctx.take(no, m.start("value"), m.end())
            yield ctx.claim(
                kind_for_metric(metric, unit),
                no,
                m.group(0).strip(" -*+"),
                metric=metric,
                value=float(m.group("value")),
                unit=unit,
                config=_setup(label),
            )


def _setup(label: str) -> dict[str, str]:
    setup = {**qualifiers(label), "run": label}
    size = MODEL_SIZE_RE.search(label)  # "13B, q4_0": the family is the document's
    if size is not None and "model" not in setup:
        setup["model"] = size.group(0)
    return setup
