"""Setup as real PR threads state it: the benchmark tools' own flag spellings, a quantised checkpoint's name
against the compute dtype, the parallelism shorthands, the scope of a section's setup and the Ascend boards."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers import extract
from ledger.parsers.grammar.commands import command_setup
from ledger.parsers.grammar.line_setup import line_setup, setting_value
from ledger.parsers.reader.superseded_sides import superseded_blanked
from ledger.vocab.backends import title_backend
from ledger.vocab.canonical import canonical_gpu, counted_boards
from ledger.vocab.claim_setup import read_setup, setup_items
from ledger.vocab.flags import one_value
from ledger.vocab.label_batches import label_batch
from ledger.vocab.models import model_names, of_family, title_family
from ledger.vocab.name_hints import config_hints
from ledger.vocab.setup import named_twice, qualifiers
from ledger.vocab.setup_negation import drafted_arm


def _fixture(rel: str) -> str:
    return (Path(__file__).parent / "fixtures" / rel).read_text(encoding="utf-8")


def _config(text: str, value: float) -> dict[str, str]:
    return next(c.config for c in extract(text, path="x.md").claims if c.value == value)


def test_argparse_abbreviations_of_the_length_flags_are_read() -> None:
    # sglang.bench_serving's own usage line writes "--random-input 1024 --random-output 1024": argparse takes a
    # unique prefix of "--random-input-len"
    got = command_setup("python3 -m sglang.bench_serving --dataset-name random --random-input 96 --random-output 640")
    assert got["isl"] == "96" and got["osl"] == "640"
    text = (
        "# Shorter prefill path\n\n```\nvllm bench serve --model acme/Tiny-3B --dataset-name random "
        "--random-input 96 --random-output 640 --max-concurrency 8\n```\n\nMean TTFT dropped to 41.5 ms.\n"
    )
    cfg = _config(text, 41.5)
    assert (cfg["isl"], cfg["osl"], cfg["concurrency"]) == ("96", "640", "8")


def test_an_abbreviation_needs_a_value_of_its_kind_and_one_meaning() -> None:
    # "--output results.json" is a file, not an output length; "--max-num 8" could be either of two flags
    got = command_setup("python bench.py --output-file out.json --random-output x.json --max-num 8")
    assert "osl" not in got and "max_num_seqs" not in got and "max_num_tokens" not in got


def test_llama_cpps_batch_size_is_its_prompt_steps_tokens_not_a_batch_of_requests() -> None:
    # llama-server and llama-bench take "-b/--batch-size" as n_batch; a benchmark script's --batch-size is the batch
    got = command_setup("./build/bin/llama-server -m wren-9b-q4_k_m.gguf --batch-size 2048 --parallel 1")
    assert got.get("n_batch") == "2048" and "batch_size" not in got
    got = command_setup("python benchmarks/benchmark_latency.py --model acme/Tiny-3B --batch-size 8")
    assert got["batch_size"] == "8" and "n_batch" not in got


def test_each_tools_length_flags() -> None:
    # trtllm-bench's throughput takes the target lengths with underscores; bench_one_batch its own lengths
    got = command_setup("trtllm-bench --model acme/Tiny-3B throughput --target_input_len 900 --target_output_len 90")
    assert got["isl"] == "900" and got["osl"] == "90"
    got = command_setup("python -m sglang.bench_one_batch --model-path acme/Tiny-3B --batch-size 4 --input-len 300")
    assert got["batch_size"] == "4" and got["isl"] == "300"
    # a sweep ("--batch-size 1 8 32") names no one batch: each result says which
    got = command_setup(
        "python -m sglang.bench_one_batch --model-path acme/Tiny-3B --batch-size 1 8 32 --input-len 300"
    )
    assert "batch_size" not in got and got["isl"] == "300"


def test_bench_eagle3_config_list_is_batch_steps_topk_draft_tokens() -> None:
    got = command_setup("python bench_eagle3.py --model-path acme/Tiny-3B --config-list 2,5,1,6 --tp 2")
    assert got["batch_size"] == "2" and got["draft_len"] == "5" and got["topk"] == "1" and got["draft_tokens"] == "6"
    # two configurations: each result is one of them, the command names neither
    got = command_setup("python bench_eagle3.py --model-path acme/Tiny-3B --config-list 1,0,0,0 2,5,1,6")
    assert not {"batch_size", "draft_len", "topk", "draft_tokens"} & got.keys()


def test_a_quantised_checkpoints_name_wins_over_the_compute_dtype() -> None:
    table = "\n\n| Task | Throughput (tok/s) |\n|---|---|\n| mtbench | 180.5 |\n"
    fp8 = (
        "# Draft head\n\n```\npython bench_eagle3.py --model-path acme/Tiny-3B-FP8 --dtype bfloat16 --tp 2\n```" + table
    )
    assert _config(fp8, 180.5)["quant"] == "fp8"
    # nothing names a quantisation: the dtype the run computes in is its precision
    plain = fp8.replace("Tiny-3B-FP8", "Tiny-3B")
    assert _config(plain, 180.5)["quant"] == "bfloat16"
    # lm_eval's model_args the same way
    args = "```\nlm_eval --model vllm --model_args pretrained=acme/Tiny-3B-NVFP4,dtype=float16 --tasks gsm8k\n```\n"
    assert _config("# Eval\n\n" + args + "\ngsm8k accuracy is 71.5%.\n", 71.5)["quant"] == "nvfp4"


def test_fp4_and_one_format_of_it_are_one_precision_but_fp8_and_mxfp8_are_two() -> None:
    doc = (
        "# Prefetch\n\nOn GB200 the TTFT went from 2210.5 to 2150.25 ms.\n\n"
        "```\nModel Path:  /ckpt/Foo-V3-FP4\nQuantization:  NVFP4\n\nRequest Throughput (req/sec):  6.2050\n```\n"
    )
    assert _config(doc, 2150.25)["quant"] == "nvfp4"
    # two recipes a PR may compare, or two formats: no one precision
    assert one_value("quant", {"FP8", "MXFP8"}) is None
    assert one_value("quant", {"fp4", "mxfp4", "nvfp4"}) is None
    assert one_value("quant", {"FP4", "NVFP4", "nvfp4"}) == "NVFP4"


def test_tep_is_tensor_parallel_with_expert_parallel_of_the_same_size() -> None:
    got = qualifiers("TEP8, MTP off, B200")
    assert (got["tp"], got["ep"], got["gpu"], got["spec_algo"]) == ("8", "8", "B200", "none")
    assert qualifiers("DEP4") == {"dep": "4", "dp": "4", "ep": "4"}  # attention DP with EP: as stated, and both
    assert "tp" not in qualifiers("STEP4 of the recipe")


def test_a_handle_is_not_a_model_and_the_titles_model_holds() -> None:
    text = (
        "# Quicker sampling for Qwen3-4B\n\n## Results\nTEP2, H20\nDecode throughput: 910.5 token/s\n\n"
        "thanks @yili2077 and @phi-dev3 for the review\n"
    )
    cfg = _config(text, 910.5)
    assert cfg["model"] == "Qwen3-4B" and cfg["tp"] == "2" and cfg["ep"] == "2" and cfg["gpu"] == "H20"


def test_a_sections_setup_holds_in_its_section_whatever_its_siblings_say() -> None:
    before = (
        "# Quicker sampling\n\n## Why\nSampling is slow on L40S.\n\n"
        "## Numbers\nA100\nDecode throughput: 910.5 token/s\n"
    )
    assert _config(before, 910.5)["gpu"] == "A100"
    after = "# Quicker sampling\n\n## Numbers\nA100\nDecode throughput: 910.5 token/s\n\n## Next\nL40S comes later.\n"
    assert _config(after, 910.5)["gpu"] == "A100"


def test_a_sections_setup_does_not_reach_a_sibling_sections_results() -> None:
    text = (
        "# Quicker sampling\n\n## Why\nSampling takes 31% of decode in INT4 runs on L40S.\n\n"
        "## Numbers\nA100, TP4\nDecode throughput: 910.5 token/s\n"
    )
    why, numbers = _config(text, 31.0), _config(text, 910.5)
    assert "tp" not in why and why["gpu"] == "L40S"
    assert "quant" not in numbers and (numbers["gpu"], numbers["tp"]) == ("A100", "4")


_TUNED_LATER = """# Serving Foo-70B on Acme boards

