"""The library calls the pages make for the review report, compare, trend and support, in one place.

The report, compare and trend come from the library face (`ledger.api.Ledger`: `report`, `compare`, `trend`,
`support`), the functions `ledger report`, `ledger compare`, `ledger trend` and `ledger support` call, on the open
ledger each page is given: datasette's read-only connection, wrapped. Results are read as their `to_dict()`, the
shape `--format json` prints and each page's `.json` twin serves (a comparison's revisions, summary, rows,
references, tested), never as text parsed back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ledger.api import Ledger
    from ledger.compare.run import Comparison
    from ledger.compare.trend import Trend
    from ledger.support.join import SupportAnswer

Series = tuple[str, list[tuple[str, Any]], Any]
"""(series label, [(where it was measured, Claim)], the latest value's Pair or None)."""


def report(book: Ledger, pr: str) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """`ledger report PR --format json` (regressions, below_reference, gates that need a look, older_evidence,
    tested, summary) and the comparison it was built from, as `ledger compare PR --format json` gives it (None
    when fewer than two revisions were compared)."""
    rep = book.report(pr, stored_only=True)
    return (rep.comparison.to_dict() if rep.comparison.compared else None), rep.to_dict()


def compare(book: Ledger, targets: Sequence[str], from_: str | None = None, to: str | None = None) -> Comparison:
    """`ledger compare TARGET... --from --to` of ledger documents."""
    return book.compare(*targets, from_=from_ or None, to=to or None, stored_only=True)


def compare_dict(
    book: Ledger, targets: Sequence[str], from_: str | None = None, to: str | None = None
) -> dict[str, Any] | None:
    """`ledger compare TARGET... --format json` as data (`Comparison.to_dict()`); None when there is nothing to
    compare."""
    comparison = compare(book, targets, from_, to)
    return comparison.to_dict() if comparison.compared else None


def trend(book: Ledger, metric: str, where: Sequence[str], targets: Sequence[str]) -> Trend:
    """`ledger trend METRIC [TARGET...] --where K=V`."""
    return book.trend(metric, *targets, where=list(where), stored_only=True)


def trend_series(book: Ledger, metric: str, where: Sequence[str], targets: Sequence[str]) -> list[Series]:
    """`ledger trend METRIC [TARGET...] --where K=V`: one entry per comparable series."""
    return [(s.label, list(s.points), s.latest) for s in trend(book, metric, where, targets).series]


def support(book: Ledger, subject: str | None, feature: str | None) -> SupportAnswer:
    """`ledger support --subject --feature --evidence`: the matrices of the join, with the PR claims beside."""
    return book.support(subject=subject or None, feature=feature or None, evidence=True)
