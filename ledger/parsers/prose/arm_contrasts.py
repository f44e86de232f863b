"""Two arms of one measure set against each other by "vs", each arm named before its value:

    eager median 41.2 tok/s (n=12) vs graph median 55.9
    composed 1.148 ms/step vs chunked 3.356 (2.92x)

The second value is the first one's reference (claims contract: the other side of "287 vs 1,721 us"), in the
first's unit where it prints none, never a value of its own that takes the first arm's words for its measure. The
gap may hold the first unit's tail ("/step"), the first value's note ("(n=12)", its numbers no values) and the
second arm's name: one word, or words that end as the first arm's name does ("graph median" after "eager median":
the statistic both arms print). A "vs" may end a wrapped line. Where the first arm names the base side and the
second none ("default median 22.0 tok/s vs opt-out median 27.5"), the second is the candidate: its value is the
claim and the first's its reference (vocab.sides.sides_of reads two labels so).

Apart from pairing.py, whose pass asks it of each value before the pairs it
reads from the next number alone."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ledger.parsers.grammar.numbers import Number, find_numbers
from ledger.vocab.sides import side_of
from ledger.vocab.units import canonical_unit, is_measure_unit

_REACH = 120
"""How far past the first value its arm's rival may stand."""
# the unit's tail, the value's note, "vs", then the other arm's name of one to three words
_GAP_RE = re.compile(
    r"(?:/[A-Za-z]{1,12})?[ \t]{0,3}(?:\([^()]{0,40}\)[ \t]{0,3})?,?[ \t\n]{0,3}(?:vs\.?|versus)[ \t\n]{1,3}"
    r"(?P<arm>(?:[A-Za-z_][\w.=+-]{0,40}[ \t\n]{1,3}){1,3})",
    re.IGNORECASE,
)
_WORD_RE = re.compile(r"[A-Za-z][\w.=+-]{0,40}$")


class Arm(NamedTuple):
    """A value's rival arm: its number, its place among the line's numbers (None: on the wrapped line after), whether
    the rival is the candidate (the first arm named the base side) and the rival arm's name."""

    rival: Number
    at: int | None
    candidate: bool
    name: str


def arm_partner(text: str, nums: Sequence[Number], i: int) -> Arm | None:
    """nums[i]'s rival arm (see the module), or None; `text` may run on into the wrapped line after its own."""
    n = nums[i]
    m = _GAP_RE.match(text, n.end, min(len(text), n.end + _REACH))
    if m is None or not is_measure_unit(n.unit):
        return None
    words = m.group("arm").split()
    before = _WORD_RE.search(text, max(0, n.start - 42), n.start if text[n.start - 1 : n.start] != " " else n.start - 1)
    if len(words) > 1 and (before is None or before.group(0).lower() != words[-1].lower()):
        return None  # ("vs the old path at 55.9": words that name no arm as the first is named)
    first = side_of(text[max(0, n.start - 40) : n.start])
    if side_of(m.group("arm")) or first == "head":
        return None  # ("main median 12 ms vs PR median 10 ms": two sides, which the side readers pair)
    at = next((k for k in range(i + 1, len(nums)) if nums[k].start >= m.end()), None)
    # (a number of the note or of the arm's name, "(n=12)", "DECODE=0", stands before the rival)
    b = nums[at] if at is not None else next(iter(find_numbers(text, m.end(), m.end() + 40, 1)), None)
    if b is None or b.start != m.end():
        return None
    if b.unit is not None and canonical_unit(b.unit, "perf") != canonical_unit(n.unit or "", "perf"):
        return None
    return Arm(b, at, first == "base", " ".join(words))


def arm_before(text: str, n: Number) -> Arm | None:
    """The arm whose rival n is, where that arm stands on the wrapped line before n's own (`text` its words, then
    n's line): the other arm's number, its place None; None where no arm ends right before n."""
    gap = text[max(0, n.start - _REACH) : n.start].lower()
    if "vs" not in gap and "versus" not in gap:
        return None
    for p in reversed(find_numbers(text, max(0, n.start - _REACH - 40), n.start)):
        arm = arm_partner(text, [p, n], 0) if is_measure_unit(p.unit) else None
        if arm is not None and arm.rival.start == n.start:
            return Arm(p, None, arm.candidate, arm.name)
    return None


class ArmRead(NamedTuple):
    """What the pass makes of a value with a rival arm: the number claimed (None: the other line claims it), its
    unit, its reference and its measure's name (None: its own words'), the last of the line's numbers read with it
    and where the claim's span ends (0: its own end)."""

    value: Number | None
    unit: str | None
    reference: float | None
    metric: str | None
    last: int
    end: int


def arm_read(text: str, nums: Sequence[Number], i: int, free: Callable[[Number], bool]) -> ArmRead | None:
    """nums[i] read with its rival arm (None where it has none, or the rival is another reader's: `free` says)."""
    n = nums[i]
    arm = arm_partner(text, nums, i)
    if arm is None:
        arm = arm_before(text, n)
        if arm is None or not arm.candidate or arm.rival.start >= nums[0].start:
            return None  # (a rival on this line paired it already; a base arm's rival is that line's claim)
        # ("DEFAULT median 10.8 tok/s vs" ending the line above "OPT-OUT median 13.4"): this line's is the claim
        return ArmRead(n, arm.rival.unit, arm.rival.value, arm.name, i, 0)
    if arm.at is None:  # (the rival on the wrapped line after: the claim where the candidate arm stands)
        return ArmRead(None, None, None, None, i, 0) if arm.candidate else ArmRead(n, None, arm.rival.value, None, i, 0)
    if not free(arm.rival):
        return None
    if arm.candidate:
        return ArmRead(arm.rival, n.unit, n.value, arm.name, arm.at, arm.rival.end)
    return ArmRead(n, None, arm.rival.value, None, arm.at, arm.rival.end)


# "0.80 with fp8 KV cache vs 0.81 with auto", "41.2 tok/s with fp8, vs 39.0 tok/s with auto": two arms, each named by
# the setting right after its value; the gap is the first arm's setting, then "vs" (bounded runs, one lazy: linear)
_ARM_AFTER_GAP_RE = re.compile(
    r"[ \t]{1,3}(?:with|w/|using|on)[ \t][^,;:()\n]{1,40}?,?[ \t]{1,3}(?:vs\.?|versus)[ \t]{1,3}", re.IGNORECASE
)
_ARM_AFTER_RE = re.compile(r"[ \t]{1,3}(?:with|w/|using|on)[ \t][^,;:()\n]{1,40}", re.IGNORECASE)
_VERSUS_RE = re.compile(r"\b(?:vs\.?|versus|against)(?![\w-])", re.IGNORECASE)


def arms_after_values(text: str, gap: str, end: int) -> bool:
    """`gap` (the words between two values, the second ending at `end`) names the first value's arm and "vs", and
    the second value's own arm follows it: the second is the first's reference, as the text sets them against each
    other. A side's name in either ("with the PR", "on main") leaves them to the side readers."""
    if _ARM_AFTER_GAP_RE.fullmatch(gap) is None or (other := _ARM_AFTER_RE.match(text, end)) is None:
        return False
    return side_of(gap) is None and side_of(other.group(0)) is None


def reference_inside(text: str, claim: dict) -> bool:
    """The claim's span holds its reference after "vs" ("0.80, vs 0.81"): the words after the span are the
    reference's arm ("with auto"), not the claim's."""
    return _VERSUS_RE.search(text, claim["start"], claim["end"]) is not None
