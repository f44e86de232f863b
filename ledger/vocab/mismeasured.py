"""The words by which a thread says the figures of its older side were measured wrong ("the old prompt figure was far
too high", "unrealistically high numbers for the old runner", "the before timings were bogus"): a change that fixes
a measurement, whose before -> after pair is no change of speed but of what the timer counts."""

from __future__ import annotations

import re

# the older side, as a sentence names its figures: "the old ...", "the before numbers", "previous readings"
_OLD = r"(?:old|older|before|previous|prior|original|earlier|former|existing)"
# what was measured (a figure, never a measure's name: "the old latency was too high" is a speed, not a fault)
_FIGURES = r"(?:figures?|numbers?|measurements?|timings?|readings?|values?|stats|statistics|results?|rates?)"
# a figure's fault: wrong, or off by a whole batch ("far too high"), never merely worse
_FAULT = (
    r"(?:wrong|incorrect|bogus|bugged|buggy|broken|invalid|inaccurate|meaningless|unrealistic|inflated|"
    r"mis(?:measured|counted|reported|computed|calculated)|overstated|understated|"
    r"(?:far|way|much|wildly|massively)\s(?:too\s)?(?:high|low|optimistic)|unrealistically\s(?:high|low))"
)
# "the old prompt figure was far too high", "the before numbers were wrong": the old side's figures, then their fault
_OLD_WAS_FAULTY = (
    rf"\b(?:the\s)?{_OLD}(?:\s[\w'-]{{1,20}}){{0,2}}\s{_FIGURES}\s(?:was|were|is|are|had\sbeen|have\sbeen)"
    rf"(?:\s(?:all|simply|just|completely|always))?\s{_FAULT}\b"
)
# "results in unrealistically high numbers for the old llama runner": a faulty figure, then the side it was
_FAULTY_FOR_OLD = (
    rf"\b(?:unrealistically|wrongly|incorrectly|artificially|impossibly)\s(?:high|low|inflated|optimistic)"
    rf"\s{_FIGURES}\s(?:for|on|of|from|in)\sthe\s{_OLD}\b"
)
MISMEASURED_BASE_RE = re.compile(rf"{_OLD_WAS_FAULTY}|{_FAULTY_FOR_OLD}", re.IGNORECASE)
"""A sentence saying the older side's figures were measured wrong."""
