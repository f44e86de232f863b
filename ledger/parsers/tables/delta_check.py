"""A change column decides which of two sides is the baseline, where the headers guessed the other way.

    | Metric            | With fused sampler | Without fused sampler | Change |
    | Output throughput | 410.00 tok/s       | 615.00 tok/s          | +50.0% |

"Without" names a baseline side by its word, but the change (+50%) is 615 against 410: the PR removes the sampler, so
"With" is the baseline. Only a change in percent that one orientation reproduces on every row and the other on none
turns the pair round, and never one whose header names its baseline ("B vs A"). A later table of the same two side
columns without a change column is read the same way round.

    | token | baseline (us) | this PR (us) | delta  |
    | 1     | 40.00         | 32.00        | +20.0% |

A change column that is the time saved over the baseline's ((40 - 32) / 40) on every row it can be checked on, and
the value's change on none, turns no pair round (a row of -2.0% reads both ways): it is the gain of a measure that
goes down, positive where the PR is faster, which the claim names an improvement. Nor does the speed-up of such a
measure, the baseline's time over the value's less one (40 / 32 - 1 = +25%), where a header names the time:

    | Model | Master | This PR | Speedup |      | Model | No fusion (ms) | Fusion (ms) | Speedup |
    | 3B    | 12.0   | 10.0    | 20.0%   |      | 3B    | 9.0            | 6.0         | 50.0%   |

and a pair whose headers are the two sides' names and nothing else ("Master" and "This PR", "before" and "after")
is never turned round: the author named the sides outright, and a change column's arithmetic (a time's speed-up is
the reverse reading of a rate's change) cannot outvote that."""

from __future__ import annotations

from typing import Any

from ledger.parsers.reader.blocks import Table
from ledger.parsers.tables.cells import cell_facts, clean
from ledger.parsers.tables.headers import VS_RE, head_without_unit, unit_of_header
from ledger.vocab.metrics import higher_is_better
from ledger.vocab.sides import side_alone, side_of


def orient_by_deltas(table: Table, roles: list[str]) -> None:
    """Swap the one baseline and the one value column in `roles` when the table's percent change column agrees with
    the reverse reading on every row it can be checked on and with the header's reading on none."""
    pair = _one_pair(table, roles)
    if pair is not None and not _sides_named(table, pair[0], pair[1]) and change_agrees(table, *pair) is False:
        b, v, _ = pair
        roles[b], roles[v] = "value", "baseline"


def _sides_named(table: Table, b: int, v: int) -> bool:
    """The baseline column's header is a base side's name alone and the value column's the PR side's ("Master" and
    "This PR"): the headers say which is which."""
    heads = [clean(table.header[i]) if i < len(table.header) else "" for i in (b, v)]
    if not all(side_alone(head) for head in heads):
        return False
    return side_of(heads[0]) == "base" and side_of(heads[1]) == "head"


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
    the reverse only (and the time saved over the baseline no more often, and no header names a time, whose speed-up
    the reverse reading is), None when no row can be checked or both readings hold somewhere."""
    forward, backward, saved = _readings(table, b, v, d)
    if forward and not backward:
        return True
    if not backward or forward or saved >= backward:
        return None
    return None if _falls(table, b) or _falls(table, v) else False


def _falls(table: Table, i: int) -> bool:
    """The column's header names a measure that is better lower ("With fusion (ms)")."""
    head = clean(table.header[i]) if i < len(table.header) else ""
    unit = unit_of_header(head)
    return unit is not None and not higher_is_better(head_without_unit(head), unit, "perf")


def gain_deltas(table: Table, roles: list[str], base_of: dict[int, int]) -> frozenset[int]:
    """The change columns that are the gain of a measure that goes down ("| baseline (us) | this PR (us) | delta |"
    over "40.00 | 32.00 | +20.0%"): the time saved over the baseline on every row checked, the value's change on
    none. Each change column summarises the nearest paired value column to its left."""
    out = set()
    for d, role in enumerate(roles):
        left = [v for v in base_of if v < d]
        if role != "delta" or not left or d >= len(table.header) or VS_RE.search(clean(table.header[d])):
            continue
        v = max(left)
        head = clean(table.header[v]) if v < len(table.header) else ""
        if higher_is_better(head_without_unit(head), unit_of_header(head), "perf"):
            continue  # (a rate's drop written positive is no gain)
        forward, backward, saved = _readings(table, base_of[v], v, d)
        if saved and not forward and saved >= backward:
            out.add(d)
    return frozenset(out)


