"""lm-evaluation-harness result tables: one accuracy claim per value cell.

    |Tasks|Version|     Filter     |n-shot|  Metric   |   |Value |   |Stderr|
    |-----|------:|----------------|-----:|-----------|---|-----:|---|-----:|
    |gsm8k|      3|flexible-extract|     5|exact_match|↑  |0.4905|±  |0.0138|
    |     |       |strict-match    |     5|exact_match|↑  |0.4913|±  |0.0138|

The table comes as a markdown table, inside a code block (pasted terminal output) or as plain
pipe lines of a rendered copy. Task, version, filter, n-shot and metric go into the claim's
config; the Stderr cell is kept on the claim's `stderr` field (not a claim of its own). A row with
an empty task (and filter) continues the row above. The older layout without Filter / n-shot
columns (`|Task|Version|Metric|Value| |Stderr|`) and the `Groups` table are read the same way.
Re-tabulated copies (CI generators, hand-edited READMEs) are read too: a mark glued before the value ("✅0.52",
"↑ 0.51"; a verdict mark is kept as the claim's outcome_text), a Stderr cell with its sign ("± 0.0162"), the
harness's result key as the metric ("acc,none": metric and filter) and "- subtask" rows under a group row.
The table is marked taken so the generic table reader does not read its numbers again. A row
cut off before its value cell is complete (a truncated paste) is skipped with a warning.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import to_float
from ledger.parsers.reader.document import Block, Document, pipe_cells
from ledger.vocab.outcomes import VALUE_MARKS

NAME = "lm_eval"
VERSION = "1"
BLOCKS = frozenset({"table", "code", "text"})
NEEDS_DIGIT = False
"""The header line that starts the region has no digit; the rows below it do."""

_FIRST_RE = re.compile(r"^(?:tasks?|groups?)$", re.IGNORECASE)
_VALUE_RE = re.compile(r"^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d{1,3})?$")
# a generator's mark glued before the value ("✅0.5222", "↑ 0.5122"), or the "±" of a merged Stderr cell
_MARK_RE = re.compile("^(" + "|".join(sorted(map(re.escape, VALUE_MARKS), key=len, reverse=True)) + ")")
_PLUS_MINUS_RE = re.compile(r"^(?:±|\+/?-)\s*")


def _unmarked(cell: str) -> tuple[str, str | None]:
    """The value cell without the mark a generator glued before it, and the verdict mark (None for none or an
    arrow, which says which way is better, not whether this value passed)."""
    m = _MARK_RE.match(cell)
    if m is None:
        return cell, None
    return cell[m.end() :].strip(), m.group(1) if VALUE_MARKS[m.group(1)] else None


def _task_metric(group: str, task: str, metric: str, filt: str) -> tuple[str, str, str]:
    """(task, metric, filter) of a row: a "- subtask" row under a group row ("- Art" under "mmmu_val") is the
    group's subtask unless its name already says so ("- mmlu_anatomy" under "mmlu"); a harness result key
    ("acc,none", "exact_match,strict-match") is the metric and its filter."""
    name = task.lstrip(" -")
    if task.lstrip().startswith("-") and group and not name.lower().startswith(group.lower()):
        name = f"{group} {name}"
    measure, comma, key_filter = metric.partition(",")
    if comma and measure.strip() and key_filter.strip():
        metric, filt = measure.strip(), filt or key_filter.strip()
    return name or "?", metric, filt


@dataclass(slots=True)
class Layout:
    """Column positions of an lm-eval header."""

    task: int
    value: int
    metric: int | None
    filter: int | None
    nshot: int | None
    version: int | None
    stderr: int | None
    ncols: int


def layout_of(cells: list[str]) -> Layout | None:
    """The columns of an lm-eval header row, or None when the row is not one."""
    names = [c.strip().lower() for c in cells]
    if not names or not _FIRST_RE.match(names[0]) or "value" not in names or "metric" not in names:
        return None

    def col(*keys: str) -> int | None:
        for i, n in enumerate(names):
            if n in keys:
                return i
        return None

    value = col("value")
    assert value is not None
    return Layout(
        task=0,
        value=value,
        metric=col("metric"),
        filter=col("filter"),
        nshot=col("n-shot", "nshot"),
        version=col("version"),
        stderr=col("stderr"),
        ncols=len(names),
    )


def _row_text(line: str) -> str | None:
    """A pipe line's text as the table holds it: a diff's added row ("+|gsm8k|...", a README's new results) without
    its mark; "" for a removed row ("-|gsm8k|...": the old text's, no result of the run); None for no pipe line."""
    s = line.strip()
    if s[:2] == "+|":
        return s[1:]
    return "" if s[:2] == "-|" else s if s.startswith("|") else None


def _is_header_line(line: str) -> Layout | None:
    s = _row_text(line) or ""
    if not s.startswith("|") or s.count("|") < 4:
        return None
    return layout_of(pipe_cells(s))


def _is_delimiter(line: str) -> bool:
    s = line.strip()
    return bool(s) and s.startswith("|") and set(s) <= set("|-: ")


def _cell(cells: list[str], i: int | None) -> str:
    return cells[i].strip() if i is not None and i < len(cells) else ""


def _pipe_rows(ctx: Context, header_line: int, last_line: int) -> list[tuple[int, list[str], bool]]:
    """(line, cells, complete) of the pipe lines below a header, up to last_line or the first other line."""
    rows: list[tuple[int, list[str], bool]] = []
    for no in range(header_line + 1, last_line + 1):
        s = _row_text(ctx.doc.line(no))
        if s is None:
            break
        ctx.taken.add(no)
        if s and not _is_delimiter(s):
            rows.append((no, pipe_cells(s), s.endswith("|")))
    return rows


def _rows(ctx: Context, header_line: int, rows: list[tuple[int, list[str], bool]], layout: Layout) -> Iterator[Claim]:
    """One claim per value cell of the rows (line, cells, complete) under an lm-eval header."""
    ctx.taken.add(header_line)
    task = filt = version = group = ""
    for no, cells, complete in rows:
        ctx.taken.add(no)
        if _cell(cells, layout.task):
            task = _cell(cells, layout.task)
            filt = _cell(cells, layout.filter)
            version = _cell(cells, layout.version)
            if not task.startswith("-"):  # (a group row, or a task of its own: the dashed rows below are its)
                group = task
        elif _cell(cells, layout.filter):
            filt = _cell(cells, layout.filter)
        vtext, mark = _unmarked(_cell(cells, layout.value))
        if not vtext or not _VALUE_RE.match(vtext):
            continue
        if layout.value >= len(cells) - 1 and not complete:
            ctx.warn(no, "lm-eval row cut off in its value cell (truncated input?)")
            continue
        value = to_float(vtext)
        if value is None:
            continue
        etext = _PLUS_MINUS_RE.sub("", _cell(cells, layout.stderr))
        stderr = to_float(etext) if etext else None
        task_name, metric_name, row_filter = _task_metric(group, task, _cell(cells, layout.metric), filt)
        metric = f"{task_name} {metric_name}".strip()
        if row_filter and row_filter.lower() != "none":
            metric = f"{metric} ({row_filter})"
        config = {
            "task": task_name,
            "version": version,
            "filter": row_filter,
            "n-shot": _cell(cells, layout.nshot),
            "metric": metric_name,
        }
        claim = ctx.claim(
            "accuracy", no, ctx.doc.line(no).strip(), metric=metric, value=value, stderr=stderr, config=config
        )
        yield claim.model_copy(update={"outcome_text": mark}) if mark else claim


def _last_line(ctx: Context) -> int:
    for k in range(len(ctx.doc.lines), 0, -1):
        if ctx.doc.line(k).strip():
            return k
    return 0


def admits(block: Block, text: str, doc: Document) -> bool:
    """Every value read here stands under a header of the block's own naming a Metric and a Value column
    (layout_of; case-blind)."""
    low = text.lower()
    return "metric" in low and "value" in low


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.kind == "table":
        table = block.table
        if table is None:
            return
        layout = layout_of(table.header)
        if layout is None:
            return
        if table.style == "pipe":
            rows = _pipe_rows(ctx, table.header_line, block.end)
        else:  # a rendered copy's tab-separated table: only the document's last line can be cut
            end = _last_line(ctx)
            rows = [(r.line, r.cells, r.line != end) for r in table.rows]
        yield from _rows(ctx, table.header_line, rows, layout)
        return
    # a code block (terminal output) or the pipe lines of a rendered copy
    no = block.start
    while no <= block.end:
        layout = _is_header_line(ctx.doc.line(no)) if no not in ctx.taken else None
        if layout is None:
            no += 1
            continue
        end = no
        while end + 1 <= len(ctx.doc.lines) and _row_text(ctx.doc.line(end + 1)) is not None:
            end += 1
        if block.kind == "code":
            end = min(end, block.end)
        yield from _rows(ctx, no, _pipe_rows(ctx, no, end), layout)
        no = end + 1
