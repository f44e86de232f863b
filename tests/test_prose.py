"""Prose, the parts this suite covers: counted nouns (shots, questions) are configuration, 'X vs <word> Y'
pairs Y as the reference, ranges with the unit on both ends, model sizes in names."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers import extract
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.setting_arrows import varied_keys
from ledger.vocab.bound_keys import names_a_bound


@pytest.mark.parametrize(
    "line",
    [
        "Scores on gsm8k using 20 shots:",
        "gsm8k over 1319 questions",
        "MMLU on 57 subjects",
        "gsm8k, 5 examples each",
    ],
)
def test_counted_nouns_are_not_scores(line: str) -> None:
    assert extract(line + "\n", path="t.md").claims == []


@pytest.mark.parametrize(
    ("line", "value", "reference"),
    [
        ("- gsm8k 96.59 vs 96.44", 96.59, 96.44),
        ("- gsm8k 96.59 vs bf16-capped 95.83", 96.59, 95.83),
        ("- gsm8k 96.59 against main 96.10", 96.59, 96.10),
    ],
)
def test_vs_pairs_a_reference(line: str, value: float, reference: float) -> None:
    claims = extract(line + "\n", path="t.md").claims
    assert [(c.value, c.reference) for c in claims] == [(value, reference)]


def test_vs_with_a_sentence_between_is_not_a_pair() -> None:
    claims = extract("- gsm8k 96.59 vs what the old kernel gave on 2 GPUs\n", path="t.md").claims
    assert [(c.value, c.reference) for c in claims] == [(96.59, None)]


def test_the_title_heading_is_read_but_section_headings_are_not() -> None:
    text = "# Fused gating kernel, up to 0.85% e2e speedup\n\n## Results on 8 GPUs at 128 concurrency\n\ntext\n"
    assert [(c.source.line, c.value, c.unit) for c in extract(text, path="t.md").claims] == [(1, 0.85, "%")]


@pytest.mark.parametrize(
    ("line", "values"),
    [
        ("- Results are below (overall test time < 30m)", [(30.0, "m")]),
        ("- TTFT 40 ms < 45 ms budget", [(40.0, "ms")]),
        ("- accuracy >= 0.95 required", []),
    ],
)
def test_a_bound_with_a_unit_is_a_claim_but_a_threshold_after_a_value_is_not(
    line: str, values: list[tuple[float, str]]
) -> None:
    assert [(c.value, c.unit) for c in extract(line + "\n", path="t.md").claims] == values


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("- This closes a ~22-point GSM8K accuracy deficit", [("accuracy", 22.0, "point", True)]),
        ("- the MMLU reference is registered at 87.2, and the test is kept", [("accuracy", 87.2, None, False)]),
        ("- gsm8k runs at 8 GPUs at 128 concurrency", []),
        ("- a 4-bit kernel", []),
    ],
)
def test_points_and_decimal_values_after_at(line: str, expected: list[tuple[str, float, str | None, bool]]) -> None:
    claims = extract(line + "\n", path="t.md").claims
    assert [(c.kind, c.value, c.unit, c.approx) for c in claims] == expected


def test_clock_durations_are_seconds_with_the_printed_form_kept() -> None:
    claims = extract("- the gate took 16m51s, against 20m2s before\n", path="t.md").claims
    assert [(c.value, c.unit, c.printed, c.reference) for c in claims] == [(1011.0, "s", "16m51s", 1202.0)]
    # a blank between the parts is still one duration, never a minutes claim and a seconds claim
    claims = extract("- the full sweep took 41m 7s, against 1h 2m before\n", path="t.md").claims
    assert [(c.value, c.unit, c.printed, c.reference) for c in claims] == [(2467.0, "s", "41m 7s", 3720.0)]


@pytest.mark.parametrize(
    "line",
    [
        "- EP through `moe_expert_parallel_size=2` keeps gsm8k within noise",
        "- gsm8k held with --max-num-seqs 256 and accuracy unchanged",
        '- Set `encoder_cache_max_bytes` to `"512MiB"` for long videos',
        "- on MMMU, 6 score flips, 4 of them in our favour, 0.76 sigma",
        "- which on a 184 GiB device leaves little room for the KV cache",
    ],
)
def test_settings_counts_and_capacities_are_not_results(line: str) -> None:
    assert [(c.metric, c.value) for c in extract(line + "\n", path="t.md").claims] == []


@pytest.mark.parametrize(
    ("line", "metric", "value", "reference"),
    [
        ("- Decode step at batch 64: 9.6 vs 11.2 ms against bf16 KV.", "Decode step at batch 64", 9.6, 11.2),
        ("- KV memory: 128 KiB -> 64 KiB per token block.", "KV memory", 64, 128),
        ("- the weights take 145.98 GB -> 162.68 GB per rank", "the weights", 162.68, 145.98),
    ],
)
def test_a_bare_measurement_is_named_by_its_label(line: str, metric: str, value: float, reference: float) -> None:
    claims = extract(line + "\n", path="t.md").claims
    assert [(c.metric, c.value, c.reference) for c in claims] == [(metric, value, reference)]


@pytest.mark.parametrize(
    ("line", "values"),
    [
        ("Resident memory is the weights (42GB) + one shard (10GB) + scratch = 53GB.", [53.0]),
        ("Each call costs 0.33 ms/call × 40 layers = 13.2 ms/iter in decode.", [0.33, 13.2]),
        ("FP8 + EAGLE with TP=2 reaches 500 tok/s.", [500.0]),
        ("The pass threshold for fp8 was raised 45% -> 50% (it now reaches ~53%).", [53.0]),
        ("The floor for int4 is set to 40% for now.", []),
        ("Lower the accuracy floors to 52% for Phi and 63% for Yi; keep the old gate.", []),
        ("We now use accept-length floors of 1.3 for Medusa, 2.2 for EAGLE, and 2.9 for MTP.", []),
        ("Floors of 1.3 for Medusa and 1.9 for EAGLE, with Medusa AL reaching 1.45.", [1.45]),
        ("The warm-up waited for 30 seconds before the measured arm.", []),
        ("We shard the checkpoint to 10GB pieces before loading.", []),
        ("Could you rerun gsm8k with numshot 25 as well?", []),
        ("The reference entry for gsm8k is set to 81 in the yaml.", [81.0]),
        ("With draft_len=3 the acceptance rate is higher than with draft_len=5.", []),
        ("Even though K=4 has higher AL than K=2, the speed is similar.", []),
        ("Across the sweep every row reported max_abs_diff = 0.", [0.0]),
    ],
)
def test_operands_and_chosen_values_are_not_results(line: str, values: list[float]) -> None:
    assert [c.value for c in extract(line + "\n", path="t.md").claims] == values


def test_a_pr_number_written_as_a_link_is_no_result() -> None:
    """ "#[20311](.../pull/20311)" beside "(AL)" names a pull request: only the AL the sentence states is a claim."""
    text = (
        "Carries the draft acceptance (AL) guard from #[20311](https://github.com/example/engine/pull/20311)"
        " over; the AL there held at 2.64.\n"
    )
    assert [(c.kind, c.value) for c in extract(text, path="t.md").claims] == [("acceptance", 2.64)]


def test_a_word_in_parentheses_after_a_value_names_its_variant() -> None:
    """ "1.0097 (linear) and 1.0186 (dynamic)": two runs of one measure, told apart by the word after each; a
    statistic, a side or a unit in the parentheses is no variant."""
    text = "The `ref_al` of 1.0097 (linear) and 1.0186 (dynamic) with `max_draft_len=4` is too low.\n"
    got = [(c.value, c.config.get("variant"), c.config.get("draft_len")) for c in extract(text, path="t.md").claims]
    assert got == [(1.0097, "linear", "4"), (1.0186, "dynamic", "4")]
    for text in ("TTFT is 41.2 ms (median) now.\n", "TTFT is 41.2 ms (before) and 38.0 ms (after).\n"):
        assert all("variant" not in c.config for c in extract(text, path="t.md").claims)


def test_each_clause_s_model_is_its_value_s_and_no_part_of_the_measure() -> None:
    text = "Prompt processing gets ~25% faster for the 70B model and ~9% faster for the 8B model.\n"
    got = [(c.metric, c.value, c.config.get("model")) for c in extract(text, path="t.md").claims]
    assert got == [("Prompt processing speedup", 25.0, "70B"), ("Prompt processing speedup", 9.0, "8B")]


@pytest.mark.parametrize(
    ("line", "side"),
    [("* 70B stays at 88.0 ms/t for master and this PR.", "this PR"), ("410 t/s on both the PR and main", "the PR")],
)
def test_one_value_stated_for_both_sides_is_its_own_reference(line: str, side: str) -> None:
    (claim,) = extract(line + "\n", path="t.md").claims
    assert (claim.value, claim.reference, claim.revision and claim.revision.label) == (claim.value, claim.value, side)


def test_two_sides_joined_by_and_are_no_shared_value_when_both_are_one_side() -> None:
    (claim,) = extract("88.0 ms/t for main and master.\n", path="t.md").claims
    assert claim.reference is None


def test_a_concurrency_written_as_cN_before_its_value_is_that_values_concurrency() -> None:
    # "c1 +6.5% c4 +2.9%": each change at the concurrency its label names, in a text that speaks of concurrency
    text = (
        "# Sched change\n\nDecode sweep at concurrency 1, 4 and 16.\n\n"
        "Output throughput vs main: c1 +6.5%, c4 +2.9%, c16 +0.8%.\n\nTTFT: C64: -3.1%, C128: -4.0%\n"
    )
    got = [(c.metric, c.value, c.config.get("concurrency")) for c in extract(text, path="t.md").claims]
    assert got == [
        ("Output throughput", 6.5, "1"),  # (the output tokens' throughput, not the total's)
        ("Output throughput", 2.9, "4"),
        ("Output throughput", 0.8, "16"),
        ("TTFT", -3.1, "64"),
        ("TTFT", -4.0, "128"),
    ]
    # with no word of concurrency anywhere, "C1" may name a config: nothing is read into it
    other = "# Configs\n\nC1: +2.0%, C2: +3.0%\n"
    assert all("concurrency" not in c.config for c in extract(other, path="t.md").claims)


def test_the_bar_a_comparison_names_is_no_result_but_its_left_side_is() -> None:
    text = "# T\n\nThe gate is **mean TPOT <= 30 ms**; the run gave 22.1 ms.\n\nCheck: `429.18 < 522` passed.\n"
    got = [(c.value, c.unit) for c in extract(text, path="t.md").claims if c.kind == "perf"]
    assert (30.0, "ms") not in got and (22.1, "ms") in got
    assert 522.0 not in [v for v, _ in got]
    assert [(c.value, c.reference) for c in extract("# T\n\nTPOT 158 -> 30 ms\n", path="t.md").claims] == [
        (30.0, 158.0)
    ]


def test_a_spreads_name_is_looked_for_before_a_number_only_where_the_window_ends_as_one_can() -> None:
    """Before each number of prose the guards ask whether a spread's name ends the 40 characters before it ("range:
    0.27", "; SEM ~1"): every match of the pattern ends, blanks aside, in ":", "=", "~", "≈" or the last letter of a
    standard error's name ("m", ".", "r"), so a window ending otherwise is not searched; the same answer at every
    number of every fixture line and of made ones."""
    import re

    from _fixture_lines import fixture_lines

    from ledger.parsers.prose import guards

    made = ["Mean: 96.3; sample standard deviation: 0.11; range: 0.27", "GSM8K 71.2%, SEM 0.35%; std err 0.7"]
    made += ["a (spread = 3) b; s.e.m. 2, S.E. 4; stderr ≈5 Stderr~6 standard error\n7 σ: 8 variance= 9"]
    asked = 0
    for line in [*fixture_lines(), *made, *(m.upper() for m in made)]:
        for m in re.finditer(r"\d", line):
            full = guards._DISPERSION_BEFORE_RE.search(line, max(0, m.start() - 40), m.start()) is not None
            assert guards.dispersion_before(line, m.start()) == full, (line, m.start())
            asked += full
    assert asked >= 10
    assert not guards.dispersion_before("gsm8k 95.98 from 4", 17)


def test_whether_a_name_holds_a_measure_is_asked_of_the_lowered_name() -> None:
    """Whether a value's name names a measure ("Decode TTFT", "output tok/s", "GSM8K acc") is asked of the names'
    case-sensitive pattern in the lowered name, as the metric index does: the same answer as the case-blind
    METRIC_RE on every fixture line, made names and the odd-case letters."""
    from _fixture_lines import fixture_lines

    from ledger.parsers.prose import metrics

    made = ["Decode TTFT", "output TOK/S", "GSM8K acc", "AL", "f1 of x", "ſcore", "\u212aL div", "İtl", "p99 ITL"]
    for text in [*fixture_lines(), *made, *(m.upper() for m in made), *(m.lower() for m in made)]:
        assert metrics.holds_metric(text) == (metrics.METRIC_RE.search(text) is not None), text


def test_the_windows_before_a_number_are_read_for_settings_and_bounds_only_where_they_can_hold_one() -> None:
    """Before each number of prose: a setting's name ending the window (CONFIG_BEFORE_RE), a measure's name ending
    it (_METRIC_RIGHT_BEFORE_RE) and what holds the number after it (_CAPACITY_AFTER_RE) are asked of their
    case-sensitive copies in the lowered window; a flag or "key=" ending it (_SETTING_BEFORE_RE) only where an "="
    stands among the window's last three characters or a "--" before a closing blank; a comparison
    (_BOUND_BEFORE_RE, _THRESHOLD_BEFORE_RE) only where a comparison's sign stands. The same answers at every digit
    of every fixture line and of made ones, in every case."""
    import re

    from _fixture_lines import fixture_lines

    from ledger.parsers.prose import bars, guards
    from ledger.vocab.setup import HARDWARE_NAME_RE

    made = ["with TP = 8, BATCH_SIZE: 4, Num_Shots 5 and max_num_seqs= '16' and --max-model-len 2048 or x=\t3"]
    made += ["the gate is TPOT <= 30 ms, ≥ 0.9, > ~2 and ISL 8192 / İSL 1 / ſeed 2 / \u212a 3 / ISL\u212a 4 / Σ 5"]
    made += ["1 GiB Device, 2 of Them, 0.7 Σ, 3 σ, 4 ς, 5 Sigma, 6 Shared Memory, TTFT: 7, Acceptance Length 8"]
    seen = [0, 0, 0]
    for line in [*fixture_lines(), *made, *(m.upper() for m in made), *(m.lower() for m in made)]:
        for m in re.finditer(r"\d", line):
            p = m.start()
            before, window = line[max(0, p - 24) : p], line[max(0, p - 64) : p]
            found = guards.CONFIG_BEFORE_RE.search(before)
            config = found is not None and not any(  # (a word closing a board's name, "M4 Max: 61.2", names none)
                d.start() < found.start() < d.end() for d in HARDWARE_NAME_RE.finditer(before)
            )
            assert guards.config_before(before) == config, (line, p)
            metric = guards._METRIC_RIGHT_BEFORE_RE.search(line[max(0, p - 40) : p]) is not None
            assert guards.metric_right_before(line[max(0, p - 40) : p]) == metric, (line, p)
            after = line[m.end() : m.end() + 40]
            assert guards.capacity_after(after) == (guards._CAPACITY_AFTER_RE.match(after) is not None), (line, p)
            setting = guards._SETTING_BEFORE_RE.search(line, max(0, p - 64), p) is not None
            assert not setting or "=" in window[-3:] or (window[-1:] == " " and "--" in window), (line, p)
            bound = guards._BOUND_BEFORE_RE.search(before) or bars._THRESHOLD_BEFORE_RE.search(before)
            assert not bound or any(c in before for c in "<>≤≥"), (line, p)
            seen = [seen[0] + config, seen[1] + setting, seen[2] + bool(bound)]
    assert min(seen) >= 3, seen


@pytest.mark.parametrize(
    ("text", "varied"),
    [
        ("from conc 16 -> 64 here", {"concurrency"}),
        ("Going TP2 -> TP4 took TPOT 31.5 ms -> 18.2 ms", {"tp"}),
        ("| `llama_tp2_smoke` / h100 | -4.1% | 120 → 131 |", set()),  # the board is named, not varied
        ("ISL 8k -> 1k", set()),  # an input length and its output's
        ("TPOT 31.5 ms -> 18.2 ms", set()),
    ],
)
def test_a_setting_varied_across_an_arrow_is_no_setting_of_its_line(text: str, varied: set[str]) -> None:
    assert varied_keys(text) == varied
    assert not varied & set(line_setup(text))


def test_a_model_files_size_beside_its_bits_per_weight_is_no_result() -> None:
    """ "two quants of Heron-30B-A3B-IQ3_KS 13.441 GiB (3.802 BPW)": the checkpoint's size, as llama.cpp prints a
    model, configuration like a llama-bench table's size column; the perplexity after it is the result."""
    text = (
        "Trying again with two quants of Heron-30B-A3B-IQ3_KS 13.441 GiB (3.802 BPW), one recipe.\n\n"
        "Final perplexity drops from 5.1210 to 5.1107.\n"
    )
    assert [(c.kind, c.value) for c in extract(text, "x.md").claims] == [("accuracy", 5.1107)]


