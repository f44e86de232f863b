"""Where a claim's setup comes from: the words that state it in prose, the document's one value, a turn's
setup section and the commands of one block."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract
from ledger.parsers.grammar.bullet_leads import bullet_lead_setup, draft_over
from ledger.parsers.grammar.commands import echo
from ledger.parsers.grammar.setup_scopes import label_setup, line_setup
from ledger.parsers.grammar.varied import states_result
from ledger.parsers.reader.document import read_document
from ledger.parsers.reader.program_code import is_program
from ledger.parsers.reader.prose_examples import example_blanked
from ledger.parsers.reader.swept_lists import swept_blanked
from ledger.vocab.setup import model_names, named_twice, qualifiers

FIXTURES = Path(__file__).parent / "fixtures"


def test_prose_states_lengths_draft_and_spaced_settings() -> None:
    assert qualifiers("TP4, ISL = 4096, OSL = 512, max concurrency = 16") == {
        "tp": "4",
        "isl": "4096",
        "osl": "512",
        "concurrency": "16",
    }
    got = qualifiers("EP8, EAGLE3 with three speculative tokens, 8192 input / 1024 output tokens")
    assert got["draft_len"] == "3" and got["isl"] == "8192" and got["osl"] == "1024" and got["spec_algo"] == "eagle3"
    assert qualifiers("MTP3") == {"spec_algo": "mtp", "draft_len": "3"}
    assert "osl" not in qualifiers("3200.05 output tokens/s and 5 output tokens")


def test_model_names_with_spaces_and_hub_ids() -> None:
    assert model_names("#### Gemma 3 27B BF16") == ["Gemma 3 27B"]
    assert model_names("on llama3.1 8B") == ["llama3.1 8B"]
    assert model_names("weights: adept/persimmon-8b-chat") == ["adept/persimmon-8b-chat"]
    assert model_names("Llama 2 times faster") == []


def test_a_name_before_a_scale_scheme_is_a_model_and_a_kind_of_layer_is_none() -> None:
    assert model_names("deepseek-ai/DeepSeek-R1 Block Scale FP8, TP8") == ["deepseek-ai/DeepSeek-R1"]
    assert model_names("DeepSeek-R1 Block FP8") == ["DeepSeek-R1"]
    assert model_names("org/Falcon-R2 blocks") == ["org/Falcon-R2"]  # (a hub id names a checkpoint)
    assert model_names("shared across the qwen3 blocks") == []


def test_the_one_models_own_precision_is_no_second_quant() -> None:
    assert named_twice("other-org/Falcon-9B-Int4 W4A16, TP2") == frozenset()
    assert "quant" in named_twice("acme/Falcon-9B-FP8 and acme/Falcon-9B-BF16")  # (two checkpoints, two precisions)
    assert "quant" in named_twice("acme/Falcon-9B in FP8 and BF16")


def test_setup_labels() -> None:
    assert label_setup("TP Size: 8") == {"tp": "8"}
    assert label_setup("Average Input Length (tokens): 8192.0000") == {"isl": "8192"}
    assert label_setup("- **GPU**: 2*RTX 4090") == {"gpu": "2xRTX 4090"}  # two boards: the count is kept
    assert label_setup("Latency: 8 ms") == {}


def _config(text: str, value: float) -> dict[str, str]:
    return next(c.config for c in extract(text, path="x.md").claims if c.value == value)


def test_the_documents_one_value_holds_and_two_values_hold_nowhere() -> None:
    one = "# Faster router for Qwen3-8B\n\nAll runs on one H100.\n\nDecode latency fell from 9.1 ms to 8.2 ms.\n"
    cfg = _config(one, 8.2)
    assert cfg["model"] == "Qwen3-8B" and cfg["gpu"] == "1xH100"  # ("one H100": one board, counted)
    two = one + "\nOn Qwen3-32B the prefill latency fell from 40.1 ms to 38.0 ms.\n"
    assert "model" not in _config(two, 8.2)


def test_commands_of_one_block_that_disagree_set_neither_value() -> None:
    text = (
        "## Accuracy\n\n```bash\nlm_eval --model vllm --model_args pretrained=org/Model-8B --tasks gsm8k\n"
        "lm_eval --model vllm --model_args pretrained=org/Model-70B --tasks gsm8k\n```\n\n"
        "gsm8k accuracy is 81.2%.\n"
    )
    assert "model" not in _config(text, 81.2)


def test_a_machine_stated_in_the_description_stays_its_own_beside_a_reviewers_lead_in() -> None:
    # the description's machine is told in prose, the reviewer's in the line over their table: two turns, two
    # machines, and neither loses its own (the reviewer's lead-in once made the description's machine vary)
    text = (
        "# Vector path for old boards\n\nEvery run on a single P100, power-capped.\n\n### Q4_K\n\n"
        "| | main | PR |\n|---|---|---|\n| t/s | 71.2 | 80.5 |\n\n"
        "**reviewer** commented on 2025-03-02\n\nSame kernel on a P40:\n\n"
        "| | main | PR |\n|---|---|---|\n| t/s | 30.2 | 33.0 |\n"
    )
    assert [c.config.get("gpu") for c in extract(text, path="t.md").claims] == ["1xP100", "P40"]


def test_where_a_feature_also_works_is_no_machine_of_the_results() -> None:
    # the title's MI325X measured the table; "also works on MI300" says where the feature runs, not what was timed
    text = (
        "# Serving numbers on the MI325X accelerator\n\n### Throughput\n\n"
        "| Model | TP | Throughput (tokens/s) |\n|---|---|---|\n| theta 30B | 8 | 8123.0 |\n\n"
        "### Draft models\n\nDraft decoding also works on MI300; it is supported on MI250 as well.\n"
    )
    assert [c.config.get("gpu") for c in extract(text, path="t.md").claims] == ["MI325X"]


def test_the_gpu_hours_a_training_took_name_no_machine_of_the_results() -> None:
    text = (
        "# Orca 2\n\nTraining Orca-2 took 1.9M A800 GPU hours in total.\n\n## Evaluation\n\n"
        "| Benchmark | Pine 40B | Orca 2 |\n|---|---|---|\n| QuizSet (EM) | 61.2 | 70.4 |\n"
    )
    assert all("gpu" not in c.config for c in extract(text, path="t.md").claims)


def test_the_model_and_board_a_run_names_win_over_a_model_it_only_wonders_about() -> None:
    # "RTX-3090" with a hyphen is the board; "DeepSeek-Lite" the model; Kimi2-1T is only wondered about
    text = (
        "# Faster MLA prefill\n\nWith DeepSeek-Lite on an RTX-3090 I see 4% more PP; whether the huge Kimi2-1T "
        "behaves the same I cannot tell.\n\n| N_KV | S_PP t/s |\n|------|----------|\n| 0 | 5120.5 |\n"
    )
    claims = [c for c in extract(text, path="t.md").claims if c.metric == "S_PP t/s"]
    assert [(c.config.get("model"), c.config.get("gpu")) for c in claims] == [("DeepSeek-Lite", "RTX-3090")]
    assert model_names("on Mistral-Small and Gemma 3 27B") == ["Mistral-Small", "Gemma 3 27B"]


def test_a_bold_phrase_with_a_comma_after_it_heads_its_paragraph_and_ends_the_one_before() -> None:
    text = (
        "**Accuracy holds.** GSM8K, 1319 samples, 5-shot, Model-14B-FP8:\nstrict 0.8510 -> 0.8492\n\n"
        "**Throughput**, ISL 1024 / OSL 256, 400 prompts:\n\n| model | before | after |\n|---|---|---|\n"
        "| Model-14B-FP8 | 9020 tok/s | 9810 tok/s |\n"
    )
    acc, tput = extract(text, path="t.md").claims
    assert acc.config.get("n_shot") == "5" and "isl" not in acc.config
    assert "n_shot" not in tput.config and (tput.config.get("isl"), tput.config.get("osl")) == ("1024", "256")


def test_lengths_written_with_thousands_or_as_a_fixed_k_output_are_the_lengths() -> None:
    assert qualifiers("40 requests with exact 2,000-token outputs") == {"osl": "2000"}
    assert qualifiers("Inputs use a fixed 2K output.") == {"osl": "2k"}
    assert qualifiers("1,024-token inputs") == {"isl": "1024"}
    assert qualifiers("1,000 outputs were generated") == {}  # a count of outputs, no length


def test_an_examples_code_span_or_aside_is_blanked_for_the_setup_readers_and_plain_prose_is_not() -> None:
    """ "e.g.:" ending a line and the span opening the next, "such as `...`", "(e.g. H200)": examples, no run's
    setup; "For example, generating on `x`" goes on to tell how a run was made, and a verb's "like" is no example."""
    lines = [
        "If a grid is given, e.g,:",
        "`grid: {'ep': 4, 'tp': 2}`,",
        "flags such as `--tp 8` or `--ep 2`, on Hopper parts (e.g. H200).",
        "For example, generating on `mt-bench` with `T=0`.",
        "It looks like `tp=8` is faster.",
    ]
    got = example_blanked(lines, set())
    assert set(got) == {2, 3}
    assert got[2].strip() == "," and "--tp" not in got[3] and "--ep" not in got[3] and "H200" not in got[3]
    assert example_blanked(lines, {2}) == {3: got[3]}  # (a code block's lines are no prose)


