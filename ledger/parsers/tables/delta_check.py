"""A change column decides which of two sides is the baseline, where the headers guessed the other way.

    | Metric            | With fused sampler | Without fused sampler | Change |
    | Output throughput | 410.00 tok/s       | 615.00 tok/s          | +50.0% |

"Without" names a baseline side by its word, but the change (+50%) is 615 against 410: the PR removes the sampler, so
"With" is the baseline. Only a change in percent that one orientation reproduces on every row and the other on none
turns the pair round, and never one whose header names its baseline ("B vs A")."""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Table
from ledger.parsers.tables.cells import cell_facts, clean

_VS_RE = re.compile(r"\b(?:vs\.?|versus|against|over)\s", re.IGNORECASE)


def orient_by_deltas(table: Table, roles: list[str]) -> None:
    """Swap the one baseline and the one value column in `roles` when the table's percent change column agrees with
    the reverse reading on every row it can be checked on and with the header's reading on none."""
    bases = [i for i, r in enumerate(roles) if r == "baseline"]
    values = [i for i, r in enumerate(roles) if r == "value"]
    deltas = [i for i, r in enumerate(roles) if r == "delta"]
    if len(bases) != 1 or len(values) != 1 or len(deltas) != 1:
        return
    b, v, d = bases[0], values[0], deltas[0]
    if d < len(table.header) and _VS_RE.search(clean(table.header[d])):
        return  # "B vs A": the header names the baseline itself
    forward = backward = 0
    for row in table.rows:
        got = [_number(row.cells[i]) if i < len(row.cells) else None for i in (b, v, d)]
        base, value, change = got
        if base is None or value is None or change is None or change[1] != "%" or not base[0] or not value[0]:
            continue
        forward += _close((value[0] - base[0]) / base[0] * 100, change[0])
        backward += _close((base[0] - value[0]) / value[0] * 100, change[0])
    if backward and not forward:
        roles[b], roles[v] = "value", "baseline"


def _number(cell: str) -> tuple[float, str | None] | None:
    _, numeric, parsed = cell_facts(cell)
    return (parsed[0], parsed[3]) if numeric and parsed is not None else None


def _close(computed: float, stated: float) -> bool:
    """The stated change is the computed one as a PR rounds it (to a tenth of a point, or 2% of itself)."""
    return abs(computed - stated) <= max(0.15, abs(stated) * 0.02)
