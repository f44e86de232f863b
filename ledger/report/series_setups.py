"""The setup that tells one series of a measure from the others, said beside each of its findings: a release page
lists a dozen regressions of "Total Output Throughput", and only the setup keys its series do not share say whose."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.compare.align import Row


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
    return told
