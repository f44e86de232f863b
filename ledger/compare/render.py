"""Comparisons as text: an aligned table for the terminal, markdown for a PR comment.

Pure functions from compare results to strings; the CLI prints them. Their JSON is their `to_dict()`
(ledger.compare.shapes), printed as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ledger.compare.align import Row
from ledger.compare.branches import branch_note
from ledger.compare.cells import columns, fmt_claim, value_caps
from ledger.compare.judge import STACK_MOVED, VERDICTS, Pair, cases_run, number, stack_note
from ledger.compare.page_versions import is_page_versions, judged_while_stated, moves, where_stated
from ledger.compare.references import BAR_CLEARED, FAILING_WORDS, ReferenceCheck, reference_word
from ledger.compare.revisions import RevisionRef
from ledger.compare.series_labels import series_labels
from ledger.compare.shapes import ComparisonParts
from ledger.compare.support_cells import support_section
from ledger.compare.tested import TestedCommit
from ledger.compare.trials import repeats_note, runs_listed, runs_spread
from ledger.compare.verdict_counts import CHANGED, count_lines, summary
from ledger.model import Claim
from ledger.neutral import markdown, terminal

SYMBOL = {
    "regression": "REGRESSION",
    "fewer tests": "fewer tests",
    "waived": "waived",
    "improvement": "improvement",
    "within noise": "~ within noise",
    "new": "new",
    "removed": "removed",
    "missing": "missing",
    "not comparable": "not comparable",
    "ambiguous": "ambiguous",
    "insufficient data": "insufficient data",
}


def _delta(p: Pair) -> str:
    if p.delta is None:
        return ""
    if p.key.kind == "tests":
        return f"{p.delta:+g} failed"
    s = f"{p.delta:+.4g}"
    if _in_points(p):
        return f"{s} pp"
    if p.delta_pct is not None and p.key.kind == "perf":
        s += f" ({p.delta_pct:+.1f}%)"
    return s


def _in_points(p: Pair) -> bool:
    """The values are percentages themselves (a change column's "-11.5 %"): their difference is in points, and a
    percentage of a percentage ("+178.5%") says nothing."""
    c = p.new or p.old
    return c is not None and c.unit == "%" and p.key.kind == "perf"


def _thr(p: Pair | ReferenceCheck) -> str:
    t = p.threshold
    if t is None:
        return ""
    if t.basis in ("outcome", "failed count"):
        return t.basis
    return f"{t.display} ({t.basis})"


def console_width() -> int:
    """The terminal's width as rich sees it (COLUMNS, else the terminal, else 80)."""
    from rich.console import Console

    return max(40, Console().width)


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(1, width - 1)] + "…"


