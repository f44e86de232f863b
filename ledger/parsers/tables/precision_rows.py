"""Rows named by their precision alone over columns of benchmarks or measures ("  | ceval | mmlu | gsm8k" over
"bf16" then "w8a16"): a quantization's check laid out the other way round from precision_columns.

- The precision is each row's setup (quant=...), not part of its measure's name: "mmlu" with quant=w8a16, never
  "mmlu (w8a16)", so that a quantized result, its reference and the same precision in another table are one series.
- The one full-precision row is the baseline of every quantized row of the same settings ("bf16" then "w8a16", once
  per input length), as the full-precision column is of the quantized ones. Rows of two full precisions ("bf16",
  "fp16") or of none ("fp8", "w4a16") name no baseline: each precision's number is then a result of its own."""

from __future__ import annotations

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean, is_numeric_cell
from ledger.parsers.tables.headers import head_without_unit, looks_metric
from ledger.parsers.tables.precision_columns import FULL_PRECISIONS
from ledger.vocab.canonical import canonical_dtype
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.setup import qualifiers, setup_only

_MAX_WORDS = 2
"""A precision's row label says little else ("bf16", "FP8 dynamic"): a longer one names a variant too."""


def precision_rows(table: Table, labels: list[str], roles: list[str]) -> dict[str, str]:
    """Each result row's label and its precision as vocab.canonical spells it ("BF16" -> "bf16"), where every row
    with numbers is named by a precision alone and the value columns name benchmarks or measures; {} otherwise."""
    heads = [head_without_unit(clean(h)) for h, r in zip(table.header, roles, strict=False) if r == "value"]
    heads = [h for h in heads if h]
    if not heads or 2 * sum(1 for h in heads if named_benchmark(h) or looks_metric(h)) < len(heads):
        return {}  # ("| | Llama-8B | Qwen-7B |": a model per column, each precision's number its own result)
    out: dict[str, str] = {}
    for row, label in zip(table.rows, labels, strict=True):
        if not any(is_numeric_cell(c) for c in row.cells[1:]):
            continue
        quant = qualifiers(label).get("quant") if label and len(label.split()) <= _MAX_WORDS else None
        if quant is None or not setup_only(label) or len(qualifiers(label)) > 1:
            return {}
        out[label] = canonical_dtype(quant)
    return out


def full_precision_label(precisions: dict[str, str]) -> str | None:
    """The label of the one full precision among the rows' (see the module), where the others are quantized ones."""
    full = [label for label, q in precisions.items() if q in FULL_PRECISIONS]
    return full[0] if len(full) == 1 and len(precisions) > 1 else None
