"""Two slash lists of as many values, one the other's baseline: "6.12/9.40/21.75 ms versus 6.80/10.05/23.10 ms",
"from 142 / 288 / 610 ms to 131 / 270 / 574 ms", "0.842/0.838 -> 0.851/0.846". Each value pairs with the value at
its own position in the other list, and a unit printed once after a list is every member's.

Apart from pairing.py because this looks at a run of numbers at once (pairing.py goes number by number), and it
only finds the runs: NumberPass makes the claims.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import Number
from ledger.vocab.list_settings import setting_list
from ledger.vocab.text import ARROW
from ledger.vocab.units import is_measure_unit

_MEMBER_GAP_RE = re.compile(r"[ \t]?/[ \t]?")
# ("versus baseline", "vs. main": one short word may name the other list's side)
_VS_GAP_RE = re.compile(r"\s{1,2}(?:vs\.?|versus|against|compared (?:to|with))\s{1,2}(?:[A-Za-z][\w.-]{0,24}\s{1,2})?")
_CHANGE_GAP_RE = re.compile(r"\s{0,2}" + ARROW + r"\s{0,2}|\s{1,2}to\s{1,2}")
_FROM_BEFORE_RE = re.compile(r"\bfrom\s{1,2}$", re.IGNORECASE)
_MAX_MEMBERS = 16


@dataclass(frozen=True, slots=True)
class ListPair:
    """Indexes into the numbers: `values[k]` is measured against `references[k]`; `unit` is each value's unit."""

    values: tuple[int, ...]
    references: tuple[int, ...]
    units: tuple[str | None, ...]


def slash_run_end(text: str, nums: list[Number], i: int) -> int:
    """The index of the last number of the slash list that starts at `i` (i itself when there is none)."""
    j = i
    while (
        j + 1 < len(nums)
        and j - i < _MAX_MEMBERS
        and nums[j].high is None
        and _MEMBER_GAP_RE.fullmatch(text, nums[j].end, nums[j + 1].start)
    ):
        j += 1
    return j


def _units(nums: list[Number], lo: int, hi: int) -> list[str | None]:
    """Each member's unit: its own, else the one printed after the list's last member."""
    last = nums[hi].unit
    return [nums[k].unit or last for k in range(lo, hi + 1)]


def list_pair(text: str, nums: list[Number], i: int) -> ListPair | None:
    """The two lists that start at number `i`, when it opens a slash list followed by a list of as many values that
    is its baseline ("A/B vs X/Y": A against X) or its successor ("A/B -> X/Y", "from A/B to X/Y": X against A)."""
    j = slash_run_end(text, nums, i)
    if j == i or j + 1 >= len(nums):
        return None
    size = j - i + 1
    k = slash_run_end(text, nums, j + 1)
    if k - j != size or (k + 1 < len(nums) and _MEMBER_GAP_RE.fullmatch(text, nums[k].end, nums[k + 1].start)):
        return None
    gap = text[nums[j].end : nums[j + 1].start]
    first, second = list(range(i, j + 1)), list(range(j + 1, k + 1))
    units_first, units_second = _units(nums, i, j), _units(nums, j + 1, k)
    if _VS_GAP_RE.fullmatch(gap):
        values, refs, units = first, second, [a or b for a, b in zip(units_first, units_second, strict=True)]
    elif _CHANGE_GAP_RE.fullmatch(gap) and (
        not gap.strip().startswith("to") or _FROM_BEFORE_RE.search(text, max(0, nums[i].start - 12), nums[i].start)
    ):
        values, refs, units = second, first, [b or a for a, b in zip(units_first, units_second, strict=True)]
    else:
        return None
    return ListPair(tuple(values), tuple(refs), tuple(units))


def slash_list_unit(text: str, nums: list[Number], i: int) -> str | None:
    """The unit printed once after the last member of a slash list that number `i` (with no unit of its own) belongs
    to, where a setting listed right after it names as many values ("1520 / 4810 / 7230 tok/s at batch sizes 1/8/16":
    three results, each tok/s); else None (alone, "2.1/2.3 ms" may be a fraction, a pair of sides or two measures)."""
    if nums[i].unit is not None:
        return None
    k = i
    while k > 0 and i - k < _MAX_MEMBERS and nums[k - 1].unit is None and _member_gap(text, nums, k - 1):
        k -= 1
    j = i
    while j + 1 < len(nums) and j - i < _MAX_MEMBERS and nums[j].unit is None and _member_gap(text, nums, j):
        j += 1
    last = nums[j]
    if j == i or not is_measure_unit(last.unit) or (j + 1 < len(nums) and _member_gap(text, nums, j)):
        return None
    listed = setting_list(text, last.end)
    return last.unit if listed is not None and len(listed[1]) == j - k + 1 else None


def _member_gap(text: str, nums: list[Number], k: int) -> bool:
    """Numbers k and k + 1 are two members of one slash list."""
    return nums[k].high is None and _MEMBER_GAP_RE.fullmatch(text, nums[k].end, nums[k + 1].start) is not None


# the joints of a list of bare values: ", ", " and ", ", and ", " or "
_JOINT_RE = re.compile(r"[ \t]{0,2},[ \t]{0,2}(?:(?:and|or)[ \t]{1,2})?|[ \t]{1,2}(?:and|or)[ \t]{1,2}")


def list_unit(text: str, nums: list[Number], i: int, ctx: Context, at: tuple[int, int]) -> str | None:
    """The unit printed once after a comma list that number `i` (with no unit of its own) opens or continues ("12, 15
    and 18 ms", "-0.52, +0.11 and -0.49 points"): that of the first member after `i`, across list joints only, that
    has one, where that member is still free on its line (`at`: the line and the text's offset in it); None where a
    gap holds a word ("12 runs, 15 at batch 8 and 18 ms") or no member has one."""
    if nums[i].unit is not None:
        return None
    k = i
    while (
        k > 0
        and i - k < _MAX_MEMBERS
        and nums[k - 1].unit is None
        and _JOINT_RE.fullmatch(text, nums[k - 1].end, nums[k].start)
    ):
        k -= 1
    if text[max(0, nums[k].start - 3) : nums[k].start].rstrip().endswith("="):
        return None  # ("dur(b,g,a) = 0.004, 3120.1, 22.5 ms": a tuple assigned to a tuple of names, the log reader's)
    j = i
    while j + 1 < len(nums) and j - i < _MAX_MEMBERS and nums[j].high is None:
        if not _JOINT_RE.fullmatch(text, nums[j].end, nums[j + 1].start):
            return None
        j += 1
        if nums[j].unit is not None:
            # (a log's "dur(b,g,a) = ..." list whose other members another reader declined stays unread)
            return nums[j].unit if ctx.is_free(at[0], at[1] + nums[j].start, at[1] + nums[j].end) else None
    return None


def continue_list(out: list[dict], claim: dict | None, text: str, start: int) -> None:
    """A member (`claim`, of a list with its unit after the last) after the last claim's value across a list joint
    (", ", " and ") is of the list's measure, named before its first member ("the gaps were -0.41, +0.06 and -0.40
    points"), not of the words up to its own value."""
    last = out[-1] if out else None
    if (
        claim is not None
        and last is not None
        and last["end"] <= start
        and _JOINT_RE.fullmatch(text, last["end"], start)
    ):
        claim["metric"], claim["kind"] = last["metric"], last["kind"]
