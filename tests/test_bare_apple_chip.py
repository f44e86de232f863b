"""A bare Apple chip is the device only where it closes an "on ..." clause: "M5" alone names a model's size or a
heading's number as often (tests/fixtures/setup/bare_apple_chip.md)."""

from __future__ import annotations

import pytest

from ledger.vocab.setup import qualifiers


@pytest.mark.parametrize(
    "text",
    ["Just ran it on M5, 512 tok/s", "I measured 44.1 tok/s on my M5.", "the numbers above were taken on an M3"],
)
def test_a_chip_closing_an_on_clause_is_the_device(text: str) -> None:
    assert qualifiers(text).get("gpu", "").upper() in ("M5", "M3")


@pytest.mark.parametrize("text", ["The M5 variant scores 71.2%", "M5", "on M5 we measured 3 tok/s", "M5: 41 tok/s"])
def test_a_bare_chip_elsewhere_is_no_device(text: str) -> None:
    assert "gpu" not in qualifiers(text)
