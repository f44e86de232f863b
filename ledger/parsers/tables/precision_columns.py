"""Value columns named by their precision alone over rows of benchmarks ("| Task | BF16 | Block FP8 |" over GSM8K and
MMLU-Pro rows): a quantization's accuracy check, where the one full-precision column is the baseline every quantized
column is measured against. Two full precisions ("BF16 | FP16") or none ("FP8 | INT4") name no baseline; nor do rows
of models or measures ("| Model | FP16 | INT4 |" on a release page, llama.cpp's "| Model | Measure | F16 | Q4_0 |"):
there each precision's number is a result of its own, followed from version to version."""

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
    """Mark the full-precision column of a table whose value columns each name only a precision the baseline;
    whether it did."""
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
    labels = [clean(r.cells[0]) for r in table.rows if r.cells and "label" in roles[:1]]
    if len(full) == 1 and labels and 2 * sum(1 for x in labels if named_benchmark(x)) >= len(labels):
        roles[full[0]] = "baseline"
        return True
    return False
