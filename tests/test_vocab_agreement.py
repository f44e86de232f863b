"""The readers and the vocabulary agree: every metric and unit is one row of a table in ledger/vocab/ (METRICS,
UNIT_TABLE), the readers' patterns are built from those rows, and what a row says is what the readers do."""

from __future__ import annotations

import pytest

from ledger.parsers import extract
from ledger.parsers.grammar.numbers import find_numbers
from ledger.parsers.grammar.pairs import pairs_in
from ledger.parsers.kv.labels import measured
from ledger.vocab.metric_table import METRICS, Metric
from ledger.vocab.metrics import (
    BENCHMARK_SAMPLES,
    higher_is_better,
    kind_for_metric,
    named_benchmark,
    normalise_metric,
)
from ledger.vocab.unit_table import UNIT_TABLE, Unit, unit_row
from ledger.vocab.units import (
    canonical_unit,
    is_count_unit,
    is_measure_unit,
    measure_of_unit,
    unit_factor,
    unit_higher_is_better,
)

_COUNTED = [m for m in METRICS if m.samples is not None]
_SCALED = [u for u in UNIT_TABLE if unit_factor(u.spelling) is not None]


def test_the_tables_hold_the_known_benchmarks_and_scaled_units() -> None:
    # a table that lost its rows would make every test below pass vacuously
    assert {"gsm8k", "chartqa", "mathvista", "truthfulqa", "mmlu-pro"} <= {m.name for m in _COUNTED}
    assert {"msec", "usecs", "gib", "minutes", "hrs", "milliseconds", "nanoseconds"} <= {u.spelling for u in _SCALED}
    assert {m.name: m.samples for m in _COUNTED} == BENCHMARK_SAMPLES


@pytest.mark.parametrize("metric", _COUNTED, ids=lambda m: m.name)
def test_every_benchmark_with_a_sample_count_is_read_from_a_bullet(metric: Metric) -> None:
    claims = extract(f"# Evals\n\n- {metric.name} 85.2 (ref 84.0)\n", path="b.md").claims
    assert [(c.kind, c.value, c.reference) for c in claims] == [("accuracy", 85.2, 84.0)]
    assert normalise_metric(claims[0].metric, claims[0].kind).name == metric.name


@pytest.mark.parametrize(
    "name", ["chartqa", "mathvista", "truthfulqa", "livecodebench", "MT-Bench", "docvqa", "wikitext", "AIME25"]
)
def test_other_benchmarks_are_read_too(name: str) -> None:
    claims = extract(f"# Evals\n\n- {name} 8.5 (ref 8.1)\n", path="b.md").claims
    assert [(c.kind, c.metric, c.value, c.reference) for c in claims] == [("accuracy", name, 8.5, 8.1)]


@pytest.mark.parametrize("metric", METRICS, ids=lambda m: m.name)
def test_a_metric_row_says_what_the_classifiers_say(metric: Metric) -> None:
    """The row's kind and direction are the ones the readers and compare give its canonical name."""
    assert kind_for_metric(metric.name) == metric.kind
    assert higher_is_better(metric.name, None, metric.kind) == metric.higher_is_better
    assert normalise_metric(metric.name, metric.kind).name == metric.name


@pytest.mark.parametrize("unit", _SCALED, ids=lambda u: u.spelling)
def test_every_unit_compare_scales_is_read_by_the_number_grammar(unit: Unit) -> None:
    found = find_numbers(f"it took 12.3 {unit.spelling} here")
    assert [(n.value, canonical_unit(n.unit, "perf")) for n in found] == [(12.3, unit.family)]
    assert unit_factor(found[0].unit) == unit.scale


@pytest.mark.parametrize("unit", [u for u in UNIT_TABLE if u.read], ids=lambda u: u.spelling)
def test_every_spelling_the_grammar_reads_is_its_own_row(unit: Unit) -> None:
    """Read whole, as the row's unit ("tokens / sec" is printed "tokens/sec", which is tok/s too)."""
    found = find_numbers(f"it took 12.3 {unit.spelling} here")
    assert [n.value for n in found] == [12.3]
    row = unit_row(found[0].unit)
    assert row is not None and row.canonical == unit.canonical