def _read(name: str) -> list[tuple[int, str | None, float | None, str | None, float | None]]:
    path = Path(__file__).parent / "fixtures" / "prose" / name
    claims = extract(path.read_text(encoding="utf-8"), path=name).claims
    return [(c.source.line, c.metric, c.value, c.unit, c.reference) for c in claims if c.kind in ("perf", "accuracy")]


def test_a_value_bolded_apart_from_its_unit_is_read_and_a_base_sides_value_after_while_is_its_reference() -> None:
    """ "**412.7** tok/s" is 412.7 tok/s (round 12, cause 4: the bold cut the unit off, so the value was lost and the
    baseline after it claimed with debris as its measure); "X, while the previous build gives Y" and "X, compared
    with Y before" make Y X's reference, but two runs neither of which is a base side stay two values."""
    assert _read("bold_value_apart_from_unit.md") == [
        (3, "Decode throughput", 412.7, "tok/s", 380.2),
        (4, "Request throughput", 88.5, "req/s", None),
        (5, "median TTFT", 41.0, "ms", 55.0),
        (6, "output throughput", 912.0, "tok/s", 850.0),
        (7, "The python loop", 46.0, "ms", None),
        (7, "The python loop", 45.0, "ms", None),
    ]


def test_a_setting_changed_or_a_sweeps_points_counted_in_prose_is_no_result() -> None:
    """ "reduced `max_tile_count` from 64 to 16", "range is restricted from 1 to 32", "swept all 24 points instead of
    12" (round 12, cause 6) set the run up; a backticked measure that fell from A to B is a result."""
    assert _read("settings_changed_or_counted.md") == [
        (5, "Decode latency", 10.1, "ms", 12.4),
        (5, "mean_tpot_ms", 12.9, None, 14.2),
    ]


