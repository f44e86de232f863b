"""A pull request's own build off a timeline's main line ("verified green at 0.939 (PR #31063)" beside the dated
nightlies): judged against its base build (compare.branches), the recovery or the loss a reviewer reads, in the
results or the failures. A branch value that states its base's value as its reference is said by that reference check
already."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.compare.align import Row
from ledger.compare.judge import IMPROVEMENT, REGRESSION
from ledger.compare.render import fmt_claim
from ledger.report.findings import Finding


def branch_findings(rows: Sequence[Row], names: dict[str, str]) -> tuple[list[Finding], list[Finding]]:
    """The improvements and the regressions of PR builds against their base builds, each cited at its own line."""
    gains: list[Finding] = []
    losses: list[Finding] = []
    for row in rows:
        for p in row.branches:
            if p.verdict not in (IMPROVEMENT, REGRESSION) or p.old is None or p.new is None:
                continue
            if p.new.reference == p.old.value:
                continue  # ("0.939 vs ref 0.887 (PR #31063)": the reference check says it)
            base = names.get(p.old_rev or "", p.old_rev)
            what = p.new.metric or row.key.metric
            text = f"{what}: {fmt_claim(p.new)} against {fmt_claim(p.old)} on its base ({base})"
            f = Finding(p.verdict, text, names.get(p.new_rev or "", p.new_rev), p.new.source.line, p.new.metric)
            (gains if p.verdict == IMPROVEMENT else losses).append(f)
    return gains, losses
