"""The library calls the pages make for the review report, compare, trend and support, in one place.

The report, compare and trend come from the library face (`ledger.api.Ledger`: `report`, `compare`, `trend`,
`support`), the functions `ledger report`, `ledger compare`, `ledger trend` and `ledger support` call, on the open
ledger each page is given: datasette's read-only connection, wrapped. Comparisons are read in their JSON shape
(`--format json`: revisions, summary, rows or old/new/pairs, references, tested), the shape scripts read too.
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


def report(book: Ledger, pr: str) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """`ledger report PR --format json` (regressions, below_reference, gates that need a look, older_evidence,
    tested, summary) and the comparison it was built from, as `ledger compare PR --format json` gives it (None
    when fewer than two revisions were compared)."""
    rep = book.report(pr, stored_only=True)
    comparison = json.loads(rep.comparison.render("json")) if rep.comparison.compared else None
    return comparison, cast(dict[str, Any], rep.to_dict())


def compare_json(
    book: Ledger, targets: Sequence[str], from_: str | None = None, to: str | None = None
) -> dict[str, Any] | None:
    """`ledger compare TARGET... --format json` as data; None when there is nothing to compare."""
    comparison = book.compare(*targets, from_=from_ or None, to=to or None, stored_only=True)
    if not comparison.compared:
        return None
    return cast(dict[str, Any], json.loads(comparison.render("json")))


def trend_series(book: Ledger, metric: str, where: Sequence[str], targets: Sequence[str]) -> list[Series]:
    """`ledger trend METRIC [TARGET...] --where K=V`: one entry per comparable series."""
    trend = book.trend(metric, *targets, where=list(where), stored_only=True)
    return [(s.label, list(s.points), s.latest) for s in trend.series]


def support(book: Ledger, subject: str | None, feature: str | None) -> SupportAnswer:
    """`ledger support --subject --feature --evidence`: the matrices of the join, with the PR claims beside."""
    return book.support(subject=subject or None, feature=feature or None, evidence=True)