def test_a_bound_changed_in_a_times_unit_or_a_window_the_run_was_given_is_no_result() -> None:
    """ "lowers `handoff_timeout_ms` from 300000 ms to 45000 ms", "raises `max_wait_ms` from 20 ms to 250 ms", "for a
    fixed window (900 s)" (session 69, reader323 cause 8: each was a result, a timeout's change a 90 % gain); a code
    name of a bound measured to move ("`max_tpot_ms` fell from 31.4 ms") stays a result."""
    assert _read("bound_settings_changed.md") == [
        (11, "mean TTFT", 388.0, "ms", 412.5),
        (11, "max_tpot_ms", 30.9, "ms", 31.4),
    ]
    assert names_a_bound("kv_transfer_timeout_ms") and names_a_bound("--max-wait-ms")
    assert not names_a_bound("mean_tpot_ms") and not names_a_bound("maximal_rate")


def test_a_benchmark_named_after_the_model_names_the_score() -> None:
    """ "The accuracy of Phi-4-mini on mmlu climbs from 61.0 to 66.3" is the mmlu accuracy (round 12, cause 7), as
    "The mmlu accuracy of Phi-4-mini ..." reads."""
    assert _read("benchmark_named_after_model.md") == [
        (3, "mmlu accuracy", 66.3, None, 61.0),
        (5, "humaneval score", 50.1, None, 48.2),
    ]


