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
        # the verb first, every test of the run: none failed
        ("the L4 Medusa job passed all 14 tests without retries", [{"passed": 14, "failed": 0}]),
        ("passed all 9 cases, failed 0", [{"passed": 9, "failed": 0}]),
        ("26 accuracy cases to 6", []),
        # a run's size, then how many of it failed, the verb left out: the rest passed
        ("lint_pass: 18 checks, 0 FAIL.", [{"passed": 18, "failed": 0}]),
        ("the nightly set: 240 tests, 3 failures", [{"passed": 237, "failed": 3}]),
        # the prompts a check found in agreement, of those it ran: k agreed, the rest did not
        ("outputs unchanged (`TOKEN_MATCH 16/16`, same accepted length)", [{"passed": 16, "failed": 0}]),
        ("METRIC greedy_agreement 30/32 = 0.9375", [{"passed": 30, "failed": 2}]),
        ("matches 3/4 of the time", []),
        # the verb before its tally, with no colon: passed of run
        ("`unit-suite` passes 61/61 on the branch", [{"passed": 61, "failed": 0}]),
        ("it passes 1/2 the time", []),
    ],
)
def test_counts_in(text: str, counts: list[dict[str, int]]) -> None:
    assert [c for _, _, c in counts_in(text)] == counts


def test_runs_passed_out_of_runs_is_a_count() -> None:
    from ledger.parsers import extract

    claims = extract("The test is stable again on GB200 (10/10 runs passed, ~104s per run).\n", path="t.md").claims
    assert [(c.kind, c.passed) for c in claims if c.kind == "tests"] == [("tests", 10)]


def test_the_outcome_word_guard_agrees_with_its_pattern_on_every_line() -> None:
    """counts_in reads a line only where _WORD_HINT_RE finds an outcome word; the guard asks the lowered line where
    lowering stands for ignoring case (arrows, marks and accents too), and the pattern where it does not."""
    from _fixture_lines import fixture_lines

    from ledger.parsers.formats import pass_counts

    made = ["12 PASSED → 0 Failed", "✅ 5 passed", "\u212a 3 errors", "ſkipped 2", "Ran 4 tests ... µs"]
    made += ["no outcome → 3"]
    for line in [*fixture_lines(), *made]:
        slow = pass_counts._WORD_HINT_RE.search(line) or ("/" in line and pass_counts._SUITE_WORD_RE.search(line))
        assert pass_counts._has_hint(line) == bool(slow), line


def test_a_list_of_ratio_counts_is_one_count_each_and_a_total_with_no_errors_passed_them_all() -> None:
    """ "On each board: 18/18 build, 47/47 op/API, and both pinned regressions passed" is three counts, each named
    by its own words; "All 27 sanitizer logs report `TOTAL: 0 errors`", even wrapped over two lines, is 27 passed and
    none failed; a lone "3/4 of the sweep" under no verb is no count."""
    from ledger.parsers import extract

    text = (
        "- On each board: 18/18 build, 47/47 op/API, and both pinned regressions passed.\n"
        "- Sanitizers: clean. All 27 sanitizer logs\n  report `TOTAL: 0 errors`.\n"
        "- 3/4 of the sweep, 2/2 restarts, finished early.\n"
    )
    got = [
        (c.source.line, c.metric, c.passed, c.failed) for c in extract(text, path="t.md").claims if c.kind == "tests"
    ]
    assert got == [
        (1, "build", 18, 0),
        (1, "op/API", 47, 0),
        (1, "pinned regressions", 2, 0),
        (2, "sanitizer logs", 27, 0),
    ]


def test_an_agreement_tally_is_a_count_named_by_its_check_not_a_score() -> None:
    from ledger.parsers import extract

    text = (
        "| metric | value |\n|---|---|\n| PR decode tok/s | 512.40 |\n| main decode tok/s | 470.10 |\n"
        "| accuracy | METRIC TOKEN_MATCH 16/16 = 1.0000 |\n\nGreedy output is unchanged (`TOKEN_MATCH 16/16`).\n"
    )
    claims = extract(text, path="t.md").claims
    assert [(c.kind, c.metric, c.passed, c.failed) for c in claims if c.kind == "tests"] == [
        ("tests", "TOKEN_MATCH", 16, 0),
        ("tests", "TOKEN_MATCH", 16, 0),
    ]
    assert [c.value for c in claims if c.kind == "accuracy"] == [1.0]  # (the rate, never the 16 agreed)


@pytest.mark.parametrize(
    "text",
    [
        # a serving run's load, counted before or after its word: the workload's, no test's (the corpora's gold
        # claims no successful or failed request count)
        "60 successful requests",
        "20 requests failed at shutdown",
        "300/320 requests completed; 20 requests failed while the server drained",
        "8 prompts failed",
    ],
)
def test_a_tally_of_requests_is_the_load_not_tests(text: str) -> None:
    assert [g[2] for g in counts_in(text)] == []


def test_tests_beside_a_request_tally_are_still_counted() -> None:
    got = counts_in("20 requests failed; unit suite: 14 tests passed, 2 tests failed")
    assert [g[2] for g in got] == [{"passed": 14, "failed": 2}]