def test_a_console_states_its_own_sizes_and_none_unsays_an_outer_one() -> None:
    assert echo("EP Size:                None") == {"ep": ""}
    assert echo("TP Size:                8") == {"tp": "8"}
    assert label_setup("Max Runtime Batch Size: 256") == {"max_batch_size": "256"}
    assert label_setup("Model Path:  /scratch/ckpts/acme/Foo-8B") == {"model": "Foo-8B"}


_PACED_PASTE = """# Quicker scheduler

Numbers from my node:
```
Traffic request rate:                    4.0
Max request concurrency:                 64
Concurrency:                             61.37
Output token throughput (tok/s):         912.40
```
"""


def test_a_console_prints_its_rate_with_a_fraction_and_its_measured_load_is_no_setting() -> None:
    """ "Traffic request rate: 4.0" is the rate the run was paced at; "Concurrency: 61.37" beside the cap is the
    load it measured (no size is ever fractional), so the cap stays the run's concurrency."""
    assert echo("Traffic request rate:   2.5") == {"request_rate": "2.5"}
    assert echo("Concurrency:            61.37") is None and echo("TP Size:   8.5") is None
    claims = extract(_PACED_PASTE, "x.md").claims
    assert [(c.value, dict(c.config)) for c in claims] == [(912.4, {"concurrency": "64", "request_rate": "4.0"})]


