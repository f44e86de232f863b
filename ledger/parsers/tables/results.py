"""Result tables: GFM, pasted-sheet, ASCII-bordered and rendered (tab-separated) tables.

Columns get a role from their header: label (the row's name), configuration (batch size,
concurrency, questions: never claims), baseline (main, before, baseline: the reference of the
row's new value, no claim of its own), delta (speed-up, Δ, diff: a claim of its own) or value.
Rows can carry the baseline too ("Baseline | 12.3 | ..." above "This PR | 11.0 | ...").
A cell that is a bare number (with unit, range, "~", "±", footnote marks) is one claim; a cell
with words ("gsm8k 95.98 (ref 95.57), acceptance length 1.971") is read as prose.

This module holds the extractor: which rows are results and which row is the baseline. The rest of the
reader is one module per job (issue 12: modules of about 400 lines at most):
    table_cells    what one cell holds (clean text, a bare number, its value; packed, runs, spaced, slash cells)
    table_headers  what a header says (its side, its unit, its metric) and the metric a value is named by
    table_roles    each column's role, the baseline no header names, the baseline column of each value column
    table_rows     one row's claims, with what every row of its table shares (TableInfo)
    header_tree    the header rows printed as body rows (sides, settings), folded in when the table is read
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.grammar.arm_labels import defined_arms
from ledger.parsers.grammar.caption_stats import caption_statistic
from ledger.parsers.grammar.heading_setup import listed_settings, settings_line
from ledger.parsers.grammar.lead_ins import lead_caption
from ledger.parsers.grammar.lead_measures import caption_clauses, unit_column_measure
from ledger.parsers.grammar.named_revisions import named_lead
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.grammar.revision_labels import SHA_RE, is_sha
from ledger.parsers.grammar.sha_tokens import sha_tail
from ledger.parsers.grammar.tied_revisions import own_number
from ledger.parsers.grammar.unit_labels import header_unit
from ledger.parsers.grammar.variant_items import variant_items
from ledger.parsers.reader.document import Block, Row, Table
from ledger.parsers.tables.arm_grid import arm_grid
from ledger.parsers.tables.build_rows import Builds, build_rows, on_build
from ledger.parsers.tables.cells import clean, is_filler, is_numeric_cell
from ledger.parsers.tables.column_sorts import shared_setting_labels
from ledger.parsers.tables.control_rows import control_rows
from ledger.parsers.tables.corner_measures import with_corner_measure
from ledger.parsers.tables.counted_tasks import with_counted_tasks
from ledger.parsers.tables.delta_check import follow_oriented
from ledger.parsers.tables.difference_rows import DifferenceRows
from ledger.parsers.tables.direction_marks import without_direction_marks
from ledger.parsers.tables.engine_columns import engine_columns, on_engine_columns, paired_arms
from ledger.parsers.tables.flag_arms import flag_columns, on_flag_arms
from ledger.parsers.tables.frame_stats import frame_statistic, with_frame_statistic
from ledger.parsers.tables.grid_measures import grid_measure
from ledger.parsers.tables.group_rows import in_group
from ledger.parsers.tables.headers import (
    GENERIC_HEAD_RE,
    HEAD_UNIT_RE,
    head_without_unit,
    heading_unit_in_words,
    looks_metric,
    stated_unit,
    unit_of_header,
    worded_unit,
)
from ledger.parsers.tables.label_prefixes import without_shared_tag
from ledger.parsers.tables.linked_arms import linked_arm, on_linked_arm
from ledger.parsers.tables.marked_columns import unmarked
from ledger.parsers.tables.model_rows import full_precision_run, on_run_label, run_rows
from ledger.parsers.tables.page_caption import caption_measure
from ledger.parsers.tables.plan_measures import plan_heading, plan_setup
from ledger.parsers.tables.plot_names import plot_name
from ledger.parsers.tables.pr_arms import on_pr_arms, pr_arms
from ledger.parsers.tables.precision_rows import delta_named_base, full_precision_label, precision_rows
from ledger.parsers.tables.prose_bases import prose_named_base
from ledger.parsers.tables.prose_columns import prose_base_column
from ledger.parsers.tables.prose_measure import prose_measure
from ledger.parsers.tables.reference_columns import reference_columns, spread_value
from ledger.parsers.tables.release_columns import on_release_columns, release_labels
from ledger.parsers.tables.reproduced_columns import on_reproduced_columns
from ledger.parsers.tables.revision_rows import on_revision_row, reference_label, revision_names
from ledger.parsers.tables.roles import REVISION_HEAD_RE, column_roles
from ledger.parsers.tables.row_info import NO_CLAIM_ROLES, TableInfo
from ledger.parsers.tables.rows import row_claims
from ledger.parsers.tables.setting_keys import corner_setup
from ledger.parsers.tables.settings_tables import turn_settings
from ledger.parsers.tables.side_columns import (
    arm_columns,
    implementation_columns,
    on_arm_columns,
    on_banner_sides,
    on_implementation_columns,
    on_side_columns,
)
from ledger.parsers.tables.side_marks import on_side_marks, with_side_marks
from ledger.parsers.tables.side_rows import (
    MeasureSides,
    feature_off_twin,
    measure_sides,
    measured_columns,
    pair_settings,
    qualified_side,
    settings_key,
    side_column,
    side_pairs,
    step_columns,
)
from ledger.parsers.tables.side_runs import side_runs
from ledger.parsers.tables.side_suffixes import with_side_suffixes
from ledger.parsers.tables.side_tags import without_side_tags
from ledger.parsers.tables.spans import filled_down
from ledger.parsers.tables.stated_measure import stated_measure
from ledger.parsers.tables.sub_headers import with_sub_header
from ledger.parsers.tables.sweep_axis import Sweep, on_sweep, sweep_of, without_sweep
from ledger.parsers.tables.swept_heads import with_swept_heads
from ledger.parsers.tables.title_arms import pr_title
from ledger.parsers.tables.title_blocks import in_block
from ledger.parsers.tables.token_totals import with_totals
from ledger.parsers.tables.twin_tables import on_twin_measure, twin_measure
from ledger.parsers.tables.vs_rows import VS_COLUMN, against_base, vs_named_rows
from ledger.parsers.tables.vs_sides import on_vs_sides
from ledger.parsers.tables.whole_rows import states_whole
from ledger.parsers.tables.workload_rows import workload_rows_setup
from ledger.vocab.activity_tails import without_activity
from ledger.vocab.doc_tables import documentation_table, hardware_table
from ledger.vocab.metrics import (
    OWN_MEASURE_RE,
    is_acceptance_name,
    is_accuracy_name,
    last_metric_named,
    leading_benchmark,
    named_benchmark,
    names_known_measure,
)
from ledger.vocab.model_spellings import fullest_spelling
from ledger.vocab.passing_names import passing_models
from ledger.vocab.setting_heads import named_bench_test
from ledger.vocab.setup import BASELINE_LABEL_RE, is_workload_label, model_names, qualifiers
from ledger.vocab.setup_labels import MEASURE_COLUMN_RE, states_settings
from ledger.vocab.setup_names import setup_at_release, setup_stated
from ledger.vocab.sides import column_sides, control_label, side_of
from ledger.vocab.units import is_measure_unit, measure_of_unit, rate_alone, rate_part_name
from ledger.vocab.workload import setup_only, workload_setup

NAME = "tables"
VERSION = "1"
BLOCKS = frozenset({"table"})


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    table = block.table
    if table is None or not table.rows:
        return
    table = without_direction_marks(unmarked(table, ctx, block))  # "TTFT ms ↓": the measure and its unit, no hint
    table = with_counted_tasks(with_corner_measure(with_sub_header(without_side_tags(with_side_suffixes(table)))))
    table = with_swept_heads(table, block.section[-1:], ctx.lead_in(block))  # "| c64 | c256 (tok/s/gpu) |"
    table, marks = with_side_marks(table, ctx.doc.lines)  # "| Tok/s (S) | Tok/s (P) | Δ% |"
    if _holds_no_results(table):
        ctx.taken.update(r.line for r in table.rows)
        return
    roles = arm_grid(table, column_roles(table, pr_title(ctx)), ctx.lead_in(block))  # ("over baseline (k8s)")
    follow_oriented(ctx.memo, table, roles)  # "With X | Without X" where an earlier table's change column told
    _base_columns(ctx, block, table, roles)  # "| Kestrel | Heron (reference) |"; "against the production radix"
    headers = with_totals(table, roles)  # ("Output tokens" over 1,000 beside "45.71 tok/s" for "21.88 s": a sum)
    section = " ".join(block.section[-1:])
    # a baseline row: "Baseline | 12.3 | 4.5" gives the next rows' references, column by column; with several
    # ("baseline - 1", "baseline - 128"), a row takes the one whose label carries the same numbers ("int4wo - 128")
    roles, sided = _named_by(table, roles)
    table = filled_down(table, roles)  # "| | | | 1024 | 3300.2 |" under "| Qwen2 14B | FP8 | 4 | 256 | ...": spanned
    label_cols = [i for i, r in enumerate(roles) if r == "label"]
    # "Mean TTFT (ms): | 412.7 | 398.2": a console summary's colon ends the name, it is not part of it
    labels, workloads = _row_labels(table, label_cols, TableInfo(table, roles), headers)
    twins = measure_sides(table, labels)  # "| main decode tok/s |" over "| PR decode tok/s |": each measure's own
    labels = twins.labels if twins else labels
    if _claims_nothing(table, _with_row_steps(table, labels, roles), labels):
        return  # (a table of names and settings alone: the readings below would find nothing to claim)
    info = TableInfo(table, roles)
    info.runs_by_rows, own_model = run_rows(labels, [h for h, r in zip(headers, roles, strict=False) if r == "value"])
    info.arms = defined_arms(ctx.doc)  # ("**q16** = the bf16 baseline" over "| q16 sat tok/s |": that arm's)
    info.bind_revisions(ctx.named_at(table.header_line), headers, table.header_line)
    sweep = _swept(ctx, block, headers, roles, info)
    info.title_setup = _table_setup(ctx, block, table, headers, roles)
    if block.section and HEAD_UNIT_RE.search(block.section[-1]):
        # ("## RTX Configurations (TP/PP)": the parallelism its columns name, no unit of their cells)
        info.section_unit = unit if is_measure_unit(unit := header_unit(block.section[-1])) else None
    # ("### decode speed in tokens per second": its unit in words; "Figures are ms per token:")
    info.section_unit = info.section_unit or heading_unit_in_words(block.section) or stated_unit(ctx.lead_in(block))
    _measure_of_table(ctx, block, headers, roles, info)
    if any(r == "value" and GENERIC_HEAD_RE.match(head_without_unit(headers[i])) for i, r in enumerate(roles)):
        info.bench = leading_benchmark(ctx.lead_in(block))
    # "Paired GSM8K used lm-eval, 25-shot:" over "Strict exact match | 0.950 | 0.955": the task of every row
    lead = ctx.lead_in(block)
    # ("## MMLU accuracy (2000 samples, 5-shot)" over "| acc,none | 0.70 |": its sub-heading's benchmark, and the
    heading_task = named_benchmark(block.section[-1]) if len(block.section) > 1 else None  # dataset of speed rows)
    # ("3 samples of mt-bench:" right over the table; "gsm8k: 0.912 (ref 0.915)" is its own result, no caption)
    dataset = (named_benchmark(lead) if lead and not _OWN_SCORE_RE.search(lead) else None) or heading_task
    task, frame = dataset or _turn_task(ctx, block), frame_statistic(lead, block.section)  # ("P99 (ms)" over it)
    rev_col = _revision_column(headers, roles)
    own_impl, releases = implementation_columns(headers, info.base_of), release_labels(headers, roles)
    engines, flagged = engine_columns(headers, roles, info.base_of), flag_columns(headers, roles)  # ("vLLM (tok/s)")
    arms = {**paired_arms(headers, info.base_of), **arm_columns(headers, info.base_of)}  # ("Alpha ms | Beta ms")
    pr_sides = pr_arms(headers, roles, ctx.lead_in(block), section)
    prosed = lambda: prose_named_base(ctx.doc, ctx.block_index(block), table, labels)  # noqa: E731
    bases, steps, heads, precisions = (
        _bases(table, labels, roles, sided, prosed, bool(info.base_of), info.runs_by_rows) if not twins else _no_bases()
    )
    group, twin = "", twin_measure(table, ctx.doc.blocks, roles, ctx.memo)  # ("H200" over a unit-less paste)
    bases, builds, vs_bases, vs_name = _runs(table, headers, roles, bases, twins)
    base_ids = {id(r) for r in [*bases.values(), *vs_bases.values()]}
    differences, stated = DifferenceRows(labels), workload_rows_setup(table, labels)  # ("| Batch Size | 1 |")
    other, revs = _lone_candidate(table, labels, bases), _revisions(table, labels, bases)  # (once, not per row)
    for row, label, workload in zip(table.rows, labels, workloads, strict=True):
        if id(row) in base_ids:
            continue
        if label and is_workload_label(label):
            ctx.taken.add(row.line)  # "Output sequence length | 256 | 256": a workload row, not results
            continue
        if label and len(table.rows) > 2 and not any(map(clean, row.cells[1:])):
            group = label  # "| **p99** | | |": the statistic or part the rows under it measure
            continue
        base_row = _base_row(row, label, bases, steps, differences) or vs_bases.get(id(row))
        if builds is not None:
            base_row = builds.baseline_of(row)
        claims = row_claims(ctx, block, table, row, roles, headers, label, section, base_row, info)
        claims = on_run_label(claims, label) if info.runs_by_rows else claims  # ("(AR<=0.13.1)": its build)
        if builds is not None:
            claims = on_build(claims, row, builds, ctx.setup.at(row.line) if ctx.setup is not None else None)
        claims, grouped = _group_setup(claims, group) if group else (claims, False)
        if rev_col is not None:
            claims = _row_revision(claims, row, rev_col, label, _shas_differ(table, rev_col))
        if label in precisions:
            claims = _named_apart(claims, label)
        if base_row is not None and label:  # ("| [Patch A only](.../pull/902) |", "| + this PR |": that run's)
            claims = _on_row_run(ctx, claims, row, label, label == other or label in heads, base_row, revs.get(label))
        elif label and (defined := named_lead(ctx.named_at(row.line), label)) is not None:
            claims = _on_run(claims, defined)  # "| MTP `n_max=2` |" under "- MTP: this PR branch `17df5830e`"
        if label and (item := variant_items(ctx.doc, ctx.memo).get(clean(label).lower())) is not None:
            claims = _with_setup(claims, item[1])  # "| fast | ..." under "- fast: TP4 + MTP 3-1-4"
        if own_model and label and not model_names(label):  # ("pr branch" under "qwen3.5-4b bf16": that model's run)
            claims = _with_setup(claims, {"model": own_model}, wins=True)
        if workload or stated:
            claims = _with_setup(claims, {**stated, **workload})
        claims = on_side_marks(on_arm_columns(on_implementation_columns(claims, own_impl), arms), marks)
        claims = on_release_columns(on_flag_arms(on_engine_columns(claims, engines), flagged), releases)
        claims = on_sweep(on_twin_measure(claims, twin), sweep, _measured(info))  # (flag_arms' "+ --enable-x")
        claims = on_vs_sides(ctx, on_pr_arms(on_side_columns(ctx, claims, headers, info.base_of), pr_sides))  # PR arms
        claims = in_group(claims, group) if grouped else claims
        claims = with_frame_statistic(against_base(on_reproduced_columns(claims, headers), vs_name), frame)  # P99 TTFT
        yield from _of_task(on_banner_sides(table.banner_sides, claims), task, dataset)


def _base_columns(ctx: Context, block: Block, table: Table, roles: list[str]) -> None:
    """The baseline column a header marks ("| Kestrel | Heron (reference) |", then "| Kestrel | Heron |" in a later
    table) or, where none does, the one the prose above the table sets the others against (prose_columns)."""
    reference_columns(ctx.memo, table, roles)
    prose_base_column(ctx.doc, ctx.block_index(block), table, roles)


def _revision_column(headers: list[str], roles: list[str]) -> int | None:
    """The setting column naming the sha each row was measured on ("| B1: PR | `d062a476...` | 96.89% |")."""
    return next(
        (i for i, r in enumerate(roles) if r == "config" and i < len(headers) and REVISION_HEAD_RE.match(headers[i])),
        None,
    )


def _with_row_steps(table: Table, labels: list[str], roles: list[str]) -> list[str]:
    """`roles` (changed in place) with the columns the rows' sides make settings or values, as side_rows reads them:
    the roles every reading after this one takes."""
    for ci in step_columns(table, labels, roles):
        roles[ci] = "config"  # "qps" over 2, 2, 4, 4 beside main / PR rows: what each pair ran at (side_rows)
    for ci in measured_columns(table, labels, roles):
        roles[ci] = "value"  # "Output tokens" over 119,898 then 119,575 beside baseline / PR rows: measured
    return roles


def _claims_nothing(table: Table, roles: list[str], labels: list[str]) -> bool:
    """No cell of any row is read for a claim, and no row is a workload's (the rows' loop takes those lines): the
    setup, bases and sides `extract` reads next would go to no claim ("| Architecture | Model | HuggingFace Example |"
    over a page of supported models costs as much as a results table). The roles are final here."""
    return (
        all(r in NO_CLAIM_ROLES for r in roles)
        and all(len(r.cells) <= len(roles) for r in table.rows)
        and not any(label and is_workload_label(label) for label in labels)
    )


def _holds_no_results(table: Table) -> bool:
    """ "| Parameter | Value |": the run's settings; "| GPU | compute capacity |", an API's "| Name | Shape | ... |
    Description |": what they document."""
    heads = [clean(h) for h in table.header]
    rows = [[clean(c) for c in r.cells] for r in table.rows]
    return states_settings(heads, rows) or documentation_table(heads) or hardware_table(heads, rows)


