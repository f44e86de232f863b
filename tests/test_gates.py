"""Gates: named checks with an outcome and no count, from result cells, lists, prose phrases,
verdicts and pytest lines; outcome words in ordinary prose are not gates."""

from __future__ import annotations

import pytest

from ledger.compare.revisions import is_ci_run
from ledger.parsers import extract


@pytest.mark.parametrize(
    "text",
    [
        "The loader now fails alone instead of ending the executor.",
        "Please check the failed tests and fix your PR",
        "• Test cases are provided for new code paths (see test instructions)",
        "- [ ] Documentation updated as needed",
        "The rebase applied every commit without conflicts.",
        "It keeps the admission tests passing next to the new check.",
        "LGTM for infra part",
        "check\tresult\ntest_mtp3_fp8\tgsm8k 95.94 (ref 95.94); pass keys, acceptance length 3.962",
    ],
)
def test_outcome_words_in_ordinary_text_are_not_gates(text: str) -> None:
    claims = extract(text, path="x.txt", fmt="rendered").claims + extract(text, path="x.md").claims
    assert [c for c in claims if c.kind == "gate"] == []


def test_a_count_makes_a_test_claim_not_a_gate() -> None:
    claims = extract("All 26 accuracy gates passed on the candidate.\n", path="x.txt").claims
    assert [(c.kind, c.passed, c.failed) for c in claims] == [("tests", 26, 0)]


def test_gate_table_rows_give_one_claim_per_filled_cell_with_the_gate_as_config() -> None:
    text = "gate\tgsm8k\tacceptance length\nno MTP\t90.512\nMTP2, FP8 KV\t90.880\t2.401\n"
    claims = extract(text, path="x.txt").claims
    got = [
        (c.source.line, c.kind, c.value, c.config.get("gate"), c.config.get("draft_len"), c.config.get("kv_cache"))
        for c in claims
    ]
    assert got == [
        (2, "accuracy", 90.512, "no MTP", "0", None),
        (3, "accuracy", 90.88, "MTP2, FP8 KV", "2", "fp8"),
        (3, "acceptance", 2.401, "MTP2, FP8 KV", "2", "fp8"),
    ]


def test_the_hint_words_substring_shortcut_knows_every_odd_case_character() -> None:
    """gates and support_prose read hint words with a substring test of text.lower() unless the text
    holds one of CASE_ODD; that is exact only if no other character matches an ASCII letter ignoring case or lowers
    to ASCII (a new Unicode table could add one)."""
    import re
    import sys

    from ledger.vocab.text import CASE_ODD

    letter = re.compile("[a-z/]", re.IGNORECASE)
    odd = {
        ch
        for ch in map(chr, range(128, sys.maxunicode + 1))
        if letter.match(ch) or any(x.isascii() for x in ch.lower())
    }
    assert odd == set(CASE_ODD)


def test_a_numbered_table_of_checks_names_each_gate_by_its_check() -> None:
    text = (
        "| # | Check | Nodes | Result |\n|---|-------|-------|--------|\n"
        "| 1 | ep8 GSM8K accuracy | 2 nodes | PASS: 95.90 |\n| 2 | unit tests on GB200 | 1 node | PASS |\n"
    )
    gates = [(c.metric, c.outcome) for c in extract(text, path="t.md").claims if c.kind == "gate"]
    assert gates == [("ep8 GSM8K accuracy", "pass"), ("unit tests on GB200", "pass")]
    (acc,) = [c for c in extract(text, path="t.md").claims if c.kind == "accuracy"]
    assert (acc.metric, acc.value, acc.config.get("ep")) == ("ep8 GSM8K accuracy", 95.9, "8")


def test_a_validation_tables_sweep_list_mode_and_criteria_are_no_results() -> None:
    text = (
        "| # | Stage | Mode / shape | Concurrencies | Pass criteria | Result |\n|---|---|---|---|---|---|\n"
        "| 1 | tep8 perf | 4 nodes / 16 GPUs | 1 2 4 8 | 96.5 +/- 0.5 | PASS |\n"
    )
    claims = extract(text, path="t.md").claims
    assert [(c.kind, c.metric) for c in claims] == [("gate", "tep8 perf")]


def test_a_check_mark_over_a_comparison_is_that_checks_outcome() -> None:
    text = "```\n✅ Ours and Triton implementations match\n❌ fp8 and bf16 outputs differ\n```\n"
    got = [(c.kind, c.metric, c.outcome) for c in extract(text, path="t.md").claims]
    assert got == [
        ("gate", "Ours and Triton implementations match", "pass"),
        ("gate", "fp8 and bf16 outputs differ", "fail"),
    ]