def test_a_change_told_again_as_a_count_is_one_claim_that_keeps_the_count_as_its_note() -> None:
    text = (
        "The new parser lifts GSM8K by 1.7 points, or 22 more correct answers.\n\n"
        "Timeouts fall from 2.0% to 1.5%, i.e. 9 fewer failed requests.\n\n"
        "Decode speed improves by 8%, or 210 more tokens per second.\n"
    )
    got = [(c.source.line, c.kind, c.value, c.note) for c in extract(text, path="x.md").claims]
    assert (1, "accuracy", 1.7, "the same change counted: +22 answers") in got
    assert (3, "perf", 1.5, "the same change counted: -9 requests") in [(a, "perf", v, n) for a, _, v, n in got]
    # the count is no score and no test tally; a rate restated per second is no count
    assert not [g for g in got if g[2] in (22.0, 9.0)] and not [g for g in got if g[1] == "tests"]
    assert [g[3] for g in got if g[0] == 5] == [None]


def test_a_scores_parts_in_its_brackets_are_named_by_their_labels() -> None:
    """ "Winogrande 74.0 (dev: 75.2, test: 72.8)": the whole score, then each part's under its label; a side, a spread
    or a setting in the bracket is none (the reference, the stderr, the setup)."""
    text = (
        "# t\n\n- Winogrande 74.0 (`dev`: `75.2`, test: 72.8)\n- GSM8K 77.3 (main: 76.8)\n"
        "- HellaSwag 80.1 (stderr 0.4)\n- Decode 1200 tok/s (TP2: 1310 tok/s)\n"
    )
    got = [(c.metric, c.value, c.reference) for c in extract(text, path="t.md").claims if c.value is not None]
    assert got[:3] == [("Winogrande", 74.0, None), ("Winogrande dev", 75.2, None), ("Winogrande test", 72.8, None)]
    assert ("GSM8K", 77.3, 76.8) in got and ("HellaSwag", 80.1, None) in got
    assert not any("TP2" in (m or "") for m, _, _ in got)


