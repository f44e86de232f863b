"""Acceptance and accuracy figures named by the words right after them ("0.812 accuracy with 3.12 mean acceptance",
"2.05 accepted tokens/step", "52.5% of drafted"): each value is the measure its own words name, never the measure
named before it nor the model the line opens with (prose.candidates, vocab.metrics)."""

from __future__ import annotations

from ledger.parsers import extract


def _read(text: str) -> list[tuple[str, str | None, float | None]]:
    return [(c.kind, c.metric, c.value) for c in extract(text + "\n", path="t.md").claims if c.value is not None]


def test_a_score_and_an_acceptance_each_named_by_the_words_after_it() -> None:
    got = _read("On 2x H200, model Alpha reached 0.812 accuracy with 3.12 mean acceptance.")
    assert got == [("accuracy", "accuracy", 0.812), ("acceptance", "mean acceptance", 3.12)]


def test_a_score_named_before_and_an_acceptance_named_after() -> None:
    got = _read("Alpha accuracy 0.4410 with 4.120 mean acceptance length")
    assert got == [("accuracy", "accuracy", 0.441), ("acceptance", "mean acceptance length", 4.12)]


def test_a_drafters_round_stats_are_acceptance_figures_not_the_models_perf() -> None:
    got = _read("- m-small: 2.05 accepted tokens/step, 1.05 accepted drafts/step, 52.5% of drafted.")
    assert got == [
        ("acceptance", "accepted tokens/step", 2.05),
        ("acceptance", "accepted drafts/step", 1.05),
        ("acceptance", "acceptance rate (of drafted)", 52.5),
    ]


def test_a_table_cell_in_accepted_tokens_per_round_is_an_acceptance_figure() -> None:
    text = (
        "| Model | Mode | Decode tok/s | Acceptance |\n| --- | --- | ---: | --- |\n"
        "| m-small | plain | 20.5 | n/a |\n| m-small | drafted | 31.2 | 2.05 accepted tokens/round |"
    )
    assert ("acceptance", 2.05) in [(k, v) for k, _, v in _read(text)]


def test_the_figure_joined_by_with_is_the_same_models() -> None:
    text = "# Evals for Kimi K2 and DeepSeek V3\n\nOn 2x B200: Kimi accuracy 0.7710 with 3.902 mean acceptance.\n"
    got = [(c.metric, c.config.get("model")) for c in extract(text, path="t.md").claims if c.value is not None]
    assert got == [("accuracy", "Kimi K2"), ("mean acceptance", "Kimi K2")]
