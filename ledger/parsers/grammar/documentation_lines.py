"""The lines of a document that document rather than report: boards named as examples of their compute capability
(a build note), a table of them, an API's reference. They name no setup the results ran under (vocab.device_headings,
vocab.doc_tables), so the document default reads none of them."""

from __future__ import annotations

from ledger.parsers.reader.blocks import Document
from ledger.parsers.reader.line_facts import line_facts
from ledger.vocab.device_headings import CAPABILITY_GATE, capability_note
from ledger.vocab.doc_tables import documentation_table


def documentation_lines(doc: Document) -> set[int]:
    """The lines that name boards as examples of their compute capability (a build note, a table of them) and the
    rows of an API's reference ("| Name | Shape | Data Type | Description |"): they name no setup the results ran
    under (vocab.device_headings, vocab.doc_tables)."""
    out: set[int] = set()
    # (a note names "compute": the lines that may hold one, found by one pass over the document, not a test a line)
    held = line_facts(doc).holding(CAPABILITY_GATE)
    for b in doc.blocks:
        if b.kind == "table" and b.table is not None and documentation_table(b.table.header):
            out.update(range(b.start, b.end + 1))
        elif held and b.kind in ("text", "item"):
            out.update(no for no in range(b.start, b.end + 1) if no in held and capability_note(doc.line(no)))
    return out
