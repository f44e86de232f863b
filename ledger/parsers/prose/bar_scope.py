"""The claims a bar stated in a sentence is for: the floor in "MMLU 71.40 (baseline 71.55, floor 70.5); projection
kernel 12-30% faster" is MMLU's alone, so that compare never judges the speed-up against an accuracy floor.

A bar inside a parenthesis is the bar of the value the parenthesis follows; any other bar is the bar of the values
in its own clause (to a ";" or a sentence's end), or of every value of the text when its clause holds none ("Pass
threshold: 0.70. Accuracy 0.72")."""

from __future__ import annotations

import bisect
import re
from dataclasses import replace

from ledger.parsers.grammar.numbers import Number

# where a clause ends: a ";" or a sentence's stop (a stop inside a number, "71.40", is followed by a digit)
_CLAUSE_END_RE = re.compile(r";|[.!?](?=\s)")
_PAREN_REACH = 80
"""Characters looked back from a bar for the parenthesis holding it ("(baseline 71.55, floor 70.5)")."""


def scope_bars(out: list[dict], text: str, bars: list[Number]) -> None:
    """Write into each claim of `out` the first bar of `bars` (thresholds read in `text`) stated for it."""
    if not bars or not out:
        return
    ends = [m.start() for m in _CLAUSE_END_RE.finditer(text)]
    order = sorted(range(len(out)), key=lambda i: out[i].get("end", -1))
    at = [out[i].get("end", -1) for i in order]
    owner: dict[int, str] = {}
    clauses: set[int] = set()  # (each clause's values, or all values, written once by its first bar: linear)
    for bar in bars:
        k = bisect.bisect_left(ends, bar.start)
        lo, hi = ends[k - 1] + 1 if k else 0, ends[k] if k < len(ends) else len(text)
        opened = text.rfind("(", max(lo, bar.start - _PAREN_REACH), bar.start)
        first = bisect.bisect_left(at, lo)
        if opened >= 0 and ")" not in text[opened : bar.start]:
            # ("80.12 (baseline 80.30, floor 79.0)": the value the parenthesis is stated beside)
            beside = bisect.bisect_right(at, opened) - 1
            if beside >= first:
                owner.setdefault(order[beside], bar.text)
                continue
        own = order[first : bisect.bisect_right(at, hi)]
        key = lo if own else -1  # (a clause holding no value: the bar of the text's values)
        if key in clauses:
            continue
        clauses.add(key)
        for i in own or order:
            owner.setdefault(i, bar.text)
    for i, c in enumerate(out):
        if i in owner:
            c["config"] = {**c["config"], "threshold": owner[i]}


def tolerance_marks(text: str, bars: list[Number]) -> list[Number]:
    """The bars, each stated as a tolerance on a change ("inside the 5% tolerance", "within the 10% gate") marked
    "±" (its text "±5%"): it bounds the change either way, no floor the change must clear."""
    out: list[Number] = []
    for bar in bars:
        before = _TOLERANCE_BEFORE_RE.search(text, max(0, bar.start - 16), bar.start)
        if bar.unit == "%" and (before or _TOLERANCE_AFTER_RE.match(text, bar.end)) and "±" not in bar.text:
            bar = replace(bar, text="±" + bar.text.lstrip("+-~≈ "))
        out.append(bar)
    return out


# "within the 10% gate", "inside a 5% band", "2% tolerance": a bar either side of the baseline
_TOLERANCE_BEFORE_RE = re.compile(r"(?:within|inside)\s{1,2}(?:the\s{1,2}|a\s{1,2}|its\s{1,2})?[~≈±]?$", re.IGNORECASE)
_TOLERANCE_AFTER_RE = re.compile(r"\s{0,2}(?:tolerance|margin|noise band)\b", re.IGNORECASE)
