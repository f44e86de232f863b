"""A table whose one row states the whole ("| **BF16** | 0.6402(100%) |") has that row as its only base: a row named
by a side word ("original") under it is a result of its own measured against the whole, never the base of the row
after it (reader353 cause 7, tests/fixtures/tables/whole_row_over_original.md)."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract

FIXTURE = Path(__file__).parent / "fixtures" / "tables" / "whole_row_over_original.md"


def test_an_original_row_under_the_whole_is_a_result_against_the_whole() -> None:
    claims = extract(FIXTURE.read_text(), path=FIXTURE.name).claims
    absolute = {(c.value, c.reference) for c in claims if c.unit != "%"}
    assert absolute == {(0.629, 0.6402), (0.692, 0.7012), (0.6344, 0.6402), (0.6968, 0.7012)}
