"""Support matrices: tables whose body cells say Yes / No / N/A / Untested or carry check marks.

One `support` claim per cell: the row's first cell is the subject (an architecture, a model or a
feature of a combination matrix), the column header is the feature. `---` diagonal cells, empty
cells and words outside the vocabulary ("Known issues", "L + I + V") give no claim. Footnote marks
(`Yes [^2]`) are resolved against the document's `[^2]: text` definitions into `note`, with a
cell's own parenthetical ("Yes (greedy only)"). A table is read as a support matrix only when its
support cells outnumber its numeric cells and no column header names an outcome (a `Status` column
of check marks is a gate table, left to the gate readers); the whole table is then marked taken.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.memo import short_text_cache
from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.document import Block, Document, Table

NAME = "support_table"
VERSION = "1"
BLOCKS = frozenset({"table"})
NEEDS_DIGIT = False
"""Claims here can stand without a number (an outcome word, a Yes/No cell)."""

_FOOTNOTE_MARK_RE = re.compile(r"\[\^([\w.-]{1,24})\]")
_FOOTNOTE_DEF_RE = re.compile(r"^ {0,3}\[\^([\w.-]{1,24})\]:[ \t]*(.*)$")
_LINK_RE = re.compile(r"\[([^\[\]]{0,200})\]\([^()]{0,500}\)")
_TAG_RE = re.compile(r"<[^<>]{0,80}>")
_MARKUP_RE = re.compile(r"[*`]+|(?<!\w)_{1,2}|_{1,2}(?!\w)")

# The value words, longest first within each group; lower-cased before matching.
_VALUE_WORDS: tuple[tuple[str, str], ...] = (
    ("not supported", "no"), ("unsupported", "no"), ("not tested", "untested"), ("untested", "untested"),
    ("supported", "yes"), ("yes", "yes"), ("no", "no"), ("n/a", "n/a"), ("n.a.", "n/a"), ("na", "n/a"),
    ("not applicable", "n/a"),
)
_MARKS: dict[str, str] = {
    "✅": "yes", "✓": "yes", "✔": "yes", "☑": "yes", "🟢": "yes",
    "❌": "no", "✗": "no", "✘": "no", "✖": "no", "❎": "no", "🔴": "no", "⛔": "no",
}
# Every value word holds an "n" or an "s" (compared the same case-blind way as _WORD_RE), and markup removal
# adds no letter: a cell with neither and no mark character is no support cell.
_MAYBE_SUPPORT_RE = re.compile("[ns" + "".join(_MARKS) + "]", re.IGNORECASE)
_WORD_RE = re.compile(
    r"^(not supported|unsupported|not tested|untested|supported|yes|no|n/a|n\.a\.|na|not applicable)"
    r"(?![\w/])[ \t]*(.{0,400})$", re.IGNORECASE)
_NOTE_RE = re.compile(r"^(?:\((.{0,300})\)|[,;:–—-][ \t]*(.{0,300}))$")
_BARE_MARK_RE = re.compile(r"^(?:\[?(\d{1,2})\]?|([¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}))$")
"""A rendered footnote reference left behind by a copy: "Yes 1", "Yes[2]", "Yes¹"."""
_NUMERIC_RE = re.compile(r"^[~≈<>±+−-]?\s?\d[\d.,]*\s?[^\s\d]{0,10}$")
"""A result value cell ("1.5", "12 ms", "96.2%"), as opposed to a name with digits ("Llama 3.1")."""
_TRAILING_SUPERSCRIPT_RE = re.compile(r"[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}$")
_SUPERSCRIPTS = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰", "1234567890")
_DIAGONAL_RE = re.compile(r"^[-–—=]{2,}$")
_OUTCOME_HEADER_RE = re.compile(
    r"^(?:status|result|results|outcome|verdict|pass(?:ed)?|ci|check|checks|ok|state|passing|test result)s?\b",
    re.IGNORECASE)
_GENERIC_HEADER_RE = re.compile(r"^(?:supported\??|support(?:ed)?\s*status|support|available|works\??)$",
                                re.IGNORECASE)
_MAX_NOTE = 400


def footnotes(doc: Document, after: int = 0) -> dict[str, str]:
    """The document's footnote definitions, `[^id]: text` -> {id: text}.

    When an id is defined twice (pages pasted together), the first definition after line `after`
    wins, else the last one before it.
    """
    return _pick_footnotes(_footnote_defs(doc), after)


def _footnote_defs(doc: Document) -> dict[str, list[tuple[int, str]]]:
    """Every footnote definition of the document: {id: [(line, text), ...]} in line order."""
    found: dict[str, list[tuple[int, str]]] = {}
    for no, line in enumerate(doc.lines, 1):
        if "[^" not in line[:8]:
            continue
        m = _FOOTNOTE_DEF_RE.match(line[:20_000])
        if m:
            found.setdefault(m.group(1), []).append((no, plain(m.group(2))))
    return found


def _pick_footnotes(found: dict[str, list[tuple[int, str]]], after: int) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, defs in found.items():
        later = [text for no, text in defs if no > after]
        out[key] = later[0] if later else defs[-1][1]
    return out


@short_text_cache(2048)  # cells are read as names and as values
def plain(text: str) -> str:
    """Text without links (their words kept), HTML tags, emphasis and code marks."""
    s = _LINK_RE.sub(r"\1", text)
    s = _TAG_RE.sub(" ", s)
    s = _MARKUP_RE.sub("", s).replace("\ufe0f", "").replace("\ufe0e", "")
    return " ".join(s.split())


def clean_name(cell: str) -> str:
    """A row or column name: footnote marks, links and markup removed."""
    return plain(_FOOTNOTE_MARK_RE.sub("", cell)).strip(" :")


def cell_support(cell: str) -> tuple[str, str | None, list[str]] | None:
    """(value, the cell's own note, footnote ids) for a support cell, else None."""
    got = _cell_support(cell)
    return None if got is None else (got[0], got[1], list(got[2]))  # a fresh list: callers may extend it


@short_text_cache(2048)  # every cell is read once to find the matrix, again for its claims
def _cell_support(cell: str) -> tuple[str, str | None, list[str]] | None:
    marks = _FOOTNOTE_MARK_RE.findall(cell)
    s = plain(_FOOTNOTE_MARK_RE.sub("", cell)).strip()
    sup = _TRAILING_SUPERSCRIPT_RE.search(s)
    if sup:
        marks = [*marks, sup.group(0).translate(_SUPERSCRIPTS)]
        s = s[:sup.start()].strip()
    if not s:
        return None
    for mark, value in _MARKS.items():
        if s.startswith(mark):
            rest = s[len(mark):].strip()
            bare = _BARE_MARK_RE.match(rest)
            if bare:
                return value, None, [*marks, (bare.group(1) or bare.group(2)).translate(_SUPERSCRIPTS)]
            note = _cell_note(rest) if rest else None
            if rest and note is None:
                note = rest[:_MAX_NOTE]
            return value, note, marks
    m = _WORD_RE.match(s)
    if not m:
        return None
    word = m.group(1).lower()
    value = next(v for w, v in _VALUE_WORDS if w == word)
    rest = m.group(2).strip()
    if not rest:
        return value, None, marks
    bare = _BARE_MARK_RE.match(rest)
    if bare:
        return value, None, [*marks, (bare.group(1) or bare.group(2)).translate(_SUPERSCRIPTS)]
    note = _cell_note(rest)
    if note is None:
        return None  # "No speed-up here": words that only start with a value word
    return value, note, marks


def _cell_note(rest: str) -> str | None:
    m = _NOTE_RE.match(rest)
    if not m:
        return None
    return (m.group(1) or m.group(2) or "").strip()[:_MAX_NOTE] or None


def _is_diagonal(cell: str) -> bool:
    return bool(_DIAGONAL_RE.match(cell.strip()))


def support_columns(table: Table) -> list[int] | None:
    """The columns of a support matrix, or None when the table is not one."""
    ncols = max([len(table.header)] + [len(r.cells) for r in table.rows])
    head_rows = table.rows[:50]
    if not any(_MAYBE_SUPPORT_RE.search(c) and _cell_support(c) for r in head_rows for c in r.cells[1:60]):
        return None  # no support cell in the first rows: a results table, decided cheaply
    cols: list[int] = []
    support_cells = numeric_cells = 0
    for ci in range(1, ncols):
        head = clean_name(table.header[ci]) if ci < len(table.header) else ""
        yes = other = 0
        for r in table.rows:
            if ci >= len(r.cells):
                continue
            c = r.cells[ci].strip()
            if not c or (c[0] in "-–—=" and _is_diagonal(c)):  # a diagonal cell is a run of these
                continue
            if _cell_support(c) is not None:
                yes += 1
            else:
                other += 1
                if _NUMERIC_RE.match(clean_name(c)):
                    numeric_cells += 1
        if yes and _OUTCOME_HEADER_RE.match(head):
            return None  # a status column of check marks: gates, not a matrix
        if yes and yes >= other:
            cols.append(ci)
            support_cells += yes
    if not cols or support_cells < 2 or numeric_cells >= support_cells:
        return None
    return cols


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    table = block.table
    if table is None or not table.rows:
        return
    cols = support_columns(table)
    if cols is None:
        return
    for no in range(block.start, block.end + 1):
        ctx.taken.add(no)
    defs = ctx.memo.get(NAME)
    if defs is None:
        defs = ctx.memo[NAME] = _footnote_defs(ctx.doc)  # once per document, not once per matrix
    notes = _pick_footnotes(defs, block.end)
    table_feature = block.section[-1] if block.section else None
    features: dict[int, str | None] = {}
    for ci in cols:
        head = clean_name(table.header[ci]) if ci < len(table.header) else ""
        if not head or _GENERIC_HEADER_RE.match(head):
            features[ci] = table_feature or head or None
        else:
            features[ci] = head
    for row in table.rows:
        if not row.cells:
            continue
        subject = clean_name(row.cells[0])
        if not subject:
            continue
        row_notes = [notes[k] for k in _FOOTNOTE_MARK_RE.findall(row.cells[0]) if k in notes]
        for ci in cols:
            if ci >= len(row.cells):
                continue
            got = _cell_support(row.cells[ci])  # shared: its marks are only read here
            if got is None:
                continue
            value, own, marks = got
            parts = [own] if own else []
            parts += [notes[k] for k in marks if k in notes]
            parts += row_notes
            note = ("; ".join(p[:_MAX_NOTE] for p in parts if p) or None) if parts else None
            yield ctx.claim("support", row.line, row.text, section=block.section, subject=subject,
                            feature=features[ci], value=value, note=note)
