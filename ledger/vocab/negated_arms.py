"""Two arms named by one word and its negation: "Untuned | Tuned", "Unfused | Fused", "Non-fused | Fused", "No cache |
Cache", "Without graphs | With graphs", "X off | X on", "X disabled | X enabled". The negated arm is the run without
what the other adds: the reference its counterpart is measured against, as a "Baseline" column is. The two names
differ in that one word alone ("Triton MoE Untuned" beside "Triton MoE Tuned"); a prefix that only looks like a
negation ("Unified", "Unit") names nothing the other does. An arm named as the other plus an addition ("Eagle 3" beside
"Eagle 3 + norm") is the other's change, the plain one its reference too, unless what it adds is a setting; so is an
arm named as a point release of the other with what it adds ("Eagle 3" beside "Eagle 3.1 fc-norm"), and a qualifier
both names close on is no part of either arm ("Eagle 3 (Llama)" beside "Eagle 3 + norm (Llama)")."""

from __future__ import annotations

import re

from ledger.vocab.models import FAMILY_PATTERN
from ledger.vocab.setup import qualifiers

# a bracketed qualifier closing a name ("(Llama)", "(bs=1)"): where both names close on the same one, it names
# what both arms share, never what tells them apart
_SHARED_TAIL_RE = re.compile(r"\s\([^()]{1,40}\)$")
# "3" then "3.1", "v2" then "v2.1": a point release of the word before it
_POINT_RE = re.compile(r"\.\d{1,3}")
# a model family opening a name ("Llama 3" beside "Llama 3.1 Instruct"): two models, no method and its variant
_FAMILY_RE = re.compile(r"(?:" + FAMILY_PATTERN + r")", re.IGNORECASE)

_NEGATED_WORDS = frozenset({("without", "with"), ("w/o", "w/"), ("off", "on"), ("disabled", "enabled"), ("no", "with")})
"""A word and the word it negates, at the same place in the two names."""
_NEGATING_PREFIXES = ("un", "non-", "non", "no-")
_LEADING_NEGATIONS = frozenset({"no", "without", "w/o"})
"""A word that opens the negated name and has no counterpart in the other ("No cache" beside "Cache")."""
_SHORTEST = 4
"""A word a prefix negates is a whole word of this many letters at least ("un" + "it" is no negation)."""


def negated_arm(first: str, second: str) -> int | None:
    """0 where the first name negates the second, 1 where the second negates the first (see the module), else None."""
    first, second = first[:200], second[:200]
    tail = _SHARED_TAIL_RE.search(first)
    if tail is not None and second.endswith(tail.group(0)) and len(second) > len(tail.group(0)):
        first, second = first[: tail.start()], second[: -len(tail.group(0))]
    a, b = first.lower().split(), second.lower().split()
    if not a or not b or len(a) > 12 or len(b) > 12:
        return None
    if _negates(a, b) or _point_release(a, b):
        return 0
    return 1 if _negates(b, a) or _point_release(b, a) else None


def _point_release(old: list[str], new: list[str]) -> bool:
    """ "Eagle 3" beside "Eagle 3.1 fc-norm": the new name is the old with its last word's point release and what it
    adds (a few words, no setting); a model family's names ("Llama 3", "Llama 3.1 Instruct") are two models."""
    n = len(old)
    if not n < len(new) <= n + _MOST_ADDED or new[: n - 1] != old[:-1] or _FAMILY_RE.match(old[0]):
        return False
    last, point = old[-1], new[n - 1]
    if not (point.startswith(last) and _POINT_RE.fullmatch(point, len(last))):
        return False
    added = new[n + 1 :] if new[n] in _ADDING_WORDS else new[n:]
    return bool(added) and not qualifiers(" ".join(added))


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
