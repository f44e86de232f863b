"""Comparisons as text: an aligned table for the terminal, markdown for a PR comment, JSON for scripts.

Pure functions from compare results to strings; the CLI prints them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ledger.compare.align import Row
from ledger.compare.judge import VERDICTS, Pair, number
from ledger.compare.references import ReferenceCheck
from ledger.compare.revisions import RevisionRef
from ledger.compare.tested import TestedCommit
from ledger.model import Claim
from ledger.output import clean, dumps_indented

SYMBOL = {"regression": "REGRESSION", "improvement": "improvement", "within noise": "~ within noise",
          "new": "new", "missing": "missing", "not comparable": "not comparable",
          "insufficient data": "insufficient data"}


def fmt_claim(c: Claim | None) -> str:
    if c is None:
        return "-"
    if c.kind == "gate":
        return c.outcome or "?"
    if c.kind == "tests":
        parts = [f"{n} {k}" for k, n in (("passed", c.passed), ("failed", c.failed), ("skipped", c.skipped))
                 if n is not None]
        return ", ".join(parts) or "?"
    v = number(c)
    if v is None:
        return str(c.value) if c.value is not None else "?"
    s = ("~" if c.approx else "") + f"{v:g}"
    if c.high is not None:
        s += f"-{c.high:g}"
    if c.unit and c.kind != "accuracy":
        s += f" {c.unit}"
    elif c.unit == "%":
        s += "%"
    return s


def _delta(p: Pair) -> str:
    if p.delta is None:
        return ""
    if p.key.kind == "tests":
        return f"{p.delta:+g} failed"
    s = f"{p.delta:+.4g}"
    if p.delta_pct is not None and p.key.kind == "perf":
        s += f" ({p.delta_pct:+.1f}%)"
    return s


def _thr(p: Pair | ReferenceCheck) -> str:
    t = p.threshold
    if t is None:
        return ""
    if t.basis in ("outcome", "failed count"):
        return t.basis
    return f"{t.display} ({t.basis})"


def _metric(p: Pair) -> str:
    cfg = ", ".join(f"{k}={v}" for k, v in p.key.config)
    s = p.key.metric
    if cfg:
        s += f" [{cfg}]"
    if p.variant:
        s += f" {{{p.variant}}}"
    return s


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [len(h) for h in headers]
    for r in rows:
        for i, cell in enumerate(r):
            widths[i] = min(max(widths[i], len(cell)), 70)
    def line(cells: Sequence[str]) -> str:
        out = []
        for i, c in enumerate(cells):
            c = clean(c)  # control characters (ESC [ ...) from a document are not sent to the terminal
            c = c if len(c) <= widths[i] else c[: widths[i] - 1] + "…"
            out.append(c.ljust(widths[i]))
        return "  ".join(out).rstrip()
    return [line(headers), line(["-" * w for w in widths]), *[line(r) for r in rows]]


def _md_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    def esc(s: str) -> str:  # document text is never HTML nor a terminal escape; **bold** verdicts stay
        return clean(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|")
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    out += ["| " + " | ".join(esc(c) for c in r) + " |" for r in rows]
    return out


def summary(verdicts: Sequence[str]) -> str:
    counts = Counter(verdicts)
    return ", ".join(f"{counts[v]} {v}" for v in VERDICTS if counts[v]) or "nothing compared"


_ORDER = {v: i for i, v in enumerate(VERDICTS)}


def pairs_rows(pairs: Sequence[Pair], markdown: bool = False) -> list[list[str]]:
    out = []
    for p in sorted(pairs, key=lambda p: (_ORDER[p.verdict], p.key.kind, p.key.metric)):
        verdict = SYMBOL[p.verdict]
        if markdown and p.verdict == "regression":
            verdict = "**regression**"
        old = fmt_claim(p.old) + (f" @ {p.old_rev}" if p.old_rev and p.old is not None else "")
        new = fmt_claim(p.new) + (f" @ {p.new_rev}" if p.new_rev and p.new is not None else "")
        out.append([verdict, p.key.kind, _metric(p), old, new, _delta(p), _thr(p), p.reason])
    return out


PAIR_HEADERS = ("verdict", "kind", "metric [config] {variant}", "old", "new", "delta", "threshold", "why")


def render_pairs(old: RevisionRef, new: RevisionRef, pairs: Sequence[Pair], refs: Sequence[ReferenceCheck],
                 tested: Sequence[TestedCommit], measured: Sequence[str], fmt: str, show_all: bool = True) -> str:
    shown = [p for p in pairs if show_all or p.verdict not in ("within noise",)]
    if fmt == "json":
        return dumps_indented({
            "old": _ref_json(old), "new": _ref_json(new), "summary": dict(Counter(p.verdict for p in pairs)),
            "pairs": [p.to_json() for p in pairs], "references": [r.to_json() for r in refs],
            "tested": _tested_json(tested, measured)})
    md = fmt == "markdown"
    lines = [f"{'### ' if md else ''}Comparing {old.name} -> {new.name}: {summary([p.verdict for p in pairs])}", ""]
    table = _md_table if md else _table
    lines += table(PAIR_HEADERS, pairs_rows(shown, md))
    lines += _refs_section(refs, md) + _tested_section(tested, measured, md)
    return "\n".join(lines).rstrip() + "\n"


def series_rows(rows: Sequence[Row], names: Sequence[str], markdown: bool = False) -> list[list[str]]:
    out = []
    idx = {n: i + 1 for i, n in enumerate(names)}
    for r in sorted(rows, key=lambda r: (_ORDER[r.overall.verdict if r.overall else "insufficient data"],
                                         r.key.kind, r.key.metric, r.key.config)):
        p = r.overall
        if p is None:
            continue
        trail = " ".join(f"R{i + 1}:{fmt_claim(c)}" for i, c in enumerate(r.cells) if c is not None)
        verdict = SYMBOL[p.verdict]
        if markdown and p.verdict == "regression":
            verdict = "**regression**"
        step_regs = sum(1 for s in r.steps if s.verdict == "regression")
        why = "" if p.verdict in ("new", "missing") else p.reason
        if step_regs and p.verdict != "regression":
            why = (why + "; " if why else "") + f"{step_regs} step(s) regressed"
        span = ""
        if p.old_rev and p.new_rev:
            span = f"R{idx.get(p.old_rev, '?')}->R{idx.get(p.new_rev, '?')}"
        elif p.old_rev or p.new_rev:
            span = f"R{idx.get(p.old_rev or p.new_rev or '', '?')}"
        out.append([verdict, r.key.kind, _metric(p), trail, span, _delta(p), _thr(p), why])
    return out


SERIES_HEADERS = ("verdict", "kind", "metric [config] {variant}", "values by revision", "compared", "delta",
                  "threshold", "why")


def render_series(revisions: Sequence[RevisionRef], rows: Sequence[Row], refs: Sequence[ReferenceCheck],
                  tested: Sequence[TestedCommit], measured: Sequence[str], fmt: str,
                  kinds: Sequence[str] | None = None) -> str:
    names = [r.name for r in revisions]
    shown = [r for r in rows if not kinds or r.key.kind in kinds]
    verdicts = [r.overall.verdict for r in shown if r.overall]
    if fmt == "json":
        return dumps_indented({
            "revisions": [_ref_json(r) for r in revisions], "summary": dict(Counter(verdicts)),
            "rows": [_row_json(r, names) for r in shown], "references": [x.to_json() for x in refs],
            "tested": _tested_json(tested, measured)})
    md = fmt == "markdown"
    lines = [f"{'### ' if md else ''}{len(revisions)} revisions, oldest first: {summary(verdicts)}", ""]
    for i, r in enumerate(revisions, 1):
        lines.append(f"{'- ' if md else '  '}R{i}: {r.name}")
    lines.append("")
    if md:
        multi = [r for r in shown if r.overall and r.overall.verdict not in ("new", "missing")]
        lone = [r for r in shown if r.overall and r.overall.verdict in ("new", "missing")]
        lines += _md_table(SERIES_HEADERS, series_rows(multi, names, md))
        if lone:
            lines += ["", f"<details><summary>{len(lone)} series stated in one revision only</summary>", ""]
            lines += [*_md_table(SERIES_HEADERS, series_rows(lone, names, md)), "", "</details>"]
    else:
        lines += _table(SERIES_HEADERS, series_rows(shown, names, md))
    lines += _refs_section(refs, md) + _tested_section(tested, measured, md)
    return "\n".join(lines).rstrip() + "\n"


def _refs_section(refs: Sequence[ReferenceCheck], md: bool) -> list[str]:
    if not refs:
        return []
    rows = []
    for r in sorted(refs, key=lambda r: _ORDER[r.verdict]):
        verdict = "BELOW REFERENCE" if r.verdict == "regression" else SYMBOL[r.verdict]
        cfg = ", ".join(f"{k}={v}" for k, v in r.key.config)
        rows.append([verdict, r.key.metric + (f" [{cfg}]" if cfg else ""), fmt_claim(r.claim), f"{r.reference:g}",
                     f"{r.delta:+.4g}", _thr(r), r.revision or "", r.origin])
    heading = "Reference checks (value against its reference, same revision)"
    table = _md_table if md else _table
    return ["", ("#### " if md else "") + heading, "",
            *table(("verdict", "metric [config]", "value", "reference", "delta", "threshold", "revision", "origin"),
                   rows)]


def _tested_section(tested: Sequence[TestedCommit], measured: Sequence[str], md: bool) -> list[str]:
    if not tested:
        return []
    out = ["", ("#### " if md else "") + "Stated versus tested", ""]
    bullet = "- " if md else "  "
    for t in tested:
        gates = ", ".join(f"{n} {o}" for o, n in sorted(t.gates.items()))
        what = f"CI ran on {t.sha} ({gates})" if t.source == "CI" else f"the PR's head on GitHub is {t.sha}"
        if t.covered_by:
            out.append(f"{bullet}{what}; measured claims name it: {', '.join(t.covered_by)}")
        else:
            out.append(f"{bullet}{what}; no measured claim covers {t.sha}")
    if measured:
        out.append(f"{bullet}measured revisions: {', '.join(measured)}")
    return out


def _ref_json(r: RevisionRef) -> dict[str, Any]:
    return {"name": r.name, "label": r.label, "head": r.head, "base": r.base, "document": r.document,
            "version": r.version}


def _row_json(r: Row, names: Sequence[str]) -> dict[str, Any]:
    return {
        "metric": r.key.metric, "kind": r.key.kind, "unit": r.key.unit or None, "config": dict(r.key.config),
        "variant": r.variant or None,
        "values": [{"revision": names[i], "value": c.value, "high": c.high, "unit": c.unit, "outcome": c.outcome,
                    "passed": c.passed, "failed": c.failed, "line": c.source.line}
                   for i, c in enumerate(r.cells) if c is not None],
        "verdict": r.overall.to_json() if r.overall else None,
        "steps": [s.to_json() for s in r.steps],
    }


def _tested_json(tested: Sequence[TestedCommit], measured: Sequence[str]) -> dict[str, Any]:
    return {"ci_commits": [{"sha": t.sha, "gates": t.gates, "covered_by": t.covered_by,
                            "covered": bool(t.covered_by), "source": t.source} for t in tested],
            "measured_revisions": list(measured)}


_SPARK = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[float]) -> str:
    if not values:
        return ""
    lo, hi = min(values), max(values)
    if hi == lo:
        return _SPARK[3] * len(values)
    return "".join(_SPARK[min(7, int((v - lo) / (hi - lo) * 7 + 0.5))] for v in values)


def render_trend(metric: str, series: Sequence[tuple[str, list[tuple[str, Claim]], Pair | None]], fmt: str,
                 width: int = 40) -> str:
    """series: (key label, [(point name, claim)], latest against history) — one chart per comparable series."""
    if fmt == "json":
        return dumps_indented([{"series": label, "points": [
            {"at": name, "value": c.value, "high": c.high, "unit": c.unit, "metric_text": c.metric,
             "path": c.source.path, "line": c.source.line} for name, c in pts],
            "latest": latest.to_json() if latest else None} for label, pts, latest in series])
    md = fmt == "markdown"
    out: list[str] = []
    for label, pts, latest in series:
        vals = [v for _, c in pts if (v := number(c)) is not None]
        if not vals:
            continue
        lo, hi = min(vals), max(vals)
        out.append(f"{'#### ' if md else ''}{label}: {sparkline(vals)}  (min {lo:g}, max {hi:g}, {len(vals)} points)")
        if md:
            out.append("```")
        name_w = min(max(len(n) for n, _ in pts), 48)
        for name, c in pts:
            v = number(c)
            if v is None:
                continue
            frac = 1.0 if hi == lo else (v - lo) / (hi - lo)
            bar = "█" * (1 + int(frac * (width - 1)))
            n = name if len(name) <= name_w else name[: name_w - 1] + "…"
            out.append(f"  {n.ljust(name_w)}  {fmt_claim(c):>12}  {bar}")
        if md:
            out.append("```")
        if latest is not None:
            out.append(f"  latest: {SYMBOL[latest.verdict]} {_delta(latest)} {_thr(latest)}; {latest.reason}")
        out.append("")
    if not out:
        return f"no values for {metric}\n"
    return "\n".join(out).rstrip() + "\n"
