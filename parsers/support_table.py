"""Support matrices: tables whose body cells say Yes / No / N/A / Untested or carry check marks.

One `support` claim per cell: the row's first cell is the subject (an architecture, a model or a
feature of a combination matrix), the column header is the feature. `---` diagonal cells, empty
cells and words outside the vocabulary ("Known issues", "L + I + V") give no claim. Footnote marks
(`Yes [^2]`, `<sup>^</sup>`) are resolved against the document's `[^2]: text` and `<sup>^</sup> text`
definitions into `note`, with a cell's own parenthetical ("Yes (greedy only)"). Marks (✅ ❌ 🚧 🟠 ❔)
mean what the page's legend says ("- 🚧 means planned, not yet supported"), else what ledger.vocab.support
says. A table is read as a support matrix only when its support cells outnumber its numeric cells and
no column header names an outcome (a `Status` column of check marks is a gate table, left to the gate
readers); the whole table is then marked taken.

Every claim names its engine: the column's where the header is an engine ("| vLLM | SGLang |"), else the
document's (parsers/engine.py). A row that gives an architecture class beside a model name sets
`architecture`; a Models column sets `models`. A table of supported architectures (an Architecture
column of class names beside a Models or example column) also gives one `listing` claim per row; the
document's listings give the models of its class-named rows elsewhere, and the class of its model-named ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.memo import short_text_cache
from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.document import Block, Document, Table
from ledger.parsers.engine import column_engine, document_engine
from ledger.vocab.support import (
    ARCHITECTURE_HEADER_RE,
    EXAMPLE_HEADER_RE,
    MARKS,
    MODEL_HEADER_RE,
    is_class_name,
    name_key,
    value_of_meaning,
)

NAME = "support_table"
VERSION = "2"
BLOCKS = frozenset({"table"})
NEEDS_DIGIT = False
"""Claims here can stand without a number (an outcome word, a Yes/No cell)."""

_FOOTNOTE_MARK_RE = re.compile(r"\[\^([\w.-]{1,24})\]")
_FOOTNOTE_DEF_RE = re.compile(r"^ {0,3}\[\^([\w.-]{1,24})\]:[ \t]*(.*)$")
_SUP_MARK_RE = re.compile(r"<sup>[ \t]{0,3}([^<>\s]{1,12})[ \t]{0,3}</sup>", re.IGNORECASE)
_SUP_DEF_RE = re.compile(r"^[ \t]{0,3}(?:[-*][ \t]+)?<sup>[ \t]{0,3}([^<>\s]{1,12})[ \t]{0,3}</sup>[ \t]*(.*)$",
                         re.IGNORECASE)
"""vLLM's footnotes: `<sup>^</sup> You need to set ...</br>` under the tables that carry the mark."""
_STAR_DEF_RE = re.compile(r"^\\(\*)[ \t]+(.*)$")
"""An escaped star opening a line (`\\* Only for causal pooling.`) explains the cells marked `🟠\\*`."""
_LINK_RE = re.compile(r"\[([^\[\]]{0,200})\]\([^()]{0,500}\)")
_TAG_RE = re.compile(r"<[^<>]{0,80}>")
_MARKUP_RE = re.compile(r"[*`]+|(?<!\w)_{1,2}|_{1,2}(?!\w)")
_ESCAPE_RE = re.compile(r"\\(?=[^\w\s])")
"""A markdown backslash escape (`🟠\\*`): the character stays, the backslash goes."""

# The value words, longest first within each group; lower-cased before matching.
_VALUE_WORDS: tuple[tuple[str, str], ...] = (
    ("not supported", "no"), ("unsupported", "no"), ("not tested", "untested"), ("untested", "untested"),
    ("supported", "yes"), ("yes", "yes"), ("no", "no"), ("n/a", "n/a"), ("n.a.", "n/a"), ("na", "n/a"),
    ("not applicable", "n/a"),
)
_MARKS: dict[str, str] = {mark: value for mark, (value, _) in MARKS.items()}
_MARK_NOTES: dict[str, str] = {mark: note for mark, (_, note) in MARKS.items() if note}
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
        head = line[:12]
        if "[^" in head:
            m = _FOOTNOTE_DEF_RE.match(line[:20_000])
        elif "<sup>" in head.lower():
            m = _SUP_DEF_RE.match(line[:20_000])
        elif head.startswith("\\*"):
            m = _STAR_DEF_RE.match(line[:20_000])
        else:
            continue
        text = _without_breaks(m.group(2)) if m else ""
        if m and text:
            found.setdefault(m.group(1), []).append((no, plain(text)))
    return found


def _without_breaks(text: str) -> str:
    """The text without the `</br>` tags it ends with (stripped from the end by hand: a pattern anchored at the
    end would be tried from every blank of a long run)."""
    t = text.rstrip()
    while True:
        low = t[-6:].lower()
        cut = next((len(tag) for tag in ("</br>", "<br>", "<br/>", "<br />") if low.endswith(tag)), 0)
        if not cut:
            return t
        t = t[:-cut].rstrip()


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
    if "\\" in s:
        s = _ESCAPE_RE.sub("", s)
    s = _MARKUP_RE.sub("", s).replace("\ufe0f", "").replace("\ufe0e", "")
    return " ".join(s.split())


