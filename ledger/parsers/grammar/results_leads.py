"""What makes a paragraph a lead-in over results: the block under it is results (a table, a list, a paste, a line of
values), and a bare "Results:" whose paragraph just above names the side."""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.grammar.revision_labels import RESULT_LINE_RE
from ledger.parsers.grammar.sides import lead_side
from ledger.parsers.reader.document import Block, Document


def leads_results(nxt: Block | None) -> bool:
    """Whether the block after a paragraph is results it may lead (a table, a list, a paste, a line of values)."""
    return nxt is not None and (
        nxt.kind in ("table", "item", "code") or (nxt.kind == "text" and RESULT_LINE_RE.match(nxt.text) is not None)
    )


_RESULTS_WORD_RE = re.compile(
    r"^\W{0,4}(?:(?:test|benchmark|bench|eval|new|our)\s{1,3})?(?:results?|numbers)"
    r"\W{0,4}:?\s*$",
    re.IGNORECASE,
)


def results_after_side(doc: Document, idx: int) -> Revision | None:
    """A bare "Results:" whose paragraph just above opens with the side ("With this fix, ..."): that side's."""
    block = doc.blocks[idx]
    if idx == 0 or not _RESULTS_WORD_RE.match(block.text):
        return None
    prev = doc.blocks[idx - 1]
    if prev.kind != "text" or prev.in_code or block.start - prev.end > 2:
        return None
    return lead_side(prev.text)
