"""Columns of tokens that count what each run sent or generated in all, never the length of one request:

    | Case | Input tokens | Output tokens | Wall    | Output throughput |
    | C1   | 135,168      | 1,000         | 21.88 s | 45.71 tok/s       |    <- 45.71 tok/s x 21.88 s = 1,000

"Input tokens" and "Output tokens" head a request's lengths (ISL / OSL) as often as a run's sums. The row says
which: a token column whose every number is the row's token rate times its duration counts the tokens the run
produced; a header that says it sums ("Prompt tokens (total)", "Total input tokens") says so itself. Either way the
table's token columns are the run's workload size, and so are their twins (the input beside the output), which
stay the rows' setup under a total's key (vocab.setup.config_key), never isl / osl.

Apart from results.py because it reads every row's cells before any row is read."""

from __future__ import annotations

from ledger.parsers.grammar.numbers import find_numbers
from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import unit_of_header
from ledger.parsers.tables.setting_keys import setting_keys
from ledger.vocab.setup import config_key
from ledger.vocab.unit_table import unit_row

_LENGTH_KEYS = frozenset(("isl", "osl"))
_TOLERANCE = 0.02
"""How far a count may stand from rate x duration: the printed figures are rounded."""


def with_totals(table: Table, roles: list[str]) -> list[str]:
    """The table's headers, cleaned and one a role, each token column that counts a run's sums (see the module)
    marked so ("Output tokens (total)"), the name config_key keys it by."""
    headers = [clean(h) for h in table.header] + [""] * (len(roles) - len(table.header))
    tokens = [
        i
        for i, h in enumerate(headers)
        if i < len(roles) and roles[i] == "config" and "token" in h.lower() and _LENGTH_KEYS & set(setting_keys(h))
    ]
    if not tokens:
        return headers
    stated = any("token" in h.lower() and config_key(h).startswith("total_") for h in headers)
    if not stated and not any(_counts_run(table, headers, roles, i) for i in tokens):
        return headers
    marked = list(headers)
    for i in tokens:
        marked[i] = f"{headers[i]} (total)"
    return marked


def _counts_run(table: Table, headers: list[str], roles: list[str], ci: int) -> bool:
    """Every row that prints a token rate and a duration beside the column's number has rate x duration there."""
    checked = 0
    for row in table.rows:
        count = _quantity(row.cells, ci, "")
        rates = [q for i, r in enumerate(roles) if r == "value" and (q := _quantity(row.cells, i, headers[i], "rate"))]
        times = [q for i, r in enumerate(roles) if r == "value" and (q := _quantity(row.cells, i, headers[i], "time"))]
        if count is None or not rates or not times:
            continue
        if not any(abs(r * t - count) <= _TOLERANCE * count for r in rates for t in times):
            return False
        checked += 1
    return checked > 0


def _quantity(cells: list[str], ci: int, head: str, family: str | None = None) -> float | None:
    """The cell's number (in seconds for a time; None where its unit, or its header's, is not of `family`)."""
    cell = clean(cells[ci]) if ci < len(cells) else ""
    nums = find_numbers(cell, limit=1)
    if not nums or nums[0].value <= 0:
        return None
    if family is None:
        return None if nums[0].unit else nums[0].value
    unit = unit_row(nums[0].unit or unit_of_header(head))
    if unit is None or unit.family != family or (family == "rate" and unit.canonical != "tok/s"):
        return None
    return nums[0].value * (unit.scale or 1.0) if family == "time" else nums[0].value
