"""A score named by its measure alone ("Accuracy: 0.944") in a thread whose other scores all name one benchmark
("GSM8K accuracy 0.941" in the first run): the re-run measured that benchmark, so compare pairs the two."""

from __future__ import annotations

from ledger.parsers import extract

_RERUN = (
    "bob · description · 2026-04-02\nEval on 2x L40S, head `aa11bb22cc`.\n\n"
    "| Check | Score |\n|---|---|\n| MMLU accuracy | 0.712 |\n\n"
    "bob · comment · 2026-04-04\nRe-ran after the merge, SHA `dd33ee44ff`:\n- Accuracy: **0.716**\n"
)


def test_a_bare_score_of_a_thread_measuring_one_benchmark_is_that_benchmarks() -> None:
    got = [(c.value, c.config.get("task")) for c in extract(_RERUN, path="t.md").claims if c.kind == "accuracy"]
    assert got == [(0.712, None), (0.716, "mmlu")]


def test_a_bare_score_beside_two_benchmarks_names_neither() -> None:
    text = _RERUN.replace("| MMLU accuracy | 0.712 |", "| MMLU accuracy | 0.712 |\n| GSM8K accuracy | 0.801 |")
    claims = [c for c in extract(text, path="t.md").claims if c.kind == "accuracy"]
    assert [c.config.get("task") for c in claims] == [None, None, None]
