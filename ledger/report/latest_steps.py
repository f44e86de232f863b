"""A page's versions read where each series stands now: a release page is re-measured release after release, and
its reader asks which numbers are down in the latest version that states them, and which are still below where the
page once had them; never a first-against-last verdict that hides the step that moved last.

A series is judged by its latest step that moved (a version that holds a fallen value steady says the fall still
stands). A fall a later step rose from all the way back is history, said apart as "since recovered"; one it rose
from only part of the way is still down from its first value, counted as a regression now and said with the fall
and the partial return ("26812 (v1) -> 26221; fell to 23102 (v3), partly back"). Every value said is cited with
the version and line that hold it. A series whose steps all stood still keeps its first-against-last verdict (small
falls adding up are still a fall).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from ledger.compare.align import Row
from ledger.compare.judge import IMPROVEMENT, REGRESSION, Pair, judge
from ledger.compare.noise import NoiseModel
from ledger.compare.page_versions import is_page_versions, where_stated
from ledger.compare.render import fmt_claim
from ledger.compare.revisions import RevisionRef
from ledger.compare.run import Comparison
from ledger.identity import names_a_repository_file
from ledger.model import Claim

RECOVERED = "recovered"
"""A finding's verdict for a step regression a later step of its series rose from (history, never counted)."""
_MOVED = (REGRESSION, IMPROVEMENT)


def read_as_page(refs: Sequence[RevisionRef]) -> bool:
    """The revisions are a page's versions: compared by its versions (page_versions.is_page_versions), or a
    repository file's stored versions each once, oldest first, though a version names the release of one of its
    tables ("to reproduce these, use v0.20"). Never a PR's thread: its first revision against its latest is what
    the change did."""
    if is_page_versions(refs):
        return True
    document, versions = refs[0].document if refs else None, [r.version for r in refs]
    return (
        len(refs) > 1
        and document is not None
        and names_a_repository_file(document)
        and all(r.document == document for r in refs)
        and all(a is not None and b is not None and a < b for a, b in itertools.pairwise(versions))
    )


def latest_move(row: Row) -> Pair | None:
    """The latest step of a series that moved (a regression or an improvement), or None when none did."""
    return next((p for p in reversed(row.steps) if p.verdict in _MOVED), None)


def _standing(row: Row) -> Pair | None:
    """What a series judged by its steps is judged by: its latest moving step, else (small steps adding up to a
    fall) its first value against its latest; and where its latest step rose only part of the way back from a fall,
    its first value against its latest too (still down: a reader of the page counts it); None with no step."""
    if row.key.kind == "gate":
        return None  # (a gate's pass or fail is a state, listed with the failing gates)
    p = latest_move(row)
    o = row.overall
    down = o if o is not None and o.verdict == REGRESSION and o.old is not None and o.new is not None else None
    if p is not None and p.verdict == IMPROVEMENT and down is not None and recovered_steps(row):
        return down
    return p if p is not None or not row.steps else down


def still_down(row: Row) -> bool:
    """A series whose latest step rose, but only part of the way back: still below its first value (_standing)."""
    p = latest_move(row)
    return p is not None and p.verdict == IMPROVEMENT and (q := _standing(row)) is not None and q.verdict == REGRESSION


def recovered_steps(row: Row) -> list[Pair]:
    """The step regressions of a series that a later step of it rose from."""
    out: list[Pair] = []
    for i, p in enumerate(row.steps):
        if p.verdict == REGRESSION and any(q.verdict == IMPROVEMENT for q in row.steps[i + 1 :]):
            out.append(p)
    return out


def _at(c: Claim | None, rev: str | None, names: dict[str, str]) -> str:
    where = names.get(rev or "", rev or "")
    line = f"line {c.source.line}" if c is not None and c.source.line is not None else ""
    return ", ".join(x for x in (where, line) if x)


def _latest(row: Row) -> tuple[Claim, int]:
    i = max(i for i, c in enumerate(row.cells) if c is not None)
    cell = row.cells[i]
    assert cell is not None
    return cell, i


