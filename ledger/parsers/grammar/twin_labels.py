"""Two pastes labelled alike, one word apart, where that word names a side: the two sides of one comparison.

    Overlapped Eagle:          <- the other side: its label is "Main Eagle" with "Main" swapped
    ```acc_length=3.05 ...```
    Main Eagle:                <- a side: "main" is the base
    ```acc_length=3.02 ...```

    - Old scheduler:           <- "old" / "new": both sides, in a list
    - New scheduler:

A label a side word opens is read as a revision where it stands (grammar.revisions); its twin, the label that
differs from it in one word, is the other side, before or after it. Labels one word apart where neither word is a
side's ("H100 run:" / "A100 run:") are two setups, not two sides.
"""

from __future__ import annotations

import itertools
import re

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.sides import side_alone

# "Main Eagle:", "- **Old scheduler:**": a short label over a paste, ending in a colon
_PASTE_LABEL_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?P<label>[A-Za-z][\w.+-]{0,24}(?: [\w.+()-]{1,24}){1,3}?)(?:[*_]{1,2})?:(?:[*_]{1,2})?\s*$"
)
_MAX_GAP = 2
"""Blank lines allowed between a label and its paste."""


def _labels(doc: Document) -> list[tuple[Block, str, Block]]:
    """Each label line over a paste (text or list item, outside code), with the paste it names; a heading or a
    new turn between two labels is marked by a None label, so that no pair spans it."""
    out: list[tuple[Block, str, Block]] = []
    blocks = doc.blocks
    for k, b in enumerate(blocks[:-1]):
        if b.kind in ("heading", "comment") and out and out[-1][1]:
            out.append((b, "", b))
        if b.in_code or b.kind not in ("text", "item") or len(b.text) > 80 or not b.text.rstrip().endswith(":"):
            continue
        m = _PASTE_LABEL_RE.match(b.text)
        nxt = blocks[k + 1]
        if m is not None and nxt.kind == "code" and nxt.start - b.end <= _MAX_GAP + 1:
            out.append((b, m.group("label").strip(), nxt))
    return out


def _one_side_word_apart(a: str, b: str) -> bool:
    """The labels have as many words, all alike but one pair, and a side word ("main", "old", "new") in that
    pair."""
    wa, wb = a.lower().split(), b.lower().split()
    if len(wa) != len(wb) or len(wa) < 2:
        return False
    apart = [(x, y) for x, y in zip(wa, wb, strict=True) if x != y]
    return len(apart) == 1 and any(side_alone(w) for w in apart[0])


def twin_label_scopes(doc: Document, scopes: list[RevisionScope]) -> list[RevisionScope]:
    """A scope for each paste label that is the twin of its neighbour label over a paste in the same section, one
    word apart and that word a side's; a label that opens a scope already keeps it."""
    opened = {s.start for s in scopes}
    labels = _labels(doc)
    out: list[RevisionScope] = []
    for (a, la, pa), (b, lb, pb) in itertools.pairwise(labels):
        if not la or not lb or pa.end >= b.start or not _one_side_word_apart(la, lb):
            continue
        for block, label, paste in ((a, la, pa), (b, lb, pb)):
            if block.start not in opened:
                opened.add(block.start)
                out.append(RevisionScope(block.start, paste.end, Revision(label=label, head=None, base=None)))
    return out
