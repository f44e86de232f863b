"""A change column that names no measure of its own ("Median paired gain", "Speedup") under a heading or lead-in
that names one ("## Paired decode-throughput result"): each cell is a change OF that measure, so the measure is
joined into the change's name ("Median paired decode-throughput gain") rather than the column's words standing
alone, which tell a reader that something gained but not what. A column of ranges beside it ("Range across 5
pairs" over "+1.90% to +2.40%") states how far the same change spread across the runs: it is that change's range,
never a measure named by the row's label ("C2", which is the row's setup)."""

from __future__ import annotations

import re
import weakref

from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import head_without_unit
from ledger.parsers.tables.row_info import TableInfo
from ledger.parsers.tables.stem_columns import DELTA_HEADER_RE
from ledger.vocab.units import STAT_WORD_RE

# the words that say how a change was summarised or paired, never what changed ("median paired gain")
_HOW_WORDS = frozenset(("paired", "relative", "overall", "net", "geomean", "geometric", "per-pair", "observed"))
# the words a heading closes on after its measure ("... decode-throughput result"): what it shows, not measures
_SHOWN_TAIL_RE = re.compile(r"\s(?:results?|numbers|comparison|summary|table|data)$", re.IGNORECASE)


_CHANGES: weakref.WeakKeyDictionary[TableInfo, list[str]] = weakref.WeakKeyDictionary()


def measure_change(measure: str, head: str) -> str | None:
    """ "Median paired gain" under the measure "Paired decode-throughput result" -> "Median paired decode-throughput
    gain"; None where the header names something before its change word besides a statistic or how the runs were
    paired ("TTFT gain": a measure of its own)."""
    words = head_without_unit(head).split()
    at = len(words) - 1  # ("Relative gain": the change word the header closes on)
    if at < 0 or not DELTA_HEADER_RE.fullmatch(words[at].lower().removesuffix("s")):
        return None
    how = words[:at]
    if not all(STAT_WORD_RE.fullmatch(w) or w.lower() in _HOW_WORDS for w in how):
        return None
    said = {w.lower() for w in how}
    core = " ".join(w for w in _SHOWN_TAIL_RE.sub("", measure.strip()).split() if w.lower() not in said)
    return " ".join([*how, core, words[at]]) if core else None


def gains_table_change(info: TableInfo, head: str) -> str | None:
    """measure_change of a change column in a table of changes alone: beside value columns of its own ("| baseline ms
    | fused ms | speedup |") the change is theirs, which the heading names only with its setup ("Routing time on
    B200")."""
    if info.measure is None or info.value_cols or info.base_cols:
        return None
    return measure_change(info.measure[0], head)


def range_measure(info: TableInfo, head: str) -> str | None:
    """The change a column of ranges spreads ("Range across 5 pairs" beside "Median paired gain" under a heading
    naming decode throughput -> "paired decode-throughput gain (Range across 5 pairs)"): the table's one change
    column that is a change of its measure, its statistic dropped (a range is no median)."""
    if info not in _CHANGES:  # (once a table: each of its range cells asks, and a wide table has many)
        _CHANGES[info] = [
            change
            for i in info.delta_cols
            if i < len(info.table.header) and (change := gains_table_change(info, clean(info.table.header[i])))
        ]
    named = _CHANGES[info]
    if len(named) != 1:
        return None
    words = named[0].split()
    while words and STAT_WORD_RE.fullmatch(words[0]):
        words = words[1:]
    return f"{' '.join(words)} ({head})"
