"""Counted setup spelled in words in prose ("four PP ranks", "two nodes", "eight GPUs"): the same keys their digits
give, read where the words count machines or ranks and nowhere else. Found as reader311's TensorRT-LLM#16572
("Rank waits on the four PP ranks": pp missing on every wait)."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers import extract


def _claims(text: str) -> list[Claim]:
    return extract(text, path="t.md").claims


def _config(setup: str) -> dict[str, str]:
    (claim,) = _claims(f"# Trim warm-up\n\n{setup}\n\nTTFT: 63.2 s -> 41.5 s.\n")
    return claim.config


def test_counts_in_words_are_the_keys_their_digits_give() -> None:
    words = _config("Serving Llama-3.1-8B on two nodes with four PP ranks, eight GPUs each node.")
    digits = _config("Serving Llama-3.1-8B on 2 nodes with 4 PP ranks, 8 GPUs each node.")
    assert {k: words.get(k) for k in ("nodes", "pp", "gpu_count")} == {"nodes": "2", "pp": "4", "gpu_count": "8"}
    assert {k: words.get(k) for k in ("pp", "gpu_count")} == {k: digits.get(k) for k in ("pp", "gpu_count")}


def test_nodes_that_are_no_machines_and_a_word_inside_another_are_no_setup() -> None:
    config = _config("Llama-3.1-8B: the graph keeps two nodes per layer, and someone GPUs it on H100.")
    assert "nodes" not in config and "gpu_count" not in config