def test_a_clause_after_two_settings_of_one_key_takes_neither() -> None:
    """ "+5.1% at TP2 and +2.7% at TP4 on H200, with peaks of +11.8%" over the sections of each TP: each change its own
    TP, the peak none (it is over both: its section's one line names two), while the board named once holds for all."""
    text = (
        "## Motivation\n\nThe new tiles give **+5.1%** output throughput at TP2 and **+2.7%** at TP4 on H200, "
        "with peaks of +11.8%.\n\n## Results\n\n### TP2\n\n| conc | this PR | main |\n|---:|---:|---:|\n"
        "| 8 | 612.0 | 560.1 |\n\n### TP4\n\n| conc | this PR | main |\n|---:|---:|---:|\n| 8 | 701.3 | 690.2 |\n"
    )
    got = {c.value: c.config for c in extract(text, "x.md").claims}
    assert got[5.1].get("tp") == "2" and got[2.7].get("tp") == "4", got
    assert "tp" not in got[11.8] and all(got[v].get("gpu") == "H200" for v in (5.1, 2.7, 11.8)), got
    assert got[612.0].get("tp") == "2" and got[701.3].get("tp") == "4", got


def test_the_points_a_test_sweeps_are_read_blanked_and_one_runs_arguments_are_not() -> None:
    lines = [
        "@pytest.mark.parametrize(",
        '    "dtype", [torch.float16,',
        "              torch.bfloat16])",
        "for kv in ('fp8_e4m3', 'bf16'):",
        "for m in org/Wren-9B org/Wren-27B; do",
        'args = ["--model-path", "org/Wren-9B", "--tp", "4"]',
        "x = torch.randn(8, 128, dtype=torch.float16)",
        "for dtype in [torch.float16]:",
        "cfg = {'tp': 4, 'dtype': 'fp8'}",
    ]
    got = swept_blanked(lines, set())
    assert sorted(got) == [2, 3, 4, 5]  # the lists of two points or more, and nothing else
    assert "float16" not in got[2] + got[3] and got[2].startswith('    "dtype",') and len(got[2]) == len(lines[1])
    assert "fp8" not in got[4] and "Wren" not in got[5] and got[5].endswith("; do")
    # a sweep below the results sets no precision of theirs, and the model the prose names survives the shell loop
    text = (
        "# Rope kernel\n\nMeasured on one H200 with org/Wren-9B.\n\nDecode throughput went from 1810 to 1995 tok/s.\n\n"
        "```python\nfor dtype in [torch.float16, torch.bfloat16]:\n    check(dtype)\n```\n\n"
        "```bash\nfor m in org/Wren-9B org/Wren-27B; do python bench.py --model $m; done\n```\n"
    )
    cfg = _config(text, 1995)
    assert "quant" not in cfg and cfg["model"] == "org/Wren-9B"


def test_a_program_below_its_turns_results_sets_up_its_own_runs_and_none_above() -> None:
    """ "x = torch.randn(4096, 7168, dtype=torch.float16)" in a unit test after a table of kernel times: its dtype is
    the test's own (and the timing it prints under it), never the table's; a program in a later section of its own
    sets up that section's results, not the first section's; a line of settings in prose after the results ("Setup:
    TP4") still tells of them (setup/test_code_below_results.md: the table read quant float16, and the second
    section's kv_cache fp8, before)."""
    path = FIXTURES / "setup" / "test_code_below_results.md"
    claims = {c.value: c.config for c in extract(path.read_text(), path=path.name).claims}
    assert {k: claims[11.2].get(k) for k in ("quant", "compute_dtype", "kv_cache", "tp")} == {
        "quant": None,
        "compute_dtype": None,
        "kv_cache": None,
        "tp": "4",
    }
    assert claims[11.0].get("quant") == "float16"  # the unit test's printed timing
    assert claims[1520.0].get("kv_cache") == "fp8" and claims[1520.0].get("concurrency") == "8"
    # a command under a language's fence is the run's, a program's source line is one whatever the fence says
    doc = read_document("```python\npython -m server --tp 4\n```\n\n```\nimport torch\n```\n", "x.md")
    assert [is_program(doc, b) for b in doc.blocks if b.kind == "code"] == [False, True]


def test_a_precision_a_dispatch_rule_names_as_its_branch_is_no_setup_of_the_runs() -> None:
    text = (
        "This change routes prefill through the paged kernel for BF16 KV cache and keeps the gather path for\n"
        "long prompts and FP8 KV cache, on 4x H100 with Qwen3-32B.\n\n"
        "| batch | Output tok/s |\n|---|---|\n| 1 | 61.4 |\n| 8 | 402.9 |\n"
    )
    claims = extract(text, path="dispatch.md").claims
    assert [c.value for c in claims] == [61.4, 402.9]
    assert all("kv_cache" not in c.config and c.config.get("gpu") == "4x H100" for c in claims)
    ran = extract("Served with FP8 KV cache on 4x H100.\n\nOutput throughput: 402.9 tok/s\n", path="ran.md").claims
    assert [c.config.get("kv_cache") for c in ran] == ["fp8"]  # (a run set up so, no rule: still its setup)