_BaseKey = tuple[frozenset[str], tuple[str, ...]]


def _swept(ctx: Context, block: Block, headers: list[str], roles: list[str], info: TableInfo) -> Sweep | None:
    """The sweep the table's header row is (sweep_axis); one its corner cell names is the columns' setting, not a
    setting each row's label states ("| batch size | 1 | 2 |" over "| PR | ...")."""
    sweep = sweep_of(ctx, block, headers, roles)
    if sweep is not None and sweep.from_corner:
        info.setting_labels = [i for i in info.setting_labels if i]
    return sweep


def _named_by(table: Table, roles: list[str]) -> tuple[list[str], tuple[int, str, frozenset[str]] | None]:
    """The roles with the columns that name the rows: a side column where there is one, never a setting every row
    shares; and the side column (see side_rows.side_column)."""
    sided = side_column(table, roles)
    if sided is not None:
        # "| GPU | model | ... | build |" over "origin" then "origin+overlap": the side names the row; the other
        # label columns are its setup, the same for both sides
        roles = ["config" if r == "label" else r for r in roles]
        roles[sided[0]] = "label"
    for ci in shared_setting_labels(table, roles):
        roles[ci] = "config"  # "| model |" over one model on every row: the rows' setup, not their names
    return roles, sided


def _no_bases() -> tuple[dict[_BaseKey, Row], list[int], frozenset[str], dict[str, str]]:
    return {}, [], frozenset(), {}