def _table(
    headers: Sequence[str], rows: Sequence[Sequence[str]], width: int | None = None, caps: Sequence[int] | None = None
) -> list[str]:
    """An aligned text table; document text neutralised; no line longer than `width`."""
    cells = [[terminal(c) for c in r] for r in [headers, *rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    if caps:
        widths = [min(w, c) for w, c in zip(widths, caps, strict=True)]

    def line(r: Sequence[str]) -> str:
        return "  ".join(_fit(c, widths[i]).ljust(widths[i]) for i, c in enumerate(r)).rstrip()

    out = [line(cells[0]), line(["-" * w for w in widths]), *[line(r) for r in cells[1:]]]
    return [_fit(x, width) for x in out] if width else out


def _md_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(markdown(h) for h in headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    out += ["| " + " | ".join(markdown(c) for c in r) + " |" for r in rows]
    return out


_ORDER = {v: i for i, v in enumerate(VERDICTS)}
_REF_ORDER = {**_ORDER, BAR_CLEARED: _ORDER["within noise"]}
"""A value against its reference: a stated bar it clears ("0.81 (required >= 0.75)") is listed with those in noise."""
WORD = {
    "regression": "REGRESSION",
    "fewer tests": "fewer tests",
    "waived": "waived",
    "improvement": "improvement",
    "not comparable": "not comparable",
    "within noise": "~",
    "new": "new",
    "removed": "removed",
    "missing": "measured once",
    "ambiguous": "ambiguous",
    "insufficient data": "no verdict",
}


def _delta_cell(p: Pair) -> str:
    if p.verdict == "within noise":
        return "~"
    if p.verdict == "fewer tests" and p.old is not None and p.new is not None:
        ro, rn = cases_run(p.old), cases_run(p.new)
        return f"{(rn - ro) / ro * 100:+.0f}% cases" if ro and rn is not None else ""
    if p.key.kind == "gate" and p.old is not None and p.new is not None:
        return f"{p.old.outcome or '?'}->{p.new.outcome or '?'}"
    if p.delta is None:
        return ""
    if p.key.kind == "tests":
        return f"{p.delta:+g} failed"
    if _in_points(p):
        return f"{p.delta:+.4g} pp"
    if p.delta_pct is not None and p.key.kind == "perf":
        return f"{p.delta_pct:+.1f}%"
    return f"{p.delta:+.4g}"


def _why_cell(p: Pair) -> str:
    if p.verdict in ("not comparable", "fewer tests", "waived", "ambiguous"):
        return p.reason
    stated_only = [s for s in p.reason.split("; ") if "stated only in" in s or s.startswith(("renamed: ", STACK_MOVED))]
    basis = ""
    if p.verdict in ("regression", "improvement") and p.threshold is not None:
        t = p.threshold
        basis = t.basis if t.basis in ("outcome", "failed count") else f"{t.display} {t.basis}"
    # (a side's runs are said once, in its value cell: "12.33 req/s (n=3, 12.28..12.4)"; compare.cells)
    means = " -> ".join(
        dict.fromkeys(n for c in (p.old, p.new) if c is not None and not runs_spread(c) and (n := repeats_note(c)))
    )
    return "; ".join([x for x in (basis, means, *stated_only) if x])


def _turns_cell(row: Row, position: dict[str, str], versions: bool = False) -> str:
    """Where the value moved between two revisions although the first-against-last verdict does not say so. On a
    page's versions, every step of a series stated in some versions only, a step that stood still too: its removed,
    new or not-comparable verdict says where it ends or starts, never what it did while stated."""
    steps = (judged_while_stated(row) if versions else []) or row.turns()
    return ", ".join(
        f"{position.get(p.old_rev or '', '?')}->{position.get(p.new_rev or '', '?')} {_delta_cell(p)} {p.verdict}"
        f"{stack_note(p)}"
        for p in steps
    )


def _short_names(why: str, position: dict[str, str]) -> str:
    """A reason naming revisions by their whole names ("gpu=b200 stated only in org/repo/page.md v2") says them by
    the R-labels the header gives them: a page's whole name would push the reason past the screen's edge."""
    for name in sorted(position, key=len, reverse=True):  # (longest first: "page v1" never inside "page v10")
        if name and name != position[name]:
            why = why.replace(f" in {name}", f" in {position[name]}")
    return why


def _why_and_turns(row: Row, position: dict[str, str], versions: bool) -> tuple[str, str]:
    assert row.overall is not None
    why, turns = _short_names(_why_cell(row.overall), position), _turns_cell(row, position, versions)
    if versions and row.overall.verdict in ("removed", "new"):  # (said by R1..Rn, as the header names them)
        why = where_stated(row, [f"R{i}" for i in range(1, len(row.cells) + 1)])
    return (turns, why) if versions else (why, turns)


def _setup(key_config: Sequence[tuple[str, str]]) -> str:
    return ", ".join(f"{k}={v}" for k, v in key_config)


def _arm(c: Claim) -> str:
    """The arm a value was measured on where its table names several ("| Baseline | PR no-LP | PR LP |"): its variant,
    so that two checks of one series against one baseline can be told apart."""
    return str((c.config or {}).get("variant") or "")


def _sorted_rows(rows: Sequence[Row]) -> list[Row]:
    return sorted(
        [r for r in rows if r.overall is not None],
        key=lambda r: (
            _ORDER[r.overall.verdict if r.overall else "insufficient data"],
            r.key.kind,
            r.key.metric,
            r.key.config,
        ),
    )


def shared_setup(rows: Sequence[Row]) -> list[tuple[str, str]]:
    """The setup keys every row states alike (said once above a table, not in each label)."""
    if len(rows) < 2:
        return []
    common = set(rows[0].key.config)
    for r in rows[1:]:
        common &= set(r.key.config)
    return [kv for kv in rows[0].key.config if kv in common]


def render_rows(
    revisions: Sequence[RevisionRef],
    rows: Sequence[Row],
    fmt: str,
    *,
    show_all: bool = False,
    width: int | None = None,
    title: str | None = None,
    shared: Sequence[tuple[str, str]] = (),
) -> list[str]:
    """The one screen: a header naming each revision once, the changed series row by row (every row with
    --all), then one line each for the series within noise, measured once and new. `shared`: setup keys left
    out of the labels (said once by the caller)."""
    md = fmt == "markdown"
    width = None if md else (width or console_width())
    n = len(revisions)
    ordered = _sorted_rows(rows)
    verdicts = [r.overall.verdict for r in ordered if r.overall]
    shown = ordered if show_all else [r for r in ordered if r.overall and (r.overall.verdict in CHANGED or r.turns())]
    position = {r.name: f"R{i}" for i, r in enumerate(revisions, 1)}
    out: list[str] = []
    head = title or f"{n} revision{'s' if n != 1 else ''}, oldest first"
    versions = is_page_versions(revisions)
    first = (
        ("### " + markdown(head) if md else terminal(head))
        + ": "
        + summary(verdicts, versions, lived := moves(ordered))
    )
    out.append(first if md else _fit(first, width or 10_000))
    out.append("")
    names = [r.name for r in revisions]
    for i, r in enumerate(revisions, 1):
        name = r.name + branch_note(r.branch, r.branch_base, names)
        out.append(f"- R{i}: {markdown(name)}" if md else _fit(f"  R{i}  {terminal(name)}", width or 10_000))
    out.append("")
    if shown:
        total = width or 10_000
        labels = series_labels(shown, frozenset(shared))
        # When a series' name and setup would be cut, or would leave no room for a revision's values that two
        # lines show, each row takes two lines: the verdict and the whole name, then the values under the
        # revision columns, the delta and the threshold.
        label_w = max(len(x) for x in labels)
        cols = columns(shown, n, total - 16 - 10)
        caps = value_caps(shown, cols, total - 16 - 10)
        one_line = md or (
            label_w + 16 + 2 + 10 + 2 * 12 <= total
            and columns(shown, n, total - 16 - label_w - 2 - 10) == cols
            and value_caps(shown, cols, total - 16 - label_w - 2 - 10) == caps  # (nor a range the label would cut)
        )
        if not one_line:
            label_w = 0
        cut = [i for i in range(n) if i not in cols and any(r.cells[i] is not None for r in shown)]
        headers = ["verdict", "series [setup]", *[f"R{i + 1}" for i in cols], "delta", "threshold / why"]
        body = []
        for row, label in zip(shown, labels, strict=True):
            p = row.overall
            assert p is not None
            body.append(
                [
                    WORD[p.verdict] if not (md and p.verdict == "regression") else "**REGRESSION**",
                    label,
                    *[fmt_claim(c) if (c := row.cells[i]) is not None else "" for i in cols],
                    _delta_cell(p),
                    # (on a page's versions the steps first: a long "not comparable" reason is cut, never them)
                    "; ".join(x for x in _why_and_turns(row, position, versions) if x),
                ]
            )
        if md:
            out += _md_table(headers, body)
            out = [x.replace(r"\*\*REGRESSION\*\*", "**REGRESSION**") for x in out]
        elif one_line:
            out += _table(headers, body, width, [14, label_w, *caps, 14, 10_000])
        else:
            values = _table(["", *headers[2:]], [["", *b[2:]] for b in body], width, [14, *caps, 14, 10_000])
            out += [_fit(f"{'verdict':<14}  series [setup]", total), values[0], values[1]]
            for b, line in zip(body, values[2:], strict=True):
                out += [_fit(f"{terminal(b[0]):<14}  {terminal(b[1])}", total), line]
        if cut:
            out.append(
                _fit(
                    f"(values of {', '.join(f'R{i + 1}' for i in cut)} not shown: too wide; "
                    "--format json has every value)",
                    width or 10_000,
                )
            )
        out.append("")
    noise = sum(1 for r in shown if r.overall and r.overall.verdict == "within noise")
    lines = [] if show_all else count_lines(verdicts, noise, n, versions, lived)
    out += [("- " if md else "") + x for x in lines]
    return out


def render_comparison(
    c: ComparisonParts, fmt: str = "table", *, show_all: bool = False, width: int | None = None
) -> str:
    """`ledger compare`'s output: table (fit to the terminal) or markdown (JSON is `Comparison.to_dict()`)."""
    rows = c.rows or []
    md = fmt == "markdown"
    width = None if md else (width or console_width())
    lines = render_rows(c.revisions, rows, fmt, show_all=show_all, width=width) if len(c.revisions) > 1 else []
    if lines and not rows and c.support:  # a support page's versions: their cells, below, are what was compared
        lines[0] = lines[0].replace("nothing compared", "no result series")
    lines += _refs_section(c.references, md, width, show_all)
    lines += support_section(c.support, c.revisions, md, width, show_all)
    lines += _tested_section(c.tested, c.measured, md, width)
    return "\n".join(lines).strip("\n") + "\n"


def _refs_section(
    refs: Sequence[ReferenceCheck], md: bool, width: int | None = None, show_all: bool = False
) -> list[str]:
    """Values against their reference: those beyond noise row by row (below the reference first) and those not
    comparable with it, the rest counted (--all lists them)."""
    if not refs:
        return []
    ordered = sorted(refs, key=lambda r: _REF_ORDER[r.verdict])
    # (a pair its text says was measured two ways, "not comparable (skips the chat template)", is said with its why)
    listed = ("regression", "improvement", "not comparable")
    shown = ordered if show_all else [r for r in ordered if r.verdict in listed]
    rows = []
    for r in shown:
        # the report's words, by the measure's direction ("WORSE THAN BASELINE" for a latency over its baseline)
        word = reference_word(r)
        verdict = (
            word.upper()
            if word in FAILING_WORDS  # (a gap to another engine is said, never shouted: it fails nothing)
            else word
            if r.verdict in ("regression", "improvement", "not comparable")
            else "bar cleared"
            if r.verdict == BAR_CLEARED
            else "~"
        )
        cfg = _setup(r.key.config)
        basis = "" if r.verdict == "within noise" else f"{r.threshold.display} {r.threshold.basis}"
        rows.append(
            [
                verdict,
                r.key.metric + (f" [{cfg}]" if cfg else "") + (f" {{{arm}}}" if (arm := _arm(r.claim)) else ""),
                fmt_claim(r.claim),
                f"{r.reference:g}",
                f"{r.delta:+.4g}",
                r.revision or "",
                "; ".join(x for x in (r.origin, basis, r.caveat) if x),
            ]
        )
    heading = "Values against their reference (same revision, same noise model)"
    out = ["", ("#### " if md else "") + heading, ""]
    headers = ("verdict", "series [setup]", "value", "ref", "delta", "revision", "origin; threshold")
    if rows:
        out += _md_table(headers, rows) if md else _table(headers, rows, width, [21, 44, 14, 10, 9, 28, 10_000])
    within = sum(1 for r in refs if r.verdict == "within noise")
    if within and not show_all:
        out.append(("- " if md else "") + f"{within} within noise of their reference")
    cleared = sum(1 for r in refs if r.verdict == BAR_CLEARED)
    if cleared and not show_all:
        said = "1 clears the bar stated beside it" if cleared == 1 else f"{cleared} clear the bars stated beside them"
        out.append(("- " if md else "") + said)
    return out


def _tested_section(
    tested: Sequence[TestedCommit], measured: Sequence[str], md: bool, width: int | None = None
) -> list[str]:
    if not tested:
        return []
    out = ["", ("#### " if md else "") + "Stated versus tested", ""]
    bullet = "- " if md else "  "
    esc = markdown if md else terminal
    for t in tested:
        gates = ", ".join(f"{n} {o}" for o, n in sorted(t.gates.items()))
        what = f"CI ran on {t.sha} ({gates})" if t.source == "CI" else f"the PR's head on GitHub is {t.sha}"
        if t.covered_by:
            out.append(f"{bullet}{esc(what)}; measured claims name it: {esc(', '.join(t.covered_by))}")
        else:
            out.append(f"{bullet}{esc(what)}; no measured claim covers {esc(t.sha)}")
    if measured:
        out.append(f"{bullet}measured revisions: {esc(', '.join(measured))}")
    return [_fit(x, width) for x in out] if width else out


_SPARK = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[float]) -> str:
    if not values:
        return ""
    lo, hi = min(values), max(values)
    if hi == lo:
        return _SPARK[3] * len(values)
    return "".join(_SPARK[min(7, int((v - lo) / (hi - lo) * 7 + 0.5))] for v in values)


def _bars(values: Sequence[float], width: int) -> tuple[list[str], str]:
    """Bars drawn from zero, or, when the values differ by under 5% of their size (1.969 against 1.971), as
    signed deltas from the first value, so a bar never exaggerates a difference; and how they are drawn."""
    top = max(abs(v) for v in values) or 1.0
    spread = max(values) - min(values)
    if spread and spread < 0.05 * top:
        base = values[0]
        most = max(abs(v - base) for v in values) or 1.0
        half = max(1, width // 2)
        bars = []
        for v in values:
            n = round(abs(v - base) / most * half)
            bars.append(("+" if v >= base else "-") + ("█" * n if v >= base else "▒" * n))
        return bars, f"bars: change from the first, full bar {most:.3g}"
    return ["█" * max(1 if v else 0, round(abs(v) / top * width)) for v in values], "bars from 0"


def render_trend(metric: str, series: Sequence[Any], fmt: str, *, single: int = 0, width: int | None = None) -> str:
    """One chart per series (its points oldest first), then how many one-point series were folded away."""
    md = fmt == "markdown"
    esc = markdown if md else terminal
    total = None if md else (width or console_width())
    out: list[str] = []
    for s in series:
        pts = [(name, c, v) for name, c in s.points if (v := number(c)) is not None]
        if not pts:
            continue
        vals = [v for _, _, v in pts]
        name_w = min(max(len(terminal(n)) for n, _, _ in pts), 40)
        value_w = min(max(len(fmt_claim(c, spread=False)) for _, c, _ in pts), 16)
        bar_w = max(8, min(40, (total or 80) - name_w - value_w - 8))
        bars, how = _bars(vals, bar_w)
        head = f"{esc(s.label)}: {sparkline(vals)}  (min {min(vals):g}, max {max(vals):g}, {len(vals)} points; {how})"
        out.append(("#### " + head) if md else head)
        if md:
            out.append("```")
        for (name, c, _), bar in zip(pts, bars, strict=True):
            n = terminal(name)
            n = n if len(n) <= name_w else n[: name_w - 1] + "…"
            out.append(f"  {n.ljust(name_w)}  {fmt_claim(c, spread=False):>{value_w}}  {bar}{runs_listed(c)}")
        if md:
            out.append("```")
        latest = s.latest
        if latest is not None:
            out.append(f"  latest: {SYMBOL[latest.verdict]} {_delta(latest)} {_thr(latest)}; {latest.reason}")
        out.append("")
    if single:
        out.append(f"{single} series with one point only (--all draws them)")
    if not out:
        return f"no values for {metric}\n"
    if total:
        out = [x if len(x) <= total else x[: total - 1] + "…" for x in out]
    return "\n".join(out).rstrip() + "\n"
