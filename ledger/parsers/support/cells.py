"""A support matrix's cells read one at a time: the value a cell says, its own note, its footnote marks.

`Yes`, `No (greedy only)`, `✅ [^2]`, `🟠\\*`, `Yes¹` -> (value, note, footnote ids, mark); names in row and
column headers come out plain (links, tags, emphasis and footnote marks removed). The matrix reader
(ledger/parsers/support/matrix.py) and the document's notes (ledger/parsers/support/notes.py) both read cells this
way, so it lives apart from either.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from ledger.memo import short_text_cache
from ledger.vocab.support import MARKS

FOOTNOTE_MARK_RE = re.compile(r"\[\^([\w.-]{1,24})\]")
SUP_MARK_RE = re.compile(r"<sup>[ \t]{0,3}([^<>\s]{1,12})[ \t]{0,3}</sup>", re.IGNORECASE)
_LINK_RE = re.compile(r"\[([^\[\]]{0,200})\](?:\([^()]{0,500}\)|\[[^\[\]^]{0,100}\])")
"""A link, inline or by reference ("[CP](#chunked-prefill)", "[CP][chunked-prefill]"): its words are the name."""
_TAG_RE = re.compile(r"<[^<>]{0,80}>")
_MARKUP_RE = re.compile(r"[*`]+|(?<!\w)_{1,2}|_{1,2}(?!\w)")
_ESCAPE_RE = re.compile(r"\\(?=[^\w\s])")
"""A markdown backslash escape (`🟠\\*`): the character stays, the backslash goes."""

# The value words, longest first within each group; lower-cased before matching.
_VALUE_WORDS: tuple[tuple[str, str], ...] = (
    ("not supported", "no"),
    ("unsupported", "no"),
    ("not tested", "untested"),
    ("untested", "untested"),
    ("supported", "yes"),
    ("yes", "yes"),
    ("no", "no"),
    ("n/a", "n/a"),
    ("n.a.", "n/a"),
    ("na", "n/a"),
    ("not applicable", "n/a"),
)
MARK_VALUES: dict[str, str] = {mark: value for mark, (value, _) in MARKS.items()}
"""Each mark character -> the value it says where the page gives it no meaning of its own."""
# Every value word holds an "n" or an "s" (compared the same case-blind way as _WORD_RE), and markup removal
# adds no letter: a cell with neither and no mark character is no support cell.
MAYBE_SUPPORT_RE = re.compile("[ns" + "".join(MARK_VALUES) + "]", re.IGNORECASE)
"""A cell this does not match is no support cell (asked before read_cell, which costs more)."""
_WORD_RE = re.compile(
    r"^(not supported|unsupported|not tested|untested|supported|yes|no|n/a|n\.a\.|na|not applicable)"
    r"(?![\w/])[ \t]*(.{0,400})$",
    re.IGNORECASE,
)
_NOTE_RE = re.compile(r"^(?:\((.{0,300})\)|[,;:–—-][ \t]*(.{0,300}))$")
_BARE_MARK_RE = re.compile(r"^(?:\[?(\d{1,2})\]?|([¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}))$")
"""A rendered footnote reference left behind by a copy: "Yes 1", "Yes[2]", "Yes¹"."""
_TRAILING_SUPERSCRIPT_RE = re.compile(r"[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}$")
_SUPERSCRIPTS = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰", "1234567890")
_DIAGONAL_RE = re.compile(r"^[-–—=]{2,}$")
_MARK_LABEL_RE = re.compile(r"[ \t]{1,3}[A-Za-z][A-Za-z /-]{0,30}")
"""A short label after a cell's mark ("🟤 Preview"), as opposed to a sentence."""
MAX_NOTE = 400
"""A note is cut to this many characters."""


@short_text_cache(2048)  # cells are read as names and as values
def plain(text: str) -> str:
    """Text without links (their words kept), HTML tags, emphasis and code marks."""
    s = _LINK_RE.sub(r"\1", text)
    s = _TAG_RE.sub(" ", s)
    if "\\" in s:
        s = _ESCAPE_RE.sub("", s)
    s = _MARKUP_RE.sub("", s).replace("\ufe0f", "").replace("\ufe0e", "")
    return " ".join(s.split())


_ABBR_RE = re.compile(
    r"<abbr\b[^<>]{0,200}?\btitle=[\"']([^\"'<>]{1,120})[\"'][^<>]{0,200}>[^<>]{0,60}</abbr>", re.IGNORECASE
)
"""`<abbr title="Automatic Prefix Caching">APC</abbr>`: the title spells out the name the initials stand for."""


@short_text_cache(4096)  # (each name cell is cleaned by the matrix, its claims and the roles)
def clean_name(cell: str) -> str:
    """A row or column name: footnote marks (`[^2]`, `<sup>^</sup>`), links and markup removed; an abbreviation
    named by its title (the initials alone meet no other page's spelling; the row's text keeps them)."""
    if "<" in cell:
        cell = _ABBR_RE.sub(r" \1 ", SUP_MARK_RE.sub(" ", cell))
    return plain(FOOTNOTE_MARK_RE.sub("", cell)).strip(" :")


