"""The library calls the pages make for compare, trend and the review report, in one place.

The pages use the library face (`ledger.open_ledger(path)` with `compare`, `trend` and `report`), the same
functions `ledger compare`, `ledger trend` and `ledger report` call: compare's JSON shape (`ledger compare
--format json`: revisions, summary, rows or old/new/pairs, references, tested) and trend series as (label,
[(where, claim)], latest verdict).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

Series = tuple[str, list[tuple[str, Any]], Any]
"""(series label, [(where it was measured, Claim)], the latest value's Pair or None)."""


def _face(db_path: str) -> Any:
    from ledger.api import open_ledger

    return open_ledger(db_path)


def compare_json(db_path: str, targets: Sequence[str], from_: str | None = None, to: str | None = None
                 ) -> dict[str, Any] | None:
    """`ledger compare TARGET... --format json` as data; None when there is nothing to compare."""
    comparison = _face(db_path).compare(*targets, from_=from_ or None, to=to or None)
    if not comparison.compared:
        return None
    return cast(dict[str, Any], json.loads(comparison.render("json")))


def report_json(db_path: str, pr: str) -> dict[str, Any] | None:
    """`ledger report PR --format json` where the library has it (regressions, below_reference, gates that need
    a look, older_evidence, tested, summary); None where it does not yet."""
    return cast(dict[str, Any], _face(db_path).report(pr).to_json())


def trend_series(db_path: str, metric: str, where: Sequence[str], targets: Sequence[str]) -> list[Series]:
    """`ledger trend METRIC [TARGET...] --where K=V`: one entry per comparable series."""
    trend = _face(db_path).trend(metric, *targets, where=list(where))
    return [(s.label, list(s.points), s.latest) for s in trend.series]
