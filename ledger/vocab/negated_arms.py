"""Two arms named by one word and its negation: "Untuned | Tuned", "Unfused | Fused", "Non-fused | Fused", "No cache |
Cache", "Without graphs | With graphs", "X off | X on", "X disabled | X enabled". The negated arm is the run without
what the other adds: the reference its counterpart is measured against, as a "Baseline" column is. The two names
differ in that one word alone ("Triton MoE Untuned" beside "Triton MoE Tuned"); a prefix that only looks like a
negation ("Unified", "Unit") names nothing the other does."""

from __future__ import annotations

_NEGATED_WORDS = frozenset({("without", "with"), ("w/o", "w/"), ("off", "on"), ("disabled", "enabled"), ("no", "with")})
"""A word and the word it negates, at the same place in the two names."""
_NEGATING_PREFIXES = ("un", "non-", "non", "no-")
_LEADING_NEGATIONS = frozenset({"no", "without", "w/o"})
"""A word that opens the negated name and has no counterpart in the other ("No cache" beside "Cache")."""
_SHORTEST = 4
"""A word a prefix negates is a whole word of this many letters at least ("un" + "it" is no negation)."""


def negated_arm(first: str, second: str) -> int | None:
    """0 where the first name negates the second, 1 where the second negates the first (see the module), else None."""
    a, b = first.lower().split(), second.lower().split()
    if not a or not b or len(a) > 12 or len(b) > 12:
        return None
    if _negates(a, b):
        return 0
    return 1 if _negates(b, a) else None


def _negates(neg: list[str], pos: list[str]) -> bool:
    if len(neg) == len(pos) + 1:
        return neg[0] in _LEADING_NEGATIONS and neg[1:] == pos
    if len(neg) != len(pos):
        return False
    differ = [k for k, (n, p) in enumerate(zip(neg, pos, strict=True)) if n != p]
    if len(differ) != 1:
        return False
    n, p = neg[differ[0]], pos[differ[0]]
    if (n, p) in _NEGATED_WORDS:
        return True
    return len(p) >= _SHORTEST and p.isalpha() and any(n == pre + p for pre in _NEGATING_PREFIXES)
