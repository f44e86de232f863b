"""The JSON shapes of compare's results: what `Comparison.to_dict()` and `Trend.to_dict()` give, built here once.

`ledger compare --format json` and `ledger trend --format json` print these dicts (the trend its `series`), the
report nests a comparison's rows in its own, and the web pages and their `.json` twins read them as they are:
plain dicts, lists, text, numbers and None, nothing a caller must parse again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Protocol

from ledger.compare.align import Row
from ledger.compare.judge import Pair, measured_dict
from ledger.compare.references import ReferenceCheck
from ledger.compare.revisions import RevisionRef
from ledger.compare.series_labels import series_qualifiers
from ledger.compare.support_cell import SupportChange
from ledger.compare.tested import TestedCommit
from ledger.model import Claim


class ComparisonParts(Protocol):
    """What the shape and the printers read of a comparison (ledger.compare.run.Comparison)."""

    revisions: list[RevisionRef]
    rows: list[Row]
    references: list[ReferenceCheck]
    tested: list[TestedCommit]
    measured: list[str]
    support: list[SupportChange]


class SeriesParts(Protocol):
    """What the shape reads of a trend's series (ledger.compare.trend.Series)."""

    label: str
    points: list[tuple[str, Claim]]
    latest: Pair | None
    documents: list[str]


def comparison_dict(c: ComparisonParts) -> dict[str, Any]:
    """The sides compared, the verdicts counted, one entry per series, the reference checks, stated vs tested."""
    names = [r.name for r in c.revisions]
    rows = c.rows or []
    return {
        "revisions": [revision_dict(r) for r in c.revisions],
        "summary": dict(Counter(r.overall.verdict for r in rows if r.overall)),
        # (each row's qualifiers, as the terminal's labels give them: two rows of one metric and setup never alike)
        "rows": [row_dict(r, names, q) for r, q in zip(rows, series_qualifiers(rows), strict=True)],
        "references": [x.to_dict() for x in c.references],
        "tested": tested_dict(c.tested, c.measured),
        "support": [ch.to_dict(names) for ch in c.support],
    }


def revision_dict(r: RevisionRef) -> dict[str, Any]:
    return {
        "name": r.name,
        "label": r.label,
        "head": r.head,
        "base": r.base,
        "document": r.document,
        "version": r.version,
    }


def row_dict(r: Row, names: Sequence[str], qualifier: str = "") -> dict[str, Any]:
    """One compared series: its key, the qualifiers its column states where another row reads alike ("out" of
    "tput(out tok/s)" beside "tput(total tok/s)"), its value in each revision that states it, its verdict and each
    step's."""
    return {
        **r.key.to_dict(r.variant),
        "qualifier": qualifier or None,
        "values": [
            {"revision": names[i], **measured_dict(c), "line": c.source.line}
            for i, c in enumerate(r.cells)
            if c is not None
        ],
        "verdict": r.overall.to_dict() if r.overall else None,
        "steps": [s.to_dict() for s in r.steps],
    }


def tested_dict(tested: Sequence[TestedCommit], measured: Sequence[str]) -> dict[str, Any]:
    return {
        "ci_commits": [
            {
                "sha": t.sha,
                "gates": t.gates,
                "covered_by": t.covered_by,
                "covered": bool(t.covered_by),
                "source": t.source,
            }
            for t in tested
        ],
        "measured_revisions": list(measured),
    }


def series_dict(s: SeriesParts) -> dict[str, Any]:
    """One series of a trend: its label, its documents, its points oldest first, the latest value judged."""
    return {
        "series": s.label,
        "documents": s.documents,
        "points": [
            {
                "at": name,
                "value": c.value,
                "high": c.high,
                "unit": c.unit,
                "metric_text": c.metric,
                "path": c.source.path,
                "line": c.source.line,
            }
            for name, c in s.points
        ],
        "latest": s.latest.to_dict() if s.latest else None,
    }