def clean_name(cell: str) -> str:
    """A row or column name: footnote marks (`[^2]`, `<sup>^</sup>`), links and markup removed."""
    if "<" in cell:
        cell = _SUP_MARK_RE.sub(" ", cell)
    return plain(_FOOTNOTE_MARK_RE.sub("", cell)).strip(" :")


def name_marks(cell: str) -> list[str]:
    """The footnote ids a name cell carries (`[^2]`, `<sup>^</sup>`)."""
    return _FOOTNOTE_MARK_RE.findall(cell) + (_SUP_MARK_RE.findall(cell) if "<" in cell else [])


def cell_support(cell: str) -> tuple[str, str | None, list[str]] | None:
    """(value, the cell's own note, footnote ids) for a support cell, else None."""
    got = _cell_support(cell)
    return None if got is None else (got[0], got[1], list(got[2]))  # a fresh list: callers may extend it


Cell = tuple[str, str | None, list[str], str | None]
"""(value, the cell's own note, footnote ids, the mark it carries or None for a word)."""


@short_text_cache(2048)  # every cell is read once to find the matrix, again for its claims
def _cell_support(cell: str) -> Cell | None:
    marks = _FOOTNOTE_MARK_RE.findall(cell)
    if cell.endswith("\\*"):
        marks.append("*")
    if "<" in cell:
        marks += _SUP_MARK_RE.findall(cell)
        cell = _SUP_MARK_RE.sub(" ", cell)
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
                return value, None, [*marks, (bare.group(1) or bare.group(2)).translate(_SUPERSCRIPTS)], mark
            note = _cell_note(rest) if rest else None
            if rest and note is None:
                note = rest[:_MAX_NOTE]
            return value, note, marks, mark
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
    roles = _roles(table, cols or [])
    if cols is None and roles.listing is None:
        return
    if cols is not None:
        for no in range(block.start, block.end + 1):
            ctx.taken.add(no)
    facts = _facts(ctx)
    notes = _pick_footnotes(facts.footnotes, block.end)
    table_feature = block.section[-1] if block.section else None
    features: dict[int, str | None] = {}
    engines: dict[int, str | None] = {}
    for ci in cols or ():
        head = clean_name(table.header[ci]) if ci < len(table.header) else ""
        if not head or _GENERIC_HEADER_RE.match(head):
            features[ci] = table_feature or head or None
        else:
            features[ci] = head
        engines[ci] = column_engine(head) if head else None
    listing = roles.listing is not None and not any(engines.values())  # a survey across engines lists nothing
    doc_engine = document_engine(ctx)
    for row in table.rows:
        if not row.cells:
            continue
        subject = clean_name(row.cells[0])
        if not subject:
            continue
        row_notes = [notes[k] for k in name_marks(row.cells[0]) if k in notes]
        architecture, models = _row_names(row.cells, roles, subject, facts)
        if listing and roles.listing is not None and roles.listing < len(row.cells):
            arch_cell = row.cells[roles.listing]
            listed = clean_name(arch_cell)
            if listed:
                listed_notes = row_notes if roles.listing == 0 else [
                    notes[k] for k in name_marks(arch_cell) if k in notes]
                yield ctx.claim("listing", row.line, row.text, section=block.section, subject=listed,
                                feature=table_feature, value="yes", note=_join(listed_notes), engine=doc_engine,
                                models=_models_text(row.cells, roles) or None)
        for ci in cols or ():
            if ci >= len(row.cells):
                continue
            got = _cell_support(row.cells[ci])  # shared: its marks are only read here
            if got is None:
                continue
            value, own, marks, mark = got
            parts = [own] if own else []
            meaning = facts.legend.get(mark) if mark else None
            if meaning is not None:
                value = meaning[0]
                if meaning[1] and not own:
                    parts.append(meaning[1])
            elif mark in _MARK_NOTES and not own:
                parts.append(_MARK_NOTES[mark])
            parts += [notes[k] for k in marks if k in notes]
            parts += row_notes
            yield ctx.claim("support", row.line, row.text, section=block.section, subject=subject,
                            feature=features[ci], value=value, note=_join(parts),
                            engine=engines[ci] or doc_engine, architecture=architecture, models=models)


def _join(parts: list[str]) -> str | None:
    return "; ".join(p[:_MAX_NOTE] for p in parts if p) or None


# ---- the names a row gives beside its subject ---------------------------------------------------------

class _Roles:
    """Which columns of a table hold the architecture class, the model names and checkpoint examples."""

    __slots__ = ("architecture", "examples", "listing", "models")

    def __init__(self, architecture: int | None, models: int | None, examples: int | None) -> None:
        self.architecture = architecture
        self.models = models
        self.examples = examples
        self.listing = architecture if architecture is not None and (models is not None or examples is not None) \
            else None
        """The architecture column of a table of supported architectures, else None."""


