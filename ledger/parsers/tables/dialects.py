"""Tables read out of plain lines, in every dialect a PR holds.

Pipe tables (GFM with a delimiter row, "|"-led rows without one, loose "a | b" rows as
torch.utils.benchmark prints them), ASCII-bordered (+----+ rules), tab-separated (a rendered GitHub
table) and, through ledger/parsers/tables/grid.py, blank-aligned and box-drawn console tables. The scanner tries these
at every line that could open a table, inside code blocks as well as outside.
"""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import MAX_LINE, Block, Document, Row, Table
from ledger.parsers.tables.grid import read_grid

# each optional '|' carries its own blanks, so no run of blanks can be split two ways (linear on any line)
_PIPE_DELIM_RE = re.compile(r"^[ \t]*(?:\|[ \t]*)?:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+(?:\|[ \t]*)?$")
_ASCII_RULE_RE = re.compile(r"^[ \t]*[+|][-=+|: ]{3,}$")
_CELL_SEP_RE = re.compile(r"(?<!\\)\|")
# (a rule character right after the blanks: blanks alone can be matched one way only, linear on any line)
_LOOSE_RULE_RE = re.compile(r"^\s*(?:\d{1,4}\s+threads?:\s*)?[-=+|][-=+|\s]{2,}$")
_LOOSE_PAIR_RE = re.compile(r"[A-Za-z)\]][ \t]*:\s+[-+~]?\.?\d")
_DIGIT_RE = re.compile(r"\d")
_NUMBER_CELL_RE = re.compile(r"^[-+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)%?$|^$")


def _loose_cells(line: str) -> list[str]:
    """Cells of a row without outer pipes; a leading "|" keeps its empty first cell (a header over row names)."""
    parts = [c.strip() for c in line.rstrip().split("|")]
    return parts[:-1] if len(parts) > 1 and not parts[-1] else parts


def _loose_header(line: str) -> bool:
    """A line of "|"-parted names (most cells hold no digit, none is a "label: value")."""
    cells = [c for c in pipe_cells(line) if c]
    if len(cells) < 2 or _LOOSE_PAIR_RE.search(line):
        return False
    return sum(1 for c in cells if _DIGIT_RE.search(c) and not any(ch.isalpha() for ch in c)) * 2 < len(cells)


def pipe_cells(line: str) -> list[str]:
    """ "|a| b |c|" -> ["a", "b", "c"]; an escaped "\\|" stays inside its cell."""
    s = line.strip()
    if s[:2] in ("+|", "-|"):
        s = s[1:]  # a row added or removed in a pasted diff ("+| **Benchmark duration** | 4,285 sec |")
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    if "\\" not in s:  # no escape: the same cells as the split below
        return [c.strip() for c in s.split("|")]
    return [c.strip() for c in _CELL_SEP_RE.split(s)]


_MEASURED_CELL_RE = re.compile(r"^\**[-+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)\s?(?:%|[A-Za-zµ/]{1,8})?\**$")


def _pipe_led(line: str) -> bool:
    """The line opens with a cell: "|", or "+|" / "-|" in a pasted diff."""
    s = line.lstrip()
    return s.startswith("|") or (s[:2] in ("+|", "-|"))


# "88.10", "1.11": a measured value; two of them in the first row say the paste began inside a table (a header
# names its columns in words, or in whole numbers for a sweep: "| batch | 1 | 8 | 64 |")
_DECIMAL_CELL_RE = re.compile(r"^\s*[-+]?\d{1,9}\.\d{1,9}\s*$")


def _measured_row(cells: list[str]) -> bool:
    """ "| **Benchmark duration** | 4,285 sec | 3,169 sec |": a name, then values with units; no header reads so."""
    rest = [c for c in cells[1:] if c]
    return (
        len(rest) >= 2
        and all(_MEASURED_CELL_RE.match(c) for c in rest)
        and any(not _NUMBER_CELL_RE.match(c) for c in rest)
    )


def _is_delim(line: str) -> bool:
    """A delimiter row ("|---|:--:|"), also as a pasted diff prints it ("+|---|---|", "-|---|---|")."""
    s = line.lstrip()
    return bool(_PIPE_DELIM_RE.match(s[1:] if s[:2] in ("+|", "-|") else line))


def _is_pipe_row(line: str) -> bool:
    s = line.strip()
    return s.count("|") >= 2 or (s.count("|") == 1 and not s.startswith("|") and not s.endswith("|") and len(s) > 3)


