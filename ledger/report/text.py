"""The report as text: the terminal (prose wrapped to the width, never cut) and markdown (the PR comment).

One layout for both: the title with the verdict, the revisions by short label and sha, then the sections of
ledger.report.findings in order, then the series judged between revisions; `show_all` adds every series, the
findings each section keeps back, and the stated-versus-tested list.
"""

from __future__ import annotations

import os
import sys
import textwrap
from collections import Counter
from collections.abc import Sequence
from typing import Protocol, get_args

from ledger.compare.branches import branch_note
from ledger.compare.references import FAILING_WORDS, ORIGINAL, OTHER_ENGINE
from ledger.compare.render import console_width, render_rows, shared_setup, summary
from ledger.compare.run import Comparison
from ledger.compare.support_cells import support_section
from ledger.messages import REPORT_MARKER
from ledger.model import BROKEN_NOTE, Outcome
from ledger.neutral import markdown, terminal
from ledger.report.findings import Finding, Section
from ledger.report.latest_steps import dropped_now, read_as_page, recovered_summary, step_order
from ledger.report.net import BROKEN_BASE, BROKEN_STATE, net_win


class Report(Protocol):
    """What the text reads of a report (ledger.report.Report, which renders itself through this module)."""

    pr: str
    comparison: Comparison
    older: dict[str, int]
    sections: list[Section]
    names: dict[str, str]

    @property
    def extra(self) -> Sequence[Appendix]: ...

    def section(self, name: str) -> Section: ...


class Appendix(Protocol):
    """A section another module appends (ledger.report.Appendix): its own lines, after the answer."""

    def lines(self, md: bool) -> list[str]: ...


FIX_UNMEASURED = "the regression it fixes is documented; the fix is not measured"
"""The headline's word when every judged result is the broken state a fix starts from (model.BROKEN_NOTE)."""
_GATE = frozenset(get_args(Outcome))
PIPED_WIDTH = 100
"""Prose is wrapped to this width when the output is not a terminal and COLUMNS is unset."""
JUDGED = ("regression", "fewer tests", "waived", "improvement")
"""Series verdicts listed row by row on the first screen; the others are counted (--all lists them)."""


def report_width() -> int:
    """COLUMNS, else the terminal's width, else PIPED_WIDTH (a pipe or a file is never cut at 80)."""
    cols = os.environ.get("COLUMNS", "")
    if cols.isdigit() and int(cols) >= 40:
        return int(cols)
    return console_width() if sys.stdout.isatty() else PIPED_WIDTH


def headline(report: Report) -> str:
    """The answer in one line: regressions and failures, coverage changes, what is not verified."""
    fails = report.section("failures").findings
    counts = Counter(f.verdict for f in fails)
    # a perf value worse than its stated baseline is a regression in the failures' words ("worse than baseline")
    parts = [
        f"{counts[v]} {v}{'s' if v == 'regression' and counts[v] > 1 else ''}"
        for v in ("regression", *FAILING_WORDS, "fail", "waived", BROKEN_BASE)
        if counts[v]
    ]
    # a few cells worse than the base of a set its stated summary calls a net gain: both said ("Geomean 1.21 x")
    if any(counts[v] for v in FAILING_WORDS) and (net := net_win(report.comparison)) is not None:
        parts.insert(sum(1 for v in ("regression", *FAILING_WORDS) if counts[v]), net)
    if any(f.verdict == "fail" for f in report.section("ci").findings):
        parts.append("the latest CI run failed")
    elif any(f.verdict == "pending" for f in report.section("ci").findings):
        parts.append("the latest CI run has no result yet")
    versions = read_as_page(report.comparison.revisions)
    if versions and counts["regression"]:
        # (a page's versions: each series by its latest step; a fall in a table a later version dropped is said so)
        gone = dropped_now(report.comparison)
        last = f"R{len(report.comparison.revisions)}"
        parts[0] += " now" + (f" ({gone} of them last stated before {last})" if gone else "")
    verdict = (
        "; ".join(parts)
        if any(counts[v] for v in ("regression", *FAILING_WORDS))
        else "no regression" + (f" ({'; '.join(parts)})" if parts else "")
    )
    if steps := (recovered_summary if versions else step_regressions)(report.comparison):
        # (a release page's earlier falls a later version rose from; a PR's step regressions its first-against-last
        # verdict hides: the rows below list each step, so does this)
        word = " now; " if versions else " first to last; "
        verdict += f"{'; ' if counts['regression'] else word}{steps}"
    cov = len(report.section("coverage").findings)
    nv = len(report.section("not_verified").findings)
    tail = [f"{cov} coverage change{'s' if cov != 1 else ''}" if cov else "", f"{nv} not verified" if nv else ""]
    if any(f.verdict == "other head" for f in report.section("ci").findings):
        tail.append("evidence not measured on the newest head")
    # (a gate's pass or fail beside them measures nothing against a reference)
    judged = [
        f for f in (*report.section("results").findings, *report.section("results").more) if f.verdict not in _GATE
    ] + [f for f in fails if f.verdict == BROKEN_STATE]  # (the same fall, judged against the baseline's revision)
    if judged and all(BROKEN_NOTE in f.caveats for f in judged):
        # every result stands on the broken state ("Regression after rebase" in a restoring PR): the bug is shown,
        # the change that fixes it is not measured
        tail.append(FIX_UNMEASURED)
    return ", ".join([verdict, *[t for t in tail if t]])