## Performance

The measured result is:

**Input/Output**: 2k/512

**Result**: TTFT = 1.20s, TPOT = 30.5ms.

## Tuning

| Scenario | Window | TP |
|---|---|---|
| Long documents | 32k context | 8 |
| Chat | - | 4 |
"""


def test_a_length_a_later_sections_table_varies_is_still_the_stated_one_of_a_section_above() -> None:
    """A tuning table far below varies the context among its scenarios: its rows', never the performance section's,
    whose own lines state the lengths its result ran at."""
    config = _config(_TUNED_LATER, 1.2)
    assert (config.get("isl"), config.get("osl")) == ("2k", "512")


def test_a_section_after_the_results_sets_up_its_own_runs_not_the_results_above() -> None:
    results = (
        "# Decode speed\n\n## L40S\nDecode throughput: 910.5 token/s\n\n## H100\nDecode throughput: 1402.5 token/s\n\n"
    )
    build = "## Building it yourself\n\n```shell\nengine-build --fp8_kv_cache --pp_size 2\n```\n"
    assert not {"kv_cache", "pp"} & set(_config(results + build, 910.5))
    # the same lines before the results set them up; a setup section after them still holds for its turn
    assert _config(build + "\n" + results, 1402.5)["kv_cache"] == "fp8"
    settings = "## Test configuration\n\n- KV cache: fp8\n- PP: 2\n"
    assert (_config(results + settings, 910.5)["kv_cache"], _config(results + settings, 910.5)["pp"]) == ("fp8", "2")


def test_ascend_boards_are_devices() -> None:
    assert qualifiers("served on Ascend NPU A5")["gpu"].lower() == "ascend a5"
    assert qualifiers("one Atlas 800I A2 node")["gpu"].lower() == "atlas 800i a2"
    assert qualifiers("Ascend A3")["gpu"].lower() == "ascend a3"
    text = "# Faster MTP on Ascend NPU A5\n\n## Results\nTPOT is 15.5 ms at concurrency 1.\n"
    assert _config(text, 15.5)["gpu"].lower() == "ascend a5"


_LABELLED_ITEMS = """# speedup: decode +9.1%, prefill +12.4%, EAGLE3 +2.2%, outputs unchanged

Measured on one H100 with Llama-3-8B. Checked 12 prompts on the plain and EAGLE3 paths, all identical.

The prefill gain at equal batch is +5.5%.
"""


def test_a_method_one_item_of_a_list_or_one_arm_of_two_names_is_no_setting_of_the_rest() -> None:
    """A title listing three gains, the third labelled by its drafting method, and a check over a plain and a
    drafted path: the method is the third gain's alone, and no later value's."""
    spec = {c.value: c.config.get("spec_algo") for c in extract(_LABELLED_ITEMS, path="x.md").claims}
    assert (spec[9.1], spec[12.4], spec[2.2], spec[5.5]) == (None, None, "eagle3", None)
    assert "spec_algo" in qualifiers("with EAGLE3 on, decode +9.1% and prefill +12.4%")  # (a lead: the list's)


def test_an_acceptance_on_one_drafting_arm_of_two_is_that_arms() -> None:
    """ "On the decode and MTP-3 path ...; acceptance length 4.00": only the MTP-3 arm drafts, so the acceptance is
    its (method and depth); the other values of such a sentence stay the rule's, neither arm's (ninfer#96)."""
    got = {
        c.value: c.config
        for c in extract(_fixture("setup/drafting_arm_of_two_acceptance.md"), path="x.md").claims
        if c.source.line in (5, 7)
    }
    assert (got[4.0].get("spec_algo"), got[4.0].get("draft_len")) == ("mtp", "3")
    assert "spec_algo" not in got[2.2]  # ("Outputs on the plain and EAGLE3 runs match; decode throughput rose 2.2%")
    assert drafted_arm("on the plain or EAGLE3 runs", qualifiers) == {"spec_algo": "eagle3"}
    assert drafted_arm("on the MTP-2 and MTP-3 paths", qualifiers) == {}  # (both draft: which one is not said)
    assert drafted_arm("on the decode and prefill paths", qualifiers) == {}


def test_a_board_family_then_its_member_is_the_member() -> None:
    """A guide names the family its boards belong to, then the machine it ran: the member says more of one board."""
    line = "Drafting is benchmarked on Atlas A2 systems, here one Atlas 800T A2 server with 4 cards."
    assert qualifiers(line)["gpu"].lower() == "atlas 800t a2"
    text = f"## Results\n\n{line} Serving Qwen3-8B.\n\n| Dataset | TPOT (ms) |\n|---|---|\n| gsm8k | 21.5 |\n"
    assert _config(text, 21.5)["gpu"].lower() in ("atlas 800t a2", "4xatlas 800t a2")
    assert qualifiers("on an Atlas A2 or an Atlas A3 machine")["gpu"].lower() == "atlas a2"  # two families: the first


def test_a_sized_name_of_a_family_the_table_does_not_know_is_a_model() -> None:
    text = "# Faster decode for Quill-7B\n\n## Benchmark\nTEP4, H200\nOutput throughput: 3000.5 token/s\n"
    assert _config(text, 3000.5)["model"] == "Quill-7B"
    assert _config(text.replace("Quill-7B", "Quill-7B-Instruct"), 3000.5)["model"] == "Quill-7B-Instruct"
    # a size alone, or a name without one, is no model
    assert "model" not in _config(text.replace("Quill-7B", "the 7B path"), 3000.5)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Config: [quietlab/EchoSpeak-3](https://huggingface.co/quietlab/EchoSpeak-3), one L4", "quietlab/EchoSpeak-3"),
        ("see https://huggingface.co/quietlab/EchoSpeak-3/tree/main for the weights", "quietlab/EchoSpeak-3"),
        ("we load `quietlab/EchoSpeak-3` first", "quietlab/EchoSpeak-3"),
        ("served the model riverside/Loom on one L4", "riverside/Loom"),
        ("launched with --model=riverside/Loom-2 --tp 2", "riverside/Loom-2"),
        # an owner/name that is no model's: a GitHub repository, a dataset, a file, a module, a recipe, a folder,
        # a LoRA adapter
        ("the script is https://github.com/quietlab/EchoSpeak-3", None),
        ("prompts from the dataset `sonic/Clips-2k`", None),
        ("see https://huggingface.co/datasets/sonic/Clips-2k", None),
        ("run `tools/Bench_v2.py` then", None),
        ("in `vllm/v1` and `deepseek-ai/DeepGEMM`", None),
        ("| `sglang/agg-h200-chat` | 4x H200 |", None),
        ("lmdeploy serve api_server /models/Loom-3 --tp 2", None),
        ("LoRA runs use [voidful/SRFD-Loom2](https://huggingface.co/voidful/SRFD-Loom2)", None),
        # a docs page's or a script's source file named for the model it is about
        ("- minimax-m2.5-benchmarks.jsx: two new MI300X rows", None),
        ("- qwen3-8b.py: the launch flags", None),
    ],
)
def test_a_hub_id_of_any_family_is_a_model_where_the_text_puts_one(text: str, want: str | None) -> None:
    assert model_names(text) == ([want] if want else [])


