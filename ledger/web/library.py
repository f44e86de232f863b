"""The library calls the pages make for compare, trend and the review report, in one place.

Where the library face is installed (`ledger.api`: `open_ledger(path)` with `compare`, `trend` and `report`,
built for issue 13), the pages use it; otherwise they use today's functions, the ones `ledger compare` and
`ledger trend` call (`ledger.cli_compare.run_compare` / `run_trend`). Both give compare's JSON shape
(`ledger compare --format json`: revisions, summary, rows or old/new/pairs, references, tested) and trend
series as (label, [(where, claim)], latest verdict), so the pages read one shape whichever is there.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

Series = tuple[str, list[tuple[str, Any]], Any]
"""(series label, [(where it was measured, Claim)], the latest value's Pair or None)."""


def _face(db_path: str) -> Any:
    try:
        from ledger.api import open_ledger  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    return open_ledger(db_path)


def compare_json(db_path: str, targets: Sequence[str], from_: str | None = None, to: str | None = None
                 ) -> dict[str, Any] | None:
    """`ledger compare TARGET... --format json` as data; None when there is nothing to compare."""
    face = _face(db_path)
    if face is not None:
        comparison = face.compare(*targets, from_=from_ or None, to=to or None)
        if not comparison.compared:
            return None
        return cast(dict[str, Any], json.loads(comparison.render("json")))
    from ledger.cli_compare import By, CompareFormat, Order, run_compare
    from ledger.compare import NoiseModel

    out, _, compared = run_compare(list(targets), from_=from_ or None, to=to or None, fmt=CompareFormat.json,
                                   db=db_path, noise=NoiseModel(), by=By.auto, order=Order.auto,
                                   input_format=None, kinds=None)
    if not compared or not out.strip():
        return None
    return cast(dict[str, Any], json.loads(out))


def report_json(db_path: str, pr: str) -> dict[str, Any] | None:
    """`ledger report PR --format json` where the library has it (regressions, below_reference, gates that need
    a look, older_evidence, tested, summary); None where it does not yet."""
    face = _face(db_path)
    if face is None or not hasattr(face, "report"):
        return None
    return cast(dict[str, Any], face.report(pr).to_json())


def trend_series(db_path: str, metric: str, where: Sequence[str], targets: Sequence[str]) -> list[Series]:
    """`ledger trend METRIC [TARGET...] --where K=V`: one entry per comparable series."""
    face = _face(db_path)
    if face is not None:
        trend = face.trend(metric, *targets, where=list(where))
        return [(s.label, list(s.points), s.latest) for s in trend.series]
    from ledger.cli_compare import Order, run_trend

    return run_trend(metric, list(targets), db=db_path, where=list(where), kinds=None, order=Order.auto,
                     input_format=None)
