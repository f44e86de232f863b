"""Two sides' columns whose cells pack one value per setting the row's label lists ("prefill 2K / 8K / 16K tokens"
over "9 000 / 8 000 / 7 000 t/s" beside "9 900 / 8 600 / 7 400 t/s"): each of the PR's values pairs with the
baseline's value in the same place, and a row of single values under the same columns pairs as ever."""

from __future__ import annotations

from ledger.parsers import extract

_TABLE = """\
Measured on one L40S, Wren-8B.

| | main | this branch | |
|---|---:|---:|---:|
| **prefill** 2K / 8K / 16K | 9 000 / 8 000 / 7 000 t/s | **9 900 / 8 600 / 7 400 t/s** | +10.0% / +7.5% / +5.7% |
| **decode** 2K / 8K / 16K context | 120.5 / 110.0 / 100.0 t/s | **131.0 / 119.0 / 108.0 t/s** | +8.7% / +8.2% / +8.0% |
| **MTP-3 decode** | 240.0 t/s | **250.0 t/s** | **+4.2%** |
"""


def test_packed_cells_of_two_sides_pair_place_by_place() -> None:
    pairs = {c.value: c.reference for c in extract(_TABLE, path="x.md").claims if c.unit == "t/s"}
    assert pairs == {
        9900.0: 9000.0,
        8600.0: 8000.0,
        7400.0: 7000.0,
        131.0: 120.5,
        119.0: 110.0,
        108.0: 100.0,
        250.0: 240.0,
    }


def test_a_ratio_of_counts_is_no_packed_cell() -> None:
    text = "| Case | main | PR |\n|---|---|---|\n| a | 97/100 | 99/100 |\n| b | 12.0 | 13.0 |\n| c | 14.0 | 15.0 |\n"
    assert {c.value: c.reference for c in extract(text, path="x.md").claims if c.value in (13.0, 15.0)} == {
        13.0: 12.0,
        15.0: 14.0,
    }