@pytest.mark.parametrize("spelling", ["12.3 milliseconds", "12300 microseconds", "12.3 msec", "0.0123 seconds"])
def test_a_time_spelled_out_is_read_and_scaled(spelling: str) -> None:
    claims = extract(f"TTFT: {spelling}\n", path="k.md").claims
    assert len(claims) == 1 and claims[0].metric == "TTFT"
    assert claims[0].value * (unit_factor(claims[0].unit) or 0.0) == pytest.approx(0.0123)


def test_ttft_in_msec_is_a_time_in_ms() -> None:
    claims = extract("TTFT: 12.3 msec\n", path="k.md").claims
    assert [(c.metric, c.value) for c in claims] == [("TTFT", 12.3)]
    row = unit_row(claims[0].unit)
    assert row is not None and (row.canonical, row.family, row.scale) == ("ms", "time", 1e-3)


def test_flop_rates_are_one_unit_however_spelled() -> None:
    units = {
        canonical_unit(find_numbers(f"peaks at 610 {u}")[0].unit, "perf")
        for u in ("TFLOPs/s", "TFLOP/s", "TFLOPS", "TF")
    }
    assert units == {"tflop/s"}


@pytest.mark.parametrize("unit", UNIT_TABLE, ids=lambda u: u.spelling)
def test_a_unit_row_says_what_the_readers_ask(unit: Unit) -> None:
    assert is_measure_unit(unit.spelling) == (unit.role == "measure")
    assert is_count_unit(unit.spelling) == (unit.role == "count")
    if unit.family in ("rate", "flop rate"):
        assert measure_of_unit(unit.spelling) == "throughput"
    if unit.family == "bandwidth":  # (an unnamed "5.4 TB/s" is a bandwidth, not a token rate)
        assert measure_of_unit(unit.spelling) == "bandwidth"
    if unit.family in ("time", "time per token"):
        assert measure_of_unit(unit.spelling) == "latency"


def test_a_list_of_models_or_devices_measures_what_its_unit_says_in_any_spelling() -> None:
    text = "# Decode\n\n- 7B: 20.1 ms/tok\n- 8B: 22.0 ms/tok\n\n# Kernels\n\n- H100: 610 TFLOPS\n- B200: 1100 TFLOPS\n"
    claims = extract(text, path="l.md").claims
    assert [(c.metric, c.value, dict(c.config)) for c in claims] == [
        ("latency", 20.1, {"model": "7B"}),
        ("latency", 22.0, {"model": "8B"}),
        ("throughput", 610.0, {"gpu": "H100"}),
        ("throughput", 1100.0, {"gpu": "B200"}),
    ]


_TIMES = [u for u in UNIT_TABLE if u.family == "time" and u.read]


@pytest.mark.parametrize("unit", _TIMES, ids=lambda u: u.spelling)
def test_a_phase_timed_in_any_spelling_of_a_time_is_measured(unit: Unit) -> None:
    """ "Warmup: 10" counts iterations, a setting; "Warmup: 2 hrs" is how long the phase took."""
    claims = extract(f"Warmup: 2 {unit.spelling}\n", path="w.md").claims
    assert [(c.metric, c.value, unit_factor(c.unit)) for c in claims] == [("Warmup", 2.0, unit.scale)]


@pytest.mark.parametrize("unit", _TIMES, ids=lambda u: u.spelling)
def test_a_time_to_run_an_eval_is_its_duration_in_any_spelling(unit: Unit) -> None:
    claims = extract(f"The eval took 1.5 {unit.spelling} to run GSM8K eval on one node.\n", path="d.md").claims
    assert [(c.metric, c.value) for c in claims] == [("GSM8K eval duration", 1.5)]


def test_a_value_before_a_one_word_unit_of_the_table_has_that_unit() -> None:
    """A word between the value and its unit ("12.5 total usecs") is taken only before a unit the table knows."""
    pairs = pairs_in("prefill: 12.5 total usecs, decode: 3.1 avg msecs, rate: 3 tps")
    assert [(p.label, p.value, p.unit) for p in pairs] == [
        ("prefill", 12.5, "usecs"),
        ("decode", 3.1, "msecs"),
        ("rate", 3.0, "tps"),
    ]


