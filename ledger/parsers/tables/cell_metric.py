"""The metric a table's value cell is named by: its row's label and its column's measure, as the table's shape says
which of the two names the measure ("| Mean TPOT | main | PR |" by its row, "| Model | tok/s |" by its column)."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.gain_columns import gains_table_change
from ledger.parsers.tables.headers import (
    GENERIC_HEAD_RE,
    change_word,
    head_without_unit,
    label_names_measure,
    looks_metric,
    metric_name,
    unit_of_header,
)
from ledger.parsers.tables.row_info import TableInfo
from ledger.vocab.canonical import dtype_name
from ledger.vocab.metrics import (
    RANGE_WORDS,
    benchmark_alone,
    dataset_key_name,
    is_acceptance_name,
    named_benchmark,
    names_a_metric,
)
from ledger.vocab.name_hints import config_hints
from ledger.vocab.setting_heads import gemm_shape
from ledger.vocab.setup import model_names, qualifiers
from ledger.vocab.setup_labels import is_strategy_label
from ledger.vocab.sides import side_of
from ledger.vocab.units import STAT_WORD_RE, ends_in_rate, measure_of_unit, rate_alone
from ledger.vocab.workload import names_setup


def cell_metric(
    info: TableInfo,
    ci: int,
    label: str,
    head: str,
    metric_head: str,
    head_unit: str | None,
    role: str,
    unit: str | None,
    *,
    workload: bool,
    by_setup: bool,
) -> str:
    """The metric of the cell in column `ci` of a row labelled `label` (`metric_head`: the column's header without its
    unit, `head_unit` that unit). `workload`: the row is named by what it ran ("| Context | OLD | NEW |"), so its
    columns name the measure; `by_setup`: the row is named by its setup alone ("1024 / 1024")."""
    keyed = dataset_key_name(label)  # "cmmlu,-,naive_average,gen": the harness's key names the task
    label = keyed or label
    if role == "delta" and ci in info.gain_of and _PLAIN_CHANGE_RE.match(metric_head):
        metric_head = "improvement"  # "+20.0%" beside "40.00 | 32.00" (us): the time saved, positive-better
    # ("| WAN-14B 4096 tok |" under "Fused (ms)": a row named by its model and length alone, the column the measure;
    # "| MKN=(1x4096x4096) |": by the kernel's shape)
    by_setup = by_setup or bool(head_unit and label and names_setup(label)) or gemm_shape(label)
    by_setup = by_setup or (info.runs_by_rows and role == "value")  # ("qwen3-8b bf16" under "math_500": its run)
    metric = metric_name("" if info.row_id or workload or by_setup or info.side_rows else label, metric_head, role)
    if metric_head and label and is_strategy_label(label) and not looks_metric(metric_head):
        # "| Max Throughput | 71.2% |" under "ARC": the score, in the strategy the row's setup tunes for (its perf
        # word names what the recipe favours, never what the cell measures)
        metric = f"{metric_head} ({label})"
    if (
        role == "delta"
        and info.task_col is not None
        and metric == f"{label} {metric_head}"
        and looks_metric(metric_head)
    ):
        metric = metric_head  # "Throughput uplift" in a "Code" row under "Task": that task's change (config.task)
    if info.column_models.get(head) and label:
        metric = label  # "| QuizSet (EM) | 61.2 |" under "Llama3.1 405B-Inst.": the row's benchmark, on that model
    elif info.value_cols == [ci] and ci in info.base_of and looks_metric(label) and not looks_metric(metric_head):
        # "| Mean TPOT (ms) | 53.0 | 50.7 |" under "Torch path | Fused op": the sides, not the measure (two
        # candidates, "Opt1 | Opt2" beside one baseline, keep their names apart)
        metric = head_without_unit(label) if unit_of_header(label) else label
    elif ci in info.base_of and label and not (info.row_id or workload or by_setup) and _setup_only(metric_head):
        metric = label  # "| ARC | 60.2 | 59.9 |" under "| BF16 | INT4 |": the row's task; the column is its setup
    if (
        info.measure
        and role == "value"
        and (not head_unit or _side_in_unit(metric_head, head_unit, info.measure[1]))
        and not keyed
        and _row_names_no_measure(info.measure[0], metric)
    ):
        metric = info.measure[0]  # "128/2048" under "B200<br/>TP1": the section's stated measure, its setup
        metric += " range" if metric_head.endswith(" range") else ""  # (a range column's: that measure's spread)
    elif info.measure and role == "value" and STAT_WORD_RE.fullmatch(metric.strip(" *_")):
        metric = f"{metric.strip(' *_')} {info.measure[0]}"  # "| **mean** |" under "TTFT, 4 reps:": the mean TTFT
    elif (
        role == "value"
        and head_unit
        and label
        and metric == f"{label} {metric_head}"
        and STAT_WORD_RE.fullmatch(metric_head)
    ):
        metric = f"{metric_head} ({label})"  # "| fp8_triton | 200.0 | 190.0 |" under "p50 (us) | min": as p50's
    elif (
        role == "delta"
        and metric in (metric_head, f"{label} {metric_head}")
        and not looks_metric(label)
        and (of := gains_table_change(info, metric_head))
    ):
        # "Median paired gain" under "## Paired decode-throughput result": a change OF that measure, on the row's run
        metric = of if metric == metric_head else f"{of} ({label})"
    elif role == "delta" and (left := info.delta_measure.get(ci)) and (looks_metric(left) or ends_in_rate(left)):
        # "TTFT | Change | TPOT | Change": each change the one of the measure before it, on the row it stands in
        # ("Gen TPS | Δ vs v1": the row the change is against is the measure's reference, no part of its name); the
        # measure its columns name wins over the heading's ("## Speed" over "0.7.2 out tok/s | 0.7.4 out tok/s")
        metric = f"{left} {change_word(metric_head)}" + (f" ({label})" if label and metric != metric_head else "")
    elif info.measure and role == "delta" and _section_change(info.measure[0], metric, metric_head, label):
        metric = f"{info.measure[0]} {metric_head}"  # "Delta" under "##### 3. TTFT (ms)": the TTFT's change
    if (
        role == "value"
        and label
        and metric == f"{label} {metric_head}"
        # ("| Requests/s | 2.00 | 2.20 |": a rate's unit alone names the rate, as "Output Tokens/s" does)
        and (keyed or label_names_measure(label) or named_benchmark(label) or rate_alone(label))
        and not (names_a_metric(metric_head) or _measure_field(info, ci, metric_head))  # ("| AL | AR |", "no_answer")
        and not STAT_WORD_RE.fullmatch(metric_head.strip(" *_"))  # ("| TTFT (ms) | min | max |": its statistics)
    ):
        # "| Mean TPOT (ms) | 21.5 | 18.2 |" under "fp8 | int4 (this PR)": the row's measure in every column, each
        # column's label its setup (config.column, its precision in quant), never part of the measure's name
        metric = head_without_unit(label) if unit_of_header(label) else label
    if role == "value":
        metric = _unit_named(info, label, metric, metric_head, head_unit, unit, workload=workload)
    if role == "value" and (stated := info.unit_measure.get(ci)) and metric in _named_by_head(label, metric_head):
        # "| build | tok/s |" under "BS1 ISL8000/OSL1000 decode throughput:": the decode throughput, its row's label
        # where it stood (a side's, which the side's reader takes out)
        metric = metric.replace(metric_head, stated, 1)
    return metric


def _section_change(measure: str, metric: str, metric_head: str, label: str) -> bool:
    """A change column's cell is the section's `measure`'s change: its head names no measure, and the row adds none
    ("| Math Reasoning | 2.30 | 2.41 | +4.8% |" under "### Acceptance length per task": that measure's change on the
    row's task, as the row's values are that measure), unless the heading is a benchmark's ("| pass@1 |" under
    "### HumanEval": the row names the score)."""
    if looks_metric(metric_head):
        return False
    if metric == metric_head:
        return True
    return (
        bool(label)
        and metric == f"{label} {metric_head}"
        and not named_benchmark(measure)
        and _row_names_no_measure(measure, label)
    )


def _row_names_no_measure(measure: str, name: str) -> bool:
    """The row's name (or the metric it made) names no measure of its own under the section's `measure`: a setup, or
    the data a draft was accepted on ("| MT-Bench | 3.12 |" under "Acceptance length per dataset:")."""
    return (not looks_metric(name) and not named_benchmark(name)) or (
        is_acceptance_name(measure) and benchmark_alone(name)
    )


def _unit_named(
    info: TableInfo,
    label: str,
    metric: str,
    metric_head: str,
    head_unit: str | None,
    unit: str | None,
    *,
    workload: bool,
) -> str:
    """A value cell's metric where neither its row nor its column names a measure and its unit does: "throughput"
    for t/s cells, with the row's task or arm beside it."""
    if workload and (side_of(metric) is not None or _arm_only(metric)) and not looks_metric(metric):
        # "this PR (us)" over "| Shape | main | this PR |", "No MTP" over t/s cells: each arm's measure, its unit's
        metric = measure_of_unit(unit) or "value"
    elif (
        not info.measure
        and (by_unit := measure_of_unit(unit))
        and (
            _setup_only(_unit_dropped(metric, head_unit))
            or (_setup_only(_unit_dropped(metric_head, head_unit)) and not looks_metric(label))
        )
    ):
        # "| batch | 4K ctx | 16K ctx |" over "1.19x": the speed-up at each length; "| Llama | 3090Ti |" over "177
        # t/s": the throughput on that board, the row's name its setup; "FP32 us" beside "Before us | After us": a
        # third arm's time, named by its precision and the unit alone
        metric = by_unit
    elif (
        label
        and info.task_col is not None
        and not looks_metric(label)
        and (metric == label or (metric == f"{label} {metric_head}" and _arm_only(metric_head)))
        and (by_unit := measure_of_unit(unit))
    ):
        # "| Chat (greedy) | 10.2 t/s | 12.5 t/s |" under "Task | baseline | patched": the throughput on that task
        # (config.task), never the measure's name (a row under "Stage" names its own time)
        metric = by_unit
    return metric


