"""Rows linking other pull requests beside a baseline row are arms: each value on its arm's revision, its measure the
column's alone (tables/linked_arms.py)."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract

FIXTURE = Path(__file__).parent / "fixtures" / "revisions" / "linked_arm_rows.md"


def test_each_linked_row_is_its_arms_revision_and_names_no_measure() -> None:
    perf = [c for c in extract(FIXTURE.read_text(), path=FIXTURE.name).claims if c.kind == "perf"]
    assert {c.metric for c in perf} == {"Output throughput"}
    assert {(c.value, c.revision.label if c.revision else None, c.reference) for c in perf} == {
        (5188.2, "Kernel swap only", 5120.5),
        (2406.0, "Kernel swap + new scheduler", 5120.5),
    }
