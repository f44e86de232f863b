"""A ratio written with its sign before the number ("This gives x1.5 generation speed", "a ×2 speedup"): the number
reader skips "x1.5" as part of a name ("x86", "x64"), so the prose reader reads it here, and only before the words
that say a ratio of speed follows (a speed-up, "faster", a speed or performance), or after the words of its clause
that name a speed-up ("The speedup reaches x2.75 in decoding"), never elsewhere."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number

_PREFIXED_RE = re.compile(
    r"(?<![\w.])[x×](?P<num>\d{1,3}(?:\.\d{1,3})?)(?![\w.%])"
    r"(?=[ \t]{1,2}(?:speed-?ups?\b|faster\b|slower\b|(?:[A-Za-z-]{2,20}[ \t])?(?:speed|performance|perf)\b))",
    re.IGNORECASE,
)

# "The speedup reaches <u>x2.75</u> in decoding": a ratio after the words that name a speed-up in its own clause (up to
# 80 characters before it, no sentence's end between); a decimal, or a whole number below 10 ("x86", "x64" are ISAs)
_BARE_PREFIXED_RE = re.compile(r"(?<![\w.])[x×](?P<num>\d\.\d{1,3}|\d{2,3}\.\d{1,3}|\d)(?![\w.%])", re.IGNORECASE)
_SPEEDUP_BEFORE_RE = re.compile(r"\b(?:speed-?ups?|accelerat(?:es?|ion)|faster)\b", re.IGNORECASE)
_CLAUSE_END_RE = re.compile(r"[.;!?](?:\s|$)")


def _after_speedup(text: str, at: int) -> bool:
    """The clause before `at` (80 characters at most, back to a sentence's end) names a speed-up."""
    before = text[max(0, at - 80) : at]
    ends = [m.end() for m in _CLAUSE_END_RE.finditer(before)]
    return _SPEEDUP_BEFORE_RE.search(before, ends[-1] if ends else 0) is not None


def ratio_number(value: float, m: re.Match[str], num_start: int) -> Number:
    """A ratio ("x") a pattern's match states with no number the number reader saw: its span the match's."""
    return Number(
        value=value,
        high=None,
        unit="x",
        approx=False,
        signed=False,
        start=m.start(),
        end=m.end(),
        text=m.group(0),
        num_start=num_start,
    )


def with_prefixed_ratios(text: str, nums: list[Number]) -> list[Number]:
    """`nums` with each ratio written "x1.5" / "×2" before a speed word, or after its clause's speed-up word, read as
    1.5x / 2x (in place of a bare "2" the number reader gave for "×2")."""
    if "x" not in text and "X" not in text and "×" not in text:
        return nums
    found = [ratio_number(float(m.group("num")), m, m.start("num")) for m in _PREFIXED_RE.finditer(text)]
    seen = {n.start for n in found}
    found += [
        ratio_number(float(m.group("num")), m, m.start("num"))
        for m in _BARE_PREFIXED_RE.finditer(text)
        if m.start() not in seen and _after_speedup(text, m.start())
    ]
    if not found:
        return nums
    kept = [n for n in nums if not any(f.start <= n.start < f.end for f in found)]
    return sorted([*kept, *found], key=lambda n: n.start)
