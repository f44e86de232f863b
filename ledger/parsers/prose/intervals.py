"""A range printed in prose that is no result of its own: the scale a score is written in ("scaled to 0-100", "on a
1-10 scale"), or a range set in square brackets after a value it holds ("95.46 mean [94.84–95.91]"), the spread of
that value's runs (their lowest and highest, or an interval about it), as a stderr's "±" is; and a spread written
alone ("within noise (roughly ±0.004)", "to within +/- 0.5%"): how far apart two results may be, a tolerance the
author reads them with and no value of its own (after a value, "0.912 ± 0.004", "77.10 (+/- 1.15)", it is that
value's spread, which the value's readers take)."""

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


# the sign right before the number: "±", "+/-", "+-"
_SIGN_BEFORE_RE = re.compile(r"(?:±|\+/?-)\s{0,2}$")
# a value (its unit, an opening bracket) right before the sign: the spread is that value's
_VALUE_BEFORE_RE = re.compile(r"\d\s{0,2}(?:%|[A-Za-zµ/]{1,8})?\s{0,2}[(\[,]?\s{0,2}$")


def lone_spread(text: str, n: Number) -> bool:
    """ "(roughly ±0.004)": a tolerance, no result; not "0.912 ± 0.004" nor "77.10 (+/- 1.15)", a value's spread."""
    sign = _SIGN_BEFORE_RE.search(text, max(0, n.start - 6), n.start)
    return sign is not None and _VALUE_BEFORE_RE.search(text, max(0, sign.start() - 16), sign.start()) is None