def step_regressions(c: Comparison) -> str:
    """The step regressions the rows between revisions list that no series' first-against-last verdict counts
    ("32 step regressions (27 R2->R3, 5 R3->R4)"), or "" where there are none."""
    at = {r.name: f"R{i}" for i, r in enumerate(c.revisions, 1)}
    steps = Counter(
        f"{at.get(p.old_rev or '', '?')}->{at.get(p.new_rev or '', '?')}"
        for r in c.rows
        if r.overall is not None and r.overall.verdict != "regression"
        for p in r.turns()
        if p.verdict == "regression"
    )
    n = sum(steps.values())
    if not n:
        return ""
    each = ", ".join(f"{k} {step}" for step, k in sorted(steps.items(), key=lambda kv: step_order(kv[0])))
    return f"{n} step regression{'s' if n > 1 else ''} ({each})"


def _finding_line(f: Finding, md: bool) -> str:
    where = f.revision or ""
    if f.line is not None:
        where = f"{where}, line {f.line}" if where else f"line {f.line}"
    text = f"{f.verdict}: {f.text}" + (f" ({where})" if where else "")
    if f.caveats:
        text += "; caveat: " + "; ".join(f.caveats)
    return text


def _section_lines(sec: Section, md: bool, width: int, show_all: bool) -> list[str]:
    esc = markdown if md else terminal
    out = ["", f"#### {markdown(sec.title)}" if md else sec.title]
    items = [*sec.findings, *(sec.more if show_all else [])]
    if not items:
        out.append("- none" if md else "  none")
    for f in items:
        line = esc(_finding_line(f, md))
        if md:
            out.append(f"- {line}")
        else:
            out += textwrap.wrap(
                line,
                width,
                initial_indent="  ",
                subsequent_indent="      ",
                break_long_words=False,
                break_on_hyphens=False,
            ) or [""]
    if sec.more and not show_all:
        out.append(("- " if md else "  ") + f"({len(sec.more)} more with --all)")
    return out


def _between(report: Report, md: bool, width: int, show_all: bool) -> list[str]:
    c = report.comparison
    if len(c.revisions) < 2:
        return []
    # two setups are never judged against each other: "not comparable" rows are counted here, listed by --all
    apart = [r for r in c.rows if r.overall and r.overall.verdict == "not comparable"]
    rows = c.rows if show_all else [r for r in c.rows if not any(r is a for a in apart)]
    shared = shared_setup([r for r in rows if r.overall and (show_all or r.overall.verdict in JUDGED)])
    title = f"Between revisions, R1 -> R{len(c.revisions)}"
    body = render_rows(
        c.revisions, rows, "markdown" if md else "table", width=width, show_all=show_all, title=title, shared=shared
    )
    # the table's own title and legend are said above: keep its rows and counts
    cut = next((i for i, x in enumerate(body) if i > 1 and not x.strip()), len(body))
    out = ["", f"#### {markdown(title)}" if md else title]
    if shared:
        said = "setup of every series below: " + ", ".join(f"{k}={v}" for k, v in shared)
        if md:
            out.append("- " + markdown(said))
        else:  # (one screen: a long setup wraps under itself rather than past the terminal's edge)
            out += textwrap.wrap(
                terminal(said), width=min(width or 100, 100), initial_indent="  ", subsequent_indent="    "
            )
    out += body[cut:]
    if apart and not show_all:
        out.append(
            # (each side of such a row is a setup the text states, in one revision or in several: never "measured
            # once", which is what a series no later revision re-ran is called)
            ("- " if md else "") + f"{len(apart)} not comparable (setups that differ between revisions, never "
            "judged; --all lists them)"
        )
    return out


