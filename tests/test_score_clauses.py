"""A sentence of two results, a run's test count then its score ("passed all 14 tests, scoring 81.5% with AL 2.4"):
both read, each named by its own words; the score by its verb alone is a score (no name of the run's other words)."""

from __future__ import annotations

from ledger.parsers import extract


def test_a_score_named_by_its_verb_after_a_count_of_tests_is_a_score() -> None:
    text = (
        "- [L4 Medusa](https://ci.example/runs/5) passed all 14 tests without retries, scoring 81.5% in 12s with "
        "AL 2.41.\n"
        "- The nightly job cleared 30 tests, and then scored 64.0% on the held-out split.\n"
    )
    got = [(c.kind, c.metric, c.value, c.passed, c.failed) for c in extract(text, path="t.md").claims]
    assert ("tests", "L4 Medusa", 14.0, 14, 0) in got  # (the run's name as the page shows its link)
    scores = [g for g in got if g[0] == "accuracy"]
    assert [(g[1], g[2]) for g in scores] == [("accuracy", 81.5), ("accuracy", 64.0)]
    assert ("acceptance", "AL", 2.41, None, None) in got


def test_a_range_of_shares_after_the_evals_a_checklist_item_verified_is_the_scores_range() -> None:
    text = (
        "- [x] Confirmed the change still passes evals. See the linked run. Range: 88.10%-88.90%; run: #42\n"
        "- [x] Decode speed-up over main. Range: 4%-7%\n"
    )
    got = [(c.kind, c.metric, c.value, c.high) for c in extract(text, path="t.md").claims]
    assert ("accuracy", "accuracy range", 88.1, 88.9) in got
    assert not [g for g in got if g[2] == 4.0 and g[0] == "accuracy"]  # (a speed-up's range stays a speed's)


def test_shares_in_prose_are_named_by_what_they_did_or_scored_never_by_a_clause() -> None:
    # (own words) a share of requests named by the verb after it, and a machine's score in brackets after it is
    # said to be sound again: neither is named by the clause before it
    text = (
        "MMLU completes without trouble — mean 412 output tokens, only 1.2% reached the 4096 limit. The earlier "
        "drift under heavy load is gone, so A100 is now steady (~81%, close to the L40S's 80.6%).\n"
    )
    got = {(c.metric, c.value) for c in extract(text, path="t.md").claims}
    assert ("reached the 4096 limit", 1.2) in got
    assert ("accuracy", 81.0) in got and ("accuracy", 80.6) in got
    assert not [m for m, _ in got if m and ("output tokens" in m or "steady" in m)]