def test_a_benchmark_in_any_spelling_of_the_table_is_an_accuracy() -> None:
    """The kind classifier takes the table's spellings ("human_eval", "math_500"), not a shorter list of its own."""
    claims = extract("human_eval pass rate: 80.2\nmath_500 solved: 71.0\n", path="k.md").claims
    assert [(c.kind, c.value) for c in claims] == [("accuracy", 80.2), ("accuracy", 71.0)]
    assert {normalise_metric(c.metric, c.kind).name for c in claims} == {"humaneval", "math500"}


@pytest.mark.parametrize(
    "unit", [u for u in UNIT_TABLE if unit_higher_is_better(u.spelling) is not None], ids=lambda u: u.spelling
)
def test_a_value_in_a_time_size_rate_or_ratio_goes_the_way_its_unit_says(unit: Unit) -> None:
    """Whatever the value is named: a time in msec is better lower, a rate in TFLOPS higher."""
    up = unit.family in ("rate", "bandwidth", "flop rate", "ratio")
    assert higher_is_better("value", unit.spelling, "perf") is up
    assert higher_is_better("kernel", unit.spelling, "perf") is up


def test_a_benchmark_timed_in_any_spelling_of_a_time_is_a_perf_result() -> None:
    claims = extract("GSM8K: 41.2 msec\nMMLU: 2.5 hours\n", path="t.md").claims
    assert [(c.kind, c.metric, c.value) for c in claims] == [("perf", "GSM8K", 41.2), ("perf", "MMLU", 2.5)]
    assert [c.kind for c in extract("MMLU: 71.3\n", path="t.md").claims] == ["accuracy"]


@pytest.mark.parametrize("unit", [u for u in UNIT_TABLE if u.family == "share" and u.read], ids=lambda u: u.spelling)
def test_a_benchmark_in_prose_in_any_spelling_of_a_share_is_an_accuracy(unit: Unit) -> None:
    """ "85.1 percent" and "71.2 pts" are scores as "85.1%" is; the prose reader had its own, shorter list."""
    claims = extract(f"gsm8k improves to 85.1 {unit.spelling} on this branch.\n", path="p.md").claims
    assert [(c.kind, c.metric, c.value) for c in claims] == [("accuracy", "gsm8k", 85.1)]


@pytest.mark.parametrize("metric", METRICS, ids=lambda m: m.name)
def test_a_printed_label_naming_a_metric_of_the_table_is_a_measured_value(metric: Metric) -> None:
    """The printed-output readers' list of measured names had gsm8k and mmlu but not chartqa or hellaswag."""
    assert measured(metric.name) and measured(f"{metric.name} (5-shot)")


def test_a_commit_sha_holding_e2e_names_no_latency() -> None:
    from ledger.vocab.metrics import higher_is_better

    # "...bfdbae2e6b...": hex digits around "e2e" are a sha's, not an end-to-end latency
    assert higher_is_better("score at d230e9c5fb6ba79365e3e94bfdbae2e6b9c5bdd5", None, "perf")
    assert not higher_is_better("mean_e2e", None, "perf") and not higher_is_better("E2EL", None, "perf")


@pytest.mark.parametrize(
    "sentence",
    [
        "We aimed to run every kernel on one machine.",
        "It aims at a fair comparison between the two builds.",
        "The rulers of the sweep were fixed.",
    ],
)
def test_a_word_that_only_begins_with_a_benchmarks_name_names_no_benchmark(sentence: str) -> None:
    # ("aimed" gave every table under its paragraph dataset=aime, and compare paired by that bogus key)
    assert named_benchmark(sentence) is None


@pytest.mark.parametrize(("text", "name"), [("Scores on AIME:", "aime"), ("aime25 results", "aime2025")])
def test_a_benchmarks_name_standing_alone_or_with_its_year_is_named(text: str, name: str) -> None:
    assert named_benchmark(text) == name


@pytest.mark.parametrize(
    ("words", "short"),
    [
        ("tokens per second", "tok/s"),
        ("tokens per sec", "tok/s"),
        ("requests per second", "req/s"),
        ("milliseconds", "ms"),
    ],
)
def test_a_unit_written_in_words_is_kept_as_printed_and_joins_its_short_spelling(words: str, short: str) -> None:
    found = find_numbers(f"the server reached 41.5 {words} on the sweep")
    assert [(n.value, n.unit) for n in found] == [(41.5, words)]  # (the claim's unit is as printed)
    assert canonical_unit(words, "perf") == canonical_unit(short, "perf")  # (one series in compare)
