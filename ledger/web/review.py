"""The verdicts of the PR page and the compare page, read from `ledger report` and `ledger compare` (their JSON
shape) and laid out as the CLI lays them out: the answer first, the series that changed row by row, the series
within noise, measured once, new or without a verdict folded under one line each.

    view = report_view(comparison, report, link)     the PR page's first screen: headline, regressions, ...
    rows = verdict_rows(comparison, link)             one row per compared series, its values linked to lines
    shown, folded = fold(rows, n_revisions)           what `ledger compare` lists and what it counts
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ledger.compare.render import CHANGED
from ledger.output.rows import config_text

Linker = Callable[[str | None, Any], str | None]
"""(revision name, line) -> the link to that line of the version the revision's values were read from."""
ORDER = (
    "regression",
    "improvement",
    "not comparable",
    "within noise",
    "insufficient data",
    "ambiguous",
    "new",
    "removed",
    "missing",
)


def revisions_of(comparison: dict[str, Any] | None) -> list[dict[str, Any]]:
    c = comparison or {}
    return [r for r in (c.get("revisions") or [c.get("old"), c.get("new")]) if r]


def short_names(comparison: dict[str, Any] | None) -> dict[str, str]:
    """Revision name -> "R3", oldest first, as the CLI numbers them."""
    return {r["name"]: f"R{i}" for i, r in enumerate(revisions_of(comparison), 1)}


