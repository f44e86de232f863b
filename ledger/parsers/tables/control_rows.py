"""Control rows of a with/without table named by two label or setting columns ("| m-a | no drafter |" then
"| m-a | Medusa |", again for m-b): the row of each setup run without the feature another row of that column is
named for is the reference of the other rows of the same setup (the other columns' cells).

Apart from results.py because the labels it reads are joined there ("m-a / no drafter"): the arm is one column's
cell, the setup the others'."""

from __future__ import annotations

from ledger.parsers.reader.document import Row, Table
from ledger.parsers.tables.cells import clean, is_numeric_cell
from ledger.parsers.tables.side_rows import feature_off_twin, settings_key

ControlKey = tuple[frozenset[str], tuple[str, ...]]


def control_rows(table: Table, roles: list[str]) -> tuple[dict[ControlKey, Row], list[int]] | None:
    """The control row of each setup by (no label numbers, the setup's cells), and the label and setting columns
    that hold the setup; None unless one of them names the arms, with one control row for each setup."""
    # (the arm may sit in a setting column: "| DS-Pro | EAGLE | TP8 (no CP) |" beside "| DS-Pro | EAGLE | CP8 |")
    labelled = [i for i, r in enumerate(roles) if r in ("label", "config")]
    if len(labelled) < 2:
        return None
    rows = [r for r in table.rows if any(map(is_numeric_cell, r.cells[1:]))]
    for arm in labelled:
        cells = [clean(r.cells[arm]) if arm < len(r.cells) else "" for r in rows]
        names = frozenset(c.lower() for c in cells)
        steps = [i for i in labelled if i != arm]
        bases: dict[ControlKey, Row] = {}
        for row, cell in zip(rows, cells, strict=True):
            if cell and feature_off_twin(cell, names):
                key = (frozenset[str](), settings_key(row, steps))
                if key in bases:
                    return None  # (two control rows of one setup: an A/B/A run, no one reference)
                bases[key] = row
        if bases and len(bases) < len(rows):
            return bases, steps
    return None
