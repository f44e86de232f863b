"""The constants of a formula written beside a measure: "Numbers are decode tok/s (= 1000 / TPOT_ms)" defines the
measure, and its 1000 is no value of any run. A constant right after "=" and before an operator and a name is one;
"= 13.2 ms/iter" (a value in its unit) is a result."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number

_BEFORE_RE = re.compile(r"=\s?$")
_AFTER_RE = re.compile(r"\s?[/*×÷]\s?[A-Za-z_]")


def formula_constant(text: str, n: Number) -> bool:
    """Whether the number `n` of `text` is a constant of a formula (see the module)."""
    return (
        n.unit is None
        and _BEFORE_RE.search(text, max(0, n.start - 4), n.start) is not None
        and _AFTER_RE.match(text, n.end) is not None
    )