def test_a_value_measures_its_own_clause_s_subject_and_the_comparative_after_it() -> None:
    """Issue 26 mechanism 6: "accuracy holds while performance improves by 7%" is performance's gain, never an
    accuracy of 7; "X is 11-19% faster" is X's speed-up ("faster" after the value is its measure); a pronoun names
    nothing, and a clause whose subject is the first clause's measure keeps it."""
    cases = {
        "Accuracy stays the same while performance improves by about 7% over the old router.\n": (
            "perf",
            "performance improvement",  # (the verb's word on it: an improvement, whatever the measure)
        ),
        "Memory use is flat, whereas the prefill step gets 12% quicker.\n": ("perf", "prefill step speedup"),
        "The decode-path microbenchmark is 11-19% faster with the cached table.\n": (
            "perf",
            "decode-path microbenchmark speedup",
        ),
        "GSM8K accuracy is unchanged and throughput goes up by 5.5%.\n": ("perf", "throughput"),
        "Cold start of the fused build is 1.5x slower than the split build.\n": (
            "perf",
            "Cold start of the fused build slowdown",
        ),
    }
    for text, want in cases.items():
        got = [(c.kind, c.metric) for c in extract(text, path="t.md").claims]
        assert got == [want], text


def test_a_confidence_level_before_interval_is_no_result() -> None:
    """ "the approximate 95% interval for the change: [-1.6%, +1.5%]": 95% is how sure the interval is, as in "95%
    CI"; a share below one half before the word ("a 12% interval gain") is a change all the same."""
    got = [
        c.value
        for c in extract("- the approximate 95% interval for the change: **[-1.6%, +1.5%]**\n", path="t.md").claims
    ]
    assert 95.0 not in got and got == [-1.6, 1.5]
    assert [c.value for c in extract("- a 12% interval gain on the rerun\n", path="t.md").claims] == [12.0]


@pytest.mark.parametrize(
    "line",
    [
        "The image bump moved cuDNN 9.21 -> 9.22 and CUDA 12.8 → 12.9.",
        "It pins NCCL version 2.27 for now.",
        "Rechecked: the slowdown is ~90% scheduler jitter.",
        "The regression was mostly 80% due to the shared node.",
    ],
)
def test_library_versions_and_the_share_a_cause_explains_are_no_results(line: str) -> None:
    assert [c for c in extract(line + "\n", path="t.md").claims if c.kind == "perf"] == []


def test_a_share_of_a_change_that_is_measured_stays_a_result() -> None:
    claims = extract("- Decode throughput is 12% higher than main.\n", path="t.md").claims
    assert [c.value for c in claims] == [12.0]


def test_values_said_respectively_take_each_listed_items_setup() -> None:
    """ "On A and B, req/s rose by 25% and 35% respectively": the first share is A's, the second B's; a slash list
    of cache dtypes before them ("int8/int4 kv cache") gives each its dtype, and the line keeps neither as its own."""
    path = Path(__file__).parent / "fixtures" / "prose" / "respective_shares_and_overheads.md"
    claims = [c for c in extract(path.read_text(encoding="utf-8"), path=path.name).claims if c.source.line < 8]
    got = [
        (c.source.line, c.value, c.config.get("model"), c.config.get("quant"), c.config.get("kv_cache")) for c in claims
    ]
    assert got == [
        (5, 25.0, "Orca2-13B", None, None),
        (5, 35.0, "Finch-7B", None, None),
        (6, 12.0, None, "fp8", None),
        (6, 18.0, None, "int4", None),
        (7, 21.0, "Orca2-13B", None, "int8"),
        (7, 29.0, "Orca2-13B", None, "int4"),
    ]


def test_a_factor_or_share_named_by_its_change_noun_after_the_measure() -> None:
    """ "~4x KV cache memory reduction" is a reduction of the KV cache's memory (no count of caches), "5%-6%
    end-to-end latency overhead" that latency's overhead, not the clause before it; "8x H100" stays a count."""
    assert [r[:4] for r in _read("respective_shares_and_overheads.md") if r[0] >= 8] == [
        (8, "KV cache memory reduction", 4.0, "x"),
        (9, "memory savings for the draft weights", 3.0, "x"),
        (10, "end-to-end latency overhead", 5.0, "%"),
        (11, "decode overhead", 3.0, "%"),
    ]


def test_an_arm_set_against_another_by_vs_takes_the_other_arms_value_as_its_reference() -> None:
    """ "eager median 41.2 tok/s (n=12) vs graph median 55.9": the second arm's value (its unit the first's, its
    name ending as the first's does) is the first's reference, never a value of its own under the first arm's
    words; "vs the old path at 55.9" names no arm so, and stays two values. A "vs" that ends a wrapped line still
    joins the arms; where the first arm names the base side ("default median X vs opt-out median Y"), the second
    arm's value is the claim and the first's its reference."""
    path = Path(__file__).parent / "fixtures" / "prose" / "arm_contrasts.md"
    got = [(c.source.line, c.metric, c.value, c.reference) for c in extract(path.read_text(), path.name).claims]
    assert [g for g in got if g[0] != 5 or g[1] == "fused"] == [
        (3, "eager median", 41.2, 55.9),
        (5, "fused", 0.84, 1.9),
        (7, "eager median", 118.0, 97.5),
        (9, "Decode", 41.2, None),
        (9, "Decode", 55.9, None),
        (11, "eager median", 30.5, 36.1),
        (14, "opt-out median", 27.5, 22.0),
        (17, "opt-out median", 15.5, 12.0),
    ], got


def test_a_judged_run_of_shares_said_respectively_names_each_share_one_change_with_its_items_setup() -> None:
    """ "QPS is improved by around 18% and 27% respectively": the auxiliary is no word of the measure, and the verb
    judges both shares of the run, so both are one "QPS improvement", each under its own listed item; the items may
    also follow the run ("... 11% and 16% on Orca2-13B and Finch-7B, respectively")."""
    text = (
        "With fp8/int4 kv cache on Qwen2-7B, QPS is improved by around 18% and 27% respectively compared to bf16.\n\n"
        "Decode throughput rose by 11% and 16% on Orca2-13B and Finch-7B, respectively.\n"
    )
    got = [
        (c.metric, c.value, c.config.get("kv_cache"), c.config.get("model")) for c in extract(text, path="t.md").claims
    ]
    assert got == [
        ("QPS improvement", 18.0, "fp8", "Qwen2-7B"),
        ("QPS improvement", 27.0, "int4", "Qwen2-7B"),
        ("Decode throughput", 11.0, None, "Orca2-13B"),
        ("Decode throughput", 16.0, None, "Finch-7B"),
    ]


