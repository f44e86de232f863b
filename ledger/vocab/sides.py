"""The words that name the sides of a before/after comparison: the base (main, before, baseline) and the candidate
(this PR, after, with the fix). The readers label a value's side with them; compare orders a document's sides by
them (the base first, whatever order the text lists them in)."""

from __future__ import annotations

import re

_CHANGE = r"(?:pr|fix|patch|change|changes|branch|commit)"
# the words a base side goes by, and a candidate side
BASE_SIDE_RE = re.compile(
    r"\b(?:main|master|trunk|upstream|baseline|base|before|without\s+(?:the\s+|this\s+)?" + _CHANGE + r"|"
    r"old|original|reference|stock|vanilla)\b",
    re.IGNORECASE,
)
HEAD_SIDE_RE = re.compile(
    r"\b(?:this\s+pr|the\s+pr|pr|this\s+branch|branch|candidate|after|new|patched|fixed|"
    r"with\s+(?:the\s+|this\s+|my\s+)?" + _CHANGE + r")\b",
    re.IGNORECASE,
)


def side_of(label: str | None) -> str | None:
    """ "base" when a label names the baseline side (main, before, baseline), "head" for the candidate
    (this PR, after, with the fix), None when it names neither or both."""
    if not label:
        return None
    b, h = BASE_SIDE_RE.search(label), HEAD_SIDE_RE.search(label)
    if b and h:  # "main branch", "before this PR": the first word names the side
        return "base" if b.start() <= h.start() else "head"
    return "base" if b else "head" if h else None
