"""A list item that is a lead of its own over the paragraphs after it, naming how they decoded ("- without MTP:",
"- with MTP (tp=4):", "- w/ EAGLE3:"): the speculative setting (and the settings beside it) of every result from
the item to its next sibling item, the next heading or the next comment.

Apart from grammar.setup (its size), and from the item readers there, which give an item's words to the item itself
or to the items nested under it: here the results stand in paragraphs between two sibling items, under neither."""

from __future__ import annotations

from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import ends_in_colon

_MAX_LEAD = 80
"""A longer item is a sentence about the results, not the name of their arm."""


def switch_item_scopes(doc: Document) -> list[SetupScope]:
    """The scope of each lead item naming a speculative switch over the paragraphs after it (see the module)."""
    out: list[SetupScope] = []
    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.kind != "item" or b.in_code or len(b.text) > _MAX_LEAD or not ends_in_colon(b.text):
            continue
        nxt = blocks[k + 1] if k + 1 < len(blocks) else None
        if nxt is None or nxt.kind in ("item", "heading", "comment"):
            continue  # (an item over its own sub-items, or over nothing: the item readers' or no one's)
        values = line_setup(b.text)
        if "spec_algo" not in values:
            continue
        out.append(SetupScope(b.start, _arm_end(doc, blocks, k), values))
    return out


def _arm_end(doc: Document, blocks: list[Block], k: int) -> int:
    """The last line before the item's next sibling (an item of its level or above), heading or comment."""
    lead = blocks[k]
    for b in blocks[k + 1 :]:
        if b.kind in ("heading", "comment") or (b.kind == "item" and not b.in_code and b.level <= lead.level):
            return b.start - 1
    return len(doc.lines)
