"""The short forms a model's name is written in once stated in full (vocab.model_short_forms)."""

from __future__ import annotations

from ledger.vocab.model_short_forms import short_forms, short_key


def test_short_key_keeps_only_separators_between_digits() -> None:
    assert short_key("DS-V3.2") == short_key("DSv3.2") == "dsv3.2"
    assert short_key("Q3-235B") == "q3-235b" != short_key("Q32-35B")


def test_initials_and_versions() -> None:
    forms = short_forms("DeepSeek-V3.2")
    assert {"ds", "dsv3.2", "dsv3", "deepseek"} <= forms
    assert {"q3-235b", "qwen"} <= short_forms("Qwen3-235B-A22B")
    assert {"l3.3", "l3.3-70b"} <= short_forms("meta-llama/Llama 3.3 70B")


def test_one_letter_needs_a_dotted_version_or_a_size() -> None:
    # ("L3" is also a cache level; "Q3" a quarter)
    assert "l3" not in short_forms("Llama-3-8B") and "l3-8b" in short_forms("Llama-3-8B")
    assert "q3" not in short_forms("Qwen3-32B")


def test_an_everyday_family_word_is_no_form_alone() -> None:
    assert "phi" not in short_forms("Phi-3-mini") and "step" not in short_forms("Step-3")


def test_no_family_no_form() -> None:
    assert short_forms("acme/Loom-2") == set()
