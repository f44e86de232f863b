"""A change stated right after a table of two sides ("| main | 51.55 |" then "| PR | 51.35 |", then "Delta: -0.39%
req/s, within run-to-run noise."): the change of the table's candidate against its base, measured on the
candidate's revision, as its cells are. The table's one revision whose values carry a reference is the candidate's;
a table of more than one such revision (two arms) says nothing of whose change the line is, unless they are one
head under two labels (the author's column and a reviewer's reproduction of it).

Apart from results.py because it reads the prose after a table, once the whole document's claims are read."""

from __future__ import annotations

from ledger.model import Claim, Revision
from ledger.parsers.reader.document import Document
from ledger.vocab.metrics import is_change_name

_GAP = 2
"""Lines the change's line may stand below its table (a blank line between)."""


def after_table_changes(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, a change with no revision on the prose line right after a table of two sides measured on the
    table's candidate revision."""
    by_line: dict[int, list[int]] = {}
    for i, c in enumerate(claims):
        by_line.setdefault(c.source.line, []).append(i)
    out = list(claims)
    for block in doc.blocks:
        if block.kind != "table":
            continue
        revs = {
            c.revision
            for no in range(block.start, block.end + 1)
            for c in (out[i] for i in by_line.get(no, []))
            if c.revision is not None and c.reference is not None
        }
        rev = next(iter(revs)) if len(revs) == 1 else _one_head(revs)
        if rev is not None:
            _on_candidate(doc, out, by_line, range(block.end + 1, block.end + 2 + _GAP), rev)
    return out


def _on_candidate(doc: Document, out: list[Claim], by_line: dict[int, list[int]], lines: range, rev: Revision) -> None:
    for no in lines:
        if doc.line(no).lstrip()[:1] in ("|", "#"):
            return  # (another table, or a heading: a section of its own)
        for i in by_line.get(no, []):
            c = out[i]
            if c.kind == "perf" and c.revision is None and c.reference is None and is_change_name(c.metric or ""):
                out[i] = c.model_copy(update={"revision": rev})


def _one_head(revs: set[Revision]) -> Revision | None:
    """The candidate where every revision of the table is one head under two labels (the author's "This PR
    `c1d2e3f4`" column and a reviewer's "PR reproduced" of it): one build measured twice, its change that build's."""
    heads = {(r.head, r.base) for r in revs}
    if len(heads) != 1 or next(iter(heads))[0] is None:
        return None
    return min(revs, key=lambda r: r.label or "")