def name_marks(cell: str) -> list[str]:
    """The footnote ids a name cell carries (`[^2]`, `<sup>^</sup>`)."""
    return FOOTNOTE_MARK_RE.findall(cell) + (SUP_MARK_RE.findall(cell) if "<" in cell else [])


def cell_support(cell: str) -> tuple[str, str | None, list[str]] | None:
    """(value, the cell's own note, footnote ids) for a support cell, else None."""
    got = read_cell(cell)
    return None if got is None else (got[0], got[1], list(got[2]))  # a fresh list: callers may extend it


Cell = tuple[str, str | None, list[str], str | None]
"""(value, the cell's own note, footnote ids, the mark it carries or None for a word)."""


@short_text_cache(2048)  # every cell is read once to find the matrix, again for its claims
def read_cell(cell: str) -> Cell | None:
    """cell_support with the mark, cached: its list of footnote ids is shared by every caller, never to be changed."""
    s, marks = _stripped(cell)
    if not s:
        return None
    for mark, value in MARK_VALUES.items():
        if s.startswith(mark):
            return _marked(s, mark, value, marks)
    m = _WORD_RE.match(s)
    if not m:
        return None
    word = m.group(1).lower()
    value = next(v for w, v in _VALUE_WORDS if w == word)
    rest = m.group(2).strip()
    if not rest:
        return value, None, marks, None
    bare = _BARE_MARK_RE.match(rest)
    if bare:
        return value, None, [*marks, (bare.group(1) or bare.group(2)).translate(_SUPERSCRIPTS)], None
    note = _cell_note(rest)
    if note is None:
        return None  # "No speed-up here": words that only start with a value word
    return value, note, marks, None


def read_page_cell(cell: str, page: Mapping[str, str]) -> Cell | None:
    """read_cell, then the marks of the page's own legend (`page`: mark -> value, "🔵" -> "yes")."""
    got = read_cell(cell)
    if got is not None or not page:
        return got
    s, marks = _stripped(cell)
    mark = s[:1]
    return _marked(s, mark, page[mark], marks) if mark in page else None


def unknown_mark(cell: str) -> str | None:
    """The mark a cell opens with when neither we nor the page's legend say what it means, alone ("⏳") or before
    a label of its own ("🟤 Preview"), else None."""
    s = plain(cell).strip()
    if not s or s[0] in MARK_VALUES or not is_mark(s[0]):
        return None
    return s[0] if len(s) == 1 or _MARK_LABEL_RE.fullmatch(s, 1) else None


def mark_label(cell: str) -> str | None:
    """The label printed after a cell's opening mark ("🟤 Preview" -> "Preview"), else None."""
    return plain(cell).strip()[1:].strip() or None


def is_mark(ch: str) -> bool:
    """A character a page can use as a mark: one of ours, or any pictograph or symbol (🔵, 🟣, ⏳)."""
    return ch in MARK_VALUES or (ch > "\u2000" and unicodedata.category(ch) == "So")


def _stripped(cell: str) -> tuple[str, list[str]]:
    """A cell's plain text and the footnote ids it carries."""
    marks = FOOTNOTE_MARK_RE.findall(cell)
    if cell.endswith("\\*"):
        marks.append("*")
    if "<" in cell:
        marks += SUP_MARK_RE.findall(cell)
        cell = SUP_MARK_RE.sub(" ", cell)
    s = plain(FOOTNOTE_MARK_RE.sub("", cell)).strip()
    sup = _TRAILING_SUPERSCRIPT_RE.search(s)
    if sup:
        marks = [*marks, sup.group(0).translate(_SUPERSCRIPTS)]
        s = s[: sup.start()].strip()
    return s, marks


def _marked(s: str, mark: str, value: str, marks: list[str]) -> Cell:
    """A cell opening with a mark: its value, and what follows it as a footnote id or its own note."""
    rest = s[len(mark) :].strip()
    bare = _BARE_MARK_RE.match(rest)
    if bare:
        return value, None, [*marks, (bare.group(1) or bare.group(2)).translate(_SUPERSCRIPTS)], mark
    note = _cell_note(rest) if rest else None
    if rest and note is None:
        note = rest[:MAX_NOTE]
    return value, note, marks, mark


def _cell_note(rest: str) -> str | None:
    m = _NOTE_RE.match(rest)
    if not m:
        return None
    return (m.group(1) or m.group(2) or "").strip()[:MAX_NOTE] or None


def is_diagonal(cell: str) -> bool:
    """A `---` cell on a combination matrix's diagonal (a feature beside itself)."""
    return bool(_DIAGONAL_RE.match(cell.strip()))