def try_table(doc: Document, i: int, sect: tuple[str, ...], end: int | None = None) -> int:
    """Read a table starting at line index i (ending before index `end`); return the index after it (i if none).
    The dialects are tried in order: each returns the index after its table (i: none after all), or None when it
    does not apply; the first that applies decides, even when it finds too few rows."""
    n = len(doc.lines) if end is None else end
    for dialect in _DIALECTS:
        got = dialect(doc, i, n, sect)
        if got is not None:
            return got
    return i


def _ascii_table(doc: Document, i: int, n: int, sect: tuple[str, ...]) -> int | None:
    """ASCII-bordered: +----+----+ rules around | cell | rows."""
    lines = doc.lines
    raw = lines[i][:MAX_LINE]
    if _ASCII_RULE_RE.match(raw) and "+" in raw and i + 1 < n and lines[i + 1].strip().startswith("|"):
        rows: list[Row] = []
        j = i
        while j < n and (lines[j].strip().startswith(("|", "+")) and lines[j].strip()):
            s = lines[j]
            if not _ASCII_RULE_RE.match(s[:MAX_LINE]):
                rows.append(Row(j + 1, pipe_cells(s[:MAX_LINE]), s))
            j += 1
        if len(rows) >= 2:
            t = Table(rows[0].cells, rows[0].line, rows[1:], "ascii")
            doc.blocks.append(Block("table", i + 1, j, sect, table=t))
            return j
        return i
    return None


def _pipe_table(doc: Document, i: int, n: int, sect: tuple[str, ...]) -> int | None:
    """A pipe table: header, delimiter row, body rows."""
    lines = doc.lines
    raw = lines[i][:MAX_LINE]
    if _is_pipe_row(raw) and not _is_delim(raw) and i + 1 < n and _is_delim(lines[i + 1][:MAX_LINE]):
        header = pipe_cells(raw)
        delim = lines[i + 1][:MAX_LINE]
        width = len(pipe_cells(delim))
        # a rule of no outer pipes ("-- | -- | --", a spreadsheet's paste) under a header that does not print both
        # borders: every row's pipes part cells, none is a border (see _sheet_cells)
        sheet = not _pipe_led(delim) and not delim.rstrip().endswith("|") and not _bordered(raw, width)
        if sheet:
            header = _sheet_cells(raw, width)
        rows: list[Row] = []
        j = i + 2
        while j < n and lines[j].strip() and _is_pipe_row(lines[j][:MAX_LINE]):
            cells = _sheet_cells(lines[j][:MAX_LINE], width) if sheet else pipe_cells(lines[j][:MAX_LINE])
            rows.append(Row(j + 1, cells, lines[j]))
            j += 1
        at_end = bool(rows) and j >= len(lines) - 1
        t = Table(header, i + 1, rows, "pipe")
        if at_end and _cut_last_cell(raw, rows):
            # ("| 64 | 111.22 | 10" last in an excerpt whose every other row closes: "10" may be "108.05" cut)
            rows[-1] = Row(rows[-1].line, rows[-1].cells[:-1], rows[-1].text)
            t.truncated = t.cut_cell = True
            doc.warn(rows[-1].line, "table row cut short (truncated input?)")
        elif at_end and len(rows[-1].cells) < len(header):
            t.truncated = True
            doc.warn(rows[-1].line, "table row cut short (truncated input?)")
        _warn_overfull(doc, header, rows)
        doc.blocks.append(Block("table", i + 1, max(j, i + 2), sect, table=t))
        return j
    return None


def _warn_overfull(doc: Document, header: list[str], rows: list[Row]) -> None:
    """A row printing more cells than its header (a column added under a header never widened): the cells past the
    header are read without a column name, so the reader is told where, once a table."""
    width = len(header)
    for row in rows:
        if len(row.cells) > width and any(c.strip() for c in row.cells[width:]):
            doc.warn(
                row.line,
                f"table row has {len(row.cells)} cells, its header {width}: "
                "the cells past the header have no column name",
            )
            return


def _bordered(line: str, width: int) -> bool:
    """ "| a | b | c |" over a rule of three: both outer pipes printed, as many cells as the rule: they are borders."""
    s = line.strip()
    return s.startswith("|") and s.endswith("|") and len(pipe_cells(line)) == width


def _sheet_cells(line: str, width: int) -> list[str]:
    """The cells of a row in a table whose rule has no outer pipes (a spreadsheet's paste): a leading "|" closes a
    blank first cell ("  | mmlu | gsm8k", the corner over row names, or the value above carried down) and a trailing
    "|" opens a blank last one ("model-TP1 |   |   |  ", a title over a merged row), up to the rule's count of
    cells; read as borders, they would shift every name left and drop a column."""
    cells = pipe_cells(line)
    if len(cells) >= width:
        return cells
    s = line.strip()
    edged = [c.strip() for c in (s.split("|") if "\\" not in s else _CELL_SEP_RE.split(s))]
    if len(edged) == width:
        return edged
    return ["", *cells] if _pipe_led(line) and len(cells) == width - 1 else cells


