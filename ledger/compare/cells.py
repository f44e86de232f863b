"""How a revision's value reads in a comparison's cell (fmt_claim), and which revisions' columns a table shows at
what width: a side's runs read as their mean with their count and range ("2520.73 tok/s (n=3, 2506.2..2537)"), the
range whole where the screen holds it (compare.render lays the table out)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ledger.compare.align import Row
from ledger.compare.judge import number
from ledger.compare.trials import runs_spread
from ledger.model import Claim


def fmt_claim(c: Claim | None, spread: bool = True) -> str:
    """A claim's value as a cell prints it, with its unit; a side's runs with their count and range (`spread`; a
    trend lists the runs themselves beside it)."""
    if c is None:
        return "-"
    if c.kind == "gate":
        return c.outcome or "?"
    if c.kind == "tests":
        parts = [
            f"{n} {k}" for k, n in (("passed", c.passed), ("failed", c.failed), ("skipped", c.skipped)) if n is not None
        ]
        return ", ".join(parts) or "?"
    v = number(c)
    if v is None:
        return str(c.value) if c.value is not None else "?"
    s = ("~" if c.approx else "") + f"{v:g}"
    if c.high is not None:
        s += f"-{c.high:g}"
    if c.unit and c.kind != "accuracy":
        s += f" {c.unit}"
    elif c.unit == "%":
        s += "%"
    runs = runs_spread(c) if spread else ""  # (a side's runs: their count and range beside their mean)
    return f"{s} ({runs})" if runs else s


VALUE_W, RUNS_VALUE_W = 16, 36
"""The widest a revision's value cell is cut to: a value, or a side's runs with their count and range beside their
mean ("2520.73 tok/s (n=3, 2506.2..2537)"), which a reader needs whole to weigh the change against its noise."""


def _widths(rows: Sequence[Row], cols: Sequence[int], wide: bool) -> dict[int, int]:
    """Each column's width with its gap; `wide`: a column of runs as wide as their count and range need."""

    def cap(i: int) -> int:
        runs = wide and any((c := r.cells[i]) is not None and runs_spread(c) for r in rows)
        return RUNS_VALUE_W if runs else VALUE_W

    return {
        i: min(cap(i), max([len(f"R{i + 1}")] + [len(fmt_claim(c)) for r in rows if (c := r.cells[i])])) + 2
        for i in cols
    }


def value_caps(rows: Sequence[Row], cols: Sequence[int], budget: int) -> list[int]:
    """The value columns' caps: runs' ranges whole where they fit beside the other columns, else every value cut
    alike (a revision is never left out for a range: the range is cut instead)."""
    wide = sum(_widths(rows, cols, True).values()) <= budget
    return [w - 2 for w in _widths(rows, cols, wide).values()] if wide else [VALUE_W] * len(cols)


def columns(rows: Sequence[Row], n: int, budget: int) -> list[int]:
    """The revisions to show as columns, oldest first: all that the rows state when they fit; else the newest,
    then the revisions the rows' verdicts compare or a hidden move stands between, the most used first; the
    oldest of equal use go first."""
    used = [i for i in range(n) if any(r.cells[i] is not None for r in rows)]
    if sum(_widths(rows, used, True).values()) <= budget:
        return used
    width = _widths(rows, used, False)
    if sum(width.values()) <= budget:
        return used
    ends: Counter[int] = Counter()
    for r in rows:
        stated = [i for i, c in enumerate(r.cells) if c is not None]
        if stated:
            ends.update({stated[0], stated[-1]})
        # the revisions a value fell or rose between, where its first-against-last verdict hides the move
        ends.update(i for p in r.turns() for i, c in enumerate(r.cells) if c is not None and (c is p.old or c is p.new))
    ranked = sorted(used, key=lambda i: (i != used[-1], -ends[i], -i))
    cols: list[int] = []
    for i in ranked:
        if not cols or sum(width[j] for j in cols) + width[i] <= budget:
            cols.append(i)
    return sorted(cols)
