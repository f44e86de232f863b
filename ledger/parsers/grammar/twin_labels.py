"""Two pastes labelled alike, one word apart, where that word names a side: the two sides of one comparison.

    Overlapped Eagle:          <- the other side: its label is "Main Eagle" with "Main" swapped
    ```acc_length=3.05 ...```
    Main Eagle:                <- a side: "main" is the base
    ```acc_length=3.02 ...```

    - Old scheduler:           <- "old" / "new": both sides, in a list
    - New scheduler:

    - Python (v2):             <- two implementations or versions, however their names differ: two sides where
    ```...```                     their pastes list the same measures and the text names one the reference, by
    - CPP (v1):                   a version in brackets each ("(v1)" is the older) or in its own words after
    ```...```                     them ("... is 2% lower than CPP's")
    Python's X is 2% lower than CPP's.

    With the old scheduler (v1) we had:              <- a lead-in naming its version in brackets is such a label

    With async                 <- one setting switched on and off ("with X" / "without X", "X on:" / "X off:"): the
    ```...```                     two arms of that switch, with or without the lead-in's colon (alone right over its
    Without async                 paste, a switch's name is that paste's arm); compare takes the arm with the
    ```...```                     setting off for the base (vocab.sides.sides_of)

A label a side word opens is read as a revision where it stands (grammar.revisions); its twin, the label that
differs from it in one word, is the other side, before or after it. Labels one word apart where neither word is a
side's ("H100 run:" / "A100 run:") are two setups, not two sides; so are two labels over the same measures that
neither a version nor the text sets against each other ("Cluster east:" / "Cluster west:").
"""

from __future__ import annotations

import itertools
import re

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.sides import side_alone
from ledger.vocab.switched_arms import arm_switch

# "Main Eagle:", "- **Old scheduler:**": a short label over a paste, ending in a colon (the lead-in's colon: see
# _labels)
_PASTE_LABEL_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?P<label>[A-Za-z][\w.+-]{0,24}(?: [\w.+()-]{1,24}){1,3}?)(?:[*_]{1,2})?:(?:[*_]{1,2})?\s*$"
)
# "With the old scheduler (v1) we had:": a lead-in naming the version its paste ran, in brackets after its name
_VERSION_LEAD_RE = re.compile(
    r"^\s*(?:with|in|on|using|for)\s(?:the\s)?(?P<label>[A-Za-z][\w.+-]{0,24}(?: [\w.+-]{1,24}){0,3}? "
    r"\(\s?v\d{1,3}(?:\.\d{1,3}){0,2}\s?\))[\s,]",
    re.IGNORECASE,
)
_MAX_GAP = 2
"""Blank lines allowed between a label and its paste."""


def _labels(doc: Document) -> list[tuple[Block, str, Block, int]]:
    """Each label line over a paste (text or list item, outside code), with the paste it names; a heading or a
    new turn between two labels is marked by a None label, so that no pair spans it; and the paste's index."""
    out: list[tuple[Block, str, Block, int]] = []
    blocks = doc.blocks
    for k, b in enumerate(blocks[:-1]):
        if b.kind in ("heading", "comment") and out and out[-1][1]:
            out.append((b, "", b, k))
        if b.in_code or b.kind not in ("text", "item") or len(b.text) > 80:
            continue
        nxt = blocks[k + 1]
        if nxt.kind != "code" or nxt.start - b.end > _MAX_GAP + 1:
            continue
        if b.text.rstrip().endswith(":"):
            m = _PASTE_LABEL_RE.match(b.text) or _VERSION_LEAD_RE.match(b.text)
            label = m.group("label").strip() if m is not None else ""
        else:
            label = _switch_label(b.text)
        if label:
            out.append((b, label, nxt, k + 1))
    return out


def _switch_label(text: str) -> str:
    """ "With async", "**Without async**" alone on its line (no colon): a setting switched on or off, the label of the
    paste under it; "" for another line (a sentence ends in its stop, a heading's words switch nothing)."""
    label = text.strip().strip("*_").strip()
    return label if "\n" not in label and arm_switch(label) is not None else ""


def _switched_twins(a: str, b: str) -> bool:
    """The labels switch one setting, the one on and the other off ("With async" / "Without async")."""
    sa, sb = arm_switch(a), arm_switch(b)
    return sa is not None and sb is not None and sa[0] == sb[0] and sa[1] != sb[1]