def test_values_listed_per_position_are_each_draft_positions_acceptance_rate() -> None:
    """ "per-position ~0.81 / 0.62 / 0.47" after a draft's mean acceptance: three positions' rates, one series each (a
    `position` key), never three unnamed numbers nor three runs of one measure; a time after the run is no rate."""
    text = (
        "- The draft is accepted ~58% of the time; per-position ~0.81 / 0.62 / 0.47.\n\n"
        "Per position the rates came out at 0.9, 0.7 and 0.5, with decode at 11.2 ms.\n"
    )
    got = [(c.kind, c.metric, c.value, c.config.get("position")) for c in extract(text, path="t.md").claims]
    rates = [g for g in got if g[1] == "per-position acceptance rate"]
    assert rates == [
        ("acceptance", "per-position acceptance rate", 0.81, "1"),
        ("acceptance", "per-position acceptance rate", 0.62, "2"),
        ("acceptance", "per-position acceptance rate", 0.47, "3"),
        ("acceptance", "per-position acceptance rate", 0.9, "1"),
        ("acceptance", "per-position acceptance rate", 0.7, "2"),
        ("acceptance", "per-position acceptance rate", 0.5, "3"),
    ]
    assert ("perf", 11.2) in [(k, v) for k, _, v, _ in got]


def test_a_value_a_modal_verb_puts_in_a_hypothetical_is_no_result() -> None:
    """ "without the chat template, raw prompts would collapse acceptance to ~1", "it could fall to 90 tok/s": what
    would happen under another setup, never what the run measured; the measured value beside it stays."""
    text = (
        "- Mean acceptance length ~2.6; raw prompts would collapse acceptance to ~1.\n"
        "- Decode reached 240 tok/s; without the cache it could fall to about 90 tok/s.\n"
        "- Decode dropped to 120 tok/s after the rebase.\n"
    )
    got = [(c.source.line, c.value) for c in extract(text, path="t.md").claims]
    assert got == [(1, 2.6), (2, 240.0), (3, 120.0)]


def test_a_title_the_description_restates_whole_is_claimed_once() -> None:
    """A bot's body that opens with the PR's title again states each value once: the body's line is kept, the
    title's copy makes no second claim (nor does a short title a heading of the body may repeat lose its own)."""
    path = Path(__file__).parent / "fixtures" / "prose" / "restated_title.md"
    got = [(c.source.line, c.value) for c in extract(path.read_text(), path.name).claims]
    assert got == [(4, 1.31), (4, 27.5)], got


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # emphasis opened between the verb and what it reduces keeps the verb's direction
        ("Reordering the sampler kernels reduces **ITL by 18%** at batch 64.", [("ITL", -18.0, "%")]),
        # a bound before the share ("by up to") keeps the verb's direction, and a slash keeps both statistics
        ("Batching the prefills cuts p50/mean TTFT by up to ~41% under burst load.", [("p50/mean TTFT", -41.0, "%")]),
        ("The pinned pool lowers peak host memory by as much as 22%.", [("peak host memory", -22.0, "%")]),
        # a verb that multiplies a speed is its factor, no number written
        ("Fusing the two kernels doubles decode throughput on H100.", [("decode throughput", 2.0, "x")]),
        ("The new layout roughly triples the prefill speed at batch 32.", [("prefill speed", 3.0, "x")]),
        # a gap in points under another arm is down, whichever arm it is (not a base run of the PR)
        ("On MMLU the INT4 checkpoint lands 0.7 points below BF16.", [(None, -0.7, "points")]),
        # doubling a setting or a cost states no result
        ("We doubled the batch size to 64 and doubled the memory pool.", []),
    ],
)
def test_a_stated_change_keeps_the_direction_its_words_give(
    line: str, expected: list[tuple[str | None, float, str]]
) -> None:
    claims = [c for c in extract(line + "\n").claims if c.kind in ("perf", "accuracy")]
    got = [(c.metric if e[0] is not None else None, c.value, c.unit) for c, e in zip(claims, expected, strict=False)]
    assert len(claims) == len(expected) and got == expected


def test_a_share_less_of_a_measure_named_by_its_noun_keeps_the_noun() -> None:
    """ "takes 60% less KV memory" (s62 reader264 cause 8): the measure is "KV memory", a memory, which is better
    lower (the report calls it an improvement, never a regression of a measure named "KV"); "3% lower TTFT overall"
    is the TTFT's change, the word after it no part of its name."""
    path = Path(__file__).parent / "fixtures" / "prose" / "less_memory_measure.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    assert [(c.metric, c.value, c.unit) for c in claims] == [("KV memory", -60.0, "%"), ("TTFT", -3.0, "%")]


def test_a_pipeline_size_before_pp_is_no_points() -> None:
    """ "2 PP stages", "from 2 PP to 4 PP", "pp_size 1": pipeline sizes, no score change in percentage points; a
    signed or decimal change in "pp" stays one ("+0.7 pp", "0.5pp higher")."""
    got = [(line, value, unit) for line, _, value, unit, _ in _read("pipeline_sizes_not_points.md")]
    assert all(line not in (4, 7) or unit != "pp" for line, _, unit in got)
    assert [(line, value) for line, value, unit in got if unit == "pp"] == [(5, 0.7), (8, 0.5)]
    assert (8, 1.0, None) not in got


