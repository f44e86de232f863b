"""The library calls the pages make for the review report, compare, trend and support, in one place.

The report, compare and trend come from the library face (`ledger.open_ledger(path)`: `report`, `compare`,
`trend`), support from `ledger.support.join.support`, the functions `ledger report`, `ledger compare`, `ledger
trend` and `ledger support` call. Comparisons are read in their JSON shape (`--format json`: revisions,
summary, rows or old/new/pairs, references, tested), the shape scripts read too.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from ledger.api import Ledger
    from ledger.support.join import SupportAnswer

Series = tuple[str, list[tuple[str, Any]], Any]
"""(series label, [(where it was measured, Claim)], the latest value's Pair or None)."""


def _face(db_path: str) -> Ledger:
    from ledger.api import open_ledger

    return open_ledger(db_path)


def report(db_path: str, pr: str) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """`ledger report PR --format json` (regressions, below_reference, gates that need a look, older_evidence,
    tested, summary) and the comparison it was built from, as `ledger compare PR --format json` gives it (None
    when fewer than two revisions were compared)."""
    rep = _face(db_path).report(pr, stored_only=True)
    comparison = json.loads(rep.comparison.render("json")) if rep.comparison.compared else None
    return comparison, cast(dict[str, Any], rep.to_json())


def compare_json(db_path: str, targets: Sequence[str], from_: str | None = None, to: str | None = None
                 ) -> dict[str, Any] | None:
    """`ledger compare TARGET... --format json` as data; None when there is nothing to compare."""
    comparison = _face(db_path).compare(*targets, from_=from_ or None, to=to or None, stored_only=True)
    if not comparison.compared:
        return None
    return cast(dict[str, Any], json.loads(comparison.render("json")))


def trend_series(db_path: str, metric: str, where: Sequence[str], targets: Sequence[str]) -> list[Series]:
    """`ledger trend METRIC [TARGET...] --where K=V`: one entry per comparable series."""
    trend = _face(db_path).trend(metric, *targets, where=list(where), stored_only=True)
    return [(s.label, list(s.points), s.latest) for s in trend.series]


def support(db_path: str, subject: str | None, feature: str | None) -> SupportAnswer:
    """`ledger support --subject --feature --evidence`: the matrices of the join, with the PR claims beside."""
    return _face(db_path).support(subject=subject or None, feature=feature or None, evidence=True)
