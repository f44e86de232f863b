"""The next member of a label's values joined by " / " ("medians over 3 runs: 132.29 / 132.70 / 132.20", "61.2 / 350.7 /
1,212.9 tok/s"): a decimal, bare or with the unit printed once after the last. Apart from pairs.py, which reads a
label's first value and asks here for each further one."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import find_numbers
from ledger.vocab.units import is_measure_unit

_SLASH_VALUE_END_RE = re.compile(r"\s/\s|\s*$|[,;)]|\s+[A-Za-z]|\.(?:\s|$)")  # (a sentence's period closes the last)


def slash_value(text: str, start: int) -> tuple[float, str | None, str, int, int] | None:
    """A decimal value right at `start` that ends where the next " / ", a word or the line does: with no unit, or
    with the unit of measure printed once for the whole list after its last member."""
    nums = find_numbers(text, start, min(len(text), start + 40), limit=1)
    if not nums or nums[0].start != start or "." not in nums[0].text:
        return None
    unit = nums[0].unit
    if unit is not None and not is_measure_unit(unit):
        return None
    end = nums[0].end
    if not _SLASH_VALUE_END_RE.match(text, end):
        return None
    return (nums[0].value, unit or "", "", start, end)
