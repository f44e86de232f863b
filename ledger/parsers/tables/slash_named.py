"""A cell of several values, each the measure its position names: a header that names them one by one ("Pos0 /
Pos1 acceptance" over "70.02% / 28.74%", "TTFT / TPOT (ms)" over "41.2 / 7.9": "Pos0 acceptance", "Pos1
acceptance"), or a packed cell ("0.25/1087/43.5%") whose names a bracket in its header or title gives ("FWD (ms /
TFLOPS / MFU%)"), or a cell whose parts the row's label names ("prose 5.8k / 34k" over "62.7 / 57.9 tok/s") or
their own units do ("46.4 ms/cycle, 57.9 tok/s": a cycle's time and the throughput, two measures in one cell).

Apart from rows.py because the header and the title lines decide it, and rows.py turns the parts into claims.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ledger.memo import short_text_cache
from ledger.parsers.reader.document import Row
from ledger.parsers.tables.cells import PACKED_RE, cell_value, clean, is_numeric_cell
from ledger.parsers.tables.headers import (
    UNIT_WORDS,
    looks_metric,
    metric_name,
    packed_names,
    slash_sides,
    unit_of_header,
)
from ledger.vocab.setup import qualifiers
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


def baseline_cell(base_row: Row | None, row: Row, ci: int, base_col: int | None) -> str:
    """The baseline's cell for the cell at `ci`: the baseline row's, else the baseline column's in the same row
    ("30.1 / 28.0 tok/s" under "main" beside "35.5 / 33.2 tok/s"), else ""."""
    src, at = (base_row, ci) if base_row is not None else (row, base_col if base_col is not None else len(row.cells))
    return src.cells[at] if at < len(src.cells) else ""


def position_parts(head: str, cleaned: str, base: str, label: str, role: str, titles: list[str]) -> list[Part] | None:
    """The parts of a cell (`cleaned`) under `head`, with the baseline's cell `base` (its row's or its column's, ""
    for none) and the title lines above the table; None where the cell is no such list."""
    own = labelled_parts(label, cleaned, clean(base))
    if own is not None:
        measured = looks_metric(head) and not slash_sides(head)  # (a side's column names no measure of its own)
        return [replace(p, metric=metric_name(p.metric, head, role)) if measured else p for p in own]
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
    base_refs = _packed_refs(clean(base), len(names)) if base else []
    for k, (part, name) in enumerate(zip(packed.group(0).split("/"), names, strict=True)):
        pv = cell_value(part)
        if pv is not None:
            # ("TTFT ms" over "5100/5000/5050" under "run1 / run2 / run3:": each run's in the column's unit)
            unit = pv[3] or (name if name.lower() in UNIT_WORDS else None) or (None if named_units else head_unit)
            # (a run's name is no measure: "TTFT ms" of run1, run2, run3 is one series, each run a part of it)
            tail = "" if _RUN_NAME_RE.fullmatch(name) else f" {name}"
            metric = f"{label} {head}{tail}".strip() if label else f"{head}{tail}"
            # ("Accuracy (flexible-extract/strict-match)" over "0.77/0.75": each part under its own filter, which the
            # header's first names for the whole column)
            extra = {"part": name, **{k: v for k, v in qualifiers(name).items() if k == "filter"}}
            out.append(Part(metric, pv[0], unit, base_refs[k] if base_refs else None, extra))
    return out


def _packed_refs(base: str, count: int) -> list[float | None]:
    """The baseline row's packed cell, position by position ("0.79/0.78" over the candidate's "0.77/0.75"), where
    it packs as many values; [] for none."""
    packed = PACKED_RE.match(base)
    if packed is None or packed.group(0).count("/") + 1 != count:
        return []
    return [pv[0] if (pv := cell_value(part)) is not None else None for part in packed.group(0).split("/")]


# a cell's values before their one unit and the changes in its parenthesis: "62.7 / 57.9 tok/s (+45% / +41%)"
_SHARED_UNIT_RE = re.compile(
    r"(?P<values>[^()]{1,80}?\d%?)\s?(?P<unit>[^\d\s()][^\d()]{0,15})?\s?(?:\((?P<paren>[^()]{1,60})\))?"
)
# one measure of a cell of several, each with its unit: "35.9 ms/cycle (-23%)"
_UNIT_PART_RE = re.compile(
    r"(?P<value>[~≈]?[-+−]?\d[\d.]*)\s?(?P<unit>[^\d\s(),][^\d(),]{0,15}?)\s?(?:\((?P<paren>[^()]{1,40})\))?"
)


def label_names(label: str) -> tuple[str, ...] | None:
    """The row's name for each position of its "a / b" cells: "decode, short / long prompt" names "decode, short
    prompt" and "decode, long prompt"; None for a label of no such list (a unit "tok/s", sizes "1024/1024")."""
    pieces = [p.strip() for p in label.split("/")]
    if not 2 <= len(pieces) <= 6 or any(not p or " " in p for p in pieces[1:-1]):
        return None
    first, last = pieces[0].rsplit(None, 1), pieces[-1].split(None, 1)
    if not first or not last:
        return None
    names = [first[-1], *pieces[1:-1], last[0]]
    if len(set(names)) < len(names) or not all(any(ch.isalpha() for ch in n) for n in names):
        return None
    if any(n.lower() in UNIT_WORDS or set(n) & set("()[]{}") for n in names):
        return None  # ("decode tok/s": a unit, not two names; "(w/o draft)": one name in its bracket)
    prefix, rest = first[0] if len(first) == 2 else "", last[1] if len(last) == 2 else ""
    return tuple(" ".join(w for w in (prefix, n, rest) if w) for n in names)


