"""The charts of the trend page and the PR page: `ledger trend`'s series drawn with their units on the axis.

    trend_charts(book, "gsm8k", ["draft_len=1"], [])     ledger trend gsm8k --where draft_len=1
    pr_charts(book, "owner/name#N", comparison)           the PR's series measured at two or more revisions

An axis says what its numbers are: an accuracy is drawn in %, and a series whose accuracies are stated partly
as fractions (0.9598) and partly as percentages (96.25) draws the fractions x100, saying so under the chart;
a value's own stated unit (tok/s/GPU, ms) names the axis of a perf series. Every point keeps its value as
stated in its tooltip and caption.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ledger.output.terminal import fmt_value
from ledger.web import library
from ledger.web.links import doc_href
from ledger.web.svg import Chart, Point, line_chart

if TYPE_CHECKING:
    from ledger.api import Ledger

NUMERIC_KINDS = ("accuracy", "acceptance", "perf")
MAX_CHARTS, MAX_SINGLE = 60, 200
"""Charts and one-value rows a trend page draws; the rest are counted, to be narrowed with where= or target=."""


@dataclass(frozen=True)
class Axis:
    """The y axis of one series: its label with the unit, and the factor each stated value is drawn with."""

    label: str
    percent_of_fractions: bool = False
    """Values of at most 1 are fractions of a series stated mostly in %: drawn x100."""

    def draw(self, v: float) -> float:
        return v * 100 if self.percent_of_fractions and abs(v) <= 1 else v

    @property
    def note(self) -> str:
        return "values stated as fractions (0-1) are drawn in %, x100" if self.percent_of_fractions else ""


def _is_share(kind: str | None, metric: str) -> bool:
    """A value that is a share of a whole (an accuracy, an acceptance rate): stated in % or as 0-1."""
    return kind == "accuracy" or (kind == "acceptance" and "rate" in metric.lower())


def series_axis(metric: str, kind: str | None, unit: str | None, values: Sequence[float]) -> Axis:
    """The axis a series is drawn on (its name, then its unit in brackets)."""
    if unit and unit != "%":
        return Axis(f"{metric} ({unit})")
    if _is_share(kind, metric):
        small = [v for v in values if abs(v) <= 1]
        large = [v for v in values if 1 < abs(v) <= 100]
        if small and large and unit != "%":
            return Axis(f"{metric} (%)", percent_of_fractions=True)
        return Axis(f"{metric} ({'fraction, 0-1' if small and unit != '%' else '%'})")
    if unit == "%":
        return Axis(f"{metric} (%)")
    if kind == "acceptance":
        # a mean acceptance length counts accepted tokens (at least the one the target model emits); values all
        # below 1 are a rate however the metric is named
        rate = bool(values) and all(abs(v) < 1 for v in values)
        return Axis(f"{metric} ({'fraction, 0-1' if rate else 'tokens per step'})")
    return Axis(f"{metric} (no unit stated)")


def pr_charts(book: Ledger, key: str, comparison: dict[str, Any] | None) -> list[dict[str, Any]]:
    """A chart for each of the PR's numeric series measured at two or more revisions (`ledger trend METRIC PR`)."""
    if comparison is None:
        return []
    metrics = dict.fromkeys(
        r["metric"]
        for r in comparison.get("rows") or []
        if r["kind"] in NUMERIC_KINDS and len(r.get("values") or []) > 1
    )
    short = {r["name"]: f"R{i}" for i, r in enumerate(comparison.get("revisions") or [], 1)}
    charts: list[dict[str, Any]] = []
    for m in metrics:
        charts += [c for c in trend_charts(book, m, [], [key], short)["charts"] if c["n_points"] > 1]
    return charts