_RANGE_HEAD_RE = re.compile(rf"{RANGE_WORDS}", re.IGNORECASE)


def column_measure(info: TableInfo, ci: int, head: str, role: str) -> str:
    """What column `ci`'s header (`head`, without its unit) measures where the header alone does not say: "Score"
    under a "**gsm8k** (200 examples)" title is the gsm8k score; a range column spans the measure of the nearest
    value column before it ("Range" over "97.27 – 97.50%" in "| GSM8K | Runs | Range |": "GSM8K range", that score's
    spread over its runs). Any other header as it is."""
    if info.bench and GENERIC_HEAD_RE.match(head):
        return f"{info.bench} {head}"
    if role != "value" or not _RANGE_HEAD_RE.fullmatch(head.strip(" *_`")):
        return head
    heads = info.table.header
    left = [clean(heads[i]) for i in info.value_cols if i < ci and i < len(heads)]
    named = [h for h in left if h and not _RANGE_HEAD_RE.fullmatch(h)]
    return f"{head_without_unit(named[-1])} range" if named else head


def _arm_only(head: str) -> bool:
    """The column names a side or an arm's setup and no measure ("patched", "this PR d=2", "No MTP", "EAGLE3"): its
    cells are measured in what their unit measures."""
    return (side_of(head) is not None or bool(qualifiers(head))) and not (looks_metric(head) or names_a_metric(head))


