"""The measure of values a line gives builds without naming what they measure:

    | image | version | MMLU |                  the section's table measures one thing
    History: release build **0.815** -> hotfix image (Jan-11) **0.806** -> today's nightly **0.770**.

A chain of builds and values, or "Jan-11 (`v1.4.2`) = 0.809" (grammar.build_links), under a table of the same
section whose header names exactly one measure, is that measure's: the line walks the same builds again. So is a
list item's chain under the item right before it naming exactly one measure ("- #29855 dev validation had GSM8K
0.941" over "- Timeline: #29855 dev 0.941 -> ... 0.892 -> current nightly 0.887"). A table of several measures, or
none above in the section, names none (the values stay unread, as before).
"""

from __future__ import annotations

from ledger.parsers.base import Context
from ledger.parsers.grammar.build_links import names_builds
from ledger.parsers.prose.metrics import METRIC_RE, holds_metric
from ledger.parsers.reader.document import Block

_BLOCKS_BACK = 12
"""How many blocks above the line its section's table is looked for."""


def section_build_measure(ctx: Context, block: Block, text: str) -> str | None:
    """The one measure the nearest table above `block` in its section names, where `text` gives builds their values
    with no measure of its own; None otherwise."""
    if holds_metric(text) or not names_builds(text):
        return None
    at = ctx.block_index(block)
    if block.kind == "item" and at > 0 and (measure := _item_measure(ctx.doc.blocks[at - 1], block)) is not None:
        return measure  # (the item before names what the chain measures)
    for other in reversed(ctx.doc.blocks[max(0, at - _BLOCKS_BACK) : max(0, at)]):
        if other.section != block.section or other.kind == "heading":
            return None
        if other.kind == "table" and other.table is not None:
            measures = [h.strip() for h in other.table.header if holds_metric(h)]
            return measures[0] if len(measures) == 1 else None
    return None


_ITEM_READ = 400
"""How much of the item before a chain is read for its measure."""


def _item_measure(before: Block, block: Block) -> str | None:
    """The one measure the item right before `block` in its list names, or None."""
    if before.kind != "item" or before.section != block.section or before.level != block.level:
        return None
    names = {m.group(0).lower(): m.group(0) for m in METRIC_RE.finditer(before.text[:_ITEM_READ])}
    return next(iter(names.values())) if len(names) == 1 else None