def _points(pts: Sequence[tuple[str, Any]], short: dict[str, str] | None) -> list[dict[str, Any]]:
    points: list[dict[str, Any]] = []
    names: dict[str, str] = {}  # one label per place: two values of one revision share it
    for at, c in pts:
        v = c.value
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            continue
        src = c.source
        extra = src.model_extra or {}
        href = (
            doc_href(extra["document_id"], extra["version"], src.line, src.line_end)
            if extra.get("document_id") is not None and extra.get("version") is not None
            else None
        )
        label = names.setdefault(at, (short or {}).get(at) or f"P{len(names) + 1}")
        points.append(
            {
                "n": len(points) + 1,
                "at": at,
                "short": label,
                "value": float(v),
                "high": c.high,
                "printed": fmt_value(c.to_json_dict()),
                "reference": c.reference,
                "href": href,
                "line": src.line,
                "document": extra.get("document"),
            }
        )
    return points


def _band(verdict: dict[str, Any] | None, axis: Axis) -> tuple[tuple[float, float] | None, str]:
    """The noise band of the latest value's verdict, around its baseline, on the axis' scale."""
    if not (
        verdict
        and verdict.get("threshold")
        and verdict.get("old")
        and isinstance(verdict["old"].get("value"), (int, float))
    ):
        return None, ""
    base, t = float(verdict["old"]["value"]), float(verdict["threshold"]["value"])
    factor = axis.draw(base) / base if base else 1.0
    label = f"{verdict['threshold']['display']} around {base:.4g} ({verdict['threshold']['basis']})"
    return ((base - t) * factor, (base + t) * factor), label


def _chart(
    label: str, pts: Sequence[tuple[str, Any]], latest: Any, short: dict[str, str] | None
) -> dict[str, Any] | None:
    points = _points(pts, short)
    if not points:
        return None
    first = pts[0][1]
    unit = next((c.unit for _, c in pts if c.unit), None)
    name = label.split(" (")[0].split(" [")[0]
    axis = series_axis(name, first.kind, unit, [p["value"] for p in points])
    verdict = latest.to_dict() if latest is not None else None
    band, band_label = _band(verdict, axis)
    refs = {p["reference"] for p in points if p["reference"] is not None}
    reference = refs.pop() if len(refs) == 1 else points[-1]["reference"]
    drawn_ref = axis.draw(reference) if reference is not None else None
    chart = Chart(
        title=label,
        y_label=axis.label,
        points=[
            Point(
                p["short"],
                axis.draw(p["value"]),
                axis.draw(p["high"]) if p["high"] is not None else None,
                f"{p['short']} {p['at']}: {p['printed']}"
                + (f" (ref {p['reference']:g})" if p["reference"] is not None else ""),
                p["href"],
            )
            for p in points
        ],
        reference=drawn_ref,
        band=band,
        band_label=band_label,
    )
    return {
        "label": label,
        "points": points,
        "n_points": len(points),
        "verdict": verdict,
        "axis": axis.label,
        "note": axis.note,
        "reference": reference,
        "band": band,
        "svg": line_chart(chart) if len(points) > 1 else "",
    }


def trend_charts(
    book: Ledger, metric: str, where: Sequence[str], targets: Sequence[str], short: dict[str, str] | None = None
) -> dict[str, Any]:
    """`ledger trend METRIC [TARGET...] --where K=V` as charts: one per comparable series with two or more values,
    the reference line and the noise band of the latest value's verdict drawn; one-value series listed. `short`
    names the places under the axis (revision name -> "R3"); without it they are P1, P2, ..."""
    series = library.trend_series(book, metric, where, targets)
    charts: list[dict[str, Any]] = []
    single: list[dict[str, Any]] = []
    for label, pts, latest in series:
        entry = _chart(label, pts, latest, short)
        if entry is not None:
            (charts if entry["n_points"] > 1 else single).append(entry)
    # a page holds MAX_CHARTS charts and MAX_SINGLE one-value rows: a whole ledger's 754 series is not one page
    hidden = max(0, len(charts) - MAX_CHARTS) + max(0, len(single) - MAX_SINGLE)
    return {
        "metric": metric,
        "charts": charts[:MAX_CHARTS],
        "single": single[:MAX_SINGLE],
        "n_series": len(series),
        "hidden": hidden,
    }