def measure_of_change(
    table: Table, d: int, deltas: list[int], values: list[int], bases: list[int], base_of: dict[int, int]
) -> int | None:
    """The column whose change the change column `d` states, where its header names no measure. Its measures are the
    columns since the change column before it: one (or one pair of sides) is the one; of several paired measures, the
    one whose pair the change reproduces on every row it can be checked on; of several measures, none of them paired
    ("| Output tok/s | Req/s | Mean TTFT (ms) | Improvement |"), the first, the table's primary measure (the change
    of the measure just before it would be a guess made by position); None when no measure stands before it."""
    start = max([k for k in deltas if k < d], default=-1)
    group = [k for k in values if start < k < d]
    left = [k for k in values + bases if k < d]
    if len(group) < 2:
        return max(left) if left else None
    paired = [k for k in group if k in base_of]
    if not paired:
        # ("| build | TPOT (ms) | decode tok/s | delta |" over a baseline row and a patched one: the sides are rows,
        # and the change is that of the one measure whose rows it reproduces)
        by_rows = [k for k in group if _rows_agree(table, k, d)]
        return by_rows[0] if len(by_rows) == 1 else group[0]
    agree = [k for k in paired if (r := _readings(table, base_of[k], k, d))[0] and not r[1]]
    return agree[0] if len(agree) == 1 else max(left)


def _readings(table: Table, b: int, v: int, d: int) -> tuple[int, int, int]:
    """On how many rows the percent change column is the value's change against the baseline, the baseline's
    against the value, and the share of the baseline the value saves; a change in points ("+2.2 pp" beside 0.812 and
    0.790, or 81.2 and 79.0) is the value less the baseline, or the reverse. A row of two equal values reads both
    ways and tells neither."""
    forward = backward = saved = 0
    for row in table.rows:
        got = [_number(row.cells[i]) if i < len(row.cells) else None for i in (b, v, d)]
        base, value, change = got
        if base is None or value is None or change is None or not base[0] or not value[0] or base[0] == value[0]:
            continue
        if change[1] == "pp":
            scale = 100.0 if max(abs(base[0]), abs(value[0])) <= 1 else 1.0  # (scores as shares: points of 100)
            forward += _close((value[0] - base[0]) * scale, change[0])
            backward += _close((base[0] - value[0]) * scale, change[0])
            continue
        if change[1] != "%":
            continue
        forward += _close((value[0] - base[0]) / base[0] * 100, change[0])
        backward += _close((base[0] - value[0]) / value[0] * 100, change[0])
        saved += _close((base[0] - value[0]) / base[0] * 100, change[0]) and value[0] != base[0]
    return forward, backward, saved


def _rows_agree(table: Table, k: int, d: int) -> bool:
    """The percent change in column `d` is column `k`'s change against a row with no change of its own (the
    baseline's row, "| baseline | 50.0 | 20.0 | - |"), on every row that states one."""
    cells = [[_number(row.cells[i]) if i < len(row.cells) else None for i in (k, d)] for row in table.rows]
    bases = [value[0] for value, change in cells if value is not None and value[0] and change is None]
    checked = [(value[0], change[0]) for value, change in cells if value and change and change[1] == "%"]
    if not bases or not checked:
        return False
    return all(any(_close((value - base) / base * 100, change) for base in bases) for value, change in checked)


def _number(cell: str) -> tuple[float, str | None] | None:
    _, numeric, parsed = cell_facts(cell)
    return (parsed[0], parsed[3]) if numeric and parsed is not None else None


def _close(computed: float, stated: float) -> bool:
    """The stated change is the computed one as a PR rounds it (to a tenth of a point, or 2% of itself)."""
    return abs(computed - stated) <= max(0.15, abs(stated) * 0.02)
