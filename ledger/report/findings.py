"""The report's answer, section by section: what a reviewer asks of a PR, in the order they ask it.

1. ci: does CI pass on the newest head, and is that the head the evidence was measured on;
2. results: the newest revision's values against their references, the headline before/after values stated
   outside the revision sections with their caveats (an approximate value, a footnote);
3. failures: regressions, values below their reference, failing gates, and waived failures (listed as waived);
4. coverage: suites that ran fewer cases, a stated cut of a suite, checks not re-run;
5. not_verified: what the text says was not verified or measured;
6. rest: everything else (`--all`).

Each finding is one typed record (verdict, words, revision, line), so the terminal, the PR comment, JSON and the
web page show one answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ledger.compare.align import Row
from ledger.compare.judge import FEWER_TESTS, REGRESSION, WAIVED, cases_run, coverage_text
from ledger.compare.noise import COUNT_BASIS
from ledger.compare.outside import OUTSIDE, ROW_NOTE, footnote, footnote_mark, waiver
from ledger.compare.references import BAR_CLEARED, OTHER_ENGINE, SLOWDOWN, SPEEDUP, ReferenceCheck, reference_word
from ledger.compare.render import fmt_claim
from ledger.compare.revisions import RevisionRef, is_ci_run, same_sha
from ledger.compare.run import Comparison
from ledger.model import BROKEN_NOTE, Claim
from ledger.report.ci_runs import PIPELINE_RE, Run, latest_state, pending_run
from ledger.report.ci_stated import newest_stated_head, prose_ci, triggered_run
from ledger.report.gate_bars import gate_text, row_bars
from ledger.report.latest_steps import page_findings
from ledger.report.net import BROKEN_BASE, BROKEN_STATE, broken_before, fell_into_broken_state
from ledger.report.series_setups import telling_setups
from ledger.report.speedups import contradicted, row_speedups, speedup_text
from ledger.vocab.sides import rebase_state, side_of

SECTIONS = (
    ("ci", "CI on the newest head"),
    ("results", "Results against their references"),
    ("failures", "Regressions and failures"),
    ("coverage", "Coverage changes"),
    ("not_verified", "Not verified"),
    ("rest", "The rest"),
    ("engines", "Against another engine"),
)
HEADLINE_MAX = 6
"""Rows of a before/after table stated outside the revisions shown on the first screen; the rest with --all."""
HEADLINE_FIRST = 3
"""Without such a table, the first values stated outside the revisions against a baseline shown."""


@dataclass
class Finding:
    """One line of the answer."""

    verdict: str
    text: str
    revision: str | None = None
    line: int | None = None
    metric: str | None = None
    caveats: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "text": self.text,
            "revision": self.revision or None,
            "line": self.line,
            "metric": self.metric,
            "caveats": self.caveats,
        }


@dataclass
class Section:
    """One question and its findings; `more` are shown with --all only."""

    name: str
    title: str
    findings: list[Finding] = field(default_factory=list)
    more: list[Finding] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "findings": [f.to_dict() for f in self.findings],
            "more": [f.to_dict() for f in self.more],
        }


def short_name(ref: RevisionRef | None, name: str | None = None, limit: int = 28) -> str:
    """A revision by a short label and its sha: "Review fixes 6b039cb3c6", "All 26 qwen4_exp gates… 02e2d7a7ea"."""
    if ref is None:
        return name or "?"
    label = (ref.label or "").strip()
    if ref.head and ref.head.lower() in label.lower():
        label = label.replace(ref.head, "").strip()
    if label and not ref.head and ref.name == f"{label} (v{ref.version})":
        label = ref.name  # a label more than one stored version states: each told by its version
    if len(label) > limit:
        cut = label[:limit].rsplit(" ", 1)[0]
        label = (cut or label[:limit]) + "…"
    head = (ref.head or "")[:10]
    if not (label or head or ref.version is not None):
        return ""  # a document of no revision: its values need no name beside them
    return " ".join(x for x in (label, head) if x) or ref.name


def _where(c: Claim, revision: str | None) -> str:
    return f"{revision or 'no revision stated'}, line {c.source.line}"


def ci_section(comp: Comparison, ci: Sequence[Claim]) -> Section:
    """The newest head's CI state, and whether the evidence was measured on it."""
    sec = Section(*SECTIONS[0])
    heads = [h for h in comp.heads if h]
    # ("The L0 pipeline on head `3e4f5a6b`: PASSED" with no bot run and no GitHub head: the text's word on that head)
    prose = not ci and not heads and bool(comp.stated_ci)
    ci = comp.stated_ci if prose else ci
    runs = [c for c in ci if c.revision and c.revision.head]
    newest = heads[-1] if heads else (runs[-1].revision.head if runs and runs[-1].revision else None)
    # "Current PR head: `eee09fba`" with no GitHub head and no CI run: the head the evidence is asked about
    stated = newest_stated_head(comp.stated_heads, comp.revisions) if newest is None and not ci else None
    newest = newest or stated
    measured = next((r for r in reversed(comp.revisions) if r.head), None)
    if newest is None and ci:
        # "[PR_Github #316] ... completed with state SUCCESS" with no commit named: the latest run still answers
        verdict, text, last = latest_state(ci)
        sec.findings.append(Finding(verdict, text, None, last.source.line, last.metric))
    elif newest is None:
        sec.findings.extend(_stated_ci(comp) or [Finding("unknown", "no CI run and no GitHub head stated")])
    else:
        on_head = [c for c in runs if c.revision and c.revision.head and same_sha(c.revision.head, newest)]
        # a bot says each run twice (triggered, then the pipeline's state): the pipelines' results are the runs
        pipelines = [c for c in on_head if PIPELINE_RE.search(c.metric or "")]
        on_head = pipelines or on_head
        src = "GitHub's head" if heads else "the head the text states" if stated else "the newest commit CI ran on"
        src = "the head a CI verdict in the text names" if prose else src
        if on_head:
            last = on_head[-1]
            earlier = on_head[:-1]
            fails = sum(1 for c in earlier if c.outcome == "fail")
            what = "pipelines" if pipelines else "CI results"
            tail = f"; {fails} of {len(earlier)} earlier {what} on it failed" if earlier else ""
            said = f"the latest CI result on {newest[:10]} ({src}): {last.metric}{tail}"
            newer = pending_run(Run([last]))  # (a run the bot started after it: the newest state, still to come)
            sec.findings.append(
                Finding(
                    "pending" if newer else last.outcome or "unknown",
                    f"the latest CI run {newer} has no result yet; before it, {said} ({last.outcome})"
                    if newer
                    else said,
                    None,
                    last.source.line,
                    last.metric,
                )
            )
        else:
            sec.findings.append(Finding("unknown", f"no CI result on {newest[:10]} ({src})"))
        if measured is not None and measured.head:
            same = same_sha(measured.head, newest)
            sec.findings.append(
                Finding(
                    "same head" if same else "other head",
                    f"the evidence was measured on {short_name(measured)}"
                    + ("" if same else f", not on {newest[:10]}"),
                )
            )
    if comp.revisions and rebase_state(comp.revisions[-1].label) == "pre":
        sec.findings.append(Finding("other head", _predates_rebase(comp)))
    for sha in _other_ci_heads(runs, newest):
        sec.more.append(Finding("ci", f"CI also ran on {sha[:10]}: " + _ci_counts(runs, sha)))
    return sec