def _runs(
    table: Table, headers: list[str], roles: list[str], bases: dict[_BaseKey, Row], twins: MeasureSides | None
) -> tuple[dict[_BaseKey, Row], Builds | None, dict[int, Row], str]:
    """The base rows, the runs of builds or of sides the rows are (build_rows, side_runs), and the base row of each
    row measured against one by its id: the row "vs" another (with the "vs" column's name) or its measure's twin on
    the other side (measure_sides)."""
    builds = build_rows(table, roles) or (None if bases or twins else side_runs(table, roles))
    if builds is not None and builds.by_branch:
        bases = {}  # ("upstream x@4c1e9a7b2" over "ours main@b7d03e5f1", "ours PR@..."): the project branch is the base
    elif bases:
        builds = None
    if twins:
        return bases, builds, twins.bases, ""
    vs_bases, vs_name = ({}, "") if bases or builds is not None else _vs_bases(table, headers, roles)
    return bases, builds, vs_bases, vs_name


def _vs_bases(table: Table, headers: list[str], roles: list[str]) -> tuple[dict[int, Row], str]:
    """ "| fp16 | 14.98 | 1.0 |" then "| int8 | 19.01 | 1.27 |" under "v.s. kv fp16": the base row of each row measured
    against one (by the row's id), and the "vs" column their speed-up, a ratio with no reference of its own but the
    run it is over, X (tables.vs_rows)."""
    found = vs_named_rows(table)
    if found is None:
        return {}, ""
    headers[found[0]], roles[found[0]] = VS_COLUMN, "delta"
    return found[1], found[2]


def _base_row(
    row: Row, label: str, bases: dict[_BaseKey, Row], steps: list[int], differences: DifferenceRows
) -> Row | None:
    """The base row `row` is measured against; none for a difference row ("| Δ | -0.15 |" under "| eager | 71.2 |": a
    change, never measured against a score)."""
    if label and differences.holds(label):
        return None
    if len(bases) == 1:
        return next(iter(bases.values()))
    key = _base_key(row, label, steps)
    # (a control row keyed by its setup's cells alone: control_rows)
    found = bases.get(key) or bases.get((frozenset[str](), key[1]))
    if found is None and steps and not key[0]:
        # ("baseline (no spec)" then "suffix spec", once per temperature: the candidate's label names no setup of its
        # own, so the one base row of its settings is its base, whatever setup words that row's label carries)
        same = [r for (_, cells), r in bases.items() if cells == key[1]]
        found = same[0] if len(same) == 1 else None
    return found


def _bases(
    table: Table,
    labels: list[str],
    roles: list[str],
    sided: tuple[int, str, frozenset[str]] | None,
    prosed: Callable[[], str | None],
    paired: bool = False,
    runs: bool = False,
) -> tuple[dict[_BaseKey, Row], list[int], frozenset[str], dict[str, str]]:
    """The base rows by key (_base_rows), the setting columns that key them, the candidate cells of a side column
    and the precision each row is named by (precision_rows); `paired`: the value columns come in base/candidate
    pairs, each row its own comparison, so no control row is the other rows' reference; `runs`: the rows name runs
    (model_rows), the one in full precision ("qwen3-8b bf16") the base of the quantised ones."""
    steps: list[int] = []
    # ("bf16" over "w8a16": the full precision's row is the base of the quantized rows, the precision their setup)
    precisions = precision_rows(table, labels, roles)
    # (or the row a change column is taken against: "Δ vs BF16" over a "BF16" row)
    base_cell, heads = (
        sided[1:]
        if sided
        # (or the row the difference rows are taken against: "Deferred − immediate" under "Immediate receive")
        else (
            full_precision_label(precisions)
            or (full_precision_run(labels) if runs else None)
            or delta_named_base(table, labels)
            or DifferenceRows(labels).base
            or "",
            frozenset[str](),
        )
    )
    bases, clash = _base_rows(table, labels, roles, steps, base_cell)
    if not (bases or clash or sided) and (named := prosed()):
        # ("FP4 lands 0.45 points below FP8": the row the prose measures against, where no word of a row names one)
        base_cell = named
        bases, clash = _base_rows(table, labels, roles, steps, base_cell)
    if clash and ((pairs := side_pairs(table, labels)) or (precisions and base_cell)):
        # "MAIN | 1.00 | ..." then "PR | 1.00 | ...", once per rate: the base row of the candidate's settings
        steps = pair_settings(pairs, roles) if pairs else [i for i, r in enumerate(roles) if r == "config"]
        bases, clash = _base_rows(table, labels, roles, steps, base_cell)
    if clash and not steps and (keyed := _keyed_by_settings(table, labels, roles, base_cell)) is not None:
        bases, steps, clash = *keyed, False  # ("original" per concurrency beside "tuned", "tuned_v2": each its own)
    if (clash or not bases) and not paired and (controls := control_rows(table, roles)) is not None:
        bases, steps = controls  # ("| m-a | no drafter |" beside "| m-a | Medusa |": the control of each setup)
        clash = False
    if clash:
        bases = {}  # "Baseline A1 | Tuned | Baseline A2": an A/B/A run, every row a result of its own
    column = column_sides(labels)  # ("this branch" beside "nightly": the candidate by the other's name too)
    heads |= {label for label in labels if column.get(label.strip(" *_`")) == "head"}
    return bases, steps, heads, precisions


