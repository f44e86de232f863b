"""Result tables: GFM, pasted-sheet, ASCII-bordered and rendered (tab-separated) tables.

Columns get a role from their header: label (the row's name), configuration (batch size,
concurrency, questions: never claims), baseline (main, before, baseline: the reference of the
row's new value, no claim of its own), delta (speed-up, Δ, diff: a claim of its own) or value.
Rows can carry the baseline too ("Baseline | 12.3 | ..." above "This PR | 11.0 | ...").
A cell that is a bare number (with unit, range, "~", "±", footnote marks) is one claim; a cell
with words ("gsm8k 95.98 (ref 95.57), acceptance length 1.971") is read as prose.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ledger.memo import short_text_cache
from ledger.model import Claim
from ledger.parsers import prose
from ledger.parsers.base import Context
from ledger.parsers.document import Block, Row, Table
from ledger.parsers.numbers import find_numbers, header_unit, normalise_unit, parse_duration, to_float
from ledger.vocab.metrics import is_acceptance_name, is_accuracy_name, kind_for_metric, leading_benchmark
from ledger.vocab.outcomes import find_outcome
from ledger.vocab.setup import (
    BASELINE_LABEL_RE,
    config_key,
    is_config_label,
    is_input_name,
    is_workload_label,
    qualifiers,
)
from ledger.vocab.units import UNITS

NAME = "tables"
VERSION = "1"
BLOCKS = frozenset({"table"})

# emphasis marks at word edges only: "test_gsm8k" keeps its underscores
_MARKUP_RE = re.compile(r"(?<!\w)[*_]{1,3}|[*_]{1,3}(?!\w)|`+|<[^<>]{0,40}>|\[\^?\w{1,8}\]")
_CELL_REF_RE = re.compile(r"\(\s*(?:ref(?:erence)?\.?|baseline|vs\.?|was)\s*:?\s*([-+]?\d[\d,]*(?:\.\d+)?)\s*\)",
                          re.IGNORECASE)
_GATE_HEADER_RE = re.compile(r"^(?:gates?|checks?|tests?|test cases?)$", re.IGNORECASE)
# Matched against the cell with whitespace runs collapsed to one space (see _is_numeric_cell), so each
# ' ?' takes at most one character, and a second number needs a separator or a space before it: no digit
# run or blank run can be split two ways, and a long cell that fails does so in linear time.
_NUMERIC_CELL_RE = re.compile(
    r"^[~≈∼]? ?[-+−–]? ?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?"
    r"(?: ?(?:[-–~]|\.\.|to)(?: ?\d[\d,]*(?:\.\d+)?)?| \d[\d,]*(?:\.\d+)?)?"
    r" ?(?:± ?\d[\d,]*(?:\.\d+)?)? ?"
    r"(?:%|x|×|[a-zA-Zµμ/]{1,12})? ?(?:\([^()]{0,40}\))? ?[*†‡]{0,3} ?$"
)
_DELTA_HEADER_RE = re.compile(
    r"speed-?ups?|Δ|delta|diff|change|improvement|gain|advantage|ratio|\bvs\.?\b|regression|reduction|"
    r"uplift|relative", re.IGNORECASE)
_NEW_HEADER_RE = re.compile(r"this pr|\bpr\b|after|new|opt(?:imi[sz]ed)?|ours|patched|fix|with\b",
                            re.IGNORECASE)
_BASE_HEADER_RE = re.compile(
    r"^(?:baseline|base|before|main|original|ref(?:erence)?|w/o|without|old|previous|upstream|default)\b",
    re.IGNORECASE)
_CONFIG_HEADERS_RE = re.compile(
    r"^(?:questions|n-?shot|version|stderr|std|filter|#|count|samples|num|isl|osl|bs|batch|"
    r"concurrency|tp|ep|pp|dp|gpus?|nodes?|seq|input|output|prompt|tokens|shape|m|n|k|mkn|dtype|"
    r"model|dataset|quant|precision|backend|date|commit|sha|hardware|config|setting|rate|request rate|"
    r"max|min seq|layers?|hidden|heads|head[_ ]?(?:dim|size)|experts?|"
    # training runs' shape (Megatron / DeepSpeed): hidden dim, attention heads, layers, grad-accumulation steps,
    # micro / global batch, model parallel, steps
    r"hd|hs|ah|nl|gas|mbz|mbs|gbs|mp|zero[ -]?stage|micro[ _-]?batch|global[ _-]?batch|grad(?:ient)?[ _-]?accum\w*|"
    r"steps)\b", re.IGNORECASE)


@short_text_cache(2048)  # a cell is cleaned by every pass over its table
def clean(cell: str) -> str:
    return _MARKUP_RE.sub("", cell).strip()


@short_text_cache(2048)
def _is_numeric_cell(cell: str) -> bool:
    c = " ".join(clean(cell).split())
    return (bool(c) and bool(_NUMERIC_CELL_RE.match(c) or _FRACTION_PCT_RE.match(c))) or parse_duration(c) is not None


# "1277/1314 (97.184%)": correct of total, and the share it makes; the share is the result
_FRACTION_PCT_RE = re.compile(r"^\d[\d,]*\s?/\s?\d[\d,]*\s?\(\s?(?P<pct>\d+(?:\.\d+)?)\s?%\s?\)$")


_STAT_HEADER_RE = re.compile(r"^(?:avg|average|mean|median|min|max|minimum|maximum|p\d{1,2}(?:\.\d)?|"
                             r"\d{1,2}(?:\.\d)?(?:th|%)? ?(?:pct|percentile)|total|sum)$", re.IGNORECASE)
_SPREAD_HEADER_RE = re.compile(r"^(?:std|stdev|std\.? ?dev|stddev|σ|sigma|standard deviation)\b", re.IGNORECASE)
# "new_std", "baseline std", "Runs 2-5 Standard Dev."
_SPREAD_TAIL_RE = re.compile(r"(?<=[a-z0-9])[_ ](?:std|stdev|stddev|std\.? ?dev\.?|standard dev(?:\.|iation)?|σ)$",
                             re.IGNORECASE)
# A baseline word anywhere in the header ("master GFLOPS", "JSD (master)", "TTFT w/o cache"), not a new-side word
_BASE_WORD_RE = re.compile(
    r"(?<![\w-])(?:baseline|base|before|main|master|original|ref|reference|w/o|without|old|previous|prior|upstream|"
    r"default|vanilla|stock|eager)(?![\w-])", re.IGNORECASE)
_NEW_WORD_RE = re.compile(
    r"(?<![\w-])(?:this pr|pr|after|new|ours|patched|fixed|branch|optimi[sz]ed|opt|with)(?![\w-])", re.IGNORECASE)
# "Req/s branch / main": the cells are "new / baseline" pairs in the header's order
_SLASH_SIDES_RE = re.compile(r"(?P<a>[\w.-]{1,20})\s*/\s*(?P<b>[\w.-]{1,20})\s*(?:\([^()]{0,20}\))?\s*$")
_SLASH_CELL_RE = re.compile(r"^\s*([-+~]?\d[\d,]*(?:\.\d+)?)\s*(%|x|[a-zA-Zµ/]{1,8})?\s*/\s*"
                            r"([-+~]?\d[\d,]*(?:\.\d+)?)\s*(%|x|[a-zA-Zµ/]{1,8})?\s*$")


def _side_core(head: str) -> tuple[str | None, str]:
    """Which side a header names ("base", "new" or None) and the metric left without the side words."""
    low = head.lower()
    side = "base" if _BASE_WORD_RE.search(low) else "new" if _NEW_WORD_RE.search(low) else None
    core = _NEW_WORD_RE.sub(" ", _BASE_WORD_RE.sub(" ", low))
    core = " ".join(re.sub(r"[()\[\]:,]", " ", core).split())
    return side, core


def slash_sides(head: str) -> tuple[int, int] | None:
    """For "Req/s branch / main": (index of the new side, index of the baseline side) in "a / b" cells."""
    m = _SLASH_SIDES_RE.search(head)
    if not m:
        return None
    a_base = bool(_BASE_WORD_RE.fullmatch(m.group("a")))
    b_base = bool(_BASE_WORD_RE.fullmatch(m.group("b")))
    if a_base == b_base:
        return None
    return (1, 0) if a_base else (0, 1)


def _column_roles(table: Table) -> list[str]:
    ncols = max([len(table.header)] + [len(r.cells) for r in table.rows])
    roles: list[str] = []
    for ci in range(ncols):
        head = clean(table.header[ci]) if ci < len(table.header) else ""
        cells = [c for r in table.rows if ci < len(r.cells) and (c := clean(r.cells[ci]))]
        numeric = sum(_is_numeric_cell(c) for c in cells)
        if ci == 0:
            # the first column names the row, unless it is a frame's input ("batch_size | ... " of numbers)
            inputs = bool(head) and ((" " not in head and is_input_name(head)) or is_config_label(head)) and \
                bool(cells) and numeric == len(cells)
            roles.append("config" if inputs else "label")
            continue
        if cells and numeric < len(cells) / 2 and not any(find_numbers(c) for c in cells):
            # words: part of the row's name, or a setting named by its header ("causal | False")
            if roles[-1] != "label" and head and " " not in head and is_input_name(head):
                roles.append("config")
            else:
                roles.append("label" if roles[-1] == "label" else "text")
        elif _SPREAD_HEADER_RE.match(head) or _SPREAD_TAIL_RE.search(head):
            roles.append("spread")  # the standard deviation of the value column before it
        elif _STAT_HEADER_RE.match(head):
            roles.append("value")  # avg | min | max | p99: every statistic cell is a result
        elif (_CONFIG_HEADERS_RE.match(head) or is_config_label(head) or is_input_name(head)) and \
                not _MEASURE_HEAD_RE.search(head) and not _SETTING_HEAD_RE.match(head) and \
                not (cells and all(c.endswith("%") for c in cells)):
            # "tokens/sec" opens like "tokens" but is a rate; a "rate" of percentages is measured, not set
            roles.append("config")
        elif _DELTA_HEADER_RE.search(head) and not _BASE_HEADER_RE.match(head):
            roles.append("delta")
        elif slash_sides(head) is not None:
            roles.append("value")  # "1.07 / 0.98" cells: value and baseline in one
        elif _BASE_HEADER_RE.match(head) or _side_core(head.replace("_", " "))[0] == "base":
            roles.append("baseline")
        elif cells and numeric < len(cells) / 2:
            roles.append("mixed")
        else:
            roles.append("value")
    # two value columns and a delta column name no baseline: the one the delta does not name is it
    values = [i for i, r in enumerate(roles) if r == "value"]
    deltas = [i for i, r in enumerate(roles) if r == "delta"]
    heads = table.header + [""] * (ncols - len(table.header))  # a row may hold more cells than the header
    if "baseline" not in roles and len(values) == 2 and deltas and _same_measure(table, values) and \
            not _own_deltas(heads, values, deltas):
        dh = clean(heads[deltas[0]]).lower()
        h0, h1 = (clean(heads[i]).lower() for i in values)
        first_word = lambda h: h.split()[0] if h.split() else h  # noqa: E731
        vs = _VS_RE.search(dh)
        w0, w1 = first_word(h0), first_word(h1)
        if vs and w0 and w1 and w0 != w1 and w0 in dh and w1 in dh:
            # "SGLang vs. vLLM Diff": the side after "vs" is the baseline
            roles[values[1] if dh.find(w1) > vs.start() > dh.find(w0) else values[0]] = "baseline"
        elif h0 and first_word(h0) in dh and first_word(h1) not in dh:
            roles[values[1]] = "baseline"
        elif h1 and first_word(h1) in dh and first_word(h0) not in dh:
            roles[values[0]] = "baseline"
        elif _NEW_HEADER_RE.search(h0) and not _NEW_HEADER_RE.search(h1):
            roles[values[1]] = "baseline"
        else:
            roles[values[0]] = "baseline"
    # "14262 GFLOPS | PR GFLOPS": of two value columns of one metric, the one the new side names is the value
    if "baseline" not in roles and len(values) == 2:
        (s0, c0), (s1, c1) = (_side_core(clean(table.header[i]) if i < len(table.header) else "") for i in values)
        c0, c1 = _NUMBER_WORD_RE.sub("", c0).strip(), _NUMBER_WORD_RE.sub("", c1).strip()
        if c0 == c1 and {s0, s1} == {"new", None}:
            roles[values[0] if s1 == "new" else values[1]] = "baseline"
    # "ours | ours | cublas | cublas" (a header over each group of a grid): the group the new side names is the
    # value, the other group the baseline, column by column
    if "baseline" not in roles and len(values) >= 4:
        names = [clean(table.header[i]) if i < len(table.header) else "" for i in values]
        groups = list(dict.fromkeys(names))
        if len(groups) == 2 and names.count(groups[0]) == names.count(groups[1]):
            sides = [_side_core(g)[0] for g in groups]
            if sorted(sides, key=str) == sorted(["new", None], key=str):
                base = groups[1] if sides[0] == "new" else groups[0]
                for i, name in zip(values, names, strict=True):
                    if name == base:
                        roles[i] = "baseline"
    return roles


def _own_deltas(heads: list[str], values: list[int], deltas: list[int]) -> bool:
    """"PPL | ΔPPL | KLD": a delta column named after one value column is that column's change (against a
    reference row), so the two value columns are two metrics, not a value and its baseline."""
    names = [clean(heads[i]).lower() for i in values]
    for d in deltas:
        core = " ".join(_DELTA_HEADER_RE.sub(" ", clean(heads[d]).lower()).split())
        if core in names:
            other = names[1 - names.index(core)]  # "SGLang | vLLM | SGLang advantage" names sides, not metrics
            if is_accuracy_name(other) or is_acceptance_name(other) or _looks_metric(other):
                return True
    return False


# "TP=8 (μs)", "bs=64": a header that gives a setting its value names the run of a value column, it is no
# column of settings
_SETTING_HEAD_RE = re.compile(r"^\s*[A-Za-z_][\w.-]{0,20}\s?=\s?[\w.]{1,20}(?:\s|$)")
_GENERIC_HEAD_RE = re.compile(r"^(?:scores?|acc(?:uracy)?|mean|avg|average|results?|values?)$", re.IGNORECASE)
_MEASURE_HEAD_RE = re.compile(r"/s\b|/sec\b|per sec|throughput|latency|ttft|tpot|\bitl\b|\btime\b|speed",
                              re.IGNORECASE)


_NUMBER_WORD_RE = re.compile(r"(?<![\w.])#?\d+(?![\w.])")


def _same_measure(table: Table, cols: list[int]) -> bool:
    """Two columns print the same kind of number: the same header unit and the same cell unit."""
    units = []
    for ci in cols:
        head = clean(table.header[ci]) if ci < len(table.header) else ""
        cell_units = {v[3] for r in table.rows if ci < len(r.cells) and (v := _cell_facts(r.cells[ci])[2])}
        units.append((_header_unit(head), frozenset(cell_units)))
    return units[0] == units[1]


@short_text_cache(2048)  # a baseline cell is read again for every row that it is the reference of
def _cell_value(cell: str) -> tuple[float, float | None, bool, str | None, float | None, str | None] | None:
    c = clean(cell)
    fm = _FRACTION_PCT_RE.match(" ".join(c.split()))
    if fm is not None:
        return float(fm.group("pct")), None, False, "%", None, None
    dur = parse_duration(c)
    if dur is not None:
        return dur, None, False, "s", None, c
    nums = find_numbers(c)
    if not nums:
        v = to_float(c)
        return (v, None, False, None, None, None) if v is not None else None
    n = nums[0]
    stderr = None
    sm = _STDERR_RE.search(c)
    if sm:
        stderr = to_float(sm.group(1))
    unit = n.unit
    if unit is None:
        um = _UNIT_WORD_RE.match(c[n.end:])
        if um and um.group(1).lower() not in ("vs", "and", "or", "on", "at", "with"):
            unit = normalise_unit(um.group(1))
    return n.value, n.high, n.approx, unit, stderr, None


@short_text_cache(4096)
def _cell_facts(cell: str) -> tuple[str, bool, tuple[float, float | None, bool, str | None, float | None, str | None]
                                    | None]:
    """(clean(cell), _is_numeric_cell(cell), _cell_value(cell) when numeric): one remembered call per cell."""
    c = clean(cell)
    numeric = bool(c) and _is_numeric_cell(cell)
    return c, numeric, _cell_value(cell) if numeric else None


_SUFFIX_UNIT_RE = re.compile(r"(?:^|[_ ])(ms|us|µs|ns|s|sec|gbps|tflops|gflops|tok_s|tokens_s|pct)$", re.IGNORECASE)
_SUFFIX_UNITS = {"pct": "%", "gbps": "GB/s", "tflops": "TFLOPS", "gflops": "GFLOPS", "tok_s": "tok/s",
                 "tokens_s": "tokens/s"}


def _header_unit(head: str) -> str | None:
    u = header_unit(head)
    if u:
        return u
    if "_" in head or head.lower() in _SUFFIX_UNITS:  # "latency_ms", "tflops": a unit spelled into the name
        m = _SUFFIX_UNIT_RE.search(head.strip())
        if m and m.group(1) != "S":  # "Q4_K_S" is a quant type's size letter, not seconds
            return _SUFFIX_UNITS.get(m.group(1).lower(), m.group(1).lower())
    last = head.split()[-1] if head.split() else ""
    if last.lower() in _UNIT_WORDS and last.lower() not in ("tokens", "tok", "b", "h", "min", "points"):
        return last  # "PR GFLOPS", "TTFT ms"
    return None


_UNIT_WORDS = frozenset(UNITS)


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    table = block.table
    assert table is not None
    if not table.rows:
        return
    roles = _column_roles(table)
    headers = [clean(h) for h in table.header] + [""] * (len(roles) - len(table.header))
    section = " ".join(block.section[-1:])
    # a baseline row: "Baseline | 12.3 | 4.5" gives the next rows' references, column by column; with several
    # ("baseline - 1", "baseline - 128"), a row takes the one whose label carries the same numbers ("int4wo - 128")
    label_cols = [i for i, r in enumerate(roles) if r == "label"]
    info = _TableInfo(table, roles)
    if any(r == "value" and _GENERIC_HEAD_RE.match(_metric_head(headers[i])) for i, r in enumerate(roles)):
        info.bench = leading_benchmark(ctx.lead_in(block))
    labels = [" / ".join(clean(row.cells[i]) for i in label_cols if i < len(row.cells) and clean(row.cells[i]))
              for row in table.rows]
    bases: dict[frozenset[str], Row] = {}
    clash = False
    for row, label in zip(table.rows, labels, strict=True):
        if BASELINE_LABEL_RE.match(label) and any(_is_numeric_cell(c) for c in row.cells[1:]):
            key = _label_numbers(label)
            clash = clash or key in bases
            bases.setdefault(key, row)
    if clash:
        bases = {}  # "Baseline A1 | Tuned | Baseline A2": an A/B/A run, every row a result of its own
    for row, label in zip(table.rows, labels, strict=True):
        if row in bases.values():
            continue
        if label and is_workload_label(label):
            ctx.taken.add(row.line)  # "Output sequence length | 256 | 256": a workload row, not results
            continue
        base_row = next(iter(bases.values())) if len(bases) == 1 else bases.get(_label_numbers(label))
        yield from _row_claims(ctx, block, table, row, roles, headers, label, section, base_row, info)


_LABEL_NUMBER_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


def _label_numbers(label: str) -> frozenset[str]:
    """The numbers a row's label carries ("int4wo - 128 (w/ compile)" -> {"128"}): what ties it to its baseline."""
    return frozenset(_LABEL_NUMBER_RE.findall(label))


