"""Benchmark "label: value" output: the line grammar's edges (the fixtures in each tool's layout,
tests/fixtures/kv_lines/, are checked whole by test_goldens.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers import extract
from ledger.parsers.kv.labels import is_baseline_label
from ledger.parsers.kv.lines import continuations, pairs_in


@pytest.mark.parametrize(
    ("line", "pairs"),
    [
        ("Mean TTFT (ms):                          42.17", [("Mean TTFT (ms)", 42.17, None)]),
        ("[AR] P50    : 1.82", [("[AR] P50", 1.82, None)]),
        # a row's name padded to the column of its bracketed measure is one label with it
        ("Baseline        (TTFT):  220 ms", [("Baseline (TTFT)", 220.0, "ms")]),
        (
            "Accuracy: 0.950 Invalid: 0.000 Latency: 20.1 s Output throughput: 1234.5 token/s",
            [
                ("Accuracy", 0.95, None),
                ("Invalid", 0.0, None),
                ("Latency", 20.1, "s"),
                ("Output throughput", 1234.5, "token/s"),
            ],
        ),
        (
            "Decode 0. Batch size: 128, latency: 0.17131 s, throughput:    747.20 token/s",
            [("Batch size", 128.0, None), ("latency", 0.17131, "s"), ("throughput", 747.2, "token/s")],
        ),
        ("Backend:                                 sglang", [("Backend", None, None)]),
        ("Run time: 1m0.832s", [("Run time", 60.832, "s")]),
        (
            "[06/05/2026-03:40:27] [TRT-LLM] [I] [evaluate] TRTLLM execution time: 980.517 seconds.",
            [("TRTLLM execution time", 980.517, "seconds")],
        ),
        # a side named with a digit ("F3", "v2") is a label: only a colon between digits is a clock
        ("baseline=21.11ms, F3=14.49ms", [("baseline", 21.11, "ms"), ("F3", 14.49, "ms")]),
        # key=value fields: a unit's word glued to "=" is the next key, a word value is one token
        ("rate=0.817 tok/s=61.3", [("rate", 0.817, None), ("tok/s", 61.3, None)]),
        ("acc=   0 rate=n/a tok/s=39.9", [("acc", 0.0, None), ("rate", None, None), ("tok/s", 39.9, None)]),
        ("mode=not set, tok/s=3", [("mode", None, None), ("tok/s", 3.0, None)]),
        # an object literal's last value before its closing brace
        (
            "ttft_ms: 574, tokens_per_sec_per_gpu: 1902 },",
            [("ttft_ms", 574.0, None), ("tokens_per_sec_per_gpu", 1902.0, None)],
        ),
    ],
)
def test_pairs_in(line: str, pairs: list[tuple[str, float | None, str | None]]) -> None:
    assert [(p.label, p.value, p.unit) for p in pairs_in(line)] == pairs


@pytest.mark.parametrize("line", ["see http://host:8000/v1", "tests/a.py::test_b 3", "at 18:55:20 TP0"])
def test_urls_test_ids_and_clock_times_give_no_value(line: str) -> None:
    assert [p for p in pairs_in(line) if p.value is not None] == []


def test_a_value_followed_by_words_is_left_to_prose() -> None:
    (pair,) = pairs_in("gsm8k: 96.25 (ref 96.36)")
    assert not pair.clean


def test_comma_continuations_carry_their_unit_and_qualifier() -> None:
    line = "Throughput: 89.27 requests/s, 22853.37 total tokens/s, 11426.69 output tokens/s"
    (pair,) = pairs_in(line)
    assert [(v, u, q) for v, u, q, _, _ in continuations(line, pair)] == [
        (22853.37, "tokens/s", "total"),
        (11426.69, "tokens/s", "output"),
    ]


def test_baseline_line_is_the_next_values_reference_and_no_claim() -> None:
    claims = extract("Baseline: 215.84 s\nSpeculative: 133.24 s\n", path="t.md").claims
    assert [(c.value, c.reference) for c in claims] == [(133.24, 215.84)]


@pytest.mark.parametrize(
    "text",
    [
        "Successful requests: 512",
        "Total input tokens: 4194304",
        "Peak concurrent requests: 512",
        "Number of draft tokens generated: 259,326",
        "Max request concurrency: 64",
        "Request rate: 10",
        "tp=8, M=64",
        "#running-req: 8, #token: 4096",
    ],
)
def test_workload_echoes_are_not_claims(text: str) -> None:
    assert extract(f"```\n{text}\n```\n", path="t.md").claims == []


def test_hostile_colon_runs_do_not_raise() -> None:
    extract("a: 1 " * 4000 + "\n" + ": " * 4000 + "\n" + "x=" * 4000, path="t.md")


@pytest.mark.parametrize(
    "line",
    [
        "A forward benchmark over all shapes. Every row reported `max_abs_diff = 0`.",
        "A forward benchmark over all shapes. Every row reported max_abs_diff = 0.",
    ],
)
def test_numerical_diff_after_a_sentence_is_an_accuracy_claim(line: str) -> None:
    claims = extract(line + "\n", path="t.md").claims
    assert [(c.kind, c.value, c.metric) for c in claims] == [("accuracy", 0.0, "Every row reported max_abs_diff")] or [
        (c.kind, c.value) for c in claims
    ] == [("accuracy", 0.0)]


@pytest.mark.parametrize("unit", ["a:1", "a: 1x", "x=1", "a: b ", "Before: 1 ms, After: 2 ms\n", "assert 1 >= (2 - "])
def test_hostile_lines_grow_linearly(unit: str) -> None:
    import time

    def run(text: str) -> float:
        t0 = time.process_time()
        extract(text, path="t.md")
        return time.process_time() - t0

    # four times the input: linear is 4x, quadratic 16x; 8x is safe on a busy machine
    quarter, whole = unit * 2000, unit * 8000
    t_quarter = min(run(quarter) for _ in range(3))
    assert min(run(whole) for _ in range(2)) < 8 * t_quarter + 0.1


def test_yaml_reference_lines_are_acceptance_of_their_test() -> None:
    """ "ref_al: 2.31" under a "TestX::test_y:" key is the AL measured by that test (its model, method, draft
    length); "min_al" is the bar derived from it and the comment's "95% tolerance" a setting: neither is a claim."""
    from pathlib import Path

    from ledger.parsers import extract

    path = Path(__file__).parent / "fixtures" / "kv_lines" / "yaml_test_references.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    got = [
        (
            c.kind,
            c.value,
            c.config.get("model"),
            c.config.get("spec_algo"),
            c.config.get("draft_len"),
            c.config.get("test"),
        )
        for c in claims
    ]
    assert got == [
        ("acceptance", 2.314501, "Qwen3-8B", "eagle3", None, "TestQwen3_8B::test_eagle3[tree]"),
        ("acceptance", 1.77302, "Mixtral-8x7B", "mtp", "2", "TestMixtral_8x7B::test_fp8_mtp2"),
        ("acceptance", 1.0213, None, None, "4", None),
    ]


