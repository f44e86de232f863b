"""A before/after row whose candidate cell is a dash or empty ("| Q4_0 | 167 | - | - |"): the baseline was measured
and the candidate was not (it failed, or was not run on that row). The measured baseline is still a result: a claim
on the base side, with no reference, never a pair with nothing and never dropped with the missing side."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.reader.document import Row
from ledger.parsers.tables.cells import cell_offsets, clean, is_numeric_cell
from ledger.parsers.tables.roles import NO_FIGURE
from ledger.parsers.tables.row_info import TableInfo
from ledger.parsers.tables.side_columns import side_label, side_measure
from ledger.vocab.sides import side_of


def with_base_only(
    ctx: Context,
    rows: tuple[Row, Row | None],
    info: TableInfo,
    headers: list[str],
    read: Callable[[Row, Row | None], Iterator[Claim]],
) -> Iterator[Claim]:
    """The row's claims (`read` is the row reader, given the row and its baseline row), then those of its baseline
    cells whose candidate cell holds no value (see the module): each read as the candidate's column reads its
    values, then put on the base side."""
    row, base_row = rows
    yield from read(row, base_row)
    moved = _moved(row, info, headers)
    if not moved:
        return
    offsets = row.offsets if row.offsets is not None else cell_offsets(row.text, row.cells)
    cells, lines = list(row.cells), list(row.lines) if row.lines else None
    for v, b in moved.items():  # (the baseline's text under the candidate's column, where it stands in the row)
        cells[v], offsets[v] = cells[b], offsets[b]
        if lines is not None:
            lines[v] = lines[b]
    for b in info.base_of.values():
        cells[b] = ""  # (no reference: the candidate was not measured)
    heads = {headers[v]: headers[b] for v, b in moved.items()}
    for c in read(Row(row.line, cells, row.text, offsets, lines), None):
        base = heads.get(str(c.config.get("column") or ""))
        if base is not None and c.reference is None and c.value is not None:
            yield _on_base(ctx, c, headers_of=(str(c.config["column"]), base))


def _moved(row: Row, info: TableInfo, headers: list[str]) -> dict[int, int]:
    """Candidate column -> its baseline column, where the row's candidate cell holds no value and the baseline's
    one number; only under a candidate column a side names ("after", "PR"), whose baseline is the other side."""
    out = {}
    for v, b in info.base_of.items():
        if max(v, b) >= min(len(row.cells), len(headers)) or side_of(clean(headers[v])) != "head":
            continue
        if (not (cell := clean(row.cells[v])) or cell in NO_FIGURE) and is_numeric_cell(row.cells[b]):
            out[v] = b
    return out


def _on_base(ctx: Context, c: Claim, headers_of: tuple[str, str]) -> Claim:
    """The claim measured on the base side: the measure its candidate column names, the base column's revision
    (a side the text defines with its commit: "**Before**: 89c189e9...") and name."""
    head, base = headers_of
    label = side_label(base)
    named = ctx.named_at(c.source.line).get(label.lower())
    rev = named if named is not None and (named.head or named.base) else Revision(label=label)
    config = {**c.config, "column": base}
    return c.model_copy(update={"metric": side_measure(c, head) or c.metric, "revision": rev, "config": config})