def _keyed_by_settings(
    table: Table, labels: list[str], roles: list[str], base_cell: str
) -> tuple[dict[_BaseKey, Row], list[int]] | None:
    """The base rows told apart by the setting columns, once per setting, where every other result row finds the
    one of its settings: "original" at concurrency 4 and 16, each the base of the two or more variants run there
    (side_pairs reads only a base and one candidate in turn); None where the settings do not tell them apart."""
    config = [i for i, r in enumerate(roles) if r == "config"]
    if not config or side_runs(table, roles) is not None:
        return None  # ("main" and "candidate" once per trial: runs of two sides, read as such by side_runs)
    bases, clash = _base_rows(table, labels, roles, config, base_cell)
    if clash or len(bases) < 2:
        return None
    ids = {id(r) for r in bases.values()}
    others = [(r, label) for r, label in zip(table.rows, labels, strict=True) if id(r) not in ids and _has_value(r)]
    empty = DifferenceRows([])
    found = all(_base_row(r, label, bases, config, empty) is not None for r, label in others)
    return (bases, config) if others and found else None


def _base_rows(
    table: Table, labels: list[str], roles: list[str], steps: list[int], base_cell: str = ""
) -> tuple[dict[_BaseKey, Row], bool]:
    """The baseline rows ("Baseline | 12.3 | 4.5", or the row a side column names the base: `base_cell`), by what
    ties a result row to its own (_base_key), and whether two of them share that key."""
    bases: dict[_BaseKey, Row] = {}
    clash = False
    # "baseline" beside "baseline-fused_scatter": the row named by the side word alone is the baseline, the
    # others are variants measured against it
    exact = [label for label in labels if _BASE_ALONE_RE.match(label)]
    ref = reference_label(labels)  # ("Engine X TP8 reference" beside "Prior PR head" and "This update": the base)
    exact = [ref] if ref and not exact else exact
    values_at = [i for i, r in enumerate(roles) if r == "value"]
    # ("| **BF16** | 0.6402 (100%) |" over "| **original** | 0.6290 (98.25%) |": the whole is the one base)
    whole = [label for row, label in zip(table.rows, labels, strict=True) if states_whole(row, values_at, table.rows)]
    exact = whole if len(whole) == 1 else exact
    # "original | repeat A | repeat B | combined": runs repeated, the first no baseline of the others
    repeats = any(_REPEAT_LABEL_RE.match(label) for label in labels)
    names = frozenset(label.strip().lower() for label in labels)  # ("non-EAGLE" beside "EAGLE": feature_off_twin)
    column = column_sides(labels)  # ("nightly" beside "this branch": the base by the other's name)
    values = [i for i, r in enumerate(roles) if r == "value"]
    for row, label in zip(table.rows, labels, strict=True):
        if len(exact) == 1 and label != exact[0]:
            continue
        # ("FP8 baseline", "baseline (FP8)": the base side under its setup)
        named = (
            (base_cell and label == base_cell)
            or (ref and label == ref)
            or BASELINE_LABEL_RE.match(label)
            or control_label(label)  # ("Matched control run" over the other arms: the one they are measured against)
            or (qualified_side(label) or ("",))[0] == "base"
            or feature_off_twin(label, names)
            or column.get(label.strip(" *_`")) == "base"
            or states_whole(row, values, table.rows)  # ("| **BF16** | 0.7076 (100%) |": the whole of the shares)
        )
        # (its cells numbers, or numbers with their spread: "53.07% ± 1.37 pp")
        if not repeats and named and any(is_numeric_cell(c) or spread_value(clean(c)) for c in row.cells[1:]):
            key = _base_key(row, label, steps)
            clash = clash or key in bases
            bases.setdefault(key, row)
    if not bases and not repeats and (lone := _release_base(table, labels)) is not None:
        bases[_base_key(lone[0], lone[1], steps)] = lone[0]
    return bases, clash


_RELEASE_LABEL_RE = re.compile(r"(?<![\w.])v?\d{1,3}\.\d{1,3}(?:\.\d{1,4}){0,2}(?![\w.])")


def _release_base(table: Table, labels: list[str]) -> tuple[Row, str] | None:
    """ "| v0.20.0 existing greedy proposal |" beside "| This PR, probability proposal |": the one other result row
    beside the candidate's, named for a release or a base word anywhere in its label, is its baseline."""
    rows = [(row, label) for row, label in zip(table.rows, labels, strict=True) if _has_value(row)]
    if len(rows) != 2:
        return None
    sides = [side_of(label) for _, label in rows]
    if sides.count("head") != 1:
        return None
    other = rows[1 - sides.index("head")]
    named = side_of(other[1]) == "base" or _RELEASE_LABEL_RE.search(other[1]) is not None
    return other if named else None


def _has_value(row: Row) -> bool:
    return any(map(is_numeric_cell, row.cells[1:]))


# a base row named for a branch ("main", "`master` (nightly)"), a revision rather than a setting; a row named for
# the new side in words no side reader takes for one ("ours", "optimized")
_BRANCH_ROW_RE = re.compile(r"^(?:main|master|trunk)\b|^upstream$", re.IGNORECASE)
_OWN_ROW_RE = re.compile(r"^(?:ours|optimi[sz]ed|opt)$", re.IGNORECASE)


def _lone_candidate(table: Table, labels: list[str], bases: dict[_BaseKey, Row]) -> str | None:
    """The label of the one result row beside a lone base row, where the base is a branch ("main" vs "full
    series") or the row names our side ("ours"): the candidate, measured on the revision its label names."""
    if len(bases) != 1:
        return None
    base = next(iter(bases.values()))
    base_label = next(label for row, label in zip(table.rows, labels, strict=True) if row is base)
    others = [
        label
        for row, label in zip(table.rows, labels, strict=True)
        if row is not base and any(is_numeric_cell(c) for c in row.cells[1:])
    ]
    if len(others) != 1 or not others[0] or side_of(others[0]) is not None:
        return None
    return others[0] if _BRANCH_ROW_RE.match(base_label) or _OWN_ROW_RE.match(others[0]) else None


def _base_key(row: Row, label: str, steps: list[int]) -> _BaseKey:
    """The numbers a row's label carries (or the setup words beside its side's name: "FP8 baseline" and "FP8 PR"
    share "fp8") and its cells under `steps`, the setting columns of side rows repeated per setting: a result row
    takes the baseline row that has the same."""
    words = frozenset(f"{k}={v.lower()}" for k, v in qualifiers(label).items()) if qualified_side(label) else None
    return words or _label_numbers(label), settings_key(row, steps)


