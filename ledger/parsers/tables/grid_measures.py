"""A grid of settings by settings, "| sl | bs=1 | bs=8 |" over "| 4K | 1.41 | 1.22 |": its rows and columns name
only where each cell was taken, so its cells are one measure no header names. A kernel PR prints speed-ups so (the
new kernel's over the old one's): where the lead-in over the grid, or the one over its sub-heading, names a
speed-up, or the cells read as ratios of two speeds around 1, that is the measure; never the cell's coordinates
("4K bs=1").

Apart from results.py because it reads the grid's cells and the lines around it together, once per table."""

from __future__ import annotations

from ledger.parsers.base import Context
from ledger.parsers.reader.blocks import Block
from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import cell_facts
from ledger.vocab.change_words import SPEEDUP_RE
from ledger.vocab.workload import setup_only

SPEEDUP = "speedup"
_LEAST, _MOST = 0.1, 10.0
"""The span a ratio of two speeds stays in: a grid's cells all inside it, some on each side of 1."""
_LEAST_CELLS = 4


def grid_measure(ctx: Context, block: Block, headers: list[str], roles: list[str]) -> str | None:
    """The measure of a settings grid's cells (see the module), or None for any other table."""
    table = block.table
    values = [i for i, r in enumerate(roles) if r == "value"]
    if table is None or not values or not all(i < len(headers) and setup_only(headers[i]) for i in values):
        return None
    if any(SPEEDUP_RE.search(lead) for lead in (ctx.lead_in(block), _over_heading(ctx, block)) if lead):
        return SPEEDUP
    return SPEEDUP if _ratios(table, values) else None


def _over_heading(ctx: Context, block: Block) -> str:
    """The paragraph right over the sub-heading the block stands under with no prose between ("Speedup of the new
    kernel over the old one:" then "### heads=64" then the grid): the lead-in of the grids under it."""
    blocks = ctx.doc.blocks
    k = ctx.block_index(block) - 1
    while k > 0 and blocks[k].kind == "code":
        k -= 1  # (the grid's own fence)
    if k <= 0 or blocks[k].kind != "heading" or blocks[k - 1].kind != "text":
        return ""
    return blocks[k - 1].text[:300]


def _ratios(table: Table, values: list[int]) -> bool:
    """Every value cell a bare number (or one printed with "x") inside the span of a ratio, some under 1 and some
    over it."""
    nums: list[float] = []
    for row in table.rows:
        for i in values:
            facts = cell_facts(row.cells[i])[2] if i < len(row.cells) else None
            if facts is None or facts[3] not in (None, "x", "×"):
                return False
            nums.append(facts[0])
    return len(nums) >= _LEAST_CELLS and _LEAST <= min(nums) <= 1.0 <= max(nums) <= _MOST
