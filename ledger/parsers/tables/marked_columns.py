"""The columns of a table a support matrix claimed while its rows print results too: "| Kernel | Speedup | GPU | CPU |"
over "| CUDA | Up to ~1.5x | ✅ | ❌ |". The marks are support claims (ledger/parsers/support/matrix.py); the
result readers see those columns blank, so a mark is no setting of the speed-up beside it ("gpu: ✅") and no
column of a result. Blank, not removed: each cell keeps its place, so the others' offsets still find them."""

from __future__ import annotations

from dataclasses import replace

from ledger.parsers.base import Context
from ledger.parsers.reader.document import Block, Table


def unmarked(table: Table, ctx: Context, block: Block) -> Table:
    """The block's table with the cells and headers of the columns a support matrix claimed blank (the table itself
    where it claimed none)."""
    cols = ctx.marked_columns.get(block.start)
    if not cols:
        return table
    header = ["" if i in cols else h for i, h in enumerate(table.header)]
    rows = [replace(r, cells=["" if i in cols else c for i, c in enumerate(r.cells)]) for r in table.rows]
    return replace(table, header=header, rows=rows)
