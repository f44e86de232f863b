"""Support cells a version renamed (compare.support_cells): a row or a column that changed its name between two
versions over the cells it had is followed across the rename, never told as every cell gone plus every cell new.

A row ("Qwen3" -> "Qwen3-Dense") is renamed where its cells are the same and its model family is (another model's
row over the same cells is another row). A column ("vLLM V1 Engine" -> "Status") is renamed where, between two
adjacent versions, a header last stated in the older and a header first stated in the newer hold cells over mostly
the same rows (at least `_COVER` of the new header's, and `_MIN_SHARED` of them) whose yes / no mostly agree (at
least `_ALIKE` of the shared ones), the old column not one value throughout (a column of nothing but "yes" says
nothing of which header it became; unless it is the one column gone at that step, the other the one new, and their
names share a maker's or product's word: "AWS Inferentia" -> "AWS Neuron"), and each is the other's unique best
(most agreeing cells, then most cells equal with their maturity): a tie, or two columns each best for a third, stay
gone and new. A column is whichever of the backend or feature names varies across a table's cells (the subject is its
row).
"""

from __future__ import annotations

import re
from functools import partial

from ledger.compare.support_cell import Key, SupportChange, base_value
from ledger.compare.support_splits import merge_split, split_columns
from ledger.vocab.support_names import name_words

_COVER = 0.8
"""The share of the new column's rows that the old column states: a renamed column keeps its rows."""
_ALIKE = 0.8
"""The share of shared rows whose yes / no the two columns agree on."""
_MIN_SHARED = 3
"""Fewer shared rows are too few to tell a renamed column from another one."""
_COLUMN_DIMS = (1, 3)
"""The key's places that name a column: the backend ("vLLM V1 Engine" of a feature x engine table) and the feature
(a model x feature table's)."""
_FAMILY_RE = re.compile(r"[a-z]+")
"""A model name's family: its first run of letters ("qwen" of "Qwen3-Dense" and of "Qwen3")."""
Line = dict[Key, SupportChange]
"""One row's or one column's cells, keyed by the cell's key with the line's own name blanked."""


def follow_renames(cells: dict[Key, SupportChange], n: int) -> list[SupportChange]:
    """The cells, the columns and rows a version renamed merged into their new names."""
    for i in range(1, n):
        for dim in _COLUMN_DIMS:
            # ("EAGLE-3(One Model Engine)" -> its "— Linear" and "— Dynamic" parts, before any one part reads as its
            # rename: support_splits)
            lines, name_of = _lines(cells, dim), partial(_name, dim=dim)
            for old, parts in split_columns(lines, i, name_of):
                merge_split(cells, lines[old], [lines[p] for p in parts], i, name_of)
            lines = _lines(cells, dim)
            for old, new in _columns_renamed_at(lines, i, dim):
                _merge(cells, lines[old], lines[new], i, dim, old[1])
                if dim == 3:
                    _as_row_too(cells, old[1], new[1], i)
    return _follow_rows(cells, n)


def _with(k: Key, dim: int, name: str) -> Key:
    """The key with its place `dim` (1 backend, 2 subject, 3 feature) holding `name`."""
    return (k[0], name if dim == 1 else k[1], name if dim == 2 else k[2], name if dim == 3 else k[3])


def _lines(cells: dict[Key, SupportChange], dim: int) -> dict[tuple[str, str], Line]:
    lines: dict[tuple[str, str], Line] = {}
    for k, ch in cells.items():
        lines.setdefault((k[0], k[dim]), {})[_with(k, dim, "")] = ch
    return lines


def _span(line: Line) -> list[int]:
    n = len(next(iter(line.values())).values)
    return [at for at in range(n) if any(ch.values[at] is not None for ch in line.values())]


def _score(old: Line, new: Line, i: int, named: bool = False) -> tuple[int, int] | None:
    """(cells whose yes / no agree, cells equal with their maturity) over the rows both columns state, or None where
    the two are not alike enough to be one column renamed (`named`: the names say so where one value throughout
    cannot)."""
    now = {p: ch.values[i] for p, ch in new.items() if ch.values[i] is not None}
    shared = [p for p in now if p in old and old[p].values[i - 1] is not None]
    if len(shared) < _MIN_SHARED or len(shared) < _COVER * len(now):
        return None
    before = [old[p].values[i - 1] for p in shared]
    if len({base_value(v) for v in before}) < 2 and not named:
        return None
    alike = sum(base_value(b) == base_value(now[p]) for p, b in zip(shared, before, strict=True))
    equal = sum(b == now[p] for p, b in zip(shared, before, strict=True))
    return (alike, equal) if alike >= _ALIKE * len(shared) else None


