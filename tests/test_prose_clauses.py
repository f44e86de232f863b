"""Prose clauses that state one change each: the way a share went ("now 25% slower": a speed-up below zero, never an
improvement), and the setting or phase each clause names for its own number, not its neighbour's."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers import extract
from ledger.vocab.stated_changes import stated_direction


def _claims(text: str) -> list[Claim]:
    return [c for c in extract(text, path="t.md").claims if c.value is not None]


def test_a_share_called_slower_is_a_speedup_below_zero() -> None:
    for text in (
        "I repeated the timings on my P40. The largest change is Q3_K, which is now 25% slower.\n",
        "Decode is 25% slower.\n",
    ):
        (c,) = _claims(text)
        assert c.value == -25.0 and c.metric in ("Q3_K speedup", "Decode speedup"), text  # (the relative's antecedent)
        assert stated_direction(c.metric, c.value, c.unit, c.config.get("against")) == -1, text


def test_a_share_slower_than_a_run_keeps_that_run() -> None:
    (c,) = _claims("Decode is 25% slower than master.\n")
    assert c.value == -25.0 and c.config.get("against") == "master"


def test_a_share_called_faster_stays_a_gain() -> None:
    (c,) = _claims("The largest change is Q3_K, which is now 25% faster.\n")
    assert c.value == 25.0


def test_a_clause_naming_other_batch_sizes_keeps_no_batch_of_the_clause_before() -> None:
    (c,) = _claims("The new kernels match the old kernel at batch size 1 and are 50% faster at larger batch sizes.\n")
    assert c.value == 50.0 and "batch_size" not in c.config


def test_a_clauses_own_batch_size_still_holds() -> None:
    text = "They are 20% faster at batch size 8 and 30% faster at larger batches.\n"
    got = {c.value: c.config for c in _claims(text)}
    assert got[20.0].get("batch_size") == "8" and "batch_size" not in got[30.0]
    (c,) = _claims("At batch size 1 the new kernel is 20% faster.\n")
    assert c.config.get("batch_size") == "1"


def test_each_clause_names_its_own_phase() -> None:
    got = {c.value: c.metric for c in _claims("Prefill is 1.5x faster and decode 1.1x faster.\n")}
    assert got == {1.5: "Prefill speedup", 1.1: "decode speedup"}
    text = "Prompt processing gets 1.4x faster, and token generation is up to 1.2x faster.\n"
    got = {c.value: c.metric for c in _claims(text)}
    assert got[1.2] == "token generation speedup"


def test_a_stated_fall_goes_the_way_its_measure_is_better() -> None:
    """ "TTFT reduction 28.4%" (a fall verb after the measure, reduced_by.fell_by) is an improvement; a throughput's
    fall a regression; the fall of a measure whose way no word tells ("the gap") states none."""
    assert stated_direction("TTFT reduction", 28.4, "%", None) == 1
    assert stated_direction("Output throughput reduction", 5.0, "%", None) == -1
    assert stated_direction("the gap reduction", 3.0, "%", None) is None


def test_each_engines_part_of_a_sentence_sets_up_its_own_values_only() -> None:
    """ "vLLM ...; SGLang ...": each part's engine is its values' backend; a sentence naming one engine sets none."""
    from ledger.parsers.prose.engine_clauses import clause_engine

    text = "Against the Service: vLLM reaches 812 ms TTFT, and 9,120 tok/s; SGLang 640 ms."
    assert clause_engine(text, text.index("812"))["backend"] == "vllm"
    assert clause_engine(text, text.index("9,120"))["backend"] == "vllm"
    assert clause_engine(text, text.index("640"))["backend"] == "sglang"
    assert clause_engine(text, text.index("Service")) == {}
    assert clause_engine("SGLang reaches 640 ms; the old one 700 ms.", 15) == {}
