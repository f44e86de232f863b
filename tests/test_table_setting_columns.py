"""Table columns that set a run up rather than measure it, as benchmark tools and people print them: "Con.",
"Threads", "B", llama-batched-bench's PP / TG / B (prompt tokens, generated tokens, batch), "Input" / "Output"
over token counts; each is the row's setup, never a claim of its own (issue 26: every claim knows what it
means)."""

from __future__ import annotations

from pathlib import Path

from ledger.model import Claim
from ledger.parsers import extract
from ledger.vocab.setting_cells import settings_cell

FIXTURES = Path(__file__).parent / "fixtures"


def _claims(name: str) -> list[Claim]:
    path = FIXTURES / name
    return extract(path.read_text(encoding="utf-8"), path=path.name).claims


def _setup(c: Claim, *keys: str) -> tuple[str | None, ...]:
    return tuple(c.config.get(k) for k in keys)


def test_abbreviated_setting_columns_are_the_rows_setup_not_results() -> None:
    claims = _claims("tables/setting_abbreviations.md")
    first = [c for c in claims if c.source.line in (7, 8)]
    assert [(c.metric, c.value) for c in first] == [("tok/s", 48.3), ("tok/s", 212.9)]
    assert [_setup(c, "concurrency", "threads", "batch_size") for c in first] == [("1", "16", "1"), ("8", "16", "4")]


def test_batched_bench_pp_and_tg_are_the_prompt_and_generated_lengths() -> None:
    claims = _claims("tables/setting_abbreviations.md")
    bench = [c for c in claims if c.source.line == 15]
    assert [c.metric for c in bench] == ["T_PP s", "S_PP t/s", "T_TG s", "S_TG t/s"]
    assert {_setup(c, "isl", "osl", "batch_size", "pp") for c in bench} == {("256", "64", "8", None)}


def test_pp_beside_tp_is_still_the_pipeline_size() -> None:
    (serving,) = [c for c in _claims("tables/setting_abbreviations.md") if c.source.line == 21]
    assert _setup(serving, "tp", "pp", "isl") == ("4", "2", None)


def test_input_and_output_over_token_counts_are_the_lengths() -> None:
    claims = [c for c in _claims("tables/length_columns.md") if c.source.line in (7, 8)]
    assert [(c.value, *_setup(c, "concurrency", "isl", "osl")) for c in claims] == [
        (0.51, "1", "4000", "300"),
        (6.02, "32", "1024", "1024"),
    ]
    assert all("input" not in c.config and "output" not in c.config for c in claims)


def test_a_length_in_a_bench_header_is_the_runs_length() -> None:
    claims = [c for c in _claims("tables/length_columns.md") if c.source.line == 14]
    assert [(c.metric, c.value, *_setup(c, "isl", "osl")) for c in claims] == [
        ("TG (128) T/s", 41.2, None, "128"),
        ("PP (512) T/s", 300.5, "512", None),
    ]


def test_input_and_output_over_words_are_no_lengths() -> None:
    (claim,) = [c for c in _claims("tables/length_columns.md") if c.source.line == 19]
    assert _setup(claim, "isl", "osl") == (None, None)


def test_batched_bench_flags_give_the_lengths_and_b_the_batch() -> None:
    """llama-batched-bench's `-npp 256 -ntg 64` (one prompt length, one generation length) over its table; a list
    (`-npl 1,4`) is the rows' B, stated row by row."""
    claims = _claims("llama_bench/batched_bench_flags.md")
    got = [(c.value, *_setup(c, "isl", "osl", "batch_size")) for c in claims]
    assert got == [
        (140.66, "256", "64", "1"),
        (16.04, "256", "64", "1"),
        (150.12, "256", "64", "4"),
        (51.7, "256", "64", "4"),
    ]


