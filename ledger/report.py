"""`ledger report PR`: what a reviewer reads about one pull request, fit to post as a PR comment.

Built from the same comparison as `ledger compare` (its revisions oldest -> newest, its values against
their references, its CI runs): regressions and values below their reference first, then gates that
failed, were waived or were not verified, evidence measured on an older head than the newest, CI runs
on commits no claim names, then counts. `render("markdown")` is fit to post: under GitHub's 65,536
characters, every document text neutralised (no HTML, no markdown syntax, no @mention, #123 or bare
URL that GitHub would act on), and a hidden marker (MARKER) a bot finds to update one comment in place.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from ledger.compare.align import Row
from ledger.compare.noise import NoiseModel
from ledger.compare.references import ReferenceCheck
from ledger.compare.render import console_width, fmt_claim, render_rows, summary
from ledger.compare.run import Comparison, run_compare
from ledger.messages import REPORT_MARKER
from ledger.model import Claim
from ledger.neutral import json_text, markdown, terminal
from ledger.output.rows import dumps_indented

MARKER = REPORT_MARKER
"""The first line of every markdown report: the GitHub Action finds its own comment by it."""
COMMENT_LIMIT = 65_536
"""GitHub's limit on a comment body, in characters."""
ATTENTION = ("fail", "waived", "not_verified", "not_run")


class Section(Protocol):
    """A section appended to the report by another module (ledger.compare.history: the main line)."""

    name: str
    """Its key in the JSON report."""

    @property
    def alerts(self) -> int: ...

    @property
    def judged(self) -> int: ...

    @property
    def moved(self) -> int: ...

    def lines(self, md: bool) -> list[str]: ...

    def to_json(self) -> Any: ...


@dataclass
class Report:
    """One pull request's evidence, judged."""

    pr: str
    comparison: Comparison
    gates: list[Claim] = field(default_factory=list)
    """Gates of the newest text whose outcome needs a look (failed, waived, not verified, not run)."""
    older: dict[str, int] = field(default_factory=dict)
    """Revision name -> series whose latest value was measured there, not at the newest revision."""
    extra: list[Section] = field(default_factory=list)
    """Sections appended after the report's own (`build_report(history_days=...)`)."""

    @property
    def regressions(self) -> list[Row]:
        return self.comparison.regressions

    @property
    def below_reference(self) -> list[ReferenceCheck]:
        return [r for r in self.comparison.references if r.verdict == "regression"]

    @property
    def has_regression(self) -> bool:
        return self.comparison.has_regression or any(s.alerts for s in self.extra)

    @property
    def compared(self) -> bool:
        return self.comparison.compared or bool(self.gates) or any(s.judged for s in self.extra)

    def render(self, fmt: str = "table", width: int | None = None) -> str:
        """table (fit to the terminal), markdown (fit to post) or json."""
        if fmt == "json":
            return json_text(dumps_indented(self.to_json()))
        md = fmt == "markdown"
        width = None if md else (width or console_width())
        text = "\n".join(self._lines(md, width)).strip("\n") + "\n"
        return _fit_comment(text) if md else text

    def to_json(self) -> dict[str, Any]:
        from ledger.compare.render import row_json, tested_json

        c = self.comparison

        names = [r.name for r in c.revisions]
        return {
            "pr": self.pr, "revisions": [r.name for r in c.revisions],
            "regressions": [row_json(r, names) for r in self.regressions],
            "below_reference": [r.to_json() for r in self.below_reference],
            "gates": [{"metric": g.metric, "outcome": g.outcome, "outcome_text": g.outcome_text,
                       "revision": g.revision.label if g.revision else None, "line": g.source.line}
                      for g in self.gates],
            "older_evidence": self.older, "tested": tested_json(c.tested, c.measured),
            "summary": dict(Counter(r.overall.verdict for r in c.rows if r.overall)),
            **{s.name: s.to_json() for s in self.extra},
        }

    def _lines(self, md: bool, width: int | None) -> list[str]:
        c = self.comparison
        esc = markdown if md else terminal
        out: list[str] = [MARKER] if md else []
        regs, below = self.regressions, self.below_reference
        verdict = (f"{len(regs)} regression{'s' if len(regs) != 1 else ''}, {len(below)} below reference"
                   if regs or below else "no regression, nothing below its reference")
        out.append(f"{'### ' if md else ''}ledger report: {esc(self.pr)}: {verdict}")
        out.append("")
        rows = c.rows
        if len(c.revisions) > 1:
            out += render_rows(c.revisions, rows, "markdown" if md else "table", width=width,
                               title=f"{len(c.revisions)} revisions, oldest first")[2:]
        elif c.revisions:
            out.append(("- " if md else "  ") + f"one revision: {esc(c.revisions[0].name)}")
        if below:
            out += ["", f"{'#### ' if md else ''}Below their reference", ""]
            for r in below:
                cfg = ", ".join(f"{k}={v}" for k, v in r.key.config)
                line = (f"{r.key.metric}{f' [{cfg}]' if cfg else ''}: {fmt_claim(r.claim)} against {r.reference:g} "
                        f"({r.delta:+.4g}, {r.threshold.display} {r.threshold.basis}) in {r.revision or '?'}")
                out.append(("- " if md else "  ") + esc(line))
        if self.gates:
            out += ["", f"{'#### ' if md else ''}Gates that need a look", ""]
            for g in self.gates:
                where = g.revision.label if g.revision and g.revision.label else "no revision stated"
                out.append(("- " if md else "  ") + esc(f"{g.outcome}: {g.metric} ({where}, line {g.source.line})"))
        if self.older:
            out += ["", f"{'#### ' if md else ''}Evidence measured on an older head than the newest", ""]
            for name, n in self.older.items():
                out.append(("- " if md else "  ") + esc(f"{n} series last measured at {name}"))
        untested = [t for t in c.tested if not t.covered_by]
        if untested or c.tested:
            out += ["", f"{'#### ' if md else ''}CI and the revisions", ""]
            for t in c.tested:
                gates = ", ".join(f"{n} {o}" for o, n in sorted(t.gates.items()))
                what = f"CI ran on {t.sha} ({gates})" if t.source == "CI" else f"GitHub's head is {t.sha}"
                tail = f"measured claims name it: {', '.join(t.covered_by)}" if t.covered_by else "no claim names it"
                out.append(("- " if md else "  ") + esc(f"{what}; {tail}"))
        counts = Counter(r.overall.verdict for r in rows if r.overall)
        # a one-revision table of "this PR | main" columns is judged by its reference checks: say how they went
        checked = f" ({summary([r.verdict for r in c.references])})" if c.references else ""
        out += ["", ("- " if md else "") + f"counts: {summary(list(counts.elements()))}; "
                f"{len(c.references)} reference check(s){checked}"]
        for section in self.extra:
            out += section.lines(md)
        if width:
            out = [x if len(x) <= width else x[: width - 1] + "…" for x in out]
        return out


