"""The backend a support table speaks for, read from the headings above it.

A page may hold one matrix per backend of its engine ("## Models supported by TurboMind" over one table,
"## Models supported by PyTorch" over another): every cell of a table answers for the backend its nearest
such heading names, kept as the cell's `backend` setting, so that two tables' cells about one (subject,
feature) are two answers to one question, not two sources in conflict (ledger/support/join.py). The page's
own engine ("Models supported by vLLM" on vLLM's page), an engine's name on a survey of engines, and words
that name a kind of thing ("by architecture") are no backend (ledger/vocab/support_scopes.py).
"""

from __future__ import annotations

from ledger.parsers.reader.document import Table
from ledger.parsers.support.cells import clean_name
from ledger.vocab.engines import engine_named
from ledger.vocab.support_scopes import (
    HEADING_BY_RE,
    HEADING_NAMED_RE,
    NOT_A_BACKEND,
    NOTE_NEGATION_RE,
    SIZE_CELL_RE,
    SIZE_HEADER_RE,
    SIZE_KEY,
)

MAX_HEADING = 200
"""Only this much of a heading is read."""


def heading_backend(heading: str, engine: str | None = None) -> str | None:
    """The backend one heading of `engine`'s page names ("Served by the eager backend" -> "eager"), else None."""
    text = " ".join(heading[:MAX_HEADING].split())
    m = HEADING_BY_RE.search(text)
    if m and (m.group(2) or _proper(m.group(1))) and _named(m.group(1), engine):
        return m.group(1)
    for m in HEADING_NAMED_RE.finditer(text):
        if _named(m.group(1), engine):
            return m.group(1)
    return None


def section_backend(section: tuple[str, ...] | None, engine: str | None) -> str | None:
    """The backend the nearest heading of `section` names that names one."""
    for heading in reversed(section or ()):
        got = heading_backend(heading, engine)
        if got is not None:
            return got
    return None


def lead_backend(lead: str, engine: str | None) -> str | None:
    """The backend the sentence introducing a table names ("The following is a table of supported models for the
    PyTorch backend:"), as a heading over it would; None for a lead-in that does not end on its colon."""
    return heading_backend(lead, engine) if lead.rstrip().endswith(":") else None


def row_scope(notes: list[str], scope: dict[str, str] | None, engine: str | None) -> dict[str, str] | None:
    """The scope of a row's cells: the table's, unless a footnote on the row names the backend that serves it
    ("[^5]: Supported via the AutoDeploy backend."), which is then its backend; a note saying it is not is none."""
    for note in notes:
        named = heading_backend(note[:MAX_HEADING].split(". ")[0].rstrip("."), engine)
        if named is not None and not NOTE_NEGATION_RE.search(note[:MAX_HEADING]):
            return {**(scope or {}), "backend": named}
    return scope


def size_column(table: Table, cols: list[int]) -> int | None:
    """The column of each row's model sizes ("| Size |" over "7B - 72B"), no support column, most of its filled
    cells a size: what sizes of the row's models its cells answer for, so a version that widens the range is seen."""
    for ci, raw in enumerate(table.header[:40]):
        if ci == 0 or ci in cols or not SIZE_HEADER_RE.match(clean_name(raw)):
            continue
        cells = [clean_name(r.cells[ci]) for r in table.rows[:200] if ci < len(r.cells) and r.cells[ci].strip()]
        if cells and sum(bool(SIZE_CELL_RE.search(c[:80])) for c in cells) * 2 > len(cells):
            return ci
    return None


def sized_scope(cells: list[str], col: int | None, scope: dict[str, str] | None) -> dict[str, str] | None:
    """A row's scope with the sizes its size column gives (`col`, size_column's), kept as printed."""
    size = clean_name(cells[col]) if col is not None and col < len(cells) else ""
    if not size or len(size) > 80 or not SIZE_CELL_RE.search(size):
        return scope
    return {**(scope or {}), SIZE_KEY: size}


def _proper(name: str) -> bool:
    """Written as a name: a capital letter or a digit in it ("TurboMind", "PyTorch", "V1"), not a plain word."""
    return any(ch.isupper() or ch.isdigit() for ch in name)


def _named(name: str, engine: str | None) -> bool:
    """A backend's name: no plain word of NOT_A_BACKEND, and not the page's own engine (a serving engine's name on a
    page of no one engine is that engine, no backend; "PyTorch" on LMDeploy's page is its PyTorch engine, and so on a
    page whose engine is not known: a library engines run on is a backend wherever a heading scopes a table to it)."""
    if name.lower() in NOT_A_BACKEND:
        return False
    named = engine_named(name)
    return named is None or (named.name != engine and (engine is not None or named.library))
