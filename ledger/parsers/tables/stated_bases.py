"""Baselines a table states without naming a baseline column:

    | Workload | release-0.6 | + paged KV | + both |      the first value column is the build the others change:
    | short    | 48.0        | 55.2 (+15%) | 59.0 (+23%) |  each other cell's stated change is its value against it
    | Variant | pass@1 | Δ vs 61.0 |                      a change column's header states the reference number of
                                                          the scores it is the change of
    | ctx | tok/s (oob → opt) | gain | TTFT (oob → opt) | each arrow column states its own reference in every
    | 4k  | 31,250 → 33,010   | +5.6% | 1,240 → 1,228    | cell: it is no baseline of another column

Apart from roles.py because it checks the cells' arithmetic, not the headers' words."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import to_float
from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import cell_value, clean
from ledger.parsers.tables.headers import arrow_pair_cells

# "(+39%)", "(−10%)", "( -6.5 % )": a change in percent alone in the cell's parenthesis
_PCT_PAREN_RE = re.compile(r"\(\s?(?P<pct>[-+−–]?\s?\d{1,4}(?:\.\d{1,3})?)\s?%\s?\)")
_MIN_CHECKED = 2
"""Cells whose stated change it takes to call the first column their baseline."""


def own_bases_kept(table: Table, roles: list[str]) -> None:
    """Make a value column of every baseline column whose cells each hold an old and a new number: it holds its own
    reference, never another column's (its cells would be lost, and the change column after it given to the other
    column's measure and setup: a "c=1 TTFT" header's concurrency on the saturated throughput's gain)."""
    for i, role in enumerate(roles):
        if role == "baseline" and arrow_pair_cells([clean(r.cells[i]) for r in table.rows if i < len(r.cells)]):
            roles[i] = "value"


def first_column_base(table: Table, roles: list[str]) -> None:
    """Make the first of three or more value columns the baseline where every other column's stated change
    ("87.2 (+39%)") is its value against the first column's in that row, within rounding; two cells at least, none
    that disagrees, and no change stated in the first column itself."""
    values = [i for i, r in enumerate(roles) if r == "value"]
    if "baseline" in roles or len(values) < 3:
        return
    first, others = values[0], values[1:]
    checked = 0
    for row in table.rows:
        cells = row.cells
        if first >= len(cells) or _PCT_PAREN_RE.search(cells[first]):
            return
        base = cell_value(clean(cells[first]))
        for ci in others:
            m = _PCT_PAREN_RE.search(cells[ci]) if ci < len(cells) else None
            got = cell_value(clean(cells[ci][: m.start()])) if m else None
            if m is None or got is None or base is None or base[0] == 0:
                continue
            pct = to_float(m.group("pct").replace("−", "-").replace("–", "-").replace(" ", ""))
            if pct is None or abs((got[0] / base[0] - 1) * 100 - pct) > max(1.5, abs(pct) * 0.05):
                return  # a change against something else (the column before, another run)
            checked += 1
    if checked >= _MIN_CHECKED:
        roles[first] = "baseline"


# "Δ vs 61.0", "Δ flex vs 84.0", "diff against 0.912": a change column's header naming its measure's stem, if any,
# and the number it is taken against
_DELTA_VS_RE = re.compile(
    r"^(?:Δ|delta|diff(?:erence)?|change)\s?(?P<stem>[A-Za-z][\w-]{0,30})?\s(?:vs\.?|against|from)\s"
    r"(?P<ref>\d{1,6}(?:\.\d{1,6})?)\s?%?$",
    re.IGNORECASE,
)


def header_references(table: Table, roles: list[str]) -> dict[int, float]:
    """The value columns whose reference a change column's header states ("| pass@1 | Δ vs 61.0 |": pass@1 against
    61.0; "| flexible-extract | strict-match | Δ flex vs 84.0 |": flexible-extract's), by column."""
    values = [i for i, r in enumerate(roles) if r == "value" and i < len(table.header)]
    out: dict[int, float] = {}
    for ci, r in enumerate(roles):
        m = _DELTA_VS_RE.match(clean(table.header[ci])) if r == "delta" and ci < len(table.header) else None
        if m is None or (ref := to_float(m.group("ref"))) is None:
            continue
        stem = (m.group("stem") or "").lower()
        named = [v for v in values if clean(table.header[v]).lower().startswith(stem)] if stem else values
        if len(named) == 1:
            out.setdefault(named[0], ref)
    return out