def test_a_drafting_items_k_is_its_draft_length_over_the_commands() -> None:
    text = (
        "Output tokens/s on one L40S, batch 1\n\n"
        "cmd: `python tools/medusa.py --num_spec_tokens 6 --max_num_seqs 1`\n\n"
        "MEDUSA 1 (`org/medusa-head-7B`):\n* K=3: 140.5, speedup: 1.56x\n* K=6: 120.0, speedup: 1.33x\n"
    )
    got = [(c.value, c.config.get("draft_len"), c.config.get("k")) for c in extract(text, path="t.md").claims]
    assert got == [(140.5, "3", None), (1.56, "3", None), (120.0, "6", None), (1.33, "6", None)]
    # (no draft runs: a GEMM's K stays its dimension)
    gemm = extract("Shapes of the fused GEMM\n\n* K=64: 12.5 us\n", path="t.md").claims
    assert [c.config.get("draft_len") for c in gemm] == [None]


def test_a_labelled_paragraphs_setup_ends_where_its_next_sibling_label_opens() -> None:
    """ "R2 Finch-7B ... (n=15)" then "R3 fused-norm op bench: ...": paragraphs numbered as one run of legs are
    siblings, each its own run, so R2's model and sample count do not reach the R3 leg, as a list item's result
    does not reach its sibling items; an unlabelled lead-in ("Quill-Chat on MI300X: ...") still heads what follows.
    The model a leg's label opens with ("R4 Orca-3B long prompts, ...") is the leg's, down its wrapped lines."""
    path = FIXTURES / "setup" / "labelled_paragraphs.md"
    got = [
        (c.source.line, c.value, c.config.get("model"), c.config.get("samples"))
        for c in extract(path.read_text(), path.name).claims
    ]
    assert got == [
        (5, 31.2, "Orca-3B", None),
        (7, 12.4, "Finch-7B", "15"),
        (9, 0.84, None, None),
        (9, 2.26, None, None),
        (13, 29.9, "Orca-3B", None),
    ], got


def test_a_sentence_naming_two_boards_gives_no_one_board_but_a_heading_ties_its_own() -> None:
    text = (
        "# Fold the bias add into the GEMM\n\nWe timed it on 8×H20 and 8×B200 with Llama-3.3-70B.\n\n"
        "```\nOutput token throughput (tok/s):   1510.3\n```\n"
    )
    assert [c.config.get("gpu") for c in extract(text, path="t.md").claims] == [None]
    split = text.replace("```\nOutput", "### 8×B200\n\n```\nOutput")
    assert [c.config.get("gpu") for c in extract(split, path="t.md").claims] == ["8×B200"]


def test_a_rank_index_in_a_trace_file_name_is_no_parallel_size() -> None:
    text = (
        "# Cache the expert map\n\nServed Qwen3-235B-A22B on 4×H100 with -tp 4.\n\n#### After\n"
        "[prof_dp0_pp0_tp0_ep0_rank0.pt.trace.json.gz](https://files.example.org/prof_dp0_pp0_tp0_ep0_rank0.pt.trace.json.gz)\n\n"
        "```\nMean TTFT (ms):   98.4\n```\n"
    )
    (config,) = [c.config for c in extract(text, path="t.md").claims]
    assert config.get("tp") == "4" and not {"dp", "pp", "ep"} & config.keys()
    assert "tp" not in qualifiers("[TP0] rank ready") and qualifiers("TP10 ranks")["tp"] == "10"


def test_a_sentence_naming_two_models_over_one_paste_gives_it_neither() -> None:
    text = "# Fuse rotary\n\nWe ran Phi-4-14B and Mistral-7B on 1xL40S.\n\n```\nMean TTFT (ms):   51.0\n```\n"
    (config,) = [c.config for c in extract(text, path="t.md").claims]
    assert "model" not in config and config.get("gpu") == "1xL40S"


def test_a_bare_setup_line_heads_the_group_under_it_fenced_or_not() -> None:
    """ "TP2" over its lines, a blank, "TP4" over its own (setup/group_labels_in_paste.md): each group's tp, in a
    paste and in one that lost its fence; a label with a blank under it heads nothing."""
    rows = "TP2\nBatch size 1: Mean latency: 0.61 seconds\n\nTP4\nBatch size 1: Mean latency: 0.42 seconds\n"
    for text in (f"```\n{rows}```\n", rows):
        assert [c.config.get("tp") for c in extract(text).claims] == ["2", "4"]
    text = "TP2\n\nBatch size 1: Mean latency: 0.61 seconds\n\nTP4\n\nBatch size 1: Mean latency: 0.42 seconds\n"
    assert [c.config.get("tp") for c in extract(text).claims] == [None, None]


def test_the_setting_one_fix_applied_is_that_fixs_and_a_max_batch_is_no_batch() -> None:
    text = (
        "# Stop the int4 hang\n\nThis resolves the Gemma 2.1 int4 hang by capping `max_batch_size=24`.\n\n"
        "BF16 GSM8K on L40S:\nGSM8K strict accuracy: 81.40\n"
    )
    (config,) = [c.config for c in extract(text, path="t.md").claims]
    assert config.get("gpu") == "L40S" and not {"batch_size", "max_batch_size"} & config.keys()
    assert label_setup("Max batch size: 64") == {"max_batch_size": "64"}