class _TableInfo:
    """What every row of one table shares, worked out once."""

    def __init__(self, table: Table, roles: list[str]) -> None:
        self.base_cols = [i for i, r in enumerate(roles) if r == "baseline"]
        self.value_cols = [i for i, r in enumerate(roles) if r == "value"]
        self.config_cols = [i for i, r in enumerate(roles) if r == "config"]
        # a spread column ("Std (us)") is the standard deviation of the nearest value column to its left
        self.spread_of: dict[int, int] = {}
        for i, r in enumerate(roles):
            if r == "spread":
                # the spread of a baseline column ("old_mean | old_std") goes with the baseline: no claim
                left = [v for v in self.value_cols + self.base_cols if v < i]
                if left and max(left) in self.value_cols:
                    self.spread_of[max(left)] = i
        self.slash: dict[int, tuple[int, int] | None] = {}
        self.base_of = _pair_columns(table, self.value_cols, self.base_cols)

        self.spec = any(is_acceptance_name(clean(h)) for h in table.header)
        """A speculative-decoding table: its bare "rate" is an acceptance rate."""
        self.bench: str | None = None
        """The benchmark the line above names, for columns that only say "Score" (see _GENERIC_HEAD_RE)."""
        self.gate = bool(table.header) and bool(_GATE_HEADER_RE.match(clean(table.header[0])))
        self.heads: dict[str, tuple[str | None, str, dict[str, str]]] = {}

    def head(self, head: str) -> tuple[str | None, str, dict[str, str]]:
        """(_header_unit(head), _metric_head(head), qualifiers(head)), once per column header (read only)."""
        got = self.heads.get(head)
        if got is None:
            got = self.heads[head] = (_header_unit(head), _metric_head(head), qualifiers(head))
        return got