def test_each_sampling_score_in_a_slash_list_keeps_its_own_at_k_label() -> None:
    text = "Scores on the new build: pass@1 62.0% (pass@4 81.5 / maj@4 77.0).\n"
    got = [(c.metric, c.value) for c in extract(text, path="t.md").claims]
    assert got == [("pass@1", 62.0), ("pass@4", 81.5), ("maj@4", 77.0)]


def test_a_range_of_change_shared_by_two_measures_goes_to_both() -> None:
    text = "On the 8k run, TTFT and TPOT both fall by ~4-7%.\n"
    got = [(c.metric, c.value, c.high) for c in extract(text, path="t.md").claims]
    assert got == [("TTFT", 4.0, 7.0), ("TPOT", 4.0, 7.0)]


def test_a_gate_on_the_pushed_tree_is_the_heads_pair_named_by_the_benchs_test() -> None:
    """ "on the pushed tree" is the PR's head; "tg64" / "pp512" name llama-bench's speeds, which print no unit, as
    "tok/s" would; "42 checks, 0 FAIL" is a run's size and how many of it failed."""
    text = (
        "## Checks\n\nsmoke_suite: 42 checks, 0 FAIL.\n\n## Gate\n\n"
        "quick-bench on the pushed tree (Llama-3-8B-Q4_0, one A4000): decode tg64 101.20 vs 99.85\n\n"
        "With PP=2 the pp512 figure is 850.1 vs 801.7.\n"
    )
    claims = extract(text, path="t.md").claims
    got = [(c.kind, c.metric, c.value, c.reference, c.passed, c.failed) for c in claims]
    assert got == [
        ("tests", "smoke_suite", 42.0, None, 42, 0),
        ("perf", "decode tg64", 101.2, 99.85, None, None),
        ("perf", "pp512", 850.1, 801.7, None, None),
    ]
    assert [c.revision.label if c.revision else None for c in claims] == [None, "on the pushed tree", None]


def test_each_time_of_a_profiled_step_is_the_part_its_own_words_name() -> None:
    """A step's time split into parts, each named by its words ("of host time", "building the graph", "the GPU
    needed"), is four measures, not four runs of the sentence's subject; "190.5 seconds total" is the total time,
    never the TTFT before it; a time's "using FP8" says how it ran, not what it timed."""
    text = (
        "Each step took ~18 ms of host time (4.0 ms building the graph plus 14.0 ms encoding kernels) while the GPU"
        " needed 9.5 ms.\nThe median run reaches 0.51 decode tok/s, 80.2 seconds TTFT and 190.5 seconds total.\n"
        "Mean TTFT was 41 ms using FP8 KV.\n"
        "The new path gives 3.1x decode throughput, 2.5x faster TTFT and 2.8x lower total time.\n"
    )
    got = [(c.metric, c.value) for c in extract(text, path="t.md").claims]
    assert got == [
        ("host time", 18.0),
        ("building the graph", 4.0),
        ("encoding kernels", 14.0),
        ("GPU time", 9.5),
        ("decode tok/s", 0.51),
        ("TTFT", 80.2),
        ("total time", 190.5),
        ("Mean TTFT", 41.0),
        ("decode throughput", 3.1),
        ("faster TTFT", 2.5),
        ("lower total time", 2.8),  # (the comparative of the measure named after it, never "lower" alone)
    ]


def test_a_kernels_launch_shape_is_no_measure() -> None:
    """ "kernel: 4 CTAs on 132 SMs at rows=16": what the kernel was launched with, after its colon, never a value of
    the words before it (the sentence's numbers with no unit are counts of what follows them)."""
    text = "The FP16 norm ran the generic kernel: 4 CTAs on 132 SMs at rows=16.\nIt took 3.1 us per call.\n"
    assert [(c.metric, c.value) for c in extract(text, path="t.md").claims] == [("time per call", 3.1)]


def test_a_sides_kernel_timing_sentence_measures_the_kernel_time_not_the_kernels_named() -> None:
    # each side launches other kernels (the change itself): their names are no measure, so both sides are one series
    text = (
        "## Profiling\n\nBaseline: two launches, `rope_kernel` then `quant_kernel`, take about 12µs together.\n\n"
        "This PR: one launch of the fused `rope_quant_kernel`, about 7µs.\n"
    )
    got = [(c.metric, c.value, c.reference) for c in extract(text, path="t.md").claims]
    assert got == [("kernel time", 12.0, None), ("kernel time", 7.0, 12.0)]


def test_a_share_set_in_code_for_emphasis_is_read_as_the_same_share_in_plain_words() -> None:
    # "around `7%` higher throughput compared to X": the change, its measure after the span, the run it is against
    text = (
        "On H100 the fused path gives roughly `9%` higher throughput compared to trtllm at high concurrency.\n\n"
        "We set the memory fraction to `90%` for all runs.\n"
    )
    got = [(c.metric, c.value, c.approx, c.config.get("against")) for c in extract(text, path="t.md").claims]
    assert got == [("throughput", 9.0, True, "trtllm")]  # (a bare "`90%`" stays a setting's)


