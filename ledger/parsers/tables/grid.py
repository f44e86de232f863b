"""Tables printed as text: columns aligned by blanks, and box-drawn tables.

    Kernel                      Median (us)   Std (us)   TFLOPS    Speedup
    ----------------------------------------------------------------------
    1. cuBLAS default           10.48         0.012      102.4     1.00x

    ┃ Statistic ┃  avg ┃  p99 ┃          (rich, genai-perf: box characters instead of "|")
    │ TTFT (ms) │ 41.2 │ 55.0 │

Benchmark scripts, profilers, tabulate, pandas and llama.cpp's compare script print tables like
these inside code blocks, and a rendered page keeps them as plain lines. `read_grid` reads one at
a line: a header line, optional rule lines, and rows that hold digits. The columns are found from
the rows, not the header: a column boundary is a run of two or more positions that is blank in
every row (so "1. cuBLAS default" stays one cell); a dashed rule cut into segments
("-----  ------") gives the boundaries instead where it has them. Header words are then laid over
the columns: a word goes to the column it overlaps most; a word over no column goes with the
nearest word of its phrase (words parted by single blanks: "master GFLOPS" over a right-aligned
number, "Self CUDA %") that is over one, else to the nearest column. A
column no header word reaches takes the header of the next headed column to its right (a header
centred over two value groups).

Everything here is linear in the size of the lines it is given: each line is walked a bounded
number of times, and no pattern can backtrack.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Literal

from ledger.vocab.text import has_digit

MAX_WIDTH = 2_000
"""Lines wider than this are not read as table rows (a minified blob is not a table)."""
MAX_COLS = 40
MAX_ROWS = 100_000

BOX_VERTICALS = "│┃║┆┇┊┋"
_BOX_RULE_CHARS = frozenset("─━═┄┅┈┉╌╍┏┳┓┗┻┛┡╇┩└┴┘├┼┤┌┬┐╞╪╡╔╦╗╚╩╝╠╬╣╭╮╰╯╋╂╀╁╃╄╅╆╈╉╊┠┨┯┷┿╪╫╬")
_RULE_CHARS = frozenset("-=~_+:| \t") | _BOX_RULE_CHARS
_DASHES = frozenset("-=─━═~_")
_GAP_RE = re.compile(r"\S+(?: \S+)*")
"""A cell of a row: non-blank runs joined by single blanks (two blanks end it)."""
_WORD_RE = re.compile(r"\S+")
_DIGIT_RE = re.compile(r"\d")
_SEGMENT_RE = re.compile(r"[-=─━═]{2,}")
# a cell that is only a value: "1m0.832s", "12.5", "3.2 ms", "~40%"
_VALUE_CELL_RE = re.compile(r"^[~≈]?[-+]?(?:\d+h)?(?:\d+m)?\d[\d,]*(?:\.\d+)?\s?(?:s|ms|us|%|x|[a-zA-Z/]{1,8})?$")


@dataclass(slots=True)
class Grid:
    """A table read from text lines: 0-based indices of its lines, the header and the rows' cells."""

    header_index: int
    header: list[str]
    rows: list[tuple[int, list[str], list[int]]]
    """(line index, cells, where each cell starts) of each data row, one cell per column ("" where none)."""
    end: int
    """The index after the table's last line (rules under it included)."""
    style: Literal["space", "box"]
    """Aligned by blanks, or drawn with box-drawing characters."""
    cut: bool = False
    """The document ends inside the last row: the last cell it reached was dropped (it may be cut short)."""


def is_rule(line: str) -> bool:
    """A line of dashes, equals signs or box-drawing rules ("-----  -----", "┡━━━╇━━━┩", "+----+")."""
    s = line.strip()
    # (a set's own tests, not a generator's: closed at the first other character, one costs an exception)
    if len(s) < 3 or not _RULE_CHARS.issuperset(s):
        return False
    return sum(map(_DASHES.__contains__, s)) >= 3


def has_box(line: str) -> bool:
    # (every vertical is beyond ASCII, and most lines are ASCII, which a flag of the string says: no pass over them)
    return not line.isascii() and any(ch in line for ch in BOX_VERTICALS)


