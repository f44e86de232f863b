"""The control row of a with/without table: the row run without the feature the other rows are named for ("no
drafter" beside a drafting method, "TP4 (no CP)" beside "CP4") is the reference of the other rows of the same
measure and setup (tables.results, tables.side_rows.feature_off_twin)."""

from __future__ import annotations

import pytest

from ledger.parsers import extract


def _refs(text: str) -> list[tuple[str, float, float | None]]:
    return [(c.config.get("model", ""), c.value, c.reference) for c in extract(text, path="t.md").claims if c.value]


@pytest.mark.parametrize("off", ["no drafter", "w/o speculation", "without draft model", "no spec decoding"])
def test_a_row_run_without_the_drafter_is_the_reference_of_the_drafting_row_per_model(off: str) -> None:
    text = (
        "| Model | Mode | Decode tok/s | Memory |\n|---|---|---:|---:|\n"
        f"| m-alpha | {off} | 20.0 | 9.0 GB |\n| m-alpha | Medusa | 30.0 | 10.0 GB |\n"
        f"| m-beta | {off} | 40.0 | 4.0 GB |\n| m-beta | Medusa | 44.0 | 4.5 GB |\n"
    )
    got = [r for r in _refs(text) if r[2] is not None]
    assert got == [("m-alpha", 30.0, 20.0), ("m-alpha", 10.0, 9.0), ("m-beta", 44.0, 40.0), ("m-beta", 4.5, 4.0)]


def test_a_row_named_without_the_feature_in_parentheses_is_the_reference_of_the_feature_row() -> None:
    text = (
        "2xH100, head `abc1234def`.\n\n| Model | Mode | Accuracy | Accept length |\n|---|---|---:|---:|\n"
        "| M-1 | SP2 | 0.91 | 2.50 |\n| M-1 | TP2 (no SP) | 0.90 | 2.48 |\n"
    )
    assert [(v, r) for _, v, r in _refs(text) if r is not None] == [(0.91, 0.90), (2.50, 2.48)]


def test_a_no_row_whose_feature_no_other_row_names_is_no_control() -> None:
    text = "| Mode | Decode tok/s |\n|---|---:|\n| no cache | 20.0 |\n| Medusa | 30.0 |\n"
    assert all(r is None for _, _, r in _refs(text))


@pytest.mark.parametrize("off", ["plain", "Baseline", "off", "none", "vanilla", "plain decoding", "autoregressive"])
def test_a_control_word_beside_a_drafting_method_names_the_arm_the_method_is_measured_against(off: str) -> None:
    # (invented: the control arm named by a word of its own, not by the feature it leaves out)
    two = (
        "| Model | Decoding | Output tok/s |\n|---|---|---:|\n"
        f"| k-small | {off} | 50.0 |\n| k-small | EAGLE-3 | 81.0 |\n"
        f"| k-large | {off} | 22.0 |\n| k-large | EAGLE-3 | 35.0 |\n"
    )
    assert [r for r in _refs(two) if r[2] is not None] == [("k-small", 81.0, 50.0), ("k-large", 35.0, 22.0)]
    one = f"| Decoding | Output tok/s |\n|---|---:|\n| {off} | 50.0 |\n| Medusa heads | 74.0 |\n"
    assert [(v, r) for _, v, r in _refs(one) if r is not None] == [(74.0, 50.0)]


def test_a_control_word_beside_no_drafting_method_is_no_control() -> None:
    text = "| Model | Kernel | Output tok/s |\n|---|---|---:|\n| k-small | plain | 50.0 |\n| k-small | fused | 81.0 |\n"
    assert all(r is None for _, _, r in _refs(text))


def test_a_control_column_beside_the_pr_column_and_a_prior_builds_column_are_baselines() -> None:
    """ "| Case | PR | control |": the experiment's control arm beside the new side is its baseline; "Earlier build
    tok/s | Head tok/s | Earlier build TPOT | Head TPOT": a header opening with "earlier"/"prior" is the base side,
    and the one baseline of a unit left when the others paired by name is the one value of that unit left's."""
    text = "| Case | PR | control |\n|---|---:|---:|\n| decode 1k | 61.0 | 58.0 |\n| decode 4k | 55.0 | 50.0 |\n"
    assert [(v, r) for _, v, r in _refs(text)] == [(61.0, 58.0), (55.0, 50.0)]
    text = (
        "| Batch | Earlier build tok/s | Head tok/s | Earlier build TPOT | Head TPOT |\n|---:|---:|---:|---:|---:|\n"
        "| 4 | 120.0 | 131.0 | 33.0 ms | 30.5 ms |\n"
    )
    assert [(v, r) for _, v, r in _refs(text)] == [(131.0, 120.0), (30.5, 33.0)]


def test_control_rows_alternating_with_drafting_rows_pair_by_the_setting_they_share() -> None:
    """ "w/o SD" then "with ngram SD", once per temperature: each drafting row is measured against the control row
    of its own temperature (side_rows.side_pairs), part by part in a packed "flexible/strict" cell, each part under
    its own filter (slash_named); the control rows are references, no results of their own."""
    text = (
        "| | Temperature | Accuracy (flexible-extract/strict-match) |\n| --- | --- | --- |\n"
        "| w/o SD | 0 | 0.83/0.81 |\n| with ngram SD | 0 | 0.82/0.80 |\n"
        "| w/o SD | 0.8 | 0.71/0.69 |\n| with ngram SD | 0.8 | 0.70/0.68 |\n"
    )
    got = [
        (c.config.get("temperature"), c.config.get("filter"), c.value, c.reference)
        for c in extract(text, path="t.md").claims
    ]
    assert got == [
        ("0", "flexible-extract", 0.82, 0.83),
        ("0", "strict-match", 0.80, 0.81),
        ("0.8", "flexible-extract", 0.70, 0.71),
        ("0.8", "strict-match", 0.68, 0.69),
    ]


def test_a_baseline_row_carrying_setup_words_is_the_reference_of_a_plainly_named_row_of_its_setting() -> None:
    """ "baseline (no spec)" then "suffix spec": the candidate's label names no setup, so the one base row of its
    temperature is its reference, whatever words the base row's label carries."""
    text = (
        "| | Temp | gsm8k strict |\n| --- | --- | --- |\n"
        "| baseline (no spec) | 0 | 0.81 |\n| suffix spec | 0 | 0.80 |\n"
        "| baseline (no spec) | 0.7 | 0.72 |\n| suffix spec | 0.7 | 0.70 |\n"
    )
    assert [(c.value, c.reference) for c in extract(text, path="t.md").claims] == [(0.80, 0.81), (0.70, 0.72)]
