"""A baseline row among rows of arms, each "Name (Measure): value unit" on a line of its own:

    Merged GEMM   (Decode):  11.0 ms      <- an arm: measure "Decode", variant "Merged GEMM", reference 12.0
    Split streams (Decode):  11.5 ms      <- another arm of the same measure: the same reference
    Baseline      (Decode):  12.0 ms      <- the reference of every arm of its measure; no claim of its own

The rows run to a blank line; the baseline row may stand first, last or between the arms, and however many arms
there are, each is compared with it (a reader of one line at a time pairs a baseline with the one row next to it at
most, and names the rows by name and measure as one metric, so no two arms are one series). Rows are one group
only when they print the same words in brackets and the same unit: "(TTFT)" rows never take a "(Decode)" baseline.
Brackets that are a unit ("Merged (ms)") name the measure by that unit; brackets that name a side ("Mean PPL(base)")
set a row apart from its twin and are read elsewhere (kv.labels.same_measure). A group with no baseline row, or two,
is left as the reader made it.

Rows named with no brackets are arms the same way when no name but the baseline's names a measure or a setting, and
their unit says what they measure:

    - Cached tables: 2480 tok/s               <- throughput, variant "Cached tables", reference 2350
    - main: 2350 tok/s                        <- the baseline row

("TTFT: 120 ms" / "TPOT: 14 ms" / "Baseline: 130 ms" name two measures, no arms: left alone). A side's name ("this
branch: 2480 tok/s") is the other side, no variant of it, and keeps the name the reader gave it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.model import Claim
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.grammar.pairs import pairs_in
from ledger.parsers.grammar.unit_labels import header_unit
from ledger.parsers.kv.labels import is_baseline_label, is_config, measured
from ledger.parsers.reader.document import Document
from ledger.vocab.sides import side_alone
from ledger.vocab.units import measure_of_unit

_REACH = 40
"""Rows a group spans at most, either way from a row with a claim: a paste's block of rows is short."""


@dataclass(frozen=True)
class _Row:
    line: int
    name: str
    measure: str
    value: float
    unit: str | None


def _row(doc: Document, no: int) -> _Row | None:
    """The line's one "Name (Measure): value" or "Name: value" pair, if that is all it holds."""
    pairs = [p for p in pairs_in(doc.line(no)) if p.value is not None]
    if len(pairs) != 1 or pairs[0].items is not None:
        return None
    p = pairs[0]
    unit = normalise_unit(p.unit) if p.unit else None
    if not p.label.endswith(")"):
        return _Row(no, " ".join(p.label.split()), "", float(p.value or 0.0), unit)  # (a plain name: measure "")
    # "Merged GEMM (Decode)": the row's name, then the measure in the brackets that end the label
    opened = p.label.rfind("(")
    name, measure = " ".join(p.label[:opened].split()), p.label[opened + 1 : -1].strip()
    if not name or not measure or len(measure) > 30 or ")" in measure:
        return None
    if _BUILD_RE.fullmatch(measure):
        # "stock triton (3.4.0)", "patched triton (abc1234)": the arm's build, part of its name; the unit the measure
        return _Row(no, " ".join(p.label.split()), "", float(p.value or 0.0), unit)
    return _Row(no, name, measure, float(p.value or 0.0), unit)


# a release ("3.4.0", "v2.1") or a commit's short sha ("abc1234"): the build an arm ran, never what it measured
_BUILD_RE = re.compile(r"v?\d{1,4}(?:\.\d{1,4}){1,3}(?:[.+-]?[\w]{1,12})?|(?=[a-f]{0,39}\d)[0-9a-f]{7,40}")


def _group(doc: Document, no: int) -> tuple[int, int]:
    """The first and last line of the run of lines without a blank that holds line `no`."""
    first = no
    while first > max(1, no - _REACH) and doc.line(first - 1).strip():
        first -= 1
    last = no
    while last < min(len(doc.lines), no + _REACH) and doc.line(last + 1).strip():
        last += 1
    return first, last


def _measure(row: _Row) -> str | None:
    """What the row's brackets say was measured: their words, or what their unit measures; for a plain name, what
    the value's unit measures."""
    if not row.measure:
        return measure_of_unit(row.unit)
    unit = header_unit(f"({row.measure})")
    return (measure_of_unit(normalise_unit(unit)) or row.measure) if unit else row.measure


def _arms(rows: list[_Row], base: _Row) -> bool:
    """The rows beside the baseline are arms of one measure: named by brackets, or by names that are no measure's
    nor a setting's, with a unit that says what they measure."""
    if base.measure:
        return True
    return measure_of_unit(base.unit) is not None and not any(
        measured(r.name) or is_config(r.name, r.unit) for r in rows if r is not base
    )


def baseline_rows(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each arm of a group with a baseline row compared with it (reference, measure, variant) and the
    baseline row's own claim gone."""
    by_line: dict[int, list[Claim]] = {}
    for c in claims:
        if c.source.line == c.source.line_end and isinstance(c.value, float) and c.kind != "gate":
            by_line.setdefault(c.source.line, []).append(c)
    seen: set[int] = set()
    gone: set[int] = set()  # ids of the baseline rows' claims
    for no in sorted(by_line):
        if no in seen or _row(doc, no) is None:
            continue
        first, last = _group(doc, no)
        seen.update(range(first, last + 1))
        buckets: dict[tuple[str, str | None], list[_Row]] = {}
        for k in range(first, last + 1):
            row = _row(doc, k)
            if row is not None:
                buckets.setdefault((row.measure.lower(), row.unit), []).append(row)
        for rows in buckets.values():
            bases = [r for r in rows if is_baseline_label(r.name)]
            if len(bases) != 1 or len(rows) < 2 or len({r.name.lower() for r in rows}) != len(rows):
                continue
            base = bases[0]
            if not _arms(rows, base):
                continue
            gone.update(id(c) for c in by_line.get(base.line, []) if c.value == base.value)
            for row in rows:
                if row is not base:
                    _compare(by_line.get(row.line, []), row, base)
    return [c for c in claims if id(c) not in gone] if gone else claims


def _compare(claims: list[Claim], row: _Row, base: _Row) -> None:
    for c in claims:
        if c.value != row.value:
            continue
        c.reference = base.value  # (a reader's pairing of the row with whatever stood next to it yields to this)
        if side_alone(row.name) and not row.measure:
            continue  # ("this branch: 2480 tok/s": the other side, named as its reader named it)
        c.metric = _measure(row) or c.metric
        if not side_alone(row.name):  # ("PR (Decode)": the other side, no variant of it)
            c.config.setdefault("variant", row.name)
