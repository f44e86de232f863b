"""A table's first column as a free row id ("B200:standard:17:float32:indexed", "C1", "run 2"): it names the row,
and the word columns after it hold the row's setup, not more of its name. And a column of words among the columns
that name the rows ("Kind" over "chat", "code" beside "Context"), where the others repeat: what tells those rows
apart, their setup as much as the settings beside it."""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean
from ledger.vocab.checkpoint_files import checkpoint_files_column
from ledger.vocab.ci_jobs import ci_id_column
from ledger.vocab.outcomes import find_outcome
from ledger.vocab.setup import qualifiers

_ROW_ID_CELL_RE = re.compile(r"^[\w.-]{1,40}(?::[\w.-]{1,40}){2,8}$")


def row_id_column(table: Table) -> bool:
    """Whether the first column is a free row id ("Row" over "B200:standard:17:float32:indexed", "ID" over "C1",
    "C2", "run 1"): it names the row, and the word columns after it hold the row's setup, not more of its name."""
    cells = [clean(r.cells[0]) for r in table.rows if r.cells and clean(r.cells[0])]
    # the shape of the cells, not the header's word: a "Case" column may hold a description ("decode, 8k context")
    if not cells:
        return False
    if all(_ROW_ID_CELL_RE.match(c) for c in cells):
        return True
    head = clean(table.header[0]) if table.header else ""
    return all(_SERIAL_CELL_RE.match(c) and not qualifiers(c) for c in cells) and (
        bool(_ID_HEAD_RE.match(head)) or _numbered_in_turn(cells)
    )


def _numbered_in_turn(cells: list[str]) -> bool:
    """ "C1", "C2", "C3": one stem numbered 1, 2, 3 in some order, as rows are counted; "h16", "h16", "h32" (16
    heads) number a setting."""
    numbers = sorted(int(m.group(0)) for c in cells if (m := _SERIAL_NUMBER_RE.search(c)))
    return (
        len(numbers) == len(cells) > 1
        and len({_SERIAL_NUMBER_RE.sub("", c) for c in cells}) == 1
        and numbers == list(range(numbers[0], numbers[0] + len(cells)))
        and numbers[0] <= 1
    )


# "C1", "R12", "#3", "run 2": a serial identifier, a stem and a number; "H100" and "Q4" are named setups (qualifiers)
_SERIAL_CELL_RE = re.compile(
    r"^(?:[A-Za-z]{1,3}[-_]?\d{1,3}|#\d{1,4}|(?:run|case|config|exp|experiment|test|trial|setting)\s?#?\d{1,3})$",
    re.IGNORECASE,
)
_SERIAL_NUMBER_RE = re.compile(r"\d+$")
_ID_HEAD_RE = re.compile(r"^(?:id|#|no\.?|run|case|config|exp|experiment|test|trial)$", re.IGNORECASE)


# "chat", "prose", "long prompt": a word or two naming what the row ran, no figure, no sentence
_WORD_CELL_RE = re.compile(r"^[A-Za-z][\w'-]{0,19}(?: [A-Za-z][\w'-]{0,19})?$")
_MEASURED_ROLES = frozenset(("value", "mixed", "baseline", "delta"))


def naming_words(table: Table, roles: list[str]) -> None:
    """Turn a text column of short words before the first measured column into a setting, where the rows' other
    naming cells (labels and settings) repeat and its words tell them apart ("| Context | Kind | tok/s |" over
    "~12.5k | chat" and "~12.5k | code"): two rows the table tells apart never share one setup; in place. A note
    after the results, or words beside settings that already tell every row apart, stay text."""
    end = next((i for i, r in enumerate(roles) if r in _MEASURED_ROLES), len(roles))
    naming = [i for i in range(end) if roles[i] in ("label", "config")]
    if not naming or len(table.rows) < 2:
        return
    names = [tuple(clean(r.cells[i]) if i < len(r.cells) else "" for i in naming) for r in table.rows]
    if len(set(names)) == len(names):
        return  # (every row is told apart already)
    for ci in range(end):
        cells = [clean(r.cells[ci]) if ci < len(r.cells) else "" for r in table.rows]
        if roles[ci] != "text" or not all(_WORD_CELL_RE.match(c) and find_outcome(c) is None for c in cells):
            continue
        if len(set(zip(names, (c.lower() for c in cells), strict=True))) > len(set(names)):
            roles[ci] = "config"


def provenance_column(head: str, cells: list[str]) -> bool:
    """Whether a column names the CI job or run each row's result came from ("Job" over "`55012`", "CI run ID" over
    "29277682836": vocab.ci_jobs): ids, read for no claim (two jobs' ids measure neither side) and for no setting."""
    return ci_id_column(head, cells)


def unread_column(head: str, cells: list[str]) -> bool:
    """Whether a column is read for no claim and no setting: a provenance column, or the count of files a row's
    checkpoint was saved in ("Files" over 11: vocab.checkpoint_files), which no run measured or was set by."""
    return provenance_column(head, cells) or checkpoint_files_column(head, cells)
