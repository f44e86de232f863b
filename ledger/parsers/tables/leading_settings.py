"""Setting columns a kernel benchmark prints between a row's name and its timings, with a bare header and whole
numbers ("| Arch | SP | Rows | Baseline ms | Fused ms |" over "| sm_90a | 2 | 4096 | 3.10 | 2.05 |"), or a training
page between its settings and its rates ("| # of GPUs | TP | VPP | TFLOPS / GPU |"): what each row ran with, never
results; the timings after them name their measure or unit. A first column of such a header whose whole numbers
differ on every row ("| T | old (µs) | new (µs) |" over 8, 32, 128) is the sweep's setting the same way: the rows'
key, never a name of what they measure."""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import HEAD_UNIT_RE, looks_metric, unit_of_header
from ledger.vocab.setting_heads import whole_numbers
from ledger.vocab.setup_labels import setup_label_key
from ledger.vocab.sides import side_of

_GROUPED_RE = re.compile(r"\d,\d{3}(?!\d)")
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
    if measured is None:
        return
    if roles.count("label") == 1 and roles[0] == "label" and _sweep_key(table, heads):
        roles[0] = "config"  # "| T |" over 8, 32, 128 beside "new (µs)": the setting each row ran at
    if not {"label", "config"} & set(roles[:measured]):
        return
    for ci in range(measured):
        head = heads[ci] if ci < len(heads) else ""
        if roles[ci] != "value" or not head or len(head) > _SHORT or _names_measure(head):
            continue
        cells = [c for r in table.rows if ci < len(r.cells) and (c := clean(r.cells[ci]))]
        # ("1,752" under "k8s Output": a count printed with its thousands marked is a result, never a setting typed)
        if cells and whole_numbers(cells) and not any(_GROUPED_RE.search(c) for c in cells):
            roles[ci] = "config"


def _sweep_key(table: Table, heads: list[str]) -> bool:
    """The first column is a short bare header over whole numbers, a different one on every row of two or more (a
    sweep, not a run's repeats nor a side named by a number)."""
    head = heads[0] if heads else ""
    cells = [clean(r.cells[0]) if r.cells else "" for r in table.rows]
    return (
        bool(head)
        and len(head) <= _SHORT
        and not looks_metric(head)
        and not HEAD_UNIT_RE.search(head)  # (a bare "S" or "T" is no unit here: "(s)" would be)
        and side_of(head) is None
        and setup_label_key(head) is None  # ("clients": a setting the rows' labels are read as already)
        and len(cells) > 1
        and whole_numbers(cells)
        and len(set(cells)) == len(cells)
    )


def _names_measure(head: str) -> bool:
    return looks_metric(head) or unit_of_header(head) is not None
