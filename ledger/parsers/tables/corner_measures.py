"""A corner header that names both of a table's axes: "| Concurrency vs TPS/user | Updated | Baseline | Speedup |"
(a plot's caption, "Y vs X" turned round, read as its legend: the rows are the concurrency, the cells TPS/user).
The corner is the row labels' setting alone ("Concurrency"), and the measure it names is each level column's
("Updated TPS/user"), never a change column's ("Speedup" stays a ratio). Without it the corner's words would be one
setting's odd name (`concurrency_vs_tps_user=2`) and the cells would name no measure."""

from __future__ import annotations

import re
from dataclasses import replace

from ledger.parsers.reader.blocks import Table
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.setting_keys import setup_key
from ledger.vocab.metrics import is_change_name, names_a_metric
from ledger.vocab.units import is_measure_unit

# "Concurrency vs TPS/user", "Batch size versus latency (ms)": a setting, then the measure (short words, no bars)
_CORNER_RE = re.compile(r"^(?P<key>[\w /.#-]{1,30}?)\s{1,3}(?:vs\.?|versus)\s{1,3}(?P<measure>[^|]{1,40})$", re.I)


def corner_axes(cell: str) -> tuple[str, str] | None:
    """(the rows' setting, the cells' measure) a corner cell names ("Concurrency vs TPS/user" -> ("Concurrency",
    "TPS/user")), else None: a comparison's name ("PR vs main") names no setting, and a setting against another
    setting ("ISL vs OSL") no measure."""
    m = _CORNER_RE.match(clean(cell))
    if m is None:
        return None
    key, measure = m.group("key").strip(), m.group("measure").strip()
    if setup_key(key) is None or setup_key(measure) is not None:
        return None
    return (key, measure) if names_a_metric(measure) or is_measure_unit(measure) else None


def with_corner_measure(table: Table) -> Table:
    """The table with its corner's two axes parted (see the module), else the table as it is."""
    axes = corner_axes(table.header[0]) if table.header else None
    if axes is None:
        return table
    key, measure = axes
    header, parts = [key], list(table.header_parts or [])
    for i, head in enumerate(table.header[1:], start=1):
        level = clean(head) and not is_change_name(head) and setup_key(clean(head)) is None
        header.append(f"{clean(head)} {measure}" if level else head)
        if level and i < len(parts):
            parts[i] = (parts[i][0], f"{parts[i][1]} {measure}")
    if parts:
        parts[0] = (parts[0][0], key)
    return replace(table, header=header, header_parts=parts or table.header_parts)
