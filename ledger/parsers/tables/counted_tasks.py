"""A task column whose cells print the task's sample count in brackets ("| GSM8K (1,319) |" under "Task
(samples)"): the table as if it had printed the count in a column of its own after the task ("| GSM8K | 1319 |"
under "Task | samples"), so that the task names the row's scores and the count is their `samples` setup, never a
result."""

from __future__ import annotations

from dataclasses import replace

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean
from ledger.vocab.counted_tasks import TASK_HEAD_RE, counted_task

_EMPTY = ("", "-", "—", "–")


def with_counted_tasks(table: Table) -> Table:
    """The table with its one counted task column split in two (see the module); unchanged where no column's every
    filled cell is a counted task."""
    heads = [clean(h) for h in table.header]
    for ci, head in enumerate(heads):
        task_head = TASK_HEAD_RE.match(head) is not None
        cells = [clean(r.cells[ci]) if ci < len(r.cells) else "" for r in table.rows]
        counted = [counted_task(c, task_head) if c not in _EMPTY else None for c in cells]
        if any(counted) and all(n is not None or c in _EMPTY for c, n in zip(cells, counted, strict=True)):
            return _split(table, ci, counted)
    return table


def _split(table: Table, ci: int, counted: list[tuple[str, str] | None]) -> Table:
    header = list(table.header)
    header[ci : ci + 1] = [head.split("(")[0].strip() or head for head in (clean(header[ci]),)] + ["samples"]
    rows = []
    for row, got in zip(table.rows, counted, strict=True):
        cells = list(row.cells)
        name, n = got if got is not None else (cells[ci] if ci < len(cells) else "", "")
        if ci < len(cells):
            cells[ci : ci + 1] = [name, n]
        offsets = None if row.offsets is None else row.offsets[: ci + 1] + row.offsets[ci:]
        lines = None if row.lines is None else row.lines[: ci + 1] + row.lines[ci:]
        rows.append(replace(row, cells=cells, offsets=offsets, lines=lines))
    return replace(table, header=header, rows=rows)
