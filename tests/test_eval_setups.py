"""An eval's setup as its sentences state it: the counts a setup multiplies are no ratios, a "Setup:" paragraph
holds over its section's sub-sections (tests/fixtures/setup/eval_setup_group_counts.md)."""

from __future__ import annotations

from ledger.parsers import extract


def _perf(text: str) -> list[float | None]:
    return [c.value for c in extract(text).claims if c.kind == "perf"]


def test_a_count_written_against_a_group_is_no_speed_up() -> None:
    assert _perf("Runs used DP=8 on 2×(4× H100) and 3×(`num_repeats=4`) per task.\n") == []


def test_a_ratio_before_a_parenthesis_stays_a_ratio() -> None:
    assert _perf("The new kernel is 2×(bs=1) faster than main.\n") == [2.0]
    assert _perf("Decode got 1.5×(4 GPUs) quicker.\n") == [1.5]


def test_a_benchmarks_own_clause_sets_up_its_column_alone() -> None:
    text = (
        "Setup: 8× H20, TP=8; T=0.6; GPQA `n_samples=16`; MATH-500 `num_repeats=4`; MMLU once.\n\n"
        "| Run | GPQA | MATH-500 | MMLU |\n|---|---|---|---|\n| new | 61.0 | 90.2 | 80.3 |\n"
    )
    got = {c.config["column"]: (c.config.get("samples"), c.config.get("repeats")) for c in extract(text).claims}
    assert got == {"GPQA": ("16", None), "MATH-500": (None, "4"), "MMLU": (None, None)}


def test_an_eval_setup_over_sub_sections_gives_a_speed_table_no_sampling() -> None:
    text = (
        "## Checks\n\n**Setup:** 2× H100, TP=2; T=0.6, top_p=0.95, max_new_tokens=4096; GPQA `n_samples=8`; MMLU once."
        "\n\n### Quality\n| Run | GPQA |\n|---|---|\n| new | 61.0 |\n\n"
        "### Speed\n| Run | Decode tok/s |\n|---|---|\n| new | 2400 |\n"
    )
    got = {c.kind: c.config for c in extract(text).claims}
    assert got["accuracy"]["temperature"] == "0.6" and got["accuracy"]["max_tokens"] == "4096"
    assert not got["perf"].keys() & {"temperature", "top_p", "max_tokens", "samples"} and got["perf"]["tp"] == "2"