def test_a_row_named_by_an_identifier_keeps_the_columns_metric() -> None:
    """ "C1", "run 2": the label names the row (kept as `row`), not the measure, so one metric keeps one name
    over the rows; "H100" under "GPU" is the row's setup (its gpu), and the measure is the column's; "h16" (16
    heads: a stem and a number, but not a count of rows 1, 2, 3) under a header naming no setting stays in the name."""
    claims = _claims("tables/row_ids.md")
    got = [(c.metric, c.value, c.config.get("row")) for c in claims]
    assert got == [
        ("Req/s", 0.074, "C1"),
        ("Avg Latency", 812.5, "C1"),
        ("Req/s", 2.415, "C2"),
        ("Avg Latency", 1904.2, "C2"),
        ("tok/s", 41.0, "run 1"),
        ("tok/s", 41.6, "run 2"),
        ("tok/s", 3012.5, "H100"),
        ("tok/s", 3390.1, "H200"),
        ("h16 ms", 76.4, "h16"),
        ("h16 ms", 80.2, "h16"),
        ("h32 ms", 140.9, "h32"),
    ]


def test_an_invariants_table_holds_over_the_results_of_its_turn() -> None:
    """ "| Setting | Value |" under "### Invariants" states what every result of the turn ran with, past its own
    section: "GPUs / TP" over "4 / 4" is two settings (a GPU count, not a GPU), "bfloat16 → fp8" ends as fp8; a
    later comment's results are another turn's."""
    claims = _claims("tables/invariants_table.md")
    got = [(c.value, *_setup(c, "gpu_count", "tp", "quant", "concurrency")) for c in claims]
    assert got == [
        (0.51, "4", "4", "fp8", "1"),
        (3.12, "4", "4", "fp8", "8"),
        (0.97, None, None, None, "2"),
    ]
    assert all("gpu" not in c.config and "harness" not in c.config and "batch_size" not in c.config for c in claims)
    assert {c.config.get("max_batch_size") for c in claims} == {"128", None}


def test_a_count_of_items_is_no_result() -> None:
    """ "Valid Predictions" over 197 counts what the eval scored (the score is beside it): no claim, no accuracy
    of 197; the count stays with the row's claims, as a "Questions" column's does."""
    claims = _claims("tables/count_columns.md")
    assert [(c.kind, c.value) for c in claims] == [
        ("perf", 212.4),
        ("acceptance", 3.05),
        ("accuracy", 0.9),
        ("perf", 188.0),
        ("acceptance", 2.71),
        ("accuracy", 0.62),
        ("accuracy", 85.8),
    ]
    assert claims[0].config.get("valid_predictions") == "197"


def test_a_task_column_of_bench_tests_names_the_test_and_its_length() -> None:
    """ "Task" over "pp512", "tg128" (a llama-bench comparison as ik_llama.cpp prints it) is llama-bench's "test"
    column: the test names the metric's run and gives its length."""
    claims = [c for c in _claims("llama_bench/task_column.md") if c.reference is not None]
    assert [(c.value, c.reference, *_setup(c, "test", "isl", "osl", "threads")) for c in claims] == [
        (99.59, 26.49, "pp512", "512", None, "8"),
        (16.46, 12.27, "tg128", None, "128", "4"),
    ]


def test_a_corner_cell_naming_a_model_is_every_row_s_model() -> None:
    got = [(c.value, c.config.get("model")) for c in _claims("tables/model_in_corner_cell.md")]
    # "Metric" in the corner names what the rows are, no model
    assert got == [(112.0, "70B"), (120.0, "70B"), (27.5, "8B"), (8.1, None)]


SPANNED = (
    "# Serving numbers on one accelerator\n\n"
    "| Model | Precision | TP | Input | Output | Rate (tok/s) |\n|---|---|---|---|---|---|\n"
    "| Qwen2 14B | FP8 | 4 | 256 | 1024 | 5120.5 |\n"
    "| | | | 1024 | 1024 | 3300.2 |\n"
    "| Mistral 22B | BF16 | 2 | 256 | 1024 | 2210.0 |\n"
    "|  |  |  | 1024 | 1024 | 1400.7 |\n"
)