def _cut_last_cell(header: str, rows: list[Row]) -> bool:
    """The document's last row lacks the closing pipe its header and every row above it print, and its last cell
    is a number of another form than the column's above ("10" under "39.90", "52.") or, in a table's only row short
    of its header's cells, than the cell before it: the excerpt ends inside it."""
    closed = [r.text.rstrip().endswith("|") for r in rows]
    if not (header.rstrip().endswith("|") and not closed[-1] and all(closed[:-1])):
        return False
    n = len(rows[-1].cells)
    if len(rows) < 2:
        # (the only row, short of its header's cells: "| 1k | 4 | 55.2 | 13.7 | 32", a whole number after a
        # decimal one, nothing above to compare it with)
        cells = [c.strip() for c in rows[-1].cells]
        return 1 < n < len(pipe_cells(header)) and bool(
            _WHOLE_RE.fullmatch(cells[-1]) and _DECIMAL_RE.fullmatch(cells[-2])
        )
    if n < 2:
        return False
    last = rows[-1].cells[-1].strip()
    if spread_cut_only(last):
        return False  # ("84.25 ±" under "1010.40 ± 4.10": the value whole, only its spread lost)
    above = [r.cells[n - 1].strip() for r in rows[:-1] if len(r.cells) >= n]
    decimal = [bool(_DECIMAL_RE.fullmatch(c)) for c in above]
    # ("48" under "40 000": fewer digits than any cell above, the rest of the number lost with the line's end)
    shorter = bool(above) and _digits(last) < min(_digits(c) for c in above)
    return (
        last.endswith((".", "±", "-"))
        or (bool(above) and all(decimal) and bool(_WHOLE_RE.fullmatch(last)))
        or (shorter and _digits(last) > 0)
        or _fewer_parts(last, above)
    )


# "7158.59 ±" last in an excerpt: the value printed whole (a space ends it), the spread after it lost
_WHOLE_BEFORE_SPREAD_RE = re.compile(r"[-+]?\d{1,12}\.\d{1,8}\s{1,4}±")


def spread_cut_only(cell: str) -> bool:
    """The cut cell holds its whole value and the "±" of a spread the excerpt's end cut off ("7158.59 ±"): the
    value is kept, without a spread."""
    return _WHOLE_BEFORE_SPREAD_RE.fullmatch(cell.strip()) is not None


def _fewer_parts(last: str, above: list[str]) -> bool:
    """The cut cell's last number prints fewer decimals than the number at its place in every cell above, all
    printed alike ("0.4" under "0.182", "0.231"; "0.1653 ± 0.0025 → 0.12" under "0.1164 ± 0.0010 → 0.0938 ± 0.0002
    (-19.4%)"): the rest was lost with the line's end. ("96.44" under "95.98 ± 0.54" is whole: its spread alone is
    cut.)"""
    numbers = _NUMBER_PART_RE.findall(last[:200])
    if not above or not numbers or not last.rstrip()[-1:].isdigit():
        return False
    k = len(numbers)
    places = set()
    for cell in above:
        theirs = _NUMBER_PART_RE.findall(cell[:200])
        if len(theirs) < k:
            return False
        places.add(len(theirs[k - 1].partition(".")[2]))
    return len(places) == 1 and len(numbers[-1].partition(".")[2]) < min(places)


_NUMBER_PART_RE = re.compile(r"\d{1,12}(?:\.\d{1,8})?")


def _digits(cell: str) -> int:
    """The digits of a cell's whole part ("40 000" 5, "95.98 ± 0.54" 2): its magnitude as printed."""
    m = _WHOLE_PART_RE.search(cell[:40])
    return sum(ch.isdigit() for ch in m.group(0)) if m else 0


_WHOLE_PART_RE = re.compile(r"\d{1,3}(?:[ ,]\d{3})+|\d{1,12}")


_DECIMAL_RE = re.compile(r"[-+]?\d{1,12}\.\d{1,8}")
_WHOLE_RE = re.compile(r"[-+]?\d{1,12}")


