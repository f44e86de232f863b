"""Sphinx's list tables: a table written as a list of rows, each row a list of cells (MyST and reST alike).

    ```{list-table} Title               .. list-table:: Title
    :header-rows: 1                        :header-rows: 1
    * - Architecture                       * - Architecture
      - Paged KV                             - Paged KV
    * - FooForCausalLM                     * - FooForCausalLM
      - ✅                                   - ✅
    ```

Sphinx docs write their matrices this way (a cell a line keeps wide tables diffable). The table becomes the same
`Table` a pipe table gives, so support matrices, result tables and setup headers read it through the table code
already there: its first row is the header (the header rows after the first stay the first body rows, as an HTML
table's do), each `* -` item a row on its line, each cell on its own line (Row.lines), a cell's wrapped lines
joined. With `:header-rows: 0` (the directive's default) the table is headless, named as a headless paste is.
The directive's options (reader/directives.py) are read for the header rows and never given to any reader.
"""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import MAX_LINE, Block, Document, Row, Table
from ledger.parsers.reader.directives import indent_of, options_end

MAX_COLUMNS = 64
"""A row holds at most this many cells (a hostile row of a million "-" lines builds no huge header)."""
# a row's first line: the row's bullet, then the first cell's ("* - FooForCausalLM", "* -" for an empty cell)
_ROW_RE = re.compile(r"^([ \t]*)[*+-][ \t]+([*+-])(?:[ \t]+(\S.*))?[ \t]*$")
_CELL_RE = re.compile(r"^([ \t]*)[*+-](?:[ \t]+(\S.*))?[ \t]*$")
_HEADER_ROWS_RE = re.compile(r":header-rows:[ \t]+(\d{1,2})\b")


class _Cell:
    __slots__ = ("at", "line", "parts")

    def __init__(self, line: int, at: int, text: str | None) -> None:
        self.line, self.at = line, at
        self.parts = [text.strip()] if text else []


def read_list_table(doc: Document, lo: int, hi: int, sect: tuple[str, ...], block_start: int, block_end: int) -> bool:
    """Read the list table whose directive content is line indices lo..hi-1 (options first) into a table block
    spanning 1-based lines block_start..block_end; whether it was one (rows of cells, nothing else)."""
    lines = doc.lines
    body = options_end(lines, lo, hi)
    heads = 0
    for k in range(lo, body):
        if (m := _HEADER_ROWS_RE.search(lines[k][:MAX_LINE])) is not None:
            heads = int(m.group(1))
    rows = _rows(lines, body, hi)
    if not rows:
        return False
    width = max(len(r) for r in rows)
    read = [_row(doc, cells, width) for cells in rows]
    if heads:
        table = Table(read[0].cells, read[0].line, read[1:], "pipe")
    else:  # (no header row: named as a headless paste's columns are, by a twin or by position)
        table = Table([""] * width, read[0].line, read, "pipe", headless=True)
    doc.blocks.append(Block("table", block_start, block_end, sect, table=table))
    return True


def _rows(lines: list[str], lo: int, hi: int) -> list[list[_Cell]]:
    """Each row's cells, or [] where a line is neither a row, a cell nor a cell's wrapped text."""
    rows: list[list[_Cell]] = []
    cell_indent = -1
    for k in range(lo, hi):
        raw = lines[k][:MAX_LINE]
        if not raw.strip():
            continue
        if (m := _ROW_RE.match(raw)) is not None and (not rows or indent_of(m.group(1)) < cell_indent):
            cell_indent = len(raw[: m.start(2)].expandtabs(4))  # (the column of the first cell's bullet)
            rows.append([_Cell(k + 1, m.start(3) if m.group(3) else -1, m.group(3))])
        elif rows and (c := _CELL_RE.match(raw)) is not None and indent_of(c.group(1)) == cell_indent:
            if len(rows[-1]) < MAX_COLUMNS:
                rows[-1].append(_Cell(k + 1, c.start(2) if c.group(2) else -1, c.group(2)))
        elif rows and indent_of(raw) > cell_indent:
            rows[-1][-1].parts.append(raw.strip())  # (a cell's text wrapped onto the next line)
        else:
            return []
    return rows


def _row(doc: Document, cells: list[_Cell], width: int) -> Row:
    """A row on its first line, each cell's text its wrapped lines joined, on its own line; short rows padded."""
    texts = [" ".join(c.parts) for c in cells] + [""] * (width - len(cells))
    offsets = [c.at for c in cells] + [-1] * (width - len(cells))
    own = [c.line for c in cells] + [cells[-1].line] * (width - len(cells))
    return Row(cells[0].line, texts, doc.line(cells[0].line)[:MAX_LINE], offsets, own)
