"""A narrow table printed side by side in halves to save height, its header's names repeated once a half:

    | Pair | Delta  | Pair | Delta  |
    |-----:|-------:|-----:|-------:|
    | 1    | +3.58% | 11   | -5.34% |
    | 2    | -1.07% | 12   | +0.54% |

Each half is the same table: the rows unfold into one row per half (on the same line, each cell where it stands),
so "11" names its row as "1" does, never a value under "Pair".
"""

from __future__ import annotations

from ledger.parsers.reader.blocks import Row, Table
from ledger.parsers.tables.cells import cell_offsets, clean


def _halves(header: list[str]) -> int:
    """How many times the header's first names repeat (2 or more, each half two columns or more), else 1."""
    names = [clean(h).lower() for h in header]
    for width in range(2, len(names) // 2 + 1):
        if (
            len(names) % width == 0
            and all(n for n in names[:width])
            and all(names[i] == names[i % width] for i in range(width, len(names)))
        ):
            return len(names) // width
    return 1


def unfold_halves(table: Table) -> bool:
    """Unfold a table printed in halves (see the module doc), in place; whether it was one."""
    count = _halves(table.header)
    if count < 2 or not table.rows or any(len(r.cells) != len(table.header) for r in table.rows):
        return False
    width = len(table.header) // count
    if len({clean(h).lower() for h in table.header[:width]}) < width:
        return False  # ("| a | a |": one name twice is no half)
    rows: list[Row] = []
    for row in table.rows:
        offsets = row.offsets if row.offsets is not None else cell_offsets(row.text, row.cells)
        for k in range(count):
            cells = row.cells[k * width : (k + 1) * width]
            if k and not clean(cells[0]):
                continue  # (a later half's row left empty: an odd count of rows)
            lines = None if row.lines is None else row.lines[k * width : (k + 1) * width]
            rows.append(Row(row.line, cells, row.text, offsets[k * width : (k + 1) * width], lines))
    table.header = table.header[:width]
    table.rows = rows
    return True
