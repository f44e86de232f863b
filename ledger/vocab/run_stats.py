"""The words that say which statistic of repeated runs a figure is ("3-run average", "mean of 5 runs", "median"),
written as a clause of its own in a caption: its statistic (config `stat`, one name per statistic:
canonical_stat) and how many runs it is over (config `repeats`)."""

from __future__ import annotations

import re

STAT_CLAUSE_RE = re.compile(
    r"(?:(?P<n>\d{1,3})[ -]?(?:run|trial|rep|repeat|iteration)s?\s)?"
    r"(?P<stat>average|avg|mean|median)"
    r"(?:\s(?:of|over|across)\s(?P<n2>\d{1,3})\s(?:runs|trials|reps|repeats|iterations))?",
    re.IGNORECASE,
)
"""A clause that is a statistic of runs and nothing else, matched whole (fullmatch)."""


def stat_setup(clause: str) -> dict[str, str]:
    """The setup a statistic clause states ({"stat": "mean", "repeats": "3"} for "3-run average"); {} for a clause
    that is no statistic's."""
    m = STAT_CLAUSE_RE.fullmatch(clause.strip())
    if m is None:
        return {}
    found = {"stat": canonical_stat(m.group("stat"))}
    if runs := m.group("n") or m.group("n2"):
        found["repeats"] = runs
    return found


_STAT_NAMES = {"avg": "mean", "average": "mean", "median": "p50"}


def canonical_stat(word: str) -> str:
    """One name per statistic, as a metric's name and a claim's `stat` spell it: "avg" and "average" are the mean,
    "median" is p50."""
    low = word.lower()
    return _STAT_NAMES.get(low, low)
