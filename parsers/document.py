"""Read a document once into line-numbered blocks: headings, tables, code, list items, text.

Two inputs share one model. Markdown source is read with markdown-it-py (block rules only, tables
enabled; each token's `.map` gives its lines) for headings, fences and GFM tables. Text copied
from a rendered GitHub page has none of those marks: tables are tab-separated lines, bullets are
`•` with indented sub-bullets, headings are short bare lines between blank lines. Whatever
markdown-it does not claim (paragraphs, HTML blocks, a rendered copy) goes through the same line
scanner, which also finds pipe tables that markdown-it rejects (a table glued to an HTML line, a
table whose delimiter row is malformed or missing after truncation).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from ledger.model import ParseWarning
from ledger.parsers.grid import has_box, is_rule, read_grid
from ledger.parsers.headless import name_headless_columns

BlockKind = Literal["heading", "table", "code", "item", "text", "comment"]

_FENCE_RE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_ATX_RE = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_BULLET_RE = re.compile(r"^([ \t]*)([-*+•◦▪‣]|\d{1,3}[.)])[ \t]+")
# each optional '|' carries its own blanks, so no run of blanks can be split two ways (linear on any line)
_PIPE_DELIM_RE = re.compile(r"^[ \t]*(?:\|[ \t]*)?:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+(?:\|[ \t]*)?$")
_ASCII_RULE_RE = re.compile(r"^[ \t]*[+|][-=+|: ]{3,}$")
_AUTHOR_RE = re.compile(r"^\[([A-Za-z0-9][\w.-]{0,38}(?:\[bot\])?)\]$")
_CHECKBOX_RE = re.compile(r"^\[( |x|X)\][ \t]+")
MAX_LINE = 20_000
"""Longer lines are cut for scanning (the text stays whole in the document)."""


@dataclass(slots=True)
class Row:
    """One table row: its 1-based line, its cells (stripped, markup kept) and its raw text."""

    line: int
    cells: list[str]
    text: str
    offsets: list[int] | None = None
    """Where each cell starts in `text`, where the reader knows it (None: the cells in order find them)."""


@dataclass(slots=True)
class Table:
    """A table with a header row; rows keep their lines."""

    header: list[str]
    header_line: int
    rows: list[Row]
    style: Literal["pipe", "tab", "ascii", "space", "box"]
    truncated: bool = False
    """The last row has fewer cells than the header (a cut-off paste)."""
    headless: bool = False
    """No header row was printed (the rows of a paste that starts inside a table): `header` holds names
    taken from a table of the same shape elsewhere in the document, or "column N"."""


@dataclass(slots=True)
class Block:
    """A region of the document."""

    kind: BlockKind
    start: int
    """First 1-based line."""
    end: int
    """Last 1-based line."""
    section: tuple[str, ...]
    """Heading path above the block."""
    text: str = ""
    """Heading title, list item text (bullet removed) or the line's text."""
    level: int = 0
    """Heading level; list item depth (0 = top)."""
    table: Table | None = None
    info: str = ""
    """Code fence info string ("bash", "text")."""
    checked: bool | None = None
    """For checklist items: [x] is True, [ ] is False."""
    in_code: bool = False
    """A table or line found inside a code block (the code block itself comes first in `blocks`):
    extractors that read code blocks whole skip the lines; the general readers read both."""


@dataclass
class Document:
    """A document read into blocks, with its raw lines (index 0 is line 1)."""

    lines: list[str]
    blocks: list[Block] = field(default_factory=list)
    format: Literal["markdown", "rendered"] = "markdown"
    warnings: list[ParseWarning] = field(default_factory=list)
    """What could not be read whole, in the order found (`warn`)."""

    def warn(self, line: int | None, message: str) -> None:
        """Note a partial read at `line` (None: the text as a whole)."""
        self.warnings.append(ParseWarning(line, message))

    def line(self, no: int) -> str:
        return self.lines[no - 1] if 0 < no <= len(self.lines) else ""