def test_a_bullets_lead_sets_up_every_value_of_its_line_but_what_the_line_names_itself() -> None:
    line = "- FP8 Qwen3 235B + Eagle3 head: accepted **2.40 / 3**, speedup vs no drafting: **1.41x**"
    assert bullet_lead_setup(line) == {"spec_algo": "eagle3", "quant": "fp8", "model": "Qwen3 235B"}
    assert draft_over(line) == {}  # (the most a step accepts: the bonus token counted or not, the text does not say)
    assert draft_over("- Eagle3: acceptance 2.4 / 4 (1 bonus + 3 drafted), 1.3x") == {"draft_len": "3"}
    assert draft_over("- Eagle3: acceptance 2.9 / 4 draft tokens") == {"draft_len": "4"}
    assert bullet_lead_setup("- FP8: gsm8k 0.912, BF16: gsm8k 0.915") == {}  # (each value its own precision)
    assert bullet_lead_setup("- 2.1x faster on FP8: at TP8") == {}  # (a lead holding a result is a sentence)
    assert draft_over("- TP 2/4 scaling: 1.8x") == {}  # (no acceptance on the line)


def test_a_lead_naming_a_size_is_the_one_model_of_that_size_its_turn_names_above() -> None:
    """ "- 30B 8-bit: 1.4x" under rows of two checkpoints: the row's model, its active parameters and bit width telling
    two of one size apart; a size no model above prints stays as printed, and a size of another unit is no model."""
    assert bullet_lead_setup("- 30B A3B 4-bit: 40.1 / 31.0 = 1.29x") == {"model": "30B-A3B", "quant": "4bit"}
    assert bullet_lead_setup("- 16MB: 3.1 GB/s") == {}
    text = (
        "# Kite drafts\n\n| Model | Decode tok/s |\n| --- | --- |\n| `acme/kite-30b-a3b-4bit` | 40.1 |\n"
        "| `acme/kite-30b-a3b-8bit` | 33.0 |\n| `acme/kite-9b-8bit` | 80.2 |\n\n"
        "- 30B A3B 4-bit: 40.1 / 31.0 = 1.29x\n- 30B: 1.9 accepted tokens/step\n- 9B 8-bit: 80.2 / 70.0 = 1.15x\n"
    )
    got = {c.source.line: c.config for c in extract(text, path="t.md").claims if c.source.line > 8}
    assert got[9] == {"model": "acme/kite-30b-a3b-4bit"}  # (its width in the name: no precision beside it)
    assert got[10].get("model") == "kite-30B"  # (two 30B checkpoints: the family's size, which one not said)
    assert got[11] == {"model": "acme/kite-9b-8bit"}


def test_a_tables_one_method_and_benchmark_hold_for_the_results_derived_below_it_not_its_rows_models() -> None:
    """Every row of GSM8K, one drafting method among the arms: the acceptance and the speed-up under the table are of
    those runs; a row's model stays its row's, a paragraph leading in another method's run ends the reach, and a speed
    that is no ratio (a memory figure) is no derived result."""
    text = (
        "# Drafting\n\n| Model | Mode | Task | tok/s |\n| --- | --- | --- | --- |\n"
        "| Wren-7B | no drafter | GSM8K | 10.0 |\n| Wren-7B | EAGLE3 | GSM8K | 14.0 |\n"
        "| Heron-9B | no drafter | GSM8K | 8.0 |\n| Heron-9B | EAGLE3 | GSM8K | 11.0 |\n\n"
        "Acceptance length: 2.2. Decode speed-up 1.40x; memory 3.1 GB more.\n\n"
        "Next, Medusa heads on the same prompts:\n\nAcceptance length: 1.9\n"
    )
    got = {(c.source.line, c.kind, c.unit): c.config for c in extract(text, path="t.md").claims if c.source.line > 9}
    assert got[(10, "acceptance", None)] == {"spec_algo": "eagle3", "dataset": "gsm8k"}
    assert got[(10, "perf", "x")] == {"spec_algo": "eagle3", "dataset": "gsm8k"}
    assert "spec_algo" not in got[(10, "perf", "GB")]
    assert got[(14, "acceptance", None)].get("spec_algo") in (None, "medusa")


def test_a_quoted_command_sets_up_the_outputs_after_it_up_to_the_next_command() -> None:
    """Command-then-output pairs, the commands quoted in prose: each command's flags hold over the output under it
    to the next command (the second run sets no output length), and the output printed before the first command is
    some other run's, none of theirs."""
    text = (
        "Earlier numbers:\n\n```\nmean acceptance length: 2.10\n```\n\n"
        "run: hydra cmd: `python3 bench_spec.py --method hydra --num_spec_tokens 4 --hf-output-len 256`\n\n"
        "```\nmean acceptance length: 3.40\n```\n\n"
        "run: hydra cmd: `time SPEC_LOG=1 python3 bench_spec.py --method hydra --num_spec_tokens 4`\n\n"
        "```\nmean acceptance length: 2.90\n```\n"
    )
    got = {c.value: c.config for c in extract(text, path="t.md").claims}
    assert got[3.4] == {"spec_algo": "hydra", "draft_len": "4", "osl": "256"}
    assert got[2.9] == {"spec_algo": "hydra", "draft_len": "4"}
    assert got[2.1] == {}


