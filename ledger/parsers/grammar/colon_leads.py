"""A one-line lead-in ending in a colon that announces the next arm of a series, over the prose result right under it
("Next, Medusa heads on the same prompts:" then "Decode throughput reached 63.5 tok/s."): the setup it names is that
result's arm, as a lead-in's is its table's or paste's, never the document's (a thread stating each arm once would
give every result all of them). A lead-in opening otherwise ("Numbers from one H100 with Wren-8B:") tells the thread
(vocab.next_arms). Also which lines lead a block at all (leads_block), a side's short label between them or not."""

from __future__ import annotations

from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.paragraph_scopes import run_end
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.varied import states_value
from ledger.parsers.reader.document import Block
from ledger.parsers.reader.line_kinds import ends_in_colon
from ledger.vocab.next_arms import opens_next_arm

_LONGEST = 100
"""A lead-in is a phrase: a longer line ending in a colon is a paragraph that tells the whole thread."""


def leads_prose(blocks: list[Block], k: int) -> bool:
    """Whether blocks[k] is one short line of prose ending in a colon that opens as the next arm of a series does,
    no sentence before it and no value of its own, right over prose that states a result (one blank line between at
    most)."""
    b = blocks[k]
    if b.kind != "text" or b.in_code or b.start != b.end or k + 1 >= len(blocks):
        return False
    text, nxt = b.text.strip(), blocks[k + 1]
    if len(text) > _LONGEST or ". " in text or not ends_in_colon(text) or not opens_next_arm(text):
        return False
    if states_value(text):
        return False
    return nxt.kind == "text" and not nxt.in_code and nxt.start - b.end <= 2 and states_value(nxt.text[:400])


def prose_lead(blocks: list[Block], k: int, text: str) -> SetupScope | None:
    """The scope of the lead-in blocks[k] (`text`, as the setup readers read it) over the prose run under it, where
    it leads one (leads_prose) and names a setup."""
    if not leads_prose(blocks, k) or not (values := line_setup(text[: _LONGEST + 20])):
        return None
    return SetupScope(blocks[k].start, run_end(blocks, k + 1), values)


_LABEL_MAX = 40
"""The longest line read as a block's label alone ("Baseline", "**With overlap**"), not a sentence."""


def leads_block(blocks: list[Block], k: int) -> bool:
    """Block `k` leads the paste, table or list right under it, or a paste or table that a short label alone heads
    ("We replay the first 200 requests with `concurrency=64` ..." over "Baseline" and its paste): a lead-in as much
    as one right over its block, however long its sentence (the length cap of a line read alone is for prose that
    leads nothing)."""
    b = blocks[k]
    nxt = blocks[k + 1] if k + 1 < len(blocks) else None
    if nxt is not None and nxt.kind in ("code", "table", "item") and nxt.start - b.end <= 2:
        return True
    if nxt is None or k + 2 >= len(blocks):
        return False
    block = blocks[k + 2]
    return (
        nxt.kind == "text"
        and not nxt.in_code
        and nxt.start == nxt.end
        and len(nxt.text.strip()) <= _LABEL_MAX
        and not nxt.text.rstrip().endswith(".")
        and nxt.start - b.end <= 2
        and block.kind in ("code", "table")
        and block.start - nxt.end <= 2
    )