def box_cells(line: str) -> tuple[list[str], list[int]]:
    """ "│ TTFT (ms) │ 41.2 │" -> (["TTFT (ms)", "41.2"], where each starts in the line)."""
    cells: list[str] = []
    starts: list[int] = []
    bars = [k for k, ch in enumerate(line) if ch in BOX_VERTICALS]
    edges = ([-1] if line[: bars[0]].strip() else []) + bars if bars else [-1]
    if bars and line[bars[-1] + 1 :].strip():
        edges = [*edges, len(line)]
    for a, b in itertools.pairwise(edges):
        raw = line[a + 1 : b]
        cell = raw.strip()
        cells.append(cell)
        starts.append(a + 1 + (len(raw) - len(raw.lstrip())))
    return cells, starts


def read_grid(lines: list[str], i: int, end: int) -> Grid | None:
    """A box-drawn or blank-aligned table whose header (or the rule above it) is line index `i`."""
    line = lines[i]
    if len(line) > MAX_WIDTH:
        return None
    if has_box(line) or (is_rule(line) and any(ch in _BOX_RULE_CHARS for ch in line.strip())):
        return _read_box(lines, i, end)
    return _read_aligned(lines, i, end)


def _read_box(lines: list[str], i: int, end: int) -> Grid | None:
    j = i
    rows: list[tuple[int, list[str], list[int]]] = []
    header: list[str] | None = None
    header_index = -1
    while j < end and j - i < MAX_ROWS:
        s = lines[j]
        if not s.strip():
            break
        if is_rule(s):
            j += 1
            continue
        if not has_box(s):
            break
        cells, starts = box_cells(s)
        if header is None:
            header, header_index = cells, j
        else:
            rows.append((j, cells, starts))
        j += 1
    if header is not None and _is_data(header) and all(_is_data(cells, cut=True) for _, cells, _ in rows):
        # "│ TTFT │ 14055.88 ms │" under a rule, then "│ ITL │ 66.81 ms │": names and values, no header
        # (aisbench's summary box): its first line is a row, and its columns have no names
        rows.insert(0, (header_index, header, box_cells(lines[header_index])[1]))
        header = [""] * len(header)
        for _, cells, _ in rows:
            cells[0] = cells[0].rstrip(".")  # ("ITL." over "61.42 ms.": the paste's full stops, not the name's)
    if header is None or not rows or len(header) < 2 or len(header) > MAX_COLS:
        return None
    return Grid(header_index, header, rows, j, "box")


def _is_data(cells: list[str], cut: bool = False) -> bool:
    """A name, then values only: "TTFT", "14055.8836 ms" (or, `cut`, a name whose values the paste lost)."""
    values = [" ".join(c.split()).rstrip(".") for c in cells[1:] if c]
    return bool(cells[0]) and (bool(values) or cut) and all(_VALUE_CELL_RE.match(c) for c in values)


def _is_header_line(line: str) -> bool:
    s = line.strip()
    if not s or has_box(s) or is_rule(s) or s.endswith(":") or s.startswith(("$", "#", ">>>")) or _PAIR_RE.search(s):
        return False
    words = s.split()
    if len(words) < 2 or not any(ch.isalpha() for ch in s):
        return False
    # a header names its columns: most of its words are not numbers
    numeric = sum(bool(_DIGIT_RE.match(w)) and not any(ch.isalpha() for ch in w) for w in words)
    return numeric * 2 < len(words)


# "latency: 0.111 s" on a line makes it a line of labelled values, read by the line readers, not a table row (a bold
# key's too, its marks closing after the colon or before it: "*   **Request Throughput:** 81.86 req/sec")
_PAIR_RE = re.compile(r"[\w)\]%*][ \t]*[:=][*_]{0,2}\s+[-+~]?\.?\d")


def _is_row_line(line: str) -> bool:
    s = line.strip()
    return (
        bool(s)
        and len(line) <= MAX_WIDTH
        and not is_rule(s)
        and not has_box(s)
        and has_digit(s)
        and "  " in s
        and _PAIR_RE.search(s) is None
    )


