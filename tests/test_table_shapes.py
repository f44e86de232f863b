"""Table shapes real PR threads print (issue 26): arms spanning two columns over a settings row, a dtype in one
arm's header, a free row id, a variant in parentheses, a verdict beside a change, a bar column apart from the
value it judges, another PR's column, a rate sweep ending at "inf", and units printed only in a header."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers import extract


def _claims(text: str) -> list[Claim]:
    return extract(text, path="t.md").claims


ARMS = (
    "| | **bf16**<br/> | - | **W4A8**<br/>**(previous)** | - | **W4A8**<br/>**(optimized)** | - |\n"
    "|---|---|---|---|---|---|---|\n"
    "| | dp-size=1 | dp-size=2 | dp-size=1 | dp-size=2 | dp-size=1 | dp-size=2 |\n"
    "| Output tok/s | 100 | 180 | 90 | 160 | 110 | 200 |\n"
)


def test_dash_columns_continue_their_arm_and_the_settings_row_sets_each_column() -> None:
    got = [(c.value, c.reference, c.config.get("dp"), c.config.get("column")) for c in _claims(ARMS)]
    assert got == [
        (100.0, None, "1", "bf16"),
        (180.0, None, "2", "bf16"),
        (110.0, 90.0, "1", "W4A8 (optimized)"),
        (200.0, 160.0, "2", "W4A8 (optimized)"),
    ]


def test_a_dtype_in_one_arms_header_is_not_every_columns() -> None:
    text = "# Faster kernel\n\n| | **fp8** | **Wint4Afp8 (new)** |\n|---|---|---|\n| Output tok/s | 100 | 120 |\n"
    # each arm its own precision: the fp8 of the first never reaches the second, which names its own
    assert [c.config.get("quant") for c in _claims(text)] == ["fp8", "wint4afp8"]


def test_a_free_row_id_names_the_row_and_its_columns_are_setup() -> None:
    text = (
        "| Row | Device | State | Public ms |\n|---|---|---|---|\n"
        "| H100:std:3:bfloat16:dense | H100 | bfloat16/dense | 0.50 |\n"
        "| H100:std:4:float32:dense | H100 | float32/dense | 0.70 |\n"
    )
    got = [(c.metric, c.config.get("gpu"), c.config.get("state"), c.config.get("quant")) for c in _claims(text)]
    assert got == [("Public ms", "H100", "bfloat16/dense", None), ("Public ms", "H100", "float32/dense", None)]


def test_a_variant_in_parentheses_and_the_change_in_a_cell_keep_their_column() -> None:
    text = (
        "| Case | MAIN | MAIN (fused) | PR | PR (fused) |\n|---|---|---|---|---|\n"
        "| Latency (ms) | 20.0 | 19.0 | 19.5 (-2.50%) | 18.5 (-2.63%) |\n"
    )
    got = [(c.value, c.metric, c.unit, c.config.get("column"), c.config.get("variant")) for c in _claims(text)]
    # the PR's values and their changes are named by the row's measure, the side's words left out (the unit tells the
    # change from the value); "(fused)" stays a variant of its own, the change in its cell the fused value's too
    assert got == [
        (19.5, "Latency", "ms", "PR", None),
        (-2.5, "Latency", "%", "PR", None),
        (18.5, "Latency", "ms", "PR (fused)", "fused"),
        (-2.63, "Latency", "%", "PR (fused)", "fused"),
    ]


def test_a_verdict_word_is_not_the_metric_of_the_change_beside_it() -> None:
    text = (
        "| Config | Metric | Old | New | Diff |\n|---|---|---|---|---|\n"
        "| c=8 | mean_rtf | 0.30 | 0.25 | better -16.7% |\n"
    )
    got = [(c.value, c.config.get("column")) for c in _claims(text)]
    assert got == [(0.25, "New"), (-16.7, "Diff")]


def test_the_old_bar_is_the_reference_and_the_new_bar_a_setting() -> None:
    text = (
        "| Metric | Old baseline | Week avg | New baseline | n |\n|---|---|---|---|---|\n"
        "| mean_tpot_ms | 30 | 10.5 | 10.5 | 5 |\n"
    )
    got = [(c.value, c.reference, c.config.get("new_baseline")) for c in _claims(text)]
    assert got == [(10.5, 30.0, "10.5")]


def test_another_prs_column_is_measured_and_the_first_vs_column_names_the_baseline() -> None:
    text = (
        "| shape | Fast API | Vendor raw | Fast vs Vendor | #4605 at this head | Fast vs #4605 |\n"
        "|---|---|---|---|---|---|\n| h8 | 120.4 us | 301.5 us | 2.504x | 118.0 us | 0.980x |\n"
    )
    got = [(c.value, c.reference) for c in _claims(text)]
    assert got == [(120.4, 301.5), (2.504, None), (118.0, None), (0.98, None)]
    assert all(not any(k.startswith("#") for k in c.config) for c in _claims(text))


def test_a_rate_sweep_ending_at_inf_keeps_the_rate_a_setting() -> None:
    text = "| rate | ttft (PR) | ttft (main) |\n|---|---|---|\n| 4 | 50.1 | 52.3 |\n| inf | 900.5 | 910.2 |\n"
    got = [(c.metric, c.config.get("rate")) for c in _claims(text)]
    assert got == [("ttft", "4"), ("ttft", "inf")]


def test_units_printed_only_in_a_header_or_a_label_reach_the_values() -> None:
    text = (
        "| rate | p50 ttft (PR) [ms] | p50 ttft (main) [ms] |\n|---|---|---|\n| 4 | 50.1 | 52.3 |\n\n"
        "| Conc | Old Req/s<br>(X=0) | New Req/s<br>(X=1) |\n|---|---|---|\n| 2 | 1.5 | 1.8 |\n\n"
        "| Bench | OLD | NEW |\n|---|---|---|\n| Output Tokens/s Mean | 500.0 | 510.0 |\n"
    )
    got = [(c.value, c.unit, c.metric) for c in _claims(text)]
    assert got == [
        (50.1, "ms", "p50 ttft"),
        (1.8, "Req/s", "Req/s"),  # the side ("New") is the pair's, not the measure's name
        (510.0, "Tokens/s", "Output Tokens/s Mean"),
    ]


def test_a_setting_column_may_spell_its_flag_in_each_cell() -> None:
    text = "| Concurrency | Base tok/s | New tok/s |\n|---|---|---|\n| mc=4 | 100 | 120 |\n| mc=16 | 300 | 330 |\n"
    got = [(c.metric, c.value, c.config.get("concurrency")) for c in _claims(text)]
    assert got == [("tok/s", 120.0, "4"), ("tok/s", 330.0, "16")]


def test_a_first_column_that_names_the_rows_workload_is_their_setup_not_their_measure() -> None:
    # "Context", "Dataset", "Scenario" over the rows: what each row ran, the measure is the columns' (their unit's)
    text = (
        "| Context | OLD (tok/s) | NEW (tok/s) | Improvement |\n|---|---|---|---|\n"
        "| Short (200 in / 300 out) | 40.0 | 44.0 | +10% |\n| Long (4000 in / 300 out) | 30.0 | 36.0 | +20% |\n"
    )
    got = [(c.metric, c.value, c.reference, c.config.get("isl"), c.config.get("workload")) for c in _claims(text)]
    assert got[0] == ("throughput", 44.0, 40.0, "200", "Short (200 in / 300 out)")
    assert got[2] == ("throughput", 36.0, 30.0, "4000", "Long (4000 in / 300 out)")
    assert not any((m or "").startswith(("Short", "Long")) for m, *_ in got)
    data = "| Dataset | main (ms) | PR (ms) |\n|---|---|---|\n| sharegpt | 12.0 | 11.0 |\n"
    assert [(c.metric, c.config.get("dataset")) for c in _claims(data)] == [("latency", "sharegpt")]


def test_benchmarks_named_by_the_rows_stay_the_measure_under_a_dataset_column() -> None:
    text = "| Dataset | main | PR |\n|---|---|---|\n| gsm8k | 0.81 | 0.82 |\n| mmlu | 0.70 | 0.70 |\n"
    assert [c.metric for c in _claims(text)] == ["gsm8k", "mmlu"]


def test_a_precision_heading_names_no_measure() -> None:
    # "FP16" holds "p16" but is no percentile: the heading is the tables' precision, the column names the measure
    text = "## Request test\n\n### FP16\n\n| model | batch | RPS | FTL (s) |\n|---|---|---|---|\n"
    text += "| q-7b | 32 | 6.250 | 0.31 |\n"
    got = [(c.metric, c.config.get("quant")) for c in _claims(text)]
    assert got == [("RPS", "fp16"), ("FTL", "fp16")]


def test_a_benchmark_name_with_a_year_keeps_its_column_a_column_of_names() -> None:
    text = (
        "| | Benchmark (Metric) | Pine 40B | Orca 2 |\n|---|---|---|---|\n| Reading | QuizSet (EM) | 61.2 | 70.4 |\n"
        "| | LongDoc (Acc.) | 30.5 | 41.9 |\n| Math | Olympiad 2024 (Pass@1) | 12.5 | 20.0 |\n"
    )
    got = [(c.value, c.config.get("row")) for c in _claims(text)]
    assert got[-1] == (20.0, "Math / Olympiad 2024 (Pass@1)") and got[2] == (30.5, "Reading / LongDoc (Acc.)")


def test_columns_that_name_models_give_each_cell_its_model_and_the_row_its_measure() -> None:
    # a model card's evaluation table: benchmarks as rows, one model per column
    text = (
        "| | Benchmark (Metric) | Llama3.1 405B-Inst. | Qwen2.5 72B-Inst. | DeepSeek V3 |\n|---|---|---|---|---|\n"
        "| Reading | QuizSet (EM) | 61.2 | 66.0 | 70.4 |\n| | LongDoc (Acc.) | 30.5 | 33.1 | 41.9 |\n"
    )
    got = [(c.metric, c.config.get("model"), c.value) for c in _claims(text)]
    assert got[:3] == [
        ("Reading / QuizSet (EM)", "Llama3.1 405B-Inst", 61.2),
        ("Reading / QuizSet (EM)", "Qwen2.5 72B-Inst", 66.0),
        ("Reading / QuizSet (EM)", "DeepSeek V3", 70.4),
    ]


def test_two_benchmark_names_one_with_a_year_stay_names() -> None:
    text = (
        "| | Benchmark (Metric) | Pine 40B | Orca 2 |\n|---|---|---|---|\n| Reading | QuizSet (EM) | 66.5 | 72.0 |\n"
        "| Math | Olympiad 2024 (Pass@1) | 12.5 | 20.0 |\n"
    )
    assert [c.config.get("row") for c in _claims(text)][::2] == [
        "Reading / QuizSet (EM)",
        "Math / Olympiad 2024 (Pass@1)",
    ]


def test_a_heading_that_names_the_bar_of_its_measure_names_the_measure_before_it() -> None:
    # "Capacity under the 25 ms TPOT gate": the cells are capacities; the TPOT is the bar they were held to
    text = (
        "# Gizmo capacity\n\n#### Capacity under the 25 ms TPOT gate\n\n"
        "| Input | Baseline global C | Candidate global C |\n|---:|---:|---:|\n| 4K | 8 | 16 |\n"
    )
    (c,) = _claims(text)
    assert (c.metric, c.value, c.reference) == ("Capacity", 16.0, 8.0)


def test_a_model_card_compares_against_closed_models_by_their_names() -> None:
    text = (
        "# Card\n\n| | Benchmark (Metric) | Claude-3.5-Sonnet-1022 | GPT-4o 0513 | DeepSeek V3 |\n"
        "|---|---|---|---|---|\n"
        "| English | MMLU (EM) | 88.3 | 87.2 | 88.5 |\n"
    )
    assert [c.config.get("model") for c in _claims(text)] == ["Claude-3.5-Sonnet-1022", "GPT-4o", "DeepSeek V3"]


def test_a_section_heading_never_renames_the_benchmarks_its_rows_name() -> None:
    text = (
        "# Squeeze Guide\n\n## Accuracy Evaluation\n\n| dataset | Qwen3-8B | | Qwen3-30B-A3B | |\n"
        "|---|---|---|---|---|\n| | bf16 | awq | bf16 | awq |\n"
        "| ifeval | 85.58 | 84.10 | 86.32 | 85.90 |\n| gpqa | 59.97 | 58.20 | 61.74 | 60.30 |\n"
    )
    got = [(c.metric, c.config.get("model"), c.config.get("quant"), c.reference) for c in _claims(text)]
    # (each model's bf16 column is its awq column's reference)
    assert got[0] == ("ifeval", "Qwen3-8B", "awq", 85.58) and got[-1] == ("gpqa", "Qwen3-30B-A3B", "awq", 61.74)


def test_a_method_by_workload_grid_of_sentence_cells_keeps_both_as_setup_and_the_cell_names_the_measure() -> None:
    # rows are drafting methods, columns the kind of prompt; each cell a small sentence with its own measures
    text = (
        "Two passes each, Qwen2 7B.\n\n| Proposer | qa | translate |\n|---|---|---|\n"
        "| prefix_tree | 33.0 ± 0.4 t/s, accept: 52.0% (52/100) | 31.5 ± 0.1 t/s, accept: 9.0% (9/100) |\n"
        "| lookahead | 35.2 ± 0.9 t/s, accept: 61.0% (61/100) | 30.9 ± 0.3 t/s, accept: 11.0% (11/100) |\n"
    )
    got = [(c.kind, c.metric, c.value, c.config.get("row"), c.config.get("column")) for c in _claims(text)]
    assert got[:4] == [
        ("perf", "throughput", 33.0, "prefix_tree", "qa"),
        ("acceptance", "accept", 52.0, "prefix_tree", "qa"),
        ("perf", "throughput", 31.5, "prefix_tree", "translate"),
        ("acceptance", "accept", 9.0, "prefix_tree", "translate"),
    ]
    assert got[5] == ("acceptance", "accept", 61.0, "lookahead", "qa")
    assert not any(m in ("prefix_tree", "lookahead") for _, m, *_ in got)
    # a row that names its measure beside side columns stays the measure
    sides = "| Metric | main | PR |\n|---|---|---|\n| TTFT | 120 ms (p50) | 100 ms (p50) |\n"
    assert {c.metric for c in _claims(sides)} == {"TTFT"}


def test_every_candidate_a_baselines_ratio_columns_name_is_measured_against_it() -> None:
    # "ref/v2f", "ref/v3s": the baseline's ratios name the later candidates by short forms of their headers
    text = (
        "| rows | v1 (us) | v2_fast (us) | v3_slow (us) | ref (us) | ref/v1 | ref/v2f | ref/v3s |\n"
        "|---|---|---|---|---|---|---|---|\n| 1024 | 4.00 | 5.00 | 6.00 | 8.00 | 2.00x | 1.60x | 1.33x |\n"
    )
    got = [(c.value, c.reference) for c in _claims(text) if c.unit == "us"]
    assert got == [(4.0, 8.0), (5.0, 8.0), (6.0, 8.0)]
    # a ratio naming two candidates ("v1/v2"): the second is a comparison of its own, not measured against the ref
    own = (
        "| rows | v1 (us) | v2 (us) | ref (us) | ref/v1 | v1/v2 |\n|---|---|---|---|---|---|\n"
        "| 1024 | 4 | 5 | 8 | 2x | 0.8x |\n"
    )
    assert [(c.value, c.reference) for c in _claims(own) if c.unit == "us"] == [(4.0, 8.0), (5.0, None)]


def test_two_side_pairs_each_closed_by_a_times_column_pair_column_by_column() -> None:
    # "int x", "gpu x": a measure's word and the times sign, the speed-up of the pair before it (never a setting)
    text = (
        "| isl | conc | NoSpec tok/s/user | Spec tok/s/user | int x | NoSpec tok/s/GPU | Spec tok/s/GPU | gpu x |\n"
        "|---:|---:|---:|---:|---:|---:|---:|---:|\n| 4k | 8 | 30.0 | 66.0 | 2.20 | 7.5 | 15.0 | 2.00 |\n"
    )
    claims = _claims(text)
    assert [(c.value, c.reference) for c in claims if c.unit != "x"] == [(66.0, 30.0), (15.0, 7.5)]
    assert [(c.metric, c.value) for c in claims if c.unit == "x"] == [("int x", 2.2), ("gpu x", 2.0)]
    assert not any("gpu_x" in c.config for c in claims)


def test_a_vs_column_names_the_base_row_of_each_group_and_is_their_speedup() -> None:
    """ "| model | kv cache | req/s | vs. bf16 cache |" over a bf16 row per model, then its quantized rows (reader252
    cause 5): each quantized row's req/s is measured against its own model's bf16 row, and the "vs" column is its
    speed-up over that row (1.24 x, against "bf16 cache": what it is over), no bare number named "vs. bf16 cache"."""
    from pathlib import Path

    path = Path(__file__).parent / "fixtures" / "tables" / "vs_named_base_rows.md"
    got = [
        (c.metric, c.value, c.unit, c.reference, c.config.get("model"), c.config.get("kv_cache"))
        for c in _claims(path.read_text(encoding="utf-8"))
    ]
    assert [c.config.get("against") for c in _claims(path.read_text(encoding="utf-8"))] == [None, "bf16 cache"] * 3
    assert got == [
        ("req/s", 11.3, "req/s", 9.1, "qwen2-7b-instruct", "fp8"),
        ("speedup", 1.24, "x", None, "qwen2-7b-instruct", "fp8"),
        ("req/s", 12.02, "req/s", 9.1, "qwen2-7b-instruct", "nvfp4"),
        ("speedup", 1.32, "x", None, "qwen2-7b-instruct", "nvfp4"),
        ("req/s", 7.95, "req/s", 6.4, "gemma-2-9b-it", "fp8"),
        ("speedup", 1.24, "x", None, "gemma-2-9b-it", "fp8"),
    ]


def test_a_vs_column_whose_named_row_is_not_first_or_not_one_names_no_base() -> None:
    """The row the header names must open the table and read 1 under its own column: "vs fp16" over rows whose
    fp16 cell is 0.98 is a comparison the table's rows do not anchor, so each row stays a result of its own."""
    text = (
        "| model | kv cache | req/s | vs fp16 |\n|---|---|---|---|\n"
        "| qwen2-7b-instruct | fp16 | 9.10 | 0.98 |\n| qwen2-7b-instruct | int8 | 11.30 | 1.22 |\n"
    )
    assert all(c.reference is None for c in _claims(text))
    assert len(_claims(text)) == 4