def test_blank_leading_cells_continue_the_row_above_as_a_spanning_cell_does() -> None:
    # a page's row span copied as blank cells: the model, precision and TP of the row above are this row's too
    got = [
        (c.value, c.config.get("model"), c.config.get("quant"), c.config.get("tp"), c.config.get("isl"))
        for c in extract(SPANNED, path="t.md").claims
    ]
    assert got == [
        (5120.5, "Qwen2 14B", "fp8", "4", "256"),
        (3300.2, "Qwen2 14B", "fp8", "4", "1024"),
        (2210.0, "Mistral 22B", "bf16", "2", "256"),
        (1400.7, "Mistral 22B", "bf16", "2", "1024"),
    ]
    # the claim's text is the value cell's own, not a cell the row above lent it
    assert [c.source.text for c in extract(SPANNED, path="t.md").claims] == ["5120.5", "3300.2", "2210.0", "1400.7"]


def test_rows_named_only_by_their_setup_are_measured_in_what_the_columns_name() -> None:
    # "| Model | TP | out tok/s |": the model is the row's setup, not a part of the measure ("out tok/s (delta-8b)")
    text = "| Model | TP | out tok/s |\n|---|---|---|\n| delta-8b | 1 | 1210.4 |\n| omega-70b | 4 | 800.2 |\n"
    got = [(c.metric, c.config.get("model")) for c in extract(text, path="t.md").claims]
    assert got == [("out tok/s", "delta-8b"), ("out tok/s", "omega-70b")]
    assert [c.metric for c in extract(SPANNED, path="t.md").claims] == ["Rate"] * 4


def test_prompt_and_output_token_columns_are_the_lengths() -> None:
    text = (
        "| batch | tp | prompt_tokens | output_tokens | throughput(out tok/s) |\n|---|---|---|---|---|\n"
        "| 8 | 1 | 512 | 256 | 880.5 |\n| 8 | 1 | 2048 | 256 | 610.2 |\n"
    )
    got = [(c.config.get("isl"), c.config.get("osl"), c.config.get("batch_size")) for c in extract(text, "t.md").claims]
    assert got == [("512", "256", "8"), ("2048", "256", "8")]


def test_a_model_cell_with_its_hub_id_in_parentheses_names_the_checkpoint() -> None:
    text = (
        "| Model | Precision | TP | Throughput (tokens/s) |\n|---|---|---|---|\n"
        "| Phi 3 14B (acme/Phi-3-14B-Instruct-FP8) | FP8 | 2 | 6012.0 |\n"
    )
    assert [c.config.get("model") for c in extract(text, "t.md").claims] == ["acme/Phi-3-14B-Instruct-FP8"]


def test_a_kernels_m_n_k_columns_are_its_shape_not_a_sample_count() -> None:
    text = "| dtype | N | K | batch | main (us) | PR (us) |\n|---|---|---|---|---|---|\n"
    text += "| fp16 | 4096 | 7168 | 8 | 10.0 | 8.0 |\n"
    (c,) = extract(text, "t.md").claims
    assert (c.config.get("dim_n"), c.config.get("dim_k"), c.config.get("batch_size")) == ("4096", "7168", "8")
    assert (c.value, c.reference) == (8.0, 10.0) and "n" not in c.config


def test_a_checkpoint_in_parentheses_of_another_size_leaves_the_printed_name() -> None:
    # a page's typo: the 90B row links the 12B checkpoint; the sizes disagree, so the row keeps the name it prints
    text = (
        "| Model | Precision | TP | Latency (sec) |\n|---|---|---|---|\n"
        "| Kite 12B (acme/Kite-12B-FP8) | FP8 | 4 | 9.210 |\n| Kite 90B (acme/Kite-12B-FP8) | FP8 | 8 | 21.400 |\n"
    )
    assert [c.config.get("model") for c in extract(text, "t.md").claims] == ["acme/Kite-12B-FP8", "Kite 90B"]