def split_lines(text: str) -> list[str]:
    """Split on LF, CRLF or a lone CR, as editors count lines."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def sniff_format(text: str, path: str | None = None) -> Literal["markdown", "rendered"]:
    """Markdown source or a rendered-page copy, by extension first, then by its marks."""
    if path:
        low = path.lower()
        if low.endswith((".md", ".markdown")):
            return "markdown"
    head = text[:50_000]
    fences = len(re.findall(r"(?m)^ {0,3}(?:```|~~~)", head))
    if path and path.lower().endswith(".txt") and not fences and \
            len(re.findall(r"(?m)^#{2,6} \S", head)) < 2:
        # a copied page has no fences: its pipe lines are pasted tool output, its "# x" lines code comments
        return "rendered"
    md_marks = len(re.findall(r"(?m)^ {0,3}(?:#{1,6} |```|~~~|\|.*\|[ \t]*$)", head))
    rendered_marks = head.count("•") + len(re.findall(r"(?m)^[^\t\n]*\t[^\n]*$", head))
    return "markdown" if md_marks >= max(1, rendered_marks // 2) else "rendered"


def read_document(text: str, path: str | None = None, fmt: str | None = None) -> Document:
    """Read text into a Document; never raises on odd input."""
    lines = split_lines(text)
    kind = fmt if fmt in ("markdown", "rendered") else sniff_format(text, path)
    doc = Document(lines=lines, format=kind)  # type: ignore[arg-type]
    markup: dict[int, tuple[str, int, int, str]] = {}
    if kind == "markdown":
        markup = _markdown_regions(text, lines)
    _scan(doc, markup)
    name_headless_columns([b.table for b in doc.blocks if b.table is not None], doc.warn)
    return doc


_MD: list[Any] = []


def _markdown_it(tables: bool = True) -> Any:
    """The block-only markdown-it parsers, built once per process (building one costs as much as a parse):
    with the table rule, and without it (a pipe table then reads as a paragraph; see `_tables_matter`)."""
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
    r"(?:[ \t>#<`~]|[-*+](?:[ \t\n]|$)|\d{1,9}[.)]|[^|\n]*(?:\n|$))")
# A line that starts like a block (heading, fence, quote, HTML, list item) and holds "|", then a non-blank
# line: the table rule runs first, so with a delimiter row under it this line is a table's header.
_MARKED_PIPE_RE = re.compile(r"(?m)^[ \t]*(?:[>#<`~]|[-*+](?:[ \t]|$)|\d{1,9}[.)])[^|\n]*\|[^\n]*\n[ \t]*[^ \t\n]")


def _tables_matter(text: str, lines: list[str]) -> bool:
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


def _markdown_regions(text: str, lines: list[str]) -> dict[int, tuple[str, int, int, str]]:
    """Start line (1-based) -> (kind, start, end, info) for fences, code and headings."""
    md = _markdown_it(tables=_tables_matter(text, lines))
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
        if tok.type == "fence":
            regions[start] = ("fence", start, end, tok.info.strip())
        elif tok.type == "code_block":  # four-space indented code: benchmark output pasted without a fence
            regions[start] = ("fence", start, end, "indented")
        elif tok.type == "heading_open":
            title = tokens[i + 1].content if i + 1 < len(tokens) else ""
            regions[start] = ("heading", start, end, f"{len(tok.markup)}\x00{title}")
    return regions


def _is_rendered_heading(lines: list[str], i: int) -> bool:
    """A short bare line between blank lines: "Performance", "Test Coverage"."""
    s = lines[i].strip()
    if not s or len(s) > 60 or "\t" in s or s[0] in "•-*+|[(`>" or not (s[0].isupper() or s[0].isdigit()):
        return False
    if s.endswith((".", ":", ";", ",")) or len(s.split()) > 8:
        return False
    if _VALUE_AFTER_RE.search(s):
        return False  # "Accuracy: 0.950" is a result line, not a heading
    prev_blank = i == 0 or not lines[i - 1].strip()
    next_blank = i + 1 >= len(lines) or not lines[i + 1].strip()
    if not (prev_blank and next_blank):
        return False
    # a line that is only numbers and units is a value, not a heading
    return sum(ch.isalpha() for ch in s) >= max(3, len(s) // 3)


_COMMAND_RE = re.compile(
    r"^(?:\$\s+)?(?:[A-Z_][A-Z0-9_]{1,40}=\S{0,200}\s+){0,4}"
    r"(?:python\d?(?:\.\d{1,2})?|pytest|torchrun|mpirun|srun|lm_eval|vllm|sglang|trtllm-\w{1,20}|make|cmake|"
    r"bash|git|pip\d?|docker|buck|ninja|nvidia-smi|curl|export|cd|uv|accelerate)\s+\S")
_PROGRESS_RE = re.compile(r"\d{1,3}%\|[█▏▎▍▌▋▊▉ #]{0,200}\||█{3}")


_LOG_LINE_RE = re.compile(r"^\[?\d{2,4}[-/]\d{2}[-/]\d{2,4}[ T:-]\d{1,2}:\d{2}")
_COMMAND_MARK_RE = re.compile(r"(?:^|\s)--?[A-Za-z]|/|\\$|&&|=")
_VALUE_AFTER_RE = re.compile(r"[:=]\s*[-+~]?\d")


def is_command_line(line: str) -> bool:
    """A shell command ("python3 -m sglang.bench_serving --num-prompts 512 ..."), a progress bar
    ("100%|█████| 1319/1319 [05:56<00:00, 3.70it/s]") or a timestamped log line
    ("[06/05/2026-03:40:28] [TRT-LLM] [I] ..."): code, even without a fence."""
    s = line.strip()
    if s.startswith("`") and s.endswith("`") and s.count("`") == 2:
        s = s.strip("`").strip()  # "`lm_eval --model ... --limit 100`" alone on its line
    # a progress bar holds "%|" or "███" (the two branches of _PROGRESS_RE)
    if (("%|" in s or "███" in s) and _PROGRESS_RE.search(s)) or _LOG_LINE_RE.match(s):
        return True
    if not _COMMAND_RE.match(s):
        return False
    # "make" and "cd" start sentences too: a command has flags, paths or a continuation
    return bool(_COMMAND_MARK_RE.search(s))


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
    """"|a| b |c|" -> ["a", "b", "c"]; an escaped "\\|" stays inside its cell."""
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    if "\\" not in s:  # no escape: the same cells as the split below
        return [c.strip() for c in s.split("|")]
    return [c.strip() for c in _CELL_SEP_RE.split(s)]


def _is_pipe_row(line: str) -> bool:
    s = line.strip()
    return s.count("|") >= 2 or (s.count("|") == 1 and not s.startswith("|") and not s.endswith("|")
                                 and len(s) > 3)


def _scan(doc: Document, markup: dict[int, tuple[str, int, int, str]]) -> None:
    lines = doc.lines
    n = len(lines)
    section: list[tuple[int, str]] = []  # (level, title)
    blocks = doc.blocks
    rendered = doc.format == "rendered"
    i = 0
    cur: tuple[str, ...] = ()  # the heading path of `section`, rebuilt only when a heading changes it

    def push_heading(level: int, title: str) -> tuple[str, ...]:
        while section and section[-1][0] >= level:
            section.pop()
        section.append((level, title))
        return tuple(t for _, t in section)

    line_marks = not markup and not rendered  # markdown without markdown-it regions: fences and "#" by line
    while i < n:
        raw = lines[i][:MAX_LINE]
        no = i + 1
        region = markup.get(no)
        if region:
            if region[0] == "fence":
                _, start, end, info = region
                blocks.append(Block("code", start, end, cur, info=info))
                _scan_code(doc, start, end, cur, info)
                i = end
                continue
            if region[0] == "heading":
                level_s, title = region[3].split("\x00", 1)
                cur = push_heading(int(level_s), title.strip())
                blocks.append(Block("heading", no, no, cur, text=title.strip(), level=int(level_s)))
                i += 1
                continue
        if line_marks:
            fm = _FENCE_RE.match(raw)
            if fm:  # markdown without markdown-it regions (should not happen) or a stray fence
                j = i + 1
                while j < n and not lines[j].lstrip().startswith(fm.group(1)[:3]):
                    j += 1
                blocks.append(Block("code", no, min(j + 1, n), cur))
                _scan_code(doc, no, min(j + 1, n), cur, "")
                i = j + 1
                continue
        stripped = raw.strip()
        if not stripped:
            i += 1
            continue
        am = _AUTHOR_RE.match(stripped) if stripped[0] == "[" else None
        if am and (i + 1 >= n or not lines[i + 1].strip()):
            section.clear()
            section.append((0, f"[{am.group(1)}]"))
            cur = (f"[{am.group(1)}]",)
            blocks.append(Block("comment", no, no, cur, text=am.group(1)))
            i += 1
            continue
        if line_marks:
            hm = _ATX_RE.match(raw)
            if hm:
                cur = push_heading(len(hm.group(1)), hm.group(2).strip())
                blocks.append(Block("heading", no, no, cur, text=hm.group(2).strip(),
                                    level=len(hm.group(1))))
                i += 1
                continue
        if (rendered or stripped.startswith("`")) and is_command_line(stripped):
            # a rendered copy loses code fences: shell commands and progress bars are still code
            j = i
            while j + 1 < n and lines[j].rstrip().endswith("\\") and lines[j + 1].strip():
                j += 1
            blocks.append(Block("code", no, j + 1, cur, info="command"))
            i = j + 1
            continue
        if rendered and _is_rendered_heading(lines, i):
            cur = push_heading(2, stripped)
            blocks.append(Block("heading", no, no, cur, text=stripped, level=2))
            i += 1
            continue
        # tables: pipe (GFM or sheet paste), ASCII-bordered, or tab-separated (rendered copy)
        # every table starts with a line holding "|", a tab or (ASCII borders) "+"
        if "|" in raw or "\t" in raw or "+" in raw:
            j = _try_table(doc, i, cur)
            if j > i:
                i = j
                continue
        if "  " in stripped or has_box(raw) or is_rule(raw):
            j = _try_grid(doc, i, n, cur)
            if j > i:
                i = j
                continue
        bm = _BULLET_RE.match(raw)
        if bm:
            indent = len(bm.group(1).replace("\t", "    "))
            body = raw[bm.end():]
            checked = None
            cm = _CHECKBOX_RE.match(body)
            if cm:
                checked = cm.group(1) != " "
                body = body[cm.end():]
            blocks.append(Block("item", no, no, cur, text=body.rstrip(), level=indent // 2,
                                checked=checked))
            i += 1
            continue
        blocks.append(Block("text", no, no, cur, stripped))
        i += 1


def _try_table(doc: Document, i: int, sect: tuple[str, ...], end: int | None = None) -> int:
    """Read a table starting at line index i (ending before index `end`); return the index after it (i if none)."""
    lines = doc.lines
    n = len(lines) if end is None else end
    raw = lines[i][:MAX_LINE]
    # ASCII-bordered: +----+----+ rules around | cell | rows
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
    # pipe table: header, delimiter row, body rows
    if _is_pipe_row(raw) and i + 1 < n and _PIPE_DELIM_RE.match(lines[i + 1][:MAX_LINE]):
        header = pipe_cells(raw)
        rows = []
        j = i + 2
        while j < n and lines[j].strip() and _is_pipe_row(lines[j][:MAX_LINE]):
            rows.append(Row(j + 1, pipe_cells(lines[j][:MAX_LINE]), lines[j]))
            j += 1
        t = Table(header, i + 1, rows, "pipe")
        if rows and len(rows[-1].cells) < len(header) and j >= len(lines) - 1:
            t.truncated = True
            doc.warn(rows[-1].line, "table row cut short (truncated input?)")
        doc.blocks.append(Block("table", i + 1, max(j, i + 2), sect, table=t))
        return j
    # pipe rows with no delimiter row (a sheet paste, a hand-typed table): two or more "|"-led lines with
    # the same number of cells; the first is the header
    if raw.lstrip().startswith("|") and _is_pipe_row(raw) and i + 1 < n and lines[i + 1].lstrip().startswith("|") \
            and len(pipe_cells(lines[i + 1][:MAX_LINE])) == len(pipe_cells(raw)) >= 2:
        header = pipe_cells(raw)
        # a first row of numbers is data, not names: the paste began inside a table
        headless = any(header) and all(_NUMBER_CELL_RE.match(c) for c in header)
        rows = []
        j = i if headless else i + 1
        while j < n and lines[j].lstrip().startswith("|") and len(pipe_cells(lines[j][:MAX_LINE])) == len(header):
            rows.append(Row(j + 1, pipe_cells(lines[j][:MAX_LINE]), lines[j]))
            j += 1
        t = Table(header if not headless else [""] * len(header), i + 1, rows, "pipe", headless=headless)
        doc.blocks.append(Block("table", i + 1, j, sect, table=t))
        return j
    # loose pipe rows ("name | a | b" without outer pipes, torch.utils.benchmark's Compare): a header of names,
    # rows of as many cells that hold numbers, rule lines between them ("1 threads: -----") skipped
    if _is_pipe_row(raw) and _loose_header(raw) and i + 1 < n and not lines[i + 1].lstrip().startswith("|"):
        ncell = len(_loose_cells(raw))
        rows = []
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
    # tab-separated: two or more consecutive lines with tabs (rendered GitHub tables)
    if "\t" in raw.strip("\t ") and i + 1 < n and "\t" in lines[i + 1].strip("\t "):
        rows = []
        j = i
        while j < n and "\t" in lines[j].strip("\t ") and lines[j].strip():
            rows.append(Row(j + 1, [c.strip() for c in lines[j][:MAX_LINE].split("\t")], lines[j]))
            j += 1
        # a leading empty cell is the row-header column's empty header ("\tcon1\tcon128")
        t = Table(rows[0].cells, rows[0].line, rows[1:], "tab")
        doc.blocks.append(Block("table", i + 1, j, sect, table=t))
        return j
    return i


def _try_grid(doc: Document, i: int, end: int, sect: tuple[str, ...], in_code: bool = False) -> int:
    """A blank-aligned or box-drawn table at line index i (see parsers/grid.py); the index after it."""
    g = read_grid(doc.lines, i, end)
    if g is None:
        return i
    rows = [Row(k + 1, cells, doc.lines[k], offs) for k, cells, offs in g.rows]
    if g.cut:
        doc.warn(rows[-1].line, "table row cut short at the end of the document; its last value is not read")
    t = Table(g.header, g.header_index + 1, rows, g.style)
    doc.blocks.append(Block("table", i + 1, g.end, sect, table=t, in_code=in_code))
    return g.end


_CLOSE_FENCE_RE = re.compile(r"^ {0,3}(?:`{3,}|~{3,})[ \t]*$")


def _scan_code(doc: Document, start: int, end: int, sect: tuple[str, ...], info: str) -> None:
    """The tables and lines inside a code block (1-based lines start..end, fences included), as blocks
    of their own marked `in_code`: console output holds tables and results like any other text."""
    lines = doc.lines
    lo = start - 1
    hi = min(end, len(lines))
    if info != "indented":
        if lo < hi and _FENCE_RE.match(lines[lo]):
            lo += 1  # the opening fence
        if hi - 1 >= lo and _CLOSE_FENCE_RE.match(lines[hi - 1]):
            hi -= 1  # the closing fence (an unclosed fence runs to the end of the document)
    blocks = doc.blocks
    k = lo
    while k < hi:
        raw = lines[k][:MAX_LINE]
        stripped = raw.strip()
        if not stripped:
            k += 1
            continue
        if "|" in raw or "\t" in raw or "+" in raw:
            first = len(blocks)
            j = _try_table(doc, k, sect, hi)
            if j > k:
                for b in blocks[first:]:
                    b.in_code = True
                k = j
                continue
        if "  " in stripped or has_box(raw) or is_rule(raw):
            j = _try_grid(doc, k, hi, sect, in_code=True)
            if j > k:
                k = j
                continue
        blocks.append(Block("text", k + 1, k + 1, sect, stripped, in_code=True))
        k += 1
