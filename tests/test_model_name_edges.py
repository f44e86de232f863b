"""Where a model's name starts and ends in text (vocab.models.model_names): a code class named after a family is
no model, and a release's member word written after its version is part of the name."""

from __future__ import annotations

import pytest

from ledger.parsers import extract
from ledger.vocab.models import model_names


@pytest.mark.parametrize(
    "text",
    [
        "The hook lives in `Qwen3AttentionMetadataBuilder`, which is not an `AiterMLAMetadataBuilder`.",
        "Patched DeepseekV4Attention so the indexer reads the cache once.",
        "Both Llama4TextMoe and Glm4MoeDecoderLayer call it.",
        "`Qwen3MoeForCausalLM` keeps its old path.",
    ],
)
def test_a_class_named_after_a_family_is_no_model(text: str) -> None:
    assert model_names(text) == []


def test_a_model_beside_a_class_named_after_it_is_still_read() -> None:
    assert model_names("Qwen3-8B through Qwen3DecoderLayer") == ["Qwen3-8B"]
    assert model_names("Served Qwen3Next in the test") == ["Qwen3Next"]  # (a glued name, one word after the version)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Decode on DeepSeek-V4 Flash (TP4, FP8 KV):", "DeepSeek-V4 Flash"),
        ("GLM-4.5 Air at TP2", "GLM-4.5 Air"),
        ("Qwen3-30B-A3B Instruct, 8k context", "Qwen3-30B-A3B Instruct"),
        ("Qwen3-8B flash attention path", "Qwen3-8B"),
        ("Qwen3-8B base vs this PR", "Qwen3-8B"),
    ],
)
def test_a_member_word_after_the_version_is_part_of_the_name(text: str, want: str) -> None:
    assert model_names(text) == [want]


def test_an_unnamed_tables_rows_take_no_model_from_a_class() -> None:
    text = "The hook lives in `Qwen3AttentionMetadataBuilder`.\n\n| | acc |\n|---|---|\n| new path | 0.912 |\n"
    claim = next(c for c in extract(text, path="x.md").claims if c.value == 0.912)
    assert "model" not in claim.config


def test_an_environment_variables_name_is_no_model() -> None:
    """ "ORCA_30B_CKPT_PATH=/data/Orca-30B python3 eval.py": the variable holds a model's path; its name, set,
    expanded or named for what it holds, is no model (a model written in capitals alone still is one)."""
    assert "ORCA_30B_CKPT_PATH" not in model_names("ORCA_30B_CKPT_PATH=/data/ckpts python3 eval.py")
    assert model_names("point it at ${ORCA_30B_WEIGHTS} first") == []
    assert model_names("export QWEN3_8B_MODEL_PATH before the run") == []
