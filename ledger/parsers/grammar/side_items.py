"""A list item that names a side and its commit and nothing else, over the results listed after it.

    - Baseline commit: `7a8b9c0d`          the base side's commit, over the items nested under it
      - Output throughput: 2210.4 tok/s
    - Candidate commit: `e1f2a3b4`         the candidate's, until the next item that names a commit
      - Output throughput: 2391.7 tok/s

The item defines the side of the values under it: it holds from its line over the items after it (nested under it
or beside it) until an item that names a commit of its own (the next side) or the end of the list. The label must
name a side (vocab.sides.side_of: "baseline", "reference", "candidate", "PR head"); a hash under any other label
("Treatment tree", "patch ID") is no side.
"""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.sha_tokens import may_hold_sha
from ledger.parsers.reader.document import Document
from ledger.vocab.sides import side_of

# "- Baseline commit: `7a8b9c0d`", "* **PR head**: 9a8b7c6d": a short label, a colon, one sha, nothing after it
_SIDE_SHA_ITEM_RE = re.compile(
    r"^\s{0,8}(?:[-*+•]\s{1,4})?[*_]{0,2}(?P<label>[A-Za-z][\w -]{0,40}?)[*_]{0,2}\s?:[*_]{0,2}\s{0,3}"
    r"[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})[*_`]{0,3}\s{0,3}$",
    re.IGNORECASE,
)


def side_item(doc: Document, idx: int) -> RevisionScope | None:
    """The side a list item names with its commit ("- Candidate commit: `e1f2a3b4`"), over the items after it up
    to the next item naming a commit, or None when the item is not such a definition."""
    block = doc.blocks[idx]
    m = _SIDE_SHA_ITEM_RE.match(block.text) if block.start == block.end else None
    if m is None or side_of(m.group("label")) is None:
        return None
    end = block.end
    for b in doc.blocks[idx + 1 :]:
        if b.kind != "item" or b.in_code or b.level < block.level or may_hold_sha(b.text):
            break  # (a list's end, or the next side's item)
        end = b.end
    if end == block.end:
        return None  # (a side's commit with no results under it: a build's identity, read as a commit alone)
    label = m.group("label").strip()
    return RevisionScope(start=block.start, end=end, revision=Revision(label=label, head=m.group("sha").lower()))