def render_report(report: Report, md: bool, width: int | None, show_all: bool) -> str:
    """The whole report as text."""
    width = width or report_width()
    c = report.comparison
    esc = markdown if md else terminal
    out: list[str] = [REPORT_MARKER] if md else []
    title = f"ledger report: {esc(report.pr)}: {esc(headline(report))}"
    out += [f"### {title}"] if md else textwrap.wrap(title, width, subsequent_indent="  ", break_long_words=False)
    out.append("")
    if len(c.revisions) == 1:
        out.append(("- " if md else "  ") + f"one revision: {esc(c.revisions[0].name)}")
    every = [x.name for x in c.revisions]
    for i, r in enumerate(c.revisions if len(c.revisions) > 1 else [], 1):
        name = (report.names.get(r.name) or r.name) + branch_note(r.branch, r.branch_base, every)
        out.append(f"- R{i}: {esc(name)}" if md else f"  R{i}  {esc(name)}")
    for sec in report.sections:
        out += _section_lines(sec, md, width, show_all)
    out += _between(report, md, width, show_all)
    out += support_section(c.support, c.revisions, md, width, show_all)  # a docs page's matrices, version by version
    for appendix in report.extra:  # the main line's history, where the flagged values were written
        out += appendix.lines(md)
    if show_all:
        out += _rest(report, md)
    counts = Counter(r.overall.verdict for r in c.rows if r.overall)
    own = [r for r in c.references if not r.origin.startswith((OTHER_ENGINE, ORIGINAL))]
    checked = f" ({summary([r.verdict for r in own])})" if own else ""
    others = sum(r.origin.startswith(OTHER_ENGINE) for r in c.references)
    checked += f"; {others} against another engine" if others else ""
    originals = len(c.references) - len(own) - others  # (a quantised model's scores beside its original's)
    checked += f"; {originals} against the unquantised original" if originals else ""
    # (a page's versions: the headline says where each series stands now, the table and these counts first to last)
    which = " (first against last)" if read_as_page(c.revisions) else ""
    last = f"counts{which}: {summary(list(counts.elements()))}; {len(own)} reference check(s){checked}" + (
        "" if show_all else "; --all shows the rest"
    )
    out += ["", f"- {last}"] if md else ["", *textwrap.wrap(last, width, subsequent_indent="  ")]
    return "\n".join(out).strip("\n") + "\n"


def _rest(report: Report, md: bool) -> list[str]:
    esc = markdown if md else terminal
    bullet = "- " if md else "  "
    out: list[str] = []
    if report.older:
        out += [
            "",
            "#### Evidence measured on an older head than the newest"
            if md
            else "Evidence measured on an older head than the newest",
        ]
        out += [bullet + esc(f"{n} series last measured at {name}") for name, n in report.older.items()]
    tested = report.comparison.tested
    if tested:
        out += ["", "#### CI and the revisions" if md else "CI and the revisions"]
        for t in tested:
            gates = ", ".join(f"{n} {o}" for o, n in sorted(t.gates.items()))
            what = f"CI ran on {t.sha} ({gates})" if t.source == "CI" else f"GitHub's head is {t.sha}"
            tail = f"measured claims name it: {', '.join(t.covered_by)}" if t.covered_by else "no claim names it"
            out.append(bullet + esc(f"{what}; {tail}"))
    return out