def test_a_token_rate_its_clause_says_is_each_cards_is_throughput_per_gpu_not_the_latency_before() -> None:
    """ "TTFT = 1.9s, TPOT = 27.4ms, each GPU averages 655 TPS": the rate is one GPU's throughput (tok/s/gpu), not
    the TPOT a comma before names; a rate of no device clause keeps its name."""
    text = (
        "## Serving\n\n**Result**: TTFT = 1.9s, TPOT = 27.4ms, each GPU averages 655 TPS (tokens per second).\n\n"
        "On average every card reaches 640 tok/s, and TPOT = 30ms.\n\nThe output throughput is 2,400 tok/s.\n"
    )
    got = {c.value: (c.metric, c.unit) for c in extract(text, "page.md", page=True).claims}
    assert got[655.0] == ("throughput", "tok/s/gpu")
    assert got[640.0] == ("throughput", "tok/s/gpu")
    assert got[27.4][0] == "TPOT" and got[2400.0] == ("output throughput", "tok/s")


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "The 3-bit Gemma scores WikiText 2 PPL 6.42 and C4 perplexity 9.1.",
            [("WikiText 2 PPL", 6.42), ("C4 perplexity", 9.1)],
        ),
        ("Packed weights reach a wikitext-103 perplexity of 17.3.", [("wikitext-103 perplexity", 17.3)]),
    ],
)
def test_a_corpus_named_with_its_number_is_no_value_and_names_its_perplexity(
    text: str, want: list[tuple[str, float]]
) -> None:
    """The 2 of "WikiText 2" ends the corpus's name: no score of 2, and the perplexity after it is that corpus's."""
    claims = extract(f"# Notes\n\n{text}\n", path="notes.md").claims
    assert [(c.metric, c.value) for c in claims] == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Distilling the 32B student takes 4 days 7 hours on 8 x L40S.", []),  # days are no unit prose reads
        ("Distilling the 32B student takes 7 hours on 8 x L40S.", [("distilling time", 7.0)]),
    ],
)
def test_the_hours_after_a_count_of_days_are_no_duration_of_their_own(text: str, want: list[tuple[str, float]]) -> None:
    claims = extract(f"# Notes\n\n{text}\n", path="notes.md").claims
    assert [(c.metric, c.value) for c in claims] == want


def test_a_runtimes_version_is_no_score() -> None:
    # "CUDA 12.8" after the board is the stack the job ran on; the score is the MMLU one
    text = "The accuracy check went green on 4x H100 with CUDA 12.8, MMLU 0.741.\n"
    assert [(c.kind, c.value) for c in extract(text, path="x.md").claims if c.value is not None] == [
        ("accuracy", 0.741)
    ]
    assert [c.value for c in extract("Decode on CUDA 45.2 tok/s.\n", path="x.md").claims] == [45.2]  # (a rate)


def test_a_count_of_answers_stated_with_its_share_is_no_second_score() -> None:
    # "1,204/1,319 = 91.28%": the share is the score; the count of right answers over the questions is how it was got
    text = "- 2x H20, TP2, full GSM8K: 1,204/1,319 = 91.28%.\n"
    assert [(c.value, c.unit) for c in extract(text, path="x.md").claims] == [(91.28, "%")]
    assert [c.value for c in extract("- ARC-C: 912/1000 (91.2%)\n", path="x.md").claims] == [91.2]


@pytest.mark.parametrize(
    "line",
    [
        "Decode throughput (tok/s), Wren-8B on 2x L40S, 1024 in / 256 out:",
        "Decode throughput (tok/s), 2048 in and 512 out:",
        "Throughput (tok/s) at 8192-in/1024-out:",
    ],
)
def test_lengths_by_the_short_words_are_the_runs_workload_never_a_rate(line: str) -> None:
    # (a caption's unit in brackets is no unit of the lengths after it: both are the run's setting)
    assert [c.value for c in extract(line + "\n", path="t.md").claims] == []


def test_a_rate_before_in_or_out_stays_a_result() -> None:
    assert [c.value for c in extract("We got 812 tok/s out of the box.\n", path="t.md").claims] == [812.0]


def test_workload_item_numbers_are_settings() -> None:
    """prose.workload_items: a list item labelled as the workload ("Dataset:", "Trace:") holds how the load was made
    (replay speed, cache ratio), no results; the results item beside it and a measure named in the item stay."""
    text = (
        "- **Dataset:** agent trace (1,200 requests, 2.5x replay speed, 35% cache ratio)\n"
        "- **Trace:** chat log at 0.75x replay speed\n"
        "- **Results:** 38% lower TTFT with the router on\n"
        "- **Workload:** chat replay at 2x speed, mean TTFT 190 ms\n"
    )
    got = sorted((c.source.line, c.value) for c in extract(text, path="t.md").claims if c.kind == "perf")
    assert got == [(3, -38.0), (4, 190.0)]  # ("38% lower TTFT": a fall)


def test_work_served_over_a_stated_time_is_the_run_duration() -> None:
    """vocab.protocol_windows.served_over: "N requests over X.Y s" is how long the run took (a decimal stated), while
    a round window a harness is set to ("1,000 requests over 60 s") stays a setting."""
    text = "Summary: 9,800 requests over 1,805.2 s.\n\nThe harness sends 1,000 requests over 60 s.\n"
    got = [(c.metric, c.value) for c in extract(text, path="t.md").claims]
    assert got == [("run duration", 1805.2)]


def test_a_qualified_measure_keeps_its_qualifier() -> None:
    """vocab.measure_qualifiers: "ITL coverage 0.9975" is the coverage's value, no ITL (whose latency results it would
    otherwise join); "mean ITL 9.1 ms" stays the latency."""
    text = "Checks: ITL coverage 0.9975 against a floor of 0.95.\n\nLatency: mean ITL 9.1 ms.\n"
    got = [(c.metric, c.value) for c in extract(text, path="t.md").claims]
    assert got == [("ITL coverage", 0.9975), ("mean ITL", 9.1)]
    from ledger.vocab.metrics import higher_is_better

    assert higher_is_better("ITL coverage", None, "perf") and not higher_is_better("mean ITL", "ms", "perf")


def test_a_benchmark_in_a_values_brackets_is_that_values_workload_not_the_next_ones_measure() -> None:
    # "(GSM8K)" closes the first value: the second is no GSM8K score, and each keeps its own benchmark
    got = extract("Serving speed-up at batch 8: +5% (GSM8K) to +11% (MT-Bench).\n", path="t.md").claims
    assert [(c.kind, c.value, c.config.get("dataset")) for c in got] == [
        ("perf", 5.0, "gsm8k"),
        ("perf", 11.0, "mt-bench"),
    ]
