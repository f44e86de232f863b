"""A table of one run's figures, "| Metric | Value |", whose first rows state the run's setup: "| Batch Size | 1 |",
"| Prompt Length | 128 |" (onnxruntime-genai's benchmark summary). Those rows are no results (vocab.input_labels:
workload labels); their values are the setup of every result row of the table. Only where each row holds one value
(one run: a table of several runs' columns states each column's setup by its header instead)."""

from __future__ import annotations

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.setting_keys import setup_key
from ledger.vocab.setup import is_workload_label

_STATED_KEYS = frozenset(("isl", "osl", "batch_size", "concurrency"))
"""The settings a run's workload row states for every result of its table (a total, "Total input tokens", none)."""
_ONE_RUN_CELLS = 2
"""A label and one value: the row of a one-run table."""


def workload_rows_setup(table: Table, labels: list[str]) -> dict[str, str]:
    """The setup the table's workload rows state ("Batch Size | 1" -> batch_size 1), each key once; {} where a row
    holds more than one value or a key is stated twice."""
    out: dict[str, str] = {}
    for row, label in zip(table.rows, labels, strict=True):
        if not label or not is_workload_label(label) or (key := setup_key(label)) not in _STATED_KEYS:
            continue
        cells = [c for c in map(clean, row.cells) if c]
        if len(row.cells) > _ONE_RUN_CELLS or len(cells) != _ONE_RUN_CELLS or not cells[1].isdigit() or key in out:
            return {}
        out[key] = cells[1]
    return out
