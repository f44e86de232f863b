"""The lead-ins that stand below another paste or table of their section: "TP4 after PR, `X=0`:" over the second
of two serving pastes. What such a lead-in states is its own block's setup; the paste above it ran before the
lead-in was written and was not run so, whether or not the excerpt cut the lead-in's own block open. A section's
workload (setup_scopes.section_workloads) reads none of it, as it reads no sibling lead's."""

from __future__ import annotations

from ledger.memo import last_document
from ledger.parsers.reader.blocks import Document

_MAX_LEAD = 160
"""A longer paragraph over a block is prose about many things, not the label of one run."""


@last_document  # (asked once per section reader)
def leads_after_blocks(doc: Document) -> frozenset[int]:
    """The lines of the one-line lead-ins ending in a colon right over a paste or a table, below another paste or
    table of the same section (a heading or a turn opens another)."""
    out: list[int] = []
    shown = False  # a paste or a table stands above, in this section
    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.kind in ("heading", "comment"):
            shown = False
        elif b.kind in ("code", "table"):
            shown = True
        elif shown and b.kind == "text" and not b.in_code and b.start == b.end and len(b.text) <= _MAX_LEAD:
            nxt = blocks[k + 1] if k + 1 < len(blocks) else None
            if b.text.rstrip().endswith(":") and nxt is not None and nxt.kind in ("code", "table"):
                out.extend((b.start,) if nxt.start - b.end <= 2 else ())
    return frozenset(out)
