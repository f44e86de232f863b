"""The words a section heading names its hardware with, apart from the board names themselves (`canonical.GPU_NAMES`):
a GeForce card's bare model number ("### 4090 Results") and a section of runs on the CPU alone ("### CPU")."""

from __future__ import annotations

import re

# "### 4090 Results": a GeForce card's model number heading its section, as pages title a board's results
_BARE_CARD_RE = re.compile(
    r"^[\s#*_]{0,8}(?P<n>(?:20|30|40|50)[5-9]0(?: ?ti| super)?)\s{1,3}"
    r"(?:results?|numbers|benchmarks?|perf(?:ormance)?|latency|throughput|speed)\b",
    re.IGNORECASE,
)
_CPU_HEADING_RE = re.compile(
    r"^[\s#*_]{0,8}(?:on\s)?cpu(?:[ -]only)?(?:\s(?:results?|inference|benchmarks?|numbers|performance))?[\s:*_]{0,4}$",
    re.IGNORECASE,
)


def bare_card(title: str) -> str | None:
    """ "### 4090 Results" -> "RTX 4090": the card a heading names by its model number alone, else None."""
    card = _BARE_CARD_RE.match(title)
    return f"RTX {card.group('n').upper()}" if card is not None else None


def cpu_heading(title: str) -> bool:
    """ "### CPU", "CPU results", "On CPU": a section of runs on the CPU alone (no GPU a page names above it)."""
    return _CPU_HEADING_RE.match(title) is not None
