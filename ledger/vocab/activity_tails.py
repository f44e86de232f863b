"""Words a heading closes on that name the work done to get its numbers, not what they measure: "Speed Tests and
Profiling", "Latency Benchmark", "Throughput results". The measure is the words before them ("Speed"): two tables
under "Speed Tests" and "Speed numbers" measure one thing, and a heading's whole text is no series' name."""

from __future__ import annotations

import re

_ACTIVITY = r"(?:tests?|testing|benchmarks?|benchmarking|results?|profiling|profiles?|numbers|measurements?|runs?)"

ACTIVITY_TAIL_RE = re.compile(rf"(?:[ \t]{{1,3}}(?:and|&)?[ \t]{{0,3}}{_ACTIVITY}){{1,3}}$", re.IGNORECASE)
"""The activity words a heading ends on, joined by "and" or "&" ("Tests and Profiling"); bounded, no overlap."""


def without_activity(heading: str) -> str:
    """The heading without the activity words it closes on ("Speed Tests and Profiling" -> "Speed"); the heading
    itself where they are all it holds ("Benchmark") or it ends on none."""
    rest = ACTIVITY_TAIL_RE.sub("", heading[:200]).strip()
    return rest if rest else heading
