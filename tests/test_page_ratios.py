"""Ratios and settings of results pages (session 71): a comparative ratio after a counting verb is a speed-up, the
base named after an emphasised comparative is what it stands against, the base of a sweep's series is no result, and
a scheme under "Model" is the quant of the page's model."""

from __future__ import annotations

from ledger.parsers import extract


def _ratios(text: str) -> list[tuple[float, str | None]]:
    claims = extract(text, path="t.md").claims
    return [(c.value, (c.config or {}).get("against")) for c in claims if c.unit == "x"]


def test_a_factor_after_runs_with_a_comparative_is_a_speed_up() -> None:
    # ("runs 5" would set a count of runs; "runs 1.4x quicker" measures how much faster)
    assert _ratios("On one L40S the same decode loop runs 1.4x quicker than A10G.\n") == [(1.4, "A10G")]


def test_the_base_after_an_emphasised_comparative_is_what_the_ratio_is_against() -> None:
    assert _ratios("It is up to **2.1x faster** than T4.\n") == [(2.1, "T4")]


def test_the_base_of_a_sweep_series_is_no_claim() -> None:
    text = "Peak rate is the highest tok/s per GPU, swept across batch sizes in powers of 2.\n"
    assert extract(text, path="t.md").claims == []


def test_scheme_rows_under_a_model_column_keep_the_page_model() -> None:
    text = "**Model:** Mistral-7B-Instruct\n\n| Model | Strict Match |\n|---|---|\n"
    text += "| W4A16 | 41.7% |\n| W8A8 | 44.9% |\n"
    claims = extract(text, path="t.md").claims
    got = [(c.config.get("model"), c.config.get("quant")) for c in claims]
    assert got == [("Mistral-7B-Instruct", "w4a16"), ("Mistral-7B-Instruct", "w8a8")]
