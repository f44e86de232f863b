"""The words of the support join: engines, canonical features and their spellings, architecture names.

The engine a page speaks for (ledger/parsers/support/engine.py) is tested here too: it is read from the same vocabulary.
"""

from __future__ import annotations

import pytest

from ledger.parsers.reader.document import read_document
from ledger.parsers.support.engine import detect
from ledger.vocab.engines import (
    Engine,
    engine_for_repo,
    engine_for_url,
    engine_in_path,
    engine_named,
    engine_of_repo,
    short_name,
)
from ledger.vocab.support import (
    Aliases,
    architectures,
    class_head,
    feature_key,
    is_class_name,
    strip_marks,
    value_of_mark,
    value_of_meaning,
)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("trtllm", "TensorRT-LLM"),
        ("TensorRT-LLM", "TensorRT-LLM"),
        ("TRT-LLM", "TensorRT-LLM"),
        ("vllm", "vLLM"),
        ("SGLang", "SGLang"),
        ("llama.cpp", "llama.cpp"),
        ("llamacpp", "llama.cpp"),
        ("tgi", "TGI"),
    ],
)
def test_engine_named(text: str, name: str) -> None:
    e = engine_named(text)
    assert e is not None and e.name == name


def test_unknown_engine_names_are_kept_as_given() -> None:
    assert engine_named("my-engine") is None
    assert short_name("  my-engine ") == "my-engine"
    assert short_name("sglang") == "SGLang"


def _name(e: Engine | None) -> str | None:
    return e.name if e else None


def test_engine_of_a_repository_its_forks_and_urls() -> None:
    assert _name(engine_for_repo("NVIDIA/TensorRT-LLM")) == "TensorRT-LLM"
    assert _name(engine_for_repo("someone/vllm")) == "vLLM"  # a fork keeps the name
    assert _name(engine_for_repo("example/trtllm")) == "TensorRT-LLM"
    assert engine_for_repo("someone/unrelated") is None
    url = "https://github.com/NVIDIA/TensorRT-LLM/blob/main/docs/source/models/supported-models.md"
    assert _name(engine_for_url(url)) == "TensorRT-LLM"
    assert _name(engine_for_url("https://docs.vllm.ai/en/latest/models/supported_models.html")) == "vLLM"
    assert _name(engine_for_url("https://docs.sglang.ai/backend/attention_backend.html")) == "SGLang"
    assert engine_for_url("https://example.com/vllm") is None


def test_a_repository_we_do_not_know_speaks_for_its_own_name() -> None:
    assert engine_of_repo("someone/vllm") == "vLLM"
    assert engine_of_repo("acme/npu-serve.git") == "npu-serve"  # a plugin of an engine is not that engine
    assert engine_of_repo("no-slash") is None and engine_of_repo(None) is None


@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("trtllm-supported-models.md", "TensorRT-LLM"),
        ("vllm_supported_models.md", "vLLM"),
        ("docs/sglang/attention.md", "SGLang"),
        ("llamacpp-ops.md", "llama.cpp"),
        ("supported-models.md", None),
        ("transformers_backend.md", None),  # too common a word to name a project in a file name
    ],
)
def test_engine_in_path(path: str, name: str | None) -> None:
    assert _name(engine_in_path(path)) == name


def _detect(text: str, path: str | None = None) -> str | None:
    return detect(read_document(text, path or "page.md"), path)


def test_a_page_is_the_engine_its_text_names_most() -> None:
    page = (
        "# Attention backends\n\nSGLang picks a backend at start-up.\n\n| **Backend** | **MLA** |\n|---|---|\n"
        "| **TRTLLM MLA** | ✅ |\n\n" + "python3 -m sglang.launch_server --model-path x\n" * 2
    )
    assert _detect(page) == "SGLang"
    assert _detect(page, "trtllm-attention.md") == "TensorRT-LLM"  # the file name decides first


def test_a_link_to_the_repository_votes_and_a_tie_names_no_engine() -> None:
    assert _detect("| a | b |\n\nsee [issue](https://github.com/vllm-project/vllm/issues/7366)\n") == "vLLM"
    assert _detect("\n\n\n\n\n\nRuns on vLLM, SGLang and TensorRT-LLM.\n") is None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Sliding Window Attention", "Sliding Window"),
        ("Sliding Window Attention", "SWA"),
        ("Spec Decoding", "Speculative decoding"),
        ("PP", "pipeline parallel"),
        ("Pipeline Parallelism", "PP"),
        ("KV Cache Reuse", "prefix caching"),
        ("Attention Data Parallelism", "DP Attention"),
        ("CUDA Graph", "cuda graphs"),
        ("[LoRA](../features/lora.md)", "LoRA"),
        ("EAGLE-3", "Eagle3"),
    ],
)
def test_feature_spellings_join(a: str, b: str) -> None:
    assert feature_key(a) is not None and feature_key(a) == feature_key(b)


