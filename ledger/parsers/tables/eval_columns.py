"""The score columns of evals the metric table does not list, told by the table they stand in.

    | Checkpoint | GPQA | SciCode | AA-LCR | tau2-bench |      GPQA is a benchmark the ledger knows; the columns beside
    | bf16       | 71.5 | 40.2    | 66.0   | 55.1       |      it name no speed, time or size, carry no unit and hold
                                                            scores (0 to 100): the same suite's other evals, accuracy

A name alone says nothing of a new benchmark (a suite grows faster than any list), but its neighbours do: a column
beside a known eval's, of bare scores, in a table with no measure of speed, time or size, is another eval's score.
A table that also holds a throughput or a latency column says nothing: its unnamed columns may be either.
"""

from __future__ import annotations

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import cell_facts, clean
from ledger.parsers.tables.headers import unit_of_header
from ledger.vocab.metrics import PERF_HINT_RE, is_acceptance_name, kind_for_metric, named_benchmark

_SCORE_UNITS = (None, "%")
"""What a score's cell may print after its number: nothing, or a percent sign."""


def unlisted_evals(table: Table, value_cols: list[int]) -> frozenset[int]:
    """The value columns (by index) that hold an eval's scores though their header names no benchmark the ledger
    knows: beside a known benchmark's column, in a table whose value columns name no speed, time or size."""
    heads = [clean(h) for h in table.header]
    named = [i for i in value_cols if i < len(heads) and named_benchmark(heads[i]) is not None]
    if not named:
        return frozenset()
    unknown = [i for i in value_cols if i < len(heads) and i not in named]
    if any(_measures_run(heads[i]) for i in unknown):
        return frozenset()  # ("| GPQA | Decode | TTFT |": a table of speed as well, its unnamed columns either)
    return frozenset(i for i in unknown if _names_a_suite_member(heads[i]) and _scores(table, i))


def _measures_run(head: str) -> bool:
    """The header names a speed, a time or a size, or a unit: a measure of the run, no score."""
    return PERF_HINT_RE.search(head) is not None or unit_of_header(head) is not None


def _names_a_suite_member(head: str) -> bool:
    """A short name that the metric table types as nothing else ("SciCode", "AA-LCR (judge)", "tau2-bench")."""
    return (
        0 < len(head) <= 40
        and head[0].isalpha()
        and kind_for_metric(head) == "perf"  # (the default: no accuracy or acceptance name)
        and not is_acceptance_name(head)
    )


def _scores(table: Table, ci: int) -> bool:
    """Every figure of the column is a bare score from 0 to 100 (a percent sign and a spread allowed), and one is."""
    seen = False
    for row in table.rows:
        if ci >= len(row.cells):
            continue
        _, numeric, parsed = cell_facts(row.cells[ci])
        if not numeric:
            continue
        if parsed is None or parsed[1] is not None or parsed[3] not in _SCORE_UNITS or not 0 <= parsed[0] <= 100:
            return False
        seen = True
    return seen