def _columns_renamed_at(
    lines: dict[tuple[str, str], Line], i: int, dim: int
) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """(old column, new column) pairs renamed at revision i (the module's rule); `dim` the key's place naming them."""
    spans = {k: _span(line) for k, line in lines.items()}
    ends = [k for k, s in spans.items() if s and s[-1] == i - 1]
    starts = [k for k, s in spans.items() if s and s[0] == i]
    scores = {
        (o, s): sc
        for o in ends
        for s in starts
        if o[0] == s[0]
        and (sc := _score(lines[o], lines[s], i, _named_alone(lines, (o, s), ends, starts, dim))) is not None
    }

    def unique_best(of: tuple[str, str], side: int) -> tuple[str, str] | None:
        mine = sorted(((sc, pair) for pair, sc in scores.items() if pair[side] == of), reverse=True)
        if not mine or (len(mine) > 1 and mine[0][0] == mine[1][0]):
            return None
        return mine[0][1][1 - side]

    return [(o, s) for o in ends if (s := unique_best(o, 0)) is not None and unique_best(s, 1) == o]


def _named_alone(
    lines: dict[tuple[str, str], Line],
    pair: tuple[tuple[str, str], tuple[str, str]],
    ends: list[tuple[str, str]],
    starts: list[tuple[str, str]],
    dim: int,
) -> bool:
    """Whether the old column is the only one of its table's backend gone at this step, the new the only one new,
    and their names as printed share a word of a maker or product ("AWS Inferentia" -> "AWS Neuron"): a column that
    says one value throughout is then followed across its rename, where its cells alone would match any column."""
    old, new = pair
    if sum(e[0] == old[0] for e in ends) != 1 or sum(t[0] == new[0] for t in starts) != 1:
        return False
    was, now = (_name(next(iter(lines[k].values())), dim) for k in pair)
    return bool(name_words(was) & name_words(now))


def _name(ch: SupportChange, dim: int) -> str:
    return (ch.backend or "") if dim == 1 else ch.feature


def _merge(cells: dict[Key, SupportChange], old: Line, new: Line, i: int, dim: int, was: str) -> None:
    """The old column's history before revision i given to the new column's cells on the same rows; its cells on
    rows the new column lacks stay (gone there)."""
    for p, nch in new.items():
        och = old.get(p)
        if och is None:
            continue
        nch.values[:i], nch.lines[:i] = och.values[:i], och.lines[:i]
        nch.columns = [*och.columns, (_name(och, dim), _name(nch, dim), i)]
        if och.was and not nch.was:
            nch.was, nch.renamed_at = och.was, och.renamed_at
        del cells[_with(p, dim, was)]


def _as_row_too(cells: dict[Key, SupportChange], old: str, new: str, i: int) -> None:
    """A feature x feature matrix names each feature as a row and as a column: a column renamed is that row renamed
    too, its cells (the diagonal's among them) followed like the column's."""
    for k, och in list(cells.items()):
        if old != k[2] or any(v is not None for v in och.values[i:]):
            continue
        nk = (k[0], k[1], new, new if k[3] == old else k[3])
        nch = cells.get(nk)
        if nch is None or any(v is not None for v in nch.values[:i]):
            continue
        nch.values[:i], nch.lines[:i] = och.values[:i], och.lines[:i]
        nch.columns = [*och.columns, (och.subject, nch.subject, i)]
        del cells[k]


def _follow_rows(cells: dict[Key, SupportChange], n: int) -> list[SupportChange]:
    """The cells, a row a version renamed merged into its new name (`_rows_renamed_at`): a page renaming a row
    ("Qwen3" -> "Qwen3-Dense") keeps its cells; read as a removal plus an addition, every cell of the row would be
    told twice."""
    rows: dict[Key, dict[str, SupportChange]] = {}
    for (engine, backend, subject, feature), ch in cells.items():
        rows.setdefault((engine, backend, subject, ""), {})[feature] = ch
    merged: set[Key] = set()
    for i in range(1, n):
        for old, new in _rows_renamed_at(rows, i):
            for f, och in rows[old].items():
                nch = rows[new][f]
                nch.values[:i], nch.lines[:i] = och.values[:i], och.lines[:i]
                nch.was, nch.renamed_at = och.subject, i
                merged.add((*old[:3], f))
    return [ch for k, ch in cells.items() if k not in merged]


def _family(name: str) -> str:
    m = _FAMILY_RE.search(name[:300].lower())
    return m.group() if m else ""


def _rows_renamed_at(rows: dict[Key, dict[str, SupportChange]], i: int) -> list[tuple[Key, Key]]:
    """(old row, new row) pairs renamed at revision i: a row last stated in revision i-1 and one first stated in i, of
    one engine, backend and model family, whose features and values there are the same, and no other such row alike."""
    spans = {k: _span({(k[0], k[1], k[2], f): ch for f, ch in row.items()}) for k, row in rows.items()}
    ends = [k for k, s in spans.items() if s and s[-1] == i - 1]
    starts = [k for k, s in spans.items() if s and s[0] == i]
    state = {k: {f: ch.values[at] for f, ch in rows[k].items()} for ks, at in ((ends, i - 1), (starts, i)) for k in ks}
    family = {k: _family(next(iter(rows[k].values())).subject) for k in (*ends, *starts)}

    def same(a: Key, b: Key) -> bool:
        return a[:2] == b[:2] and family[a] == family[b] != "" and state[a] == state[b]

    out = []
    for old in ends:
        into = [k for k in starts if same(old, k)]
        if len(into) == 1 and [k for k in ends if same(k, into[0])] == [old]:
            out.append((old, into[0]))
    return out