def _pipe_rows_table(doc: Document, i: int, n: int, sect: tuple[str, ...]) -> int | None:
    """Pipe rows with no delimiter row (a sheet paste, a hand-typed table): two or more "|"-led lines with the same
    number of cells; the first is the header."""
    lines = doc.lines
    raw = lines[i][:MAX_LINE]
    if (
        _pipe_led(raw)
        and _is_pipe_row(raw)
        and i + 1 < n
        and _pipe_led(lines[i + 1])
        and len(pipe_cells(lines[i + 1][:MAX_LINE])) == len(pipe_cells(raw)) >= 2
    ):
        header = pipe_cells(raw)
        # a delimiter row first: the header above it was cut off (a review bot's diff hunk that begins at the
        # "|---|" line); its dashes name no column
        cut = _is_delim(raw)
        # a first row of numbers (or of a name and measured values) is data, not names: the paste began inside
        # a table
        headless = cut or (
            any(header)
            and (
                all(_NUMBER_CELL_RE.match(c) for c in header)
                or _measured_row(header)
                or sum(bool(_DECIMAL_CELL_RE.match(c)) for c in header) >= 2
                or _split_tail(doc, i, header)
            )
        )
        rows: list[Row] = []
        j = i + 1 if cut or not headless else i
        while j < n and _pipe_led(lines[j]) and len(pipe_cells(lines[j][:MAX_LINE])) == len(header):
            rows.append(Row(j + 1, pipe_cells(lines[j][:MAX_LINE]), lines[j]))
            j += 1
        t = Table(header if not headless else [""] * len(header), i + 1, rows, "pipe", headless=headless)
        t.header_cut = cut
        doc.blocks.append(Block("table", i + 1, j, sect, table=t))
        return j
    return None


_TAIL_GAP = 2
"""Blank lines a table's rows may stand apart from the table above and still be its tail."""


def _split_tail(doc: Document, i: int, first: list[str]) -> bool:
    """Pipe rows a blank line parts from a table of as many columns, their first row holding numbers where that
    table's rows do ("|Long prompts|Decode node|16|4|4|1|" under "|Workload|Role|NPUs|TP|DP|Draft Num|" and its
    rows): the table's own rows, split off, and their first row is one of them, never a header (its numbers would
    name columns)."""
    above = doc.blocks[-1] if doc.blocks else None
    if above is None or above.kind != "table" or above.table is None or len(above.table.header) != len(first):
        return False
    if not 0 < i - above.end <= _TAIL_GAP or any(line.strip() for line in doc.lines[above.end : i]):
        return False
    shape = _number_shape(first)
    return any(shape) and any(_number_shape(r.cells) == shape for r in above.table.rows)


def _number_shape(cells: list[str]) -> tuple[bool, ...]:
    """Which cells hold a bare number: what the rows of one table share column by column."""
    return tuple(bool(c.strip()) and bool(_NUMBER_CELL_RE.match(c.strip())) for c in cells)


def _loose_table(doc: Document, i: int, n: int, sect: tuple[str, ...]) -> int | None:
    """Loose pipe rows ("name | a | b" without outer pipes, torch.utils.benchmark's Compare): a header of names, rows
    of as many cells that hold numbers, rule lines between them ("1 threads: -----") skipped."""
    lines = doc.lines
    raw = lines[i][:MAX_LINE]
    if _is_pipe_row(raw) and _loose_header(raw) and i + 1 < n and not lines[i + 1].lstrip().startswith("|"):
        ncell = len(_loose_cells(raw))
        rows: list[Row] = []
        j = i + 1
        while j < n and lines[j].strip():
            s = lines[j][:MAX_LINE]
            if _LOOSE_RULE_RE.match(s):
                j += 1
                continue
            if "|" not in s or len(_loose_cells(s)) != ncell or not _DIGIT_RE.search(s) or _LOOSE_PAIR_RE.search(s):
                break
            rows.append(Row(j + 1, _loose_cells(s), lines[j]))
            j += 1
        if len(rows) >= 2:
            doc.blocks.append(Block("table", i + 1, j, sect, table=Table(_loose_cells(raw), i + 1, rows, "pipe")))
            return j
    return None


_BROKEN_HEADER_LINES = 8
"""The most lines one header row is looked for in (a header of seven cells, each broken once)."""


def _broken_header(lines: list[str], i: int, n: int) -> tuple[Row, int] | None:
    """A header whose cells broke at their line breaks: a browser copies "| Length | B200<br/>TP1 (FP4) | H200<br/>TP4
    (FP8) |" as "Length<tab>B200", "TP1 (FP4)<tab>H200", "TP4 (FP8)". Its lines, joined where they broke, are as wide
    as the row under them, and each is narrower. The header (its cells joined by the "<br/>" they held) and the
    index of that first row; None when the lines are no such header."""
    parts: list[list[str]] = []
    for j in range(i, min(n, i + _BROKEN_HEADER_LINES)):
        if not lines[j].strip():
            return None
        parts.append(lines[j][:MAX_LINE].split("\t"))
        width = sum(map(len, parts)) - len(parts) + 1
        if len(parts) < 2 or j + 1 >= n:
            continue
        under = lines[j + 1][:MAX_LINE].split("\t")
        if len(under) == width and all(len(p) < width for p in parts) and _DIGIT_RE.search(lines[j + 1]):
            cells = [c.strip() for c in parts[0]]
            for p in parts[1:]:
                cells[-1] = f"{cells[-1]}<br/>{p[0].strip()}"
                cells.extend(c.strip() for c in p[1:])
            return Row(i + 1, cells, "\n".join(lines[i : j + 1])), j + 1
    return None


