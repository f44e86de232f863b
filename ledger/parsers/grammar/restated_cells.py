"""A sentence right under a table that restates its cells: "Median ITL drops from 31.20 to 27.45 ms" under a row
"| Median ITL (ms) | 31.20 | 27.45 |" of a "Baseline `3c4d5e6f` | This PR `9a8b7c6d`" table.

The sentence reads the table's numbers again, so its values were measured where the cells were: a restated value
with no revision of its own takes the revision of the cell it restates, the same value against the same reference
(and unit). A pair the table holds under several revisions (two arms with one value) says nothing, and a value the
table does not print ("about 12% faster overall") stays as the sentence states it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ledger.model import Claim, Revision
from ledger.parsers.grammar.after_results import wrapped_end
from ledger.parsers.reader.blocks import Block, Document

_GAP = 2
"""The most lines between a table's last row and the sentence under it (a blank line)."""

_Cell = tuple[float, float]
"""A restated cell: its value and its reference."""


def restated_cells(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each restated value under a table on the revision of the cell it restates (the module)."""
    spans = list(_captions(doc.blocks))
    if not spans or not any(c.revision is None and c.reference is not None for c in claims):
        return claims
    out = list(claims)
    for table, (first, last) in spans:
        cells = _cell_revisions(c for c in claims if table.start <= c.source.line <= table.end)
        if not cells:
            continue
        for k, c in enumerate(out):
            if not first <= c.source.line <= last or c.revision is not None or (key := _cell_key(c)) is None:
                continue
            # (a unit the sentence leaves off, wrapped onto its next line, is the cell's)
            revs = {rev.model_dump_json(): rev for unit, rev in cells.get(key, ()) if unit == (c.unit or unit)}
            if len(revs) == 1:
                out[k] = c.model_copy(update={"revision": next(iter(revs.values()))})
    return out


def _cell_key(c: Claim) -> _Cell | None:
    """What a measured value restates: its value and reference (None for no value against a reference)."""
    if c.kind != "perf" or not isinstance(c.value, float) or c.reference is None:
        return None
    return c.value, c.reference


def _cell_revisions(claims: Iterable[Claim]) -> dict[_Cell, list[tuple[str, Revision]]]:
    """Each pair the table's cells state, with the unit and revision of each cell stating it."""
    out: dict[_Cell, list[tuple[str, Revision]]] = {}
    for c in claims:
        if c.revision is not None and c.revision.head and (key := _cell_key(c)) is not None:
            out.setdefault(key, []).append((c.unit or "", c.revision))
    return out


def _captions(blocks: list[Block]) -> Iterable[tuple[Block, tuple[int, int]]]:
    """Each table of results outside code with the lines of the paragraph right under it (wrapped over lines)."""
    for k in range(1, len(blocks)):
        first, table = blocks[k], blocks[k - 1]
        if first.kind != "text" or first.in_code or table.kind != "table" or table.in_code:
            continue
        if first.start - table.end > _GAP:
            continue
        z = wrapped_end(blocks, k)  # (a paragraph wrapped over lines: a block each)
        if blocks[z].text.rstrip().endswith(":"):
            continue  # (a lead-in of what follows it, not a word on the table)
        yield table, (first.start, blocks[z].end)
