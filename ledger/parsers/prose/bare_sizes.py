"""A memory size printed with its unit's first letter alone ("One socket: 190G DRAM", "Dual socket: 1T DRAM"): the
number reader skips "190G" as part of a name ("8B" is a model's size), so the prose reader reads it here, right
before a memory's name (vocab.machine_lines) where a footprint is listed, as gigabytes or terabytes; and a size the
words before it give as the least a run took ("at least 14GB VRAM"), noted so."""

from __future__ import annotations

import re
from typing import Any

from ledger.parsers.grammar.numbers import Number
from ledger.vocab.machine_lines import MEMORY_NAMES
from ledger.vocab.units import is_size_unit

# (after a label's colon or "at least", as a footprint is listed: "Single socket: 382G DRAM, at least 14G VRAM"; not
# a machine's memory a sentence names, "runs on a box with 382G DRAM")
_BARE_SIZE_RE = re.compile(
    rf"(?:(?<=:)|(?<=: )|(?<=at least ))(?P<num>\d{{1,4}}(?:\.\d{{1,2}})?)(?P<unit>[GT])(?=\s?{MEMORY_NAMES}\b)"
)
_AT_LEAST_RE = re.compile(r"\bat[ \t]least[ \t]$", re.IGNORECASE)


def with_bare_sizes(text: str, nums: list[Number]) -> list[Number]:
    """`nums` with each size written "190G" / "1T" right before a memory's name read as 190 GB / 1 TB."""
    if "G" not in text and "T" not in text:
        return nums
    found = [
        Number(
            value=float(m.group("num")),
            high=None,
            unit=f"{m.group('unit')}B",
            approx=False,
            signed=False,
            start=m.start(),
            end=m.end(),
            text=m.group(0),
            num_start=m.start(),
        )
        for m in _BARE_SIZE_RE.finditer(text)
    ]
    if not found:
        return nums
    kept = [n for n in nums if not any(f.start <= n.start < f.end for f in found)]
    return sorted([*kept, *found], key=lambda n: n.start)


def least_sizes(out: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """Note each size "at least" stands right before as the least the run took ("at least 11GB VRAM"): a bound, as
    a table's "> 50%" cell is noted (tables.verdict_cells)."""
    for c in out:
        if (
            is_size_unit(c.get("unit"))
            and not c.get("note")
            and _AT_LEAST_RE.search(text, max(0, c["start"] - 10), c["start"])
        ):
            c["note"] = f"at least {text[c['start'] : c['end']]}"
    return out
