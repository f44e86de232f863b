"""The most tokens a speculative step can accept, printed after an acceptance length: "about 2.1-2.5 / 5 (1 bonus + 4
drafted)". The ceiling and its parts are the draft depth the run was set to, no lengths of their own.

Apart from guards.py because it reads its own two shapes around the number; guards asks it of every number.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number

# "about 2.1-2.5 / 5 (1 bonus + 4 drafted)": the most tokens a step can accept, and what that most is made of
_OVER_CEILING_RE = re.compile(r"\d\s?/\s?$")
_CEILING_PARTS_RE = re.compile(
    r"\(\s?\d{1,2}\s(?:bonus|base|target|verified)\s?\+\s?\d{1,2}\s(?:drafted|draft|spec(?:ulative|ulated)?)"
    r"(?:\s(?:tokens?|positions?))?\s?\)",
    re.IGNORECASE,
)


def acceptance_ceiling(text: str, n: Number) -> bool:
    """A whole number after an acceptance length and a slash ("2.3 / 5": the most a step can accept), or a part of
    what that most is made of ("(1 bonus + 4 drafted)"): the run's draft depth, no length of its own."""
    if n.unit is not None or "." in n.text or "accept" not in text[max(0, n.start - 100) : n.start].lower():
        return False
    if _OVER_CEILING_RE.search(text, max(0, n.start - 4), n.start):
        return True
    part = _CEILING_PARTS_RE.search(text, max(0, n.start - 24), min(len(text), n.end + 40))
    return part is not None and part.start() < n.start and n.end < part.end()