_NO_ROLES = _Roles(None, None, None)


def _roles(table: Table, support_cols: list[int]) -> _Roles:
    """The name columns of `table` (none of them a support column), read from the headers; the architecture
    column counts only when most of its cells are class names."""
    taken = set(support_cols)
    arch = models = examples = None
    for ci, raw in enumerate(table.header[:40]):
        if ci in taken or not raw:
            continue
        head = clean_name(raw)
        if arch is None and ARCHITECTURE_HEADER_RE.match(head):
            arch = ci
        elif models is None and MODEL_HEADER_RE.match(head):
            models = ci
        elif examples is None and EXAMPLE_HEADER_RE.match(head):
            examples = ci
    if arch is None and models is None:
        return _NO_ROLES
    if arch is not None:
        cells = [clean_name(r.cells[arch]) for r in table.rows[:200] if arch < len(r.cells)]
        cells = [c for c in cells if c]
        named = sum(1 for c in cells if _names_classes(c))
        if not cells or named * 2 < len(cells):
            arch = None  # "Model Architecture/Feature" over feature names: a combination matrix
    return _Roles(arch, models, examples)


def _names_classes(cell: str) -> bool:
    """The cell names one or more classes ("`A`, `B`", "Qwen2For{Reward,ProcessReward}Model")."""
    head = cell.split(" (", 1)[0]
    return any(is_class_name(p.strip().replace("{", "").replace("}", "").replace(",", ""))
               for p in head.split(", ")[:8])


def _models_text(cells: list[str], roles: _Roles) -> str:
    if roles.models is None or roles.models >= len(cells):
        return ""
    return plain(_FOOTNOTE_MARK_RE.sub("", _SUP_MARK_RE.sub(" ", cells[roles.models]))).strip()


def _row_names(cells: list[str], roles: _Roles, subject: str, facts: _Facts) -> tuple[str | None, str | None]:
    """(architecture, models) for the claims of a row: its own columns first, then the document's listings."""
    architecture = None
    if roles.architecture is not None and roles.architecture != 0 and roles.architecture < len(cells):
        architecture = clean_name(cells[roles.architecture]) or None
    models = _models_text(cells, roles) if roles.models not in (None, 0) else ""
    if roles.models is None:  # the table gives no model names: the document's listings may
        if _names_classes(subject):
            models = facts.models_of.get(subject, "")
        elif architecture is None:
            architecture = facts.class_of.get(name_key(subject))
    return architecture, models or None


class _Facts:
    """What a document says once for all its matrices: footnotes, its legend of marks, its listings."""

    __slots__ = ("class_of", "footnotes", "legend", "models_of")

    def __init__(self, doc: Document) -> None:
        self.footnotes = _footnote_defs(doc)
        self.legend = _legend(doc)
        self.models_of: dict[str, str] = {}
        """Class name -> its Models cell, from the document's tables of supported architectures."""
        self.class_of: dict[str, str] = {}
        """A model name (as name_key) -> its class, from the same tables."""
        for b in doc.blocks:
            t = b.table
            if t is None or not t.rows:
                continue
            roles = _roles(t, [])
            if roles.architecture is None or roles.models is None:
                continue
            for r in t.rows:
                if max(roles.architecture, roles.models) >= len(r.cells):
                    continue
                cls = clean_name(r.cells[roles.architecture])
                text = _models_text(r.cells, roles)
                if not cls or not text or not _names_classes(cls):
                    continue
                self.models_of.setdefault(cls, text)
                for m in text.split(","):
                    k = name_key(m)
                    if k:
                        self.class_of.setdefault(k, cls)


def _facts(ctx: Context) -> _Facts:
    facts = ctx.memo.get(NAME)
    if facts is None:
        facts = ctx.memo[NAME] = _Facts(ctx.doc)  # once per document, not once per matrix
    return facts


_LEGEND_RE = re.compile(r"^[ \t]{0,8}(?:[-*+•][ \t]+)?(?:\*\*)?([" + "".join(_MARKS) + r"])[\ufe0e\ufe0f]?(?:\*\*)?"
                        r"[ \t]*(?:[=:–—-][ \t]*)?(\S.{1,200})$")


def _legend(doc: Document) -> dict[str, tuple[str, str | None]]:
    """The page's own key to its marks ("- 🚧 = planned, not yet supported"), mark -> (value, note); the first
    line that explains a mark wins. Table rows are no legend."""
    out: dict[str, tuple[str, str | None]] = {}
    first = set(_MARKS)
    for line in doc.lines:
        head = line.lstrip(" \t-*+•")[:1]
        if head not in first:
            continue
        m = _LEGEND_RE.match(line[:300])
        if not m or m.group(1) in out:
            continue
        meaning = value_of_meaning(plain(m.group(2)))
        if meaning is not None:
            out[m.group(1)] = meaning
    return out
