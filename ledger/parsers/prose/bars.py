"""A bar written after the value it holds, with a comparison sign between: "`0.9469` >= `0.90`", "212.4 < 250",
"0.0114 < 0.7200 - 0.0800". The number after the sign is the threshold the value was held to: no result, and kept
as the value's `threshold` (claims contract) by prose.pairing.

Apart from prose.guards, which drops such a number (with the other bounds it knows), because the pairing asks only
this: whether the number is a bar, and so the threshold of the value before it.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number
from ledger.vocab.input_labels import BAR_WORDS
from ledger.vocab.word_gate import WordGate

# "`0.9469` >= `0.90`": the bar, quoted too ("1200 (before) -> 1310 (after)": an arrow's head is no bound)
_THRESHOLD_BEFORE_RE = re.compile(r"(?:<=?|(?<![-=])>=?|[≤≥])\s*[(`*_]{0,3}\s*$")
# a value, its unit at most, then the sign ("212.4 tok/s <", "`0.9469` >=")
_BOUND_AFTER_VALUE_RE = re.compile(
    r"\d[\w.%/]{0,8}[`*_]{0,3}(?:\s?[A-Za-zµ%/]{1,8})?\s*(?:[<>]=?|[≤≥])\s*[(`*_]{0,3}\s*$"
)


def bar_after_value(before: str) -> bool:
    """The number after `before` (the text up to it) is a bar a value before it is compared with."""
    return _THRESHOLD_BEFORE_RE.search(before) is not None and _BOUND_AFTER_VALUE_RE.search(before) is not None


def compared_bound(before: str, n: Number) -> bool:
    """ "0.0114 < 0.7200 - 0.0800": a bar after a value; or a unitless number after a sign ("x < 0.72"), whereas
    "test time < 30m" is a bound of a run, no bar."""
    return _THRESHOLD_BEFORE_RE.search(before) is not None and (
        n.unit is None or _BOUND_AFTER_VALUE_RE.search(before) is not None
    )


# "set the accuracy floors to 55% for Mistral and 65% for Gemma", "accept-length floors of 1.4 for EAGLE, 2.5 for
# MTP": a bar's word, then its values, each for the arm it names; every value of the list is a bar, none a result
# (searched only where one of its words stands: vocab.word_gate)
_BAR_LIST_HEAD_RE = WordGate(re.compile(r"(?<![\w-])" + BAR_WORDS + r"\s{1,2}(?:of|to|at|=|:)\s{0,2}", re.IGNORECASE))
_BAR_ITEM_RE = re.compile(r"[~≈]?\d[\d.]{0,8}\s?%?(?:\s(?:for|on|with|in)\s[^,;:()]{1,40})?")
_BAR_JOINT_RE = re.compile(r",\s{1,2}(?:and\s|or\s)?|\s(?:and|or)\s")
_BAR_LIST_REACH = 200
"""Characters looked back from a number for the bar word its list opens with (one clause, never past a ";")."""


def declared_bar(text: str, n: Number) -> bool:
    """Whether `n` is one value of a list of bars a bar's word opens ("floors of 1.4 for EAGLE and 2.5 for MTP"):
    the text between is whole items ("1.4 for EAGLE") and their joints, nothing else."""
    lo = max(0, n.start - _BAR_LIST_REACH)
    lo = max(lo, text.rfind(";", lo, n.start) + 1)
    heads = list(_BAR_LIST_HEAD_RE.finditer(text, lo, n.start))  # (the last one before n opens its list)
    if not heads:
        return False
    head = heads[-1]
    *items, last = _BAR_JOINT_RE.split(text[head.end() : n.start])
    return not last and all(_BAR_ITEM_RE.fullmatch(item) for item in items)


# "accuracy >= 70% for Qwen3-14B", "AL ≥ 3.0 for DSpark": a measure's name, a bound's sign, then the bars for their
# arms (a number before the sign is a value held to a bar, bar_after_value's, no declaration)
_SIGN_HEAD_RE = re.compile(r"(?<![\w-])(?P<measure>[A-Za-z][\w-]{0,30})[ \t]{0,2}(?:>=|≥|=>)[ \t]{0,2}(?=[~≈]?\d)")
_ARM_ITEM_RE = re.compile(r"(?P<bar>[~≈]?\d[\d.]{0,8}\s?%?)\s(?:for|on|with|in)\s(?P<arm>[^,;:()]{1,40})")


def bar_lists(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """Each list of bars a bar's word opens in `text` ("accept-length floors of 1.4 for EAGLE and 2.5 for MTP"), or a
    bound's sign after a measure ("AL >= 3.0 for DSpark"): the words before the bar's word or the sign (what the bars
    bound: "accept-length", "AL") and each bar with the arm it is for."""
    out: list[tuple[str, list[tuple[str, str]]]] = []
    heads = [*_BAR_LIST_HEAD_RE.finditer(text), *(_SIGN_HEAD_RE.finditer(text) if "=" in text or "≥" in text else ())]
    for head in heads:
        reach = min(len(text), head.end() + _BAR_LIST_REACH)  # (each head reads a bounded stretch: linear)
        stop = _CLAUSE_STOP_RE.search(text, head.end(), reach)
        end = min(e for e in (text.find(";", head.end(), reach), stop.start() if stop else -1, reach) if e >= 0)
        items: list[tuple[str, str]] = []
        for part in _BAR_JOINT_RE.split(text[head.end() : end]):
            m = _ARM_ITEM_RE.fullmatch(part.strip())
            if m is None:
                break
            items.append((m.group("bar").replace(" ", ""), m.group("arm").strip()))
        if items and "measure" in head.groupdict():
            out.append((head.group("measure"), items))
        elif items:
            out.append((" ".join(text[max(0, head.start() - 40) : head.start()].split()[-3:]), items))
    return out


_CLAUSE_STOP_RE = re.compile(r"[.!?](?=\s|$)")