def test_a_setup_line_over_the_after_sides_items_is_theirs_not_the_before_sentences() -> None:
    """ "(A100 TP2, conc=16)" stands between "After this change:" and its bullets, below the before sentence's result:
    it sets up the bullets under it, not the before value above, whose only setup is the title's architecture
    ("on Ampere": the one Ampere board the text names, A100)."""
    path = FIXTURES / "setup/after_side_setup_line.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    keys = ("gpu", "tp", "concurrency")
    got = {(c.source.line, c.value): tuple(c.config.get(k) for k in keys) for c in claims}
    assert got == {(5, 1.0): ("A100", None, None), (9, 1.31): ("A100", "2", "16"), (9, 2.35): ("A100", "2", "16")}


def test_a_setup_paragraph_holds_over_its_turn_past_bold_heads_and_names_its_dataset() -> None:
    """A turn's one "**Config** - ..." paragraph (setup/setup_paragraph_turn.md): the dataset it names beside the word
    "dataset" and its sample count reach the tables under later bold heads, as its board and concurrency do; a row's
    own dataset cell wins."""
    text = (FIXTURES / "setup" / "setup_paragraph_turn.md").read_text()
    got = {(c.metric, c.value): c.config for c in extract(text, path="t.md").claims if c.kind == "perf"}
    for key in [("mean RTF", 0.19), ("p99 latency", 1.25)]:
        assert {k: got[key].get(k) for k in ("dataset", "samples", "concurrency", "gpu")} == {
            "dataset": "harborvoice",
            "samples": "150",
            "concurrency": "4",
            "gpu": "1xA10G",
        }
    (acc,) = [c.config for c in extract(text, path="t.md").claims if c.kind == "accuracy"]
    assert acc.get("task") == "portcalls" and "dataset" not in acc  # (its row's own set: no other beside it)
    assert line_setup("- Dataset: `harborvoice`") == {"dataset": "harborvoice"}
    assert "dataset" not in qualifiers("we shuffled the whole dataset 3 times")


def test_a_commands_flags_hold_in_its_own_turn_from_it_on() -> None:
    """Command-then-output pairs in one post, and a later post pasting an output with no command of its own: the
    commands' flags hold from the first command on in their turn, never over the output printed above it (a run the
    post does not show the command of) and never over the next turn's output, even a key every command agrees on."""
    pair = "cmd: `python3 bench_spec.py --method suffix --num_spec_tokens 6 --dataset-path org/{} {}`\n\n"
    out = "```\nmean acceptance length: {}\n```\n\n"
    text = (
        "# Speed up drafting\n\n[turn 0 by alice, continued]\n"
        + out.format("2.10")
        + pair.format("setA", "--output-len 512")
        + out.format("3.40")
        + pair.format("setB", "")
        + out.format("2.90")
        + "[turn 3 by alice]\nAnother machine:\n\n"
        + out.format("1.70")
    )
    got = {c.value: c.config for c in extract(text, path="t.md").claims}
    assert got[3.4] == {"spec_algo": "suffix", "draft_len": "6", "osl": "512"}
    assert got[2.9] == {"spec_algo": "suffix", "draft_len": "6"}
    assert got[2.1] == {} and got[1.7] == {}


def test_a_plan_item_counting_its_boards_states_no_speedup_and_sets_up_the_results_below() -> None:
    # (invented: "2x" before a board counts the boards; the item names the setup, it reports no "2x" gain)
    plan = "## Plan\n- Running on {} H200 TP=4 FP8, swept at ISL=700 OSL=250\n\n## Numbers\n| conc | tput (tok/s) |\n"
    table = "|---|---|\n| 4 | 910 |\n| 8 | 1720 |\n"
    for count in ("4x", "4 x", "4×", ""):
        cfg = _config(plan.format(count) + table, 1720.0)
        assert cfg["tp"] == "4" and cfg["quant"] == "fp8" and cfg["isl"] == "700", count
    assert states_result("- Decode is 2x faster on H100") and states_result("- 1.5x H100 throughput")
    assert not states_result("- Serving on 2x H100 TP=2") and not states_result("- 8×NVIDIA B200, TP8")


def test_a_sentence_under_a_table_printing_a_rate_of_its_own_lends_the_table_no_workload() -> None:
    # the sentence under the table speaks of it ("the table above") but reports a further run of its own, at its own
    # context: that context is its run's, never the table's rows', which keep their heading's
    text = (
        "## Decode at a 32k context\n\n| Prompt | decode tok/s |\n|---|---|\n| prose | 71.2 |\n| code | 66.0 |\n\n"
        "Past the table above, a 96k context still holds 61+ tok/s on this laptop.\n"
    )
    rows = [(c.value, c.config.get("isl")) for c in extract(text, path="t.md").claims if c.source.line in (5, 6)]
    assert rows == [(71.2, "32k"), (66.0, "32k")], rows


_TITLE_OVER_CONSOLE = """# Async offload improves the long prompt throughput 45% via paged copies

Measured after the change:

```
============ Serving Benchmark Result ============
Max request concurrency:                 128
Request throughput (req/s):              1.75
Output token throughput (tok/s):         812.40
```
"""


def test_the_load_a_console_prints_is_its_runs_and_never_the_titles_claim() -> None:
    claims = extract(_TITLE_OVER_CONSOLE, "t.md").claims
    assert [(c.source.line, c.config.get("concurrency")) for c in claims] == [(1, None), (8, "128"), (9, "128")]


