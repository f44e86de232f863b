"""An eval harness's summary line of one task, the task's own results indented under it:

    gsm8k: 1319 examples | 52.8s | 5416 tok/s
      accuracy: 0.912
      stop_rate: 0.998

The task is no metric: it is the setup of the line and of the lines under it (grammar.commands.run_echo gives the
task and the size to the setup scopes). The size is a count of the work, no claim. Each measure after it is the
run's, named by its unit, as the harness prints it bare: a time is the eval's duration, a rate of tokens its output
throughput (what it generated per second), another rate or a size what its unit measures."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.commands import task_summary
from ledger.parsers.grammar.numbers import find_numbers, normalise_unit
from ledger.vocab.units import is_time_unit, measure_of_unit, unit_row

_SEP_RE = re.compile(r"[|;]|,[ \t]")


@dataclass(frozen=True, slots=True)
class SummaryMeasure:
    """One measure of a summary line: its name, value, unit and span."""

    metric: str
    value: float
    unit: str
    start: int
    end: int


def summary_measures(text: str) -> list[SummaryMeasure] | None:
    """The measures a task's summary line prints after its size, one a part between its separators ("| 52.8s |");
    a part that is no one number with its unit gives none. None: the line is no task's summary."""
    got = task_summary(text)
    if got is None:
        return None
    out: list[SummaryMeasure] = []
    at = got[2]
    while at < len(text):
        end = _part_end(text, at)
        nums = find_numbers(text, at, end, limit=2)
        if len(nums) == 1 and nums[0].unit and (metric := _measure(nums[0].unit)) is not None:
            n = nums[0]
            out.append(SummaryMeasure(metric, n.value, normalise_unit(n.unit or ""), n.start, n.end))
        at = end + 1
    return out


def _part_end(text: str, at: int) -> int:
    """Where the part from `at` ends: its separator ("|", ";", a comma before a blank: not "5,416"), or the line's
    end."""
    m = _SEP_RE.search(text, at)
    return m.start() if m else len(text)


def _measure(unit: str) -> str | None:
    if is_time_unit(unit):
        return "duration"
    row = unit_row(unit)
    if row is not None and row.family == "rate" and row.canonical in ("tok/s", "t/s"):
        return "output throughput"
    return measure_of_unit(unit)


def summary_claims(ctx: Context, no: int, text: str) -> list[Claim] | None:
    """The claims of line `no` when it is a task's summary (its measures, each perf; the task and its size are the
    setup of the line and of the results under it, no claim and no metric's name), the whole line taken; None when
    it is none."""
    measures = summary_measures(text)
    if measures is None:
        return None
    out: list[Claim] = []
    for m in measures:
        if ctx.is_free(no, m.start, m.end):
            ctx.take(no, m.start, m.end)
            out.append(ctx.claim("perf", no, text[m.start : m.end], metric=m.metric, value=m.value, unit=m.unit))
    ctx.take(no, 0, len(text))
    return out
