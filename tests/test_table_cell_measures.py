"""Table cells and labels that carry more than one thing: a serving strategy named in a row ("Max Throughput")
beside a benchmark's score, two measures in one cell ("41.2 t/s @ 88%"), a multiplier written "x1.49", and an
arm's precision in a column beside the model's own."""

from __future__ import annotations

from pathlib import Path

from ledger.model import Claim
from ledger.parsers import extract
from ledger.vocab.metrics import higher_is_better, kind_for_metric
from ledger.vocab.setup import qualifiers


def _claims(text: str) -> list[Claim]:
    return extract(text, path="t.md").claims


def test_a_strategy_named_in_a_row_leaves_a_benchmark_score_an_accuracy() -> None:
    text = (
        "## Results\n\nMMLU on the full test split, model foo/Bar-9B, TP4.\n\n"
        "| Card | Mode | MMLU |\n|---|---|---|\n"
        "| 4x A100 | Fast Decode | 71.40% |\n| 4x A100 | Max Throughput | 71.10% |\n"
        "| 4x A100 | Low Latency | 70.80% |\n"
    )
    got = [(c.kind, c.value, c.config.get("row")) for c in _claims(text)]
    assert got == [
        ("accuracy", 71.4, "Fast Decode"),
        ("accuracy", 71.1, "Max Throughput"),
        ("accuracy", 70.8, "Low Latency"),
    ]


def test_a_row_naming_a_measure_still_makes_its_cells_that_measure() -> None:
    text = "| Metric | GSM8K run |\n|---|---|\n| Latency (ms) | 812.0 |\n| Accuracy | 91.2% |\n"
    assert [(c.kind, c.value) for c in _claims(text)] == [("perf", 812.0), ("accuracy", 91.2)]


def test_a_multiplier_written_sign_first_is_a_value_and_no_part_of_the_row_label() -> None:
    text = "| Prompt | Speed gain | Acceptance gain |\n|---|---:|---:|\n| Story | x1.49 | +26 pp |\n"
    text += "| Poem | ×2.05 | +30 pp |\n"
    got = [(c.kind, c.metric, c.value, c.unit, c.config.get("workload")) for c in _claims(text)]
    assert got == [
        ("perf", "Speed gain", 1.49, "x", "Story"),
        ("acceptance", "Acceptance gain", 26.0, "pp", "Story"),
        ("perf", "Speed gain", 2.05, "x", "Poem"),
        ("acceptance", "Acceptance gain", 30.0, "pp", "Poem"),
    ]


def test_an_architecture_named_x86_is_no_multiplier() -> None:
    text = "| Host | Speed gain |\n|---|---:|\n| x86 | 1.20x |\n| x64 | 1.10x |\n"
    assert [(c.value, c.config.get("row")) for c in _claims(text)] == [(1.2, "x86"), (1.1, "x64")]


COMPOUND = (
    "Model: acme/Foo-14B with MTP drafting, one RTX 4090, greedy.\n\n"
    "| Prompt | Plain | base k=1 | new k=1 | base k=3 | new k=3 |\n|---|---:|---:|---:|---:|---:|\n"
    "| Story | 30.1 t/s | 41.0 t/s @ 88% | 41.2 t/s @ 88% | 35.0 t/s @ 55% | 52.3 t/s @ 81% |\n"
)


def test_a_speed_at_an_acceptance_in_one_cell_is_two_claims_each_with_its_own_reference() -> None:
    got = [(c.kind, c.value, c.unit, c.reference) for c in _claims(COMPOUND)]
    assert got == [
        ("perf", 30.1, "t/s", None),
        ("perf", 41.2, "t/s", 41.0),
        ("acceptance", 88.0, "%", 88.0),
        ("perf", 52.3, "t/s", 35.0),
        ("acceptance", 81.0, "%", 55.0),
    ]
    rates = [c for c in _claims(COMPOUND) if c.kind == "acceptance"]
    assert all(c.metric and "acceptance" in c.metric.lower() for c in rates)


