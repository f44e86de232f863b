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


@pytest.mark.parametrize("name", ["qwen2_gguf_decode_bench", "llama3-8b-server", "mistral7b_benchmark"])
def test_a_tool_named_for_the_model_it_drives_is_no_model(name: str) -> None:
    assert model_names(f"Measured end to end with `{name}`, one A100:") == []


# (own words) a bench binary in the lead, a verdict column, a checkpoint whose name carries its MTP layers, and a
# model the change leaves alone
_SETUP_SOURCES = """# faster sampler

**Decode speed** (end-to-end, `qwen2_gguf_decode_bench`, one A100, 256 new tokens):

| prompt set | main | this PR | ratio | TOKEN_MATCH |
|---|--:|--:|--:|---|
| short chat | 88.10 | 95.40 | 1.08x | 16/16 PASS |

**Prefill** (Mistral-7B, Phi-3.5 — not targeted by this PR): unchanged.
"""


def test_setup_is_taken_from_no_tool_verdict_or_name_hint() -> None:
    claims = extract(_SETUP_SOURCES, path="x.md").claims
    row = next(c for c in claims if c.value == 95.4)
    assert "model" not in row.config  # (the bench binary, and no model the PR does not target)
    assert "token_match" not in row.config  # a verdict on the row, no setup of it
    text = "On one H100 serving `Qwen3-30B-A3B-mtp`, each plain decode step took ~20 ms of host time.\n"
    step = next(c for c in extract(text, path="x.md").claims if c.value == 20.0)
    assert step.config.get("model") == "Qwen3-30B-A3B-mtp" and "spec_algo" not in step.config


VARIANT_ROWS = """# Accuracy recheck after the scheduler rework

| Model | gsm8k | Threshold | Status |
| --- | ---: | ---: | --- |
| Qwen3-235B TP8 | 0.951 | 0.94 | PASS |
| Qwen3-235B Prefix Cache TP8 | 0.947 | 0.94 | PASS |
"""


def test_a_model_cells_trailing_settings_and_variant_are_the_rows_setup_not_its_model() -> None:
    from ledger.vocab.model_cells import model_and_variant

    claims = extract(VARIANT_ROWS, path="x.md").claims
    assert {c.config.get("model") for c in claims} == {"Qwen3-235B"}
    assert [(c.kind, c.config.get("variant")) for c in claims if c.config.get("tp") == "8"] == [
        ("accuracy", None),
        ("gate", None),
        ("accuracy", "Prefix Cache"),
        ("gate", "Prefix Cache"),
    ]
    assert model_and_variant("Qwen3-8B Base") is None  # (the checkpoint's own name goes on)
    assert model_and_variant("Llama-3.1-8B Instruct TP2") == ("Llama-3.1-8B Instruct", "")


def test_a_recipe_keys_suffixes_are_its_runs_settings_not_a_checkpoints_name() -> None:
    # a recipe key joins model, precision, board, engine and method with hyphens: its "-mtp" is the runs' method, as
    # its "-eagle" is, and a checkpoint's name ("Qwen3-30B-A3B-mtp", above) names no board nor engine
    for key, method in (("qwen3-fp8-h100-sglang-mtp", "mtp"), ("llama4-fp4-b200-vllm-eagle", "eagle")):
        text = f"# Bump {key} image to 0.6.1\n\n| Concurrency | Output tok/s/GPU |\n|---:|---:|\n| 4 | 88.1 |\n"
        row = next(c for c in extract(text, path="x.md").claims if c.value == 88.1)
        assert row.config.get("spec_algo") == method, key
        assert row.config.get("quant") in ("fp8", "fp4") and row.config.get("gpu") in ("H100", "B200")


def test_a_model_whose_job_the_change_stops_is_no_rival_of_the_documents_model() -> None:
    text = (
        "## Summary\n\n- Add Phi-4-FP8 eval and speed coverage on 4x H100.\n"
        "- Retire the nightly Phi-3.5 job on this runner.\n\n"
        "## Validation\n\n- Accuracy: MMLU **0.775** ≥ **0.76** baseline\n"
    )
    score = next(c for c in extract(text, path="x.md").claims if c.value == 0.775)
    assert score.config.get("model") == "Phi-4-FP8"


