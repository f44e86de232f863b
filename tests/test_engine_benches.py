"""Benchmarks of the engines beyond the serving three (whisper.cpp's bench table, mlx_lm's console report and
pre/post tables, onnxruntime-genai's Metric/Value tables): the facts each mechanism must get right, on fixtures of
our own. The goldens hold every field; these state the point of each mechanism."""

from __future__ import annotations

from pathlib import Path

from ledger.model import Claim
from ledger.parsers import extract

FIXTURES = Path(__file__).parent / "fixtures"


def _claims(name: str) -> list[Claim]:
    path = FIXTURES / name
    return extract(path.read_text(encoding="utf-8"), path=path.name).claims


def test_bench_table_setup_columns_and_one_commit() -> None:
    claims = _claims("tables/bench_build_columns.md")
    perf = [c for c in claims if c.kind == "perf"]
    # "Th" over thread counts is the run's threads, never a result of its own
    assert [c.metric for c in perf] == ["Enc.", "Dec.", "PP"] * 3
    assert [c.config.get("threads") for c in perf] == ["4"] * 6 + ["8"] * 3
    # "PP" alone in capitals is the prompt-processing column, measured in the table's time, no percentage points
    assert {c.unit for c in perf} == {None}
    # "AVX2 BLAS CUDA": the CPU's features, then the GPU backend the build was made with
    assert {c.config.get("backend") for c in perf} == {"cuda"}
    # one commit on every row: the build the table ran, named once and by itself (no row's label names it)
    assert [c.sha for c in claims if c.kind == "commit"] == ["ab12cd3"]
    assert {(c.revision.label, c.revision.head) for c in perf if c.revision} == {("ab12cd3", "ab12cd3")}


def test_lower_case_side_suffixes_pair_their_measure() -> None:
    claims = _claims("tables/side_suffix_pairs.md")
    sided = [(c.metric, c.value, c.reference, c.revision.label if c.revision else None) for c in claims]
    assert ("prefill tok/s", 590.75, 512.3, "Post") in sided
    assert ("decode tok/s", 18.95, 15.4, "Post") in sided
    # the "pre" values are the references, no claims of their own; "post norm" alone names no side
    assert not any(c.value in (512.3, 22.1, 301.8, 15.4) for c in claims)
    assert [c.revision for c in claims if c.metric == "post norm"] == [None, None]


def test_mlx_generate_report_under_pre_and_post_labels() -> None:
    claims = _claims("console/mlx_generate_sides.md")
    got = [(c.metric, c.value, c.reference, c.revision.label if c.revision else None) for c in claims]
    assert got == [
        ("Prompt", 1204.332, None, "Pre"),
        ("Generation", 88.14, None, "Pre"),
        ("Peak memory", 3.612, None, "Pre"),
        ("Prompt", 1251.907, 1204.332, "Post"),
        ("Generation", 93.275, 88.14, "Post"),
        ("Peak memory", 3.598, 3.612, "Post"),
    ]
    # the token counts are the run's lengths, for every result of its report; never claims
    assert {(c.config.get("isl"), c.config.get("osl")) for c in claims} == {("96", "200")}


def test_batching_arms_stopwatch_totals_and_the_eval_command() -> None:
    claims = _claims("console/mlx_evaluate_batch_arms.md")
    got = [(c.metric, c.value, c.unit, c.reference, c.config.get("variant")) for c in claims if c.config.get("variant")]
    assert got == [
        ("acc_norm,none", 0.7412, None, None, "Single"),
        ("acc_norm,none", 0.745, None, 0.7412, "Batched"),
        # zsh's `time` reading, "1:02:13.40 total": hours, minutes and seconds of wall time
        ("wall time", 3733.4, "s", None, "Single"),
        ("wall time", 948.07, "s", 3733.4, "Batched"),
    ]
    # the eval's command sets the task and the sample count of every result under it; a clock time is no setting
    assert {(c.config.get("task"), c.config.get("samples")) for c in claims} == {("hellaswag", "200")}
    assert not any("batch_size" in c.config for c in claims)
    assert not any(c.value in (18.0, 55.0, 20.0) for c in claims)


def test_metric_value_table_setup_rows_title_line_and_a_bare_command() -> None:
    claims = _claims("tables/metric_value_setup_rows.md")
    # the setup rows and the unfenced command's flag values are no results
    assert [c.metric for c in claims] == ["Prompt Processing Throughput", "Token Generation Latency", "Wall Clock Time"]
    setup = {k: v for k, v in claims[0].config.items() if k not in ("column", "row")}
    # "Batch Size | 1" is lifted into every row's setup, "generation length 64" is the output length, the title
    # line "FP16 DML" the precision and the backend; the placeholder "-ep {cpu or dml}" sets nothing
    assert setup == {
        "backend": "dml",
        "batch_size": "1",
        "gpu": "RTX 3090",
        "isl": "512",
        "model": "Mistral-7B",
        "osl": "64",
        "quant": "fp16",
    }


def test_a_measured_memory_rate_range_is_claimed_and_a_spec_sheet_rate_is_not() -> None:
    claims = _claims("prose/measured_bandwidth_range.md")
    assert [(c.metric, c.value, c.high, c.approx, c.unit) for c in claims] == [
        ("bandwidth", 310.0, 340.0, True, "GB/s")
    ]


def test_a_model_whose_name_holds_eagle_is_no_draft() -> None:
    text = "# Faster norms\n\n```\nmlx_lm.generate --model acme/NeuralBeagle9-7B-4bit --prompt hi\n```\n\n```\n"
    text += "Generation: 128 tokens, 51.210 tokens-per-sec\n```\n"
    claims = extract(text, path="x.md").claims
    assert [(c.value, c.config.get("model"), c.config.get("draft_model")) for c in claims] == [
        (51.21, "acme/NeuralBeagle9-7B-4bit", None)
    ]
