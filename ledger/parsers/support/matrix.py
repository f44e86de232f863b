"""Support matrices: tables whose body cells say Yes / No / N/A / Untested or carry check marks.

One `support` claim per cell: the row's first cell is the subject (an architecture, a model or a
feature of a combination matrix), the column header is the feature. `---` diagonal cells, empty
cells and words outside the vocabulary ("Known issues", "L + I + V") give no claim. Footnote marks
(`Yes [^2]`, `<sup>^</sup>`) are resolved against the document's `[^2]: text` and `<sup>^</sup> text`
definitions into `note`, with a cell's own parenthetical ("Yes (greedy only)"). Marks (✅ ❌ 🚧 🟠 ❔)
mean what the page's legend says ("- 🚧 means planned, not yet supported"), else what ledger.vocab.support
says; a placeholder ("-") is a cell only where the page's legend says what it stands for ("`-` means not
verified yet"), for the table that legend sits under and the tables after it. A table is read as a support
matrix only when its support cells outnumber its numeric cells and no column header names an outcome (a
`Status` column of check marks is a gate table, left to the gate readers, unless most of its marks carry a
feature's maturity, "🟢 Functional": ledger/vocab/support_maturity.py); the whole table is then marked taken.

Every claim names its engine: the column's where the header is an engine ("| vLLM | SGLang |"), else the
document's (ledger/parsers/support/engine.py), and the backend the heading above the table names, if any, as
its `backend` setting ("## Models supported by TurboMind"; ledger/parsers/support/scopes.py). A row that gives
an architecture class beside a model name sets `architecture`; a Models column sets `models`. A table of
supported architectures (an Architecture column of class names beside a Models or example column) also gives
one `listing` claim per row; the document's listings give the models of its class-named rows elsewhere, and
the class of its model-named ones.

This module decides which tables are matrices and makes their claims; a cell is read in
ledger/parsers/support/cells.py, footnotes and the legend in ledger/parsers/support/notes.py, the architecture and
model names beside a row's subject in ledger/parsers/support/names.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.reader.document import Block, Row, Table
from ledger.parsers.support.axes import engine_axes
from ledger.parsers.support.cells import (
    MAX_NOTE,
    MAYBE_SUPPORT_RE,
    Cell,
    clean_name,
    is_diagonal,
    mark_label,
    name_marks,
    read_cell,
    read_page_cell,
    unknown_mark,
)
from ledger.parsers.support.engine import column_engine, document_engine
from ledger.parsers.support.letters import letter_matrix
from ledger.parsers.support.names import Facts, Roles, models_text, name_columns, row_names
from ledger.parsers.support.notes import Meaning, PlaceholderKey, legend, pick_footnotes
from ledger.parsers.support.scopes import lead_backend, row_scope, section_backend, size_column, sized_scope
from ledger.vocab.doc_tables import option_attribute
from ledger.vocab.support import DASHES, LEGEND_ONLY_LETTERS, MARKS, QUESTION_MARKS, UNEXPLAINED_MARK
from ledger.vocab.support_hardware import HARDWARE_KEY, hardware_column
from ledger.vocab.support_maturity import MATURITY_RE

NAME = "support_table"
VERSION = "3"
BLOCKS = frozenset({"table"})
NEEDS_DIGIT = False
"""Claims here can stand without a number (an outcome word, a Yes/No cell)."""

_HOLDERS = "support_placeholders"
_PAGE_MARKS = "support_page_marks"
_UNEXPLAINED = UNEXPLAINED_MARK
_NO_MARKS: Mapping[str, str] = {}
_NONE: Mapping[str, object] = {}
_MARK_NOTES: dict[str, str] = {mark: note for mark, (_, note) in MARKS.items() if note}
_NUMERIC_RE = re.compile(r"^[~≈<>±+−-]?\s?\d[\d.,]*\s?[^\s\d]{0,10}$")
"""A result value cell ("1.5", "12 ms", "96.2%"), as opposed to a name with digits ("Llama 3.1")."""
_OUTCOME_HEADER_RE = re.compile(
    r"^(?:status|result|results|outcome|verdict|pass(?:ed)?|ci|check|checks|ok|state|passing|test result)s?\b",
    re.IGNORECASE,
)
_GENERIC_HEADER_RE = re.compile(r"^(?:supported\??|support(?:ed)?\s*status|support|available|works\??)$", re.IGNORECASE)


def support_columns(
    table: Table, holders: Mapping[str, object] = _NONE, page: Mapping[str, str] = _NO_MARKS
) -> list[int] | None:
    """The columns of a support matrix, or None when the table is not one (`holders`: the placeholders the page's
    legend makes cells of this table, "-"; `page`: the marks of the page's own legend, mark -> value). A lone mark
    nobody explains ("⏳") weighs for the matrix beside the marks read, never alone."""
    ncols = max([len(table.header)] + [len(r.cells) for r in table.rows])
    head_rows = table.rows[:50]
    if not any(
        (MAYBE_SUPPORT_RE.search(c) and read_cell(c)) or (page and read_page_cell(c, page))
        for r in head_rows
        for c in r.cells[1:60]
    ):
        return None  # no support cell in the first rows: a results table, decided cheaply
    cols: list[int] = []
    support_cells = numeric_cells = 0
    for ci in range(1, ncols):
        head = clean_name(table.header[ci]) if ci < len(table.header) else ""
        if option_attribute(head):
            continue  # ("Required | Yes" beside an option's name: whether it must be given, no support)
        yes = held = odd = other = matured = dashed = 0
        for r in table.rows:
            if ci >= len(r.cells):
                continue
            c = r.cells[ci].strip()
            if not c or (c[0] in "-–—=" and is_diagonal(c)):  # a diagonal cell is a run of these
                continue
            if (got := read_page_cell(c, page)) is not None:
                yes += 1
                matured += bool(got[1] and MATURITY_RE.search(got[1]))
            elif holders and clean_name(c) in holders:
                held += 1
            elif clean_name(c) in DASHES or clean_name(c) in QUESTION_MARKS:
                dashed += 1  # (a dash no legend explains, a "?": a cell of a column real marks make the matrix's)
            elif unknown_mark(c):
                odd += 1
            else:
                other += 1
                if _NUMERIC_RE.match(clean_name(c)):
                    numeric_cells += 1
        if yes and _OUTCOME_HEADER_RE.match(head) and matured * 2 < yes:
            return None  # a status column of check marks: gates, not a matrix (unless they say a feature's maturity)
        # a column of placeholders only is the matrix's; beside anything else they need a real support cell (a
        # results column of numbers and dashes is no matrix column)
        if (yes or (held and not other)) and yes + held + odd + dashed >= other:
            cols.append(ci)
            support_cells += yes + held + odd
    if not cols or support_cells < 2 or numeric_cells >= support_cells:
        return None
    return cols


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    table = block.table
    if table is None or not table.rows:
        return
    holders = _placeholders(ctx, block)
    page = _page_marks(ctx)
    cols, letters = _columns(table, ctx, block, holders, page)
    roles = name_columns(table, cols or [])
    if cols is None and roles.listing is None:
        return
    if cols is not None and _result_columns(table, cols):
        ctx.marked_columns[block.start] = frozenset(cols)  # (its results are the result readers', its marks ours)
    elif cols is not None:
        for no in range(block.start, block.end + 1):
            ctx.taken.add(no)
    facts = _facts(ctx)
    notes = pick_footnotes(facts.footnotes, block.end)
    table_feature = block.section[-1] if block.section else None
    features: dict[int, str | None] = {}
    engines: dict[int, str | None] = {}
    hardware: dict[int, str | None] = {}
    for ci in cols or ():
        head = clean_name(table.header[ci]) if ci < len(table.header) else ""
        if not head or _GENERIC_HEADER_RE.match(head) or _OUTCOME_HEADER_RE.match(head):
            features[ci] = table_feature or head or None  # ("Status" names no feature: the table's heading does)
        else:
            features[ci] = head
        engines[ci] = column_engine(head) if head else None
        hardware[ci] = hardware_column(head) if head else None  # ("| Feature | Volta | CPU |": where the cell holds)
    listing = roles.listing is not None and not any(engines.values())  # a survey across engines lists nothing
    doc_engine = document_engine(ctx)
    backend = section_backend(block.section, doc_engine) or lead_backend(ctx.lead_in(block), doc_engine)
    scope = {"backend": backend} if backend else None  # every cell answers for the backend its heading names
    axes = engine_axes(table, cols or [], _is_status, {c: e or doc_engine for c, e in engines.items()}, scope)
    unexplained: set[str] = set()
    sizes = size_column(table, cols or [])  # ("| Size |" over "7B - 72B": the sizes each row's cells answer for)
    for row in table.rows:
        if not row.cells:
            continue
        subject = clean_name(row.cells[0])
        if not subject:
            continue
        row_notes = [notes[k] for k in name_marks(row.cells[0]) if k in notes]
        row_hardware = None if axes else hardware_column(subject)  # ("| Hardware | FP8 |" over "| Hopper | ✅ |")
        own_scope = row_scope(row_notes, scope, doc_engine)  # ("`Qwen3_5Moe` [^5]" "via the AutoDeploy backend")
        own_scope = sized_scope(row.cells, sizes, own_scope)
        architecture, models = row_names(row.cells, roles, subject, facts)
        if listing and roles.listing is not None and roles.listing < len(row.cells):
            yield from _listing(ctx, block, row, roles, (row_notes, notes), (table_feature, doc_engine, own_scope))
        for ci in cols or ():
            if ci >= len(row.cells):
                continue
            got, printed = _read_cell(ctx, row.cells[ci], row.line, (letters, holders, page), unexplained)
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
            line = row.lines[ci] if row.lines and ci < len(row.lines) else row.line  # (a cell a line: its own)
            yield ctx.claim(
                "support",
                line,
                row.text if line == row.line else ctx.doc.line(line),
                section=block.section,
                subject=axes[ci][0] if axes else subject,  # (an engine's feature list: the row is the feature)
                feature=subject if axes else features[ci],
                value=value,
                note=_join(parts),
                outcome_text=printed,
                engine=engines[ci] or doc_engine,
                architecture=architecture,
                models=models,
                config=_hardware_scope(axes[ci][1] if axes else own_scope, hardware.get(ci) or row_hardware),
            )


def _listing(
    ctx: Context,
    block: Block,
    row: Row,
    roles: Roles,
    notes: tuple[list[str], Mapping[str, str]],
    scope: tuple[str | None, str | None, dict[str, str] | None],
) -> Iterator[Claim]:
    """A row of a table of supported architectures: its "listed" claim (`notes`: the row's notes and the page's
    footnotes; `scope`: the table's feature, the document's engine and the row's setting)."""
    row_notes, footnotes = notes
    table_feature, doc_engine, own_scope = scope
    assert roles.listing is not None
    arch_cell = row.cells[roles.listing]
    listed = clean_name(arch_cell)
    if not listed:
        return
    listed_notes = row_notes if roles.listing == 0 else [footnotes[k] for k in name_marks(arch_cell) if k in footnotes]
    yield ctx.claim(
        "listing",
        row.line,
        row.text,
        section=block.section,
        subject=listed,
        feature=table_feature,
        value="yes",
        note=_join(listed_notes),
        engine=doc_engine,
        models=models_text(row.cells, roles) or None,
        config=own_scope,
    )


def _hardware_scope(scope: dict[str, str] | None, hardware: str | None) -> dict[str, str] | None:
    """The cell's setting with the hardware its column names ("Volta": the cell holds on Volta), where one does."""
    return {**(scope or {}), HARDWARE_KEY: hardware} if hardware else scope


# "Up to ~1.5x", "about 12 ms", "≈ 3.0x": a result a matrix's column prints beside its marks
_RESULT_LEAD_RE = re.compile(r"^(?:up\sto|about|around|approx\.?|roughly)\s", re.IGNORECASE)


_ISSUE_LINK_RE = re.compile(r"\[#?\d{1,9}\]\([^()\s]{0,500}\)$")


def _result_columns(table: Table, cols: list[int]) -> bool:
    """Whether a column besides the matrix's own holds results in most of its filled cells ("| Speedup | GPU |" over
    "| Up to ~1.5x | ✅ |"): the marks are support claims, the speed-ups results, so the table is not all taken."""
    ncols = max([len(table.header)] + [len(r.cells) for r in table.rows])
    for ci in range(1, ncols):
        if ci in cols:
            continue
        cells = [
            clean_name(c)
            for r in table.rows
            if ci < len(r.cells) and (c := r.cells[ci].strip()) and not _ISSUE_LINK_RE.match(c)
        ]  # (a link numbered for an issue, "[1942](.../issues/1942)", names a ticket: no result)
        results = sum(bool(_NUMERIC_RE.match(_RESULT_LEAD_RE.sub("", c).strip())) for c in cells)
        if cells and results * 2 > len(cells):
            return True
    return False


def _columns(
    table: Table, ctx: Context, block: Block, holders: Mapping[str, object], page: Mapping[str, str]
) -> tuple[list[int] | None, Mapping[str, Cell]]:
    """The matrix's columns, and what its single-character marks say where it is a matrix of those alone."""
    cols = support_columns(table, holders, page)
    if cols is None and (lettered := letter_matrix(table, ctx.doc, block)) is not None:
        return lettered  # (`Y` / `N` / `.` in every cell: read only in a matrix's shape)
    return cols, {}


def _placeholders(ctx: Context, block: Block) -> dict[str, Meaning]:
    """The placeholders ("-") the page's legend makes cells of this table: none where no line explains one."""
    key = ctx.memo.get(_HOLDERS)
    if key is None:
        key = ctx.memo[_HOLDERS] = PlaceholderKey(ctx.doc)  # once per document
    got: dict[str, Meaning] = key.of(block)
    return got


def _page_marks(ctx: Context) -> Mapping[str, str]:
    """The marks the page's legend gives a meaning of its own ("🔵 = experimental"): mark -> value."""
    got = ctx.memo.get(_PAGE_MARKS)
    if got is None:
        got = ctx.memo[_PAGE_MARKS] = {m: v for m, (v, _) in legend(ctx.doc).items() if m not in MARKS}
    marks: Mapping[str, str] = got
    return marks


def _read_cell(
    ctx: Context,
    cell: str,
    line: int,
    keys: tuple[Mapping[str, Cell], Mapping[str, Meaning], Mapping[str, str]],
    seen: set[str],
) -> tuple[Cell | None, str | None]:
    """A matrix's cell: a letter mark, else a mark or word (ours and the page's), else a placeholder the legend
    explains, else an unexplained dash or mark kept as printed (`keys`: the letter marks, the placeholders, the
    page's marks); and the dash or cross it printed, if one (so that a later version's legend explains it:
    compare.support_cell)."""
    letters, holders, page = keys
    got = letters.get(clean_name(cell)) if letters else None
    if got is None:
        got = read_page_cell(cell, page)  # shared: its marks are only read here
    held = clean_name(cell) if got is None else ""
    printed = held if held in DASHES else None
    if letters and (cross := clean_name(cell)) in LEGEND_ONLY_LETTERS:
        printed = cross  # (a cross, whatever the legend made of it: so that a later version's legend reads it too)
    if got is None and holders:
        got = _placeholder_cell(holders.get(held))
    if got is None and held in QUESTION_MARKS:
        got = (*QUESTION_MARKS[held], [], held)  # ("?": unknown, where the legend says nothing else of it)
    if got is None and printed:
        got = printed, _UNEXPLAINED, [], None  # (no legend: kept as printed, what compare holds it to)
    return (got if got is not None else _unknown_cell(ctx, cell, line, seen)), printed


def _unknown_cell(ctx: Context, cell: str, line: int, seen: set[str]) -> Cell | None:
    """A lone mark neither we nor the page explain: kept as printed (its value is the mark), with a warning once a
    table, never read as yes or no."""
    mark = unknown_mark(cell)
    if mark is None:
        return None
    if mark not in seen:
        seen.add(mark)
        ctx.warn(line, f"support cell {mark!r}: a mark the page's legend does not explain, kept as printed")
    label = mark_label(cell)
    return mark, f"{_UNEXPLAINED}: {label}" if label else _UNEXPLAINED, [], None


def _is_status(head: str) -> bool:
    """A header that names a status or support in general, no feature ("Status", "Supported")."""
    return bool(_OUTCOME_HEADER_RE.match(head) or _GENERIC_HEADER_RE.match(head))


def _placeholder_cell(meaning: Meaning | None) -> Cell | None:
    """A placeholder cell read as the legend says: its value, the legend's words as its note."""
    return None if meaning is None else (meaning[0], meaning[1], [], None)


def _join(parts: list[str]) -> str | None:
    return "; ".join(p[:MAX_NOTE] for p in parts if p) or None


def _facts(ctx: Context) -> Facts:
    facts = ctx.memo.get(NAME)
    if facts is None:
        facts = ctx.memo[NAME] = Facts(ctx.doc)  # once per document, not once per matrix
    return facts
