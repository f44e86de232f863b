"""The words that say which statistic of repeated runs a figure is ("3-run average", "mean of 5 runs", "median"),
written as a clause of its own in a caption: its statistic (config `stat`, one name per statistic:
canonical_stat) and how many runs it is over (config `repeats`); and a caption that names a statistic of the latencies
under it ("P99 (ms)", "Mean latency (ms):"), which each latency cell is (caption_stat)."""

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


# a caption that names a statistic of the latencies under it and nothing else, its unit after it at most: "Mean
# latency (ms)", "P99 (ms)", "Median", "P90 latencies", "Latency, p99 (ms)"; a statistic of runs ("Median of 3 runs")
# is STAT_CLAUSE_RE's, and a caption naming a measure of its own ("Mean TTFT (ms)") is the measure's caption
_STAT_WORDS = r"(?:mean|median|avg|average|p\d{1,2}(?:\.\d{1,2})?)"
_LATENCY_NOUNS = r"(?:latency|latencies|latency (?:numbers|figures|values|results)|values|timings?|times)"
_CAPTION_UNIT = (
    r"(?:\s?\((?P<unit>[^()\n]{1,12})\)|,?\s(?:in\s)?(?P<unit2>ms|msec|s|sec|us|µs|μs|seconds|milliseconds))"
)
STAT_CAPTION_RE = re.compile(
    rf"(?:(?P<stat>{_STAT_WORDS})(?:\s{_LATENCY_NOUNS})?|{_LATENCY_NOUNS}\s?(?:,|[—–-]\s)\s?(?P<stat2>{_STAT_WORDS}))"
    rf"{_CAPTION_UNIT}?",
    re.IGNORECASE,
)
"""A caption of a statistic of latencies, matched whole (fullmatch) once its bold, numbering and colon are gone."""


def caption_stat(caption: str) -> tuple[str, str | None] | None:
    """The statistic a caption names of the latencies under it, as printed ("P99" of "P99 (ms)"), and the unit it
    states (None where it states none); None for a caption that is anything else."""
    m = STAT_CAPTION_RE.fullmatch(caption.strip()[:80])
    if m is None:
        return None
    return m.group("stat") or m.group("stat2"), m.group("unit") or m.group("unit2")


NAMES_STAT_RE = re.compile(rf"(?<![A-Za-z0-9]){_STAT_WORDS}(?![A-Za-z0-9])", re.IGNORECASE)
"""A statistic's word inside a measure's name ("P99 TPOT", "TTFT (mean)", "avg_itl"): the name states its own."""


MEAN_ALONE_RE = re.compile(r"(?:mean|avg|average)(?:\s?\([^()\n]{0,60}\))?", re.IGNORECASE)
"""A value named by the averaging word alone ("| mean | std | scores |", "mean (dep8)"), matched whole: the stated mean
of the values its row lists beside it, where "mean TTFT" names a measure of its own."""


_BARE_STAT_RE = re.compile(rf"{_STAT_WORDS}", re.IGNORECASE)


def bare_stat(name: str) -> bool:
    """The name is a statistic alone ("mean", "p50"): what a side's column header ("B mean") leaves once its side is
    read off, which measures nothing without the row it stands in."""
    return _BARE_STAT_RE.fullmatch(name.strip()) is not None