def test_a_row_of_results_lends_its_settings_to_no_row_of_another_table() -> None:
    # "Reading" names a category in both tables: the base table's 5-shot is its own rows', not the chat table's
    text = (
        "### Base model\n\n| Category | # Shots | Pine 40B | Orca 2 |\n|---|---|---|---|\n"
        "| Reading | 5-shot | 61.2 | 70.4 |\n\n### Chat model\n\n"
        "| Category | Pine 40B-Inst. | Orca 2 |\n|---|---|---|\n| Reading | 66.5 | 72.0 |\n"
    )
    got = [(c.value, c.config.get("n_shot")) for c in extract(text, "t.md").claims]
    assert got == [(61.2, "5"), (70.4, "5"), (66.5, None), (72.0, None)]


def test_a_dash_repeats_the_model_above_and_a_settings_cell_and_kv_type_set_the_run() -> None:
    claims = [c for c in _claims("release_pages/ditto_settings_cells.md") if c.metric == "RPS"]
    got = [
        (c.value, c.config.get("model"), c.config.get("kv_cache"), c.config.get("tp"), c.config.get("batch_size"))
        for c in claims
    ]
    # (each fp16 row, the row "v.s. kv fp16" names, is the reference of the int8 row under it: tables.vs_rows)
    assert got == [(15.1, "alpha-7b", "int8", "1", "256"), (11.6, "beta-9b", "int8", "2", "256")]
    assert [c.reference for c in claims] == [12.4, 9.8]
    assert all("quant" not in c.config and c.revision and c.revision.label == "v0.4.1" for c in claims)
    # a board's compute capability is no result
    assert not [c for c in _claims("release_pages/ditto_settings_cells.md") if c.source.line >= 15]


def test_a_setting_column_beside_results_is_setup_wherever_it_stands() -> None:
    """ "CP" after "Tokens / sec / GPU", "Packed Sequence Length" in a finetune table, "VPP" between a row's settings
    and its rate: the run's setup, never a result (release43 cause 7)."""
    claims = _claims("tables/setting_columns_anywhere.md")
    assert not [c for c in claims if c.metric and ("CP" in c.metric or "Packed" in c.metric)]
    finetune = [c for c in claims if c.source.line in (16, 17)]
    assert [_setup(c, "isl", "tp", "cp") for c in finetune] == [("4096", "1", "1"), ("4096", "1", "2")]
    pretrain = [c for c in claims if c.source.line == 9]
    assert [(c.metric, c.unit) for c in pretrain] == [("TFLOPS / GPU", "tflop/s/gpu")]
    assert {_setup(c, "isl", "gpu_count", "tp", "cp", "vpp") for c in pretrain} == {("16K", "32", "2", "2", "1")}


def test_a_groups_setting_sub_column_sets_up_its_own_group_only() -> None:
    """ "H100" over "TP | tok/s", "H200" over "TP | tok/s": each group's TP is its own cells' (an HTML table's
    `colspan` group over "TP | DP | CP | TFLOPS / GPU" too, its rows printed a cell a line)."""
    claims = _claims("tables/html_group_sub_columns.md")
    boards = [c for c in claims if c.source.line == 54]
    assert [(c.value, _setup(c, "gpu", "tp")) for c in boards] == [(9800.0, ("H100", "4")), (11400.0, ("H200", "2"))]
    html = [c for c in claims if 30 <= c.source.line <= 44]
    assert sorted(c.value for c in html) == [1.18, 1.5, 318.0, 355.0]  # no TP, DP or CP cell is a result
    assert {_setup(c, "tp", "dp", "cp") for c in html if c.source.line < 40} == {("2", "1", "4")}
    assert [c.reference for c in html if c.value in (355.0, 318.0)] == [301.0, 212.0]


