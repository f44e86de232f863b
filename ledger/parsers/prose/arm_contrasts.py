"""Two arms of one measure set against each other by "vs", each arm named before its value:

    eager median 41.2 tok/s (n=12) vs graph median 55.9
    composed 1.148 ms/step vs chunked 3.356 (2.92x)

The second value is the first one's reference (claims contract: the other side of "287 vs 1,721 us"), in the
first's unit where it prints none, never a value of its own that takes the first arm's words for its measure. The
gap may hold the first unit's tail ("/step"), the first value's note ("(n=12)", its numbers no values) and the
second arm's name: one word, or words that end as the first arm's name does ("graph median" after "eager median":
the statistic both arms print). Apart from pairing.py, whose pass asks it of each value before the pairs it
reads from the next number alone."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.parsers.grammar.numbers import Number
from ledger.vocab.sides import side_of
from ledger.vocab.units import canonical_unit, is_measure_unit

_REACH = 120
"""How far past the first value its arm's rival may stand."""
# the unit's tail, the value's note, "vs", then the other arm's name of one to three words
_GAP_RE = re.compile(
    r"(?:/[A-Za-z]{1,12})?[ \t]{0,3}(?:\([^()]{0,40}\)[ \t]{0,3})?,?[ \t]{0,3}(?:vs\.?|versus)[ \t]{1,3}"
    r"(?P<arm>(?:[A-Za-z_][\w.=+-]{0,40}[ \t]{1,3}){1,3})",
    re.IGNORECASE,
)
_WORD_RE = re.compile(r"[A-Za-z][\w.=+-]{0,40}$")


def arm_partner(text: str, nums: Sequence[Number], i: int) -> int | None:
    """The index of the number that is nums[i]'s rival arm (see the module), or None."""
    n = nums[i]
    m = _GAP_RE.match(text, n.end, min(len(text), n.end + _REACH))
    if m is None or not is_measure_unit(n.unit):
        return None
    words = m.group("arm").split()
    before = _WORD_RE.search(text, max(0, n.start - 42), n.start if text[n.start - 1 : n.start] != " " else n.start - 1)
    if len(words) > 1 and (before is None or before.group(0).lower() != words[-1].lower()):
        return None  # ("vs the old path at 55.9": words that name no arm as the first is named)
    if side_of(m.group("arm")) or side_of(text[max(0, n.start - 40) : n.start]):
        return None  # ("main median 12 ms vs PR median 10 ms": two sides, which the side readers pair)
    for k in range(i + 1, len(nums)):
        b = nums[k]
        if b.start < m.end():
            continue  # (a number of the note or of the arm's name: "(n=12)", "DECODE=0")
        if b.start != m.end():
            return None
        if b.unit is not None and canonical_unit(b.unit, "perf") != canonical_unit(n.unit or "", "perf"):
            return None
        return k
    return None