def _arms(summary: str) -> list[tuple[float, str | None, float | None]]:
    """Before and After, each a launch at --dtype bfloat16 and a gsm8k run, under a summary sentence."""
    arm = (
        "```\npython3 -m sglang.launch_server --model-path acme/moe-mini --dtype bfloat16 --tp 2\n"
        "python3 benchmark/gsm8k/bench_sglang.py --num-shots 8 --num-questions 400\nAccuracy: {}\n```\n"
    )
    text = f"## Summary\n\n{summary}\n\n## Results\n\nBefore\n{arm.format('0.871')}\nAfter\n{arm.format('0.874')}"
    return [(c.value, c.config.get("quant"), c.reference) for c in extract(text, path="t.md").claims]


def test_each_arms_launch_is_its_own_run_and_its_dtype_no_quantisation() -> None:
    # the launch right above each arm's run is that arm's, and "--dtype bfloat16" the dtype it computes in: a
    # precision the summary states for the runs reaches both arms alike, so After pairs with Before
    assert _arms("This speeds up expert routing of the MXFP4 MoE path.") == [
        (0.871, "mxfp4", None),
        (0.874, "mxfp4", 0.871),
    ]


def test_a_kernel_librarys_module_a_change_borrows_from_states_no_precision() -> None:
    # "from flashinfer_mxfp4", "the flashinfer_mxfp4 module": where code lives, no path the runs took
    got = _arms("This reuses the top-k packing helper from flashinfer_mxfp4 for the routed runner.")
    assert got == [(0.871, "bfloat16", None), (0.874, "bfloat16", 0.871)]
    assert "quant" not in qualifiers("moved the helper into the cutlass_fp8 module")
    assert "quant" not in qualifiers("see flashinfer_mxfp4.py")
    # (a backend's name a run is said to use is still its path at that precision)
    assert qualifiers("TP8, `flashinfer_mxfp4` MoE backend")["quant"] == "mxfp4"


GOAL_LIST = """# Plugin refresh for EngineZ 2.3

## Purpose
- Fix Qwen3-235B / Qwen3-235B-Thinking FP8 KV-cache handling under graph capture.
- Keep the recipes of the other models green.

## Accuracy

| Model | gsm8k | Threshold | Status |
| --- | ---: | ---: | --- |
| Qwen3-235B TP8 | 0.951 | 0.94 | PASS |
| Llama-3.1-70B TP4 | 0.948 | 0.93 | PASS |
"""


def test_a_change_items_settings_are_not_the_setup_of_other_models_results() -> None:
    claims = extract(GOAL_LIST, path="x.md").claims
    assert claims and all("kv_cache" not in c.config for c in claims)
    # the item's one model is the one measured: its setting may be the runs' own
    alone = GOAL_LIST.replace("| Llama-3.1-70B TP4 | 0.948 | 0.93 | PASS |\n", "")
    assert _config(alone, 0.951).get("kv_cache") == "fp8"


def test_a_sections_advice_on_when_to_pick_a_kernel_sets_up_no_later_section() -> None:
    """ "best for batch size 1" says when to choose a path: no run's batch, neither for the usage note's packing time
    below it nor for the table that states its own."""
    text = (FIXTURES / "setup" / "advice_section_over_usage.md").read_text()
    got = {c.source.line: c.config.get("batch_size") for c in extract(text, path="README.md").claims}
    assert got == {14: None, 22: "4"}


_SUMMARY_OVER_TABLE = """## Overview

- Cover Falcon-40B-FP8 latency and speed on 4x H100.
- Sweep 2K-input / 256-output at batch 1 and 16.

## Results

- Accuracy: ARC-C **0.702** ≥ **0.69** baseline

| batch size | input len | latency (s) | output throughput (tok/s) |
| --- | --- | --- | --- |
| 1 | 2048 | 3.10 | 82.50 |
| 16 | 2048 | 9.40 | 435.20 |
"""


def test_a_summary_pair_of_lengths_reaches_the_table_printing_one_of_them() -> None:
    # the table's "input len" 2048 is the summary's 2K: the summary's pair is the table's workload, its 256 too
    perf = [c for c in extract(_SUMMARY_OVER_TABLE, path="x.md").claims if c.kind == "perf"]
    assert len(perf) == 4 and {(c.config.get("isl"), c.config.get("osl")) for c in perf} == {("2048", "256")}
    other = _SUMMARY_OVER_TABLE.replace("| 2048 |", "| 1024 |")  # (another length printed: the summary's is not it)
    assert all("osl" not in c.config for c in extract(other, path="x.md").claims if c.kind == "perf")


def test_an_eval_bullet_over_a_speed_table_is_no_dataset_of_its_rows() -> None:
    # "- Accuracy: ARC-C **0.702**" states its own score: ARC-C is that eval's task, not the speed rows' workload;
    # and "at batch 1 and 16" names two batch sizes, so the eval was run at neither
    claims = extract(_SUMMARY_OVER_TABLE, path="x.md").claims
    assert all("dataset" not in c.config for c in claims if c.kind == "perf")
    assert [c.config.get("batch_size") for c in claims if c.kind == "accuracy"] == [None]
    assert line_setup("bs 1 and 32") == {} and line_setup("TP8 and 2 nodes") == {"tp": "8"}
    lead = "3 samples of mt-bench:\n\n| concurrency | output tok/s |\n| --- | --- |\n| 4 | 310.5 |\n"
    assert [c.config.get("dataset") for c in extract(lead, path="x.md").claims] == ["mt-bench"]


