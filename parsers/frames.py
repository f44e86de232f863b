"""Data frames printed by pandas (and Triton's perf_report): whitespace-aligned columns.

        batch_size  hot_buffer_size  miss_rate  SGL JIT Kernel
    0          1.0           4096.0      0.200       44.985601
    1          1.0           4096.0      0.001       31.327999

The header row names the columns (separated by two or more spaces; a name may hold single
spaces); each row is an optional index label followed by one number per column. Columns whose
name is a snake_case input (batch_size, *_size, *_cnt, num_*, seq_len, M/N/K, rate and ratio
inputs) are the row's configuration; the other numeric columns (provider names such as
"SGL JIT Kernel", or measured names: latency_ms, tflops, speedup) are perf claims, one per cell.
Frames come inside code blocks (markdown) or as plain text lines (a rendered copy).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.parsers.base import Context
from ledger.parsers.document import Block
from ledger.parsers.numbers import header_unit, to_float

from ledger.model import Claim
from ledger.vocab.metrics import kind_for_metric
from ledger.vocab.setup import is_config_label

NAME = "frames"
VERSION = "1"
BLOCKS = frozenset({"code", "text"})
NEEDS_DIGIT = False
"""The header line that starts the region has no digit; the rows below it do."""

_NUM_RE = re.compile(r"^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d{1,3})?$")
_INPUT_RE = re.compile(
    r"(?:^|_)(?:size|sizes|cnt|count|num|n|len|length|rate|ratio|dim|dims|shape|batch|bs|seq|seqlen|tokens?|"
    r"m|k|heads?|experts?|topk|top_k|ctx|context|isl|osl|tp|ep|pp|dp|world|rank|page|block|blocks|"
    r"chunk|layers?|hidden|width|depth|step|steps|iters?|warmup|provider|dtype|mode)(?:_|$)",
    re.IGNORECASE)
_MEASURED_RE = re.compile(
    r"latency|time|ms\b|us\b|_ms|_us|_s$|tflops|gflops|gbps|gb/s|tb/s|bandwidth|throughput|speed|tok/s|"
    r"accuracy|acc\b|score|err|diff|mem|memory|bytes", re.IGNORECASE)
MAX_COLS = 40


_COL_GAP_RE = re.compile(r"\s{2,}|\t")
_DIGIT_RE = re.compile(r"\d")
_PAREN_TIME_RE = re.compile(r"\((?:ms|us|s|µs)\)")


def _split_header(line: str) -> list[str]:
    return [c for c in _COL_GAP_RE.split(line.strip()) if c]


def _row_cells(line: str) -> list[str]:
    return line.split()


def _is_row(cells: list[str], ncols: int, indexed: bool | None = None) -> bool:
    """One number per column, after an index label unless `indexed` is False (None: either)."""
    if len(cells) == ncols + 1 and indexed is not False:
        return all(_NUM_RE.match(c) for c in cells[1:])
    if len(cells) == ncols and indexed is not True:
        return all(_NUM_RE.match(c) for c in cells)
    return False


def _is_header(line: str) -> list[str] | None:
    cols = _split_header(line)
    if not 2 <= len(cols) <= MAX_COLS:
        return None
    if any(_NUM_RE.match(c) for c in cols) or not all(any(ch.isalpha() for ch in c) for c in cols):
        return None
    if any(ch in line for ch in ":|=,;()") and not _PAREN_TIME_RE.search(line):
        return None
    return cols


_SUFFIX_UNIT_RE = re.compile(r"(?:^|[_ ])(ms|us|µs|ns|s|sec|gbps|tflops|gflops|tok_s|tokens_s)$", re.IGNORECASE)
_UNIT_NAMES = {"gbps": "GB/s", "tflops": "TFLOPS", "gflops": "GFLOPS", "tok_s": "tok/s", "tokens_s": "tokens/s"}


def _suffix_unit(name: str) -> str | None:
    """"latency_ms" -> "ms", "tflops" -> "TFLOPS": a unit spelled into a column name."""
    m = _SUFFIX_UNIT_RE.search(name.strip())
    if not m:
        return None
    u = m.group(1).lower()
    return _UNIT_NAMES.get(u, u)


def is_input_column(name: str) -> bool:
    """A column that sets up the run (batch_size, miss_rate, M) rather than measuring it."""
    n = name.strip()
    if _MEASURED_RE.search(n):
        return False
    if is_config_label(n.replace("_", " ")):
        return True
    return " " not in n and bool(_INPUT_RE.search(n))


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    last = block.end if block.kind == "code" else len(ctx.doc.lines)
    no = block.start
    while no <= block.end:
        nxt = ctx.doc.line(no + 1) if no + 1 <= last else ""
        # the line under a header is a row of two or more numbers: without a digit, no header here
        cols = _is_header(ctx.doc.line(no)) if no not in ctx.taken and _DIGIT_RE.search(nxt) else None
        if cols is None or not _is_row(_row_cells(nxt), len(cols)):
            no += 1
            continue
        inputs = [is_input_column(c) for c in cols]
        if all(inputs):
            no += 1
            continue
        ctx.taken.add(no)
        row_no = no + 1
        indexed = len(_row_cells(nxt)) == len(cols) + 1  # the first row fixes the layout
        while row_no <= last:
            raw = ctx.doc.line(row_no)
            cells = _row_cells(raw)
            if not _is_row(cells, len(cols), indexed):
                break
            ctx.taken.add(row_no)
            index = cells[0] if len(cells) == len(cols) + 1 else ""
            vals = cells[1:] if index else cells
            config = {c: v for c, v, inp in zip(cols, vals, inputs, strict=True) if inp}
            if index:
                config["row"] = index
            pos = 0
            offsets: list[int] = []
            for cell in cells:
                pos = raw.find(cell, pos)
                offsets.append(pos)
                pos += len(cell)
            voffsets = offsets[1:] if index else offsets
            for col, val, inp, off in zip(cols, vals, inputs, voffsets, strict=True):
                if inp:
                    continue
                value = to_float(val)
                if value is None:
                    continue
                unit = header_unit(col) or _suffix_unit(col)
                text = raw[:off + len(val)].strip()
                yield ctx.claim(kind_for_metric(col, unit), row_no, text, metric=col, value=value, unit=unit,
                                config=config)
            row_no += 1
        no = row_no