def test_the_body_s_model_of_the_titles_family_beats_the_bare_family_word() -> None:
    text = "# Faster routing for qwen\n\nThis serves checkpoints such as `acme/Qwen3-8B-FP8`.\n\nLatency: 12.5 s\n"
    assert _config(text, 12.5)["model"] == "acme/Qwen3-8B-FP8"
    # two members named, or none of the family: the family word stays the fallback
    two = text.replace("`acme/Qwen3-8B-FP8`", "`acme/Qwen3-8B-FP8` or `acme/Qwen3-32B-FP8`")
    assert _config(two, 12.5)["model"] == "Qwen"
    assert _config(text.replace("acme/Qwen3-8B-FP8", "acme/Wren-8B-FP8"), 12.5)["model"] == "Qwen"
    assert of_family("Llama-4-Scout-17B", "Llama 4") and not of_family("Llama-3.1-8B", "Llama 4")
    assert not of_family("Qwen3.5-9B", "Qwen3")


@pytest.mark.parametrize(
    ("heading", "gpu"),
    [("### use QX880", "qx880"), ("## On Biren BR104", "biren br104"), ("### BW1000 results", "bw1000")],
)
def test_a_heading_naming_an_unlisted_device_keeps_the_pages_other_board_out(heading: str, gpu: str) -> None:
    text = f"# Trim loads\n\nTables from that card and an H20 follow.\n\n{heading}\n\nLatency: 12.5 s\n"
    assert canonical_gpu(_config(text, 12.5)["gpu"])[0] == gpu


@pytest.mark.parametrize("heading", ["### use FP16", "### TP16 results", "### on CUDA12", "### Use it"])
def test_a_heading_of_settings_names_no_device(heading: str) -> None:
    text = f"# Trim loads\n\nMeasured on an H20.\n\n{heading}\n\nLatency: 12.5 s\n"
    assert _config(text, 12.5)["gpu"] == "H20"


def test_domestic_accelerators_are_devices() -> None:
    assert canonical_gpu(qualifiers("on a MetaX C550")["gpu"])[0] == "c550"
    assert canonical_gpu(qualifiers("8x Kunlunxin P800")["gpu"]) == ("p800", "8")
    assert canonical_gpu(qualifiers("one MLU590")["gpu"])[0] == "mlu590"
    assert canonical_gpu(qualifiers("an MTT S4000")["gpu"])[0] == "mtts4000"
    assert "gpu" not in qualifiers("a C5000 budget")


@pytest.mark.parametrize(
    ("text", "board"),
    [
        ("Hardware: 1x RTX4000 Ada", ("rtx4000ada", "1")),
        ("on an RTX-5000-Ada", ("rtx5000ada", None)),
        ("on the RTX 4000 SFF Ada", ("rtx4000sffada", None)),
        ("2x RTX PRO 6000 Blackwell Max-Q", ("rtxpro6000blackwellmaxq", "2")),
        ("an RTX 6000 (Turing)", ("rtx6000", None)),
    ],
)
def test_an_rtx_boards_family_and_edition_are_its_name_however_spaced(text: str, board: tuple[str, str | None]) -> None:
    # "RTX 6000" alone is Turing's board, "RTX 6000 Ada" another: the family word is part of the name
    assert canonical_gpu(qualifiers(text)["gpu"]) == board


def test_the_compute_dtype_is_settled_on_every_claim() -> None:
    text = (
        "# Faster load\n\n## Run\n\n```\npython3 -m sglang.launch_server --model-path acme/Mid-14B --dtype float16\n"
        "```\n\nOutput throughput: 812.5 tok/s\n"
    )
    config = _config(text, 812.5)
    assert config.get("quant") == "float16" and "compute_dtype" not in config


def test_trtllm_prepare_dataset_states_the_mean_lengths() -> None:
    got = command_setup(
        "trtllm-bench --model acme/Tiny-3B prepare-dataset --output d.json token-norm-dist --input-mean 1100 "
        "--output-mean 110 --input-stdev 0 --output-stdev 0 --num-requests 300"
    )
    assert got["isl"] == "1100" and got["osl"] == "110"
    # another tool's --input-mean normalises images: no length
    assert "isl" not in command_setup("python classify.py --model-dir m --input-mean 127.5")


def test_a_section_with_whole_numbered_results_states_their_setup() -> None:
    text = (
        "# Quicker sampling\n\n## Why\nSampling is slow on L40S.\n\n## Numbers\nA100\nDecode throughput: 910 token/s\n"
        "\n## Sweep\nH20\n\n| bs | tok/s |\n|---|---|\n| 1 | 3100 |\n"
    )
    assert _config(text, 910)["gpu"] == "A100"
    assert _config(text, 3100)["gpu"] == "H20"


def test_a_sentence_with_a_long_flag_and_a_short_one_reads_both() -> None:
    # main raised AttributeError here: the short "-tp" has no long name to look up
    text = "# X\n\nI ran it with --enforce-eager and -tp 2 on H100, twice.\n\nDecode throughput: 910.5 token/s\n"
    assert _config(text, 910.5)["tp"] == "2"


def test_vllms_one_dash_switch_and_sizes() -> None:
    # "-ep" takes no value: expert parallelism on (its size is TP x DP); "-dcp 2" and "-pcp 2" are sizes, as "-tp 4" is
    got = command_setup("vllm serve acme/Kestrel-16B -tp 4 -ep -dcp 2 -pcp 2 --port 8010")
    assert (got["tp"], got["ep"], got["dcp"], got["pcp"]) == ("4", "on", "2", "2")
    assert command_setup("vllm serve acme/Kestrel-16B -tp 4 -ep")["ep"] == "on"  # (the command's last flag)
    assert command_setup("python -m sglang.launch_server --model acme/Kestrel-16B --tp 8 --ep 8")["ep"] == "8"
    assert "dp" not in command_setup("vllm serve acme/Kestrel-16B -dpl 2")  # (one node's share of the ranks)


def test_an_engines_argument_names_with_their_numbers_in_prose_are_its_settings() -> None:
    from ledger.parsers.grammar.line_setup import line_setup

    got = line_setup("Run with num_spec_tokens 4 and max_num_seqs 16, tp_size 2:")
    assert (got.get("draft_len"), got.get("max_batch_size"), got.get("tp")) == ("4", "16", "2")
    assert line_setup("the test_case_2 1 failed") == {}  # an identifier and a count: no setting


def test_a_served_alias_is_no_model_and_the_tokenizer_names_the_checkpoint() -> None:
    # "--model my_adapter" names what the server calls a LoRA module; the checkpoint is the tokenizer's (or served)
    got = command_setup("vllm bench serve --tokenizer acme/Base-30B-A3B --model my_adapter --num-prompts 100")
    assert got.get("model") == "acme/Base-30B-A3B"
    assert command_setup("vllm bench serve --model my_adapter --num-prompts 100").get("model") is None
    assert command_setup("python bench.py --model mistral --num-prompts 10").get("model") == "mistral"  # a family
    assert command_setup("vllm serve acme/Base-30B-A3B --enable-lora").get("model") == "acme/Base-30B-A3B"


def test_a_measured_concurrency_is_no_setting() -> None:
    # bench_serving prints the mean requests in flight as "Concurrency: 27.85": what the run reached, not its setting
    text = (
        "```\n============ Serving Benchmark Result ============\nMax request concurrency:                 not set\n"
        "Request throughput (req/s):              4.10\nConcurrency:                             27.85\n"
        "Mean TTFT (ms):                          150.20\n```\n"
    )
    from ledger.parsers import extract

    claims = extract(text, path="t.md").claims
    assert [c.metric for c in claims] == ["Request throughput (req/s)", "Mean TTFT (ms)"]
    assert all("concurrency" not in c.config for c in claims)