def _stated_ci(comp: Comparison) -> list[Finding]:
    """With no bot result and no head: a run the thread triggered, then the CI verdicts its text states (ci_stated)."""
    out = [Finding("pending", words, None, line) for words, line in [triggered_run(comp.lines)] if words]
    if (stated := prose_ci(comp.newest)) is not None:
        out.append(Finding(stated[0], stated[1], None, stated[2].source.line, stated[2].metric))
    return out


def _predates_rebase(comp: Comparison) -> str:
    """The newest results are the PR's state before a rebase ("Pre-rebase numbers:", "... measurements on base X;
    not rerun on this rebased head"): the head after it has no measurement of its own."""
    onto = f" onto {comp.rebased_onto[-1][:10]}" if comp.rebased_onto else ""
    base = comp.revisions[-1].base
    on = f" (measured on base {base[:10]})" if base else ""
    return f"every result predates the rebase{onto}{on}: not re-run on the rebased head"


def _other_ci_heads(runs: Sequence[Claim], newest: str | None) -> list[str]:
    shas = [c.revision.head for c in runs if c.revision and c.revision.head]
    return [s for s in dict.fromkeys(shas) if not (newest and same_sha(s, newest))]


def _ci_counts(runs: Sequence[Claim], sha: str) -> str:
    outs = [c.outcome or "?" for c in runs if c.revision and c.revision.head and same_sha(c.revision.head, sha)]
    return ", ".join(f"{outs.count(o)} {o}" for o in dict.fromkeys(outs))


