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


@dataclass(frozen=True, slots=True)
class Summary:
    """A task's summary line: its task, its size, where they end, and the measures printed after them."""

    task: str
    size: str
    end: int
    measures: list[SummaryMeasure]


def summary_measures(text: str) -> Summary | None:
    """The task's summary `text` is, with the measures it prints after the size, one a part between its separators
    ("| 52.8s |"), up to the first part a label of its own names ("accuracy: 0.912": it and the parts after it are
    the pairs' reader's); a part that is no one number with its unit gives none. None: no task's summary."""
    got = task_summary(text)
    if got is None:
        return None
    out: list[SummaryMeasure] = []
    at = got[2]
    while at < len(text):
        end = _part_end(text, at)
        nums = find_numbers(text, at, end, limit=2)
        if not nums or text[at : nums[0].start].strip(" \t("):
            break
        if len(nums) == 1 and nums[0].unit and (metric := _measure(nums[0].unit)) is not None:
            n = nums[0]
            out.append(SummaryMeasure(metric, n.value, normalise_unit(n.unit or ""), n.start, n.end))
        at = end + 1
    return Summary(got[0], got[1], got[2], out)


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


def summary_claims(ctx: Context, no: int, text: str) -> list[Claim]:
    """The claims of line `no` when it is a task's summary: its measures, each perf, named by their units, with the
    task and size as their setup (a list item's too, which no code scope gives). The task and its size are taken:
    no claim and no metric's name."""
    got = summary_measures(text)
    if got is None:
        return []
    ctx.take(no, 0, got.end)
    out: list[Claim] = []
    for m in got.measures:
        if ctx.is_free(no, m.start, m.end):
            ctx.take(no, m.start, m.end)
            claim = ctx.claim("perf", no, text[m.start : m.end], metric=m.metric, value=m.value, unit=m.unit)
            claim.config.setdefault("task", got.task)
            claim.config.setdefault("samples", got.size)
            out.append(claim)
    return out
