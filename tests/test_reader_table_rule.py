"""The reader parses markdown without markdown-it's table rule unless a pipe table could change a fence,
code or heading region (ledger/parsers/reader/regions.py's tables_matter): both parses must give the same regions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ledger.parsers.reader.document import read_document, split_lines
from ledger.parsers.reader.regions import markdown_parser, markdown_regions, tables_matter


def _regions(md: Any, text: str) -> dict[int, tuple[str, int, int, str]]:
    """The regions as the table-aware parser reads them."""
    lines = split_lines(text)
    out: dict[int, tuple[str, int, int, str]] = {}
    tokens = md.parse(text)
    for i, tok in enumerate(tokens):
        if tok.map is None or (tok.level != 0 and tok.type not in ("fence", "code_block")):
            continue
        start, end = tok.map[0] + 1, min(tok.map[1], len(lines))
        if tok.type in ("fence", "code_block"):
            out[start] = ("fence", start, end, tok.info.strip() if tok.type == "fence" else "indented")
        elif tok.type == "heading_open":
            out[start] = ("heading", start, end, f"{len(tok.markup)}\x00{tokens[i + 1].content}")
    return out


TABLE = "| Model | TTFT (ms) |\n|---|---|\n| llama-8b | 41.2 |\n"


@pytest.mark.parametrize(
    ("text", "headings", "code"),
    [
        # a rule under a table: a thematic break with tables, a setext heading of the whole table without
        (TABLE + "---\n\nafter\n", [], []),
        (TABLE + "===\n", [], []),
        # an indented line right under a table ends it (indented code); in a paragraph it would continue it
        (TABLE + "    python bench.py --tp 8\n", [], [4]),
        # a heading line holding "|" over a delimiter row is a table's header (the table rule runs first)
        ("# Results | new\n|---|---|\n| a | 1 |\n\n```\nx\n```\n", [], [5]),
        # a list item that cannot interrupt a paragraph ends a table
        (TABLE + "2. second run\n\n## Next\n", [6], []),
    ],
)
def test_pipe_tables_keep_their_regions(text: str, headings: list[int], code: list[int]) -> None:
    assert tables_matter(text, split_lines(text))
    assert markdown_regions(text, split_lines(text)) == _regions(markdown_parser(tables=True), text)
    doc = read_document(text, "pr.md")
    assert [b.start for b in doc.blocks if b.kind == "heading"] == headings
    assert [b.start for b in doc.blocks if b.kind == "code"] == code


def test_plain_tables_and_fences_need_no_table_rule() -> None:
    text = "## Results\n\n" + TABLE + "```bash\npython x.py\n```\n\n" + TABLE + "\nDone.\n"
    assert not tables_matter(text, split_lines(text))
    assert markdown_regions(text, split_lines(text)) == _regions(markdown_parser(tables=True), text)


_LINES = [
    "| a | b |",
    "|---|---|",
    "| 1 | 2 |",
    "a | b",
    "--- | ---",
    "-- | --",
    "---",
    "===",
    "***",
    "- item",
    "- a | b",
    "* x | y",
    "2. two",
    "1. one | x",
    "    code | x",
    "    code",
    "  | ind |",
    "```",
    "```py",
    "~~~",
    "````",
    "> q | x",
    "> q",
    "# h | x",
    "## head",
    "text",
    "",
    "",
    "<div>",
    "<div>|",
    "</div>",
    "[r]: http://x",
    "\t| tab |",
    "|",
    ":--|--:",
    "-",
    "1.",
    "+ z|z",
    "   | three |",
    "``x|",
    "Title",
    "- - -",
    "-\t| a |",
    "  - nested",
    "     deep",
    " # h|x",
    "  > q|",
    "```a|b",
    "~~~ x|y",
    "-->",
    "|-|",
    "1) x|y",
    "=== |",
    "- |",
]


def test_random_line_mixes_read_the_same_regions() -> None:
    rnd = random.Random(6)
    with_tables, without = markdown_parser(tables=True), markdown_parser(tables=False)
    checked = 0
    for _ in range(4000):
        lines = [rnd.choice(_LINES) for _ in range(rnd.randint(2, 10))]
        text = "\n".join(lines)
        if tables_matter(text, lines):
            continue
        checked += 1
        assert _regions(without, text) == _regions(with_tables, text), text
    assert checked > 500