def ref_finding(
    r: ReferenceCheck,
    name: str | None,
    lines: Sequence[str],
    shared: frozenset[tuple[str, str]] = frozenset(),
    doubt: str | None = None,
) -> Finding:
    """One check's finding; the setup it does not share with the other checks (`shared`) beside its name, so that
    the rows of one sweep ("| Conc | Baseline | With PR |") can be told apart."""
    perf = r.claim.kind == "perf"
    word = reference_word(r)  # (compare's words too)
    # (a count out of its population is judged in counts, its noise rule named: a percent of 1 -> 2 says nothing)
    pct = f" ({r.delta / abs(r.reference) * 100:+.1f}%)" if perf and r.reference and not _counted(r) else ""
    own = ", ".join(f"{k}={v}" for k, v in r.key.config if (k, v) not in shared)
    if arm := (r.claim.config or {}).get("variant"):
        own = f"{own}, {arm}" if own else str(arm)  # ("| Baseline | PR no-LP | PR LP |": which arm it is)
    text = (
        f"{r.claim.metric or r.key.metric}{f' [{own}]' if own else ''}: {fmt_claim(r.claim)} vs "
        f"{'baseline' if perf else 'ref'} "
        f"{r.reference:g}: {r.delta:+.4g}{pct} (threshold ±{r.threshold.display.lstrip('±')} "
        f"{r.threshold.basis}{', as the row prints it' if r.printed else ''})"
    )
    if r.origin == "stated bar" and r.verdict == BAR_CLEARED:  # "| gsm8k | 0.871 | 0.85 | pass |": the bar cleared
        text = f"{r.claim.metric or r.key.metric}{f' [{own}]' if own else ''}: {fmt_claim(r.claim)} "
        text += f"vs bar {r.reference:g}: pass"
    elif r.origin == "stated bar":  # "just under the 50% threshold (observed 49.70%)": a bar, no noise band
        text = (
            f"{r.claim.metric or r.key.metric}{f' [{own}]' if own else ''}: {fmt_claim(r.claim)} on the wrong side "
            f"of its stated bar {r.reference:g}: {r.delta:+.4g}"
        )
    elif r.origin in (SLOWDOWN, SPEEDUP):  # "0.969x (98K/b1)" under "Regressions:": slower than the base, as said
        text = speedup_text(r, f"{r.claim.metric or r.key.metric}{f' [{own}]' if own else ''}")
    cav: list[str] = []
    if r.claim.approx:
        cav.append("approximate value")
    note = footnote(lines, r.claim)
    mark = footnote_mark(r.claim)
    if note:
        cav.append(f"{mark} {note}")
    elif mark:
        cav.append(f"marked {mark} in the text")
    if r.claim.note and r.claim.note.startswith(ROW_NOTE):
        text += f", {r.claim.note}"
    if r.superseded:
        cav.append("superseded: a later revision measured it again")
    if _on_base(r):
        cav.append("measured on the base side, before the change")
    elif (r.claim.note or "").startswith(BROKEN_NOTE):
        cav.append(BROKEN_NOTE)  # "fused (broken): ...": the bug the change fixes, never its regression
    if doubt:
        cav.append(doubt)
    if r.verdict == REGRESSION and (said := waiver(lines, r.claim)) is not None:
        cav.append(f"{_WAIVED_BY_TEXT} (line {said})")
    return Finding(word, text, name, r.claim.source.line, r.claim.metric or r.key.metric, cav)