def _own_measures(measure: str, heads: list[str]) -> bool:
    """A value column names the heading's measure or a score of its own ("### Accuracy" over "| Arm | Accuracy |
    Refusals |" or "| Arm | pass@1 | Generated tokens |"): the columns name their measures, not the heading."""
    names = [head_without_unit(h) for h in heads]
    return any(n.lower() == measure.lower() or is_accuracy_name(n) or is_acceptance_name(n) for n in names)


def _one_benchmark(lead: str, section: tuple[str, ...] | list[str]) -> str | None:
    """The one benchmark the lead-in or the table's own heading names ("MMLU 5-shot", "#### 1.2.1 MMLU"), or the
    measure the lead-in opens with ("Perplexity at input length 1024 ...")."""
    named = (named_benchmark(lead) if lead else None) or (named_benchmark(section[-1]) if len(section) > 1 else None)
    opening = last_metric_named(lead[:60]) if lead and not named else None
    if named or not opening or not lead.lower().startswith(opening.lower()):
        return named
    phrase = _OPENING_PHRASE_RE.match(lead[:200])  # "Output throughput per GPU (tok/s)": as the page words it
    return phrase.group(0).strip() if phrase else opening


_OPENING_PHRASE_RE = re.compile(
    r"[A-Za-z][\w/-]*(?: [\w/-]+){0,5}?(?=\s(?:at|on|in|for|with|under|from)\b|\s?[(,.:;]|$)"
)


def _measure_of_table(ctx: Context, block: Block, headers: list[str], roles: list[str], info: TableInfo) -> None:
    """The measure every cell of the table is, where the lead-in, the table's heading or a test name states it and
    its columns name only setups (info.measure; a test's lengths go to info.title_setup), and the measure of a
    column headed by its unit alone (info.unit_measure)."""
    info.unit_measure = unit_column_measure(
        ctx.lead_in(block), {i: h for i, h in enumerate(headers) if roles[i] == "value"}
    )
    measure = stated_measure(ctx, block)
    heading = block.section[-1] if len(block.section) > 1 else ""
    if measure is not None and measure.from_unit and heading and (named := _heading_measure(heading)):
        info.measure = (named, measure.unit)  # "## Time to first token" over "All values are in ms"
        info.section_unit = info.section_unit or measure.unit
    elif measure is not None:
        info.measure = (measure.name, measure.unit)
        info.section_unit = info.section_unit or measure.unit
    elif (_setting_columns(headers, roles) or _arm_columns(headers, roles)) and (
        bench := _one_benchmark(lead := _frame_lead(ctx, block), block.section)
    ):
        # "The table shows the MMLU 5-shot score." over "| Model | ONNX FP16 | ONNX INT4 |" (or "| Eager | Graphs |"):
        # every cell an MMLU score; "Output throughput (tok/s):" over "| Eager | Compiled |", its unit the cells'
        info.section_unit = info.section_unit or _caption_unit(_first_clause(lead))
        info.measure = (bench, info.section_unit)
    elif (
        len(block.section) > 1  # a sub-heading, not the title
        # ("| Metric | First Iteration |" under "### Defaults, 1st time": each row names its measure, the heading
        # only the scope they ran in)
        and not any(MEASURE_COLUMN_RE.match(h) for h, r in zip(headers, roles, strict=False) if r == "label")
        and (named := _heading_measure(block.section[-1]))
        and not _own_measures(named, [h for h, r in zip(headers, roles, strict=False) if r in _MEASURED_ROLES])
    ):
        # "##### TTFT (ms)" over "| Concurrency | Base | Opt1 |"; "### Sweep, OTPS / GPU" (a rate named by its unit)
        info.section_unit = info.section_unit or (unit if is_measure_unit(unit := normalise_unit(named)) else None)
        info.measure = (named, info.section_unit)
    elif _variant_columns(headers, roles) and (named := (captioned := _captioned_measure(_frame_lead(ctx, block)))[0]):
        # "TTFT, 4 reps, conc 16:" over "| rep | default | tuned |"; "Decode throughput per GPU (tok/s):" (or a
        # sentence closing on "**kernel time (us)**") over "| Model | Baseline | Tuned |", its unit the cells'
        info.section_unit = info.section_unit or _caption_unit(captioned[1])
        info.measure = (named, info.section_unit)
        for setting, value in captioned[2].items():
            info.title_setup.setdefault(setting, value)  # "..., 3-run average:": the cells are means of 3 runs
    elif (test := named_bench_test(ctx.lead_in(block))) and _variant_columns(headers, roles):
        # "PP-512 for qwen2-7b:" over "| Platform | Q4_0 | Q4_0_R8 |": the test is the measure, its length the setup
        info.measure = (test[0], info.section_unit)
        for setting, value in test[1].items():
            info.title_setup.setdefault(setting, value)
    elif named := prose_measure(ctx, block, headers, roles):
        info.measure = (named, info.section_unit)  # "| PR #123 | upstream | Δ |" in a PR giving "+4.3% throughput"
    elif info.section_unit and _variant_columns(headers, roles) and (by_unit := measure_of_unit(info.section_unit)):
        # "GEMM results (microseconds; lower is better):" over "| N | K | Generic | Tuned table |": latencies, each
        # column a variant
        info.measure = (by_unit, info.section_unit)
    elif (
        _variant_columns(headers, roles)
        and not any(MEASURE_COLUMN_RE.match(h) for h, r in zip(headers, roles, strict=False) if r == "label")
        and (plan := plan_heading(ctx.doc, block, _heading_measure))
        and (named := _heading_measure(plan.text))
        and not _own_measures(named, [h for h, r in zip(headers, roles, strict=False) if r in _MEASURED_ROLES])
    ):
        # "## Acceptance Length vs Context Length" over the runs' setup, the table two sections down: its measure
        # and the setup the plan states (the table's own lines and cells state theirs first)
        info.measure = (named, info.section_unit)
        for key, value in plan_setup(ctx.doc, plan).items():
            info.title_setup.setdefault(key, value)
    elif named := grid_measure(ctx, block, headers, roles):
        info.measure = (named, info.section_unit)  # "| sl | bs=1 | bs=8 |" over ratios: no cell's coordinates
    elif _model_columns(info, headers, roles) and (named := caption_measure(ctx, block)):
        # "*Average accuracy across `piqa`, `mmlu`.*" over "### Table 2 ..." and "| Avg. bits | Qwen3-8B |": the rows
        # name recipes, the columns models, and the page's caption the measure of every cell (never "Ours 4.5-bit")
        info.measure = (named, info.section_unit)


# a script's caption of one quantity and its unit over the frame it prints ("AVERAGE STEP TIME (ms)"): no colon, no verb
_FRAME_CAPTION_RE = re.compile(r"[A-Za-z][A-Za-z0-9/_-]{0,24}(?: [A-Za-z0-9/_-]{1,24}){0,4} ?\([^()\n]{1,16}\)")


def _frame_lead(ctx: Context, block: Block) -> str:
    """The block's lead-in, a frame's bare caption right over its header inside a paste read as "caption:"."""
    lead = ctx.lead_in(block)
    if block.in_code and block.table is not None and ctx.doc.line(block.table.header_line - 1).strip() == lead:
        return f"{lead}:" if _FRAME_CAPTION_RE.fullmatch(lead) else lead
    return lead


def _captioned_measure(lead: str) -> tuple[str | None, str, dict[str, str]]:
    """The measure a lead-in names as a caption, the caption, and the statistic it closes on: the lead-in itself
    ("Time to first token (ms):", "**Throughput (tok/s), 3-run average:**", a mean of 3 runs), else the caption its
    sentence closes on ("... listed below, e2e latency(us)")."""
    bare, stat = caption_statistic(lead)
    for caption in dict.fromkeys((bare, lead_caption(bare))):
        if named := _lead_measure(caption):
            # ("Decode throughput (tok/s), Wren-32B on 4x MI300X, 2048 in / 512 out:": the first clause is the caption,
            # its unit the cells'; the clauses after it are the runs' setup)
            return named, _first_clause(caption), stat
        if named := _lead_quantity(caption):
            return named, caption, stat
    for clause in caption_clauses(bare):  # (a clause naming the measure whole, not its first word of a phrase)
        if (named := _lead_measure(clause)) and named.lower() == clause.rstrip(":").strip().lower():
            return named, clause, stat
    return None, lead, {}


