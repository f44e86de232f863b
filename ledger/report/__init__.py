"""`ledger report PR`: what a reviewer reads about one pull request, fit to post as a PR comment.

Built from the same comparison as `ledger compare` (its revisions oldest -> newest, its values against
their references, its CI runs), it answers in the order a reviewer asks (ledger.report.findings): does CI
pass on the newest head and is that the head the evidence was measured on; the results against their
references (the headline before/after values with their caveats); regressions and failures (waived ones
listed as waived); coverage changes; what is not verified; then the rest (`show_all`). `build_report`
returns the typed answer (`Report.sections`) the terminal, the PR comment, JSON (`to_dict()`) and the web page
share.
`render("markdown")` is fit to post: under GitHub's 65,536 characters, every document text neutralised (no
HTML, no markdown syntax, no @mention, #123 or bare URL that GitHub would act on), and a hidden marker
(MARKER) a bot finds to update one comment in place.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ledger.compare.align import Row
from ledger.compare.judge import REMOVED
from ledger.compare.noise import NoiseModel
from ledger.compare.references import FAILING_WORDS, ReferenceCheck
from ledger.compare.run import Comparison
from ledger.messages import REPORT_MARKER
from ledger.model import Claim
from ledger.output.rows import dumps_indented
from ledger.report.arms import arm_findings
from ledger.report.branch_builds import branch_findings
from ledger.report.engines import engines_section
from ledger.report.findings import (
    Section,
    attention_gates,
    ci_section,
    coverage_section,
    failures_section,
    not_verified_section,
    results_section,
    rev_name,
    short_name,
)
from ledger.report.launch_setups import feature_row_findings, launch_setup_findings
from ledger.report.net import broken_base_rows, fell_into_broken_state
from ledger.report.passing_counts import passing_counts
from ledger.report.stage_gates import split_stage_gates
from ledger.report.stated import stated_changes
from ledger.report.withdrawn import withdrawn_findings

if TYPE_CHECKING:
    from ledger.db.opened import OpenLedger

MARKER = REPORT_MARKER
"""The first line of every markdown report: the GitHub Action finds its own comment by it."""
COMMENT_LIMIT = 65_536
"""GitHub's limit on a comment body, in characters."""
ATTENTION = ("fail", "waived", "not_verified", "not_run")
BLOCKING = ("regression", *FAILING_WORDS, "fail")
"""Verdicts of the failures section that make the report fail (`--fail-on-regression`): waived ones do not."""


class Appendix(Protocol):
    """A section appended after the report's own by another module (ledger.report.history: the main line;
    ledger.where_written: where each flagged value was written)."""

    name: str
    """Its key in the JSON report."""

    @property
    def alerts(self) -> int: ...

    @property
    def judged(self) -> int: ...

    @property
    def moved(self) -> int: ...

    def lines(self, md: bool) -> list[str]: ...

    def to_json(self) -> Any:
        """Its value under `name` in the report's `to_dict()`: any JSON value (where values were written is a
        list), so not a `to_dict` of its own."""
        ...