def test_a_share_after_a_measure_outside_drafting_is_that_measures_share() -> None:
    text = "| Batch | base | new |\n|---|---:|---:|\n| 8 | 120.0 GB/s @ 61% | 150.0 GB/s @ 76% |\n"
    got = [(c.kind, c.value, c.unit, c.reference) for c in _claims(text)]
    assert got == [("perf", 150.0, "GB/s", 120.0), ("perf", 76.0, "%", 61.0)]


def test_a_draft_length_a_column_head_names_is_each_columns_own() -> None:
    text = (
        "Command: `./llama-server -m ~/models/Orca-13B-Q4_K_M.gguf -c 8192 -mtp --draft-max N`\n\n"
        "With `--draft-max 1` the speed barely moves.\n\n"
        "| Task | No MTP | old d=1 | new d=1 | old d=3 | new d=3 |\n|---|---:|---:|---:|---:|---:|\n"
        "| Poem | 20.0 t/s | 26.0 t/s | 26.2 t/s | 27.0 t/s | 31.5 t/s |\n"
    )
    got = [(c.value, c.reference, c.config.get("draft_len")) for c in _claims(text)]
    assert got == [(20.0, None, "0"), (26.2, 26.0, "1"), (31.5, 27.0, "3")]
    assert all("Orca-13B" in c.config["model"] and c.config["quant"] == "q4_k_m" for c in _claims(text))


def test_a_precision_a_column_gives_one_part_of_the_model_is_no_quant_of_the_run() -> None:
    text = (
        "| Item | Value |\n|---|---|\n| Model | `acme/Orca-70B`, MXFP4 |\n| Cards | 4 x MI300X |\n\n"
        "## Router sweep\n\n"
        "| Concurrency | BF16 router ms | FP8 router ms | Gain |\n|---:|---:|---:|---:|\n| 8 | 3.10 | 2.85 | -8.1% |\n"
    )
    got = [(c.value, c.reference, c.config.get("quant")) for c in _claims(text)]
    assert got == [(2.85, 3.1, "mxfp4"), (-8.1, None, "mxfp4")]
    assert qualifiers("FP8 `wo_a` total tok/s") == {} and qualifiers("BF16 o_proj tok/s") == {}
    assert qualifiers("FP8 throughput") == {"quant": "fp8"}  # (the run's own precision)


def test_a_count_of_runs_is_setup_and_a_range_column_spans_the_score_beside_it() -> None:
    text = (
        "| Card | Mode | ARC | Tried configs | Spread |\n|---|---|---|---|---|\n"
        "| 2x L40S | Max Throughput | 71.20% | 5 | 70.40 – 71.60% |\n| 2x L40S | Low Latency | 70.90% | 1 | — |\n"
    )
    got = [(c.kind, c.metric, c.value, c.high, c.config.get("repeats")) for c in _claims(text)]
    assert got == [
        ("accuracy", "ARC (Max Throughput)", 71.2, None, "5"),
        ("accuracy", "ARC range (Max Throughput)", 70.4, 71.6, "5"),
        ("accuracy", "ARC (Low Latency)", 70.9, None, "1"),
    ]
    text = "| Backend | Problems | Solved problems |\n|---|---:|---:|\n| paged | 200 | 151 |\n"
    assert [(c.value, c.config.get("samples")) for c in _claims(text)] == [(151.0, "200")]


def test_a_task_row_beside_arm_columns_is_measured_in_its_cells_unit() -> None:
    for corner in ("Task", "Dataset"):  # (the row's task, which config keeps; never the measure's name)
        text = (
            f"| {corner} | No MTP | baseline | patched | Speed gain |\n|---|---:|---:|---:|---:|\n"
            "| Chat (greedy) | 8.0 t/s | 10.2 t/s | 12.5 t/s | x1.23 |\n"
        )
        got = [(c.metric, c.value, c.reference, c.config.get("task")) for c in _claims(text)]
        assert got == [
            ("throughput", 8.0, None, "chat (greedy)"),
            ("throughput", 12.5, 10.2, "chat (greedy)"),
            ("Speed gain", 1.23, None, "chat (greedy)"),
        ]


