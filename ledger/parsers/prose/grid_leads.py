"""A kernel grid's cell named before the values timed at it: "N=8K/b=8: 14.69 -> 8.85 us", "ncu (256K, BS=64):
barrier-stall 14.1% -> 6.1%": the cell's coordinates are the values' setup (vocab.grid_cells), and no part of their
measure's name ("N=8K/b=8" is no metric: the time in us is a latency).

Apart from prose/lists.py because this reads back from a value to the label its clause opens with, where the
lists read what stands after each value."""

from __future__ import annotations

import re

from ledger.vocab.grid_cells import grid_cell
from ledger.vocab.units import measure_of_unit
from ledger.vocab.word_gate import WordGate

# the cell before a colon, in brackets or as one token, then at most the measure's name before the value
# (searched only where one of its words stands: vocab.word_gate)
_LEAD_CELL_RE = WordGate(
    re.compile(r"(?:\((?P<paren>[^()]{1,40})\)|(?<![^\s(;,])(?P<bare>[^\s():;,]{3,40}))\s?:[^:;()]{0,60}$")
)


def cell_leads(out: list[dict], text: str) -> None:
    """Give each value the grid cell its clause opens with (see the module); a metric that is, or ends in, the
    cell's name becomes what the value's unit measures."""
    for c in out:
        m = _LEAD_CELL_RE.search(text, max(0, c["start"] - 110), c["start"])
        if m is None or not (cell := grid_cell(inner := m.group("paren") or m.group("bare"))):
            continue
        c["config"] = {**c["config"], **cell}
        metric = c.get("metric") or ""
        if inner in metric:
            c["metric"] = measure_of_unit(c.get("unit")) or metric.replace(inner, " ").strip(" ():/,")
