"""The readers and the vocabulary agree: a benchmark the vocabulary knows is read in prose, and a unit
compare can scale is read by the number grammar."""

from __future__ import annotations

import pytest

from ledger.parsers import extract
from ledger.parsers.grammar.numbers import find_numbers
from ledger.vocab.metrics import BENCHMARK_SAMPLES, normalise_metric
from ledger.vocab.units import _UNIT_ALIASES, _UNIT_SCALE, canonical_unit


@pytest.mark.parametrize("name", sorted(BENCHMARK_SAMPLES))
def test_every_benchmark_with_a_sample_count_is_read_from_a_bullet(name: str) -> None:
    claims = extract(f"# Evals\n\n- {name} 85.2 (ref 84.0)\n", path="b.md").claims
    assert [(c.kind, c.value, c.reference) for c in claims] == [("accuracy", 85.2, 84.0)]
    assert normalise_metric(claims[0].metric, claims[0].kind).name == name


@pytest.mark.parametrize("name", ["MT-Bench", "docvqa", "wikitext", "AIME25"])
def test_other_benchmarks_are_read_too(name: str) -> None:
    claims = extract(f"# Evals\n\n- {name} 8.5 (ref 8.1)\n", path="b.md").claims
    assert [(c.kind, c.metric, c.value, c.reference) for c in claims] == [("accuracy", name, 8.5, 8.1)]


@pytest.mark.parametrize("alias", sorted(set(_UNIT_ALIASES) | set(_UNIT_SCALE)))
def test_every_unit_compare_scales_is_read_by_the_number_grammar(alias: str) -> None:
    found = find_numbers(f"it took 12.3 {alias} here")
    assert [(n.value, canonical_unit(n.unit, "perf")) for n in found] == [(12.3, canonical_unit(alias, "perf"))]


def test_flop_rates_are_one_unit_however_spelled() -> None:
    units = {canonical_unit(find_numbers(f"peaks at 610 {u}")[0].unit, "perf")
             for u in ("TFLOPs/s", "TFLOP/s", "TFLOPS", "TF")}
    assert units == {"tflop/s"}