def _counted(r: ReferenceCheck) -> bool:
    return r.threshold.basis.startswith(COUNT_BASIS)


_WAIVED_BY_TEXT = "the text calls it no real regression"


def _on_base(r: ReferenceCheck) -> bool:
    """The check's value was measured on the base side of the document's comparison ("Before this PR", "main")."""
    return r.revision not in (None, OUTSIDE) and side_of(r.revision) == "base"


def results_section(
    comp: Comparison, names: dict[str, str], lines: Sequence[str], passed: Sequence[Claim] = ()
) -> Section:
    """The newest revision's values against their references, then the headline stated outside the revisions, then
    the named checks that passed (`passed`: "Output lengths and semantic checks passed", a result of its own even
    where nothing else is compared; the first few on the first screen)."""
    sec = Section(*SECTIONS[1])
    newest = comp.revisions[-1].name if comp.revisions else None
    configs = [frozenset(r.key.config) for r in comp.references]
    shared = frozenset.intersection(*configs) if configs else frozenset()
    speedups = row_speedups(comp)
    bars = row_bars(comp)
    gated = {g.source.line for g in passed if g.source.line in bars}
    for r in comp.references:
        f = ref_finding(r, names.get(r.revision or "", r.revision), lines, shared, contradicted(r, speedups))
        if r.revision == OUTSIDE or r.origin.startswith(OTHER_ENGINE):
            continue  # (another engine's: ledger.report.engines)
        if r.origin == "stated bar" and r.claim.source.line in gated:
            continue  # (a bar its row's gate passed is said by that gate)
        (sec.findings if r.revision == newest else sec.more).append(f)
    outside = [r for r in comp.references if r.revision == OUTSIDE]
    # the headline: a before/after table's rows where there is one, else the first values with a baseline
    rows = [r for r in outside if r.origin == "base row"]
    headline = rows[:HEADLINE_MAX] if rows else [r for r in outside if r.claim.kind == "perf"][:HEADLINE_FIRST]
    for r in outside:
        f = ref_finding(r, None, lines, shared, contradicted(r, speedups))
        (sec.findings if any(r is h for h in headline) else sec.more).append(f)
    for k, g in enumerate(passed):
        text = gate_text(g, bars) or f"{g.metric} ({g.outcome_text or 'passed'})"
        f = Finding("pass", text, _rev_of(g, names), g.source.line, g.metric)
        (sec.findings if k < HEADLINE_FIRST else sec.more).append(f)
    return sec