def test_a_listed_settings_cell_keeps_the_prompt_count_and_memory_fraction() -> None:
    # "tp2 / mem fraction 0.85 / bs 128 / prompts 4000" under "run settings": every "key value" part is the row's
    # setup, the workload's size and the share of memory the server was given among them; none is a claim
    claims = [c for c in _claims("tables/listed_run_settings.md") if c.source.line in (7, 8, 9)]
    assert [(c.value, *_setup(c, "tp", "batch_size", "num_prompts", "mem_fraction")) for c in claims] == [
        (9.10, "2", "128", "4000", "0.85"),
        (11.30, "2", "128", "4000", "0.85"),
        (12.02, "2", "128", "4000", "0.9"),
    ]


def test_a_setup_line_under_a_table_and_its_columns_settings_are_the_cells_setup() -> None:
    # "Prompts: 2000, Memory fraction: 0.88" on the setup line; "(cache_mode=3)" in the measured column's head
    claims = [c for c in _claims("tables/listed_run_settings.md") if c.source.line in (15, 16)]
    assert [(c.value, c.reference) for c in claims] == [(6.62, 7.10), (0.99, 0.91)]
    assert {_setup(c, "gpu", "concurrency", "num_prompts", "mem_fraction", "cache_mode") for c in claims} == {
        ("B200", "32", "2000", "0.88", "3")
    }
    assert not [c for c in _claims("tables/listed_run_settings.md") if c.value in (4000, 2000, 0.85, 0.88)]


def test_a_c_column_beside_a_serving_measure_is_the_concurrency() -> None:
    text = "| C | Mean TPOT (ms) | Output tok/s |\n|---|---|---|\n| 2 | 9.8 | 190.4 |\n| 16 | 14.1 | 1102.7 |\n"
    claims = extract(text, path="c_column.md").claims
    assert [(c.value, c.config.get("concurrency"), "c" in c.config) for c in claims][::2] == [
        (9.8, "2", False),
        (14.1, "16", False),
    ]
    kernel = "| N | C | H | W | latency (us) |\n|---|---|---|---|---|\n| 1 | 64 | 56 | 56 | 41.2 |\n"
    assert all("concurrency" not in c.config for c in extract(kernel, path="conv.md").claims)


def test_a_baseline_row_named_by_an_absent_setting_is_the_base_and_its_marker_no_setting() -> None:
    """ "none (baseline)" / "off (baseline)" over the arms of an ablation (s62 reader264 cause 4): the setting the
    other rows set, here absent, names the control arm, so each arm's value is measured against that row's and the
    row's label is no part of any metric; where the rows stand apart (one control per model), the marker never
    leaks into the setting, which is the setting's canonical "none"."""
    claims = _claims("tables/absent_setting_baseline_rows.md")
    got = [(c.source.line, c.value, c.reference) for c in claims[:4]]
    assert got == [(6, 87.1, 88.4), (6, 1204.5, 910.0), (11, 63.2, 42.0), (11, 351.9, 305.5)]
    assert not any("baseline" in c.metric or "none" in c.metric for c in claims)
    assert all(c.config.get("spec_algo") == "ngram" for c in claims[2:4])
    controls = [c for c in claims[4:] if "baseline" in c.config.get("row", "")]
    assert controls and all(c.config.get("spec_algo") == "none" for c in controls)


def test_a_length_before_the_measure_in_a_header_is_setup_and_the_row_an_arm() -> None:
    claims = _claims("tables/length_measure_heads.md")
    decode = [c for c in claims if c.source.line == 10]
    # (the length a decode is measured at is the depth of its context, an input: test_context_depths)
    assert [(c.metric, c.value, c.config.get("isl"), c.config.get("variant")) for c in decode] == [
        ("Decode", 90.7, "256", "kvq3"),
        ("Decode", 88.1, "2K", "kvq3"),
        ("Decode", 84.0, "8K", "kvq3"),
    ]
    assert [c.reference for c in decode] == [91.2, 88.6, 84.9]
    prefill = [c for c in claims if c.source.line == 18]
    assert [(c.metric, c.config.get("isl"), c.config.get("variant")) for c in prefill] == [
        ("Prefill", "512", "kvq3"),
        ("prefill tok/s", "4096", "kvq3"),
    ]


