"""Issue 26, setup: a training run's settings (micro and global batch, sequence length) are settings, not results,
under one key each however a table header, a label or a flag spells them."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers.pipeline import extract
from ledger.vocab.setup import qualifiers

FIX = Path(__file__).parent / "fixtures" / "tables" / "training_batch_columns.md"


def test_training_batches_are_settings_and_only_the_rate_a_claim() -> None:
    claims = extract(FIX.read_text(encoding="utf-8"), str(FIX)).claims
    got = [
        (c.source.line, c.metric, c.value, c.config.get("micro_batch_size"), c.config.get("global_batch_size"))
        for c in claims
    ]
    assert got == [
        (9, "tokens/s", 88400.0, "1", "512"),
        (10, "tokens/s", 93150.0, "2", "1024"),
        (16, "throughput", 95020.0, "4", "2048"),
        (17, "throughput", 95900.0, "8", "4096"),
    ]
    assert all("batch_size" not in c.config and c.config.get("isl", "4096") == "4096" for c in claims)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Micro BS 4, global BS 1024", {"micro_batch_size": "4", "global_batch_size": "1024"}),
        ("micro_batch_size=2 global_batch_size=512", {"micro_batch_size": "2", "global_batch_size": "512"}),
        ("MBS 8, GBS 256", {"micro_batch_size": "8", "global_batch_size": "256"}),
        ("batch size 16", {"batch_size": "16"}),  # a server's batch stays batch_size
        # a size stated for some runs only is no run's whole setup
        ("micro batch size: 1 for ZeRO3 and TP1 / 2 for TP2", {}),
    ],
)
def test_training_batch_words(text: str, want: dict[str, str]) -> None:
    got = qualifiers(text)
    assert {k: v for k, v in got.items() if "batch" in k} == want