def test_a_side_named_with_a_digit_takes_the_baseline_beside_it() -> None:
    """ "baseline=21.11ms, F3=14.49ms, -31%": F3 is measured against the baseline, which is no claim of its own."""
    claims = extract("A re-run at mc=16 gives baseline=21.11ms, F3=14.49ms, -31%.\n", path="t.md").claims
    assert [(c.metric, c.value, c.reference) for c in claims if c.unit == "ms"] == [("F3", 14.49, 21.11)]


def _arms(text: str) -> list[tuple[int, str | None, float | None, float | None, str | None]]:
    return [
        (c.source.line, c.metric, c.value, c.reference, c.config.get("variant"))
        for c in extract(text, path="arms.md").claims
        if c.value is not None
    ]


def test_arm_lines_in_one_paste_are_values_and_their_references() -> None:
    """ "old sampler : ..." over "new sampler : ...": the new arm's values against the old arm's, which are no
    claims of their own; arms named alike are measured against the first; repeated runs stay a series."""
    got = _arms("```\nold sampler : acc 0.712   latency 41.5 ms\nnew sampler : acc 0.724   latency 38.2 ms\n```\n")
    assert got == [(3, "acc", 0.724, 0.712, "new sampler"), (3, "latency", 38.2, 41.5, "new sampler")]
    runs = (
        "BF16 cache : Accuracy: 0.955  Accuracy: 0.958  mean 0.957\n"
        "FP8 cache  : Accuracy: 0.956  Accuracy: 0.957  mean 0.958"
    )
    got = _arms(f"```\n{runs}\n```\n")
    assert [g for g in got if g[3] is not None] == [(3, "Accuracy mean", 0.958, 0.957, "FP8 cache")]
    assert len([g for g in got if g[1] == "Accuracy"]) == 4  # each run its own value, on both arms


@pytest.mark.parametrize(
    "text",
    [
        "```\nH100 : decode 1210.5 tok/s\nA100 : decode 804.2 tok/s\n```\n",  # two boards, not two arms
        "```\nMean TTFT (ms): 12.3\nMean TPOT (ms): 4.5\n```\n",  # lines naming their own values
        "```\nold sampler : acc 0.712\nnew sampler : latency 38.2 ms\n```\n",  # not one shape
    ],
)
def test_lines_that_are_not_arms_of_one_comparison_keep_no_reference(text: str) -> None:
    assert all(ref is None for _, _, _, ref, _ in _arms(text))


