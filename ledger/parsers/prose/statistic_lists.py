"""A sentence that lists a statistic of the runs, not their measures:

    Across three reruns the run-to-run spreads were 0.120 percentage points for Llama C1 latency, 0.900 for ...

Each number after "spreads were" is that spread for the row its "for ..." names, in the unit the first prints: a
statistic of repeatability (as a noise floor's sigma is), never a latency because its row's name ends in one. Named
so, it stays out of the series of the measure it describes.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number

# the statistic and the verb that opens its list
_STAT_RE = re.compile(
    r"\b(?P<stat>spans?|spreads?|std ?devs?|stdevs?|standard deviations?|noise floors?)\s(?:were|was|are|is)\s",
    re.IGNORECASE,
)
# the words naming what the statistic is of, right before it (after the last article or clause word)
_NAME_WORDS_RE = re.compile(r"(?:[\w/-]{1,30}\s){0,4}$")
_STOP_WORDS = frozenset(("the", "a", "an", "our", "its", "their", "these", "those", "all", "and", "of", "across"))
_SENTENCE_BREAK_RE = re.compile(r"[.;!?](?:\s|$)")
# "percentage points", "pct points": a unit the number grammar does not read, printed after the first item
_POINTS_RE = re.compile(r"\s(?:percentage|pct\.?)\s?points?\b", re.IGNORECASE)
# "for Llama C1 latency", to the item's end (a comma, "and", the sentence's end)
_ROW_RE = re.compile(r"\s(?:for|on|in)\s(?P<row>[^,;()\n]{1,60}?)(?=,|\sand\s|[.;](?:\s|$)|$)")
WINDOW = 300
"""How far back the statistic's lead is looked for (its sentence, bounded)."""


_STAT_WORDS = ("span", "spread", "dev", "noise floor")


def has_statistic(text: str) -> bool:
    """Whether a statistic's word stands in `text` at all (asked once a text: statistic_item for each number)."""
    low = text.lower()
    return any(map(low.__contains__, _STAT_WORDS))


def statistic_item(text: str, n: Number) -> tuple[str, str | None, str | None] | None:
    """(the statistic's name, the unit it is in when the number prints none, the row the item names) of a number in
    a statistic's list; None when `n` is in none."""
    start = max(0, n.start - WINDOW)
    for m in _SENTENCE_BREAK_RE.finditer(text, start, n.start):
        start = m.end()
    found = None
    for m in _STAT_RE.finditer(text, start, n.start):
        found = m
    if found is None:
        return None
    words = _NAME_WORDS_RE.search(text, max(start, found.start() - 130), found.start())
    kept: list[str] = []
    for w in words.group(0).split() if words else []:
        kept = [] if w.lower() in _STOP_WORDS else [*kept, w]
    stat = found.group("stat").lower()
    stat = stat[:-1] if stat.endswith("s") and not stat.endswith("ss") else stat
    points = _POINTS_RE.match(text, n.end, n.end + 24)
    row = _ROW_RE.match(text, points.end() if points else n.end, n.end + 100)
    unit = "pp" if points else None
    return " ".join([*kept, stat]), unit, (row.group("row").strip() if row else None)