def _read_aligned(lines: list[str], i: int, end: int) -> Grid | None:
    h = i
    rule_above = False
    while h < end and is_rule(lines[h]):
        rule_above = True
        h += 1
    if h >= end or not _is_header_line(lines[h]):
        return None
    j = h + 1
    rule: str | None = None
    while j < end and is_rule(lines[j]):
        rule = lines[j]
        j += 1
    if (
        rule is not None
        and j + 1 < end
        and _is_header_line(lines[j])
        and is_rule(lines[j + 1])
        and not _VALUE_CELL_RE.match(lines[j].split()[-1] if lines[j].split() else "")
    ):
        # "==== / FWD (ms / TFLOPS) / ==== / hdim causal batch  FA4 / ---- / rows": the first was a title
        h, j, rule = j, j + 1, None
        while j < end and is_rule(lines[j]):
            rule = lines[j]
            j += 1
    first = j
    row_idx: list[int] = []
    while j < end and j - first < MAX_ROWS:
        if _is_row_line(lines[j]):
            row_idx.append(j)
        elif not (row_idx and j + 1 < end and _wrapped_note(lines[j]) and _is_row_line(lines[j + 1])):
            break  # ("(carried over ...)" under a row's note, far right: the note wrapped, the table goes on)
        j += 1
    # a table is a header and rows of two or more cells: under a rule one row is enough, else two
    if len(row_idx) < (1 if rule is not None or rule_above else 2):
        return None
    spans = _segments(rule) if rule is not None else None
    if not spans or not _rows_fit(lines, row_idx, spans):
        spans = _columns(lines, row_idx)
    if spans is None or not 2 <= len(spans) <= MAX_COLS:
        return None
    header = _lay_header(lines[h], spans)
    rows = [(k, *_cells(lines[k], spans)) for k in row_idx]
    phrases = _GAP_RE.findall(lines[h])
    if len(phrases) == len(spans) and header != phrases and all(all(c) for _, c, _ in rows):
        # as many header phrases as columns, every row full: the header is in column order, whatever its
        # alignment (tab-expanded output, where a wide name pushes its neighbours past their columns)
        header = phrases
    if sum(1 for x in header if x) < 2 and len(spans) > 2:
        return None
    if sum(bool(_VALUE_CELL_RE.match(x)) for x in header) * 2 >= len(header):
        return None  # "real    1m0.832s": the first line is a row of values, not a header
    header = _group_headers(header, [cells for _, cells, _ in rows])
    # a kv listing ("Mean TTFT (ms):   42.17") is not a table: its first cells end with a colon
    if sum(r[1][0].endswith(":") for r in rows) * 2 > len(rows):
        return None
    while j < end and is_rule(lines[j]):
        j += 1  # the rule under the last row belongs to the table
    k, cells, starts = rows[-1]
    filled = [ci for ci, c in enumerate(cells) if c]
    # (a text ending in a newline splits into one more line, an empty one: there a row lacking only a column of
    # words, "Compared" on the rows above, is whole; one lacking a value column was cut)
    last = k == len(lines) - 1 or (k == len(lines) - 2 and not lines[-1] and _lacks_values(rows, filled[-1:]))
    if last and filled and filled[-1] < len(cells) - 1:
        # the document ends inside the last row (a cut-off paste): the last cell it reached may be cut short
        rows[-1] = (k, [c if ci != filled[-1] else "" for ci, c in enumerate(cells)], starts)
        return Grid(h, header, rows, j, "space", cut=True)
    return Grid(h, header, rows, j, "space")


def _lacks_values(rows: list[tuple[int, list[str], list[int]]], filled: list[int]) -> bool:
    """The last row stops before a column that holds a number on a row above it."""
    after = filled[0] + 1 if filled else 0
    return any(has_digit(c) for _, cells, _ in rows[:-1] for c in cells[after:])


def _wrapped_note(line: str) -> bool:
    """A line holding the rest of the row above's last cell alone: one phrase, far to the right of the first column."""
    s = line.strip()
    return bool(s) and len(line) - len(line.lstrip(" ")) >= 12 and "  " not in s and len(line) <= MAX_WIDTH


def _segments(rule: str) -> list[tuple[int, int]] | None:
    """The column spans a rule cut into segments gives ("----  -----" -> [(0, 4), (6, 11)])."""
    segs = [(m.start(), m.end()) for m in _SEGMENT_RE.finditer(rule)]
    return segs if len(segs) >= 2 else None


def _rows_fit(lines: list[str], rows: list[int], spans: list[tuple[int, int]]) -> bool:
    """No row has a non-blank character in a rule's gap (the gaps are the column boundaries)."""
    gaps = [(spans[k][1], spans[k + 1][0]) for k in range(len(spans) - 1)]
    for r in rows:
        line = lines[r]
        for a, b in gaps:
            if line[a:b].strip():
                return False
    return True


