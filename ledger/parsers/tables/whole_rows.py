"""The row a results table states is the whole its other rows are measured as shares of: every value cell of it
closes on "(100%)" ("| **BF16** | 0.7076 (100%) | 0.7075 (100%) |" over "| **Ours 4.5-bit** | 0.6808 (96.2%) |"),
so it is the baseline of the rows under it, by the table's own word, whatever its label names."""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Row
from ledger.parsers.tables.cells import clean

# a value, then its share of the whole in a parenthesis: "0.7076 (100%)", "**71.2 (100.0 %)**"
_WHOLE_CELL_RE = re.compile(r"[+-]?\d{1,12}(?:\.\d{1,12})?\s{0,3}\(\s{0,3}100(?:\.0{1,4})?\s{0,3}%\s{0,3}\)")
_SHARE_CELL_RE = re.compile(r"[+-]?\d{1,12}(?:\.\d{1,12})?\s{0,3}\(\s{0,3}\d{1,3}(?:\.\d{1,4})?\s{0,3}%\s{0,3}\)")


def states_whole(row: Row, value_cols: list[int], rows: list[Row]) -> bool:
    """Every value cell of `row` is a value with "(100%)", and some other row's cells are shares ("(96.2%)")."""
    cells = [clean(row.cells[i]).strip(" *_") for i in value_cols if i < len(row.cells)]
    if not cells or not all(_WHOLE_CELL_RE.fullmatch(c) for c in cells):
        return False
    return any(
        _SHARE_CELL_RE.fullmatch(clean(other.cells[i]).strip(" *_"))
        and not _WHOLE_CELL_RE.fullmatch(clean(other.cells[i]).strip(" *_"))
        for other in rows
        if other is not row
        for i in value_cols
        if i < len(other.cells)
    )
