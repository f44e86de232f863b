"""A range printed in prose that is no result of its own: the scale a score is written in ("scaled to 0-100", "on a
1-10 scale"), or a range set in square brackets after a value it holds ("95.46 mean [94.84–95.91]"), the spread of
that value's runs (their lowest and highest, or an interval about it), as a stderr's "±" is."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number, find_numbers

_SCALE_BEFORE_RE = re.compile(
    r"\b(?:scaled?|normali[sz]ed|mapped|rescaled)\s+(?:to|into|between|from)\s+(?:the\s+)?$|"
    r"\b(?:on|in)\s+an?\s+$|\b(?:range|scale)\s+(?:of\s+)?$",
    re.IGNORECASE,
)
_INTERVAL_OPEN_RE = re.compile(r"\[\s?$")
_INTERVAL_CLOSE_RE = re.compile(r"\s?\]")


def _bracketed_interval(text: str, n: Number) -> bool:
    """The range `n` is set in square brackets, and a value printed up to 80 characters before it lies inside it."""
    if n.high is None or not _INTERVAL_OPEN_RE.search(text, max(0, n.start - 2), n.start):
        return False
    if _INTERVAL_CLOSE_RE.match(text, n.end) is None:
        return False
    before = find_numbers(text, max(0, n.start - 80), n.start)
    return any(n.value <= b.value <= n.high and b.high is None for b in before)


def range_of_no_result(text: str, n: Number) -> bool:
    """The range `n` is a score's scale or a value's spread (see the module)."""
    return bool(_SCALE_BEFORE_RE.search(text, max(0, n.start - 30), n.start)) or _bracketed_interval(text, n)