def _fit_comment(text: str) -> str:
    """Cut at a line so the comment stays under GitHub's limit, saying so."""
    if len(text) <= COMMENT_LIMIT:
        return text
    note = "\n\n(cut to fit a GitHub comment: `ledger report --format json` has everything)\n"
    keep = text[: COMMENT_LIMIT - len(note) - 1]
    return keep[: keep.rfind("\n")] + note


def build_report(pr: str, *, db: str, noise: NoiseModel | None = None, input_format: str | None = None,
                 model: str | None = None, repo: str | None = None, stored_only: bool = False,
                 history_days: int | None = None) -> Report:
    """The report of one pull request (owner/repo#N, a PR URL, #N with `repo`, a ledger document, a file;
    `stored_only`: a ledger document, never a file). `history_days`: also judge its values against those the
    repository's PRs merged in that many days stated for the same setup (ledger.compare.history)."""
    comparison = run_compare([pr], db=db, noise=noise, input_format=input_format, model=model, repo=repo,
                             stored_only=stored_only)
    latest = [next((c for c in reversed(row.cells) if c is not None), None) for row in comparison.rows]
    candidates = [c for c in latest if c is not None] if comparison.rows else comparison.newest
    gates: list[Claim] = []
    seen: set[tuple[str | None, str | None]] = set()
    for c in candidates:
        if c.kind == "gate" and c.outcome in ATTENTION and (c.metric, c.outcome) not in seen:
            seen.add((c.metric, c.outcome))
            gates.append(c)
    names = [r.name for r in comparison.revisions]
    last_at: Counter[int] = Counter()
    for row in comparison.rows:
        stated = [i for i, c in enumerate(row.cells) if c is not None]
        if stated and names and stated[-1] != len(names) - 1 and row.key.kind != "gate":
            last_at[stated[-1]] += 1
    older = {f"R{i + 1} {names[i]}": last_at[i] for i in sorted(last_at)}  # oldest first
    name = (comparison.revisions[-1].document or pr) if comparison.revisions else pr
    return _with_sections(Report(name, comparison, gates, older), db, noise, history_days)


# ---- sections appended by other modules: the main line's history, where flagged values were written ----------


def _with_sections(report: Report, db: str, noise: NoiseModel | None, history_days: int | None) -> Report:
    from ledger.where_written import where_written

    flagged = [(r.key.label(), c) for r in report.regressions
               if (c := next((x for x in reversed(r.cells) if x is not None), None)) is not None]
    flagged += [(f"{r.key.label()} below its reference", r.claim) for r in report.below_reference]
    if history_days is not None:
        from ledger.compare.history import main_line_history

        history = main_line_history(report.comparison, report.pr, db=db, days=history_days, noise=noise)
        report.extra.append(history)
        flagged += [(f"{e.key.label()} against the main line", e.claim) for e in history.entries]
    if flagged:
        report.extra.append(where_written(flagged, db=db))
    return report