def test_a_line_is_read_for_a_verdict_only_where_a_verdict_word_stands_in_its_case() -> None:
    """The verdict reader's patterns take their words in capitals ("PASSED", "OK") or a mark, and "pass" only in its
    flag form ("pass= True"): a line holding none of them as written (a "token" holds "ok", a sentence "error") is
    not read, and every line a pattern matches holds one."""
    from _fixture_lines import fixture_lines

    from ledger.parsers.formats import verdicts as v

    made = ["test_x: PASSED", "pr:   FAILED tests/a.py::t - assert 2", "✅ (pass mxfp8)", "❌ FAIL: fp8", "Numerics OK"]
    made += ["accuracy=0.866 threshold=0.93 FAIL", "dtype=fp16 M=8 pass= False", "tokens looked fine, no errors"]
    matched = 0
    for line in [*fixture_lines(), *made]:
        if (
            v._SIDE_PYTEST_RE.match(line)
            or v._FLAG_OUTCOME_RE.search(line)
            or v._KV_VERDICT_RE.match(line)
            or v._ID_VERDICT_RE.match(line)
            or v._MARK_VERDICT_RE.match(line)
            or v._NAME_VERDICT_RE.match(line)
        ):
            matched += 1
            assert v._has_hint(line), line
    assert matched >= len(made) - 1
    assert not v._has_hint("the token budget looked fine, with no error in the book")


def test_the_gate_words_of_a_line_are_found_in_one_pass_as_by_a_test_per_word() -> None:
    """The named-gate reader skips a line holding none of its readers' words: one pass of their prefix tree over the
    lowered line finds one exactly where a substring test per word does."""
    from _fixture_lines import fixture_lines

    from ledger.parsers.gates import named

    assert len(named._LINE_HINTS) >= 20
    for line in [*fixture_lines(), "nothing to see", "the build is GREEN", "crashed twice", "no regressions"]:
        low = line.lower()
        assert (named._LINE_HINT_RE.search(low) is not None) == any(w in low for w in named._LINE_HINTS), line


def test_a_ticked_box_of_a_to_do_list_is_a_task_done_not_a_gate() -> None:
    text = (
        "# Move the op\n\n## Test Plan\n\nTODO:\n\n- [x] Write unit tests for the moved op\n"
        "- [x] Ran the op tests, all passed\n\n## Checks\n\n- [x] Ran the op unit tests\n"
    )
    gates = [c for c in extract(text, path="x.md").claims if c.kind == "gate"]
    # (a box of the list that says how its check came out still reports it; one outside the list is a gate)
    assert [c.source.line for c in gates] == [8, 12]


def test_a_verdict_with_its_tally_of_runs_is_a_gate_in_prose_and_in_a_heading() -> None:
    text = (
        "## Nightly check: GREEN (12/12 two-node jobs)\n\nNotes on the drafter.\n\n"
        "- The regression sweep finished green (8/8 jobs).\n- Smoke matrix passed 5/5.\n"
        "- Canary run: RED (3/4 jobs), one timeout.\n- Soak run finished green (6/7 jobs).\n\n## Failed attempts\n\n"
        "Both drafts passed 9/10 long prompts.\n"
    )
    claims = extract(text, path="x.md").claims
    gates = [(c.metric, c.outcome, c.note, is_ci_run(c)) for c in claims if c.kind == "gate"]
    assert gates == [
        ("Nightly check", "pass", "12/12 jobs", True),  # jobs tallied: a CI run's verdict, which the report's CI reads
        ("regression sweep", "pass", "8/8 jobs", True),
        ("Smoke matrix", "pass", "5/5 passed", False),  # nothing says what ran: a check, no CI run
        ("Canary run", "fail", "3/4 jobs", True),
        ("Soak run", "fail", "6/7 jobs", True),  # fewer passed than ran: whatever the colour, a failure
    ]


def test_a_results_tables_success_counts_and_failed_runs_are_gates_of_their_rows() -> None:
    text = (
        "| C | Completed | Output tok/s |\n|---|---|---|\n| 2 | 700/700 | 88.4 |\n| 4 | 698/700 | 150.2 |\n"
        "| 16 | Invalid | — |\n| 32 | OOM | — |\n"
    )
    claims = extract(text, path="x.md").claims
    gates = [(c.metric, c.outcome, c.outcome_text, c.config) for c in claims if c.kind == "gate"]
    assert gates == [
        ("Completed", "pass", "700/700", {"c": "2"}),
        ("Completed", "fail", "698/700", {"c": "4"}),
        ("Completed", "fail", "Invalid", {"c": "16"}),
        # (as "OOM at 32" in prose: the point of the sweep that gave no result)
        ("Completed", "skipped", "OOM", {"c": "32"}),
    ]
    # (how many requests came back is no setting of the rows' throughput)
    assert [sorted(c.config) for c in claims if c.kind == "perf"] == [
        ["column", "concurrency"],
        ["column", "concurrency"],
    ]


def test_a_sentence_listing_checks_that_pass_gives_one_gate_per_check() -> None:
    text = "Lint, the type check and the mergeability check pass.\nBuilds, docs and `make smoke` all passed.\n"
    names = [c.metric for c in extract(text, path="x.md").claims if c.kind == "gate" and c.outcome == "pass"]
    assert names == ["Lint", "type check", "mergeability check", "Builds", "docs", "make smoke"]


