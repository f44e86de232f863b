"""A bar written after the value it holds, with a comparison sign between: "`0.9469` >= `0.90`", "212.4 < 250",
"0.0114 < 0.7200 - 0.0800". The number after the sign is the threshold the value was held to: no result, and kept
as the value's `threshold` (claims contract) by prose.pairing.

Apart from prose.guards, which drops such a number (with the other bounds it knows), because the pairing asks only
this: whether the number is a bar, and so the threshold of the value before it.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number

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