def test_lines_keyed_by_one_setting_at_several_numbers_are_a_sweep_not_arms() -> None:
    """ "Batch size 4: Mean latency: ..." over "Batch size 8: ...": each line its own result at its own batch size,
    none the reference of another (the first line was taken as the base arm and lost its claim); a precision's two
    arms ("BF16 cache" / "FP8 cache") stay arms."""
    rows = "\n".join(f"Batch size {b}: Mean latency: {v} seconds" for b, v in ((4, 1.5), (8, 1.9), (16, 2.4)))
    got = [(c.value, c.reference, c.config.get("batch_size")) for c in extract(f"```\n{rows}\n```\n").claims]
    assert got == [(1.5, None, "4"), (1.9, None, "8"), (2.4, None, "16")]
    rows = "TP2 bs=8: Mean latency: 1.5 seconds\nTP2 bs=32: Mean latency: 2.1 seconds"
    assert [c.reference for c in extract(f"```\n{rows}\n```\n").claims] == [None, None]


def test_an_arm_named_by_a_side_word_is_that_side() -> None:
    """ "PR :" under "main :" in one paste: the PR's values, on its side, with main's as references."""
    text = "```\nmain : latency 12.3 ms  throughput 810.5 tok/s\nPR   : latency 11.0 ms  throughput 902.1 tok/s\n```\n"
    got = [(c.metric, c.value, c.reference, c.revision.label if c.revision else None) for c in extract(text).claims]
    assert got == [("latency", 11.0, 12.3, "PR"), ("throughput", 902.1, 810.5, "PR")]


def test_a_result_field_of_a_block_is_no_setup_of_its_other_claims() -> None:
    """`acc_length=3.12` above `speed=212.40 token/s` in one side's block (kv_lines/result_fields_no_setup.md): the
    acceptance length is a claim, never a setting of the speed beside it, so that the two sides' blocks are one
    setup (they differed by "acc_length 3.05 vs 3.12"); `num_steps=4`, which the run took, stays a setting (the
    draft length, as a settings line's keys are written in the setup labels' names)."""
    from pathlib import Path

    path = Path(__file__).parent / "fixtures" / "kv_lines" / "result_fields_no_setup.md"
    claims = [c for c in extract(path.read_text(), path=str(path)).claims if c.kind in ("perf", "acceptance")]
    assert len(claims) == 4 and all(c.config.get("draft_len") == "4" for c in claims)
    assert not any(k.startswith("acc") for c in claims for k in c.config)


def test_a_task_summary_line_names_its_task_as_setup_and_its_measures_by_their_units() -> None:
    text = (
        "## Eval\n\n```\nhumaneval: 164 problems | 31.5s | 1,840 tok/s\n  pass@1: 0.872\n  refusal_rate: 0.006\n"
        "Loaded: 12 prompts | 3.0s\n  learning_rate: 0.001\n```\n"
    )
    got = [(c.source.line, c.kind, c.metric, c.value, c.config.get("task")) for c in extract(text, "x.md").claims]
    assert (4, "perf", "duration", 31.5, "humaneval") in got and (
        4,
        "perf",
        "output throughput",
        1840.0,
        "humaneval",
    ) in got
    assert (5, "accuracy", "pass@1", 0.872, "humaneval") in got and (
        6,
        "accuracy",
        "refusal_rate",
        0.006,
        "humaneval",
    ) in got
    # the size is a count of the work, no claim; a rate a run is given is no result; a name that is no benchmark
    # opens no summary
    assert not [g for g in got if g[3] in (164.0, 0.001)]
    assert [g[2] for g in got if g[0] == 7] == ["Loaded s"]


def test_a_task_summarys_labelled_part_stays_its_labels_and_a_list_items_summary_keeps_its_task() -> None:
    text = "```\nmmlu: 14042 questions, accuracy: 0.702\n```\n\n- aime25: 30 problems | 812.4s\n"
    got = [(c.source.line, c.kind, c.metric, c.value, c.config.get("task")) for c in extract(text, "x.md").claims]
    assert (2, "accuracy", "accuracy", 0.702, "mmlu") in got  # (the summary reads up to a part of its own label)
    assert (5, "perf", "duration", 812.4, "aime25") in got and not [g for g in got if g[3] in (14042.0, 30.0)]


