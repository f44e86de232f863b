"""Tables a document prints more than once in one shape, one per machine or run ("H200" over a paste whose header is
"Triton | PyTorch", "B200" over the same paste headed "Triton (us) | PyTorch (us)"): the same columns once their
units are set aside, the same row keys. A twin whose header names no measure and no unit is in what its twins'
headers state: the measure their one unit gives (a time's latency), and that unit where every twin states it; twins
whose units differ, or tables of another shape, tell it nothing."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from ledger.model import Claim
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import head_without_unit, looks_metric, unit_of_header
from ledger.vocab.metrics import names_a_metric
from ledger.vocab.units import measure_of_unit


class _Row(Protocol):
    cells: list[str]


class _Table(Protocol):
    header: list[str]

    @property
    def rows(self) -> Sequence[_Row]: ...


class _Block(Protocol):
    @property
    def table(self) -> _Table | None: ...


# (more tables than this of one shape are a log's repeated lines, no machine-by-machine copies; the bound keeps a
# document of thousands of one table from comparing each with every other)
_MOST_TWINS = 16

Twin = tuple[frozenset[str], str, str | None]
"""(the unit-less value headers, the measure their twins' unit gives, the unit where every twin states it)."""


def twin_measure(table: _Table, blocks: Sequence[_Block], roles: list[str], memo: dict[str, Any]) -> Twin | None:
    """What `table`'s value columns measure, read from the document's other tables of its shape; None where its
    header names a unit or a measure itself, where no twin states a unit, or where the twins' units differ."""
    cols = [i for i, r in enumerate(roles) if r == "value" and i < len(table.header)]
    heads = [clean(table.header[i]) for i in cols]
    if not cols or any(unit_of_header(h) or looks_metric(h) or names_a_metric(h) for h in heads):
        return None
    keys = [i for i, r in enumerate(roles) if r != "value" and i < len(table.header)]
    if "twin_tables" not in memo:  # (the tables by their column names, once per document)
        memo["twin_tables"] = _by_names(blocks)
    others = memo["twin_tables"].get(_names(table), [])
    if len(others) > _MOST_TWINS:
        return None
    units: list[str | None] = []
    for other in others:
        if other is not table and _same_shape(table, other, keys):
            found = {(unit_of_header(clean(other.header[i])) or "").lower() for i in cols}
            units.append(found.pop() if len(found) == 1 else "?")  # ("?": a twin whose own columns differ)
    stated = {u for u in units if u}
    if len(stated) != 1 or "?" in stated:
        return None
    unit = stated.pop()
    measure = measure_of_unit(unit)
    if measure is None:
        return None
    return frozenset(heads), measure, unit if all(units) else None


def _by_names(blocks: Sequence[_Block]) -> dict[tuple[str, ...], list[_Table]]:
    out: dict[tuple[str, ...], list[_Table]] = {}
    for b in blocks:
        if b.table is not None:
            out.setdefault(_names(b.table), []).append(b.table)
    return out


def _names(table: _Table) -> tuple[str, ...]:
    """The table's column names once their units are set aside."""
    return tuple(head_without_unit(clean(h)).strip().lower() for h in table.header)


def _same_shape(table: _Table, other: _Table, keys: list[int]) -> bool:
    """Of the same column names (found by `_names`), and the row keys (the cells of the columns that are no values)
    of one all among the other's (one paste may stop a row or two before the other)."""
    mine, theirs = _row_keys(table, keys), _row_keys(other, keys)
    return bool(mine and theirs) and (mine <= theirs or theirs <= mine)


def _row_keys(table: _Table, keys: list[int]) -> set[tuple[str, ...]]:
    """Each row's key cells, but a row's whose keys are cut short (a paste that ends mid-row states no key)."""
    rows = (tuple(clean(r.cells[i]) if i < len(r.cells) else "" for i in keys) for r in table.rows)
    return {k for k in rows if all(k)}


def on_twin_measure(claims: Iterator[Claim], twin: Twin | None) -> Iterator[Claim]:
    """The claims under such a column, in no unit of their own, in the measure (and unit) the twins give."""
    if twin is None:
        yield from claims
        return
    heads, measure, unit = twin
    for c in claims:
        if c.value is None or c.unit or clean(str(c.config.get("column") or "")) not in heads:
            yield c
            continue
        yield c.model_copy(update={"metric": measure, "unit": unit})