@dataclass
class Report:
    """One pull request's evidence, judged, as sections of findings."""

    pr: str
    comparison: Comparison
    gates: list[Claim] = field(default_factory=list)
    """Gates of the newest revision and of no revision whose outcome needs a look (failed, waived, not verified,
    not run)."""
    older: dict[str, int] = field(default_factory=dict)
    """Revision name -> series whose latest value was measured there, not at the newest revision."""
    sections: list[Section] = field(default_factory=list)
    """The answer, in the order a reviewer asks (ledger.report.findings.SECTIONS)."""
    names: dict[str, str] = field(default_factory=dict)
    """Revision name -> its short label and sha."""
    extra: list[Appendix] = field(default_factory=list)
    """Sections appended after the report's own (`build_report(history_days=...)`, where values were written)."""

    @property
    def regressions(self) -> list[Row]:
        """The regressions between revisions, less a speed lost against a side whose output was broken and a fall into
        the broken state a restoring change starts from (report.net)."""
        excused = broken_base_rows(self.comparison)
        return [
            r for r in self.comparison.regressions if not any(r is e for e in excused) and not fell_into_broken_state(r)
        ]

    @property
    def below_reference(self) -> list[ReferenceCheck]:
        return [r for r in self.comparison.references if r.verdict == "regression" and r.can_fail]

    @property
    def has_regression(self) -> bool:
        """A regression between revisions or below a reference (never a waived failure, nor a speed lost against a
        broken side), or against the main line."""
        return bool(self.regressions) or bool(self.below_reference) or any(s.alerts for s in self.extra)

    @property
    def compared(self) -> bool:
        return (
            self.comparison.compared
            or bool(self.gates)
            or bool(self.comparison.ci)  # the CI bot's runs: the latest answers whether CI passes
            or any(s.findings for s in self.sections if s.name != "ci")
            # "measured on 16c77372, not on eee09fba": evidence on another head than the PR's is worth a report
            or any(f.verdict == "other head" for s in self.sections if s.name == "ci" for f in s.findings)
            or any(s.judged for s in self.extra)
        )

    def section(self, name: str) -> Section:
        return next(s for s in self.sections if s.name == name)

    def render(self, fmt: str = "table", width: int | None = None, *, show_all: bool = False) -> str:
        """table (prose wrapped to the width), markdown (fit to post) or json."""
        if fmt == "json":
            return dumps_indented(self.to_dict())
        from ledger.report.text import render_report

        text = render_report(self, fmt == "markdown", width, show_all)
        return _fit_comment(text) if fmt == "markdown" else text

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape (`ledger report --format json`, the PR page's `.json` twin): the headline, the sections'
        findings, the regressions and values below their reference, the gates that need a look, stated versus
        tested, the verdicts counted, and each appended section under its name."""
        from ledger.compare.shapes import row_dict, tested_dict

        c = self.comparison
        names = [r.name for r in c.revisions]
        from ledger.report.text import headline

        return {
            "pr": self.pr,
            "headline": headline(self),
            "revisions": names,
            "revision_names": [
                {"name": r.name, "short": self.names.get(r.name) or r.name, "label": r.label, "head": r.head}
                for r in c.revisions
            ],
            "sections": [s.to_dict() for s in self.sections],
            "has_regression": self.has_regression,
            "regressions": [row_dict(r, names) for r in self.regressions],
            "below_reference": [r.to_dict() for r in self.below_reference],
            "gates": [
                {
                    "metric": g.metric,
                    "outcome": g.outcome,
                    "outcome_text": g.outcome_text,
                    "revision": g.revision.label if g.revision else None,
                    "line": g.source.line,
                }
                for g in self.gates
            ],
            "older_evidence": self.older,
            "tested": tested_dict(c.tested, c.measured),
            "summary": dict(Counter(r.overall.verdict for r in c.rows if r.overall)),
            **{s.name: s.to_json() for s in self.extra},
        }


def _fit_comment(text: str) -> str:
    """Cut at a line so the comment stays under GitHub's limit, saying so."""
    if len(text) <= COMMENT_LIMIT:
        return text
    note = "\n\n(cut to fit a GitHub comment: `ledger report --format json` has everything)\n"
    keep = text[: COMMENT_LIMIT - len(note) - 1]
    return keep[: keep.rfind("\n")] + note


def _older(comparison: Comparison) -> dict[str, int]:
    names = [r.name for r in comparison.revisions]
    last_at: Counter[int] = Counter()
    for row in comparison.rows:
        stated = [i for i, c in enumerate(row.cells) if c is not None]
        removed = row.overall is not None and row.overall.verdict == REMOVED  # a page dropped it: not older evidence
        if stated and names and stated[-1] != len(names) - 1 and row.key.kind != "gate" and not removed:
            last_at[stated[-1]] += 1
    return {f"R{i + 1} {names[i]}": last_at[i] for i in sorted(last_at)}  # oldest first


def build_report(
    pr: str,
    *,
    book: OpenLedger,
    noise: NoiseModel | None = None,
    input_format: str | None = None,
    model: str | None = None,
    repo: str | None = None,
    stored_only: bool = False,
    history_days: int | None = None,
) -> Report:
    """The report of one pull request (owner/repo#N, a PR URL, #N with `repo`, a ledger document, a file;
    `stored_only`: a ledger document, never a file). `history_days`: also judge its values against those the
    repository's PRs merged in that many days stated for the same setup (ledger.report.history)."""
    from ledger.targets import run_compare

    comparison = run_compare(
        [pr], book=book, noise=noise, input_format=input_format, model=model, repo=repo, stored_only=stored_only
    )
    outside = comparison.outside.claims if comparison.outside else []
    own = [*comparison.newest, *outside]
    names = {r.name: short_name(r) for r in comparison.revisions}
    # (a gate "the first head" failed: that push was replaced, so no failure of the change; said among the results)
    gates, earlier = split_stage_gates(attention_gates(comparison, own), names)
    for g in gates:  # a gate's own revision (a CI run it names) by its short name too
        if g.revision and (g.revision.label or g.revision.head):
            names.setdefault(rev_name(g), short_name(None, rev_name(g)))
    sections = [
        ci_section(comparison, comparison.ci),
        results_section(comparison, names, comparison.lines, attention_gates(comparison, own, passed=True)),
        failures_section(comparison, names, gates, own, comparison.lines),
        coverage_section(comparison, names, outside, gates),
        not_verified_section(gates, names),
    ]
    # the changes the text states in words ("~9% faster TG compared to master"): judged as stated (report.stated)
    gains, losses = stated_changes(own, names, (noise or NoiseModel()).perf_rel, comparison.lines)
    sections[1].findings.extend(gains)
    sections[2].findings.extend(losses)
    # a PR build off a timeline's main line, against its base build (report.branch_builds)
    gains, losses = branch_findings(comparison.rows, names)
    sections[1].findings.extend(gains)
    sections[2].findings.extend(losses)
    # the rows of a sweep that are arms, the proposed one against the rest column by column (report.arms)
    summaries, columns = arm_findings(own, names, (noise or NoiseModel()).perf_rel)
    sections[1].findings.extend(summaries)
    sections[1].more.extend(columns)
    # test counts that passed with nothing failed: the suites a reviewer reads as green (report.passing_counts)
    shown, rest = passing_counts(comparison, own, names)
    sections[1].findings.extend(shown)
    sections[1].more.extend(rest)
    sections[1].findings.extend(launch_setup_findings(own, names))  # two launches, neither the change: side by side
    sections[1].findings.extend(feature_row_findings(own, names))  # ("X TP8" and "X Prefix Cache TP8": two setups)
    # a value its author took back further on ("I messed up the 13B Master number"): said, never judged
    sections[1].findings.extend(withdrawn_findings(comparison.withdrawn, names))
    sections[1].findings.extend(earlier)
    if (engines := engines_section(comparison, names, comparison.lines)).findings:
        sections.insert(2, engines)  # (after the results: how the PR stands against another project)
    name = (comparison.revisions[-1].document or pr) if comparison.revisions else pr
    report = Report(name, comparison, gates, _older(comparison), sections, names)
    return _with_appendices(report, book, noise, history_days)


def _with_appendices(report: Report, book: OpenLedger, noise: NoiseModel | None, history_days: int | None) -> Report:
    """The main line's history (when asked) and where each flagged value was written, after the answer."""
    from ledger.where_written import where_written

    flagged = [
        (r.key.label(), c)
        for r in report.regressions
        if (c := next((x for x in reversed(r.cells) if x is not None), None)) is not None
    ]
    flagged += [(f"{r.key.label()} below its reference", r.claim) for r in report.below_reference]
    if history_days is not None:
        from ledger.report.history import main_line_history

        history = main_line_history(report.comparison, report.pr, book=book, days=history_days, noise=noise)
        report.extra.append(history)
        flagged += [(f"{e.key.label()} against the main line", e.claim) for e in history.entries]
    if flagged:
        report.extra.append(where_written(flagged, book=book))
    return report
