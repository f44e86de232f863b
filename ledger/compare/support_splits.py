"""Support columns a version split in two (compare.support_renames): "EAGLE-3(One Model Engine)" becoming
"EAGLE-3(One Model Engine) — Linear" and "EAGLE-3(One Model Engine) — Dynamic" narrows one feature into its parts.
Each part is followed from the old column, so a row that was yes and is no in one part reads as changed there, never
as every cell gone plus every cell new.

An old column last stated in the older of two adjacent versions is split where two or more columns first stated in
the newer are named by its name and a qualifier after it, and each holds cells on most of the old column's rows
(`_COVER` of them, at least `_MIN_SHARED`): the names say it is that feature, so a part may say no where the
whole said yes (the narrowing this reports).
"""

from __future__ import annotations

from collections.abc import Callable

from ledger.compare.support_cell import Key, SupportChange

Line = dict[Key, SupportChange]
_COVER = 0.8
"""The share of the old column's rows a part states."""
_MIN_SHARED = 3
"""Fewer shared rows are too few to tell a part from another feature that shares the name's start."""
_PART_SEPARATORS = (" — ", " – ", " - ", " (", ": ", " / ")
"""What stands between the old column's name and the part's qualifier ("X — Linear", "X (dynamic)")."""


def split_columns(
    lines: dict[tuple[str, str], Line], i: int, name_of: Callable[[SupportChange], str]
) -> list[tuple[tuple[str, str], list[tuple[str, str]]]]:
    """(old column, its parts) split at revision i: `name_of` names a cell's column as printed."""
    spans = {k: _span(line) for k, line in lines.items()}
    ends = [k for k, s in spans.items() if s and s[-1] == i - 1]
    starts = [k for k, s in spans.items() if s and s[0] == i]
    out = []
    for old in ends:
        was = name_of(next(iter(lines[old].values())))
        parts = [
            new
            for new in starts
            if new[0] == old[0]
            and _part_of(was, name_of(next(iter(lines[new].values()))))
            and _covers(lines[old], lines[new], i)
        ]
        if len(parts) > 1:
            out.append((old, parts))
    return out


def merge_split(
    cells: dict[Key, SupportChange], old: Line, parts: list[Line], i: int, name_of: Callable[..., str]
) -> None:
    """The old column's history before revision i given to each part's cells on the same rows, then the old cells
    dropped where every part took them (a row no part states stays gone)."""
    taken: set[Key] = set()
    for new in parts:
        for p, nch in new.items():
            och = old.get(p)
            if och is None:
                continue
            nch.values[:i], nch.lines[:i] = list(och.values[:i]), list(och.lines[:i])
            nch.columns = [*och.columns, (name_of(och), name_of(nch), i)]
            taken.add(p)
    for k in [k for k, ch in cells.items() if any(ch is old.get(p) for p in taken)]:
        del cells[k]


def _covers(old: Line, new: Line, i: int) -> bool:
    """The part states cells on the old column's rows (on rows the version adds as well: a split page may list new
    models beside it)."""
    before = [p for p, ch in old.items() if ch.values[i - 1] is not None]
    shared = [p for p in before if p in new and new[p].values[i] is not None]
    return len(shared) >= _MIN_SHARED and len(shared) >= _COVER * len(before)


def _part_of(was: str, now: str) -> bool:
    """`now` is `was` with a qualifier after it ("X — Linear" of "X")."""
    return len(now) > len(was) + 2 and now.startswith(was) and now[len(was) :].startswith(_PART_SEPARATORS)


def _span(line: Line) -> list[int]:
    n = len(next(iter(line.values())).values)
    return [at for at in range(n) if any(ch.values[at] is not None for ch in line.values())]
