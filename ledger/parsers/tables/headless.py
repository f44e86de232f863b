"""Names for the columns of a table printed without its header row.

A paste that starts inside a table (the tail of a benchmark's output, a second run's rows pasted under
the first run's table) has rows and no header. The same tool prints the same columns every time, so a
table of the same width elsewhere in the document, whose header names its columns and whose cells hold
the same kind of value column by column, lends its header. Failing that, the columns are named by
position and the document gets a warning: the numbers are kept, their names are not guessed. Rows that begin
at a delimiter row (a review bot's diff hunk quoting from the "|---|" line) are not read at all without a twin:
their table's header was printed and cut off, and whatever it named is not for us to guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from ledger.vocab.setup_labels import is_bench_test


class _Row(Protocol):
    cells: list[str]


class Table(Protocol):
    """What is read of `ledger.parsers.reader.document.Table` (this module sits below the reader that calls it)."""

    header: list[str]
    header_line: int
    headless: bool
    header_cut: bool

    @property
    def rows(self) -> Sequence[_Row]: ...


T = TypeVar("T", bound=Table)

_NUMBER_RE = re.compile(r"^[-+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)%?$")
# a llama-bench rate cell, its standard deviation after it or not ("455.91", "4493.64 ± 25.65")
_RATE_CELL_RE = re.compile(r"^\d{1,9}(?:\.\d{1,6})?(?:\s{0,2}±\s{0,2}\d{1,9}(?:\.\d{1,6})?)?$")


def _shape(cells: list[str]) -> tuple[bool, ...]:
    """Which cells hold a bare number: the column-by-column kind two tables of one tool share."""
    return tuple(bool(_NUMBER_RE.match(c.strip())) for c in cells)


def _lender(table: Table, others: Sequence[Table]) -> Table | None:
    width = len(table.header)
    shapes = {_shape(r.cells) for r in table.rows}
    for other in others:
        if len(other.header) != width or not other.rows or not any(h.strip() for h in other.header):
            continue
        if shapes & {_shape(r.cells) for r in other.rows}:
            return other
    return None


def name_headless_columns(tables: Sequence[T], warn: Callable[[int, str], None]) -> list[T]:
    """Give every headless table the header of its nearest twin, else "column N" and a warning; the tables whose
    rows are not to be read (under a cut-off header, no twin) are returned."""
    unread: list[T] = []
    headed = [t for t in tables if not t.headless]
    for t in tables:
        if not t.headless:
            continue
        # nearest first: a twin just below (the full run) or just above (the run before) is the likeliest
        twin = _lender(t, sorted(headed, key=lambda o: abs(o.header_line - t.header_line)))
        if twin is not None:
            t.header = list(twin.header)
        elif (bench := _bench_columns(t)) is not None:
            t.header = bench  # ("| RTX 4090 | llama 1B | 8 | pp512 | 1723.86 | 1725.67 | 1.00 |": llama.cpp's layout)
        elif t.header_cut:
            width = len(t.header)
            warn(t.header_line, f"table rows under a cut-off header: no table of its {width} columns names them")
            unread.append(t)
        else:
            t.header = [f"column {k + 1}" for k in range(len(t.header))]
            warn(t.header_line, f"table without a header row: its {len(t.header)} columns are named by position")
    return unread


def _bench_columns(table: Table) -> list[str] | None:
    """The header llama.cpp's bench tools print, for their rows pasted without it: a column of test names ("pp512")
    followed by the rate ("t/s"), or by compare-llama-bench's two rates and the second's speed-up over the first; the
    columns before the test keep the names of their positions (a setting's number there is no result). None for
    any other table."""
    width = len(table.header)
    rows = [[c.strip() for c in r.cells] for r in table.rows]
    whole = rows[:-1] if len(rows) > 1 and len(rows[-1]) < width else rows  # (the last row of a cut paste)
    test = next((k for k in range(width - 1) if whole and all(is_bench_test(c[k]) for c in whole)), None)
    if test is None or width - test - 1 not in (1, 3):
        return None
    if not all(_RATE_CELL_RE.match(c[j]) for c in whole for j in range(test + 1, width)):
        return None
    rates = ["t/s"] if width - test - 1 == 1 else ["t/s", "t/s", "speedup"]
    return [f"column {k + 1}" for k in range(test)] + ["test", *rates]
