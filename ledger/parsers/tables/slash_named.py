"""A cell of several values, each the measure its position names: a header that names them one by one ("Pos0 /
Pos1 acceptance" over "70.02% / 28.74%", "TTFT / TPOT (ms)" over "41.2 / 7.9": "Pos0 acceptance", "Pos1
acceptance"), or a packed cell ("0.25/1087/43.5%") whose names a bracket in its header or title gives ("FWD (ms /
TFLOPS / MFU%)").

Apart from rows.py because the header and the title lines decide it, and rows.py turns the parts into claims.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ledger.memo import short_text_cache
from ledger.parsers.tables.cells import PACKED_RE, cell_value
from ledger.parsers.tables.headers import (
    UNIT_WORDS,
    looks_metric,
    metric_name,
    packed_names,
    slash_sides,
    unit_of_header,
)
from ledger.vocab.units import is_measure_unit

# the names, then the words they share (a unit in brackets among them): "Pos0 / Pos1 acceptance"
_NAMED_HEAD_RE = re.compile(
    r"(?P<names>[A-Za-z][\w.+-]{0,20}(?:\s?/\s?[A-Za-z][\w.+-]{0,20}){1,7})(?P<rest>\s[^/]{1,60})?"
)
_PART_SPLIT_RE = re.compile(r"\s?/\s?")
_RUN_NAME_RE = re.compile(r"(?:run|round|trial|rep|repeat|try|seed|#)[ _-]?\d{1,3}", re.IGNORECASE)


@short_text_cache(512)
def head_names(head: str) -> tuple[str, ...] | None:
    """The measure each position of the column's "a / b" cells holds, or None where the header is no list of names
    (a side's pair "branch / main", a unit "Req/s", counts "Accepted / Drafted" that name no measure)."""
    m = _NAMED_HEAD_RE.fullmatch(head.strip())
    if m is None or slash_sides(head) is not None:
        return None
    names = _PART_SPLIT_RE.split(m.group("names"))
    if any(n.lower() in UNIT_WORDS for n in names):
        return None  # "tok/s", "ms / token": a unit, not two names
    rest = m.group("rest") or ""
    full = tuple(f"{n}{rest}".strip() for n in names)
    return full if all(looks_metric(f) for f in full) else None


def named_values(head: str, cell: str) -> list[tuple[str, float, str | None]] | None:
    """(measure, value, unit) for each part of a cell under a header that names them (head_names), when the cell
    holds exactly as many values, each with a unit of measure or none."""
    names = head_names(head) if "/" in head and "/" in cell else None
    if names is None:
        return None
    parts = _PART_SPLIT_RE.split(cell.strip())
    if len(parts) != len(names):
        return None
    out: list[tuple[str, float, str | None]] = []
    for name, part in zip(names, parts, strict=True):
        got = cell_value(part)
        if got is None or (got[3] is not None and not is_measure_unit(got[3])):
            return None
        out.append((name, got[0], got[3]))
    return out


@dataclass(frozen=True, slots=True)
class Part:
    """One value of a cell of several: its measure, value, unit, the baseline's value at its position, and the
    setting that tells it from its siblings (a packed cell's name)."""

    metric: str
    value: float
    unit: str | None
    reference: float | None = None
    extra: dict[str, str] = field(default_factory=dict)


def position_parts(head: str, cleaned: str, base: str, label: str, role: str, titles: list[str]) -> list[Part] | None:
    """The parts of a cell (`cleaned`) under `head`, with the baseline row's cell `base` ("" for none) and the
    title lines above the table; None where the cell is no such list."""
    if "/" not in cleaned:
        return None
    named = named_values(head, cleaned)
    if named is not None:
        refs = named_values(head, base) if base else None  # the baseline row's cell, position by position
        return [
            Part(metric_name(label, name, role), value, unit, refs[k][1] if refs else None)
            for k, (name, value, unit) in enumerate(named)
        ]
    packed = PACKED_RE.match(cleaned)
    names = packed_names([head, *titles], cleaned.count("/") + 1) if packed else None
    if packed is None or names is None:
        return None
    out = []
    named_units = any(n.lower() in UNIT_WORDS for n in names)  # "(ms / TFLOPS / MFU%)": each part its own unit
    head_unit = unit_of_header(head)
    for part, name in zip(packed.group(0).split("/"), names, strict=True):
        pv = cell_value(part)
        if pv is not None:
            # ("TTFT ms" over "5100/5000/5050" under "run1 / run2 / run3:": each run's in the column's unit)
            unit = pv[3] or (name if name.lower() in UNIT_WORDS else None) or (None if named_units else head_unit)
            # (a run's name is no measure: "TTFT ms" of run1, run2, run3 is one series, each run a part of it)
            tail = "" if _RUN_NAME_RE.fullmatch(name) else f" {name}"
            metric = f"{label} {head}{tail}".strip() if label else f"{head}{tail}"
            out.append(Part(metric, pv[0], unit, None, {"part": name}))
    return out
