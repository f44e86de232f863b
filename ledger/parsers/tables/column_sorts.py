"""What a table's columns are, read from its header and all its rows at once, before any row is read: the label
columns every row shares, the headers a parenthesised variant tells apart, the model each value column names, and the
spread column of each value column (tables.row_info's TableInfo asks each once per table)."""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import head_without_unit, looks_metric, unit_of_header
from ledger.parsers.tables.setting_keys import setting_keys
from ledger.vocab.metrics import STDERR_WORDS
from ledger.vocab.setup import model_names
from ledger.vocab.sides import side_of

_STDERR_HEAD_RE = re.compile(f"^{STDERR_WORDS}" + r"(?![a-z])", re.IGNORECASE)


def shared_setting_labels(table: Table, roles: list[str]) -> list[int]:
    """The label columns that name a setting ("model", "GPU") and hold one value on every row of two or more: the
    setup every row shares, not a name that tells the rows apart (it would name every row's measure otherwise:
    "latency (Llama-3-70B)")."""
    out = []
    for ci, role in enumerate(roles):
        head = clean(table.header[ci]) if ci < len(table.header) else ""
        cells = {clean(r.cells[ci]) if ci < len(r.cells) else "" for r in table.rows}
        if role == "label" and len(table.rows) > 1 and len(cells) == 1 and "" not in cells and setting_keys(head):
            out.append(ci)
    return out


def variant_heads(heads: list[str]) -> frozenset[str]:
    """The headers a variant in parentheses tells apart ("PR" and "PR (fused)" both lose it as a unit would):
    the parenthesis is part of their name, unless it is a unit."""
    bare: dict[str, list[str]] = {}
    for h in heads:
        bare.setdefault(head_without_unit(h), []).append(h)
    return frozenset(
        h
        for group in bare.values()
        if len(set(group)) > 1
        for h in group
        if h != head_without_unit(h) and unit_of_header(h) is None
    )


def column_models(heads: set[str]) -> dict[str, str]:
    """The model each value column names, where every one of two or more names one and nothing else (no measure,
    no side): a model card's benchmarks as rows, one model per column; {} for any other table."""
    out: dict[str, str] = {}
    for head in heads:
        names = model_names(head_without_unit(head)) if not looks_metric(head) and side_of(head) is None else []
        if len(names) != 1:
            return {}
        out[head] = names[0]
    return out if len(out) >= 2 else {}


def spread_columns(
    table: Table, roles: list[str], value_cols: list[int], base_cols: list[int]
) -> tuple[dict[int, int], dict[int, int]]:
    """A spread column ("Std (us)") is the standard deviation of the nearest value column to its left, a stderr column
    ("| exact_match | stderr |") its standard error: (value column -> spread column) for each kind. The spread of a
    baseline column ("old_mean | old_std") goes with the baseline: no claim."""
    spread_of: dict[int, int] = {}
    stderr_of: dict[int, int] = {}
    for i, r in enumerate(roles):
        if r == "spread":
            left = [v for v in value_cols + base_cols if v < i]
            stderr = _STDERR_HEAD_RE.match(clean(table.header[i])) if i < len(table.header) else None
            if left and max(left) in value_cols:
                (stderr_of if stderr else spread_of)[max(left)] = i
    return spread_of, stderr_of