def test_a_later_fold_title_reaches_no_fold_whose_title_was_cut() -> None:
    # the excerpt opens inside a fold: its "</details>" closes a block whose "<summary>" is unseen
    text = (Path(__file__).parent / "fixtures" / "setup" / "cut_fold_title.md").read_text(encoding="utf-8")
    configs = {c.source.line: c.config for c in extract(text, path="x.md").claims}
    assert all("model" not in configs[no] and "quant" not in configs[no] for no in (4, 5, 6))
    assert configs[15]["model"] == "phi-3-mini" and configs[15]["quant"] == "q6_k"
    # with both titles present, each fold's own title scopes it
    whole = text.replace(
        "```\nMean    KLD:   0.0274",
        "<details>\n<summary>phi-3-mini-Q4_K.gguf</summary>\n\n```\nMean    KLD:   0.0274",
        1,
    )
    assert whole != text
    opened = {c.source.line: c.config for c in extract(whole, path="x.md").claims}
    assert opened[7]["quant"] == "q4_k" and opened[18]["quant"] == "q6_k"


def test_a_line_alone_over_a_table_sets_up_that_table_and_what_follows_not_the_prose_above() -> None:
    """ "PP=2" alone over a table (as vllm#12755's "Draft TP=1"): the table's runs and the sentence after it ran
    split so, the paragraph above told of its runs before the line was said; a board alone over a later table
    stays the post's machine (grammar.default_reach.from_the_table_lead)."""
    text = (FIXTURES / "setup" / "table_lead_line_reaches_down.md").read_text(encoding="utf-8")
    pp = {c.source.line: c.config.get("pp") for c in extract(text, path="t.md").claims}
    assert pp == {7: None, 13: "2", 14: "2", 16: "2"}
    boards = "# K\n\nDecode ITL fell to 21.5 ms.\n\nOn 8x H200\n\n| Conc | ITL (ms) |\n| --- | --- |\n| 16 | 20.1 |\n"
    assert {c.config.get("gpu") for c in extract(boards, path="b.md").claims} == {"8x H200"}


def test_description_settings_reach_its_authors_later_turns_only_without_results_of_its_own() -> None:
    """A description that only plans ("the request rate at 60") sets up its author's later turns (a review thread's
    comment is a turn), not another commenter's; a description with a result of its own keeps its rate to itself."""
    from ledger.parsers.grammar.author_turns import described_runs
    from ledger.parsers.reader.scanner import turn_author

    assert turn_author("mira · review thread · 2026-02-13") == "mira"
    head = "# Picker\n\nmira · description · 2026-02-09\n- {}\n\n"
    rest = "tomas · comment · 2026-02-10\nmine\n\nmira · review thread · 2026-02-13\nhers\n"
    doc = read_document(head.format("took the stage with the request rate at 60 for the table") + rest)
    assert described_runs(doc) == [(9, 11, {"request_rate": "60"})]
    doc = read_document(head.format("at the request rate at 60 TTFT fell to 0.24 s") + rest)
    assert described_runs(doc) == []


def test_listed_test_ids_set_up_their_lead_by_what_all_of_them_share() -> None:
    """A failing-tests line over a list of ids takes the parts every id spells alike (a brace's alternatives are
    two tests); one id alone gives all its parts; an id item is no setup of the page or its section."""
    from ledger.vocab.test_ids import names_one_test, spelled_tests

    assert spelled_tests("- `aggr_upload-r1_fp4_v2_tep4_mtp3_{1k1k,8k1k}`") == [
        "aggr_upload-r1_fp4_v2_tep4_mtp3_1k1k",
        "aggr_upload-r1_fp4_v2_tep4_mtp3_8k1k",
    ]
    assert not names_one_test("- `Llama-3.1-8B-Instruct`") and not names_one_test("- fixes the 1k1k case")
    text = "# T\n\nFails 2 perf-sanity tests on GB200:\n- `aggr_upload-r1_fp4_v2_tep4_mtp3_{1k1k,8k1k}`\n"
    text += "- `aggr_upload-k25_fp4_grace_blackwell-k25_fp4_dep4_8k1k`\n\nMain: 905.2 tok/s.\n"
    claims = extract(text, path="t.md").claims
    configs = {c.source.line: dict(c.config or {}) for c in claims}
    assert configs[3] == {"gpu": "GB200", "ep": "4", "quant": "fp4"}
    assert configs[7] == {"gpu": "GB200"}


def test_a_launch_shown_for_one_feature_sets_up_no_result_of_the_page() -> None:
    """A usage page's speculative-decoding and PD sections launch servers of their own, its tips say where a kernel
    can run, a conditional sentence says what to pass with FP8 KV cache: the results ran on the first launch only,
    with the page's model (not the base model its intro names); a feature section added under the results with
    `--dp 2` leaves their dp as it was."""
    from ledger.parsers import extract

    fixtures = Path(__file__).parent / "fixtures" / "setup"
    side = extract((fixtures / "usage_page_side_sections.md").read_text(), path="usage_page_side_sections.md")
    for c in side.claims:
        assert c.config.get("model") == "Wren-9B-Chat" and c.config.get("dp") == "8"
        assert not {"gpu", "draft_len", "serving", "kv_cache", "quant"} & c.config.keys()
    later = extract((fixtures / "later_feature_launch.md").read_text(), path="later_feature_launch.md")
    assert later.claims and all(c.config.get("dp") == "8" and "ep" not in c.config for c in later.claims)
