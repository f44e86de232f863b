"""A header of two rows in a pipe table, the second printed as the first body row:

    | BS | Parallelism | Old        |           | New        |           |
    |----|-------------|------------|-----------|------------|-----------|
    |    |             | tok/s/user | tok/s/gpu | tok/s/user | tok/s/gpu |
    | 1  | TEP8        | 10.5       | 3.1       | 11.5       | 3.4       |

The group cell ("Old") spans the empty header cells to its right; each column is named by its group and its own cell
("Old tok/s/gpu"), so that the sides pair measure by measure and no group name is taken for a measure."""

from __future__ import annotations

from dataclasses import replace

from ledger.parsers.reader.blocks import Table
from ledger.parsers.tables.cells import clean, is_numeric_cell


def with_sub_header(table: Table) -> Table:
    """The table with its second header row folded into its header, where it has one (else the table as it is)."""
    if len(table.rows) < 2 or table.style not in ("pipe", "tab"):
        return table
    head = [clean(h) for h in table.header]
    sub = [clean(c) for c in table.rows[0].cells]
    filled = [i for i, c in enumerate(sub) if c]
    # a group row spans: an empty header cell right of a named one, under which the second row names a column
    spans = [i for i in range(1, len(head)) if not head[i] and i < len(sub) and sub[i] and head[i - 1 : i] != [""]]
    if (
        not spans
        or not filled
        or any(is_numeric_cell(table.rows[0].cells[i]) for i in filled)
        or (sub[0] and head[0])  # the first row names its own row: a body row
        or not any(is_numeric_cell(c) for c in table.rows[1].cells)
    ):
        return table
    names: list[str] = []
    group = ""
    for i, h in enumerate(head):
        group = h or group
        own = sub[i] if i < len(sub) else ""
        names.append(" ".join(x for x in (group if own else h, own) if x) if own else h)
    return replace(table, header=names, rows=table.rows[1:])
