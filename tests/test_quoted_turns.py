"""An archive's comment or review turn quotes another turn on its `>` lines: those lines set up none of its runs and
state no evidence of their own; the description's own `>` blocks stay its evidence."""

from __future__ import annotations

from ledger.parsers.reader.document import read_document
from ledger.parsers.reader.quotes import quoted_reply_lines

_THREAD = (
    "# Title\n\nann · description · 2026-01-02\n> note: numbers are from one H100\n\n"
    "bo · comment · 2026-01-03\n> I tried it on an A10G\n\nSame here on TPU.\n"
)


def test_a_comment_turns_quote_lines_are_quotes_and_the_descriptions_are_not() -> None:
    doc = read_document(_THREAD)
    assert quoted_reply_lines(doc) == frozenset({7})


def test_a_quoted_line_gives_the_setup_readers_nothing() -> None:
    doc = read_document(_THREAD)
    assert doc.setup_line(7).strip() == ""
    assert "H100" in doc.setup_line(4)
