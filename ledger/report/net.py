"""What the headline counts of the values worse than their base: a speed lost against a side whose output was broken
is no like-for-like regression (`broken_base_rows`), and the few cells worse than the base of a set whose stated
summary is a net gain are said beside that summary (`net_win`: "2 worse than baseline; Geomean 1.21 x faster over
the set"), as benchstat says a geomean beside the rows that moved."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.compare.align import Row
from ledger.compare.judge import IMPROVEMENT, REGRESSION
from ledger.compare.references import SPEEDUP, ReferenceCheck
from ledger.compare.render import fmt_claim
from ledger.compare.run import Comparison
from ledger.model import BROKEN_NOTE
from ledger.vocab.stated_changes import summarises_set

BROKEN_BASE = "against a broken base"
"""The verdict of a speed lost against a side whose accuracy was broken: shown with its caveat, never counted as a
regression (a run producing garbage measured other work: generated lengths, early stops)."""
BROKEN_STATE = "the regression it fixes"
"""A series that fell into the broken state a restoring change starts from (model.BROKEN_NOTE): shown with its
caveat, never counted as the change's regression."""


def fell_into_broken_state(row: Row) -> bool:
    """The series' newest value is the broken state a restoring change starts from ("Regression after rebase"
    paired with the baseline it fell from): the bug the change fixes, never its regression (model.BROKEN_NOTE)."""
    p = row.overall
    c = p.new if p is not None else None
    return p is not None and p.verdict == REGRESSION and c is not None and (c.note or "").startswith(BROKEN_NOTE)


def broken_before(rows: Sequence[Row]) -> dict[tuple[str | None, str | None], str]:
    """The revision pairs whose older side's accuracy was broken (under half the newer's: "0.016 -> 0.78"), with the
    caveat its speed takes."""
    out: dict[tuple[str | None, str | None], str] = {}
    for row in rows:
        p = row.overall
        if p is None or p.old is None or p.new is None or p.old.kind != "accuracy" or p.verdict != IMPROVEMENT:
            continue
        old, new = p.old.value, p.new.value
        if isinstance(old, float) and isinstance(new, float) and new > 0 and old < new / 2:
            out[(p.old_rev, p.new_rev)] = (
                f"the older side's accuracy was {old:g} against {new:g} (broken output): its speed measured other work"
            )
    return out


def broken_base_rows(comp: Comparison) -> list[Row]:
    """The perf regressions between two revisions whose older side's accuracy was broken."""
    broken = broken_before(comp.rows)
    if not broken:
        return []
    out: list[Row] = []
    for row in comp.rows:
        p = row.overall
        c = (p.new or p.old) if p is not None else None
        if p is None or p.verdict != REGRESSION or c is None or c.kind != "perf":
            continue
        if (p.old_rev, p.new_rev) in broken:
            out.append(row)
    return out


def net_win(comp: Comparison) -> str | None:
    """The stated summary of a set ("Geomean 1.21x", "overall speed-up 1.08x") that is a gain, in the revision whose
    values worse than their base it sums up with the rest: "Geomean 1.21 x faster over the set". None where no
    summary is stated there, where it is no gain, or where the worse values are no minority of the count it states."""
    worse = [r for r in comp.references if r.verdict == REGRESSION and r.can_fail and r.claim.kind == "perf"]
    revisions = {r.revision for r in worse}
    for r in comp.references:
        if r.verdict != IMPROVEMENT or r.superseded or r.revision not in revisions or not _summary(r):
            continue
        count = _count(r)
        if count is not None and 2 * len(worse) >= count:
            continue
        way = "faster" if r.origin == SPEEDUP else "better than the base"
        of = f" of {count}" if count is not None else ""
        return f"{r.claim.metric} {fmt_claim(r.claim)} {way} over the set{of}"
    return None


def _summary(r: ReferenceCheck) -> bool:
    return r.claim.kind == "perf" and summarises_set(r.claim.metric or "")


def _count(r: ReferenceCheck) -> int | None:
    """How many values the summary is stated over, where its setup says ("(n=77)")."""
    n = (r.claim.config or {}).get("samples")
    return int(n) if n is not None and str(n).isdigit() and int(n) > 0 else None
