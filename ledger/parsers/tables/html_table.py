"""HTML tables in a markdown page (`<table>` ... `</table>`, as GitHub renders them): release pages write their
grids this way when a model or a length spans several rows (`<td rowspan="3">Qwen3-8B</td>`).

The table becomes the same `Table` a pipe table gives: its header row (the `<thead>` rows, or the leading rows of
`<th>` cells, else the first row; the header rows after the first stay as the first body rows, where the header
tree reads side and settings rows), a row for each `<tr>`. A cell spanning rows is repeated in the rows under it,
as a rendered page shows a row label continuing; a cell spanning columns names its first column and leaves the
others blank, as a pipe table's group header does. A row's line is the one holding most of its cells (a page puts
a row's values on one line under its spanning label); cells on other lines keep no offset in it.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from ledger.parsers.reader.blocks import MAX_LINE, Block, Document, Row, Table

MAX_SPAN = 64
"""A cell spans at most this many rows or columns (a hostile `colspan="100000"` builds no huge grid)."""
MAX_COLUMNS = 64
_OPEN_RE = re.compile(r"^\s{0,3}<table\b", re.IGNORECASE)
_CLOSE_RE = re.compile(r"</table\s*>", re.IGNORECASE)
_BLANKS_RE = re.compile(r"\s+")


@dataclass
class _Cell:
    line: int
    """1-based, in the document."""
    col: int
    """Where the cell's tag opens in its line."""
    rowspan: int
    colspan: int
    head: bool
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return _BLANKS_RE.sub(" ", "".join(self.parts)).strip()


@dataclass
class _Tr:
    head: bool
    cells: list[_Cell] = field(default_factory=list)


def _span(value: str | None) -> int:
    return min(MAX_SPAN, max(1, int(value))) if value and value.strip().isdigit() else 1