def test_a_prompt_glued_to_its_command_is_a_prompt() -> None:
    from ledger.parsers import extract

    text = "Main:\n```\n$python3 bench/gsm8k_eval.py --num-questions 200 --num-shots 8\nAccuracy: 0.710\n```\n"
    (c,) = extract(text, path="t.md").claims
    assert (c.config.get("samples"), c.config.get("n_shot")) == ("200", "8")


def test_a_speculative_config_in_json_gives_its_method_draft_length_and_draft() -> None:
    got = command_setup(
        "vllm serve acme/Gizmo-9B --speculative-config "
        '\'{"method": "eagle3", "model": "acme/Gizmo-eagle3", "num_speculative_tokens": 3}\''
    )
    assert (got["spec_algo"], got["draft_len"], got["draft_model"], got["model"]) == (
        "eagle3",
        "3",
        "acme/Gizmo-eagle3",
        "acme/Gizmo-9B",
    )
    assert command_setup("vllm serve acme/Gizmo-9B --speculative-config '{broken'") == {"model": "acme/Gizmo-9B"}


def test_an_architecture_id_and_a_board_built_on_it_are_one_machine() -> None:
    # a ROCm PR's title names "gfx1151", its device line "Radeon 8060S Graphics": one board, the board's name
    assert one_value("gpu", {"gfx1151", "RADEON 8060S"}) == "RADEON 8060S"
    assert one_value("gpu", {"gfx942", "8x MI300X"}) == "8x MI300X"
    assert one_value("gpu", {"gfx942", "MI355X"}) is None  # MI355X is gfx950's
    assert one_value("gpu", {"gfx942", "gfx950", "MI300X"}) is None
    assert one_value("gpu", {"H100", "H200"}) is None


def test_a_board_with_and_without_its_count_is_one_machine_and_a_host_name_no_board() -> None:
    # one post's setup line "8×NVIDIA H200" and its bullet's "NVIDIA_H200": the counted one stands for both
    assert counted_boards(["H200", "8×H200", "sm90"]) == {"H200": "8×H200"}
    assert counted_boards(["H100", "1xH100", "8xH100"]) == {}  # two counts: no one machine
    assert counted_boards(["H100 SXM", "8xH100 PCIe"]) == {}  # two variants of the board
    assert named_twice("Setup: 4×NVIDIA H100, and the H100 box again") == frozenset()
    # a host named for its board and its address is the machine, no second board
    for line in ("Setup: NVIDIA L40S (l40s-3-12-7-1), TP4", "Setup: 8×NVIDIA H200 (h200-10-220-51-26), TP8"):
        assert named_twice(line) == frozenset(), line
    assert line_setup("Setup: NVIDIA L40S (l40s-3-12-7-1), TP4") == {"gpu": "L40S", "tp": "4"}
    assert qualifiers("host h100-10-2-3-4 only") == {}
    assert qualifiers("on H20-3e and h100-01") == {"gpu": "H20-3E"}


def test_a_bare_board_in_one_post_and_a_counted_one_in_another_are_two_machines() -> None:
    doc = "# Paged KV\n\nRan on one L40S: 4.12 req/s.\n\n**bo** · comment · 2026-01-02\nOn two L40S: 7.90 req/s.\n"
    got = {c.source.line: c.config.get("gpu") for c in extract(doc, path="x.md").claims if c.kind == "perf"}
    assert got == {3: "1xL40S", 6: "2xL40S"}  # "one L40S" is counted (a single board), never 2x


def test_a_board_named_bare_and_counted_in_one_post_reaches_its_tables() -> None:
    claims = extract(_fixture("setup/board_counted_and_bare.md"), path="x.md").claims
    assert {c.source.line: c.config.get("gpu") for c in claims if c.kind == "perf"} == {6: "8×H200", 17: "8×H200"}
    claims = extract(_fixture("setup/board_host_names.md"), path="x.md").claims
    assert {c.source.line: c.config.get("gpu") for c in claims if c.kind == "perf"} == {12: "A100 80GB", 19: "L40S"}


def test_a_section_that_states_its_bare_board_keeps_it_beside_a_counted_sibling() -> None:
    """One card in a section, two of the same card in a sibling: two machines, each its own section's rows."""
    claims = extract(_fixture("setup/board_count_per_section.md"), path="README.md").claims
    got = {c.source.line: c.config.get("gpu") for c in claims if c.kind == "perf"}
    assert got == {12: "RTX 5090", 13: "RTX 5090", 21: "2x RTX 5090"}


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("on a single H20-3e", {"gpu": "1xH20-3E"}),  # the 141 GB part, a board of its own beside the H20
        ("TP=8 (E=64, N=512)", {"tp": "8", "experts": "64"}),  # a MoE kernel's shape: E beside N
        ("E=8 only", {}),  # a one-letter E alone names nothing
        ("E2E results (SGLang, MI355X, acme/Sparrow-30B, FSE=1):", {"engine": "SGLang", "gpu": "MI355X"}),
        ("Results (vLLM, SGLang):", {}),  # two engines: neither is the runs'
    ],
)
def test_a_line_states_sku_shape_and_engine(text: str, want: dict[str, str]) -> None:
    got = line_setup(text)
    assert {k: got.get(k) for k in want} == want
    assert "engine" in got or "engine" not in want


@pytest.mark.parametrize(("value", "board"), [("H20-3e", "h20-3e"), ("H20 3e", "h20-3e"), ("8x H20", "h20")])
def test_the_h20_3e_is_not_the_h20(value: str, board: str) -> None:
    assert canonical_gpu(value)[0] == board


def test_a_geforce_counted_by_its_bare_number_is_that_many_cards() -> None:
    # "on a 2x3090 system": two RTX 3090s; a hex constant or a matrix's shape names no card
    assert line_setup("main vs this PR on a 2x3090 system:") == {"gpu": "2x3090"}
    assert canonical_gpu("2x3090") == ("rtx3090", "2") and canonical_gpu("4 x 4090 Ti") == ("rtx4090ti", "4")
    assert "gpu" not in line_setup("mask 0x3090 set") and "gpu" not in line_setup("a 4x4096 matrix")


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("+20% across conc=1–128", {"concurrency": "1-128"}),  # the range the runs span, never its low end
        ("checked at TP 2-8.", {"tp": "2-8"}),
        # SGLang's tuple, steps 3, top-k 1 and 4 draft tokens: never a range "3-1" (vocab.spec_tuples)
        ("quick: TP8 + EAGLE MTP 3-1-4", {"spec_steps": "3", "draft_len": "4"}),
        ("concurrency 64 - 12.5 ms", {"concurrency": "64"}),
    ],
)
def test_a_setting_printed_as_a_range_keeps_the_range(text: str, want: dict[str, str]) -> None:
    got = qualifiers(text)
    assert {k: got.get(k) for k in want} == want


def test_llama_bench_flags_and_the_model_file() -> None:
    # compare-commits.sh runs llama-bench: its -m file names the model and its GGUF type, -fa/-ngl as its columns
    got = command_setup("./scripts/compare-commits.sh master my/br -m models/wren-2b-it/m-Q5_K_M.gguf -fa 1 -ngl 99")
    assert (got["model"], got["quant"], got["fa"], got["ngl"]) == ("wren-2b-it", "q5_k_m", "1", "99")
    # a generation length holds for every row only when the prompt test is off; "-p 512 -n 128" gives two tests
    assert command_setup("llama-bench -m w.gguf -p 0 -n 32").get("osl") == "32"
    got = command_setup("llama-bench -m w.gguf -p 512 -n 128 -fa 0,1")
    assert "isl" not in got and "osl" not in got and "fa" not in got


