"""A side-by-side table of two engines or builds whose header marks one as the reference ("| Kestrel (:9000) |
Heron (reference, :9001) |"): that column is each row's reference, the other the value measured against it, also
where its cells carry a spread ("81.30% ±0.70"); a later table of the same names unmarked ("| Metric | Kestrel |
Heron |") is read the same way round.

Apart from roles.py because it follows what an earlier table of the document said (as delta_check.follow_oriented).
"""

from __future__ import annotations

import re
from typing import Any

from ledger.parsers.reader.blocks import Table
from ledger.parsers.tables.cells import cell_value, clean

# "Heron (reference, :9001)", "vLLM (baseline)", "Stock build (ref)": the name, then the mark in its parenthesis
_MARKED_RE = re.compile(
    r"^(?P<name>[A-Za-z][\w.+-]{0,30}(?: [\w.+-]{1,30}){0,2}?)\s?"
    r"\((?:[^(),;]{0,30}[,;]\s?)?(?:reference|baseline|ref)(?:\s?[,;][^()]{0,30})?\)$",
    re.IGNORECASE,
)
# a name's own parenthesis ("Kestrel (:9000)"): where it was served, not a second name
_NAME_PAREN_RE = re.compile(r"\s?\([^()]{0,40}\)$")
_TOLD = "tables.reference_columns.told"


def reference_columns(memo: dict[str, Any], table: Table, roles: list[str]) -> None:
    """Make the column a header marks as the reference (or names as an earlier table's marked one) the baseline of
    a table of two such columns; its partner, cells of a value and a spread, the value."""
    heads = [clean(h) for h in table.header]
    told: set[str] = memo.setdefault(_TOLD, set())
    marks = {i: m.group("name").lower() for i, h in enumerate(heads) if (m := _MARKED_RE.match(h))}
    told.update(marks.values())
    marked = list(marks)
    sides = [i for i, r in enumerate(roles) if r in ("value", "mixed", "baseline") and i < len(heads)]
    if len(sides) != 2 or not told:
        return
    named = marked or [i for i in sides if _NAME_PAREN_RE.sub("", heads[i]).lower() in told]
    if len(named) != 1 or named[0] not in sides:
        return
    other = sides[1] if named[0] == sides[0] else sides[0]
    if roles[other] == "baseline" or (roles[other] == "mixed" and not _values(table, other)):
        return
    roles[named[0]], roles[other] = "baseline", "value"


def _values(table: Table, ci: int) -> bool:
    """Every cell of the column a value ("81.30% ±0.70", "**61.2%**")."""
    cells = [clean(r.cells[ci]) for r in table.rows if ci < len(r.cells) and clean(r.cells[ci])]
    return bool(cells) and all(cell_value(c) is not None for c in cells)


def spread_value(cleaned: str) -> tuple[float, float | None, bool, str | None, float | None, str | None] | None:
    """A cell of a value and its spread ("81.30% ±0.70") read as a value, its spread the standard error."""
    got = cell_value(cleaned) if "±" in cleaned else None
    return got if got is not None and got[4] is not None else None
