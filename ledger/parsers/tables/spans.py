"""Cells a page spans over several rows, copied as blanks: a release page's model, precision and TP stated once
for the rows of one model ("| Qwen2 14B | FP8 | 4 | 256 | ... |" then "| | | | 1024 | ... |"). A row whose leading
cells (its names and settings, from the first column on) are blank, and which has results, continues the row
above in those columns, as the page shows it. The row's own cells keep their places in its text: the claims'
spans are the values', never a neighbour's."""

from __future__ import annotations

import re
from dataclasses import replace

from ledger.parsers.reader.document import Row, Table
from ledger.parsers.tables.cells import cell_offsets, clean

_LEADING_ROLES = ("label", "config")
_RESULT_ROLES = ("value", "baseline", "delta", "mixed")


def filled_down(table: Table, roles: list[str]) -> Table:
    """`table` with each row's blank leading cells taken from the row above (see the module); the table itself
    where no row has any."""
    lead = 0
    while lead < len(roles) and roles[lead] in _LEADING_ROLES:
        lead += 1
    if lead == 0 or lead == len(roles):
        return table
    rows: list[Row] = []
    changed = False
    above: Row | None = None
    for row in table.rows:
        run = _blank_run(row.cells, lead)
        if above is not None and run and _has_results(row.cells, roles) and all(clean(c) for c in above.cells[:run]):
            offsets = list(row.offsets if row.offsets is not None else cell_offsets(row.text, row.cells))
            offsets[:run] = [-1] * run  # (a lent cell stands nowhere in this row's text)
            row = Row(row.line, [*above.cells[:run], *row.cells[run:]], row.text, offsets)
            changed = True
        rows.append(row)
        above = row
    return replace(table, rows=rows) if changed else table


def _blank_run(cells: list[str], lead: int) -> int:
    """How many of the row's first `lead` cells are blank from the first on, short of all its cells; a ditto mark
    ("-", "〃") in the first stands for the cell above as a blank does ("| - | int8 |" under "| alpha-7b | fp16 |")."""
    n = 0
    while n < min(lead, len(cells)) and (not clean(cells[n]) or (n == 0 and _DITTO_RE.match(clean(cells[n])))):
        n += 1
    return n


_DITTO_RE = re.compile(r"^(?:-|–|—|〃|\"|″|'')$")


def _has_results(cells: list[str], roles: list[str]) -> bool:
    return any(clean(c) for c, r in zip(cells, roles, strict=False) if r in _RESULT_ROLES)
