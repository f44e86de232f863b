"""Rows named by what they ran ("FM", "no adapter", "short chat") beside columns that each head a measure: the label
is the row's setup, never a word of the metric, so that one measure is one series however a cell prints it ("Mean
TTFT" from a plain cell, an arrow cell "5279.36 → 5279.96 ms" and a side column's "| Before TTFT | After TTFT |"
alike). Apart from rows.py, which asks it of a row's arrow cells and of its cells read as prose."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import find_numbers
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.gain_columns import range_measure
from ledger.parsers.tables.headers import ARROW_SIDES_RE, label_names_measure, looks_metric, unit_of_header
from ledger.parsers.tables.row_info import TableInfo
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.sides import side_of
from ledger.vocab.text import holds_arrow
from ledger.vocab.units import STAT_WORD_RE, ends_in_rate, is_measure_unit


def runs_row(info: TableInfo, label: str, head: str, role: str, *, sides: bool = True) -> bool:
    """Whether the row `label` names what it ran, not the measure, for its cell under `head` (its sides aside). A
    row under a header naming what its rows ran ("Scenario", "case") is one, as a plain cell's `_value` reads it; so
    is, in a cell printing both `sides` of its measure ("993.65 → 994.31 tok/s"), any row under a column that heads a
    measure ("Mean TTFT", "decode tok/s", "peak mem (GiB)"). The label stays the claim's `row`, the setup whose words
    keep each row's values a series of their own (compare's variant), as the metric's words did."""
    if role not in ("value", "mixed") or not label or not head or label.isdigit():
        return False
    if looks_metric(label) or named_benchmark(label) or STAT_WORD_RE.fullmatch(label.strip(" *_")):
        return False  # ("| p99 | 12 → 10 |" under "TTFT (ms)", "| GSM8K | ... |": the row names the measure)
    if info.row_kind is not None:
        return True
    unit, measure = info.head(head)[:2]
    measure = measure or head
    # ("requests/s": a rate's unit alone names what it measures)
    return sides and (
        looks_metric(measure) or ends_in_rate(measure) or is_measure_unit(measure) or is_measure_unit(unit)
    )


def cell_subject(
    info: TableInfo, label: str, column: str, cell: str, role: str, label_setup: dict[str, str], setup: dict[str, str]
) -> tuple[str | None, dict[str, str], str | None]:
    """What names the measure of a cell read as prose under `column` in the row `label`, the setup its claims take
    from the row (the cell's `setup`; where the row names what it ran, also the label's and the label itself in the
    measure's stead), and the unit the column prints."""
    # ("Throughput, Base → PR" over "100.0 → 110.0 tok/s (+10%)": the measure, its sides aside)
    head = ARROW_SIDES_RE.sub("", column).strip(" ,;:") or column
    unit = info.head(head)[0] if head else None
    if runs_row(
        info, label, head, role, sides=holds_arrow(cell)
    ):  # (as its arrow cells': the column names the measure)
        return info.head(head)[1] or head, {**label_setup, **setup, "row": label}, unit
    if (
        role == "mixed"
        and head
        and not looks_metric(head)
        and _one_range(cell)
        and (spread := range_measure(info, head))
    ):
        return spread, {**label_setup, **setup, "row": label}, unit  # "Range across 5 pairs": the gain's, per row
    if head and label and looks_metric(head) and head.lower() not in label.lower():
        return f"{head} ({label})", setup, unit
    if _grid_cell(info, label, head):
        return None, {**label_setup, **setup, "row": label, "column": head}, unit
    if head and label and "]" in label and not label_names_measure(label) and not looks_metric(head):
        # ("| pass@1[avg-of-4] | 88.40% ± 0.90% |" under "correct": the column's measure, taken the row's way, as the
        # row's plain cells name it)
        return f"{label} {head}", setup, unit
    # ("| Spec tok/s | PR 410.5 vs main 380.2 |": the label names the measure, and its unit where the column has none)
    # (a side's header, "This PR" over "60.1 us / 70.4 GB/s", names the run, never the measure nor a setup)
    subject = label or (head if side_of(head) is None else None)
    return subject or None, setup, unit or (_label_unit(label) if label else None)


_NOTE_TAIL_RE = re.compile(r"\s{0,3}[*_]{0,2}\([^()]{1,30}\)[*_]{0,2}$")


def _label_unit(label: str) -> str | None:
    """The unit a row's label names, past the marks and the note it ends with ("Spec @256 tok/s ⭐ *(scored)*")."""
    if (unit := unit_of_header(label)) is not None:
        return unit
    bare = _NOTE_TAIL_RE.sub("", _without_marks(label))
    return unit_of_header(_without_marks(bare)) if bare != label else None


def _without_marks(text: str) -> str:
    end = len(text)
    while end and not (text[end - 1].isalnum() or text[end - 1] in ")/%."):
        end -= 1  # ("⭐", "*", "✅": a mark set after the name, no part of it)
    return text[:end]


def _grid_cell(info: TableInfo, label: str, head: str) -> bool:
    """A method x workload grid ("| Method | code | chat |" over "ngram | 40.8 t/s, accept: 36% |"): neither the
    row's label nor the column's header names a measure or a side, so the cell's sentence names its own, and the
    row (what ran) and the column (what it ran on) are its setup. Two such columns at least: a lone one beside
    setting columns ("| Recipe | GPUs | Notes |") is the row's remarks, not a workload."""
    if not label or not head or label.isdigit() or head.isdigit():
        return False
    if looks_metric(label) or named_benchmark(label) or STAT_WORD_RE.fullmatch(label.strip(" *_")):
        return False
    heads = [clean(info.table.header[i]) for i in info.value_cols + info.mixed_cols if i < len(info.table.header)]
    free = [h for h in heads if _names_no_measure(info, h)]
    return len(free) >= 2 and head in free


def _names_no_measure(info: TableInfo, head: str) -> bool:
    measure = info.head(head)[1] or head
    return bool(head) and not (
        head.isdigit()
        or looks_metric(measure)
        or ends_in_rate(measure)
        or is_measure_unit(measure)
        or side_of(head) is not None
    )


def _one_range(cell: str) -> bool:
    """The cell states one range and nothing else ("+1.90% to +2.40%")."""
    nums = find_numbers(cell)
    return len(nums) == 1 and nums[0].high is not None and len(nums[0].text) >= len(cell.strip(" *_`")) - 2