def failures_section(
    comp: Comparison,
    names: dict[str, str],
    gates: Sequence[Claim],
    counts: Sequence[Claim] = (),
    lines: Sequence[str] = (),
) -> Section:
    """Regressions between revisions, values below their reference, failing and waived gates, and the newest test
    counts that state failures no comparison judged (a thread of one revision: "44 success, 2 known failures")."""
    sec = Section(*SECTIONS[2])
    runs: set[int] = set()
    broken = broken_before(comp.rows)  # (the rows broken_base_rows gives the headline: the same rule, read once)
    speedups = row_speedups(comp)
    told = telling_setups(comp.rows)
    by_steps, stood = page_findings(comp, told, names)  # (a page's versions: each series where it stands now)
    sec.findings += [Finding(*f) for f in stood]
    for row in comp.rows:
        p = row.overall
        if p is None or p.verdict not in (REGRESSION, WAIVED) or id(row) in by_steps:
            continue
        c = p.new or p.old
        what = (c.metric if c else None) or row.key.metric
        text = (
            f"{what}{told.get(id(row), '')}: {fmt_claim(p.old)} -> {fmt_claim(p.new)}"
            if p.old
            else (f"{what}: {fmt_claim(p.new)}")
        )
        text += f" ({p.reason})" if p.reason else ""
        if c is not None and (p.verdict == WAIVED or c.kind == "gate"):
            runs.add(c.source.line)  # the failing gate itself, or the gates that waive its run's failures
        step = row.moved() or p  # cited where the value moved, over several revisions
        if step is not p and step.old is not None and step.new is not None and (step.old, step.new) != (p.old, p.new):
            # (the line cited is the step's: its values said, so "a -> b" and the line agree over several versions)
            text += f"; fell {fmt_claim(step.old)} -> {fmt_claim(step.new)} there"
        at, rev = (step.new or c), step.new_rev if step.new is not None else p.new_rev
        f = Finding(p.verdict, text, names.get(rev or "", rev), at.source.line if at else None, what)
        if broken and c is not None and c.kind == "perf" and (p.old_rev, p.new_rev) in broken:
            f.caveats.append(broken[(p.old_rev, p.new_rev)])
            if p.verdict == REGRESSION:
                f.verdict = BROKEN_BASE  # (shown with its caveat, never counted as the change's regression)
        elif fell_into_broken_state(row):
            # ("Regression after rebase" paired with the baseline run: the bug the change fixes, never its regression)
            f.verdict, f.caveats = BROKEN_STATE, [*f.caveats, BROKEN_NOTE]
        sec.findings.append(f)
    bars = row_bars(comp)
    for r in comp.references:
        # an inferred base row is shown in the results; a superseded check among them too, as history
        # (a value measured on the base side, "### Before this PR", is what the change starts from: not its regression)
        if r.verdict == REGRESSION and r.can_fail and not _on_base(r):
            f = ref_finding(r, names.get(r.revision or "", r.revision), lines, doubt=contradicted(r, speedups))
            if any(c.startswith(_WAIVED_BY_TEXT) for c in f.caveats):
                f.verdict = WAIVED  # "... from one cold compile, not a real regression": the author's word, shown
            sec.findings.append(f)
    for g in gates:
        if g.outcome in ("fail", "waived") and g.source.line not in runs:
            rev = _rev_of(g, names)
            said = g.outcome_text or ""
            why = f" ({said})" if said and said != g.outcome and said not in (g.metric or "") else ""
            text = gate_text(g, bars) or f"{g.metric}{why}"
            sec.findings.append(Finding(g.outcome or "fail", text, rev, g.source.line, g.metric))
    judged = {c.source.line for row in comp.rows for c in row.cells if c is not None and c.kind == "tests"}
    for t in counts:
        # (a run on the base side, "on main", "with the fix reverted", shows the bug the change fixes: no failure of it)
        if t.kind == "tests" and t.failed and t.source.line not in runs | judged and not _base_run(t):
            f = Finding("fail", f"{t.metric or 'tests'}: {t.passed or 0} passed, {t.failed} failed", _rev_of(t, names))
            f.line, f.metric = t.source.line, t.metric
            if _KNOWN_RE.search(t.source.text or ""):
                f.caveats.append("the text calls the failures known")
            sec.findings.append(f)
    return sec


def _base_run(c: Claim) -> bool:
    return c.revision is not None and side_of(c.revision.label) == "base"


_KNOWN_RE = re.compile(r"\b(?:known|pre-?existing|expected|flaky)\b", re.IGNORECASE)


def _rev_of(c: Claim, names: dict[str, str]) -> str | None:
    """The short name of the revision a claim states, None for a claim of no revision."""
    name = rev_name(c)
    return None if name == OUTSIDE else names.get(name, name)


