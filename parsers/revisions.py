"""Revision contexts: label lines that say which commit the results under them were measured on.

    Final head (13c21f460b, rebased on main af3e5eb257). ...
    Review fixes (6b039cb3c6):
    d0b2d5dfa6 (on main c14609482b):
    Before the review fixes (the same eleven patches as f22959cf9a, on main a3766d68f9):
    Results on main branch (commit 821fde2...):
    Earlier validation:

A revision holds from its label to the next label, the next heading or the next comment. A label
that names no commit ("Earlier validation:") holds over the list under it and ends at the first
paragraph after that list.
"""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.document import Block, Document

SHA_RE = re.compile(r"(?<![\w/#.-])([0-9a-f]{7,40})(?![\w-])")
_BASE_RE = re.compile(r"\b(?:on|onto|on top of|rebased on|based on)\s+(?:main|master|trunk|origin/main)?\s*"
                      r"(?:\(|`)?([0-9a-f]{7,40})\b", re.IGNORECASE)
_LABEL_RE = re.compile(
    r"^\s*(?:[*_]{1,2})?(?P<label>[^()\n;]{1,100}?)\s*\((?P<inner>[^()\n]{0,200})\)\s*(?:[*_]{1,2})?(?:[:.]|$)")
_BARE_LABEL_RE = re.compile(r"^\s*(?:[*_#]{1,3}\s*)?(?P<label>[A-Z][^:()\n]{2,60}?)(?:[*_]{1,2})?:\s*$")
_REVISION_WORDS = re.compile(
    r"\b(?:head|rebase|before|after|review|fix|commit|main|branch|validation|earlier|final|round|"
    r"version|revision|slimming|patch)\w*", re.IGNORECASE)


def is_sha(token: str) -> bool:
    """A hex run with both letters and digits (pure digits are counts; pure letters are words)."""
    return any(c.isdigit() for c in token) and any(c.isalpha() for c in token)


def shas_in(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(1).lower(), m.start(1), m.end(1)) for m in SHA_RE.finditer(text) if is_sha(m.group(1))]


def parse_label(text: str) -> Revision | None:
    """The revision a label line opens, or None when the line is not a revision label."""
    s = text.strip().strip("*_").strip()
    m = _LABEL_RE.match(s) if "(" in s else None  # the pattern needs its "("
    if m:
        label, inner = m.group("label").strip(" *_"), m.group("inner")
        inner_shas = shas_in(inner)
        label_shas = shas_in(label)
        if not inner_shas and not label_shas:
            return None
        base = None
        bm = _BASE_RE.search(inner)
        if bm and is_sha(bm.group(1)):
            base = bm.group(1).lower()
        head: str | None
        if label_shas and label_shas[0][0] == label.lower():
            head = label_shas[0][0]
            if base is None and inner_shas:
                base = inner_shas[0][0]
        else:
            heads = [sh for sh in inner_shas if sh[0] != base]
            head = heads[0][0] if heads else None
            if head is None and label_shas:
                head = label_shas[-1][0]
        return Revision(label=label, head=head, base=base)
    return None


def _next_block(doc: Document, idx: int) -> Block | None:
    return doc.blocks[idx + 1] if idx + 1 < len(doc.blocks) else None


def find_revisions(doc: Document) -> list[RevisionScope]:
    """Scan the document's label lines into revision scopes."""
    scopes: list[RevisionScope] = []
    current: RevisionScope | None = None
    last = len(doc.lines)
    for idx, block in enumerate(doc.blocks):
        if block.kind in ("heading", "comment"):
            if current is not None and (block.kind == "comment" or block.level <= 2):
                current.end = block.start - 1
                current = None
            continue
        if block.kind != "text":
            continue
        nxt = _next_block(doc, idx)
        opens_results = nxt is not None and nxt.kind in ("table", "item", "code")
        rev = parse_label(block.text)
        if (rev is None and current is not None and current.revision.head is None and idx > 0
                and doc.blocks[idx - 1].kind == "item" and not _BARE_LABEL_RE.match(block.text)):
            # a label without a commit ("Earlier validation:") covers its list; a paragraph after it is not
            current.end = block.start - 1
            current = None
            continue
        if rev is not None and (opens_results or block.text.rstrip().endswith(":")):
            pass
        elif rev is None and opens_results and current is not None:
            bm = _BARE_LABEL_RE.match(block.text)
            if not (bm and _REVISION_WORDS.search(bm.group("label"))):
                continue
            rev = Revision(label=bm.group("label").strip(), head=None, base=None)
        else:
            continue
        if current is not None:
            current.end = block.start - 1
        current = RevisionScope(start=block.start, end=last, revision=rev)
        scopes.append(current)
    return scopes
