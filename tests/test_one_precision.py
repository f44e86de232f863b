"""One precision, two spellings (vocab.one_precision): a generic family word where the text states exactly one
member of that family is that member, in a document's claims and across the claims compare is given."""

from __future__ import annotations

from pathlib import Path

from ledger.model import Claim, Source
from ledger.parsers.pipeline import extract
from ledger.vocab.canonical import precision_family
from ledger.vocab.one_precision import as_stated_member, stated_members

FIXTURES = Path(__file__).parent / "fixtures"


def _claim(**config: str) -> Claim:
    return Claim(
        kind="perf",
        metric="throughput",
        value=1.0,
        source=Source(path="pr.md", line=1, line_end=1, text="x"),
        config=config,
    )


def test_the_table_names_each_specific_precisions_family() -> None:
    assert precision_family("nvfp4") == precision_family("mxfp4") == "fp4"
    assert precision_family("awq_int4") == precision_family("gptq_int4") == "int4"
    # a bare "fp8" is e4m3 already, and e5m2 beside it is another arm, not another spelling
    assert precision_family("fp8_e5m2") is None and precision_family("fp4") is None


def test_a_generic_word_reads_as_the_one_member_stated_and_a_checkpoints_name_states_one() -> None:
    got = as_stated_member([_claim(quant="FP4"), _claim(model="nvidia/Qwen3-30B-A3B-NVFP4")])
    assert got[0].config == {"quant": "nvfp4"}
    assert got[1].config == {"model": "nvidia/Qwen3-30B-A3B-NVFP4"}
    assert stated_members([("kv_cache", "fp4"), ("kv_cache", "NVFP4"), ("quant", "int4")]) == {
        ("kv_cache", "fp4"): "nvfp4"
    }


def test_two_members_stated_leave_the_generic_word_as_printed() -> None:
    claims = [_claim(quant="fp4"), _claim(quant="MXFP4"), _claim(quant="nvfp4")]
    assert as_stated_member(claims) == claims
    # (and one key's member is no other key's: an NVFP4 KV cache says nothing of the weights)
    assert as_stated_member([_claim(quant="fp4", kv_cache="nvfp4")])[0].config["quant"] == "fp4"


def test_both_sides_of_a_kernel_swap_keep_the_checkpoints_precision() -> None:
    """'# Before (with grouped fp4 moe):' and '# After (...)' in a document of NVFP4 checkpoints: one precision."""
    text = (FIXTURES / "setup" / "generic_precision_word_of_a_stated_member.md").read_text()
    claims = extract(text, "pr.md").claims
    assert len(claims) == 6 and {c.config.get("quant") for c in claims} == {"nvfp4"}


def test_a_checkpoints_precision_is_that_models_alone() -> None:
    """A model list naming an NVFP4 checkpoint of one model says nothing of another model's "FP4" (its weights may
    be MXFP4): the checkpoint's member reads only the generic word of its own model, or of a claim naming none."""
    claims = [
        _claim(model="nvidia/Wren-90B-Instruct-NVFP4"),
        _claim(model="Wren 90B", quant="FP4"),
        _claim(model="Heron 20B", quant="FP4"),
        _claim(quant="FP4"),
        _claim(model="acme/Kite-4-Scout-17B-16E-NVFP4"),
        _claim(model="Kite 4 Scout", quant="FP4"),  # (its size left out, and the name's "4-Scout" kept apart)
    ]
    got = [c.config.get("quant") for c in as_stated_member(claims)]
    assert got == [None, "nvfp4", "FP4", "nvfp4", None, "nvfp4"]
    # a member a precision setting states is the page's, whatever the model
    said = as_stated_member([_claim(model="Heron 20B", quant="FP4")], [("quantization", "NVFP4")])
    assert said[0].config["quant"] == "nvfp4"


def test_a_checkpoint_list_states_each_models_precision_for_that_model_alone() -> None:
    text = (FIXTURES / "setup" / "checkpoint_list_precision_per_model.md").read_text()
    got = {c.config.get("model"): c.config.get("quant") for c in extract(text, "pr.md").claims}
    assert got == {"Wren 90B": "nvfp4", "Heron 20B": "fp4"}