def _columns(lines: list[str], rows: list[int]) -> list[tuple[int, int]] | None:
    """Column spans: runs of positions that some row fills, parted by gaps of two or more positions
    blank in every row."""
    width = max(len(lines[r].rstrip()) for r in rows)
    filled = bytearray(width)
    for r in rows:
        for m in _WORD_RE.finditer(lines[r]):
            a, b = m.span()
            filled[a:b] = b"\x01" * (b - a)
    spans: list[tuple[int, int]] = []
    k = 0
    while k < width:
        if not filled[k]:
            k += 1
            continue
        a = k
        while k < width:  # a cell goes on over single blanks ("1. cuBLAS default"); two end it
            if filled[k]:
                k += 1
                continue
            g = k
            while g < width and not filled[g]:
                g += 1
            if g < width and g - k < 2:
                k = g
                continue
            break
        spans.append((a, k))
    return _join_open_brackets(lines, rows, spans)


def _join_open_brackets(lines: list[str], rows: list[int], spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """ "29.12 TFLOPS (  0.6%)": a column whose cells open a bracket they do not close joins the next."""
    out = list(spans)
    k = 0
    while k + 1 < len(out):
        a, b = out[k]
        cells = [lines[r][a:b] for r in rows]
        if any(c.count("(") > c.count(")") for c in cells):
            out[k] = (a, out[k + 1][1])
            del out[k + 1]
            continue
        k += 1
    return out


def _lay_header(header: str, spans: list[tuple[int, int]]) -> list[str]:
    """The header's words laid over the columns (see the module docstring)."""
    words = list(_WORD_RE.finditer(header))
    over: list[int] = []  # the column each word overlaps most, -1: none
    for m in words:
        a, b = m.span()
        best, overlap = -1, 0
        for ci, (s, e) in enumerate(spans):
            o = min(b, e) - max(a, s)
            if o > overlap:
                best, overlap = ci, o
        over.append(best)
    # a phrase is a run of words parted by single blanks ("master GFLOPS", "Self CUDA %", "hdim causal batch")
    owner = list(over)
    w = 0
    while w < len(words):
        v = w
        while v + 1 < len(words) and words[v + 1].start() - words[v].end() == 1:
            v += 1
        hits = [k for k in range(w, v + 1) if over[k] >= 0]
        for k in range(w, v + 1):
            if over[k] >= 0:
                continue
            if hits:  # a word over no column goes with the nearest word of its phrase that is over one
                near = min(hits, key=lambda h: (abs(h - k), h > k))
                owner[k] = over[near]
            else:
                a, b = words[k].span()
                owner[k] = min(range(len(spans)), key=lambda ci: max(spans[ci][0] - b, a - spans[ci][1], 0))
        w = v + 1
    names: list[list[str]] = [[] for _ in spans]
    for m, ci in zip(words, owner, strict=True):
        names[ci].append(m.group(0))
    heads = [" ".join(ws) for ws in names]
    for ci in range(len(heads) - 2, 0, -1):  # an unheaded column takes the next headed one's name
        if not heads[ci] and heads[ci + 1]:
            heads[ci] = heads[ci + 1]
    return heads


_UNIT_TAIL_RE = re.compile(r"[A-Za-z%/]+")


def _group_headers(header: list[str], rows: list[list[str]]) -> list[str]:
    """ "ours" and "cublas" each over a group of "TFLOPS | TBPS" columns: when the columns after the first repeat
    the same units in groups, and the header names as many groups as there are, each name heads its group
    (wherever over the group it was printed)."""
    cols = len(header)
    if cols < 5:
        return header
    sig = [" ".join(_UNIT_TAIL_RE.findall(rows[0][ci]))[:20] if ci < len(rows[0]) else "" for ci in range(cols)]
    body = list(range(1, cols))
    names = [header[ci] for ci in body if header[ci]]
    distinct = list(dict.fromkeys(names))
    k = len(distinct)
    if k < 2 or len(body) % k:
        return header
    p = len(body) // k
    if p < 2 or any(sig[body[i]] != sig[body[i % p]] for i in range(len(body))) or len({sig[b] for b in body[:p]}) < 2:
        return header
    out = list(header)
    for g, name in enumerate(distinct):
        for ci in body[g * p : (g + 1) * p]:
            out[ci] = name
    return out


def _cells(line: str, spans: list[tuple[int, int]]) -> tuple[list[str], list[int]]:
    cells: list[str] = []
    starts: list[int] = []
    for a, b in spans:
        raw = line[a:b]
        cells.append(raw.strip())
        starts.append(a + len(raw) - len(raw.lstrip()))
    return cells, starts
