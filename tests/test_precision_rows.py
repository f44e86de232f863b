"""Rows named by their precision (tables.precision_rows), alone or beside words every row shares: the precision is
the row's setup, never part of its measure; shared words naming anything but a setting keep the rows apart."""

from __future__ import annotations

import pytest

from ledger.parsers.reader.document import read_document
from ledger.parsers.tables.precision_rows import precision_rows


def _rows(first: str, second: str) -> dict[str, str]:
    text = f"| | acc | wall |\n|---|---|---|\n| {first} | 0.70 | 811 s |\n| {second} | 0.71 | 845 s |\n"
    table = next(b.table for b in read_document(text).blocks if b.table is not None)
    return precision_rows(table, [first, second], ["label", "value", "value"])


@pytest.mark.parametrize(
    ("first", "second", "want"),
    [
        ("INT4 weights", "BF16 weights", {"INT4 weights": "int4", "BF16 weights": "bf16"}),
        ("FP4 + EP8", "FP8 + EP8", {"FP4 + EP8": "fp4", "FP8 + EP8": "fp8"}),
        ("fp8", "bf16", {"fp8": "fp8", "bf16": "bf16"}),
        # a mixed-precision recipe's name is its precision alone too, so the bf16 row stays the base of every row
        ("Mixed AutoQuant", "BF16", {"Mixed AutoQuant": "autoquant", "BF16": "bf16"}),
        ("Mixed Wren-9B", "BF16", {}),
        # a model both rows name: more than their precision, each row's label its own
        ("Wren-9B fp8", "Wren-9B bf16", {}),
        ("INT4 weights", "BF16 activations", {}),
    ],
)
def test_rows_differing_by_their_precision_alone_are_named_by_it(first: str, second: str, want: dict) -> None:
    assert _rows(first, second) == want
