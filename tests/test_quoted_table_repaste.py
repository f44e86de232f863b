"""A `>` row printing an earlier table row's numbers, in their order, with its words in another language, is that
row pasted back: a quote, no claim of its own."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract
from ledger.parsers.reader.document import read_document
from ledger.parsers.reader.quotes import quoted_reply_lines

FIXTURE = Path(__file__).parent / "fixtures" / "tables" / "quoted_table_repaste.md"


def test_the_pasted_back_rows_are_quotes_and_give_no_claims() -> None:
    text = FIXTURE.read_text()
    assert {11, 12} <= quoted_reply_lines(read_document(text, str(FIXTURE)))
    claims = extract(text, str(FIXTURE)).claims
    assert sorted(c.source.line for c in claims) == [5, 6]


def test_a_quoted_row_with_other_numbers_is_the_description_s_own() -> None:
    text = "| op | calls | time |\n| -- | -- | -- |\n| gemm | 64 | 5.1ms |\n\n> gemm\t64\t4.7ms\t(after the fix)\n"
    assert quoted_reply_lines(read_document(text, "x.md")) == frozenset()
