"""A list item that is a lead of its own over the paragraphs after it, naming how they decoded ("- without MTP:",
"- with MTP (tp=4):", "- w/ EAGLE3:"): the speculative setting (and the settings beside it) of every result from
the item to its next sibling item, the next heading or the next comment.

Apart from grammar.setup (its size), and from the item readers there, which give an item's words to the item itself
or to the items nested under it: here the results stand in paragraphs between two sibling items, under neither."""

from __future__ import annotations

from ledger.memo import last_document
from ledger.parsers.grammar.launch_arms import SPEC_KEYS, arm_launch
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import ends_in_colon

_MAX_LEAD = 80
"""A longer item is a sentence about the results, not the name of their arm."""


def switch_item_scopes(doc: Document) -> list[SetupScope]:
    """The scope of each lead item naming a speculative switch over the paragraphs after it (see the module)."""
    out: list[SetupScope] = []
    for k, values in _arm_leads(doc):
        # the arm's server: the draft settings of the launch command that ran it, the lead's own words first
        launch = arm_launch(doc, values["spec_algo"])
        values = {**launch.spec, **values} if launch is not None else values
        out.append(SetupScope(doc.blocks[k].start, _arm_end(doc, doc.blocks, k), values))
    return out


@last_document  # (the document default asks it of every line)
def armed_launches(doc: Document) -> frozenset[int]:
    """The lines of the launch commands whose draft settings an arm's lead takes: those settings are that arm's,
    not the document's (the other arm ran without them)."""
    launches = (arm_launch(doc, values["spec_algo"]) for _, values in _arm_leads(doc))
    return frozenset(no for c in launches if c is not None for no in range(c.line, c.end + 1))


def armed_keys(doc: Document, no: int) -> frozenset[str]:
    """The keys line `no` states as the server of an arm ("with MTP"): for that arm's results alone."""
    return SPEC_KEYS if no in armed_launches(doc) else frozenset()


def _arm_leads(doc: Document) -> list[tuple[int, dict[str, str]]]:
    """The blocks (by index) of the lead items naming a speculative switch, and the settings each names."""
    out: list[tuple[int, dict[str, str]]] = []
    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.kind != "item" or b.in_code or len(b.text) > _MAX_LEAD or not ends_in_colon(b.text):
            continue
        nxt = blocks[k + 1] if k + 1 < len(blocks) else None
        if nxt is None or nxt.kind in ("item", "heading", "comment"):
            continue  # (an item over its own sub-items, or over nothing: the item readers' or no one's)
        values = line_setup(b.text)
        if "spec_algo" in values:
            out.append((k, values))
    return out


def _arm_end(doc: Document, blocks: list[Block], k: int) -> int:
    """The last line before the item's next sibling (an item of its level or above), heading or comment."""
    lead = blocks[k]
    for b in blocks[k + 1 :]:
        if b.kind in ("heading", "comment") or (b.kind == "item" and not b.in_code and b.level <= lead.level):
            return b.start - 1
    return len(doc.lines)
