"""Membership sentences: the rows a support matrix has, or lacks, named in a list.

    Rows confirmed in the architecture table: A (DeepSeek-V3), B, C and D   -> support yes, one claim a name
    ABSENT from the architecture table entirely: X, Y                         -> support absent

A sentence counts only when it speaks of a table or matrix's rows, architectures or support ("Tests included
in the skip table: ..." lists something else).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.parsers.support.lists import CLASS_RE, Item, list_items, sentences

TABLE_WORDS = r"(?:table|matrix)"
"""The words that name a support matrix, as a piece of pattern the column statements use too."""
_TABLE_WORDS_RE = re.compile(TABLE_WORDS, re.IGNORECASE)
_MEMBERSHIP_RE = re.compile(
    r"\b(?P<lead>(?:rows?|entries|architectures|models|classes)?[^:;]{0,80}?\b(?:in|from|of|on)\s+(?:the\s+)?"
    r"(?:[\w.+-]+\s+){0,3}?(?P<feat>[\w+-]+\s+" + TABLE_WORDS + r")\b[^:;]{0,40}?):(?:\s+|$)",
    re.IGNORECASE,
)
_ABSENT_RE = re.compile(
    r"\b(?:absent|missing|not (?:listed|present|found|in|included)|no rows?|lacks?|omitted)\b", re.IGNORECASE
)
_PRESENT_RE = re.compile(
    r"\b(?:confirmed|present|listed|rows?|included|appears?|found|supported|entries)\b", re.IGNORECASE
)
_ROW_WORDS_RE = re.compile(r"\b(?:rows?|entries|architectures?|models?|classes)\b", re.IGNORECASE)
_MATRIX_WORDS_RE = re.compile(r"architecture|model|support|feature", re.IGNORECASE)


def membership_statements(text: str) -> Iterator[tuple[str, str, list[Item], tuple[int, int]]]:
    """(value, feature, items, span) for each "<in/absent from> the X table: A, B, C" sentence."""
    for s, e in sentences(text):
        # the pattern needs a ":" and "table" / "matrix" in the sentence: ask those first
        m = (
            _MEMBERSHIP_RE.search(text, s, e)
            if text.find(":", s, e) >= 0 and _TABLE_WORDS_RE.search(text, s, e)
            else None
        )
        if not m:
            continue
        lead = m.group("lead")
        if _ABSENT_RE.search(lead):
            value = "absent"
        elif _PRESENT_RE.search(lead) and not re.search(r"\bnot\b|\bno\b", lead, re.IGNORECASE):
            value = "yes"
        else:
            continue
        feature = " ".join(m.group("feat").split()).lower()
        items = list_items(text, m.end(), e)
        if not (
            _ROW_WORDS_RE.search(lead)
            or _MATRIX_WORDS_RE.search(feature)
            or any(CLASS_RE.fullmatch(it.subject) for it in items)
        ):
            continue  # "Tests included in the skip table: ..." lists something other than matrix rows
        if items:
            yield value, feature, items, (m.start(), e)