def test_a_quoted_run_printout_gives_its_speeds_the_task_of_its_scores() -> None:
    # a gsm8k bench's printout pasted as a quote: its latency and throughput are the gsm8k run's, as its accuracy is
    text = (
        "# Faster GDN decode\n\n## GSM8K on L40S\n\n"
        "Candidate:\n\n> Accuracy: 0.912\n> Latency: 21.40 s\n> Output throughput: 804.2 token/s\n"
    )
    claims = extract(text, path="quoted_run.md").claims
    assert {c.metric: c.config.get("task") for c in claims} == {
        "Accuracy": "gsm8k",
        "Latency": "gsm8k",
        "Output throughput": "gsm8k",
    }


def test_an_offline_progress_bars_token_speeds_are_the_runs_throughput_and_the_rest_of_the_bar_is_not() -> None:
    """vLLM's offline bar ends with the run's estimated input and output token speeds, the throughput a Before/After
    pair compares; its count, its elapsed time and its items per second stay progress, as on any other bar."""
    bar = "Processed prompts: 100%|███| 800/800 [00:{t}<00:00, {it}it/s, est. speed input: {i} toks/s, "
    bar += "output: {o} toks/s]"
    text = (
        f"Before:\n```\n{bar.format(t=33, it=23.9, i='8811.25', o='1290.50')}\n"
        "Running generate_until requests: 100%|██████| 800/800 [00:33<00:00, 23.8it/s]\n```\n\n"
        f"After:\n```\n{bar.format(t=30, it=26.4, i='9702.10', o='1421.07')}\n```\n"
    )
    got = [(c.metric, c.value, c.reference, c.revision.label if c.revision else None) for c in extract(text).claims]
    assert got == [
        ("input throughput", 8811.25, None, "Before"),
        ("output throughput", 1290.5, None, "Before"),
        ("input throughput", 9702.1, 8811.25, "After"),
        ("output throughput", 1421.07, 1290.5, "After"),
    ]


def test_a_log_line_restating_the_rows_score_is_no_second_claim_and_a_length_is_no_score() -> None:
    """A harness's log line under its eval table prints the row's score again, rounded: one run, one claim (a
    different value there is a score of its own). simple-evals' "chars" beside its "score" under a GPQA lead is the
    answers' length, a cost, no score of the benchmark."""
    row = "|mmlu_pro |      1|none  |     0|exact_match|70.1234|±  |0.51|"
    head = "|  Tasks  |Version|Filter|n-shot|Metric|Value  |   |Stderr|\n|---|--:|---|--:|---|--:|---|--:|"
    for log, values in (("70.12", [70.1234]), ("71.50", [70.1234, 71.5])):
        text = f"```\n{head}\n{row}\n[TRT-LLM] [I] lm-eval mmlu_pro average accuracy: {log}\n```\n"
        assert [c.value for c in extract(text).claims if c.kind == "accuracy"] == values
    text = "GPQA diamond, this branch:\n\n```\n{'chars': 812.5, 'chars:std': 300.2, 'score': 0.61}\n```\n"
    assert [(c.metric, c.kind) for c in extract(text).claims] == [("chars", "perf"), ("score", "accuracy")]


def test_a_perplexity_base_pairs_by_its_measure_not_by_its_place() -> None:
    # llama-perplexity: "Mean PPL(base)" is the base of "Mean PPL(Q)" alone; the ratio and the difference of the two
    # are measures of both, no side's value, and the "Mean KLD" printed under the base is none of its
    assert is_baseline_label("Mean PPL(base)") and not is_baseline_label("Mean PPL(Q)/PPL(base)")
    assert not is_baseline_label("Mean PPL(Q)-PPL(base)")
    path = Path(__file__).parent / "fixtures" / "kv_lines" / "perplexity_base_pairs.md"
    refs = {(c.source.line, c.metric): c.reference for c in extract(path.read_text(encoding="utf-8"), path="x").claims}
    assert refs[(7, "Mean PPL(Q)")] == refs[(18, "Mean PPL(Q)")] == 12.05
    assert refs[(12, "Mean PPL(Q)-PPL(base)")] is None and refs[(11, "Mean PPL(Q)/PPL(base)")] is None
    assert refs[(20, "Mean KLD")] is None


def test_a_duration_printed_in_another_unit_on_the_other_side_is_still_its_reference() -> None:
    """ "prompt eval duration: 95.4ms" under "Before:", "2.61s" under "After:": one duration in two units; the after
    value takes the before one as its reference, in its own unit (0.0954 s), so the two compare."""
    path = Path(__file__).parent / "fixtures" / "kv_lines" / "sides_in_two_time_units.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    after = [(c.value, c.unit, c.reference) for c in claims if c.revision and c.revision.label == "After"]
    assert after == [(40.9, "ms", 41.2), (2.61, "s", 0.0954)]
