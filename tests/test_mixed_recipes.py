"""A mixed-width quantisation recipe's setup, as a caption, a table's corner or a run's label states it
(tests/fixtures/tables/caption_scheme_mix.md, gguf_option_rows.md), and an average over several tasks as a
measure of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.model import Claim
from ledger.parsers import extract
from ledger.vocab.metrics import normalise_metric
from ledger.vocab.scheme_mixes import average_bits, scheme_mix
from ledger.vocab.setup_keys import key_class
from ledger.vocab.tuning_words import label_knobs

_FIXTURES = Path(__file__).parent / "fixtures" / "tables"


def _claims(name: str) -> list[Claim]:
    return extract((_FIXTURES / name).read_text(), path=name).claims


@pytest.mark.parametrize(
    ("text", "mix", "bits"),
    [
        ("Table 4 Comparison at an average of 3 bits of W2G128 and W4G128", "w2g128+w4g128", "3"),
        ("Table 2 Comparison at an average of 5 bits of mxfp datatype", "mxfp", "5"),
        ("Table 1 MXFP4/8 mixed accuracy.", "mxfp4+mxfp8", None),
        ("evalscope, options q2ks,q4ks avgbits 3.5, ignore_scale_zp", "q2_k_s+q4_k_s", "3.5"),
        ("--options gguf:q2_k_s,gguf:q4_k_s --target_bits 3.5", "q2_k_s+q4_k_s", None),
        # two schemes set side by side, no word of a mix: two runs, never one recipe
        ("### FP8 and INT8 results", None, None),
        ("W4A16 results", None, None),
    ],
)
def test_a_caption_or_corner_names_the_mixed_recipe_and_its_average_width(
    text: str, mix: str | None, bits: str | None
) -> None:
    assert (scheme_mix(text), average_bits(text)) == (mix, bits)


def test_a_caption_sets_the_recipe_of_every_cell_of_its_table() -> None:
    got = {(c.source.line, c.config.get("quant"), c.config.get("bits")) for c in _claims("caption_scheme_mix.md")}
    assert {q for _, q, _ in got} == {"mxfp6+mxfp8", "nvfp", "w2g64+w4g64"}
    # the row's own width wins over the caption's average ("Ours 7-bit"), the corner's states it for the table
    assert (12, "mxfp6+mxfp8", "7") in got and (18, "nvfp", "5") in got and (25, "w2g64+w4g64", "3") in got


def test_a_gguf_corner_and_a_run_label_state_options_width_and_tuning_steps() -> None:
    claims = _claims("gguf_option_rows.md")
    assert claims and all(c.config.get("quant") == "q3_k_s+q5_k_s" and c.config["bits"] == "4" for c in claims)
    assert {c.source.line: c.config.get("iters") for c in claims} == {6: "0", 7: "200"}


def test_tuning_steps_are_a_hard_key_read_from_a_label_only() -> None:
    assert key_class("iters") == "hard"
    assert label_knobs("qwen3-8b (AR<=0.13.1) iters 0") == {"iters": "0"}
    assert label_knobs("pr branch + iterations=200") == {"iters": "200"}
    assert label_knobs("qwen3-8b bf16") == {}


def test_an_average_over_tasks_is_named_by_all_of_them_not_its_last() -> None:
    five = "average accuracy (lambada_openai, hellaswag, piqa, winogrande, mmlu)"
    assert normalise_metric(five, "accuracy").name == "avg(hellaswag, lambada-openai, mmlu, piqa, winogrande)"
    reordered = "mean accuracy (mmlu, winogrande, piqa, hellaswag and lambada_openai)"
    assert normalise_metric(reordered, "accuracy").name == normalise_metric(five, "accuracy").name
    assert normalise_metric("accuracy (gsm8k)", "accuracy").name == "gsm8k"
