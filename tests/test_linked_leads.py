"""A commit link closing the paragraph right above a table's lead-in is the revision of the table's results; a
link under words that make it some other commit (a revert's, the one that broke it) is not."""

from __future__ import annotations

from ledger.parsers import extract

_SHA = "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567"
_TABLE = "Decode gain over master on an rx7900xtx:\n\n| depth | gain |\n| --- | --- |\n| 0 | +2.10% |\n"


def _heads(above: str) -> set[str | None]:
    text = f"# t\n\n{above}\n\n{_TABLE}"
    return {c.revision.head if c.revision else None for c in extract(text, path="t.md").claims if c.kind == "perf"}


def test_a_link_closing_the_paragraph_above_the_lead_in_is_the_tables_commit() -> None:
    assert _heads(f"My own version of it: https://github.com/o/llama.cpp/commit/{_SHA}") == {_SHA}


def test_a_link_to_a_reverted_or_breaking_commit_names_no_revision() -> None:
    assert _heads(f"This reverts https://github.com/o/llama.cpp/commit/{_SHA}") == {None}
    assert _heads(f"The slowdown was introduced by https://github.com/o/llama.cpp/commit/{_SHA}") == {None}


def test_a_link_inside_the_paragraph_or_two_commits_name_none() -> None:
    two = f"Compare https://github.com/o/r/commit/{_SHA} and https://github.com/o/r/commit/{'f' * 40}"
    assert _heads(two) == {None}
    assert _heads(f"Commit https://github.com/o/r/commit/{_SHA} is where it started, then I tuned it more.") == {None}


def _labels(lead: str) -> set[str | None]:
    table = "| model | test | t/s |\n| --- | --- | --- |\n| llama 8B Q4_0 | tg128 | 120.50 ± 0.10 |"
    text = f"# t\n\n{lead}\n\n```\n{table}\n```\n"
    return {c.revision.label if c.revision else None for c in extract(text, path="t.md").claims if c.kind == "perf"}


def test_a_lead_in_closing_on_a_side_names_the_side_of_the_run_under_it() -> None:
    assert _labels("Radeon AI PRO R9700 run, stock master:") == {"master"}
    assert _labels("Same model and flags on master:") == {"master"}


def test_a_lead_in_closing_on_no_side_alone_names_none() -> None:
    assert _labels("Radeon AI PRO R9700 run, master weights:") == {None}
    assert _labels("Same flags, stock weights:") == {None}