def test_a_reviewers_attesting_box_is_a_gate_only_when_it_names_a_result() -> None:
    # a review template's sentences ticked by the reviewer: what they looked at is no check's outcome; a box saying
    # the checks passed is one
    text = (
        "As the second reviewer I confirm the following:\n"
        "- [x] Verified that this branch carries the newest revision of REVIEW.md\n"
        "- [x] Verified that the style of the change fits the guide\n"
        "- [x] I have run the tests\n"
        "- [x] Confirmed that the smoke suite passed on the nightly runner\n"
        "- [x] Tested on **two L40S** (`sm_89`)\n"
        "- [x] Tested on one A10: the unit tests passed\n"
    )
    gates = [(c.source.line, c.outcome) for c in extract(text, path="x.md").claims if c.kind == "gate"]
    assert gates == [(5, "pass"), (7, "pass")]  # (the box that names only the machine it ran on: no gate)


def test_a_static_check_takes_no_setup_and_no_gate_takes_a_benchmarks_load() -> None:
    """A lint or type check ran on no board and no model, whatever the sentence above it measured; a CI suite or a
    test keeps the model the thread is about but not the load of the benchmark pasted above it."""
    text = (
        "# Wire in Hydra drafting for Orca-30B\n\n"
        "## Serving at conc128 on 2x H200\n\n```\nOutput token throughput (tok/s):   2210.5\n```\n\n"
        "Long-context runs passed on 2x H200, and lint, mypy and schema validation passed too.\n\n"
        "- Nightly suite passed\n"
    )
    gates = {c.metric: c.config for c in extract(text, path="t.md").claims if c.kind == "gate"}
    assert gates["lint"] == {} and gates["mypy and schema validation"] == {}
    assert gates["Nightly suite"] == {"spec_algo": "hydra", "model": "Orca-30B", "gpu": "2x H200"}


def test_a_bots_check_mark_row_is_its_gate_and_a_sub_row_checks_the_row_above() -> None:
    """An eval bot's "name | value" table marks its checks: "✅ PASS (score=1.0000)" with the figure it judged by,
    "✅ no regression" in words; a "↳ parity" row under a measured row checks that row's run, and is named by both."""
    text = (
        "| metric | value |\n|---|---|\n| PR decode tok/s | 512.40 |\n| main decode tok/s | 470.10 |\n"
        "| Regression guard | ✅ no regression (decode only) |\n"
        "| Decode @1k tok/s | PR 512.40 vs main 470.10 (+9.0%) |\n"
        "| &nbsp;&nbsp;↳ parity | ✅ PASS (token_match=1.0000) |\n"
        "| Decode @8k tok/s | PR 300.2 vs main 310.5 (-3.3%) |\n"
        "| &nbsp;&nbsp;↳ parity | ❌ FAIL (token_match=0.9100) |\n"
    )
    gates = [(c.metric, c.outcome, c.outcome_text) for c in extract(text, path="t.md").claims if c.kind == "gate"]
    assert gates == [
        ("Regression guard", "pass", "✅ no regression"),
        ("Decode @1k tok/s parity", "pass", "✅ PASS"),
        ("Decode @8k tok/s parity", "fail", "❌ FAIL"),
    ]


def test_a_validation_lists_count_of_successful_runs_is_a_check_that_passed() -> None:
    """Under "Validation:", "Three successful end-to-end chat requests: one warmup, two timed" says those runs came
    back: a smoke check that passed, named by what ran (a serving benchmark's "60 successful requests" elsewhere
    is its load, no check)."""
    text = (
        "Validation:\n\n- `12 passed` in the loader tests\n"
        "- Three successful end-to-end chat requests: one warmup and two timed\n\n"
        "The benchmark sent 60 successful requests at 4.1 req/s.\n"
    )
    gates = [(c.metric, c.outcome, c.outcome_text) for c in extract(text, path="t.md").claims if c.kind == "gate"]
    assert gates == [("end-to-end chat requests", "pass", "Three successful")]


def test_a_setup_that_remains_pending_is_a_check_not_yet_verified() -> None:
    text = "| Model | Status |\n| --- | --- |\n| Qwen3-8B | PASS |\n\n"
    text += "Llama-3.1-70B TP4 remains pending on the new patch.\n"
    gates = [c for c in extract(text, path="x.md").claims if c.kind == "gate"]
    assert [(g.outcome, g.config.get("tp")) for g in gates] == [("pass", None), ("not_verified", "4")]
    assert not [c for c in extract("The review is pending.\n", path="x.md").claims if c.kind == "gate"]


def test_validity_field_with_its_value_is_a_gate() -> None:
    """gates.validity_fields: "`submission_valid: true`" passes, "`x.is_valid: false`" fails; another field's boolean
    and a validity field named without its value state no check."""
    from ledger.parsers import extract

    text = (
        "Run checks: `submission_valid: true`, `was_cancelled: false`.\n\n"
        "The replica reported `replica.is_valid: false`.\n\n"
        "The client writes `metadata.submission_valid` beside its metrics.\n"
    )
    got = [(c.metric, c.outcome) for c in extract(text, path="t.md").claims if c.kind == "gate"]
    assert got == [("submission_valid", "pass"), ("replica.is_valid", "fail")]