def test_title_family_and_backend() -> None:
    # a head branch's name as the title, its family typed lower case: the family as its makers spell it
    assert title_family("Xyt/minimax tp1 p2") == "MiniMax" and title_family("[perf] deepseek fp8 moe") == "DeepSeek"
    assert title_family("recipes/glm-5.3-flash/README.md") is None  # a file's path names no family
    # llama.cpp's "module : change": a bare lower-case name before the colon is the code's module, not a model
    assert title_family("llama : fuse rope") is None and title_family("ggml, llama: faster rope") is None
    assert title_family("gemma3 : fix swa") == "Gemma3"  # (a version: the model's architecture, its family)
    assert title_family("model : add Qwen3 support") == "Qwen3" and title_family("Gemma: faster") == "Gemma"
    # a variant's capital glued on is the family's name still; a quantizer's, an everyday word's or a factor's is not
    assert title_family("AD NemotronH topk router") == "NemotronH"
    assert title_family("Fix GPTQ loading") is None and title_family("PhiX cache") is None
    assert title_family("Llama2X faster") is None
    assert title_backend("vulkan : faster mat-vec") == "Vulkan" and title_backend("HIP: tune mmq") == "ROCm"
    assert title_backend("ggml-cpu: faster q4_0") is None and title_backend("Fix CUDA: graphs") is None
    # ggml-cuda's code runs on AMD's boards through HIP: a "CUDA:" change timed on them only ran no CUDA backend
    assert title_backend("CUDA: wider tiles", ["W7800"]) is None and title_backend("CUDA: x", ["gfx1100"]) is None
    assert title_backend("CUDA: wider tiles", ["P100", "gfx900"]) == "CUDA"  # (an AMD board named beside)
    assert title_backend("HIP: wider tiles", ["W7800"]) == "ROCm"


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Sweep on the new head, RDNA3/ W7800:", {"gpu": "W7800"}),  # AMD's workstation board by its number
        ("Sweep on the new head, GPU: Vendorix VX-900:", {"gpu": "Vendorix VX-900"}),  # unknown, board-shaped
        ("GPU: AMD Foo Accel X1 (48 GB)", {"gpu": "AMD Foo Accel X1"}),
        ("GPU: CUDA 12.4, driver 550", {"gpu": None}),  # a toolkit's version is no board
    ],
)
def test_a_board_named_in_a_lead_in(text: str, want: dict[str, str | None]) -> None:
    got = line_setup(text)
    assert {k: got.get(k) for k in want} == want


@pytest.mark.parametrize(("cell", "model"), [("Qwen3 Q4_K_M", "Qwen3"), ("Foo-7B IQ2_XXS", "Foo-7B")])
def test_a_model_cell_keeps_no_gguf_type(cell: str, model: str) -> None:
    # "Qwen3 Q4_K_M" under "Model": the model, then the GGUF type qualifiers read as its quant
    assert setting_value("Model", cell) == {"model": model}


@pytest.mark.parametrize(
    ("cell", "want"),
    [
        ("Wren 7B GEMV", {"model": "Wren 7B", "kernel": "GEMV"}),
        ("Wren 7B (GEMM)", {"model": "Wren 7B", "kernel": "GEMM"}),
        ("Wren 7B (fused)", {"model": "Wren 7B"}),  # (the row's name keeps "fused": its variant)
        ("Qwen3 30B (A3B)", {"model": "Qwen3 30B (A3B)"}),  # a part of the name, not an aside
        ("acme/wren-7b-awq-gemv", {"model": "acme/wren-7b-awq-gemv"}),  # a checkpoint's path is one name
    ],
)
def test_a_model_cell_gives_its_kernel_its_own_key_and_no_aside_to_the_model(cell: str, want: dict[str, str]) -> None:
    assert setting_value("Model", cell) == want


def test_a_generation_cap_is_the_output_length_of_a_benchmark_not_of_an_eval() -> None:
    # send_one's and a bench script's requests generate what the flag asks; an eval's answers stop on their own
    assert command_setup("python3 -m sglang.test.send_one --max-new-tokens 512")["osl"] == "512"
    assert command_setup("python bench.py --model acme/Foo-8B --max-tokens 256")["osl"] == "256"
    got = command_setup("python3 -m sglang.test.run_eval --eval-name gpqa --num-examples 198 --max-tokens 32000")
    assert "osl" not in got and got["task"] == "gpqa"


def test_an_eval_flag_naming_a_known_benchmark_is_the_task_of_the_scores_under_it() -> None:
    # gpt_oss.evals' "--eval aime25": the eval its score lines give no name of
    assert command_setup("python -m gpt_oss.evals --model acme/oss-mini --eval mmlu --n-threads 64")["task"] == "mmlu"
    assert "task" not in command_setup("python run.py --eval nightly-suite")  # (no benchmark we know)
    text = "```\npython -m gpt_oss.evals --model acme/oss-mini --eval mmlu\n```\n\nAccuracy: `0.8410`\n"
    assert [c.config.get("task") for c in extract(text, path="t.md").claims] == ["mmlu"]


@pytest.mark.parametrize(
    ("command", "model", "quant"),
    [
        ("llama-server -m /models/Wren-30B-A3B-Q4_K_M.gguf -c 4096", "Wren-30B-A3B", "q4_k_m"),
        ("./llama-cli -m ../x/Lark-Chat-v2-IQ4_XS.gguf -n 64", "Lark-Chat-v2", "iq4_xs"),
        ("llama-server -m ~/.../Qwen3.6-27B-MTP-Q8_0.gguf -mtp", "Qwen3.6-27B-MTP", "q8_0"),
        ("llama-bench -m models/7B/ggml-model-q4_0.gguf", "models/7B/ggml-model-q4_0.gguf", "q4_0"),  # names none
    ],
)
def test_a_model_file_gives_the_model_it_names_and_its_gguf_type(command: str, model: str, quant: str) -> None:
    # the file's name minus its GGUF type is the model; the folders before it say where it sits, not what it is
    got = command_setup(command)
    assert (got["model"], got["quant"]) == (model, quant)


_MODEL_FILES = """# Faster GGUF dequant

```
vllm serve /models/Heron-8B-Q4_K_M.gguf --max-num-seqs 16
```

Output throughput: 812.4 tok/s

## Client side

```
python bench.py --model ~/w/Heron-8B-Q6_K.gguf --num-prompts 64
```

Output throughput: 655.5 tok/s

## Other quantiser

```
./llama-server -m acme/Heron-8B-IQ4_KS.gguf -ngl 99
```

Output throughput: 702.5 tok/s

## Old format

```
./llama-cli -m models/7B/ggml-model-q4_0.gguf -n 64
```

Decode: 31.5 tok/s

## Folded

```
ckpt=/data/gguf/Kestrel-14B-Q5_K_M.gguf
./bin/llama-server --model "$ckpt" -ngl 99
```

Decode: 61.5 tok/s

## Checkpoint folder

```
vllm serve /shared/models/acme/Heron-8B-Instruct --max-num-seqs 8
```

Output throughput: 901.5 tok/s
"""


@pytest.mark.parametrize(
    ("value", "model", "quant"),
    [
        (812.4, "Heron-8B", "q4_k_m"),  # a server's positional model
        (655.5, "Heron-8B", "q6_k"),  # a client's --model
        (702.5, "Heron-8B", "iq4_ks"),  # a GGUF type the vocabulary does not list is the quant still
        (61.5, "Kestrel-14B", "q5_k_m"),  # a shell variable the flag reads
        (31.5, "models/7B/ggml-model-q4_0.gguf", "q4_0"),  # a file named for its format: the path says where
        (901.5, "Heron-8B-Instruct", None),  # a checkpoint's folder: no file, its last part the model it names
    ],
)
def test_a_model_file_is_the_model_it_names_under_every_flag_that_gives_it(
    value: float, model: str, quant: str | None
) -> None:
    # every reader that sets a model from a path gives the file's name less its GGUF type, not one reader each
    cfg = _config(_MODEL_FILES, value)
    assert (cfg["model"], cfg.get("quant")) == (model, quant)


