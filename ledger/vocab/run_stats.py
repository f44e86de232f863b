"""The words that say which statistic of repeated runs a figure is ("3-run average", "mean of 5 runs", "median"),
written as a clause of its own in a caption: its statistic (config `stat`, one name per statistic: "avg" and
"average" are the mean) and how many runs it is over (config `repeats`)."""

from __future__ import annotations

import re

STAT_CLAUSE_RE = re.compile(
    r"(?:(?P<n>\d{1,3})[ -]?(?:run|trial|rep|repeat|iteration)s?\s)?"
    r"(?P<stat>average|avg|mean|median)"
    r"(?:\s(?:of|over|across)\s(?P<n2>\d{1,3})\s(?:runs|trials|reps|repeats|iterations))?",
    re.IGNORECASE,
)
"""A clause that is a statistic of runs and nothing else, matched whole (fullmatch)."""
_STAT_NAMES = {"average": "mean", "avg": "mean", "mean": "mean", "median": "median"}


def stat_setup(clause: str) -> dict[str, str]:
    """The setup a statistic clause states ({"stat": "mean", "repeats": "3"} for "3-run average"); {} for a clause
    that is no statistic's."""
    m = STAT_CLAUSE_RE.fullmatch(clause.strip())
    if m is None:
        return {}
    found = {"stat": _STAT_NAMES[m.group("stat").lower()]}
    if runs := m.group("n") or m.group("n2"):
        found["repeats"] = runs
    return found