def _shared_unit(cell: str, n: int) -> tuple[list[tuple[float, str | None]], list[float | None]] | None:
    """The `n` values of "a / b unit (c% / d%)", each with the unit, and the change the parenthesis states of each."""
    m = _SHARED_UNIT_RE.fullmatch(cell.strip())
    if m is None:
        return None
    # (every part a number alone: "pass, acceptance length 2.950 / 2.910" is a sentence, "11/25" a fraction)
    values = [cell_value(p) if is_numeric_cell(p) else None for p in _PART_SPLIT_RE.split(m.group("values"))]
    paren = _PART_SPLIT_RE.split(m.group("paren")) if m.group("paren") else []
    changes = [cell_value(p) if is_numeric_cell(p) else None for p in paren]
    if len(values) != n or (paren and len(paren) != n) or any(v is None for v in (*values, *changes)):
        return None
    unit = (m.group("unit") or "").strip() or None
    got = [(v[0], v[3] or unit) for v in values if v is not None]
    return got, [c[0] if c is not None else None for c in changes] or [None] * n


def _unit_parts(cell: str) -> list[tuple[float, str, float | None]] | None:
    """(value, unit, change) of each measure of "46.4 ms/cycle (-23%), 57.9 tok/s": two units or more, all apart."""
    out: list[tuple[float, str, float | None]] = []
    for part in cell.split(", ") if ", " in cell else ():
        m = _UNIT_PART_RE.fullmatch(part.strip())
        got = cell_value(m.group("value")) if m else None
        change = cell_value(m.group("paren")) if m and m.group("paren") else None
        if m is None or got is None or (m.group("paren") and change is None):
            return None
        out.append((got[0], m.group("unit").strip(), change[0] if change else None))
    return out if len(out) >= 2 and len({u for _, u, _ in out}) == len(out) else None


def labelled_parts(label: str, cell: str, base: str) -> list[Part] | None:
    """The measures of a cell of several values that the row's label or the values' own units tell apart, each
    paired with its position (or its unit) in the baseline's cell `base`, and each stated change after them."""
    names = label_names(label) if "/" in cell else None
    got = _shared_unit(cell, len(names)) if names else None
    if names and got:
        refs = _shared_unit(base, len(names)) if base else None
        values, changes = got
        # ("decode 2K / 8K context": each part's own setting, never the last one's for the whole row)
        own = [qualifiers(name) for name in names]
        out = [Part(names[k], v, u, refs[0][k][0] if refs else None, own[k]) for k, (v, u) in enumerate(values)]
        return out + [
            Part(n, ch, "%", None, own[k])
            for k, (n, ch) in enumerate(zip(names, changes, strict=True))
            if ch is not None
        ]
    parts = _unit_parts(cell)
    if parts is None:
        return None
    base_of = {u: v for v, u, _ in _unit_parts(base) or ()}
    out = []
    for v, u, ch in parts:  # ("spec depth 2" in ms/step and in tok/s: two measures, each named with its unit)
        out.append(Part(f"{label} {u}".strip(), v, u, base_of.get(u)))
        out += [Part(f"{label} {u}".strip(), ch, "%")] if ch is not None else []
    return out