def _pair_as_row(p: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    values = [{**side, "revision": rev} for side, rev in ((p.get("old"), old), (p.get("new"), new)) if side]
    return {
        "metric": p["metric"],
        "kind": p["kind"],
        "unit": p.get("unit"),
        "config": p.get("config") or {},
        "variant": p.get("variant"),
        "values": values,
        "verdict": p,
    }


def value_text(x: dict[str, Any]) -> str:
    """A compared value as the CLI prints it: an outcome, test counts, or the number with its range and unit."""
    if x.get("outcome") and x.get("value") is None:
        return str(x["outcome"])
    if x.get("passed") is not None or x.get("failed") is not None:
        return ", ".join(f"{x[k]} {k}" for k in ("passed", "failed") if x.get(k) is not None)
    v = x.get("value")
    if v is None:
        return "?"
    s = f"{v:g}" if isinstance(v, (int, float)) else str(v)
    if x.get("high") is not None:
        s += f"-{x['high']:g}"
    return s + (f" {x['unit']}" if x.get("unit") and x.get("unit") != "%" else "%" if x.get("unit") == "%" else "")


def verdict_row(r: dict[str, Any], names: dict[str, str], link: Linker) -> dict[str, Any]:
    """One compared series: its verdict, delta, threshold and why, each value linked to its line."""
    v = r.get("verdict") or {}
    thr = v.get("threshold") or {}
    return {
        "metric": r["metric"],
        "qualifier": r.get("qualifier"),  # ("tput (out)" beside "tput (total)": the CLI's label, never two rows alike)
        "kind": r["kind"],
        "config": config_text(r.get("config")),
        "variant": r.get("variant"),
        "verdict": v.get("verdict"),
        "delta": v.get("delta"),
        "delta_pct": v.get("delta_pct"),
        "threshold": thr.get("display"),
        "basis": thr.get("basis"),
        "reason": v.get("reason"),
        "other_config": config_text(v.get("other_config")),
        "values": [
            {
                "at": names.get(x.get("revision") or "", x.get("revision") or ""),
                "revision": x.get("revision"),
                "value": value_text(x),
                "href": link(x.get("revision"), x.get("line")),
            }
            for x in r.get("values") or []
        ],
    }


def verdict_rows(comparison: dict[str, Any], link: Linker) -> list[dict[str, Any]]:
    """Every compared series (a comparison of rows, or of two sides' pairs), worst verdict first."""
    rows = comparison.get("rows")
    if rows is None:
        old, new = comparison["old"]["name"], comparison["new"]["name"]
        rows = [_pair_as_row(p, old, new) for p in comparison.get("pairs") or []]
    names = short_names(comparison)
    view = [verdict_row(r, names, link) for r in rows]
    rank = {name: i for i, name in enumerate(ORDER)}
    view.sort(key=lambda r: (rank.get(r["verdict"] or "", 9), r["kind"], r["metric"]))
    return view


def fold(rows: Sequence[dict[str, Any]], n_revisions: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """What `ledger compare` lists row by row (regressions, improvements, not comparable) and what it folds
    into one line each, with the folded rows kept for a reader who opens them."""
    newest = f"R{n_revisions}"
    what = {
        "within noise": "within noise (~)",
        "missing": f"measured once (not re-run by the newest revision, {newest})",
        "new": f"new (first stated in {newest})",
        "removed": "removed (no longer stated by a later version)",
        "ambiguous": "ambiguous (values of one series not told apart: listed, not averaged)",
        "insufficient data": "without a verdict (a value or an outcome missing)",
    }
    # in the CLI's order: regressions, fewer tests, waived, improvements, then what cannot be compared
    shown = sorted((r for r in rows if r["verdict"] in CHANGED), key=lambda r: CHANGED.index(r["verdict"]))
    folded = [
        {"verdict": v, "label": label, "rows": [r for r in rows if r["verdict"] == v]} for v, label in what.items()
    ]
    return shown, [f for f in folded if f["rows"]]


def headline(report: dict[str, Any], uncovered: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The report's answer in one line, and whether it needs a reviewer's look."""
    regs, below = len(report.get("regressions") or []), len(report.get("below_reference") or [])
    parts = [
        f"{regs} regression{'s' if regs != 1 else ''}, {below} below reference"
        if regs or below
        else "no regression, nothing below its reference"
    ]
    gates = Counter(g.get("outcome") or "unknown" for g in report.get("gates") or [])
    if gates:
        n = sum(gates.values())
        parts.append(
            f"{n} gate{'s' if n != 1 else ''} to look at ({', '.join(f'{k} {o}' for o, k in sorted(gates.items()))})"
        )
    for t in uncovered:
        outcomes = ", ".join(f"{n} {o}" for o, n in sorted((t.get("gates") or {}).items()))
        parts.append(f"CI ran on {t['sha']}{f' ({outcomes})' if outcomes else ''}, a commit no measured claim names")
    return {"text": "; ".join(parts), "bad": bool(regs or below or gates.get("fail"))}


def _answer(report: dict[str, Any]) -> dict[str, Any] | None:
    """`ledger report`'s own first line, when it gives one: the page says what the terminal and the comment say."""
    text = report.get("headline")
    if not text:
        return None
    bad = bool(report.get("has_regression")) or not str(text).startswith("no regression")
    return {"text": text, "bad": bad}


SHOWN_PER_SECTION = 2
"""Findings a section of the verdict shows before "N more": the whole answer fits the first screen."""


def _first_screen(sec: dict[str, Any], placed: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
    findings = [placed(f) for f in [*(sec.get("findings") or []), *(sec.get("more") or [])]]
    return {**sec, "findings": findings[:SHOWN_PER_SECTION], "more": findings[SHOWN_PER_SECTION:]}


def report_view(comparison: dict[str, Any] | None, report: dict[str, Any], link: Linker) -> dict[str, Any]:
    """`ledger report`'s answer for the page: the headline, regressions, values below their reference, gates
    that need a look, evidence measured on an older head than the newest, CI commits no claim names, then the
    compared series as `ledger compare` lists and folds them."""
    revisions = revisions_of(comparison)
    names = short_names(comparison)

    def placed(x: dict[str, Any]) -> dict[str, Any]:
        return {**x, "href": link(x.get("revision"), x.get("line")), "short": names.get(x.get("revision") or "", "")}

    uncovered = [t for t in (report.get("tested") or {}).get("ci_commits", []) if not t.get("covered")]
    shown, folded = fold(verdict_rows(comparison, link) if comparison else [], len(revisions))
    return {
        "compared": comparison is not None,
        "revisions": [{**r, "short": names[r["name"]]} for r in revisions],
        "headline": _answer(report) or headline(report, uncovered),
        "summary": report.get("summary") or {},
        "sections": [_first_screen(sec, placed) for sec in report.get("sections") or []],
        "regressions": [verdict_row(r, names, link) for r in report.get("regressions") or []],
        "below_reference": [placed(x) for x in report.get("below_reference") or []],
        "references": [placed(x) for x in (comparison or {}).get("references") or []],
        "attention": [{**g, "href": link(None, g.get("line"))} for g in report.get("gates") or []],
        "older": list((report.get("older_evidence") or {}).items()),
        "uncovered_ci": uncovered,
        "shown": shown,
        "folded": folded,
        "newest": revisions[-1]["name"] if revisions else None,
    }
