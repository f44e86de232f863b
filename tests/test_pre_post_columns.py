"""A table's "Pre" / "Post" columns are the runs before and after the change (vocab.sides PRE_SIDE, POST_SIDE), and
a model cell's width after its size is the checkpoint's quant (vocab.model_bits.bits_tail)."""

from __future__ import annotations

from pathlib import Path

from ledger.model import Claim
from ledger.parsers import extract
from ledger.vocab.model_bits import bits_tail
from ledger.vocab.sides import side_alone, side_of


def _claims(rel: str) -> list[Claim]:
    path = Path(__file__).parent / "fixtures" / rel
    return extract(path.read_text(encoding="utf-8"), path=path.name).claims


def test_pre_and_post_name_the_sides_only_as_a_head_writes_them() -> None:
    assert (side_of("Pre Tok/Sec"), side_of("Post Tok/sec"), side_of("PRE (ms)")) == ("base", "head", "base")
    assert side_alone("Post") and side_alone("Pre")
    # a compound's part, a stage the next word names, a verb in a sentence: no side
    for text in ("Post-norm (ms)", "Pre-fill", "Post training quantization", "pre processing time", "I will post it"):
        assert side_of(text) is None, text


def test_post_cells_pair_with_pre_cells() -> None:
    claims = _claims("tables/pre_post_columns.md")
    paired = [c for c in claims if c.reference is not None]
    assert [(c.value, c.reference) for c in paired] == [(2695.8, 2410.2), (3388.4, 3120.05), (11.8, 11.9)]
    assert all(c.revision is not None and c.revision.label == "Post" for c in paired)
    # ("Post-norm" beside "Pre-norm": two variants of the layer, neither a side)
    assert all(c.revision is None for c in claims if c.reference is None)


def test_a_width_after_the_models_size_is_its_quant() -> None:
    assert bits_tail("Qwen3 0.6B Q4") == ("Qwen3 0.6B", "4bit")
    assert bits_tail("Mistral 7B 8bit") == ("Mistral 7B", "8bit")
    assert bits_tail("Llama-3.1-8B-4bit") == ("Llama-3.1-8B", "4bit")
    assert bits_tail("acme/falcon-7b-4bit") is None  # (a repository's name: the quantised checkpoint, whole)
    assert bits_tail("Q4 2024") is None and bits_tail("Gemma2 9B") is None
    configs = {c.source.line: c.config for c in _claims("setup/model_cell_bits.md")}
    assert (configs[7]["model"], configs[7]["quant"]) == ("Qwen2.5 7B", "4bit")
    assert (configs[9]["model"], configs[9]["quant"]) == ("Phi-4 14B", "6bit")
    assert "quant" not in configs[10]