def test_a_pasted_grids_bold_caption_names_its_measure_unit_and_statistic_and_its_rows_are_arms() -> None:
    # a sheet pasted with a "-- | --" rule, its measure only in the bold caption over it, the statistic after a dash
    grid = (
        "**Decode Throughput (tok/s) — 3-run mean:**\n"
        "Config | BS=1 | BS=2\n-- | -- | --\nFixed 2 | 100 | 190\nAdaptive | 110 | 200\n"
    )
    got = [(c.metric, c.unit, c.value, c.config.get("batch_size"), c.config.get("variant")) for c in _claims(grid)]
    assert got == [
        ("Decode Throughput", "tok/s", 100.0, "1", "Fixed 2"),
        ("Decode Throughput", "tok/s", 190.0, "2", "Fixed 2"),
        ("Decode Throughput", "tok/s", 110.0, "1", "Adaptive"),
        ("Decode Throughput", "tok/s", 200.0, "2", "Adaptive"),
    ]
    first = _claims(grid)[0]
    assert (first.config.get("stat"), first.config.get("repeats"), first.reference) == ("mean", "3", None)
    # a last clause that names no statistic is the caption's own ("..., by batch size"); a row stating its settings
    # under "Config" stays the workload it ran
    other = "Decode Throughput (tok/s), by batch size:\n\n| Config | tok/s |\n|---|---|\n| ISL 1024 / OSL 128 | 90 |\n"
    (claim,) = _claims(other)
    assert "stat" not in claim.config and claim.config.get("workload") == "ISL 1024 / OSL 128"


def test_a_headings_benchmark_is_the_dataset_of_its_speed_rows() -> None:
    """ "## Numbers (HumanEval, A100, TP=2)" over a speed table: its rows ran on that benchmark as on that GPU."""
    text = (
        "# Ship a Medusa head\n\n## Numbers (HumanEval, A100, TP=2)\n\n"
        "| Batch | Metric | Plain | Medusa | Gain |\n|---|---|---|---|---|\n"
        "| B=4 | Throughput (tok/s) | 300.0 | 420.0 | 1.40x |\n"
    )
    got = {(c.value, c.config.get("dataset"), c.config.get("gpu"), c.config.get("tp")) for c in _claims(text)}
    assert {(420.0, "humaneval", "A100", "2"), (1.4, "humaneval", "A100", "2")} <= got
