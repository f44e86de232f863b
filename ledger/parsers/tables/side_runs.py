"""Rows of two sides, each side's rows repeated per case or per run, in any order:

    | Case | Build     | Trial | Mean ITL |
    | K1   | main      | 1     | 7.40 ms  |   <- the base side's rows: each a run of its own
    | K1   | main      | 2     | 7.44 ms  |
    | K1   | candidate | 1     | 7.02 ms  |   <- measured on the candidate, against main's trial 1 of K1
    | K1   | candidate | 2     | 7.05 ms  |

One column names each row's side (two names, one the base's: "main" / "candidate", "Stock v0.27.0" / "Final PR
head"); every other column that is no result (the case, the run's index, a setting) is what a candidate row shares
with its base row. A candidate row takes the base row whose cells agree with its own in all of them: run k of the
candidate against run k of the base, which compare folds into the candidate's mean against the base's mean, each
with its spread (compare.trials); where a case's two sides ran a different number of times, no run is another's
pair and compare judges the means. Every row keeps its claims, measured on its side's revision.

Read only where the side readings of results.py found no base row (side rows next to each other, a side column
beside setting columns): a side's repeated rows share their label, so those readings see two bases of one key.
Apart from build_rows.py, whose Builds it fills, because it keys rows by their settings rather than by a build's
order."""

from __future__ import annotations

from ledger.parsers.reader.document import Row, Table
from ledger.parsers.tables.build_rows import Builds
from ledger.parsers.tables.cells import clean, is_numeric_cell
from ledger.vocab.setup import config_key
from ledger.vocab.setup_keys import RUN_ID_KEYS, RUN_INDEX_HEADS
from ledger.vocab.sides import column_sides, side_alone, side_of

_RUN_KEYS = frozenset((*RUN_ID_KEYS, *RUN_INDEX_HEADS))
"""The keys of a column numbering a side's repeated runs ("Run", "Trial", "Seed")."""

_KEY_ROLES = frozenset(("label", "text", "config"))
"""The roles of the columns that say what a row ran (its case, its run, a setting), never what it measured."""


def side_runs(table: Table, roles: list[str]) -> Builds | None:
    """The side column of a table whose rows are runs of two sides (see the module), its base side's rows by the
    cells they share with the candidate's; None unless some candidate row has a base row of its own."""
    rows = [r for r in table.rows if any(map(is_numeric_cell, r.cells[1:]))]
    if len(rows) < 3:
        return None  # (one row per side: the two-row readings of results.py pair those)
    for ci, role in enumerate(roles):
        if role not in _KEY_ROLES:
            continue
        base = _base_name([_cell(r, ci) for r in rows])
        if base is None:
            continue
        keys = [i for i, r in enumerate(roles) if r in _KEY_ROLES and i != ci]
        labels = [i for i, r in enumerate(roles) if r == "label"]
        builds = Builds(ci, base, labels)
        for r in rows:
            key = "\x1f".join(_cell(r, i) for i in keys)
            builds.match_of[id(r)] = key or "\x1f"
            builds.rest_of[id(r)] = " / ".join(_cell(r, i) for i in labels if i != ci and _cell(r, i))
            if _cell(r, ci) != base:
                continue
            if builds.match_of[id(r)] in builds.base_rows:
                return None  # (two base rows alike in every setting: an A/B/A run, no pairs to read)
            builds.base_rows[builds.match_of[id(r)]] = r
        _unpaired_runs(table, keys, rows, builds)
        if any(builds.baseline_of(r) is not None for r in rows):
            return builds
    return None


def _unpaired_runs(table: Table, keys: list[int], rows: list[Row], builds: Builds) -> None:
    """Unties the rows of a case whose two sides ran a different number of times ("| C33 | stock | 1..3 |" beside
    one candidate run): which base run is the lone one's is not said, so compare judges the candidate against the
    base runs' mean and spread, as two series."""
    runs = [i for i in keys if config_key(clean(table.header[i]) if i < len(table.header) else "") in _RUN_KEYS]
    if not runs:
        return
    count: dict[tuple[str, bool], int] = {}
    case = {id(r): "\x1f".join(_cell(r, i) for i in keys if i not in runs) for r in rows}
    for r in rows:
        side = (case[id(r)], _cell(r, builds.col) == builds.base)
        count[side] = count.get(side, 0) + 1
    for r in rows:
        if count.get((case[id(r)], True)) != count.get((case[id(r)], False)):
            builds.match_of[id(r)] = "\x1e"  # (no base row holds this key)


def _base_name(cells: list[str]) -> str | None:
    """The base side's name where the cells name two sides and nothing else ("main" and "candidate", "Stock v0.27.0"
    and "Final PR head"), else None."""
    names = list(dict.fromkeys(cells))
    bare = [n.strip(" *_`") for n in names]
    if len(names) != 2 or not all(bare):
        return None
    sides = column_sides(bare) or {n: side_of(n) or "" for n in bare if side_alone(n)}
    if sorted(sides.values()) != ["base", "head"]:
        return None
    return next(n for n, b in zip(names, bare, strict=True) if sides.get(b) == "base")


def _cell(row: Row, ci: int) -> str:
    return clean(row.cells[ci]) if ci < len(row.cells) else ""