def _side_in_unit(head: str, head_unit: str, stated_unit: str | None) -> bool:
    """The column names a side and the unit its cells are in, which the stated measure is taken in ("After (ms)"
    under "*Metric: Median TPOT*"): the column names no measure of its own."""
    return (
        side_of(head) is not None
        and not looks_metric(head)
        and measure_of_unit(stated_unit or head_unit) == measure_of_unit(head_unit)
    )


def _named_by_head(label: str, head: str) -> tuple[str, ...]:
    """The names metric_name gives a cell from its header and row label, before anything reads them further."""
    return (head, f"{head} ({label})", f"{label} {head}") if label else (head,)


_PLAIN_CHANGE_RE = re.compile(r"^(?:delta|Δ|diff(?:erence)?|change|%|% change)$", re.IGNORECASE)


def _unit_dropped(name: str, unit: str | None) -> str:
    """The name without the unit it ends in ("FP32 us" -> "FP32"): a unit printed bare after the words, not in
    brackets, which the header's unit already carries."""
    words = name.split()
    return " ".join(words[:-1]) if unit and len(words) > 1 and words[-1].lower() == unit.lower() else name


# a snake_case field name of a tool's printout ("symbolic_correct", "no_answer", "gen_seconds"): it names what its
# column measures, never a side or a setup the row's measure was taken under
_FIELD_NAME_RE = re.compile(r"[a-z][a-z0-9]{1,20}(?:_[a-z0-9]{1,20}){1,4}$")


def _measure_field(info: TableInfo, ci: int, head: str) -> bool:
    """Column `ci`'s header is a tool's field name (_FIELD_NAME_RE) and so its own measure, unless it is held against
    a base column: then it is an arm ("old_runner | new_runner")."""
    return ci not in info.base_of and _FIELD_NAME_RE.match(head) is not None


@short_text_cache(1024)  # asked of each column's name for each of its cells
def _setup_only(name: str) -> bool:
    """The name states setup and nothing else ("4K ctx", "TP2", "H100", a precision "FP32"): no measure of its own."""
    hints, rest = config_hints(name)
    rest = rest.strip(" ,;/+-_()*`")
    # (a full precision is no quantization, so no setup word of the table; as an arm's whole name it is its setup)
    return (bool(hints) and not rest) or (bool(rest) and dtype_name(rest) is not None)


def label_setup(label: str, runs: bool = False) -> dict[str, str]:
    """The setup words of a row's label, and its model where the label names nothing else (see names_setup), or
    where the rows name the runs (`runs`: TableInfo.runs_by_rows): the measure is then its column's, and the model
    would no longer be read out of the metric's name."""
    words = qualifiers(label)
    named = (words and names_setup(label)) or runs
    if "model" not in words and named and len(models := model_names(label)) == 1:
        words = {**words, "model": models[0]}
    return words
