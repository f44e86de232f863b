"""Gates a revision named by an earlier stage of the pull request failed ("that head failed the natural GSM8K gate"
after "The pre-accuracy `+22.25%` result", "the first head failed the MMLU gate": grammar.build_links.stage_side
gave the gate that stage): the push that failed was replaced, so the gate is no failure of the change as it stands.
The report says it among the results, where a reviewer still sees it, and leaves it out of the failures."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.model import Claim
from ledger.report.findings import Finding, rev_name
from ledger.vocab.build_links import EARLIER_STAGE_RE

EARLIER_STAGE = "failed earlier"
"""The verdict of a gate an earlier stage failed: said, never counted as a failure."""


def split_stage_gates(gates: Sequence[Claim], names: dict[str, str]) -> tuple[list[Claim], list[Finding]]:
    """`gates` without the failures of an earlier stage (no head of their own, the label an earlier stage's), and
    those failures as findings."""
    kept: list[Claim] = []
    earlier: list[Finding] = []
    for g in gates:
        rev = g.revision
        if g.outcome != "fail" or rev is None or rev.head or not EARLIER_STAGE_RE.match(rev.label or ""):
            kept.append(g)
            continue
        text = f"{g.metric} ({g.outcome_text or 'failed'} on the {rev.label} stage; not the change as it stands)"
        earlier.append(Finding(EARLIER_STAGE, text, names.get(rev_name(g)), g.source.line, g.metric))
    return kept, earlier
