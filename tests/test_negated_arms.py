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


def test_an_arm_named_as_the_other_plus_an_addition_is_its_change() -> None:
    # (tests/fixtures/tables/added_arm_reference.md)
    assert negated_arm("Draft v2", "Draft v2 + fc norm") == 0
    assert negated_arm("Eagle 3 + norm", "Eagle 3") == 1
    assert negated_arm("TP8", "TP8 w/ DP attention") is None  # a setting added: another setup, no reference
    assert negated_arm("A", "A + b c d e f") is None  # a long tail names another arm


def test_a_point_release_with_an_addition_and_a_shared_qualifier_name_the_variant() -> None:
    # (tests/fixtures/tables/variant_arm_spellings.md)
    assert negated_arm("Medusa 2 (Mixtral)", "Medusa 2 + gate (Mixtral)") == 0
    assert negated_arm("Medusa 2.1 residual-gate", "Medusa 2") == 1
    assert negated_arm("Medusa2", "Medusa2.1 + gate") == 0
    assert negated_arm("Medusa 2 (Mixtral)", "Medusa 2 + gate (Llama)") is None  # (the qualifier tells them apart)
    assert negated_arm("Llama 3", "Llama 3.1 Instruct") is None  # (two models of a family)
    assert negated_arm("Medusa 2", "Medusa 2.1") is None  # (a release alone: release_columns, if anything)
    assert negated_arm("Medusa 2", "Medusa 2.1 fp8") is None  # (a setting added: another setup)
    assert negated_arm("Medusa 2", "Medusa 21 gate") is None