def _pair_columns(table: Table, values: list[int], bases: list[int]) -> dict[int, int]:
    """The baseline column of each value column: the one of the same metric ("old (us)" for "new (us)", not for
    "new TFLOPs"); one baseline serves every value column of its unit; equal counts pair in order."""
    if not bases:
        return {}

    def head(i: int) -> str:
        return clean(table.header[i]) if i < len(table.header) else ""

    def core(i: int) -> str:
        return _HEAD_UNIT_RE.sub("", _side_core(head(i))[1]).strip()

    out: dict[int, int] = {}
    for v in values:
        same = [b for b in bases if core(b) == core(v)]
        if len(same) == 1:
            out[v] = same[0]
    if out:
        return out
    if len(bases) == 1:
        unit = _header_unit(head(bases[0]))
        return {v: bases[0] for v in values if _header_unit(head(v)) == unit}
    if len(values) == len(bases):
        return dict(zip(values, bases, strict=True))
    return {}


def _row_claims(ctx: Context, block: Block, table: Table, row: Row, roles: list[str], headers: list[str],
                label: str, section: str, base_row: Row | None, info: _TableInfo | None = None) -> Iterator[Claim]:
    if info is None:
        info = _TableInfo(table, roles)
    gate = info.gate
    label_qualifiers: dict[str, str] | None = None  # qualifiers(label), once per row
    label_unit: list[str | None] = []  # [_header_unit(label)] once asked
    row_kind: str | None = None  # the kind of the row's last value cell, for the delta cells after it
    setup = {config_key(headers[i]): clean(row.cells[i]) for i in info.config_cols
             if i < len(row.cells) and i < len(headers) and headers[i] and clean(row.cells[i])}
    offsets = row.offsets if row.offsets is not None else _find_offsets(row)
    for ci, cell in enumerate(row.cells):
        role = roles[ci] if ci < len(roles) else "value"
        if role in ("label", "config", "baseline", "text", "spread"):
            continue
        cleaned, numeric, parsed = _cell_facts(cell)
        if not cleaned:
            continue
        off = offsets[ci] if ci < len(offsets) else row.text.find(cell)
        head = headers[ci] if ci < len(headers) else ""
        if not numeric and role in ("value", "mixed") and "/" in cleaned and (packed := _PACKED_RE.match(cleaned)):
            names = _packed_names(ctx, block, table, head, cleaned.count("/") + 1)
            if names and ctx.is_free(row.line, max(off, 0), max(off, 0) + len(cell)):
                # "0.25/1087/43.5%/2.12/26.5%" under a title "(ms / TFLOPS / MFU% / TBs / BW%)": one value per name
                ctx.take(row.line, max(off, 0), max(off, 0) + len(cell))
                for part, name in zip(packed.group(0).split("/"), names, strict=True):
                    pv = _cell_value(part)
                    if pv is None:
                        continue
                    unit = pv[3] or (name if name.lower() in _UNIT_WORDS else None)
                    metric = f"{label} {head} {name}".strip() if label else f"{head} {name}"
                    yield ctx.claim(kind_for_metric(f"{metric} {section}", unit), row.line, cell.strip(),
                                    metric=metric, value=pv[0], unit=unit,
                                    config={**qualifiers(label), **setup, "row": label, "column": head, "part": name})
                continue
        if not numeric and role == "value":
            sides = info.slash.get(ci, ...)
            if sides is ...:
                sides = info.slash[ci] = slash_sides(head)
            sm = _SLASH_CELL_RE.match(cleaned) if sides is not None else None
            if sm is not None and sides is not None and ctx.is_free(row.line, max(off, 0), max(off, 0) + len(cell)):
                # "1.07 / 0.98" under "Req/s branch / main": the new side's value, the other side its reference
                nv, bv = (to_float(sm.group(1 + 2 * k)) for k in sides)
                bare = _SLASH_SIDES_RE.sub("", head).strip() or head  # "Req/s branch / main" -> "Req/s"
                unit = sm.group(2 + 2 * sides[0]) or sm.group(2 + 2 * sides[1]) or info.head(bare)[0]
                metric = _metric_name(label, info.head(bare)[1] or bare, role)
                ctx.take(row.line, max(off, 0), max(off, 0) + len(cell))
                side = _SLASH_SIDES_RE.search(head)
                named = ctx.named.get(side.group("ab"[sides[0]]).lower()) if side else None
                extra: dict[str, Any] = {"revision": named} if named is not None else {}
                yield ctx.claim(kind_for_metric(f"{metric} {section}", unit), row.line, cell.strip(), metric=metric,
                                value=nv, unit=unit, reference=bv,
                                config={**qualifiers(label), **setup, "row": label, "column": head}, **extra)
                continue
            runs = _runs(cleaned) if sm is None else None
            if runs and ctx.is_free(row.line, max(off, 0), max(off, 0) + len(cell)):
                # "1602 / 1611" under "PR" beside "1499 / 1503" under "control": one claim per run, paired run by run
                ctx.take(row.line, max(off, 0), max(off, 0) + len(cell))
                bi = info.base_of.get(ci)
                base_runs = _runs(clean(row.cells[bi])) if bi is not None and bi < len(row.cells) else None
                metric = _metric_name(label, info.head(head)[1] or head, role)
                unit = info.head(head)[0]
                for k, v in enumerate(runs):
                    ref = base_runs[k] if base_runs and len(base_runs) == len(runs) else None
                    yield ctx.claim(kind_for_metric(f"{metric} {section}", unit), row.line, cell.strip(),
                                    metric=metric, value=v, unit=unit, reference=ref,
                                    config={**qualifiers(label), **setup, "row": label, "column": head,
                                            "run": str(k + 1)})
                continue
        if not numeric and role in ("value", "mixed") and _SPACED_LIST_RE.match(cleaned) and \
                ctx.is_free(row.line, max(off, 0), max(off, 0) + len(cell)):
            # "88.0% 75.5% 61.2%" under "pos accept": one value per position, in order
            ctx.take(row.line, max(off, 0), max(off, 0) + len(cell))
            metric = _metric_name(label, info.head(head)[1] or head, role)
            for k, part in enumerate(cleaned.split()):
                pv = _cell_value(part)
                if pv is not None:
                    yield ctx.claim(kind_for_metric(f"{metric} {section}", pv[3]), row.line, cell.strip(),
                                    metric=metric, value=pv[0], unit=pv[3],
                                    config={**qualifiers(label), **setup, "row": label, "column": head,
                                            "position": str(k + 1)})
            continue
        if not numeric:
            if role in ("mixed", "value", "delta") and (find_numbers(cell) or find_outcome(cell)):
                # "74.45 (partials decay 92→74)" under a "score" column: the column names the metric
                head = headers[ci] if ci < len(headers) else ""
                subject = f"{head} ({label})" if head and label and _looks_metric(head) and head.lower() not in \
                    label.lower() else (label or head or None)
                yield from prose.claims_in_text(ctx, row.line, cell, max(off, 0), subject=subject)
            continue
        if not ctx.is_free(row.line, max(off, 0), max(off, 0) + len(cell)):
            continue  # an earlier reader took it ("805 passed" is a test count)
        if parsed is None:
            continue
        value, high, approx, unit, stderr, printed = parsed
        head = headers[ci] if ci < len(headers) else ""
        head_unit, metric_head, head_qualifiers = info.head(head)
        if not unit and not head_unit:  # unit or head_unit or _header_unit(label), the last once per row
            if not label_unit:
                label_unit.append(_header_unit(label))
            unit = label_unit[0]
        else:
            unit = unit or head_unit
        ref = None
        base_paren: str | None = None
        if role == "value":
            src = None
            if base_row is not None and ci < len(base_row.cells):
                src = base_row.cells[ci]
            elif ci in info.base_of:
                bi = info.base_of[ci]
                src = row.cells[bi] if bi < len(row.cells) else None
            if src is not None and _is_numeric_cell(src):
                base_value = _cell_value(src)
                ref = base_value[0] if base_value else None
                bpm = _PAREN_RE.search(src)
                base_paren = bpm.group(1) if bpm else None
        if ref is None:  # "96.25 (ref 96.36)" in one cell
            rm = _CELL_REF_RE.search(cleaned)
            ref = to_float(rm.group(1)) if rm else None
        if info.bench and _GENERIC_HEAD_RE.match(metric_head):
            metric_head = f"{info.bench} {metric_head}"  # "**gsm8k** (200 examples)" over "| Backend | Score |"
        metric = _metric_name(label, metric_head, role)
        kind = kind_for_metric(f"{metric} {section}", unit)
        if kind == "perf" and unit is None and role == "delta" and "%" in head:
            unit = "%"
        if role == "delta" and kind == "perf" and unit in (None, "%", "pp") and row_kind == "accuracy":
            kind = "accuracy"  # "SGLang vs. vLLM Diff" beside accuracy columns: a difference of accuracies
        if info.spec and role == "value" and metric_head.lower() in ("rate", "ratio", "accepted"):
            kind = "acceptance"  # "rate" beside "a.len" and "pos accept" is the draft's acceptance rate
        if role == "value":
            row_kind = kind
        if label_qualifiers is None:
            label_qualifiers = qualifiers(label)
        config = {**label_qualifiers, **head_qualifiers, **setup, "row": label, "column": head}
        stddev = None
        if ci in info.spread_of:
            si = info.spread_of[ci]
            sv = _cell_facts(row.cells[si])[2] if si < len(row.cells) else None
            stddev = sv[0] if sv else None
        if gate:
            config["gate"] = label  # "gate | gsm8k | acceptance length": the row names the gate
        # "-41.097s (1.77x faster)", "11.0 (+5.2%)", "71.2 (drifts 90→71)": numbers in parentheses after the
        # value are read as prose under the cell's metric (a reference "(ref 96.36)" belongs to the value)
        pm = _PAREN_RE.search(cell)
        if pm and (_PAREN_REF_RE.match(pm.group(1)) or _FRACTION_PCT_RE.match(cleaned) or _is_range(pm.group(1))):
            # "(ref 96.36)" belongs to the value; "1277/1314 (97.184%)" gave its share as the value; "1520
            # (1490–1544)" is the spread of the runs the value sums up, not a measure of its own
            pm = None
        ctx.take(row.line, max(off, 0), max(off, 0) + (pm.start() if pm and off >= 0 else len(cell)))
        yield ctx.claim(kind, row.line, cell.strip(), metric=metric, value=value, high=high, approx=approx,
                        unit=unit, reference=ref, stderr=stderr, stddev=stddev, printed=printed, config=config)
        if pm and off >= 0:
            inner = pm.group(1)
            if base_paren is not None and _is_numeric_cell(inner) and _is_numeric_cell(base_paren):
                # "29.12 TFLOPS (0.6%)" beside a baseline "22.74 TFLOPS (0.5%)": the shares pair as the values do
                iv, bv2 = _cell_value(inner), _cell_value(base_paren)
                if iv is not None and bv2 is not None:
                    ctx.take(row.line, off + pm.start(), off + len(cell))
                    yield ctx.claim(kind_for_metric(f"{metric} {section}", iv[3]), row.line, inner.strip(),
                                    metric=f"{metric} ({iv[3] or 'share'})", value=iv[0], unit=iv[3],
                                    reference=bv2[0], config=config)
                    continue
            yield from prose.claims_in_text(ctx, row.line, inner, off + pm.start(1), subject=metric)
            ctx.take(row.line, off + pm.start(), off + len(cell))


