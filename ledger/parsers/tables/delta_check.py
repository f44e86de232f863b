"""A change column decides which of two sides is the baseline, where the headers guessed the other way.

    | Metric            | With fused sampler | Without fused sampler | Change |
    | Output throughput | 410.00 tok/s       | 615.00 tok/s          | +50.0% |

"Without" names a baseline side by its word, but the change (+50%) is 615 against 410: the PR removes the sampler, so
"With" is the baseline. Only a change in percent that one orientation reproduces on every row and the other on none
turns the pair round, and never one whose header names its baseline ("B vs A"). A later table of the same two side
columns without a change column is read the same way round."""

from __future__ import annotations

from typing import Any

from ledger.parsers.reader.blocks import Table
from ledger.parsers.tables.cells import cell_facts, clean
from ledger.parsers.tables.headers import VS_RE


def orient_by_deltas(table: Table, roles: list[str]) -> None:
    """Swap the one baseline and the one value column in `roles` when the table's percent change column agrees with
    the reverse reading on every row it can be checked on and with the header's reading on none."""
    pair = _one_pair(table, roles)
    if pair is not None and change_agrees(table, *pair) is False:
        b, v, _ = pair
        roles[b], roles[v] = "value", "baseline"


def follow_oriented(memo: dict[str, Any], table: Table, roles: list[str]) -> None:
    """A table of the same two side columns as one whose change column told which is measured, later in the
    document ("### TTFT" under "### Throughput", the change column left out), is read the same way round."""
    bases = [i for i, r in enumerate(roles) if r == "baseline"]
    values = [i for i, r in enumerate(roles) if r == "value"]
    if len(bases) != 1 or len(values) != 1 or max(bases[0], values[0]) >= len(table.header):
        return
    b, v = bases[0], values[0]
    heads = clean(table.header[b]).lower(), clean(table.header[v]).lower()
    told: dict[frozenset[str], str] = memo.setdefault(_ORIENTED, {})
    pair = _one_pair(table, roles)
    if pair is not None and change_agrees(table, *pair):
        told[frozenset(heads)] = heads[1]  # (the change column agrees with the reading, swapped or not)
    elif told.get(frozenset(heads)) == heads[0]:
        roles[b], roles[v] = "value", "baseline"


_ORIENTED = "tables.delta_check.oriented"


def _one_pair(table: Table, roles: list[str]) -> tuple[int, int, int] | None:
    """(baseline, value, change) columns of a table of one pair and one change column, None otherwise or where
    the change column names its baseline itself ("B vs A")."""
    bases = [i for i, r in enumerate(roles) if r == "baseline"]
    values = [i for i, r in enumerate(roles) if r == "value"]
    deltas = [i for i, r in enumerate(roles) if r == "delta"]
    if len(bases) != 1 or len(values) != 1 or len(deltas) != 1:
        return None
    if deltas[0] < len(table.header) and VS_RE.search(clean(table.header[deltas[0]])):
        return None
    return bases[0], values[0], deltas[0]


def change_agrees(table: Table, b: int, v: int, d: int) -> bool | None:
    """True when the change column reproduces value against baseline on a row and the reverse on none, False when
    the reverse only, None when no row can be checked or both readings hold somewhere."""
    forward = backward = 0
    for row in table.rows:
        got = [_number(row.cells[i]) if i < len(row.cells) else None for i in (b, v, d)]
        base, value, change = got
        if base is None or value is None or change is None or change[1] != "%" or not base[0] or not value[0]:
            continue
        forward += _close((value[0] - base[0]) / base[0] * 100, change[0])
        backward += _close((base[0] - value[0]) / value[0] * 100, change[0])
    if forward and not backward:
        return True
    return False if backward and not forward else None


def _number(cell: str) -> tuple[float, str | None] | None:
    _, numeric, parsed = cell_facts(cell)
    return (parsed[0], parsed[3]) if numeric and parsed is not None else None


def _close(computed: float, stated: float) -> bool:
    """The stated change is the computed one as a PR rounds it (to a tenth of a point, or 2% of itself)."""
    return abs(computed - stated) <= max(0.15, abs(stated) * 0.02)