def _step_text(p: Pair, names: dict[str, str]) -> str:
    """ "15100 (v2, line 9) -> 12000 (higher is better)": the step's values, the older with where it is stated (the
    newer's version and line are the finding's own)."""
    text = f"{fmt_claim(p.old)} ({_at(p.old, p.old_rev, names)}) -> {fmt_claim(p.new)}"
    return text + (f" ({p.reason})" if p.reason else "")


def partly_recovered(row: Row, p: Pair) -> bool:
    """The latest value of a series is still below the one before its fall `p` (judged as any pair is)."""
    latest, _ = _latest(row)
    return p.old is not None and judge(row.key, p.old, latest, NoiseModel()).verdict == REGRESSION


Said = tuple[str, str, str | None, int | None, str]
"""A finding's verdict, words, version, line and metric (ledger.report.findings.Finding's first five)."""


def page_findings(c: Comparison, told: dict[int, str], names: dict[str, str]) -> tuple[set[int], list[Said]]:
    """On a page's versions, the series judged by their steps (ids) and what is said of them: each whose latest
    moving step fell (or whose small steps add up to a fall), at that step with where a later version stopped
    stating it, then each earlier fall a later step rose from, with the value it came back to. Nothing on a PR's
    revisions: its first against its latest is what the change did."""
    if not read_as_page(c.revisions):
        return set(), []
    revisions = [r.name for r in c.revisions]
    judged: set[int] = set()
    now: list[Said] = []
    history: list[Said] = []
    for row in c.rows:
        if not row.steps or row.key.kind == "gate":
            continue
        judged.add(id(row))
        latest, i = _latest(row)
        what = latest.metric or row.key.metric
        name = f"{what}{told.get(id(row), '')}"
        falls, down = recovered_steps(row), still_down(row)  # (down: partly back from its falls, still below)
        if (last := _standing(row)) is not None and last.verdict == REGRESSION:
            gone = where_stated(row, [names.get(r, r) for r in revisions]) if row.cells[-1] is None else ""
            text = _step_text(last, names) + (f"; {gone}" if gone.startswith("removed") else "")
            if down:  # ("26000 (v1) -> 23000; fell to 20000 (v2, line 9), partly back"): the falls it rose from
                text += "".join(f"; fell to {fmt_claim(p.new)} ({_at(p.new, p.new_rev, names)})" for p in falls)
                text += ", partly back"
            now.append((REGRESSION, f"{name}: {text}", _rev(last, names), _line(last.new), what))
        for p in () if down else falls:
            back = f"back to {fmt_claim(latest)} ({_at(latest, revisions[i], names)})"
            text = f"{_step_text(p, names)}; {'partly ' if partly_recovered(row, p) else ''}{back}"
            history.append((RECOVERED, f"{name}: {text}", _rev(p, names), _line(p.new), what))
    return judged, now + history


def _rev(p: Pair, names: dict[str, str]) -> str | None:
    return names.get(p.new_rev or "", p.new_rev)


def _line(c: Claim | None) -> int | None:
    return c.source.line if c is not None else None


def dropped_now(c: Comparison) -> int:
    """How many series that stand fallen (`_standing`) a later version no longer states."""
    return sum(1 for r in c.rows if r.cells[-1] is None and (p := _standing(r)) is not None and p.verdict == REGRESSION)


def recovered_summary(c: Comparison) -> str:
    """ "2 earlier step regressions since recovered (2 R1->R2; 1 of them partly)", or "" where there are none."""
    at = {r.name: f"R{i}" for i, r in enumerate(c.revisions, 1)}
    steps: Counter[str] = Counter()
    partly = 0
    for row in c.rows:
        for p in recovered_steps(row) if not still_down(row) else ():
            steps[f"{at.get(p.old_rev or '', '?')}->{at.get(p.new_rev or '', '?')}"] += 1
            partly += partly_recovered(row, p)
    n = sum(steps.values())
    if not n:
        return ""
    each = ", ".join(f"{k} {step}" for step, k in sorted(steps.items(), key=lambda kv: step_order(kv[0])))
    tail = f"; {partly} of them partly" if partly else ""
    return f"{n} earlier step regression{'s' if n > 1 else ''} since recovered ({each}{tail})"


def step_order(step: str) -> tuple[int, ...]:
    return tuple(int(x) if x.isdigit() else 0 for x in step.replace("R", "").split("->"))
