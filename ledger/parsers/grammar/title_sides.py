"""A paste labelled with what the PR's title moves to, after a paste of the same output labelled nothing: the two
sides of the change.

    # feat: update torch 2.5.1            <- the title: the change moves to "torch 2.5.1"
    ```[{"model": ..., "score": 0.852}, ...]```          <- the run before the change (its label left unsaid)
    torch 2.5.1                           <- the label names the title's target: the PR's side
    ```[{"model": ..., "score": 0.864}, ...]```

The label is the PR's side where every word of it is in the title after a verb that changes a dependency or a
version ("update", "upgrade", "bump", "switch to", "move to", "use"), and it names a version (a digit). The paste
before it is the other side where it prints the same output: a JSON dump with the same keys, or the same banner.
"""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.reader.json_records import json_dump_records

# "feat: update torch 2.5.1", "Bump flashinfer to 0.2.0": the change's target after its verb
_CHANGE_RE = re.compile(
    r"\b(?:update[sd]?|upgraded?|upgrades|bump(?:s|ed)?|switch(?:es|ed)? to|mov(?:e|es|ed) to|use[sd]?)\s{1,3}"
    r"(?:to\s{1,3})?(?P<what>[^\n]{1,80})",
    re.IGNORECASE,
)
_WORD_RE = re.compile(r"[\w.+-]+")
_KEY_RE = re.compile(r'^\s{0,40}"(?P<key>[^"]{1,60})"\s{0,3}:')
MAX_LABEL = 40
BEFORE = "before this PR"


def _title(doc: Document) -> str:
    first = doc.blocks[0] if doc.blocks else None
    return first.text if first is not None and first.kind == "heading" and first.level <= 1 else ""


def _shape(doc: Document, block: Block) -> tuple[str, ...]:
    """What a paste prints, to tell two runs of one tool: a JSON dump's keys in its first record, else its first
    line of text when that is a banner (no digit)."""
    records = json_dump_records(doc, block)
    if records:
        first, last = records[0]
        return tuple(m.group("key") for no in range(first, last + 1) if (m := _KEY_RE.match(doc.line(no)[:200])))
    for no in range(block.start + 1, min(block.end, block.start + 3) + 1):
        text = doc.line(no).strip()
        if text:
            return (text,) if len(text) >= 12 and not any(ch.isdigit() for ch in text) else ()
    return ()


def title_change_sides(doc: Document, scopes: list[RevisionScope]) -> list[RevisionScope]:
    """The scopes of a paste labelled with the title's target (the PR's side) and of the unlabelled paste of the same
    output before it (the side before the change), where no revision scope holds either."""
    m = _CHANGE_RE.search(_title(doc))
    if m is None:
        return []
    target = {w.lower() for w in _WORD_RE.findall(m.group("what"))}
    codes = [b for b in doc.blocks if b.kind == "code"]
    held = [(s.start, s.end) for s in scopes]
    out: list[RevisionScope] = []
    for k, code in enumerate(codes[1:], start=1):
        lead = doc.line(code.start - 1).strip().rstrip(":").strip("*_ ")
        words = [w.lower() for w in _WORD_RE.findall(lead)]
        if not words or len(lead) > MAX_LABEL or not any(ch.isdigit() for ch in lead) or not set(words) <= target:
            continue
        twin = codes[k - 1]
        if any(a <= code.start - 1 <= b or a <= twin.start <= b for a, b in held) or not _shape(doc, code):
            continue
        if _shape(doc, twin) != _shape(doc, code):
            continue
        out.append(
            RevisionScope(start=code.start - 1, end=code.end, revision=Revision(label=lead, head=None, base=None))
        )
        out.append(RevisionScope(start=twin.start, end=twin.end, revision=Revision(label=BEFORE, head=None, base=None)))
        held += [(code.start - 1, code.end), (twin.start, twin.end)]
    return out