def _lead_measure(lead: str) -> str | None:
    """The measure a lead-in names first, before how it was run ("TTFT, 4 reps, conc 16:" -> "TTFT")."""
    if not lead.rstrip().endswith(":"):
        return None
    # ("Acceptance length per dataset, one H100:": the rows break the measure down, their label says by what)
    first = _BREAKDOWN_RE.sub("", lead.rstrip().rstrip(":").split(",", 1)[0])
    if names_known_measure(head_without_unit(first)):
        return _heading_measure(first)
    return _lead_quantity(f"{first}:") if "," in lead else None  # ("Decode throughput (tok/s), 2048 in / 512 out:")


def _first_clause(lead: str) -> str:
    """The lead-in's first clause as a caption of its own ("Output throughput (tok/s):" of "Output throughput
    (tok/s), Wren-32B on 4x MI300X:"), the lead-in itself where it has one clause."""
    return f"{lead.split(',', 1)[0].rstrip(' :')}:" if "," in lead and lead.rstrip().endswith(":") else lead


def _caption_unit(lead: str) -> str | None:
    """The unit a caption closes on in parentheses ("Time to first token (ms):"), or gives its measure before the
    setting the runs were taken at ("Output throughput (tok/s) at concurrency 128:"); None for any other lead-in."""
    caption = lead.rstrip().rstrip(":").rstrip()
    if caption.endswith(")") or not (m := _UNIT_THEN_SETTING_RE.match(caption)):
        unit = unit_of_header(caption) if caption.endswith(")") and lead.rstrip().endswith(":") else None
    else:
        unit = unit_of_header(m.group(0)) if lead.rstrip().endswith(":") else None
    return unit if unit and is_measure_unit(unit) else None


# "Output throughput (tok/s) at concurrency 128": the measure and its unit, then where the runs were taken
_UNIT_THEN_SETTING_RE = re.compile(r"[^()]{1,60}\([^()]{1,16}\)(?=\s(?:at|on|for|with|under|across)\s)", re.IGNORECASE)


def _lead_quantity(lead: str) -> str | None:
    """A lead-in that is a caption of one quantity and its unit, "Decode throughput per GPU (tok/s):": the measure,
    what it is taken per part of it, for columns that name only the arms (a lead-in of clauses is _lead_measure's)."""
    if "," in lead or (unit := _caption_unit(lead)) is None:
        return None
    caption = lead.rstrip().rstrip(":")
    # "**Decode (tok/s):**" over "| Cache | 512 | 4096 |": the phase's rate, named as a "Decode (tok/s)" column names
    # its cells (the title is the only place the measure is written, and decode must never read as prefill)
    bare = head_without_unit(caption).strip(" *_`")
    return _heading_measure(caption) or (bare if rate_part_name(bare) and rate_alone(unit) else None)


_BREAKDOWN_RE = re.compile(r"\s(?:per|by|for each|across)\s[\w/-]{1,24}(?:\s[\w/-]{1,24})?$", re.IGNORECASE)


_MEASURED_ROLES = ("value", "baseline", "mixed")
"""The roles of columns that hold results (a mixed one, "0.961 / 0.964 +/- 0.005" under "exact_match", as well)."""


def _setting_columns(headers: list[str], roles: list[str]) -> bool:
    """Most value columns name a setting each ("ONNX FP16 | ONNX INT4", "FP16-MB | Mixed AWQ-MO"), none a measure."""
    heads = [headers[i] for i, r in enumerate(roles) if r in _MEASURED_ROLES and i < len(headers)]
    return _variant_columns(headers, roles) and sum(bool(qualifiers(h)) for h in heads) * 2 > len(heads)


def _arm_columns(headers: list[str], roles: list[str]) -> bool:
    """The value columns name arms of a run and no measure at all, not even one of quality ("| Eager | Graphs |",
    never "| PPL | KLD |")."""
    heads = [headers[i] for i, r in enumerate(roles) if r in _MEASURED_ROLES and i < len(headers)]
    return _variant_columns(headers, roles) and not any(is_accuracy_name(h) or is_acceptance_name(h) for h in heads)


def _model_columns(info: TableInfo, headers: list[str], roles: list[str]) -> bool:
    """Every value column names a model ("| Average bits | Llama3.1-8B-I | Qwen3-8B |")."""
    heads = [headers[i] for i, r in enumerate(roles) if r in _MEASURED_ROLES and i < len(headers)]
    return bool(heads) and all(info.column_models.get(h) for h in heads)


def _variant_columns(headers: list[str], roles: list[str]) -> bool:
    """The value columns name variants, not measures ("Q4_0 | Q4_0_R8"): no header looks like a metric or has a
    unit."""
    heads = [headers[i] for i, r in enumerate(roles) if r in _MEASURED_ROLES and i < len(headers)]
    # ("| ours | previous(cublas) |": a parenthesis naming what a variant ran on is no unit)
    return bool(heads) and not any(
        looks_metric(h) or (HEAD_UNIT_RE.search(h) and unit_of_header(h)) or stated_unit(h) for h in heads
    )


_NUMBERING_RE = re.compile(r"^\s{0,3}(?:\d{1,2}(?:\.\d{1,2}){0,3}[.)]?\s{1,3}|\d{1,2}[.)]\s{0,3})?")


_BAR_TAIL_RE = re.compile(
    r"\s(?:under|within|below|at|with|for)\s(?:the\s|a\s|an\s)?[^()]{0,40}?"
    r"\b(?:gate|slo|sla|budget|limit|threshold|constraint|cap|target)s?\b.{0,40}$",
    re.IGNORECASE,
)


def _heading_measure(heading: str) -> str | None:
    """The measure a table's own heading names ("3. TTFT(ms)" -> "TTFT", "User Token Throughput"), for cells whose
    row and column name only their setup and side; None for a heading that names no measure ("Results")."""
    # ("Capacity under the 25 ms TPOT gate": the capacity, held to a TPOT bar; no TPOT measured)
    if settings_line(heading) is not None:
        return None  # "## TOKENS=8 — `MEGA_TIMING=e2e`": the section's settings, no measure
    heading = listed_settings(heading)[0]  # ("### Speedup, heads=64": the speedup; 64 heads is its setup)
    heading = worded[0] if (worded := worded_unit(heading)) is not None else heading  # ("... in tokens per second")
    name = head_without_unit(without_sweep(_BAR_TAIL_RE.sub("", _NUMBERING_RE.sub("", heading)))).strip(" *_`:")
    name = without_activity(name)  # ("Speed Tests and Profiling": the speed, what the tests were run for)
    paren = _SETUP_PAREN_RE.search(name[:200])  # ("..., OTPS / GPU (ISL=1600 OSL=600, same node)": the runs' setup)
    bare = name[: paren.start()] if paren and qualifiers(paren.group(1)) else name
    parts = _HEAD_PARTS_RE.split(name[:80])
    if len(parts) > 1 and all(qualifiers(p) for p in parts[:-1]):
        name = parts[-1].strip(" *_`:")  # "TP2 — TPOT (ms)": the setup (read as the section's), then the measure
    elif len(parts := bare[:80].split(", ")) > 1 and looks_metric(parts[-1]) and not any(map(looks_metric, parts[:-1])):
        name = parts[-1].strip(" *_`:")  # "Full load sweep, OTPS / GPU": what was run, then what it measured
    return name if name and len(name) <= 40 and looks_metric(name) and not named_benchmark(name) else None


_HEAD_PARTS_RE = re.compile(r"\s[—–-]\s|:\s")
_SETUP_PAREN_RE = re.compile(r"\s?\(([^()]{1,160})\)\s*$")


