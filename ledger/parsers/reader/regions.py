"""The regions markdown-it-py finds in markdown source: code fences, indented code and headings.

Only these regions come from markdown-it (block rules only; each token's `.map` gives its lines); the
line scanner reads everything else. Building a parser costs as much as a parse, so the two this module
uses (with and without the table rule) are built once per process.
"""

from __future__ import annotations

import re
from typing import Any

_MD: list[Any] = []


def markdown_parser(tables: bool = True) -> Any:
    """The block-only markdown-it parsers, built once per process (building one costs as much as a parse):
    with the table rule, and without it (a pipe table then reads as a paragraph; see `tables_matter`)."""
    if not _MD:
        from markdown_it import MarkdownIt

        for rules in (["inline", "text_join"], ["inline", "text_join", "table"]):
            md = MarkdownIt("commonmark", {"html": True}).enable("table")
            md.disable(rules, ignoreInvalid=True)
            _MD.append(md)
    return _MD[0 if tables else 1]


# A line holding "|", then a non-blank line that is not a plain pipe line: one that lacks "|", is indented
# (indented code, a list's content), or starts like a block (quote, list item, heading, HTML) other than a
# code fence (a fence ends a table and a paragraph alike). Anchored at a line's last "|" (`[^|\n]*`), each
# line is tried once: linear on any text.
_PIPE_THEN_ODD_RE = re.compile(
    r"\|[^|\n]*\n(?![ \t]*(?:\n|$))(?!`{3,}[^`\n]*(?:\n|$)|~~~)"
    r"(?:[ \t>#<`~]|[-*+](?:[ \t\n]|$)|\d{1,9}[.)]|[^|\n]*(?:\n|$))"
)
# A line that starts like a block (heading, fence, quote, HTML, list item) and holds "|", then a non-blank
# line: the table rule runs first, so with a delimiter row under it this line is a table's header.
_MARKED_PIPE_RE = re.compile(r"(?m)^[ \t]*(?:[>#<`~]|[-*+](?:[ \t]|$)|\d{1,9}[.)])[^|\n]*\|[^\n]*\n[ \t]*[^ \t\n]")


def tables_matter(text: str, lines: list[str]) -> bool:
    """Whether reading pipe tables can change a fence, code or heading region of `text`.

    markdown-it's table rule (about a fifth of the parse) only decides that lines are a table rather
    than a paragraph; neither gives a region. The two readings part only where a table's run of
    non-blank lines goes on with a line that ends a table but not a paragraph (an indented line, a
    list marker that cannot interrupt a paragraph) or turns a paragraph into a setext heading ("---",
    "===" under it) or is not a pipe line at all (a table row, or a paragraph line). Every such line
    follows a line holding "|" in its run, and is what `_PIPE_THEN_ODD_RE` finds: where it finds none,
    the parse without the table rule has the same regions."""
    if "|" not in text:
        return False
    if "\r" in text:
        text = "\n".join(lines)  # as markdown-it counts lines
    return _PIPE_THEN_ODD_RE.search(text) is not None or _MARKED_PIPE_RE.search(text) is not None


# an archive's turn line ("**alice** · comment · 2025-03-01", "### alice · comment · ..."): no sentence or code reads
# so
_TURN_LINE_RE = re.compile(
    r"(?:#{1,6}[ \t]{1,4})?(?:\*\*|__)?@?[A-Za-z0-9][\w.-]{0,38}(?:\[bot\])?(?:\*\*|__)?"
    r" · (?:comment|description|review)\b"
)
# an excerpt's mark of a turn or of its next chunk after a cut ("[turn 3 by alice]", "[turn 0 by alice, continued]"):
# alone on its line, as no code prints it
_TURN_MARK_RE = re.compile(r"\[turn \d{1,4} by [A-Za-z0-9][\w.-]{0,38}(?:\[bot\])?(?:, continued)?\][ \t]*$")


def _turn_line(line: str) -> bool:
    """Whether a line opens a turn, or an excerpt's next chunk, that GitHub rendered apart from the text above it."""
    return (" · " in line and _TURN_LINE_RE.match(line) is not None) or (
        line[:6] == "[turn " and _TURN_MARK_RE.match(line) is not None
    )


def markdown_regions(text: str, lines: list[str]) -> dict[int, tuple[str, int, int, str]]:
    """Start line (1-based) -> (kind, start, end, info) for fences, code and headings.

    An archive of a thread holds each turn's markdown as GitHub rendered it, on its own: a fence a turn leaves open
    (its text cut short) ends with that turn, never taking the next turn's fence as its close. So does a fence an
    excerpt's chunk leaves open where the excerpt cuts it ("P99 TP" and then "[turn 0 by alice, continued]"): the
    next chunk's heading and lead-in are text again. Each turn and chunk is parsed apart where the document has a
    fence and a turn line."""
    if "```" not in text and "~~~" not in text:
        return _regions(text, lines, 0)
    turns = [i for i, line in enumerate(lines) if _turn_line(line)] if " · " in text or "[turn " in text else []
    if not turns:
        return _regions(text, lines, 0)
    regions: dict[int, tuple[str, int, int, str]] = {}
    for a, b in zip([0, *turns], [*turns, len(lines)], strict=True):
        if b > a:
            part = lines[a:b]
            regions.update(_regions("\n".join(part) + "\n", part, a))
    return regions


def _regions(text: str, lines: list[str], offset: int) -> dict[int, tuple[str, int, int, str]]:
    """markdown_regions of one text whose first line is the document's line offset + 1."""
    md = markdown_parser(tables=tables_matter(text, lines))
    nlines = len(lines)
    regions: dict[int, tuple[str, int, int, str]] = {}
    try:
        tokens = md.parse(text)
    except Exception:  # markdown-it never should; the line scanner still reads everything
        return regions
    for i, tok in enumerate(tokens):
        if tok.map is None or (tok.level != 0 and tok.type not in ("fence", "code_block")):
            continue
        start, end = tok.map[0] + 1, min(tok.map[1], nlines)
        start, end = start + offset, end + offset
        if tok.type == "fence":
            regions[start] = ("fence", start, end, tok.info.strip())
        elif tok.type == "code_block":  # four-space indented code: benchmark output pasted without a fence
            regions[start] = ("fence", start, end, "indented")
        elif tok.type == "heading_open":
            title = tokens[i + 1].content if i + 1 < len(tokens) else ""
            regions[start] = ("heading", start, end, f"{len(tok.markup)}\x00{title}")
    return regions