@pytest.mark.parametrize(
    ("name", "key", "same"),
    [
        ("Qwen/Qwen3.5-397B-A17B-FP8", "qwen3.5-fp8-mi355x-sglang", True),
        ("openai/gpt-oss-120b", "gptoss-fp4-b200-trt", True),  # (its letters run together in the key)
        ("amd/Kimi-K2.5-MXFP4", "kimik2.5-fp4-mi355x-vllm", True),
        ("nvidia/Llama-3.3-70B-Instruct-FP4", "llama70b-fp4-b200-trt", True),  # (the key's size, anywhere)
        ("zai-org/GLM-5.1-FP8", "glm5-fp8-mi355x-sglang", False),  # (another version)
        ("Qwen3-30B-A3B", "qwen3.5-fp8-mi355x-sglang", False),
        ("Llama-3.1-8B", "llama70b-fp4-b200-trt", False),
    ],
)
def test_a_recipe_keys_model_part_is_spelled_in_full_by_its_model_only(name: str, key: str, same: bool) -> None:
    from ledger.vocab.recipe_keys import spells_key_model

    assert spells_key_model(name, key) is same


def test_the_texts_full_name_is_the_model_of_a_recipe_key_in_the_title_and_the_key_where_it_names_none() -> None:
    def model(body: str) -> str | None:
        text = f"# [AMD] glm5-fp8-mi355x-sglang: new image\n\n## Summary\n\n{body}\n\n## Results\n\n"
        text += "Per-GPU throughput:\n\n| Conc | tput_per_gpu |\n| --- | --- |\n| 64 | 2410.5 |\n"
        return next(c for c in extract(text, path="x.md").claims if c.value == 2410.5).config.get("model")

    assert model("Serves zai-org/GLM-5-FP8 on 8x MI355X.") == "zai-org/GLM-5-FP8"  # (the key on 24560b9a)
    assert model("Same flags as before on 8x MI355X.") == "glm5-fp8-mi355x-sglang"
    assert model("Serves zai-org/GLM-5.1-FP8 on 8x MI355X.") is None  # (two models: the key's and another version)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("`llama_v3.1_nemotron_nano_8b-bench-pytorch-float16-input_output_len:128,128`", "llama_v3.1_nemotron_nano_8b"),
        ("llama_v3.1_8b-bench-pytorch-bfloat16-input_output_len:512,32", "llama_v3.1_8b"),
    ],
)
def test_a_harness_test_ids_model_token_is_the_model_whole_and_its_setup_parts_are_no_part_of_it(
    text: str, name: str
) -> None:
    assert model_names(text) == [name]  # (never "llama_v3", the name cut at its first dot)


def test_a_harness_ids_spelling_gives_way_to_the_same_model_stated_in_words_above_it() -> None:
    from ledger.parsers.grammar.fuller_names import _id_spelled

    text = (
        "## Details\n\n* **Model:** Llama-3.1-Nemotron-Nano-8B-v1\n\n### Run 1\n\n"
        "* **Id:** `llama_v3.1_nemotron_nano_8b-bench-pytorch-float16-input_output_len:128,128`\n"
        "* **Request Throughput:** 50.5 req/sec\n"
    )
    claim = next(c for c in extract(text, path="x.md").claims if c.value == 50.5)
    assert claim.config.get("model") == "Llama-3.1-Nemotron-Nano-8B-v1"
    assert claim.config.get("isl") == "128"
    linked = "[Llama-3.1-Nemotron-Nano-8B-v1](https://huggingface.co/nvidia/Llama-3.1-Nemotron-Nano-8B-v1)\n\n"
    claim = next(c for c in extract(linked + text, path="x.md").claims if c.value == 50.5)
    assert claim.config.get("model") == "Llama-3.1-Nemotron-Nano-8B-v1"  # (with and without its owner: one model)
    assert not _id_spelled("llama_v3.1_8b", "Llama-3.1-70B")  # (another size: another model)
    assert not _id_spelled("llama_v3.1", "Llama-3.1-8B")  # (the size not in the id: no same-model match)
