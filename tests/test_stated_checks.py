"""A check's stated result that the change does or does not remedy what it was for is that check's gate
(vocab.remedies.stated_checks, read by gates.prose); a result stating no remedy is none."""

from __future__ import annotations

from ledger.parsers import extract
from ledger.vocab.remedies import stated_checks


def test_a_result_the_fix_does_not_recover_is_a_failing_check() -> None:
    gates = [c for c in extract("Perf verification result: the fix does not recover perf.\n", path="t.md").claims]
    assert [(c.kind, c.metric, c.outcome, c.outcome_text) for c in gates] == [
        ("gate", "Perf verification result", "fail", "the fix does not recover perf")
    ]


def test_a_result_naming_no_remedy_is_no_check() -> None:
    assert stated_checks("Perf verification result: see the table below") == []
    assert stated_checks("The check result section lists the logs") == []


def test_a_long_hostile_line_is_read_quickly() -> None:
    assert stated_checks("a verification " * 5000) == []
