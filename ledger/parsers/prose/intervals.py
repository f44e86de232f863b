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


# the bracket an interval's two bounds are printed in, "[+3.1, +5.3]", "[0.55; 0.61]": its opening before the first
# bound, its closing after the second
_OPEN_BEFORE_RE = re.compile(r"\[\s?$")
_CLOSE_AFTER_RE = re.compile(r"\s?\]")
_SEP_RE = re.compile(r"\s?%?\s?[,;]\s?$")
_SEP_AFTER_RE = re.compile(r"\s?%?\s?[,;]\s?")


def _bounds(text: str, n: Number) -> tuple[Number, Number, int] | None:
    """The two bounds of the bracket `n` is one of, and where the low one starts; None where `n` is in none."""
    if _OPEN_BEFORE_RE.search(text, max(0, n.start - 2), n.start):  # (the low bound: the high one after it)
        after = _SEP_AFTER_RE.match(text, n.end)
        if after is None:
            return None
        nxt = find_numbers(text, after.end(), min(len(text), after.end() + 16), 1)
        if not nxt or nxt[0].start != after.end() or not _CLOSE_AFTER_RE.match(text, nxt[0].end):
            return None
        return n, nxt[0], n.start
    sep = _SEP_RE.search(text, max(0, n.start - 4), n.start) if _CLOSE_AFTER_RE.match(text, n.end) else None
    if sep is None:
        return None
    prev = find_numbers(text, max(0, sep.start() - 16), sep.start())
    if not prev or prev[-1].end != sep.start():
        return None
    low = prev[-1]
    return (low, n, low.start) if _OPEN_BEFORE_RE.search(text, max(0, low.start - 2), low.start) else None


def interval_bound(text: str, n: Number) -> bool:
    """`n` is one bound of an interval in square brackets after a value it holds ("+4.2% [+3.1, +5.3]", "0.71
    [0.69, 0.73]"): that value's spread, as a "±" is, no result of its own. Two bounds, the low first, and the value
    printed right before the bracket between them; a bracketed list of settings ("[1, 8]") holds no value before it."""
    if "]" not in text[n.end : n.end + 24] or (found := _bounds(text, n)) is None:
        return False
    lo, hi, opening = found
    bracket = text.rfind("[", max(0, opening - 3), opening)
    before = find_numbers(text, max(0, bracket - 24), bracket)
    return (
        lo.high is None
        and hi.high is None
        and lo.value < hi.value
        and bool(before)
        and before[-1].high is None
        and lo.value <= before[-1].value <= hi.value
        and not text[before[-1].end : bracket].strip(" %")
    )


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