def test_mean_lengths_machine_notes_and_layout_tables_are_setup_never_results() -> None:
    """reader273 cause 3: "Avg Input" / "Avg Output" over a prompt set's mean lengths are the rows' ISL and OSL; a
    note naming the machines a score ran on ("2 Atlas 800 A2 (32G × 8)") counts them, it scores nothing; a layout
    table whose every column is a setting (NPUs, TP, DP, Draft Num) states no result, nor do its rows a blank line
    split off (their first row is one of its rows, never a header of columns named "16", "8")."""
    claims = _claims("tables/setup_columns_and_split_tail.md")
    assert [(c.source.line, c.metric, c.value) for c in claims] == [
        (7, "TPS", 140.2),
        (8, "TPS", 488.9),
        (14, "score (gsm8k / accuracy / gen)", 93.1),
    ]
    assert [_setup(c, "isl", "osl") for c in claims[:2]] == [("310", "1200"), ("310", "1200")]


def test_a_limit_column_is_the_rows_condition_and_a_bound_cell_keeps_its_sign() -> None:
    """reader273 cause 6: a summary table's "Latency target" over "TPOT < 40ms" is the bound the runs were held to
    (a setting of the row, never a TPOT of 40 ms); "> 35%" under a speed-up is a speed's gain of more than 35%, kept
    as perf with its sign in the note, never a score because the row names MBPP and HumanEval."""
    claims = _claims("tables/summary_bounds.md")
    assert [(c.kind, c.value, c.high, c.note) for c in claims] == [
        ("perf", 35.0, None, "> 35%"),
        ("perf", 15.0, 25.0, None),
    ]
    assert {c.config.get("latency_target") for c in claims} == {"TPOT < 40ms"}


def test_one_header_stating_the_workload_sets_up_every_measure_of_the_row() -> None:
    # "(4k/256)" in the throughput header is the run every column of the row reports, TTFT and ITL too
    text = (
        "Qwen3-14B on 2x L40S:\n\n| Build | Output tok/s (4k/256) | Mean TTFT (ms) | Mean ITL (ms) |\n"
        "| --- | --- | --- | --- |\n| stock | 640 | 1500 | 21.0 |\n| fused | 702 | 1410 | 19.2 |\n"
    )
    got = {(c.metric, _setup(c, "isl", "osl")) for c in extract(text, path="x.md").claims}
    assert {lengths for _, lengths in got} == {("4k", "256")} and len(got) >= 3
    # (a column per workload: each header's pair is its own column's, none the row's)
    two = text.replace("Mean TTFT (ms)", "Output tok/s (8k/256)")
    lengths = {_setup(c, "isl", "osl") for c in extract(two, path="x.md").claims if "ITL" in (c.metric or "")}
    assert lengths == {(None, None)}


def test_an_ops_n_beside_m_and_k_is_the_gemm_dimension_not_a_sample_count() -> None:
    claims = _claims("setup/op_shape_not_samples.md")
    assert claims and all("samples" not in c.config for c in claims)
    shaped = [c for c in claims if "dim_n" in c.config]
    assert {c.config["dim_n"] for c in shaped} == {"512", "256"}
    assert all(c.config["dim_m"] == "4096" and c.config["dim_k"] == "14336" for c in shaped)
    assert all("batch_size" not in c.config for c in claims)  # (the op's "bs=[4,1]" is its batch dims)
    assert settings_cell("n=512") == {"samples": "512"}  # (alone, with no M or K beside it, "n" counts the samples)
