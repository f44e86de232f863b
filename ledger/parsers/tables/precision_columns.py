"""Value columns named by their precision alone over rows of benchmarks ("| Task | BF16 | Block FP8 |" over GSM8K and
MMLU-Pro rows): a quantization's accuracy check, where the one full-precision column is the baseline every quantized
column is measured against. Two full precisions ("BF16 | FP16") or none ("FP8 | INT4") name no baseline; nor do rows
of models or measures ("| Model | FP16 | INT4 |" on a release page, llama.cpp's "| Model | Measure | F16 | Q4_0 |"):
there each precision's number is a result of its own, followed from version to version.

A header of two rows that groups the columns by model ("llama2-7b" over "kv fp16 | kv int8 | kv int4", "qwen-7b"
over the same) holds one such check per group: each group's full precision is its own siblings' baseline, and
never another group's (base_pairs pairs inside a group)."""

from __future__ import annotations

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import head_without_unit, looks_metric
from ledger.vocab.canonical import canonical_dtype
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.setup import qualifiers

FULL_PRECISIONS = frozenset(("bf16", "fp16", "fp32", "f16", "f32"))
"""The precisions a model is trained and served in unquantized, as vocab.canonical.canonical_dtype spells them."""
_MAX_WORDS = 3
"""A precision's column says little else ("Block FP8", "FP8 dynamic"): longer headers name a measure too."""


def precision_baseline(table: Table, roles: list[str]) -> bool:
    """Mark the full-precision column of a table whose value columns each name only a precision the baseline (in
    a table of column groups, the one of each group: group_precision_baselines); whether it did."""
    if group_precision_baselines(table, roles):
        return True
    values = [i for i, r in enumerate(roles) if r == "value"]
    if len(values) < 2 or any(i >= len(table.header) for i in values):
        return False
    quants: list[str] = []
    for i in values:
        head = head_without_unit(clean(table.header[i]))
        quant = qualifiers(head).get("quant") if len(head.split()) <= _MAX_WORDS and not looks_metric(head) else None
        if quant is None:
            return False
        quants.append(canonical_dtype(quant))
    full = [i for i, q in zip(values, quants, strict=True) if q in FULL_PRECISIONS]
    if len(full) == 1 and _benchmark_rows(table, roles):
        roles[full[0]] = "baseline"
        return True
    return False


def _benchmark_rows(table: Table, roles: list[str]) -> bool:
    """Most rows are named by a benchmark (GSM8K, MMLU): an accuracy check, not a page of models or measures."""
    labels = [clean(r.cells[0]) for r in table.rows if r.cells and "label" in roles[:1]]
    return bool(labels) and 2 * sum(1 for x in labels if named_benchmark(x)) >= len(labels)


def column_group(table: Table, ci: int) -> str:
    """The group a column stands under in a header of two rows ("llama2-7b" over "kv fp16 | kv int8"); "" for
    none. A header row of settings under the groups ("| | bf16 | fp8 |") leaves each column its group's name."""
    parts = table.header_parts
    return parts[ci][0] if parts is not None and ci < len(parts) else ""


def group_precision_baselines(table: Table, roles: list[str]) -> bool:
    """In a table whose header groups its value columns (one group per model) and names each column of a group by
    a precision alone ("kv fp16 | kv int8 | kv int4"), the group's one full precision is the baseline of its
    siblings, row by row (base_pairs keeps each pairing inside its group); whether any was marked. A group of two
    full precisions or none names no baseline, and neither does a table whose rows are not benchmarks."""
    groups: dict[str, list[int]] = {}
    for i, r in enumerate(roles):
        if r == "value" and (g := column_group(table, i)):
            groups.setdefault(g, []).append(i)
    if not groups or not _benchmark_rows(table, roles):
        return False
    marked = False
    for cols in groups.values():
        # ("fp16 | kv int8 | kv int4": a bare precision among a cache's precisions is the cache's too, so weights'
        # and cache's may mix; what counts is that each column names a precision and nothing else)
        found = [f for i in cols if (f := _precision(table, i)) is not None]
        if len(cols) < 2 or len(found) < len(cols):
            continue
        full = [i for i, dtype in zip(cols, found, strict=True) if dtype in FULL_PRECISIONS]
        if len(full) == 1:
            roles[full[0]] = "baseline"
            marked = True
    return marked


def _precision(table: Table, ci: int) -> str | None:
    """The precision a group's column is named by alone ("kv fp16", "bf16": fp16, bf16), from its own header cell
    or the settings row under its group; None where it names something else too ("kv fp8 tp2", "fp8 tok/s")."""
    parts = table.header_parts or []
    own = parts[ci][1] if ci < len(parts) else ""
    said = qualifiers(own) if len(own.split()) <= _MAX_WORDS and not looks_metric(own) else {}
    if len(said) != 1 or not _PRECISION_KEYS & said.keys():
        return None
    return canonical_dtype(next(iter(said.values())))


_PRECISION_KEYS = frozenset(("quant", "kv_cache"))
