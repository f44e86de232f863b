"""Test counts: summaries in cells and prose, references ("from A to B passed"), "All N passed",
"N passed each" over two runs."""

from __future__ import annotations

import pytest

from ledger.parsers.formats.pass_counts import counts_in


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        ("1213 passed, 43 skipped", [{"passed": 1213, "skipped": 43}]),
        ("431 passed; 1 failed: test_x", [{"passed": 431, "failed": 1}]),
        ("GPU: 4048 passed; -m cpu_only: 2663 passed", [{"passed": 4048}, {"passed": 2663}]),
        ("=== 12 passed, 1 failed in 4.2s ===", [{"passed": 12, "failed": 1}]),
        ("All 26 qwen4_exp gates passed", [{"passed": 26, "failed": 0}]),
        ("26 accuracy cases to 6", []),
    ],
)
def test_counts_in(text: str, counts: list[dict[str, int]]) -> None:
    assert [c for _, _, c in counts_in(text)] == counts


def test_runs_passed_out_of_runs_is_a_count() -> None:
    from ledger.parsers import extract

    claims = extract("The test is stable again on GB200 (10/10 runs passed, ~104s per run).\n", path="t.md").claims
    assert [(c.kind, c.passed) for c in claims if c.kind == "tests"] == [("tests", 10)]