def test_a_nested_heading_is_the_scope_of_a_metric_rows_table_never_a_cells_measure() -> None:
    """ "### Run A (acme/mini-1b), 2nd time" under "# Results" over "| Metric | First pass | ... |" (s62 reader264
    cause 7): each row names its measure ("Seconds total"), so the heading, whose "2nd time" reads like a measure,
    is only the scope the rows ran in; the first value keeps its row's name as it does with no heading above."""
    path = Path(__file__).parent / "fixtures" / "tables" / "nested_heading_metric_rows.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    assert claims and all("Run A" not in c.metric for c in claims)
    assert claims[0].value == 3.10 and claims[0].metric.startswith("Seconds total")


def test_a_cell_of_two_values_under_a_label_of_two_names_pairs_each_with_its_base() -> None:
    text = (
        "| Mode | main | this branch |\n|---|---|---|\n"
        "| decode, short / long prompt | 30.1 / 28.0 tok/s | 35.5 / 33.2 tok/s (+18% / +19%) |\n"
        "| prefill, 4k | 900.0 tok/s | 950.0 tok/s |\n| prefill, 16k | 700.0 tok/s | 760.0 tok/s |\n"
    )
    got = [(c.metric, c.value, c.unit, c.reference) for c in _claims(text)][:4]
    assert got == [
        ("decode, short prompt", 35.5, "tok/s", 30.1),
        ("decode, long prompt", 33.2, "tok/s", 28.0),
        ("decode, short prompt", 18.0, "%", None),
        ("decode, long prompt", 19.0, "%", None),
    ]
    assert {c.revision.label for c in _claims(text) if c.reference is not None} == {"this branch"}  # type: ignore[union-attr]


def test_a_cell_of_two_measures_each_with_its_unit_pairs_each_with_its_base() -> None:
    text = (
        "| Mode | main | this branch |\n|---|---|---|\n"
        "| spec depth 2 | 21.0 ms/step, 40.2 tok/s | 18.1 ms/step (-14%), 47.9 tok/s (+19%) |\n"
        "| spec depth 4 | 25.0 ms/step | 20.0 ms/step |\n| plain decode | 30.0 tok/s | 31.0 tok/s |\n"
    )
    got = [(c.value, c.unit, c.reference) for c in _claims(text)][:4]
    assert got == [(18.1, "ms/step", 21.0), (-14.0, "%", None), (47.9, "tok/s", 40.2), (19.0, "%", None)]
    assert len({c.metric for c in _claims(text)[:4] if c.unit != "%"}) == 2


def test_a_label_of_two_sizes_without_words_names_no_parts() -> None:
    text = "| ISL/OSL | main | this branch |\n|---|---|---|\n| 1024/1024 | 30.1 / 28.0 | 35.5 / 33.2 |\n"
    assert all(c.metric != "1024" for c in _claims(text))


def test_an_error_rate_of_transcripts_is_a_quality_better_the_lower_and_tau_an_acceptance_length() -> None:
    text = (
        "**Transcripts: no regression**\n\n| metric | main | this PR |\n|---|---|---|\n"
        "| cer_mixed (%) | 6.10 | 5.90 |\n| WER (%) | 9.40 | 9.30 |\n\n"
        "Draft run on one L40S, same build.\n\n| context | tok/s | τ |\n|---|---|---|\n| 512 | 610.5 | 4.125 |\n"
    )
    got = [(c.kind, c.value) for c in _claims(text)]
    assert got == [("accuracy", 5.9), ("accuracy", 9.3), ("perf", 610.5), ("acceptance", 4.125)]
    assert not higher_is_better("cer_mixed (%)", "%", "accuracy")
    assert kind_for_metric("tau-bench airline", "%") != "acceptance"


def test_a_bar_in_a_cells_parenthesis_is_the_values_threshold_never_lost() -> None:
    text = (
        "Weekly eval on 2x L40S.\n\n| Check | Score |\n|---|---|\n"
        "| MMLU accuracy | **0.872** (threshold 0.85) |\n| HumanEval pass@1 | 61.5% (floor: 60%) |\n"
    )
    got = [(c.value, c.reference, c.config.get("threshold")) for c in _claims(text)]
    assert got == [(0.872, None, "0.85"), (61.5, None, "60%")]
