"""Which of several candidates of one series a value pairs with, when metric, setup and row name cannot tell.

A docs page's accuracy row "ceval | accuracy | gen | 90.94 | 1 board (64G x 16)" yields its score and the note
cell's numbers under one metric and row name; where one version carries the board on every claim of the row and
another only on the note's "16", the score of one version and the note's number of the other fall under one key.
The cell a value was read from (its `column`) and its scale still tell the score from a count beside it: a value
pairs with the candidate of its own column and of a comparable size first, and with the first in document order
among equals, so a sweep stated again in its order still pairs by position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ledger.model import Claim

T = TypeVar("T")

SCALE_RATIO = 3.0
"""Two values further apart than this factor are of different sizes (a score of 90.94 and a card count of 16);
a result that moved between versions seldom moves this far, and only breaks a tie between candidates."""

LOOKAHEAD = 8
"""How many unpaired candidates of one label a value weighs (the pass stays linear in the candidates)."""


def _column(c: Claim) -> str:
    return str(c.config.get("column") or "")


def comparable_scale(a: float | str | None, b: float | str | None) -> bool:
    """Both values of one size: neither is more than SCALE_RATIO times the other (zero, text and None: only alike)."""
    if not isinstance(a, float | int) or not isinstance(b, float | int) or a == 0 or b == 0:
        return a == b
    lo, hi = sorted((abs(a), abs(b)))
    return hi <= lo * SCALE_RATIO


def misfit(a: Claim, b: Claim) -> tuple[bool, bool]:
    """How ill b fits as a's other revision, least first: read from another column; of another size."""
    return _column(a) != _column(b), not comparable_scale(a.value, b.value)


def best_candidate(a: T, candidates: Sequence[T], claim: Callable[[T], Claim]) -> int:
    """The index of the candidate a pairs with: the first of the best fit (misfit), among the first LOOKAHEAD."""
    ca = claim(a)
    window = range(min(len(candidates), LOOKAHEAD))
    return min(window, key=lambda j: (misfit(ca, claim(candidates[j])), j))


def pair_equal(
    lo: list[T], ln: list[T], label: Callable[[T], str], claim: Callable[[T], Claim], pairs: list[tuple[T, T]]
) -> tuple[list[T], list[T]]:
    """Pair items whose labels are equal, in document order on both sides, each with the first of the best fit among
    the next few of its label (best_candidate: a score never pairs with a note cell's count while the other
    version's score is there; linear time)."""
    queues: dict[str, list[int]] = {}
    for j, b in enumerate(ln):
        queues.setdefault(label(b), []).append(j)
    heads: dict[str, int] = {}
    used: set[int] = set()
    rest_o: list[T] = []
    for a in lo:
        lab = label(a)
        q = queues.get(lab, [])
        k = heads.get(lab, 0)
        while k < len(q) and q[k] in used:
            k += 1
        heads[lab] = k
        window = [j for j in q[k : k + 2 * LOOKAHEAD] if j not in used][:LOOKAHEAD]
        if not window:
            rest_o.append(a)
            continue
        j = window[best_candidate(a, [ln[j] for j in window], claim)]
        used.add(j)
        pairs.append((a, ln[j]))
    return rest_o, [b for j, b in enumerate(ln) if j not in used]