def test_an_engine_spelling_wins_in_that_engines_documents() -> None:
    assert feature_key("CP", engine="vLLM") == feature_key("Chunked Prefill")
    assert feature_key("CP") == feature_key("Context Parallelism")
    assert feature_key("SD", engine="vLLM") == feature_key("Speculative Decoding")
    assert feature_key("APC", engine="vLLM") == feature_key("KV Cache Reuse")


def test_unknown_features_have_no_key_and_are_kept_by_callers() -> None:
    assert feature_key("Page Size > 1") is None
    assert feature_key("") is None


@pytest.mark.parametrize(
    ("subject", "names"),
    [
        ("Qwen2For{Reward,ProcessReward}Model", ["Qwen2ForRewardModel", "Qwen2ForProcessRewardModel"]),
        ("`ChatGLMModel`, `ChatGLMForConditionalGeneration`", ["ChatGLMModel", "ChatGLMForConditionalGeneration"]),
        ("`GLM4VForCausalLM`<sup>^</sup>", ["GLM4VForCausalLM"]),
        ("`DeepseekV4ForCausalLM` [^11]", ["DeepseekV4ForCausalLM"]),
        ("LlavaLlamaModel (VILA)", ["LlavaLlamaModel"]),
        ("Qwen2VL/Qwen2_5_VL", ["Qwen2VL", "Qwen2_5_VL"]),
        ("FA3 (FlashAttention 3)", ["FA3 (FlashAttention 3)"]),  # not a class: kept as printed
        ("MiniMax M2/M2.1", ["MiniMax M2/M2.1"]),
        ("N/A", ["N/A"]),
    ],
)
def test_architectures_of_a_subject(subject: str, names: list[str]) -> None:
    assert architectures(subject) == names


def test_marks_are_removed_and_kept() -> None:
    assert strip_marks("`GLM4VForCausalLM`<sup>^</sup>") == ("GLM4VForCausalLM", ["^"])
    assert strip_marks("Qwen2VLForConditionalGeneration <sup>Q</sup>") == ("Qwen2VLForConditionalGeneration", ["Q"])
    assert strip_marks("Foo†") == ("Foo", ["†"])


def test_class_names() -> None:
    assert is_class_name("Qwen3NextForCausalLM") and is_class_name("InternVLChatModel")
    assert not is_class_name("Qwen3-Next") and not is_class_name("FlashInfer") and not is_class_name("Model")
    assert class_head("Qwen3NextForCausalLM") == "qwen3next"
    assert class_head("GPT2LMHeadModel") == "gpt2"


def test_aliases_map_model_names_to_their_class() -> None:
    a = Aliases()
    a.add_all(["DeepSeek-V3", "Kimi-K2"], "DeepseekV3ForCausalLM")
    a.add_class("Qwen3NextForCausalLM")
    a.add_class("Qwen3ForCausalLM")
    a.add_class("Qwen3ForTextEmbedding")
    assert a.resolve("Kimi-K2") == "DeepseekV3ForCausalLM"
    assert a.resolve("Qwen3-Next") == "Qwen3NextForCausalLM"  # by the class's family head
    assert a.resolve("Qwen3") is None  # two classes have that head: nothing says which
    assert a.resolve("Falcon") is None


@pytest.mark.parametrize(
    ("words", "meaning"),
    [
        ("= Full compatibility", ("yes", None)),
        ("= No compatibility", ("no", None)),
        ("= Partial compatibility", ("partial", "Partial compatibility")),
        ("= Unknown or TBD", ("untested", "Unknown or TBD")),
        ("means not checked yet.", ("untested", "not checked yet")),
        (
            "indicates that the feature is planned but not yet supported for the model.",
            ("no", "the feature is planned but not yet supported for the model"),
        ),
        ("means the feature works for that architecture.", ("yes", None)),
        # a "no" line that restates the value over the table's axes is a key, no note (as its "yes" line is)
        ("indicates that the method is not supported on the given hardware.", ("no", None)),
        ("= not supported, a CPU fallback runs instead", ("no", "not supported, a CPU fallback runs instead")),
        ("Experimental support.", ("yes", "Experimental support")),
        ("Under active development.", ("no", "Under active development")),
    ],
)
def test_legend_words(words: str, meaning: tuple[str, str | None]) -> None:
    assert value_of_meaning(words) == meaning


def test_marks_without_a_legend() -> None:
    assert value_of_mark("✅︎") == ("yes", None)
    assert value_of_mark("🚧") == ("no", "in progress")
    assert value_of_mark("❔") == ("untested", "unknown")
    assert value_of_mark("x") is None


def test_a_legend_aside_qualifies_its_head_never_outweighs_it() -> None:
    assert value_of_meaning("Planned: on the roadmap (some may have draft PRs)") == (
        "no",
        "Planned: on the roadmap (some may have draft PRs)",
    )
    assert value_of_meaning("Works (limited to one GPU)") == ("yes", "Works (limited to one GPU)")
    assert value_of_meaning("partial (some kernels)")[0] == "partial"  # type: ignore[index]
