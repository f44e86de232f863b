"""A method section's settings for one class of models ("For MoE models: ... --ep $ep"): the results of a model of
that class take them, a dense model's none (tests/fixtures/release_pages/class_settings.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers import extract
from ledger.parsers.grammar.commands import command_setup
from ledger.vocab.moe_models import clause_class, model_class

FIXTURE = Path(__file__).parent / "fixtures" / "release_pages" / "class_settings.md"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Qwen3-30B-A3B", "moe"),
        ("nvidia/Llama-4-Maverick-17B-128E-Instruct-FP8", "moe"),
        ("Llama 4 Scout", "moe"),
        ("DeepSeek-R1", "moe"),
        ("gpt-oss-120b", "moe"),
        ("Mixtral-8x7B", "moe"),
        ("Llama 3.3 70B", "dense"),
        ("Qwen2.5-7B-Instruct", "dense"),
        ("", ""),
    ],
)
def test_a_models_class_by_its_published_name(name: str, expected: str) -> None:
    assert model_class(name) == expected


@pytest.mark.parametrize(
    ("clause", "expected"),
    [("For MoE models:", "moe"), ("For dense / non-MoE models:", "dense"), ("For the Qwen3 model,", None)],
)
def test_a_class_clause_names_one_class_or_none(clause: str, expected: str | None) -> None:
    assert clause_class(clause) == expected


def test_a_switch_size_left_to_a_shell_variable_still_turns_the_switch_on() -> None:
    assert command_setup("bench-tool --tp $tp --ep $ep_size --model $model")["ep"] == "on"
    assert "ep" not in command_setup("runner -ep {cpu or cuda} -b 1")  # (a template's slot: an execution provider)


def test_the_moe_tables_take_the_moe_settings_and_the_dense_tables_none() -> None:
    claims = extract(FIXTURE.read_text(encoding="utf-8"), path=str(FIXTURE)).claims
    by_model = {(c.config.get("model"), c.value): dict(c.config) for c in claims}
    moe = by_model[("Qwen3-30B-A3B", 8123.5)]
    dense = by_model[("Llama 3.1 8B", 15210.7)]
    assert (moe.get("ep"), moe.get("attention_dp"), moe.get("backend")) == ("on", "on", "pytorch")
    assert (dense.get("ep"), dense.get("attention_dp"), dense.get("backend")) == (None, None, "pytorch")
    assert moe.get("tp") == "2"  # (the table's own header states its size; the class lends what it does not)
