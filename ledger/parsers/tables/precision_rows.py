"""Rows named by their precision alone over columns of benchmarks or measures ("  | ceval | mmlu | gsm8k" over
"bf16" then "w8a16"): a quantization's check laid out the other way round from precision_columns.

- The precision is each row's setup (quant=...), not part of its measure's name: "mmlu" with quant=w8a16, never
  "mmlu (w8a16)", so that a quantized result, its reference and the same precision in another table are one series.
  Rows that share their other words ("FP4 + EP8" / "FP8 + EP8", "INT4 weights" / "BF16 weights") differ by their
  precision alone all the same: the shared setting is every row's, the shared noun the precision's.
- The one full-precision row is the baseline of every quantized row of the same settings ("bf16" then "w8a16", once
  per input length), as the full-precision column is of the quantized ones. Rows of two full precisions ("bf16",
  "fp16") or of none ("fp8", "w4a16") name no baseline: each precision's number is then a result of its own."""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean, is_numeric_cell
from ledger.parsers.tables.headers import head_without_unit, looks_metric
from ledger.parsers.tables.precision_columns import FULL_PRECISIONS
from ledger.vocab.canonical import canonical_dtype
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.model_cells import scheme_only
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_keys import canonical_key_name
from ledger.vocab.workload import setup_only

_MAX_WORDS = 2
"""A precision's row label says little else ("bf16", "FP8 dynamic"): a longer one names a variant too."""


def precision_rows(table: Table, labels: list[str], roles: list[str]) -> dict[str, str]:
    """Each result row's label and its precision as vocab.canonical spells it ("BF16" -> "bf16"), where every row
    with numbers is named by a precision alone and the value columns name benchmarks or measures; {} otherwise."""
    heads = [head_without_unit(clean(h)) for h, r in zip(table.header, roles, strict=False) if r in ("value", "mixed")]
    heads = [h for h in heads if h]
    if not heads or 2 * sum(1 for h in heads if named_benchmark(h) or looks_metric(h)) < len(heads):
        return {}  # ("| | Llama-8B | Qwen-7B |": a model per column, each precision's number its own result)
    measured = [
        label for row, label in zip(table.rows, labels, strict=True) if any(map(is_numeric_cell, row.cells[1:]))
    ]
    shared = _shared_words(measured)
    out: dict[str, str] = {}
    for label in measured:
        own = " ".join(w for w in label.split() if w.lower() not in shared)
        quant = qualifiers(own).get("quant") if own and len(own.split()) <= _MAX_WORDS else None
        # ("Mixed AutoQuant" beside "BF16": a mixed-precision recipe's name is its precision alone too)
        if quant is None or not (setup_only(own) or scheme_only(own)) or len(qualifiers(own)) > 1:
            return {}
        out[label] = canonical_dtype(quant)
    return out


def _shared_words(labels: list[str]) -> frozenset[str]:
    """The words every row's label holds ("FP4 + DCP4" and "FP8 + DCP4", "INT4 weights" and "BF16 weights"): the
    setting all the rows share, or the precision's noun, so that the rows are named by their precision alone; none
    where the shared words name anything else (a model, a variant: the rows are then more than their precision)."""
    if len(labels) < 2:
        return frozenset()
    words = [{w.lower() for w in label.split()} for label in labels]
    shared = frozenset(set.intersection(*words))
    if any(w <= shared for w in words):
        return frozenset()  # ("GPTQ" over "GPTQ", their bits apart: each row's label is its precision whole)
    text = " ".join(sorted(shared))
    if not shared or setup_only(text) or all(canonical_key_name(w) == "quant" for w in shared):
        return shared
    return frozenset()


def full_precision_label(precisions: dict[str, str]) -> str | None:
    """The label of the one full precision among the rows' (see the module), where the others are quantized ones."""
    full = [label for label, q in precisions.items() if q in FULL_PRECISIONS]
    return full[0] if len(full) == 1 and len(precisions) > 1 else None


# "Δ vs BF16", "delta vs. main", "diff against fp16": a change column that names the row it is taken against
_DELTA_VS_RE = re.compile(
    r"(?:Δ|delta|diff(?:erence)?|change)\s{0,2}(?:\([^()]{0,12}\)\s{0,2})?"
    r"(?:vs\.?|versus|against|over|relative to)\s{1,3}(?P<name>[\w.+#-]{2,24}(?:\s[\w.+#-]{1,24}){0,2})",
    re.IGNORECASE,
)


def delta_named_base(table: Table, labels: list[str]) -> str | None:
    """The label of the row a change column names as its base ("| Precision | ... | Δ vs BF16 |" over a "BF16" row):
    the one row with a cell that is that name."""
    names = {m.group("name").lower() for h in table.header if (m := _DELTA_VS_RE.search(clean(h)))}
    if len(names) != 1:
        return None
    # ("Δ vs PR #901" over a "PR #901" row; "Δ vs BF16 baseline" over "BF16": the longest words a row's cell is)
    words = names.pop().split()
    measured = [
        (row, label) for row, label in zip(table.rows, labels, strict=True) if any(map(is_numeric_cell, row.cells))
    ]
    found: list[str] = []
    for k in range(len(words), 0, -1):
        name = " ".join(words[:k])
        if found := [label for row, label in measured if any(_names(c, name) for c in row.cells)]:
            break
    # (the named row alone, its table cut before the others: a result of its own, no base of anything)
    return found[0] if len(found) == 1 and len(measured) > 1 else None


def _names(cell: str, name: str) -> bool:
    """The cell is that name: the same words, or the same precision as vocab.canonical spells it ("BF16", "bf16")."""
    text = clean(cell).strip("`").lower()
    return text == name or (bool(text) and canonical_dtype(text) == canonical_dtype(name) != "")