_RUNS_RE = re.compile(r"^\d[\d,]*(?:\.\d+)?(?: / \d[\d,]*(?:\.\d+)?){1,9}$")


def _is_range(text: str) -> bool:
    nums = find_numbers(text)
    return len(nums) == 1 and nums[0].high is not None and not text.strip().endswith("%") and \
        nums[0].end - nums[0].start >= len(text.strip()) - 2


def _runs(cell: str) -> list[float] | None:
    """"1602 / 1611": repeated runs of one measure (values within a factor of two), not a packed list of
    different measures ("0.25/1087/43.5%")."""
    if not _RUNS_RE.match(cell):
        return None
    values = [v for part in cell.split(" / ") if (v := to_float(part)) is not None]
    if not values or min(values) <= 0 or max(values) > 2 * min(values):
        return None
    return values


_SPACED_LIST_RE = re.compile(r"^[-+]?\d[\d,]*(?:\.\d+)?%?(?: +[-+]?\d[\d,]*(?:\.\d+)?%?){1,15}$")
_PACKED_RE = re.compile(r"^[-+]?\d[\d,]*(?:\.\d+)?%?(?:/[-+]?\d[\d,]*(?:\.\d+)?%?){1,9}$")
_NAMES_IN_BRACKETS_RE = re.compile(r"\((?P<names>[^()/]{1,20}(?:\s?/\s?[^()/]{1,20}){1,9})\)")


