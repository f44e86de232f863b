"""An interval printed in brackets after a value ("+4.2% [+3.1, +5.3]") is that value's spread, never two values."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract
from ledger.parsers.tables.cells import cell_value, is_numeric_cell, without_interval

FIXTURE = Path(__file__).parent / "fixtures" / "tables" / "interval_brackets.md"


def test_a_cell_with_its_interval_reads_as_its_value() -> None:
    assert is_numeric_cell("+4.2% [+3.1, +5.3]")
    got = cell_value("+4.2% [+3.1, +5.3]")
    assert got is not None and (got[0], got[3]) == (4.2, "%")
    assert without_interval("0.62 [0.60; 0.64]") == "0.62"


def test_brackets_that_do_not_hold_the_value_are_kept() -> None:
    assert without_interval("4 [8, 16]") == "4 [8, 16]"
    assert without_interval("0.9 [0.95, 0.91]") == "0.9 [0.95, 0.91]"  # (the low bound first, or no interval)


def test_no_bound_becomes_a_claim_in_a_table_or_a_sentence() -> None:
    claims = extract(FIXTURE.read_text(), str(FIXTURE)).claims
    values = sorted(float(c.value) for c in claims if isinstance(c.value, float))
    assert values == sorted([11.6, -9.8, 3.4, -2.9, 0.71, 0.58])
    assert {c.metric for c in claims if c.source.line in (8, 9)} == {"decode tok/s vs main", "TPOT vs main"}
