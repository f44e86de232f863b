"""Console output and tables anywhere: the facts each mechanism must get right, on fixtures of our own.

The goldens (tests/test_goldens.py) hold every field; these tests state, for each mechanism, the
numbers a reader must find, their baselines, and the numbers that must NOT become claims.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.model import Claim
from ledger.parsers import extract

FIXTURES = Path(__file__).parent / "fixtures" / "console"


def _claims(name: str) -> list[Claim]:
    path = FIXTURES / name
    return extract(path.read_text(encoding="utf-8"), path=path.name).claims


def _facts(claims: list[Claim]) -> list[tuple[int, str, float | str | None, str | None, float | None]]:
    return [(c.source.line, c.kind, c.value, c.unit, c.reference) for c in claims]


def test_whitespace_table_under_a_dashed_rule_in_a_fence() -> None:
    claims = _claims("space_table_rule.md")
    assert _facts(claims) == [
        (12, "perf", 10.48, "us", None),
        (12, "perf", 102.4, "TFLOPS", None),
        (12, "perf", 1.0, "x", None),
        (13, "perf", 7.91, "us", None),
        (13, "perf", 135.7, "TFLOPS", None),
        (13, "perf", 1.32, "x", None),
        (14, "perf", 6.02, "us", None),
        (14, "perf", 178.3, "TFLOPS", None),
        (14, "perf", 1.74, "x", None),
    ]
    # the standard deviation column is the spread of the median beside it, never a claim of its own
    assert [c.stddev for c in claims if c.unit == "us"] == [0.012, 0.020, 0.009]


def test_profiler_table_between_rules_counts_are_not_claims() -> None:
    claims = _claims("profiler_table.md")
    assert _facts(claims) == [
        (7, "perf", 61.2, "%", None),
        (7, "perf", 4.812, "ms", None),
        (7, "perf", 4.812, "ms", None),
        (8, "perf", 22.05, "%", None),
        (8, "perf", 1.734, "ms", None),
        (8, "perf", 1.734, "ms", None),
        (10, "perf", 12.4, "ms", None),
        (11, "perf", 7.863, "ms", None),
    ]


def test_box_drawn_table_every_statistic_cell_is_a_claim() -> None:
    claims = _claims("box_table.md")
    assert _facts(claims) == [
        (8, "perf", 412.3, "ms", None),
        (8, "perf", 398.1, "ms", None),
        (8, "perf", 455.7, "ms", None),
        (8, "perf", 451.2, "ms", None),
        (9, "perf", 2310.4, "ms", None),
        (9, "perf", 2288.0, "ms", None),
        (9, "perf", 2402.9, "ms", None),
        (9, "perf", 2399.1, "ms", None),
        (11, "perf", 1102.55, "tok/s", None),
    ]
    assert {c.config.get("column") for c in claims if c.source.line == 8} == {"avg", "min", "max", "p99"}


def test_baseline_word_inside_a_column_header_gives_the_reference() -> None:
    claims = _claims("compare_report.md")
    assert _facts(claims) == [
        (8, "perf", 655.1, "GFLOPS", 612.4),
        (8, "perf", 6.97, "%", None),
        (9, "perf", 1201.5, "GFLOPS", 1180.0),
        (9, "perf", 1.82, "%", None),
        (10, "perf", 3911.0, "GFLOPS", 3950.0),
        (10, "perf", -0.99, "%", None),
    ]


def test_a_frame_row_with_a_missing_cell_ends_the_frame() -> None:
    text = "```\n   a_size  Torch\n0     1.0   2.50\n1     2.0\n```\n"
    assert [c.value for c in extract(text, path="t.md").claims] == [2.5]


def test_frame_input_columns_are_setup_not_claims() -> None:
    from ledger.vocab.setup import is_input_name

    inputs = ["batch_size", "hot_buffer_size", "miss_rate", "miss_tokens_cnt", "M", "seq_len", "num_tokens", "hdim"]
    results = ["SGL JIT Kernel", "Triton", "latency_ms", "speedup", "tflops", "Acceptance rate"]
    assert [is_input_name(n) for n in inputs] == [True] * len(inputs)
    assert [is_input_name(n) for n in results] == [False] * len(results)


def test_unit_delimited_kernel_lines_results_not_work_counters() -> None:
    claims = _claims("kernel_lines.md")
    assert _facts(claims) == [
        (7, "perf", 12.4, "us/run", None),
        (7, "perf", 1260.11, "GB/s", None),
        (8, "perf", 23.95, "us/run", None),
        (8, "perf", 1304.8, "GB/s", None),
        # the "after:" side's run of the same shape takes the "before:" side's as its reference (sides printed apart)
        (10, "perf", 8.31, "us/run", 12.4),
        (10, "perf", 1880.42, "GB/s", 1260.11),
        (11, "perf", 106.7, "us/run", None),
        (11, "perf", 314.45, "GFLOPS", None),
        (18, "perf", 612.4, "TFLOPs/s", None),
        (18, "perf", 455.1, "TFLOPs/s", None),
        (18, "perf", 495.72, "TFLOPs/s", None),
        (19, "perf", 98.33, "TFLOPs/s", None),
        (19, "perf", 121.7, "TFLOPs/s", None),
        (19, "perf", 113.91, "TFLOPs/s", None),
    ]


def test_label_lists_ranges_spreads_and_clock_durations() -> None:
    claims = _claims("label_lists.md")
    assert _facts(claims) == [
        (6, "perf", 402.118, "s", None),
        (8, "perf", 0.812, "s", None),
        (8, "perf", 21.305, "s", None),
        (8, "perf", 6.447, "s", None),
        (9, "perf", 0.088, "s", None),
        (9, "perf", 0.094, "s", None),
        (9, "perf", 0.201, "s", None),
        (9, "perf", 0.318, "s", None),
        (13, "perf", 1240.62, "token/s", None),
        (14, "perf", 5.211, "req/s", None),
        (22, "perf", 3.812, "s", None),
        (22, "perf", 5.12, "s", None),
        (22, "perf", 0.804, "s", None),
        (23, "perf", 3.744, "s", None),
        (29, "perf", 41.207, "s", None),
        (30, "perf", 133.551, "s", None),
        (31, "perf", 9.88, "s", None),
        (37, "accuracy", 0.702, None, None),
        (38, "accuracy", 0.707, None, None),
        (38, "accuracy", 0.692, None, None),
        (38, "accuracy", 0.712, None, None),
        (38, "accuracy", 0.697, None, None),
    ]
    by_line: dict[int, Claim] = {}
    for c in claims:
        by_line.setdefault(c.source.line, c)
    assert by_line[22].stddev == 0.061 and by_line[22].stderr is None  # "mean ± σ": a spread, not a claim
    assert by_line[23].high == 3.93  # "3.744 s …  3.930 s" is one range
    assert by_line[29].printed == "0m41.207s"
    # the list's labels name its values: min, max, ave; the percentiles 50..99 are names, never values
    assert [c.config.get("stat") for c in claims if c.source.line in (8, 9)] == [
        "min",
        "max",
        "ave",
        "p50",
        "p75",
        "p95",
        "p99",
    ]


def _revisions(name: str) -> list[tuple[int, str, str | None, str | None]]:
    return [
        (c.source.line, c.kind, c.revision.label if c.revision else None, c.revision.head if c.revision else None)
        for c in _claims(name)
    ]


def test_revisions_as_people_write_them_headings_lead_ins_and_code_comments() -> None:
    assert _revisions("revisions_headings.md") == [
        (3, "commit", "Before", "4a7c19e2b0d35f6e8a91c0b2d4e6f8a0b1c2d3e4"),
        (6, "perf", "Before", "4a7c19e2b0d35f6e8a91c0b2d4e6f8a0b1c2d3e4"),
        (7, "perf", "Before", "4a7c19e2b0d35f6e8a91c0b2d4e6f8a0b1c2d3e4"),
        (10, "commit", "After", "9e1f0a2b3c"),
        (13, "perf", "After", "9e1f0a2b3c"),
        (14, "perf", "After", "9e1f0a2b3c"),
        (22, "perf", "Updated results", None),
        (25, "commit", "Build from main", "d41c8e0a7f"),
        (27, "perf", "Build from main", "d41c8e0a7f"),
        (27, "perf", "Build from main", "d41c8e0a7f"),
        (29, "commit", "This PR", "b5e2f9c013"),
        (31, "perf", "This PR", "b5e2f9c013"),
        (31, "perf", "This PR", "b5e2f9c013"),
        (35, "commit", "before PR 5521", "6c1f7d8b"),
        (36, "acceptance", "before PR 5521", "6c1f7d8b"),
        (37, "commit", "with PR 5521", "8207d5fd"),
        (38, "acceptance", "with PR 5521", "8207d5fd"),
    ]


def test_a_table_side_names_a_revision_the_text_defines() -> None:
    got = _revisions("revisions_named.md")
    assert got == [
        (5, "commit", "Branch", "c0ffee1234"),
        (6, "commit", "main", "facade5678"),
        (10, "perf", "Branch", "c0ffee1234"),
        (10, "perf", "Branch", "c0ffee1234"),
        (11, "perf", "Branch", "c0ffee1234"),
        (11, "perf", "Branch", "c0ffee1234"),
        (13, "commit", "Tested", "0badcafe12"),
        (15, "accuracy", "Tested", "0badcafe12"),
    ]
    assert [(c.value, c.reference) for c in _claims("revisions_named.md") if c.kind == "perf"] == [
        (1.12, 1.01),
        (455.0, 530.0),
        (3.4, 2.95),
        (2210.0, 2604.0),
    ]


def test_gates_in_console_output_and_prose() -> None:
    claims = _claims("gates_console.md")
    gates = sorted((c.source.line, c.outcome) for c in claims if c.kind == "gate")
    assert gates == [
        (6, "pass"),
        (7, "fail"),
        (12, "pass"),
        (19, "fail"),
        (20, "fail"),
        (26, "pass"),
        (27, "pass"),
        (33, "pass"),
        (34, "fail"),
        (37, "pass"),
        (37, "pass"),
        (37, "pass"),
        (38, "fail"),
        (38, "pass"),
    ]
    by_line = {c.source.line: c for c in claims if c.kind == "gate"}
    assert by_line[6].metric == "TestLlama3::test_fp8_block_scales"
    assert by_line[19].config.get("side") == "pr" and by_line[20].config.get("side") == "main"
    # the threshold in an assertion is not a reference; the asserted value is the measured one
    assert [(c.source.line, c.value, c.reference) for c in claims if c.kind == "perf"] == [
        (19, 2210.41, None),
        (20, 2208.77, None),
    ]
    # a gate that flips between revisions: the same test, two revisions, two outcomes
    flips = [
        (c.revision.label if c.revision else None, c.outcome)
        for c in claims
        if c.kind == "gate" and c.metric == "test_block_scale_large_k"
    ]
    assert flips == [("First run", "pass"), ("After the rebase", "fail")]


def test_the_setup_each_result_was_measured_under_goes_into_config() -> None:
    claims = {(c.source.line, c.value): c.config for c in _claims("setup_sources.md")}
    # a heading: model, gpu and tp for its section; the commands above the output: their flags
    serving = claims[(13, 3120.44)]
    assert {k: serving.get(k) for k in ("model", "gpu", "tp", "kv_cache", "concurrency", "isl", "osl")} == {
        "model": "Qwen/Qwen3-30B-A3B",
        "gpu": "H200",
        "tp": "2",
        "kv_cache": "fp8_e4m3",
        "concurrency": "64",
        "isl": "4096",
        "osl": "512",
    }
    # lm_eval: --model names the client, pretrained= the model; the section states no GPU, so the document's
    # one GPU holds (its lowest-priority default)
    acc = claims[(25, 0.8514)]
    assert acc.get("model") == "meta-llama/Llama-3.1-8B-Instruct" and acc.get("tp") == "4"
    assert acc.get("backend") == "local-completions" and acc.get("gpu") == "H200"
    # a setting line in the paste holds to the next one of the same key (the baseline rows are references)
    assert claims[(34, 7.91)].get("m") == "16" and claims[(39, 12.05)].get("m") == "32"
    # a lead-in that only states settings ("MTP-1:"): the settings, and no variant name beside them
    assert claims[(46, 1.82)].get("variant") is None and claims[(46, 1.82)].get("draft_len") == "1"
    assert claims[(48, 2.71)].get("draft_len") == "3"


def test_a_setting_line_above_a_grid_is_its_setup() -> None:
    assert all(c.config.get("m") == "16" for c in _claims("space_table_rule.md"))


def test_baselines_in_every_form() -> None:
    claims = _claims("baselines.md")
    refs = [(c.source.line, c.value, c.reference) for c in claims if c.kind == "perf"]
    # several baseline rows: each row takes the one whose label carries its numbers (batch 1, batch 64)
    assert (7, 188.02, 120.4) in refs and (8, 96.55, 70.12) in refs and (8, 17.9, 25.1) in refs
    assert not [r for r in refs if r[0] in (5, 6)]  # the baseline rows are references, not claims
    # a blank-aligned table whose cells carry a share in brackets: the shares pair as the values do
    assert (13, 31.2, 24.1) in refs and (13, 0.7, 0.5) in refs and (13, 67.5, 52.5) in refs
    # a baseline printed after its new value ("With ...: 41,210" then "Without it: 38,905")
    assert (17, 41210.0, 38905.0) in refs and not [r for r in refs if r[0] == 18]
    assert (19, 5.92, None) in refs


def test_packed_cells_stderr_keys_tool_tags_pinned_builds_and_ab_a_runs() -> None:
    claims = _claims("packed_and_keys.md")
    facts = [(c.source.line, c.kind, c.value, c.unit, c.reference) for c in claims]
    # a cell packing three values, named by the title above the header
    assert [f for f in facts if f[0] == 9] == [
        (9, "perf", 18.4, "us", None),
        (9, "perf", 212.0, "TFLOPS", None),
        (9, "perf", 61.5, "%", None),
    ]
    # an "_stderr" key is the error of the value beside it, never a claim; a tool's "[METRIC]" tag is not the name
    acc = [c for c in claims if c.source.line == 14]
    assert [(c.value, c.stderr) for c in acc] == [(0.8412, 0.0101)]
    assert [c.metric for c in claims if c.source.line == 15] == ["gsm8k_mean_score"]
    # a build named by its commit in an image tag
    assert [c.sha for c in claims if c.kind == "commit"] == ["ab12cd34e"]
    # two baseline rows of one kind (an A/B/A run): every row is a result, none a reference
    assert [(c.value, c.reference) for c in claims if c.source.line in (24, 25, 26) and c.unit == "s"] == [
        (11.3, None),
        (10.91, None),
        (11.02, None),
    ]
    # a "words number" line among "label: value" lines
    assert (30, "perf", 9116.81, "tokens/sec", None) in facts


def test_loose_pipe_tables_test_count_tables_unittest_and_code_span_values() -> None:
    text = (
        "```\n[------------- attention forward -------------]\n"
        "                          |  ours  |  vanilla\n"
        "1 threads: ------------------------------------\n"
        "      f16 B=8, M=1024     |  41.2  |  180.5\n"
        "      f16 B=8, M=2048     |  80.9  |  361.0\n```\n\n"
        "| Status | Count |\n|---|---|\n| PASSED | 128 |\n| FAILED | 0 |\n\n"
        "```\nRan 4 tests in 12.301s\n\nOK\n```\n\n"
        "- acceptance length at batch 32: `2.27`, at batch 2: `2.41`\n"
    )
    claims = extract(text, path="t.md").claims
    perf = [(c.source.line, c.value, c.reference) for c in claims if c.kind == "perf"]
    # torch.utils.benchmark's Compare: no outer pipes, a "1 threads" rule; "vanilla" names the baseline
    assert perf == [(5, 41.2, 180.5), (6, 80.9, 361.0)]
    tests = [(c.source.line, c.passed, c.failed) for c in claims if c.kind == "tests"]
    assert tests == [(11, 128, 0), (15, 4, 0)]
    # a number set in code on its own is a value ("`2.27`"), not a setting
    assert [c.value for c in claims if c.kind == "acceptance"] == [2.27, 2.41]


def test_a_result_dict_per_subject_names_each_score_by_its_subject_and_counts_no_samples_as_scores() -> None:
    path = Path(__file__).parent / "fixtures" / "console" / "result_dict_per_subject.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    got = [
        (c.kind, c.metric, c.value, c.config.get("samples"), c.revision.label if c.revision else None) for c in claims
    ]
    assert got[:3] == [
        ("accuracy", "Overall-Art and Design acc", 0.61667, "120", "Before"),
        ("accuracy", "Music acc", 0.4, "30", "Before"),
        ("accuracy", "Physics acc", 0.52333, "30", "Before"),
    ]
    assert len(got) == 6 and got[3][1:] == ("Overall-Art and Design acc", 0.625, "120", "After")


def test_an_accuracy_hypothesis_test_is_one_result_with_its_reference_and_no_parameters() -> None:
    path = Path(__file__).parent / "fixtures" / "console" / "accuracy_hypothesis_test.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    got = [(c.kind, c.metric, c.value, c.reference, c.note, c.revision.label if c.revision else None) for c in claims]
    assert got == [
        ("accuracy", "gsm8k accuracy", 41.503, 88.0, "threshold 84.8", "Before this PR"),
        ("accuracy", "gsm8k accuracy", 88.4, 88.0, "threshold 84.8", "After this PR"),
    ]


def test_an_eval_printed_as_repeats_and_scores_is_one_with_no_benchmark_named() -> None:
    # "Repeat: 4, mean: ..." over "Scores: [...]" is an eval's printout by its shape: the mean an accuracy with the
    # runs' spread, each run a score of it, even where no lead-in names the benchmark
    claims = [c for c in _claims("run_eval_unnamed.md") if c.source.line in (8, 9)]
    assert {c.kind for c in claims} == {"accuracy"}
    mean, *runs = claims
    assert (mean.metric, mean.config, mean.stddev) == ("mean score", {"stat": "mean", "repeats": "4"}, 0.009129)
    assert [c.metric for c in runs] == ["score (1)", "score (2)", "score (3)", "score (4)"]


def test_an_eval_scripts_category_lines_are_its_benchmarks_scores_per_category() -> None:
    # "Average accuracy 55.10 (300) - law": the benchmark a line of the paste names (or its command), the category
    # after the dash, the question count in brackets (no claim); the summary line named as prose names it
    claims = _claims("mmlu_category_lines.md")
    assert all(c.value not in (300, 820, 410, 1530, 1120) for c in claims)
    by_line = {c.source.line: c for c in claims}
    for no, category, samples in ((7, "law", "300"), (9, "other (business, misc.)", "410"), (20, "STEM", "820")):
        c = by_line[no]
        assert (c.config["task"], c.config["category"], c.config["samples"]) == ("mmlu", category, samples)
    assert by_line[21].metric == by_line[24].metric == "MMLU weighted average accuracy"
    assert "category" not in by_line[21].config


@pytest.mark.parametrize(
    "text",
    [
        # a dataset's own name is no generic score's, whatever benchmark its neighbour names
        "# t\n\n* base: wikitext 7.55, winogrande 0.743\n* int4: wikitext 8.44, winogrande 0.718\n",
        # a line naming several benchmarks says whose each number is by its place
        "# t\n\n* Accuracy baselines move for GSM8K (95.6) and MMLU (87.2) on new weights\n* MMLU: accuracy 87.0\n",
    ],
)
def test_a_paste_gives_its_benchmark_only_to_generic_scores_on_lines_naming_none(text: str) -> None:
    claims = extract(text, path="x.md").claims
    assert all("task" not in c.config for c in claims if c.metric == "wikitext")
    assert all(c.config.get("task") != "mmlu" for c in claims if c.value == 95.6)


def _setups(name: str) -> dict[int, list[dict[str, str]]]:
    out: dict[int, list[dict[str, str]]] = {}
    for c in _claims(name):
        out.setdefault(c.source.line, []).append(c.config)
    return out


def test_a_console_table_outside_a_fence_is_a_table_and_a_colon_caption_leads_in_the_one_below() -> None:
    # (to markdown a header over a rule of "-" is a setext heading; a caption ending in ":" between two tables is
    # the setup of the table under it, never of the one above)
    stacked = _setups("stacked_grids_captions.md")
    assert sorted(stacked) == [5, 6, 12, 13]
    assert all("batch_size" not in c and "dtype" not in c for no in (5, 6) for c in stacked[no])
    assert all(c.get("batch_size") == "32" and c.get("dtype") == "bf16" for no in (12, 13) for c in stacked[no])
    assert [(c.value, c.reference) for c in _claims("stacked_grids_captions.md") if c.unit == "us"] == [
        (3.2, 4.48),
        (6.1, 7.93),
        (2.9, 4.35),
        (5.5, 7.7),
    ]
    # a plain caption over the table ("Timings of ...:"), and a setting line right under one, before a blank line:
    # the one above is the table it describes
    assert sorted(_setups("grid_under_caption.md")) == [5, 6]
    under = _setups("grid_caption_under.md")
    assert all(c.get("batch_size") == "16" for no in (5, 6) for c in under[no])


@pytest.mark.parametrize("ending", ["", "\n"])
def test_a_console_row_cut_by_the_end_of_the_text_drops_its_last_cell_with_or_without_a_newline(ending: str) -> None:
    text = "  tokens      new(us)     prev(us)\n-------------------------------\n    2048         3.20         4.48\n"
    result = extract(text + "    4096         6.1" + ending, path="cut.md")  # (the last value reached: "6.1" of 6.13?)
    assert [(c.source.line, c.value) for c in result.claims if c.unit == "us"] == [(3, 3.2), (3, 4.48)]
    assert any("cut short" in w.message for w in result.warnings)


def test_a_colon_caption_between_two_tables_of_one_paste_leads_in_the_one_below() -> None:
    got = _setups("fenced_grids_caption.md")
    assert sorted(got) == [6, 7, 13]
    assert all("batch_size" not in c and "dtype" not in c for no in (6, 7) for c in got[no])
    assert all(c.get("batch_size") == "8" and c.get("dtype") == "fp16" for c in got[13])


def test_a_last_row_lacking_only_a_column_of_words_before_a_newline_is_whole() -> None:
    text = (
        "  shape        old(us)   new(us)    change   note\n"
        "---------------------------------------------------\n"
        "  m=1           10.00      9.00    -10.0%   checked\n"
        "  m=2           20.00     19.00     -5.0%\n"
    )
    result = extract(text, path="whole.md")
    assert (4, -5.0) in [(c.source.line, c.value) for c in result.claims]
    assert not any("cut short" in w.message for w in result.warnings)


_BARE_RUN = """# Trim the sampler's copies

vllm bench serve --model acme/m-7b --dataset-name random --random-input-len 512 --random-output-len 64 --num-prompts 32
===== Serving Benchmark Result =====
Request throughput (req/s):              1.50
Mean TTFT (ms):                          200.00
====================================
"""


def test_a_bare_paste_closed_by_a_rule_is_no_heading_and_its_command_sets_up_its_lines() -> None:
    """To markdown a paragraph over a rule of "=" is a setext heading; the command and results of a paste that lost
    its fence are lines of their own, the command read with every flag as in a fence (dataset and prompts too)."""
    claims = extract(_BARE_RUN, "x.md").claims
    want = {"isl": "512", "osl": "64", "model": "acme/m-7b", "dataset": "random", "num_prompts": "32"}
    assert [(c.value, dict(c.config)) for c in claims] == [(1.5, want), (200.0, want)]
