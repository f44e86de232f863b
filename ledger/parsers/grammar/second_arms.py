"""A short label over a table after the base side's label and its own table ("Baseline:" over one table, then
"Fused-rope on:" over the next): the second label names the arm compared with the base, so it opens a revision of its
own (grammar.revisions) instead of leaving its table under the base's label, where both tables read as one side."""

from __future__ import annotations

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.revision_labels import BARE_LABEL_RE
from ledger.parsers.reader.document import Block
from ledger.vocab.sides import side_of


def other_arm(current: RevisionScope | None, nxt: Block | None, text: str) -> Revision | None:
    """The arm a label line `text` names over table `nxt` where the base side's label opened `current` ("Baseline:"
    ... "Fused-rope on:", "Before:" ... "With the new kernel:"): the other arm of the pair, never more of the base's
    runs; None for any other line."""
    bm = BARE_LABEL_RE.match(text)
    if bm is None or current is None or nxt is None or nxt.kind != "table":
        return None
    base, label = current.revision, bm.group("label").strip()
    if base.head is not None or side_of(base.label or "") != "base" or side_of(label) == "base":
        return None
    return Revision(label=label, head=None, base=None)
