"""Two arms named by one word and its negation: "Untuned | Tuned", "Unfused | Fused", "Non-fused | Fused", "No cache |
Cache", "Without graphs | With graphs", "X off | X on", "X disabled | X enabled". The negated arm is the run without
what the other adds: the reference its counterpart is measured against, as a "Baseline" column is. The two names
differ in that one word alone ("Triton MoE Untuned" beside "Triton MoE Tuned"); a prefix that only looks like a
negation ("Unified", "Unit") names nothing the other does. An arm named as the other plus an addition ("Eagle 3" beside
"Eagle 3 + norm") is the other's change, the plain one its reference too, unless what it adds is a setting."""

from __future__ import annotations

from ledger.vocab.setup import qualifiers

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


_ADDING_WORDS = frozenset({"+", "with", "w/", "plus"})
"""A word joining what an arm adds to the other arm's whole name ("Eagle 3 + norm")."""
_MOST_ADDED = 4
"""Words an addition holds at most after its joining word (a longer tail names another arm, no addition)."""


def _negates(neg: list[str], pos: list[str]) -> bool:
    if len(neg) < len(pos) <= len(neg) + 1 + _MOST_ADDED and pos[: len(neg)] == neg and pos[len(neg)] in _ADDING_WORDS:
        # ("Eagle 3" beside "Eagle 3 + norm": the arm without the addition; never a setting added, "TP8 w/ DP
        # attention", which makes another setup compare keeps apart, no change of the same one)
        return not qualifiers(" ".join(pos[len(neg) :]))
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
