"""Arms of one measure as the rows of a grid: a sweep prints the arm it proposes ("AutoSpec") under rows of fixed
settings ("Static 1_1_2", "Static 2_1_3") over shared columns (BS=1 ... BS=64). Every cell is a value, yet no pair
is a base and a head, so the comparison judges none: the reviewer reads the proposed row against every other row,
column by column. Here the proposed arm is the one its label marks (vocab.proposed_arms) or the one a heading over
the grid names; with none or more than one marked, nothing is said rather than a guess.

Each grid gives one summary (the columns where the arm is ahead of every other arm, level with the best one within
the default perf threshold, or behind one) and one finding per column shown with --all."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ledger.compare.render import fmt_claim
from ledger.model import Claim
from ledger.report.findings import Finding, rev_name
from ledger.vocab.metrics import higher_is_better
from ledger.vocab.proposed_arms import marks_proposed, named_in

ARM_KEY = "variant"
"""The setup key a grid's row label is stored under when it names an arm (parsers/tables/row_info.row_key)."""
AHEAD = "ahead of every other arm"
LEVEL = "never behind another arm"
BEHIND = "behind another arm"
_SAID = {AHEAD: AHEAD, LEVEL: "level with the best other arm", BEHIND: BEHIND}


@dataclass
class _Grid:
    """The cells of one table: arm -> column (its setup less the arm) -> claim."""

    metric: str
    cells: dict[str, dict[tuple[tuple[str, str], ...], Claim]]


def arm_findings(
    own: Sequence[Claim], names: dict[str, str], share: float = 0.02
) -> tuple[list[Finding], list[Finding]]:
    """The summaries of each grid whose rows are arms with one proposed arm, and each column's finding (--all).
    `share`: the default perf threshold, under which the proposed arm is level with the best other one."""
    summaries: list[Finding] = []
    columns: list[Finding] = []
    for grid in _grids(own):
        arm = _proposed(grid)
        if arm is None:
            continue
        judged = [j for col in grid.cells[arm] if (j := _column(grid, arm, col, share)) is not None]
        if not judged:
            continue
        first = grid.cells[arm][next(iter(grid.cells[arm]))]
        rev = names.get(rev_name(first))
        columns.extend(Finding(_SAID[v], t, rev, line, grid.metric) for v, t, line, _ in judged)
        by = {v: [name for w, _, _, name in judged if w == v] for v in (AHEAD, LEVEL, BEHIND)}
        verdict = BEHIND if by[BEHIND] else AHEAD if len(by[AHEAD]) == len(judged) else LEVEL
        others = [a for a in grid.cells if a != arm]
        said = [f"{_SAID[v]} at {', '.join(by[v])}" for v in (AHEAD, LEVEL, BEHIND) if by[v]]
        text = f"{grid.metric}: {arm} against {len(others)} other arm{'s' if len(others) > 1 else ''} ({_few(others)})"
        summaries.append(Finding(verdict, f"{text}: {'; '.join(said)}", rev, first.source.line, grid.metric))
    return summaries, columns


def _few(labels: list[str], most: int = 3) -> str:
    return ", ".join(labels[:most]) + (f" and {len(labels) - most} more" if len(labels) > most else "")


def _grids(own: Sequence[Claim]) -> list[_Grid]:
    """The tables whose rows are arms of one measure: cells of one reader, section, measure and unit on
    consecutive lines (a table's rows), two arms at least."""
    runs: dict[tuple[object, ...], list[Claim]] = {}
    for c in own:
        arm = (c.config or {}).get(ARM_KEY)
        if (
            arm
            and c.kind == "perf"
            and isinstance(c.value, float)
            and c.high is None
            and c.reference is None
            and (c.parser or "").startswith("tables")
        ):
            runs.setdefault((c.source.path, tuple(c.source.section), c.metric, c.unit, rev_name(c)), []).append(c)
    grids: list[_Grid] = []
    for cells in runs.values():
        cells.sort(key=lambda c: c.source.line)
        table: list[Claim] = []
        for c in cells:
            if table and c.source.line - table[-1].source.line > 1:  # (another table of the same measure)
                grids.append(_grid(table))
                table = []
            table.append(c)
        grids.append(_grid(table))
    return [g for g in grids if len(g.cells) > 1]


def _grid(cells: list[Claim]) -> _Grid:
    out: dict[str, dict[tuple[tuple[str, str], ...], Claim]] = {}
    for c in cells:
        col = tuple(sorted((k, v) for k, v in (c.config or {}).items() if k != ARM_KEY))
        out.setdefault((c.config or {})[ARM_KEY], {}).setdefault(col, c)
    return _Grid(cells[0].metric or "", out)


def _proposed(grid: _Grid) -> str | None:
    """The one arm its label marks or a heading over the grid names; None when not exactly one is."""
    headings = next(iter(next(iter(grid.cells.values())).values())).source.section
    marked = [a for a in grid.cells if marks_proposed(a) or any(named_in(a, h) for h in headings)]
    return marked[0] if len(marked) == 1 else None


def _column(grid: _Grid, arm: str, col: tuple[tuple[str, str], ...], share: float) -> tuple[str, str, int, str] | None:
    """The proposed arm's verdict in one column against the best other arm there: (verdict, words, line, column)."""
    mine = grid.cells[arm][col]
    others = [(a, cells[col]) for a, cells in grid.cells.items() if a != arm and col in cells]
    if not others or not isinstance(mine.value, float):
        return None
    up = higher_is_better(grid.metric, mine.unit, mine.kind)
    best_arm, best = max(others, key=lambda o: _num(o[1]) if up else -_num(o[1]))
    ref = _num(best)
    if ref == 0:
        return None
    gain = (mine.value - ref) / abs(ref) * (1 if up else -1)
    verdict = AHEAD if gain > share else BEHIND if gain < -share else LEVEL
    name = dict(col).get("column") or ", ".join(f"{k}={v}" for k, v in col) or "its one column"
    text = (
        f"{grid.metric} [{name}]: {arm} {fmt_claim(mine)} vs {best_arm} {ref:g}, the best of "
        f"{len(others)} other arm{'s' if len(others) > 1 else ''}: {(mine.value - ref) / abs(ref) * 100:+.1f}%"
    )
    return verdict, text, mine.source.line, f"{name} ({best_arm})" if verdict == BEHIND else name


def _num(c: Claim) -> float:
    return c.value if isinstance(c.value, float) else 0.0
