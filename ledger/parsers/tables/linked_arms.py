"""Rows that are arms of a diagnosis, each another pull request's run: a table whose row labels link other pull
requests ("| [Patch A only](https://github.com/o/r/pull/902) | ... | 2251.90 tok/s |") beside a baseline row. The
label names the run each value was measured on, so it is the claim's revision, never a word of its measure ("Decode
throughput", not "Decode throughput (Patch A only)"): one measure is one series across the arms, and compare lines
each arm up by its revision. Apart from results.py, which asks it of each row it reads against a base row."""

from __future__ import annotations

from collections.abc import Iterator

from ledger.model import Claim, Revision
from ledger.parsers.tables.cells import clean
from ledger.vocab.other_runs import linked_pull
from ledger.vocab.sides import names_own_pr, side_of

_RUN_KINDS = frozenset({"perf", "accuracy", "acceptance"})


def linked_arm(raw_label: str, label: str, own: str | None) -> bool:
    """Whether a row's label cell (`raw_label`, its markup kept) links one other pull request and names no side of
    this one (a "[this PR](.../pull/N)" row is the candidate, which results.py already reads): a new state it names
    ("Kernel swap + new scheduler") is that other run's, and a baseline's is the base row's."""
    if not label or linked_pull(raw_label, own) is None:
        return False
    return side_of(label) != "base" and not names_own_pr(label)


def on_linked_arm(claims: Iterator[Claim], label: str, raw_label: str) -> Iterator[Claim]:
    """The row's results on the arm its label cell links: that revision, named by the link's words (not the row's
    label, which may join the cells of other setting columns: "Overlap on / job"), unless the row states its own
    commit; its measure the column's alone, whether the row prints its value the column's way or as prose (a "raw" or
    cut mark)."""
    rev = Revision(label=clean(raw_label) or label)
    for c in claims:
        if c.kind not in _RUN_KINDS:
            yield c
            continue
        update: dict[str, object] = {}
        if c.revision is None or not c.revision.head:
            update["revision"] = rev
        suffix = f" ({label})"
        if c.metric and c.metric.endswith(suffix) and c.metric[: -len(suffix)].strip():
            update["metric"] = c.metric[: -len(suffix)].strip()
        yield c.model_copy(update=update) if update else c