_BATCH_LABELS = """# Faster decode

- L1 Heron-0.6B b1 greedy: 212.5 tok/s
- L2 Heron-0.6B bs4 greedy: 640.5 tok/s
- L3 Heron-0.6B sampled b8: 1010.5 tok/s
- Heron-0.6B on B200: 1500.5 tok/s
- llama.cpp b4567: 99.5 tok/s

| Model | tok/s |
|---|---:|
| Wren-7B b1 | 44.1 |
| Wren-7B bs8 | 210.5 |
| Wren-7B B=16 | 380.5 |

The kernel at (64K/b4) ran 3.1 ms, and with b=2 it took 4.2 ms.

R2 Heron-1.5B b2 greedy (three warm runs, b8 tried
once): median decode 18.5 tok/s (n=9).
"""


@pytest.mark.parametrize(
    ("value", "model", "batch"),
    [
        (212.5, "Heron-0.6B", "1"),  # a list item's lead: "b1" is its batch
        (640.5, "Heron-0.6B", "4"),
        (1010.5, "Heron-0.6B", "8"),
        (1500.5, None, None),  # a board's name is no batch
        (99.5, None, None),  # llama.cpp's build number is no batch
        (44.1, "Wren-7B", "1"),  # a model cell's trailing token: the model, then its batch
        (210.5, "Wren-7B", "8"),
        (380.5, "Wren-7B", "16"),
        (3.1, None, None),  # a kernel grid's cell in a sentence: no label's batch (grid_cells reads cells)
        (4.2, None, None),  # "b=2" in a sentence names nothing
        (18.5, "Heron-1.5B", "2"),  # a leg's label opening its paragraph; the remark in parentheses is none
    ],
)
def test_a_batch_token_in_a_label_is_its_batch_and_no_part_of_the_model(
    value: float, model: str | None, batch: str | None
) -> None:
    # (the model where the label names one; None: not asked)
    cfg = _config(_BATCH_LABELS, value)
    assert (cfg.get("model") if model else None, cfg.get("batch_size")) == (model, batch)


@pytest.mark.parametrize(
    ("label", "batch"),
    [
        ("L1 Heron-0.6B b1 greedy", "1"),
        ("Heron-0.6B BS=64", "64"),
        ("Heron-0.6B B = 2, greedy", "2"),
        ("Heron-0.6B on B200", None),  # a board
        ("llama.cpp b4567", None),  # a build
        ("decode (64K/b4)", None),  # a kernel grid's cell
        ("b1 vs b8", None),  # two batches: no one
        ("Bb1", None),
    ],
)
def test_a_labels_batch_token_is_read_alone_between_blanks(label: str, batch: str | None) -> None:
    assert label_batch(label).get("batch_size") == batch


def test_a_bench_of_two_model_files_names_neither_for_all_its_rows() -> None:
    got = command_setup("llama-bench -m models/wren-2b/q4_0.gguf -m models/lark-7b/q4_0.gguf -p 0 -n 32")
    assert "model" not in got and got["osl"] == "32"


def test_a_template_placeholder_leaves_the_speculative_config_and_flags_read() -> None:
    # a JSON broken by a slot ('<"strict" | "sampled">') still states its method, length and draft; a flag's
    # "<1 | 4>" is a template's slot, no setting
    text = (
        'vllm serve acme/Finch-20b --max-concurrency <1 | 4> --speculative-config \'{"method": "eagle3", '
        '"model": "acme/Finch-20b-eagle3", "num_speculative_tokens": 3, "verify_mode": <"strict" | "sampled">}\''
    )
    got = command_setup(text, {})
    assert got["spec_algo"] == "eagle3" and got["draft_len"] == "3" and got["draft_model"] == "acme/Finch-20b-eagle3"
    assert "concurrency" not in got


def test_a_chain_of_settings_names_each_link_whatever_its_spelling_or_role() -> None:
    # flags' names with the side that sets each in parentheses, one number for both; two chains on one line
    got = line_setup("max-concurrency (client) = max-num-seqs (server) = 96, ISL 1536")
    assert got["concurrency"] == "96" and got["max_batch_size"] == "96" and got["isl"] == "1536"
    got = line_setup("ISL=OSL=1536, conc = bs = 12")
    assert (got["isl"], got["osl"], got["concurrency"], got["batch_size"]) == ("1536", "1536", "12", "12")
    # a precision's name is no link of a chain: "dtype=bf16 M=8" sets no precision of 8
    assert "quant" not in line_setup("dtype=bf16 M=8    max_abs= 4.1e-05")


def test_a_question_states_the_workload_its_definite_phrase_takes_as_given() -> None:
    text = (
        "# Shorter free list\n\nDoes the free-list walk cause the H100 Llama-3.1-70B decode slowdown?\n"
        "Could an A100 reach the same?\n\n- The current build gave 1875.3 output tokens/s.\n"
    )
    cfg = _config(text, 1875.3)
    assert (cfg.get("gpu"), cfg.get("model")) == ("H100", "Llama-3.1-70B")
    hypothetical = "# Shorter free list\n\nCould an A100 reach 400 GB/s?\n\n- The build gave 1875.3 output tokens/s.\n"
    assert "gpu" not in _config(hypothetical, 1875.3)


def test_a_length_split_from_its_name_by_a_wrap_is_read() -> None:
    text = (
        "# Mask cache\n\n- Six pairs at concurrency 4; 96 random\n  input tokens, exactly 384 output tokens.\n\n"
        "Decode throughput went from 412.6 tok/s to 431.9 tok/s.\n"
    )
    cfg = _config(text, 431.9)
    assert (cfg.get("isl"), cfg.get("osl")) == ("96", "384")


def test_a_code_span_setting_kept_in_a_bullet_is_no_result() -> None:
    claims = extract("- Keep `max_num_seqs: 192`; the scheduler is unchanged.\n", path="x.md").claims
    assert [c for c in claims if c.kind == "perf"] == []


def test_a_harness_key_naming_both_lengths_gives_each_and_another_cases_pair_stays_its_own() -> None:
    """ "input_output_len:4096,256" inside a test-case name is isl 4096, osl 256 (its "output_len" tail is not the
    output length 4096); a bullet adding another case with its own pair states no length for the results."""
    got = qualifiers("phi_4-bf16-input_output_len:4096,256-con:16")
    assert (got["isl"], got["osl"]) == ("4096", "256")
    assert qualifiers("input_output_len: 8192,512 with maxnt: 4096")["osl"] == "512"
    assert "osl" not in qualifiers("input_output_len: [8192, 512]")  # (no pair read: never the first length alone)
    text = _fixture("setup/paired_length_key_in_case_name.md")
    rows = {c.value: c.config for c in extract(text, path="x.md").claims}
    assert (rows[1433.7]["isl"], rows[1433.7]["osl"]) == ("4096", "256")
    assert (rows[1702.5]["isl"], rows[1702.5]["osl"]) == ("1024", "1024")
    assert "isl" not in rows[55.0] and "osl" not in rows[55.0]


def test_a_quoted_fences_commands_are_read_whole_as_unquoted_ones() -> None:
    """ "> vllm serve ... \\" over "> --speculative_config '{...}'", and a client's "> --max-concurrency 16 \\": the
    quote marks are no part of the commands, so every continued flag is read (the method, the load)."""
    text = _fixture("setup/quoted_fence_commands.md")
    for value in (5.87, 5.31):
        cfg = _config(text, value)
        assert (cfg["spec_algo"], cfg["draft_len"], cfg["concurrency"]) == ("eagle3", "4", "16")
        assert cfg["model"] == "Qwen/Qwen3-8B"


