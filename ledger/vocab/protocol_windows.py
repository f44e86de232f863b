"""How long a run was set to last: "50 virtual users for 60 s", "over 10 min", and a benchmark protocol's windows, how
long it warms up, measures, waits or is allowed ("10 s warmup and 120 s of measurement per point", "timeout 300 s"):
settings of the run written on its setup line, never a measured time, unless the sentence says it took that long."""

from __future__ import annotations

import re

# a benchmark protocol's windows, named after their length ("10 s warmup", "120 s of measurement per point", "90 s
# measured per point", "a 300 s timeout") or, for the windows no result is ever the time of, before it ("timeout 300
# s", "measurement window: 60 s"); "warm-up drops from 12 s to 7 s" and "warm-up: 12 s" stay the warm-up's measured time
_PROTOCOL_AFTER_RE = re.compile(
    r"\s?(?:of\s)?(?:warm[ -]?ups?|time[ -]?outs?|cool[ -]?downs?|ramp[ -]?ups?|time limit|duration limit|"
    r"measurement(?:\s(?:window|period|time))?|measuring|measured\s(?:per|each|for)|(?:measurement|benchmark) window)"
    r"(?![\w-])",
    re.IGNORECASE,
)
_PROTOCOL_BEFORE_RE = re.compile(
    r"\b(?:time[ -]?out|time limit|duration limit|(?:measurement|benchmark|warm[ -]?up) (?:window|period))"
    r"\s?(?:[:=]\s?|of\s|is\s|set to\s)?(?:about\s|~)?$",
    re.IGNORECASE,
)


_FOR_DURATION_RE = re.compile(r"\b(?:for|over|during)\s(?:about\s|~)?$", re.IGNORECASE)
# a window the run was given, its length in brackets after it: "replays the trace for a target duration (3600 s)",
# "for a fixed window (900 s)"
_TARGET_WINDOW_RE = re.compile(
    r"\b(?:target|fixed|set|configured|requested)\s(?:wall[ -]?clock\s)?(?:duration|window|run\stime|time)\s?\($",
    re.IGNORECASE,
)
_TOOK_RE = re.compile(r"\b(?:took|takes|taking|lasted|ran in|finished in|completed in|spent)\b", re.IGNORECASE)


# "20,120 requests over 3,628.0 s": the work a run served, then the time it took to a tenth of a second (a window
# the run was set to is a round length: "1,000 requests over 60 s" stays a setting)
_SERVED_OVER_RE = re.compile(
    r"\b\d{1,3}(?:,\d{3}){0,3}\s(?:requests|prompts|queries|sessions|conversations)\sover\s$", re.IGNORECASE
)


RUN_DURATION = "run duration"
"""The measure of how long a run took to serve its work (served_over)."""


def served_over(text: str, before: str, start: int, end: int) -> bool:
    """The time at text[start:end] is how long a run took to serve the work counted right before it (see
    _SERVED_OVER_RE): a measured duration."""
    return "." in text[start:end] and _SERVED_OVER_RE.search(before) is not None


def set_to_last(text: str, before: str, start: int, end: int) -> bool:
    """The time at text[start:end] (`before` the words before it) is how long the run was set to last (see the
    module): configuration, no result."""
    if served_over(text, before, start, end):
        return False
    if _FOR_DURATION_RE.search(before) or _TARGET_WINDOW_RE.search(text, max(0, start - 50), start):
        return not _TOOK_RE.search(text, 0, start)
    window = _PROTOCOL_AFTER_RE.match(text, end) or _PROTOCOL_BEFORE_RE.search(text, max(0, start - 40), start)
    return window is not None and not _TOOK_RE.search(text, max(0, start - 80), start)