class _Collector(HTMLParser):
    """The rows and cells of one table (a table nested in a cell adds its text to that cell)."""

    def __init__(self, first_line: int) -> None:
        super().__init__(convert_charrefs=True)
        self.first_line = first_line
        self.rows: list[_Tr] = []
        self.in_head = False
        self.depth = 0
        self.cell: _Cell | None = None
        self.layout = False
        """A cell holds blocks (a paste, a list, a table): the table lays out text side by side, it holds no grid."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.depth += 1
            if self.depth > 1:
                self.layout = True
        if self.depth != 1:
            return
        if tag == "thead":
            self.in_head = True
        elif tag in ("tbody", "tfoot"):
            self.in_head = False
        elif tag == "tr":
            self.rows.append(_Tr(self.in_head))
            self.cell = None
        elif tag in ("td", "th") and self.rows:
            a = dict(attrs)
            line, col = self.getpos()
            self.cell = _Cell(
                self.first_line + line - 1, col, _span(a.get("rowspan")), _span(a.get("colspan")), tag == "th"
            )
            self.rows[-1].cells.append(self.cell)
        elif tag == "br" and self.cell is not None:
            self.cell.parts.append("<br>")  # (a header's line break parts its words: `H200<br>TP2`)
        elif tag in ("pre", "table", "ul", "ol", "details") and self.cell is not None:
            self.layout = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.depth -= 1
        elif self.depth == 1 and tag in ("td", "th", "tr"):
            self.cell = None
        elif self.depth == 1 and tag == "thead":
            self.in_head = False

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.parts.append(data)
            if "```" in data:
                self.layout = True


def _tag_lines(doc: Document, tag: re.Pattern[str], mark: str) -> list[int]:
    """The line indices holding `tag` (a table's opening or closing tag), found once per document: each table's end
    is then a look-up, however long the table (a 3,000-row table printed a cell a line ran past a fixed look-ahead
    and lost every number) and however many tables never close."""
    key = f"html_table.{tag.pattern}"
    found = doc.derived.get(key)
    if found is None:
        found = doc.derived[key] = [
            j for j, line in enumerate(doc.lines) if mark in line and tag.search(line[:MAX_LINE])
        ]
    return found


def try_html_table(doc: Document, i: int, sect: tuple[str, ...]) -> int | None:
    """Read an HTML table opening at line index `i`; the index after it, or None where no table opens."""
    if not _OPEN_RE.match(doc.lines[i][:MAX_LINE]):
        return None
    closes, opens = _tag_lines(doc, _CLOSE_RE, "</"), _tag_lines(doc, _OPEN_RE, "<")
    at = bisect.bisect_left(closes, i)
    end = closes[at] if at < len(closes) else None
    if end is not None and (nxt := bisect.bisect_right(opens, i)) < len(opens) and opens[nxt] < end:
        end = None  # (another table opens before this one closes: this one was cut, the close is the other's)
    if end is None:
        # (its lines are read as text, each reader's own: a cut excerpt loses no number to a table never closed)
        doc.warn(i + 1, "HTML table not closed (truncated input?): its lines read as text")
        return None
    collector = _Collector(i + 1)
    collector.feed("\n".join(line[:MAX_LINE] for line in doc.lines[i : end + 1]))
    collector.close()
    grid = _grid(collector.rows)
    if len(grid) < 2 or collector.layout:
        return None  # (a layout of pastes side by side: "OLD | NEW" over two JSON dumps, each read where it is)
    header = [c.text if c is not None and how == "own" else "" for c, how in grid[0][1]]
    heads = _header_rows(grid)
    rows = [_row(doc, cells, k < heads) for k, (_, cells) in enumerate(grid[1:], start=1)]
    table = Table(header, grid[0][1][0][0].line if grid[0][1] and grid[0][1][0][0] else i + 1, rows, "pipe")
    doc.blocks.append(Block("table", i + 1, end + 1, sect, table=table))
    return end + 1


_Slot = tuple["_Cell | None", str]
"""A grid position: the cell covering it and how ("own": its first position, "right": a column it spans, "below":
a row it spans)."""


def _grid(trs: list[_Tr]) -> list[tuple[_Tr, list[_Slot]]]:
    """Each row's positions, spans laid out: a cell spanning rows covers the positions under it."""
    out: list[tuple[_Tr, list[_Slot]]] = []
    below: dict[int, tuple[_Cell, int]] = {}  # column -> (cell, rows it still covers)
    for tr in trs:
        slots: list[_Slot] = []
        cells = iter(tr.cells)
        col = 0
        while col < MAX_COLUMNS:
            if col in below:
                spanning, left = below[col]
                slots.append((spanning, "below"))
                below[col] = (spanning, left - 1)
                if left <= 1:
                    del below[col]
                col += 1
                continue
            cell = next(cells, None)
            if cell is None:
                break
            for k in range(cell.colspan):
                if col + k >= MAX_COLUMNS:
                    break
                slots.append((cell, "own" if k == 0 else "right"))
                if cell.rowspan > 1:
                    below[col + k] = (cell, cell.rowspan - 1)
            col += cell.colspan
        if slots:
            out.append((tr, slots))
    return out


def _header_rows(grid: list[tuple[_Tr, list[_Slot]]]) -> int:
    """How many rows head the table: the `<thead>` rows, else the leading rows of `<th>` cells alone (one at
    least: the first row names the columns)."""
    n = 1
    while n < len(grid) and (grid[n][0].head or all(_all_th(slots) for _, slots in grid[: n + 1])):
        n += 1
    return n


def _all_th(slots: list[_Slot]) -> bool:
    own = [c for c, how in slots if c is not None and how == "own"]
    return bool(own) and all(c.head for c in own)


def _row(doc: Document, slots: list[_Slot], header: bool = False) -> Row:
    """A body row: a spanning cell's text in every row it covers (a label continuing), a column-spanning one's in
    its first column; its line the first holding most of its own cells, and where its cells stand on several
    lines (one `<td>` a line), each cell's own (Row.lines). In a `header` row (the second of a two-row header) a
    cell spanning down from the row above is left blank: it names its column there already, and the row holds
    only the sub-columns' names under their group, as a markdown table's second header row does."""
    lines = [c.line for c, how in slots if c is not None and how == "own"]
    line = max(dict.fromkeys(lines), key=lines.count) if lines else (slots[0][0].line if slots and slots[0][0] else 1)
    own_lines = len(set(lines)) > 1
    cells: list[str] = []
    offsets: list[int] = []
    for cell, how in slots:
        value = cell.text if cell is not None and (how == "own" or (how == "below" and not header)) else ""
        cells.append(value)
        at = -1
        if cell is not None and how == "own" and (own_lines or cell.line == line) and value:
            at = doc.line(cell.line)[:MAX_LINE].find(value, cell.col)
        offsets.append(at)
    cell_lines = [c.line if c is not None else line for c, _ in slots] if own_lines else None
    return Row(line, cells, doc.line(line)[:MAX_LINE], offsets, cell_lines)