def test_a_command_a_reply_quotes_sets_up_none_of_the_threads_runs() -> None:
    """A later turn quoting a fenced command ("> vllm bench serve ... --max-concurrency 64") repeats another
    message: its flags, read whole only for the thread's own quoted fences, set up no run here."""
    text = (
        "# Faster sampler for Qwen/Qwen3-8B\n\n[alice]\nThroughput is 410.5 tok/s with concurrency 8.\n\n[bob]\n"
        "Rerun of this:\n> ```\n> vllm bench serve --model Qwen/Qwen3-8B \\\n>     --max-concurrency 64\n> ```\n\n"
        "[alice]\nOn my side it is 412.0 tok/s.\n"
    )
    assert _config(text, 412.0).get("concurrency") != "64"


def test_a_settings_lines_batch_is_its_batch_and_an_indexers_precision_is_no_runs() -> None:
    from ledger.parsers.grammar.heading_setup import settings_line

    # "batch=128" over a kernel's table: the batch, as "Batch: 128" is (the alias table reads a bare "batch" as load)
    assert settings_line("dtype=float32  batch=128  top_k=2048:") == {
        "dtype": "float32",
        "batch_size": "128",
        "top_k": "2048",
    }
    assert "quant" not in qualifiers("FP4 indexer")  # the indexer's keys, not the model's weights
    assert "quant" not in config_hints("Accuracy (FP4 indexer)")[0]  # (nor as compare reads a row's name)
    assert qualifiers("DeepSeek V4 FP4")["quant"] == "fp4"


_DRAFT_TABLE = """# Eagle heads for the 70B

Checked on 4x H100, TP=4, MT-Bench, target `acme/llama-70b`:

| Draft model | Draft length | Accept length | Output throughput |
|---|---:|---:|---:|
| `acme/llama-70b-eagle3-long-context` | 3 | 2.41 | 310.2 tok/s |
| `acme/llama-70b-eagle3-chat` | 3 | 2.63 | 331.0 tok/s |
"""


def test_a_draft_model_column_names_the_drafting_checkpoint_and_its_name_no_workload() -> None:
    """ "| Draft model |": each row's draft, the target the lead names staying the model; the draft's name
    ("...-long-context") is what it was trained for, no long-context task of the run."""
    claims = [c for c in extract(_DRAFT_TABLE, path="x.md").claims if c.value == 310.2]
    assert claims[0].config["model"] == "acme/llama-70b"
    assert claims[0].config["draft_model"] == "acme/llama-70b-eagle3-long-context"
    assert "task" not in dict(setup_items(claims[0].kind, claims[0].metric, claims[0].config))
    assert dict(setup_items("perf", "Output throughput", {"row": "long-context 32k"}))["task"] == "long-context"
    # the drafts listed in prose before the table are several: none of them is the served model
    listed = _DRAFT_TABLE.replace(", target `acme/llama-70b`", "").replace(
        "Checked",
        "Do the other llama-70b eagle heads hold up?\n\n- acme/llama-70b-eagle3-long-context\n"
        "- acme/llama-70b-eagle3-chat\n\nChecked",
    )
    assert _config(listed, 331.0)["draft_model"] == "acme/llama-70b-eagle3-chat"
    assert _config(listed, 331.0)["model"] == "llama-70b"


def test_a_hybrid_models_ssm_state_dtype_is_its_own_setting_never_the_models_quant() -> None:
    """ "| SSM |" over FP32 / BF16 under an FP8 model, "--mamba-ssm-dtype bfloat16": the recurrent state's dtype,
    its own key; the model stays FP8 on every row."""
    text = (
        "# State dtype sweep\n\nNemotron-H-8B FP8 on 1x H100, concurrency 16:\n\n"
        "| Backend | SSM | Decode tok/s |\n|---|---|---:|\n| triton | FP32 | 2210.4 |\n| triton | BF16 | 2391.7 |\n"
    )
    fp32, bf16 = _config(text, 2210.4), _config(text, 2391.7)
    assert (fp32["quant"], fp32["state"], bf16["quant"], bf16["state"]) == ("fp8", "FP32", "fp8", "BF16")
    assert line_setup("Served with --mamba-ssm-dtype bfloat16 on 2x H100").get("quant") is None
    assert command_setup("python -m sglang.launch_server --mamba-ssm-dtype float32 --tp 2")["state"] == "float32"


def test_tenstorrent_cards_are_devices_and_an_opening_sentence_names_the_refreshs_board() -> None:
    """ "re-measures on P150 thalia at X": the board of every result of the refresh; "Wormhole n300" the n300, a
    bare "n300" no board (a count as often)."""
    assert canonical_gpu(qualifiers("on two Blackhole P150 cards")["gpu"])[0] == "p150"
    assert canonical_gpu(qualifiers("one Wormhole n300s")["gpu"])[0] == "n300s"
    assert "gpu" not in qualifiers("with n300 prompts")
    text = "# Refresh\n\nThis change re-benchmarks on P150 bench-7 at 5e6f7a8b9.\n\nL1 Gemma-2B: 31.2 tok/s (n=8).\n"
    assert _config(text, 31.2)["gpu"] == "P150"


@pytest.mark.parametrize(
    ("metric", "task", "series"),
    [
        # a harness's subtask is a series of its own, under its benchmark
        ("ceval-valid_accountant acc", "ceval-valid_accountant", ("ceval", "accountant")),
        ("ceval-valid_art_studies acc", "ceval-valid_art_studies", ("ceval", "art studies")),
        ("mmlu_anatomy acc", "mmlu_anatomy", ("mmlu", "anatomy")),
        ("mmmu_val Art and Design acc", "mmmu_val Art and Design", ("mmmu", "art and design")),
        ("truthfulqa_mc2 acc", "truthfulqa_mc2", ("truthfulqa", "mc2")),
        # the task that is the benchmark (its split named or not) adds nothing to the metric
        ("mmmu_val acc", "mmmu_val", ("mmmu", None)),
        ("ceval-valid acc_norm", "ceval-valid", ("ceval", None)),
        ("gsm8k exact_match (strict-match)", "gsm8k", ("gsm8k", None)),
        ("gsm8k", "gsm8k (1319 samples)", ("gsm8k", None)),
    ],
)
def test_a_subtask_of_a_benchmark_keeps_its_name_in_the_series(metric: str, task: str, series: tuple) -> None:
    got = read_setup("accuracy", metric, (("task", task),))
    assert (got.metric, dict(got.config).get("task")) == series


@pytest.mark.parametrize("value", ["None", "null", "all"])
def test_a_count_flag_left_unset_states_no_count(value: str) -> None:
    # lm_eval's "--limit None" is its default, the whole split: the same run as one that does not name --limit
    got = command_setup(f"lm_eval --model vllm --tasks gsm8k --limit {value} --num_fewshot 5")
    assert "samples" not in got and got["n_shot"] == "5"
    assert command_setup("lm_eval --model vllm --tasks gsm8k --limit 200")["samples"] == "200"


_MOE_PAGE = """# MoE accuracy

**Parallel mode**: TP4 + EP
**Execution mode**: {mode}

```bash
export MODEL_ARGS='pretrained=org/M-MoE,tensor_parallel_size=4,enable_expert_parallel={ep}'
lm_eval --model vllm --model_args $MODEL_ARGS --tasks gsm8k
```

| Task | Metric | Value | Stderr |
|---|---|---:|---:|
| gsm8k | exact_match | 0.88 | 0.009 |
"""


