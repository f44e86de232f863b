"""Two arms named by a word and its negation: the negated one is the other's baseline (vocab.negated_arms)."""

from __future__ import annotations

import pytest

from ledger.vocab.negated_arms import negated_arm


@pytest.mark.parametrize(
    ("first", "second", "negated"),
    [
        ("Triton MoE Untuned", "Triton MoE Tuned", 0),
        ("Fused", "Unfused", 1),
        ("Non-fused", "Fused", 0),
        ("No prefix cache", "Prefix cache", 0),
        ("Without graphs", "With graphs", 0),
        ("w/ MTP", "w/o MTP", 1),
        ("Overlap off", "Overlap on", 0),
        ("Cache disabled", "Cache enabled", 0),
    ],
)
def test_the_negated_name_is_the_baseline(first: str, second: str, negated: int) -> None:
    assert negated_arm(first, second) == negated


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Unified", "Split"),  # (no word of the other negated)
        ("Unit", "it"),  # ("un" + a two-letter word: no negation)
        ("Untuned MoE", "Tuned GEMM"),  # (two words differ: two names, not one and its negation)
        ("No cache", "No cache"),
        ("main", "this PR"),
    ],
)
def test_names_that_are_no_negation_of_each_other(first: str, second: str) -> None:
    assert negated_arm(first, second) is None
