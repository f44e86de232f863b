"""A console line that opens with what a phase did and how long it took, then rates of that phase (llama.cpp's
speculative examples):

    encoded   12 tokens in    0.500 seconds, speed:   24.000 t/s
    decoded  120 tokens in   10.000 seconds, speed:   12.000 t/s

The time is the phase's ("encode time"), the count of tokens is the work's size and no claim, and a pair after it
on the line ("speed: 24.000 t/s") is the phase's too ("encode speed"); no counter goes into a name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.vocab.metrics import PHASE_OF_VERB

_PHASE_RE = re.compile(
    r"^\s{0,8}(?P<verb>" + "|".join(PHASE_OF_VERB) + r")\s{1,8}\d{1,12}\s{1,4}"
    r"(?:tokens?|requests?|prompts?|sequences?|samples?)\s{1,4}in\s{1,8}"
    r"(?P<value>\d{1,12}(?:\.\d{1,12})?)\s{0,4}(?P<unit>seconds|secs?|s|ms)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase's time as a line opens with it: its name, value, unit, and the span it covers (count included)."""

    name: str
    value: float
    unit: str
    start: int
    end: int


def phase_clause(text: str) -> Phase | None:
    m = _PHASE_RE.match(text)
    if m is None:
        return None
    name = PHASE_OF_VERB[m.group("verb").lower()]
    return Phase(name, float(m.group("value")), m.group("unit"), m.start("verb"), m.end())