def _row_labels(
    table: Table, label_cols: list[int], info: TableInfo, headers: list[str]
) -> tuple[list[str], list[dict[str, str]]]:
    """Each row's name and setup (_row_names), without the tag every name opens with ("v1. main branch" over "v1.
    this PR": the rows' tag, then the side each names)."""
    labels, setups = _row_names(table, label_cols, info, headers)
    return without_shared_tag(labels), setups


def _row_names(
    table: Table, label_cols: list[int], info: TableInfo, headers: list[str]
) -> tuple[list[str], list[dict[str, str]]]:
    """Each row's name: its label cells joined ("load (ms) / p99"); under two or more label columns, a first cell
    left empty continues the row above ("| **load (ms)** | avg |" then "| | p99 |"), as a rendered page spans it.
    With each, the setup its first label cell states where that cell is a setting and the next ones name measures:
    a workload that states nothing else ("| ISL 8192 / OSL 1024 @ conc 50 | Total tok/s |"), or the value of a
    setting column ("| Model | Metric |"): the setting is the row's setup, continued down, the next cell its name."""
    names: list[list[str]] = []
    above = ""
    for row in table.rows:
        parts = [clean(row.cells[i]).removesuffix(":").rstrip() if i < len(row.cells) else "" for i in label_cols]
        if len(parts) > 1:  # "| ceval | - | naive_average |": a dash among the label cells names nothing
            parts = ["" if is_filler(p) else p for p in parts]
        if len(parts) > 1 and parts[0]:
            above = parts[0]
        elif len(parts) > 1 and above and any(parts[1:]) and any(is_numeric_cell(c) for c in row.cells):
            parts[0] = above
        names.append(parts)
    task = info.task_col
    if task is not None and len(label_cols) > 1 and all(i == task or i in info.setting_labels for i in label_cols):
        # "| Model | Task |" over "Heron-7B (TP1) | GSM8K": the score is the task's, the model its setup (row_setup)
        return [p[label_cols.index(task)] for p in names], [{} for _ in names]
    firsts, rests = [p[0] if p else "" for p in names], [p[1:] for p in names]
    setups: list[dict[str, str]] | None = None
    if len(label_cols) > 1 and _workload_column(firsts, rests):
        setups = [workload_setup(f) if f else {} for f in firsts]
    elif len(label_cols) > 1 and label_cols[0] in info.setting_labels:
        setups = _setting_column(table, label_cols[0], firsts, rests, info, headers)
    if setups is None:
        return [" / ".join(p for p in parts if p) for parts in names], [{} for _ in names]
    return [" / ".join(p for p in parts[1:] if p) for parts in names], setups


def _setting_column(
    table: Table, col: int, firsts: list[str], rests: list[list[str]], info: TableInfo, headers: list[str]
) -> list[dict[str, str]] | None:
    """Each row's setup from a first label column whose header names a setting ("Model", "ISL/OSL"), its value
    continued down through empty cells, where every filled cell of it is such a value and the next label cells
    name measures ("TTFT (ms)"); None otherwise ("| Model | Variant |" over "ours": a name, not a setting)."""
    if not any(r for rest in rests for r in rest) or not all(looks_metric(r) for rest in rests for r in rest if r):
        return None
    out: list[dict[str, str]] = []
    for row, first in zip(table.rows, firsts, strict=True):
        cells = [first if i == col else c for i, c in enumerate(row.cells)]
        setup = info.row_setup(Row(row.line, cells, row.text), headers) if first else {}
        if first and not setup:
            return None
        out.append(setup)
    return out


def _workload_column(firsts: list[str], rests: list[list[str]]) -> bool:
    """The first label column states the workload of its rows and nothing else, and the others name what they
    measure (not another setting: "| 1024/128 | 8 |" is a row of two settings, named by both)."""
    cells = [c for c in firsts if c]
    return (
        bool(cells)
        and all(setup_only(c) for c in cells)
        and any(r and not setup_only(r) for rest in rests for r in rest)
    )


def _group_setup(claims: Iterator[Claim], group: str) -> tuple[Iterator[Claim], bool]:
    """The claims of a row under a group row naming their model or setup; True where it names neither (their data
    set or statistic, read once the row's columns named their measure: group_rows)."""
    if (model := _GROUP_MODEL_RE.match(group)) is not None:  # "| **OPUS-MT model** | | |": the rows' model
        return _with_setup(claims, {"model": model.group(1)}, wins=True), False
    # ("| H100/8B/TP4 | | |": the setup of the block under it; "| **6 experts V0.2.1** | | |": with the release it ran)
    if stated := setup_stated(group) or setup_at_release(group):
        return in_block(claims, stated), False
    return claims, True


_GROUP_MODEL_RE = re.compile(r"^(\S.{0,60}?)\s+models?$", re.IGNORECASE)
_TASK_REACH = 12
"""Blocks looked back for the sentence that names a turn's benchmark."""


def _turn_task(ctx: Context, block: Block) -> str | None:
    """The benchmark the opening sentence of the table's turn names ("test on A100 for accuracy with GSM8K
    (5-shot)" over model headings and their tables of filters), when no sentence between names another."""
    blocks = ctx.doc.blocks
    i = ctx.block_index(block)
    for b in reversed(blocks[max(0, i - _TASK_REACH) : max(0, i)]):
        if b.kind == "comment":
            return None  # the turn's start
        if b.kind in ("text", "item") and not b.in_code and (task := named_benchmark(b.text[:300])):
            return task
    return None


def _of_task(claims: Iterator[Claim], task: str | None, dataset: str | None) -> Iterator[Claim]:
    """An accuracy that names no benchmark takes the one the table's lead-in (or its turn) names, as its `task`; a
    speed or an acceptance measured on the one the lead-in right over it names ("3 samples of mt-bench:" over a
    throughput table) takes it as its `dataset`."""
    for c in claims:
        if (
            task
            and c.kind == "accuracy"
            and "task" not in c.config
            and not named_benchmark(c.metric or "")
            and not OWN_MEASURE_RE.search(c.metric or "")  # ("q6_k PPL": a row's)
        ):
            c.config["task"] = task
        elif (
            dataset
            and c.kind != "accuracy"
            and not ({"task", "dataset"} & c.config.keys())
            and not named_benchmark(f"{c.metric or ''} {c.config.get('context', '')}")
        ):
            c.config["dataset"] = dataset
        yield c


def _row_revision(claims: Iterator[Claim], row: Row, col: int, label: str, named: bool) -> Iterator[Claim]:
    """A row whose revision column holds a sha was measured on that commit, named by the row's label where the rows
    name different commits (`named`), else by the commit."""
    cell = clean(row.cells[col]).strip("` ") if col < len(row.cells) else ""
    if not (SHA_RE.fullmatch(cell) and is_sha(cell)):
        yield from claims
        return
    rev = Revision(label=(label if named else "") or cell[:10], head=cell.lower())
    for c in claims:
        # the row's label names the revision now, not the measure: "Accuracy (R2: PR)" is the PR's "Accuracy"
        config = {k: v for k, v in c.config.items() if v != clean(row.cells[col]) and k != "row"}
        yield c.model_copy(update={"revision": rev, "config": config, "metric": _without_label(c.metric, label)})


def _shas_differ(table: Table, col: int) -> bool:
    """The revision column names more than one commit: each row's label names its own side. One commit on every row
    ("| small | 4 | 31.20 | ab12cd3 |" on each model's row) is the build the whole table ran: the rows are its
    setups, none of which names the commit (a revision has one name, grammar.head_names)."""
    cells = [clean(r.cells[col]).strip("` ").lower() for r in table.rows if col < len(r.cells)]
    return len(set(cells) - {""}) > 1 or len(cells) < 2


def _without_label(metric: str | None, label: str) -> str | None:
    for form in (f" ({label})", f"{label} "):
        if metric and form in metric and metric.replace(form, "", 1).strip():
            return metric.replace(form, "", 1).strip()
    return metric


