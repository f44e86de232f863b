"""The setup that tells one series of a measure from the others, said beside each of its findings: a release page
lists a dozen regressions of "Total Output Throughput", and only the setup keys its series do not share say whose;
and the qualifier of its stated name, where two series of one setup differ by that alone ("tput (out)" beside
"tput (total)"), as compare's rows say it (compare.series_labels)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.compare.align import Row
from ledger.compare.series_labels import series_qualifiers

_WORD_RE = re.compile(r"[A-Za-z0-9]+")


def telling_setups(rows: Sequence[Row]) -> dict[int, str]:
    """ " [model=llama3.3-70b, gpu=h200]" per row of a measure several rows share: the setup keys its rows do not
    all state alike, so that twelve "Total Output Throughput" regressions of a release page say whose they are."""
    by_metric: dict[str, list[Row]] = {}
    for r in rows:
        by_metric.setdefault(r.key.metric, []).append(r)
    told: dict[int, str] = {}
    for group in by_metric.values():
        if len(group) < 2:
            continue
        common = set(group[0].key.config).intersection(*(set(r.key.config) for r in group[1:]))
        for r in group:
            own = [f"{k}={v}" for k, v in r.key.config if (k, v) not in common]
            told[id(r)] = f" [{', '.join(own)}]" if own else ""
    for r, q in zip(rows, series_qualifiers(rows), strict=True):
        if q and (left := _unsaid(r, q)):
            told[id(r)] = f" ({left})" + told.get(id(r), "")
    return told


def _unsaid(row: Row, qualifiers: str) -> str:
    """The qualifiers the name a finding gives its series (the claim's metric, "FTL(min)") does not say already."""
    c = row.overall.new or row.overall.old if row.overall else None
    c = c or next((x for x in row.cells if x is not None), None)
    said = {w.lower() for w in _WORD_RE.findall((c.metric if c else None) or row.key.metric)}
    return ", ".join(q for q in qualifiers.split(", ") if not {w.lower() for w in _WORD_RE.findall(q)} <= said)
