"""Arm columns interleaved measure by measure ("| Rate | k8s Output | llm-d Output | k8s TTFT p90 | llm-d TTFT p90 |"):
two arm words, each opening one column of every measure. Where one arm is the baseline, by its side word
("baseline tput | PR tput") or by the sentence over the table ("improvement over baseline (k8s)", "the router
against a plain Service" over "svc"), its columns are the baselines of the other arm's (claims contract: a baseline
column is the reference of its partner's cells, no claim of its own), and the other arm's columns are values, even
over whole numbers ("1,752" under "llm-d Output" is a throughput, never a setting of the row). An arm the text does
not rank keeps its columns as they were: two engines' numbers are two series. A side's column beside a baseline's,
each cell two measures in their units ("This PR" over "60.1 us / 70.4 GB/s"), is a value column the same way."""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean, is_numeric_cell
from ledger.vocab.named_baselines import baseline_words, names_arm
from ledger.vocab.sides import side_of

_SPLIT_RE = re.compile(r"[_\s]+")
# "120.5 us / 35.2 GB/s": measures of one run, each with its own unit, in one cell
_UNIT_VALUE = r"\d{1,9}(?:\.\d{1,6})? ?[a-zµ%][\w/%]{0,8}"
_UNIT_LIST_RE = re.compile(rf"^{_UNIT_VALUE}(?: / {_UNIT_VALUE}){{1,3}}$", re.IGNORECASE)
_ROLES = frozenset({"value", "config", "baseline"})


def arm_grid(table: Table, roles: list[str], lead: str) -> list[str]:
    """The roles, an interleaved grid's baseline arm given the baseline role and its other arm the value role (see
    the module), a side's column of measures each in its unit a value column; any other table's unchanged."""
    roles = _side_unit_lists(table, roles)
    grid = _grid(table, roles)
    if grid is None:
        return roles
    arms, cols = grid
    base = _base_arm(arms, cols, roles, lead)
    if base is None:
        return roles
    out = list(roles)
    for arm, i in cols:
        out[i] = "baseline" if arm == base else "value"
    return out


def _grid(table: Table, roles: list[str]) -> tuple[tuple[str, str], list[tuple[str, int]]] | None:
    """The two arm words and each measured column's (arm, index), where two measures at least each have one column
    of either arm, every such column numeric; else None."""
    by_rest: dict[tuple[str, ...], dict[str, int]] = {}
    cols: list[tuple[str, int]] = []
    for i, r in enumerate(roles):
        words = [w for w in _SPLIT_RE.split(clean(table.header[i]).lower()) if w] if i < len(table.header) else []
        if i == 0 or r not in _ROLES or len(words) < 2:
            continue
        by_rest.setdefault(tuple(words[1:]), {})[words[0]] = i
        cols.append((words[0], i))
    arms = {a for a, _ in cols}
    if len(arms) != 2 or len(by_rest) < 2 or any(len(p) != 2 for p in by_rest.values()):
        return None
    for _, i in cols:
        cells = [c for r in table.rows if i < len(r.cells) and (c := clean(r.cells[i]))]
        if not cells or not all(is_numeric_cell(c) for c in cells):
            return None
    first, second = sorted(arms, key=lambda a: next(i for b, i in cols if b == a))
    return (first, second), cols


def _base_arm(arms: tuple[str, str], cols: list[tuple[str, int]], roles: list[str], lead: str) -> str | None:
    """The arm its side word, its columns' baseline role or the lead-in names as the baseline, the other not."""
    sides = [side_of(a) for a in arms]
    if (sides.count("base") == 1 and "head" in sides) or (sides.count("base") == 1 and sides.count(None) == 1):
        return arms[sides.index("base")]
    based = {a for a, i in cols if roles[i] == "baseline"}
    if len(based) == 1:
        return next(iter(based))
    for phrase in baseline_words(lead):
        named = [a for a in arms if names_arm(a, phrase)]
        if len(named) == 1:
            return named[0]
    return None


def _side_unit_lists(table: Table, roles: list[str]) -> list[str]:
    """ "This PR" over "60.1 us / 70.4 GB/s" beside a baseline column: the side's column of two measures, each in
    its unit, is a value column (paired with the baseline's, base_pairs), not a column of words and numbers."""
    if "baseline" not in roles:
        return roles
    out = list(roles)
    for i, r in enumerate(roles):
        head = clean(table.header[i]) if i < len(table.header) else ""
        cells = [c for row in table.rows if i < len(row.cells) and (c := clean(row.cells[i]))]
        if r == "mixed" and cells and side_of(head) == "head" and all(_UNIT_LIST_RE.match(c) for c in cells):
            out[i] = "value"
    return out