def _named_apart(claims: Iterator[Claim], label: str) -> Iterator[Claim]:
    """A row named by its precision alone ("w8a16") states its setup, which its claims keep as `quant`: their
    metric is the column's alone ("mmlu", not "mmlu (w8a16)")."""
    for c in claims:
        yield c.model_copy(update={"metric": _without_label(c.metric, label)})


def _on_row_run(
    ctx: Context, claims: Iterator[Claim], row: Row, label: str, candidate: bool, base_row: Row, rev: str | None = None
) -> Iterator[Claim]:
    """A row read against a base row, on the run it names: an arm its label links (another pull request's run,
    tables.linked_arms), or the candidate side (`candidate`: the lone candidate or a head row; `rev`: the revision
    of the change its label names, "Prior PR head" of "Prior PR head + fix, TP4": tables.revision_rows)."""
    if row.cells and linked_arm(row.cells[0], label, own_number(ctx.doc)):
        return on_linked_arm(claims, label, row.cells[0])
    if rev:
        claims = on_revision_row(claims, label, ctx.named_at(row.line).get(rev.lower()) or Revision(label=rev))
        return _named_apart(claims, label)  # (the row names the revision, not the measure)
    if not (side_of(label) == "head" or candidate):
        return claims
    base = sha_tail(clean(base_row.cells[0])) if base_row.cells else None  # ("main `a1b2c3d4e5`": the base's commit)
    return _on_side(ctx, claims, label, row.line, base[1] if base else None)


def _revisions(table: Table, labels: list[str], bases: dict[_BaseKey, Row]) -> dict[str, str]:
    """The revision each result row's label names, where the rows are revisions against one base row
    (tables.revision_rows)."""
    ids = {id(r) for r in bases.values()}
    return revision_names(labels, [label for row, label in zip(table.rows, labels, strict=True) if id(row) in ids])


def _on_side(ctx: Context, claims: Iterator[Claim], label: str, line: int, base: str | None) -> Iterator[Claim]:
    """A row that names the candidate side ("+ this PR" under "base (upstream)"): its values were measured on that
    revision, which the row names rather than a metric or a setting."""
    # "This PR (MXFP4)": the side is the revision, its setup words the row's setup (read with its label)
    side = qualified_side(label)
    name = side[1] if side else label.strip(" +*_`") or label
    name = head_without_unit(name) if unit_of_header(name) else name  # ("this PR (us)": the side, in its unit)
    name, sha = tail if (tail := sha_tail(name)) else (name, None)  # ("PR head `f6e7d8c9b0`": built at that commit)
    named = ctx.named_at(line)
    built = Revision(label=name, head=sha, base=base if sha else None)
    rev = named.get(label.lower()) or named.get(name.lower()) or built
    for c in claims:
        if c.config.get("row") != label:
            yield c
            continue
        # (a head the page states for the whole text, "Measured head `c3d4e5f`", is the candidate's: the row keeps
        # it unless its side names its own commit; either way the row names the side, not the measure)
        own = rev if rev.head or c.revision is None else c.revision
        if not rev.head and c.revision is not None and not c.revision.head and c.revision.base:
            own = rev.model_copy(update={"base": rev.base or c.revision.base})  # (the side, on the base stated above)
        config = {k: v for k, v in c.config.items() if k != "row"}
        yield c.model_copy(update={"revision": own, "config": config, "metric": _without_label(c.metric, label)})


def _on_run(claims: Iterator[Claim], rev: Revision) -> Iterator[Claim]:
    for c in claims:
        yield c if c.revision is not None and c.revision.head else c.model_copy(update={"revision": rev})


def _with_setup(claims: Iterator[Claim], setup: dict[str, str], wins: bool = False) -> Iterator[Claim]:
    """The claims with the settings of the variant their row names; the row's own cells win, unless `wins` (a group
    row's model is its rows', whatever the page names around it)."""
    for c in claims:
        yield c.model_copy(update={"config": {**c.config, **setup} if wins else {**setup, **c.config}})


_TITLE_STOP_RE = re.compile(r"^\s*(?:```|~~~|#|\||$)")


def _table_setup(ctx: Context, block: Block, table: Table, headers: list[str], roles: list[str]) -> dict[str, str]:
    """The setup every row of the table shares: its title lines', its corner cell's ("|33B model| master | this PR |",
    over its title line's), its turn's, and the name a script printed over its frame."""
    out = {**_title_setup(ctx, table.header_line), **corner_setup(headers, roles)}
    for setting, value in turn_settings(ctx, block).items():
        out.setdefault(setting, value)  # "### Invariants" over "## Summary": every run of the turn
    if (
        block.in_code
        and (plot := plot_name(ctx.doc.line(table.header_line - 1)))
        and not _named_variant(ctx, table, plot)
    ):
        out.setdefault("test", plot)  # "matmul-performance:" over a frame: which benchmark it holds
    return out


def _title_setup(ctx: Context, header_line: int) -> dict[str, str]:
    """The setup the title lines right over a table name ("GPT-OSS-120B MoE MM1 E=128 EP=4" over a console
    table, "Results on 8x H200, TP8:" over a pipe table): the model and the setup words, for every row."""
    out: dict[str, str] = {}
    start = header_line - 1
    if not ctx.doc.line(start).strip() and ctx.doc.line(start - 1).rstrip().endswith(":"):
        start -= 1  # a lead-in line that introduces the table, a blank line between them
    variants = {line for line, _ in variant_items(ctx.doc, ctx.memo).values()}
    for no in range(start, max(0, start - 3), -1):
        line = ctx.doc.line(no)
        if _TITLE_STOP_RE.match(line) or len(line) > 300 or no in variants:
            break  # ("- high-throughput: TP8 + --dp 8" above: its variant's setup, not every row's)
        line = ctx.doc.setup_line(no)  # (as the setup readers read it: "a strong fit for PD serving" blanked)
        for key, value in qualifiers(line).items():
            if key != "quant":  # "against the bf16 logits": a dtype in a lead-in names the reference as often
                out.setdefault(key, value)
        # ("X decode was host-bound. On an M5 serving `Y`, ...": Y, the model its run served)
        if models := [m for m in model_names(line) if m not in passing_models(line)]:
            out.setdefault("model", fullest_spelling(models))
    return out


def _named_variant(ctx: Context, table: Table, name: str) -> bool:
    """The lead-in readers took the frame's name as its variant already ("grouped-gemm-fp8:")."""
    return ctx.setup is not None and ctx.setup.at(table.header_line).get("variant") == name


# (a bold decimal too: "- Accuracy: GSM8K **0.941** >= 0.92" over a speed table is that eval's result, and its task
# none of the speed rows' dataset)
_OWN_SCORE_RE = re.compile(r"(?:[:=]|\*\*)\s{0,3}[-+]?\d{1,3}\.\d")
_REPEAT_LABEL_RE = re.compile(r"^(?:repeat|rerun|re-run|second run|run \d|trial|seed \d|attempt)\b", re.IGNORECASE)
_BASE_ALONE_RE = re.compile(r"^(?:baseline|base|before|main|master|original|reference|ref|old|default)$", re.IGNORECASE)
# ("baseline_rep2", "fused-run2", "arm_2": a replicate's number joined to its arm's name is the label's number too)
_LABEL_NUMBER_RE = re.compile(
    r"(?:(?<![\w.])|(?<=_)|(?<=[_-]rep)|(?<=[_-]run)|(?<=[_-]trial)|(?<=[_-]seed))\d+(?:\.\d+)?(?![\w.])"
)


def _label_numbers(label: str) -> frozenset[str]:
    """The numbers a row's label carries ("int4wo - 128 (w/ compile)" -> {"128"}): what ties it to its baseline."""
    return frozenset(_LABEL_NUMBER_RE.findall(label))


def _measured(info: TableInfo) -> str | None:
    return info.measure[0] if info.measure else None