def _one_side_word_apart(a: str, b: str) -> bool:
    """The labels have as many words, all alike but one pair, and a side word ("main", "old", "new") in that
    pair."""
    wa, wb = a.lower().split(), b.lower().split()
    if len(wa) != len(wb) or len(wa) < 2:
        return False
    apart = [(x, y) for x, y in zip(wa, wb, strict=True) if x != y]
    return len(apart) == 1 and any(side_alone(w) for w in apart[0])


def twin_label_scopes(doc: Document, scopes: list[RevisionScope]) -> list[RevisionScope]:
    """A scope for each paste label that is the twin of its neighbour label over a paste in the same section: one
    word apart and that word a side's, or over the same measures with two versions or the first named the reference
    (see the module); a label that opens a scope already keeps it."""
    opened = {s.start for s in scopes}
    labels = _labels(doc)
    out: list[RevisionScope] = []
    for (a, la, pa, _), (b, lb, pb, kb) in itertools.pairwise(labels):
        if not la or not lb or pa.end >= b.start:
            continue
        if (
            not _one_side_word_apart(la, lb)
            and not _switched_twins(la, lb)
            and not (
                _same_measures(doc, pa, pb) and (_two_versions(la, lb) or _reference_named(doc, kb, (la, lb)) == 0)
            )
        ):
            continue
        for block, label, paste in ((a, la, pa), (b, lb, pb)):
            if block.start not in opened:
                opened.add(block.start)
                out.append(RevisionScope(block.start, paste.end, Revision(label=label, head=None, base=None)))
    return out


# "Python (v2)", "CPP (v1)": a name, then the version it stands for in brackets
_VERSION_RE = re.compile(r"\(\s?v(\d{1,3}(?:\.\d{1,3}){0,2})\s?\)$", re.IGNORECASE)


def _two_versions(a: str, b: str) -> bool:
    """Both labels end in a version in brackets, the two versions different."""
    va, vb = _VERSION_RE.search(a), _VERSION_RE.search(b)
    return va is not None and vb is not None and va.group(1) != vb.group(1)


_NAME_RE = re.compile(r"[^\s\d:]{2,}")  # (the first word of a label is its name: "Python", "C++")
_PASTE_LINES = 40
"""Lines of a paste compared: a long log's first lines say what it lists."""


def _same_measures(doc: Document, a: Block, b: Block) -> bool:
    """The two pastes list the same measures in the same order: their lines' words before the first number."""
    return _measure_names(doc, a) == _measure_names(doc, b) != []


def _measure_names(doc: Document, paste: Block) -> list[str]:
    out = []
    for no in range(paste.start + 1, min(paste.end, paste.start + _PASTE_LINES)):
        line = doc.line(no)
        cut = next((i for i, ch in enumerate(line) if ch.isdigit()), len(line))
        if words := " ".join(line[:cut].split()).lower():
            out.append(words)
    return out


# "... is 2% lower than CPP's", "compared to the C++ one": the side the text measures the other against
_AGAINST_RE = re.compile(
    r"\b(?:than|vs\.?|versus|compared (?:to|with)|relative to|against)\s(?:the\s)?([^\s'’.,;:]{2,30})"
)
_AFTER_BLOCKS = 3
"""Text blocks read after the second paste for the words that name the reference."""


def _reference_named(doc: Document, k: int, labels: tuple[str, str]) -> int | None:
    """Which label's side the text right after the second paste (block `k`) measures the other against, each named
    by its label's first word ("Python's Output Token Throughput is 2% lower than CPP's": the second); None where
    it sets neither against the other. (Compare takes the first of two sides for the base: a named second one
    without an older version is left unpaired.)"""
    names = [m.group(0).lower() if (m := _NAME_RE.match(label)) else "" for label in labels]
    if not all(names) or names[0] == names[1]:
        return None
    after = (bl for bl in itertools.islice(doc.blocks, k + 1, None) if not bl.in_code)  # (the paste's lines first)
    for bl in itertools.islice(after, _AFTER_BLOCKS):
        if bl.kind != "text":
            break
        low = bl.text[:400].lower()
        for m in _AGAINST_RE.finditer(low):
            if m.group(1) in names and names[0] in low and names[1] in low:
                return names.index(m.group(1))
    return None