def _as_wide(line: str, rows: list[Row]) -> bool:
    return bool(rows) and line[:MAX_LINE].count("\t") + 1 == len(rows[0].cells)


def _spacer(lines: list[str], j: int, n: int, rows: list[Row]) -> bool:
    """Whether the empty line at index j is a row of the table above rather than its end: a browser copies an
    empty row ("| | |", set between a grid's headers and its values) as tabs alone, as wide as the header, or
    as nothing at all once its blanks are trimmed, and then only a row that labels the rows under it
    ("ISL, OSL" and empty cells) says the table goes on. Either way the next line is a row as wide."""
    if j + 1 >= n or not rows or "\t" not in lines[j + 1].strip("\t ") or not _as_wide(lines[j + 1], rows):
        return False
    if "\t" in lines[j]:
        return _as_wide(lines[j], rows)
    last = rows[-1].cells
    return len(rows) > 1 and bool(last[0]) and not any(last[1:])


def _tab_table(doc: Document, i: int, n: int, sect: tuple[str, ...]) -> int | None:
    """Tab-separated: two or more consecutive lines with tabs (rendered GitHub tables)."""
    lines = doc.lines
    raw = lines[i][:MAX_LINE]
    broken = _broken_header(lines, i, n) if "\t" in raw.strip("\t ") else None
    if broken is not None or ("\t" in raw.strip("\t ") and i + 1 < n and "\t" in lines[i + 1].strip("\t ")):
        rows: list[Row] = [broken[0]] if broken else []
        j = broken[1] if broken else i
        while j < n:
            if not lines[j].strip():
                if not _spacer(lines, j, n, rows):
                    break
                if lines[j].strip(" "):  # an empty row keeps its cells, as "| | |" does in markdown
                    rows.append(Row(j + 1, [""] * len(rows[0].cells), lines[j]))
                j += 1
                continue
            if not (
                "\t" in lines[j].strip("\t ")
                # a row whose only text is its first cell ("ISL, OSL\t\t\t\t", a label of the rows under it)
                # keeps the table going when its tabs make it as wide as the header
                or (j > i + 1 and _as_wide(lines[j], rows))
            ):
                break
            rows.append(Row(j + 1, [c.strip() for c in lines[j][:MAX_LINE].split("\t")], lines[j]))
            j += 1
        # a leading empty cell is the row-header column's empty header ("\tcon1\tcon128"); under a header
        # that has none, it is the indent of a tool that starts each data row with a tab
        width = len(rows[0].cells)
        if (
            rows[0].cells[:1] != [""]
            and len(rows) > 1
            and all(r.cells[:1] == [""] and len(r.cells) == width + 1 for r in rows[1:])
        ):
            rows[1:] = [Row(r.line, r.cells[1:], r.text) for r in rows[1:]]
        t = Table(rows[0].cells, rows[0].line, rows[1:], "tab")
        doc.blocks.append(Block("table", i + 1, j, sect, table=t))
        return j
    return None


_DIALECTS = (_ascii_table, _pipe_table, _pipe_rows_table, _loose_table, _tab_table)
"""The table dialects, tried in this order."""


def try_grid(
    doc: Document, i: int, end: int, sect: tuple[str, ...], in_code: bool = False, lines: list[str] | None = None
) -> int:
    """A blank-aligned or box-drawn table at line index i (see ledger/parsers/tables/grid.py); the index after it.
    `lines`: the document's lines as read there, when not as printed (a quoted fence's, reader.quotes)."""
    lines = doc.lines if lines is None else lines
    g = read_grid(lines, i, end)
    if g is None:
        return i
    rows = [Row(k + 1, cells, lines[k], offs) for k, cells, offs in g.rows]
    if g.cut:
        doc.warn(rows[-1].line, "table row cut short at the end of the document; its last value is not read")
    t = Table(g.header, g.header_index + 1, rows, g.style)
    doc.blocks.append(Block("table", i + 1, g.end, sect, table=t, in_code=in_code))
    return g.end
