"""Matrices of single-character marks: `Y` / `N` / `.`, `y` / `n`, `x` / `-`, `●` / `○` in every cell.

    | Model  | FP16 | FP8 |
    | Llama  |  Y   |  Y  |
    | Falcon |  Y   |  .  |

A letter alone says nothing (a grade, a flag's default, a variant `A` / `B`), so such cells are read only where
the whole table has a matrix's shape: row names, then at least two columns up to the last whose every filled
cell is one of the marks or fillers of ledger/vocab/support.py (LETTER_MARKS, LETTER_HOLDERS), with at least one
mark. A legend beside the table ("Y: supported. N: not supported.", "Y means ...; . means it is not") says what
each mark means; with none, `Y` / `●` are yes, `N` / `○` no, a cross (`x`: a tick on one page, a "no" on another)
is kept as printed, never a yes or a no, and a filler (`.`, `-`) is "not listed" (`absent`), never a no. The
matrix reader (ledger/parsers/support/matrix.py) asks here only when no cell of the table is a support cell of its
own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.parsers.reader.document import Block, Document, Table
from ledger.parsers.support.cells import Cell, clean_name, plain
from ledger.vocab.doc_tables import option_attribute
from ledger.vocab.support import (
    LEGEND_ONLY_LETTERS,
    LETTER_HOLDERS,
    LETTER_MARKS,
    UNEXPLAINED_MARK,
    value_of_meaning,
)

_MARKS = frozenset(LETTER_MARKS) | frozenset(LEGEND_ONLY_LETTERS)
_ALL = _MARKS | frozenset(LETTER_HOLDERS)
_MIN_COLUMNS = 2
_MIN_ROWS = 2
_ABOVE = 3
"""Lines above a table where its legend may stand (its lead-in)."""
_BELOW = 6
"""Lines under a table where its legend may stand, up to the next heading, table or code fence."""
_MARK_CLASS = "[" + re.escape("".join(sorted(_ALL))) + "]"
_PAIR_RE = re.compile(
    r"(?:^|(?<=[\s(;,]))[`'\"*]{0,2}(" + _MARK_CLASS + r")[`'\"*]{0,2}[ \t]{0,3}"
    r"(?:[:=]|(?=(?:means|indicates|denotes|stands for)\b))[ \t]{0,3}",
    re.IGNORECASE,
)
"""A mark opening a legend's pair: `Y:`, `"." =`, `N means`; its words run to the next pair."""


def letter_matrix(table: Table, doc: Document, block: Block) -> tuple[list[int], Mapping[str, Cell]] | None:
    """The mark columns of a matrix of single-character marks and what each mark means there, else None."""
    cols = letter_columns(table)
    if cols is None:
        return None
    meant = _legend(doc, block)
    cells: dict[str, Cell] = {}
    for mark in _ALL:
        got = meant.get(mark)
        if got is None and mark in LEGEND_ONLY_LETTERS:
            got = (mark, UNEXPLAINED_MARK)  # (no legend: a cross kept as printed, what compare holds it to)
        elif got is None:
            got = (LETTER_MARKS[mark], None) if mark in LETTER_MARKS else ("absent", None)
        cells[mark] = (got[0], got[1], [], None)
    return cols, cells


def letter_columns(table: Table) -> list[int] | None:
    """Columns from the first all-mark one to the last, when there are enough of them and a mark among them."""
    ncols = len(table.header)
    if ncols < _MIN_COLUMNS + 1 or len(table.rows) < _MIN_ROWS:
        return None
    first = ncols
    while first > 1 and _marks_only(table, first - 1):
        first -= 1
    cols = list(range(first, ncols))
    if len(cols) < _MIN_COLUMNS or any(option_attribute(clean_name(table.header[ci])) for ci in cols):
        return None  # ("| Flag | Default | Meaning |": a flag's attribute, no matrix)
    if not any(plain(r.cells[ci]) in _MARKS for r in table.rows for ci in cols if ci < len(r.cells)):
        return None  # (fillers only: nothing is listed)
    if not all(r.cells and clean_name(r.cells[0]) for r in table.rows):
        return None  # every row names its subject
    return cols


def _marks_only(table: Table, ci: int) -> bool:
    """Whether every filled cell of the column is a mark or a filler, and one is filled."""
    filled = False
    for r in table.rows:
        c = plain(r.cells[ci]) if ci < len(r.cells) else ""
        if not c:
            continue
        if c not in _ALL:
            return False
        filled = True
    return filled


def _legend(doc: Document, block: Block) -> dict[str, tuple[str, str | None]]:
    """What the lines beside the table say each mark means: mark -> (value, note)."""
    out: dict[str, tuple[str, str | None]] = {}
    for lines in (range(block.end + 1, block.end + 1 + _BELOW), range(block.start - 1, block.start - 1 - _ABOVE, -1)):
        for no in lines:
            line = doc.line(no).strip()
            if line.startswith(("#", "|", "```", "~~~")):
                break  # (another section's or table's lines)
            for mark, words in _pairs(line[:300]):
                meaning = value_of_meaning(plain(words))
                if meaning is not None:
                    out.setdefault(mark, meaning)
    return out


def _pairs(line: str) -> list[tuple[str, str]]:
    """The (mark, words) pairs of one legend line."""
    found = [m for m in _PAIR_RE.finditer(line) if m.group(1) in _ALL]
    if not found:
        return []
    ends = [m.start() for m in found[1:]] + [len(line)]
    return [(m.group(1), line[m.end() : end].strip(" \t.;,")) for m, end in zip(found, ends, strict=True)]