def _packed_names(ctx: Context, block: Block, table: Table, head: str, k: int) -> list[str] | None:
    """The names of a packed cell's k values: a "(a / b / c)" in its column's header, or in a title line above
    the header, within four lines of the table ("FWD (ms / TFLOPS / MFU% / TBs / BW%)")."""
    texts = [head] + [ctx.doc.line(no) for no in range(table.header_line - 1, max(0, block.start - 5), -1)]
    for text in texts:
        for m in _NAMES_IN_BRACKETS_RE.finditer(text[:400]):
            names = [n.strip() for n in m.group("names").split("/")]
            if len(names) == k and all(names):
                return names
    return None


def _find_offsets(row: Row) -> list[int]:
    """Where each cell starts in the row's text, the cells found in order (two equal cells, two places)."""
    out: list[int] = []
    pos = 0
    for cell in row.cells:
        k = row.text.find(cell, pos) if cell else -1
        out.append(k)
        if k >= 0:
            pos = k + len(cell)
    return out


_VS_RE = re.compile(r"\b(?:vs\.?|versus|over)\s")
_STDERR_RE = re.compile(r"±\s*(\d[\d,]*(?:\.\d+)?)")
_UNIT_WORD_RE = re.compile(r"\s*([a-zA-Zµμ/]{1,12})\b")
_HEAD_UNIT_RE = re.compile(r"\s*[(\[][^()\[\]]{1,24}[)\]]\s*$")
_PAREN_RE = re.compile(r"\(([^()]{1,40})\)")
_PAREN_REF_RE = re.compile(r"\s*(?:ref|reference|baseline|vs|was)\b", re.IGNORECASE)


@short_text_cache(2048)
def _metric_head(head: str) -> str:
    """A column header without its trailing unit: "TTFT (ms)" -> "TTFT"."""
    return _HEAD_UNIT_RE.sub("", head).strip()


def _metric_name(label: str, head: str, role: str) -> str:
    if not head:
        return label
    if not label or label.isdigit():  # a frame's index ("0", "1") names no metric
        return head
    if role == "delta" or (_looks_metric(label) and not _looks_metric(head)):
        return f"{label} {head}"
    return f"{head} ({label})" if _looks_metric(head) else f"{label} {head}"


_METRICISH = re.compile(r"throughput|latency|ttft|tpot|itl|e2e|time|tok|acc|score|gsm|mmlu|length|rate|"
                        r"speed|mean|median|p\d\d|avg|memory|duration|exact|match", re.IGNORECASE)


def _looks_metric(text: str) -> bool:
    return bool(_METRICISH.search(text))
