"""The measure of values a line gives builds without naming what they measure:

    | image | version | MMLU |                  the section's table measures one thing
    History: release build **0.815** -> hotfix image (Jan-11) **0.806** -> today's nightly **0.770**.

A chain of builds and values, or "Jan-11 (`v1.4.2`) = 0.809" (grammar.build_links), under a table of the same
section whose header names exactly one measure, is that measure's: the line walks the same builds again. A table
of several measures, or none above in the section, names none (the values stay unread, as before).
"""

from __future__ import annotations

from ledger.parsers.base import Context
from ledger.parsers.grammar.build_links import names_builds
from ledger.parsers.prose.metrics import holds_metric
from ledger.parsers.reader.document import Block

_BLOCKS_BACK = 12
"""How many blocks above the line its section's table is looked for."""


def section_build_measure(ctx: Context, block: Block, text: str) -> str | None:
    """The one measure the nearest table above `block` in its section names, where `text` gives builds their values
    with no measure of its own; None otherwise."""
    if holds_metric(text) or not names_builds(text):
        return None
    at = ctx.block_index(block)
    for other in reversed(ctx.doc.blocks[max(0, at - _BLOCKS_BACK) : max(0, at)]):
        if other.section != block.section or other.kind == "heading":
            return None
        if other.kind == "table" and other.table is not None:
            measures = [h.strip() for h in other.table.header if holds_metric(h)]
            return measures[0] if len(measures) == 1 else None
    return None