def rev_name(c: Claim) -> str:
    r = c.revision
    if r is None or not (r.label or r.head):
        return OUTSIDE
    name = r.label or r.head or "?"
    return f"{name} {r.head}" if r.head and r.head.lower() not in name.lower() else name


def coverage_section(
    comp: Comparison, names: dict[str, str], outside: Sequence[Claim], gates: Sequence[Claim]
) -> Section:
    """Suites that ran fewer cases between revisions, a cut stated outside them, checks not re-run."""
    sec = Section(*SECTIONS[3])
    seen: set[tuple[int, int]] = set()
    for row in comp.rows:
        step = _largest_cut(row)
        if step is None:
            continue
        old, new, a, b = step
        seen.add((old, new))
        what = next((c.metric for c in row.cells if c is not None and c.metric), row.key.metric)
        sec.findings.append(
            Finding(
                FEWER_TESTS, f"{what}: {coverage_text(old, new)}", f"{names.get(a, a)} -> {names.get(b, b)}", None, what
            )
        )
    for c in outside:
        run, ref = cases_run(c), c.reference
        if c.kind == "tests" and run is not None and ref and run < ref and (int(ref), run) not in seen:
            sec.findings.append(
                Finding(FEWER_TESTS, f"{c.metric}: {coverage_text(int(ref), run)}", None, c.source.line, c.metric)
            )
    for g in gates:
        if g.outcome in ("not_run", "skipped"):
            rev = _rev_of(g, names)
            sec.findings.append(
                Finding(g.outcome, f"{g.metric} ({g.outcome_text or g.outcome})", rev, g.source.line, g.metric)
            )
    return sec


def _largest_cut(row: Row) -> tuple[int, int, str, str] | None:
    """The step of a test run's series with the largest drop in cases run (old, new, from, to), or None."""
    best: tuple[int, int, str, str] | None = None
    for p in row.steps if row.overall is not None and row.overall.verdict == FEWER_TESTS else []:
        if p.verdict != FEWER_TESTS or p.old is None or p.new is None:
            continue
        old, new = cases_run(p.old), cases_run(p.new)
        if old and new is not None and (best is None or old - new > best[0] - best[1]):
            best = (old, new, p.old_rev or "?", p.new_rev or "?")
    return best


def not_verified_section(gates: Sequence[Claim], names: dict[str, str]) -> Section:
    sec = Section(*SECTIONS[4])
    for g in gates:
        if g.outcome == "not_verified":
            sec.findings.append(Finding("not verified", g.metric or "?", _rev_of(g, names), g.source.line, g.metric))
    return sec


def attention_gates(comp: Comparison, every: Sequence[Claim], passed: bool = False) -> list[Claim]:
    """The gates a reviewer looks at: those of the newest revision and those stated outside any revision
    (limitations, not-verified lists), whatever their outcome but pass (`passed`: the named ones that passed only);
    one per name and outcome."""
    newest = comp.revisions[-1] if comp.revisions else None
    out: list[Claim] = []
    seen: set[tuple[str | None, str | None, str | None]] = set()
    for c in every:
        if c.kind != "gate" or c.outcome is None or (c.outcome == "pass") != passed:
            continue
        if passed and not (c.metric or "").strip():
            continue  # (a table's status cell "pass" names no check: its row's values are the results)
        r = c.revision
        if is_ci_run(c):
            continue  # a CI bot's runs are the CI section's: the latest run on the newest head answers
        mine = r is None or not (r.label or r.head) or (newest is not None and _is_rev(newest, c))
        key = (c.metric, c.outcome, rev_name(c))
        if mine and key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _is_rev(ref: RevisionRef, c: Claim) -> bool:
    r = c.revision
    if r is None:
        return False
    if ref.head and r.head:
        return same_sha(ref.head, r.head)
    return (ref.label or "").lower() == (r.label or "").lower()
