"""Setting columns a kernel benchmark prints between a row's name and its timings, with a bare header and whole
numbers ("| Arch | SP | Rows | Baseline ms | Fused ms |" over "| sm_90a | 2 | 4096 | 3.10 | 2.05 |"), or a training
page between its settings and its rates ("| # of GPUs | TP | VPP | TFLOPS / GPU |"): what each row ran with, never
results; the timings after them name their measure or unit."""

from __future__ import annotations

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import looks_metric, unit_of_header
from ledger.vocab.setting_heads import whole_numbers

_SHORT = 16
"""A setting's header is a short name ("SP", "Rows", "Heads"); a longer one names what it counts."""


def leading_settings(table: Table, roles: list[str]) -> None:
    """Turn the value columns before the first measured one (a header with a unit or a measure's name) into
    settings, where each has a short bare header over whole numbers; in place."""
    heads = [clean(h) for h in table.header]
    measured = next(
        (i for i, r in enumerate(roles) if r == "value" and i < len(heads) and _names_measure(heads[i])), None
    )
    # the row is named by a label, or by settings alone ("| SeqLen (K) | # of GPUs | TP | CP | VPP | TFLOPS / GPU |":
    # the short columns among them are settings too)
    if measured is None or not {"label", "config"} & set(roles[:measured]):
        return
    for ci in range(measured):
        head = heads[ci] if ci < len(heads) else ""
        if roles[ci] != "value" or not head or len(head) > _SHORT or _names_measure(head):
            continue
        cells = [c for r in table.rows if ci < len(r.cells) and (c := clean(r.cells[ci]))]
        if cells and whole_numbers(cells):
            roles[ci] = "config"


def _names_measure(head: str) -> bool:
    return looks_metric(head) or unit_of_header(head) is not None
