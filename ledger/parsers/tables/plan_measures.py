"""The heading of the section that plans a table in a later section: "## Acceptance Length vs Context Length" over
the setup of the runs (no table, no result) and then "## vLLM Support / ### Eagle3: Sliding Window vs Full
Attention" over "| Context | Eagle3 | Eagle3-SW | Δ |". Its columns name the arms and its own heading no measure: the
planning heading names what the cells are (tables.results reads the measure out of it). Only the nearest such
heading in the table's turn, with no table and no result between it and the table (another experiment's). The setup
the planning section states ("Measured on `org/set`; 16 prompts per size, `max_tokens=64`") is the table's too: the
plan that names what the cells are says how they were taken (plan_setup)."""

from __future__ import annotations

import bisect
from collections.abc import Callable

from ledger.memo import last_document
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.section_results import measures
from ledger.parsers.reader.blocks import Block, Document

_STOPS = frozenset(("table", "code", "comment"))
"""Blocks that end the walk back: an earlier table or paste is another run's, a comment another turn."""


def plan_heading(doc: Document, block: Block, measure_of: Callable[[str], str | None]) -> Block | None:
    """The nearest heading above the table `block` that names a measure (`measure_of` its title), back to the first
    table, paste, result line or turn before it (a document's title, level 1, never: it names the change)."""
    if doc.format != "markdown":
        return None  # (a copied page's headings keep no levels: no title to tell apart, no sibling sections)
    blocks, starts = _blocks(doc)
    for b in reversed(blocks[: bisect.bisect_left(starts, block.start)]):
        if b.kind in _STOPS or (b.kind == "text" and measures(b.text)):
            return None
        # (the table's own headings are its section's, read as such by the caller)
        if b.kind == "heading" and b.level > 1 and b.text not in block.section and measure_of(b.text):
            return b
    return None


def plan_setup(doc: Document, heading: Block) -> dict[str, str]:
    """The setup the planning section's own prose states, up to its next heading (the first line's value of a key
    wins): what every cell of the table it plans was measured with."""
    blocks, starts = _blocks(doc)
    out: dict[str, str] = {}
    for b in blocks[bisect.bisect_right(starts, heading.start) :]:
        if b.kind == "heading":
            break
        if b.kind != "text":
            continue
        for no in range(b.start, b.end + 1):
            for key, value in line_setup(doc.setup_line(no)).items():
                out.setdefault(key, value)
    return out


@last_document
def _blocks(doc: Document) -> tuple[list[Block], list[int]]:
    blocks = [b for b in doc.blocks if not b.in_code]
    return blocks, [b.start for b in blocks]