def test_setup_booleans_and_modes_set_their_switch_on_or_off() -> None:
    """A setup stated as a boolean ("enable_expert_parallel=True" among lm_eval's model_args, "enforce_eager=True"),
    a parallel mode ("TP4 + EP") or an execution mode ("eager", "ACLGraph", "CUDA graph") sets the switch it names:
    an EP run is never joined with a run without EP, an eager run with a graph-captured one. False sets it off."""
    on = _config(_MOE_PAGE.format(mode="eager", ep="True"), 0.88)
    assert (on.get("tp"), on.get("ep"), on.get("cuda_graph")) == ("4", "on", "off"), on
    graph = _config(_MOE_PAGE.format(mode="ACLGraph", ep="True"), 0.88)
    assert graph.get("cuda_graph") == "on", graph
    assert _config(_MOE_PAGE.format(mode="CUDA graph", ep="True"), 0.88).get("cuda_graph") == "on"
    assert (
        command_setup("lm_eval --model vllm --model_args pretrained=org/M,enable_expert_parallel=False")["ep"] == "off"
    )
    assert command_setup("lm_eval --model vllm --model_args pretrained=org/M,enforce_eager=True")["cuda_graph"] == "off"
    assert command_setup("vllm serve org/M --enforce-eager")["cuda_graph"] == "off"
    assert line_setup("Parallel mode: TP2 + EP").get("ep") == "on"
    assert "cuda_graph" not in line_setup("Execution mode: fast")  # (neither on nor off: nothing said)


@pytest.mark.parametrize(("other", "want"), [("H200 SXM 141GB", "RTX 6000"), ("RTX 4090 24GB", None)])
def test_a_heading_naming_a_boards_family_alone_is_the_pages_one_board_of_that_family(
    other: str, want: str | None
) -> None:
    # the page's hardware list names one RTX board: a section "RTX Configurations" ran on it; with two, on neither
    text = (
        f"# Serving speed\n\nBoards used:\n\n- {other}\n- RTX 6000 Pro Blackwell Server Edition\n\n"
        "# Llama 3.1 8B - RTX Configurations (TP/PP)\n\n"
        "| Sequence Length (ISL/OSL) | **2 GPUs**<br/>TP1,PP2 (FP4) |\n|---|---|\n| 1000/1000 | 1,500 |\n"
    )
    [claim] = extract(text, path="speed.md").claims
    assert (claim.config.get("gpu"), claim.config.get("gpu_count"), claim.config.get("pp")) == (want, "2", "2")


def test_a_bit_width_right_after_the_heading_s_model_is_its_quant() -> None:
    """ "### Mistral-7B 4bit", "### Phi-3-mini (8-bit)" over a table (s62 reader264 cause 2): the checkpoint's
    weights at that width, every row's quant; a width that names a cache after it ("q4 cache", "4-bit KV cache")
    is no precision of the weights."""
    path = Path(__file__).parent / "fixtures" / "tables" / "model_bit_width_headings.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    got = {(c.config.get("model"), c.config.get("quant")) for c in claims}
    assert got == {("Mistral-7B", "4bit"), ("Phi-3-mini", "8bit"), ("Gemma-2B", None)}


_SWEEP = (
    "\n\nSweep on my box:\n\n| PP | TG | N_KV | S_PP t/s |\n|----|----|------|----------|\n| 512 | 128 | 0 | 411.20 |\n"
)


def test_a_title_asking_about_its_change_still_names_the_model_its_thread_measures() -> None:
    """ "Does this help Qwen3-14B?" as the PR's title: its subject is that model; a question in the body, or a title
    wondering about a board ("Can a 3090 reach 50 t/s?"), states no setup."""
    assert _config("# Does this help Qwen3-14B?" + _SWEEP, 411.2).get("model") == "Qwen3-14B"
    assert "gpu" not in _config("# Can a 3090 reach 50 t/s?" + _SWEEP, 411.2)
    assert "model" not in _config("# Faster MLA decode\n\nDoes this help Qwen3-14B?" + _SWEEP, 411.2)


@pytest.mark.parametrize(
    ("head", "key", "arms"),
    [
        ("kernel", "kernel", ("marlin", "triton")),
        ("backend", "backend", ("cuda", "triton")),
        ("Attention backend", "attention_backend", ("flashinfer", "triton")),
    ],
)
def test_an_arm_column_after_the_settings_keeps_each_rows_arm(head: str, key: str, arms: tuple[str, str]) -> None:
    """ "| quantization | bits | kernel |": the column that says which arm each row ran is the row's setup wherever it
    stands, not only first; without it the two rows would read as one setup measured twice."""
    doc = (
        "Lark-7B on an RTX 4090:\n\n"
        f"| quantization | bits | {head} | batch_size | Throughput (tok/s) |\n|---|---|---|---|---|\n"
        f"| gptq | 4 | {arms[0]} | 1 | 150.2 |\n| gptq | 4 | {arms[1]} | 1 | 180.4 |\n"
    )
    got = [c.config for c in extract(doc, path="x.md").claims]
    assert [c.get(key) for c in got] == list(arms) and all(c["bits"] == "4" for c in got)


def test_a_microprocessor_column_names_each_rows_cpu() -> None:
    """ "| microprocessor |" over "Intel i7-12700" and "Core i9-13900K": the CPU each row ran on, by its family's
    name (no list of SKUs), under a header that spells the device long."""
    doc = (
        "| model | quant | microprocessor | before | after |\n|---|---|---|---|---|\n"
        "| Lark 0.5B | Q4_K | Intel i7-12700 | 50 | 60 |\n| Lark 0.5B | Q4_K | Core i9-13900K | 70 | 84 |\n"
    )
    got = [c.config.get("gpu") for c in extract(doc, path="x.md").claims]
    assert got == ["intel i7-12700", "core i9-13900k"]


def test_the_owners_board_reaches_the_owners_later_posts_but_not_a_reviewers_results() -> None:
    # a machine is its owner's: the description's board holds over the owner's later comment, never over another
    # author's table (the title's board, the thread's subject, still reaches every turn)
    body = (
        "\n\nann · description · 2026-01-02\nTimed on an RTX 4070.\n\n| PP | S_TG t/s |\n|---|---|\n| 512 | 61.5 |\n\n"
        "ben · comment · 2026-01-03\nMine:\n\n| PP | S_TG t/s |\n|---|---|\n| 512 | 48.0 |\n\n"
        "ann · comment · 2026-01-04\nRebased:\n\n| PP | S_TG t/s |\n|---|---|\n| 512 | 62.0 |\n"
    )
    claims = extract("# Split-K decode" + body, path="t.md").claims
    assert [(c.value, c.config.get("gpu")) for c in claims] == [(61.5, "RTX 4070"), (48.0, None), (62.0, "RTX 4070")]
    titled = extract("# Split-K decode on the RTX 4070" + body, path="t.md").claims
    assert [c.config.get("gpu") for c in titled] == ["RTX 4070"] * 3


def test_a_mode_restated_in_another_spelling_is_one_value_and_a_replayed_trace_is_the_data() -> None:
    # "running disaggregated" in the lead and "the disagg launcher" in a bullet: one mode, kept in full
    assert one_value("serving", {"disaggregated", "disagg"}) == "disaggregated"
    assert one_value("serving", {"disagg", "agg"}) is None
    # a recorded trace a run replays, by its hub id; a profiler's trace file names no data
    assert line_setup("It replays a chat trace (`acme-labs/chat-traces-01`) for one hour.")["dataset"] == (
        "acme-labs/chat-traces-01"
    )
    assert "dataset" not in line_setup("The profiler trace `runs/decode_step.json` is attached.")
    assert "dataset" not in line_setup("See the trace `decode_step` below.")


def test_a_setup_field_a_change_list_moves_across_an_arrow_is_read_at_its_new_side() -> None:
    lines = [
        "- **Hardware:** A100 → L40S (4x L40S, TP=2)",
        "- Batch size: 32 -> 64",
        "- TTFT: 210 ms → 180 ms",  # (a measure's before and after: a result, read as printed)
        "- Concurrency: 16 → 32 → 64",  # (a sweep's points: no old side)
    ]
    moved = superseded_blanked(lines, set())
    assert moved[1].rstrip() == "- **Hardware:** L40S (4x L40S, TP=2)" and len(moved[1]) == len(lines[0])
    assert moved[2].rstrip() == "- Batch size: 64"
    assert 3 not in moved and 4 not in moved
    assert line_setup(moved[1])["gpu"] == "L40S"
