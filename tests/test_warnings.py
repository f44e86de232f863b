"""Warnings are structured: every producer makes a ParseWarning(line, message), the ledger stores its two
fields as they are, and every printer writes `PATH:LINE: warning: MESSAGE` (no one reads a line back out of
text)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from ledger.ingest.run import ingest
from ledger.ingest.sources import decode
from ledger.messages import warning_line
from ledger.model import ParseWarning
from ledger.parsers import extract
from ledger.parsers import registry as parser_registry
from ledger.references import parse_reference_yaml

_CUT = {
    # (text, the warning it must give): each reader or extractor that can read a text only in part
    "pipe table": (
        "## Results\n\n| model | gsm8k | tok/s |\n| --- | --- | --- |\n| llama-3.1-8b | 71.2 | 4,120 |\n"
        "| mistral-7b | 52.",
        ParseWarning(6, "table row cut short (truncated input?)"),
    ),
    "console line": (
        "```\nPrefill. latency: 0.21 s, throughput:   9717.62 token/s\nDecode 0. Batch size: 32, "
        "latency: 0.02917 s, throughput:   1097.02 token/s\nDecode 1. Batch size: 32, latency: 0",
        ParseWarning(4, "value cut short at the end of the document"),
    ),
    "llama-bench row": (
        "|    PP |     TG |    B |   T_PP s | S_PP t/s |\n|-------|--------|------|----------|------"
        "----|\n|   512 |     32 |    1 |    0.211 |  2428.42 |\n|  4096 |     32 |    2 |    2.981 |  "
        "2748.2",
        # (the table reader finds the cut cell by its decimals, "2748.2" under "2428.42", before llama-bench's reader
        # does: one warning, the table's, for every reader of the table)
        ParseWarning(4, "table row cut short (truncated input?)"),
    ),
    "pipe row wider than its header": (
        "## Latency\n\n| batch | TTFT (ms) |\n|---|---|\n| 1 | 21.4 | 19.8 |\n| 8 | 40.2 |\n",
        ParseWarning(5, "table row has 3 cells, its header 2: the cells past the header have no column name"),
    ),
}


@pytest.mark.parametrize("name", sorted(_CUT))
def test_a_text_read_in_part_warns_with_the_line_and_a_message_without_it(name: str) -> None:
    text, expected = _CUT[name]
    warnings = extract(text, path="cut.md").warnings
    assert expected in warnings, warnings
    assert all(isinstance(w, ParseWarning) and not w.message.startswith("line ") for w in warnings)


def test_an_extractor_that_fails_costs_its_block_with_a_warning_at_the_block(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        NAME, VERSION, BLOCKS = "broken", "1", frozenset({"text"})

        @staticmethod
        def extract(block: object, ctx: object) -> Iterable[object]:
            raise ValueError("no such cell")

    monkeypatch.setattr(parser_registry, "EXTRACTORS", [Broken, *parser_registry.EXTRACTORS])
    result = extract("# Results\n\ngsm8k 71.2 (ref 71.8)\n", path="pr.md")
    assert ParseWarning(3, "broken failed (ValueError: no such cell)") in result.warnings
    assert [c.value for c in result.claims if c.metric == "gsm8k"] == [71.2]  # the other extractors still read it


@pytest.mark.parametrize(
    ("reader", "what"),
    [("find_setups", "setup"), ("find_revisions", "revisions"), ("named_revisions", "revision names")],
)
def test_a_document_reader_that_fails_costs_its_readings_with_a_warning_not_the_claims(
    monkeypatch: pytest.MonkeyPatch, reader: str, what: str
) -> None:
    from ledger.parsers import pipeline

    def broken(*args: object, **kwargs: object) -> object:
        raise IndexError("list index out of range")

    monkeypatch.setattr(pipeline, reader, broken)
    result = extract("# Results on H100\n\n## Run\n\ngsm8k 71.2 (ref 71.8) at commit 1a2b3c4d\n", path="pr.md")
    assert [c.value for c in result.claims if c.metric == "gsm8k"] == [71.2]
    assert f"the {what} reader failed (IndexError: list index out of range)" in result.warnings[0].message


def test_decoding_names_the_line_of_the_first_bad_byte_whatever_ends_the_lines() -> None:
    src = decode(b"one\rtwo\r\nthree\nfour \xff five\n", "x.md")
    assert src.warnings == [
        ParseWarning(4, "not valid UTF-8 (first bad byte at offset 20); undecodable bytes replaced with U+FFFD")
    ]
    assert decode("\ufeffa\nb\n".encode("utf-16"), "y.md").warnings == [
        ParseWarning(None, "UTF-16 text (byte-order mark), decoded")
    ]


def test_a_reference_file_warns_at_the_line_it_could_not_read() -> None:
    text = "- accuracy: 1.0\nacme/Toy-7B:\n  - accuracy: 80.1\n  - quant_algo: FP8\nother/M:\n!!weird line\n"
    parsed = parse_reference_yaml(text, "gsm8k")
    assert parsed.warnings == [
        ParseWarning(1, "list item before any model"),
        ParseWarning(4, "entry without a numeric accuracy"),
        ParseWarning(6, "not read: !!weird line"),
    ]


def test_the_printer_names_the_place_compiler_style() -> None:
    assert warning_line("pr.md", ParseWarning(7, "table row cut short")) == "pr.md:7: warning: table row cut short"
    assert warning_line("pr.md", ParseWarning(None, "not valid UTF-8")) == "pr.md: warning: not valid UTF-8"
    # a fetch's note (plain text) about the whole pull request, naming it already or not
    assert (
        warning_line("o/r#5", "o/r#5: a review without an id is skipped")
        == "o/r#5: warning: a review without an id is skipped"
    )
    assert warning_line("o/r#5", "edit history unavailable") == "o/r#5: warning: edit history unavailable"
    # a message that happens to start with "line N:" is a message: nothing is read out of it
    assert (
        warning_line("a.md", ParseWarning(None, "line 3: said by the text"))
        == "a.md: warning: line 3: said by the text"
    )


def test_ingest_stores_and_returns_the_warnings_as_they_were_made(tmp_path: Path) -> None:
    text, expected = _CUT["pipe table"]
    doc = tmp_path / "cut.md"
    doc.write_bytes(text.replace("llama", "ll\xe9ma").encode("latin-1"))
    (result,) = ingest([str(doc)], tmp_path / "l.db")
    assert result.warnings == [
        ParseWarning(5, "not valid UTF-8 (first bad byte at offset 62); undecodable bytes replaced with U+FFFD"),
        expected,
    ]
    import sqlite3

    conn = sqlite3.connect(tmp_path / "l.db")
    try:
        rows = conn.execute("SELECT line, message FROM warnings ORDER BY id").fetchall()
    finally:
        conn.close()
    assert rows == [(w.line, w.message) for w in result.warnings]
