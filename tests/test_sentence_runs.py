"""Runs named one by one inside one sentence (prose.sentence_runs): each value its run, named by the sentence's
measure; a setting named by its number, or one run alone, is no series of runs."""

from __future__ import annotations

from ledger.parsers import extract


def _got(text: str) -> list[tuple[float, str | None, str | None]]:
    claims = extract(text, path="t.md").claims
    return [(float(c.value), c.metric, c.config.get("trial")) for c in claims if isinstance(c.value, float)]


def test_each_value_after_its_numbered_run_is_that_run_of_the_measure_the_sentence_names() -> None:
    got = _got("Decode throughput on main: run 1 reached 412.5 tok/s, run 2 reached 409.8 tok/s.\n")
    assert got == [(412.5, "Decode throughput", "1"), (409.8, "Decode throughput", "2")]


def test_settings_named_by_their_number_and_a_single_run_are_no_runs() -> None:
    got = _got("Output throughput: TP 1 gave 1843.2 tok/s and TP 2 gave 3010.4 tok/s.\n")
    assert all(trial is None for _, _, trial in got), got
    got = _got("On main, run 1 gave 1843.2 tok/s of output throughput, and the PR gave 1958.6 tok/s.\n")
    assert all(trial is None for _, _, trial in got), got
    got = _got("Run 1 gave 1843.2 tok/s and run 1 again gave 1851.0 tok/s of output throughput.\n")
    assert all(trial is None for _, _, trial in got), got
