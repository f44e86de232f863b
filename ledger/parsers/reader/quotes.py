"""Quoted replies: the `>` lines of a reply repeat what another message said; their numbers are not new evidence.

A conversation copied as text marks each message by its author on a line of its own (`[login]`). The first
message is the description, whose own `>` blocks (notes, pasted logs) are its evidence; a `>` line in any later
message quotes someone. Anywhere, a `>` block under "... wrote:" is a quote, and so is a `>` line that repeats a
line written earlier in the text.
"""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Document

_TURN_RE = re.compile(r"^\[[A-Za-z0-9][\w.-]{0,38}(?:\[bot\])?\]\s*$")
_QUOTE_RE = re.compile(r"^\s{0,3}>")
_WROTE_RE = re.compile(r"\bwrote:\s*$", re.IGNORECASE)
_MARKS_RE = re.compile(r"^\s{0,3}(?:>\s?){1,8}")


def quoted_reply_lines(doc: Document) -> frozenset[int]:
    """1-based lines of the document that quote another message."""
    if not any(line[:4].lstrip().startswith(">") for line in doc.lines):
        return frozenset()  # most documents quote nothing: no pass over their words
    out: set[int] = set()
    turns = 0
    under_wrote = False
    seen: set[str] = set()
    for no, line in enumerate(doc.lines, 1):
        if _TURN_RE.match(line):
            turns += 1
            under_wrote = False
            continue
        if not _QUOTE_RE.match(line):
            if line.strip():
                under_wrote = _WROTE_RE.search(line) is not None
                seen.add(" ".join(line.split()))
            continue
        body = " ".join(_MARKS_RE.sub("", line, count=1).split())
        if turns >= 2 or under_wrote or (body and body in seen):
            out.add(no)
    return frozenset(out)
