"""Labels that head groups of lines inside one paste: a bare line of setup words over the lines under it.

    TP4                                            <- tp 4 for the two lines under it
    Batch size 8: Avg latency: 3.38 seconds
    Batch size 16: Avg latency: 3.91 seconds

    TP8                                            <- tp 8 for its own group, to the blank line or the block's end
    Batch size 8: Avg latency: 2.40 seconds

A paste of two groups states tp twice, so no default of the document gives it to either; the label is each group's.
A label over nothing (a blank under it) heads no group. A paste that lost its fence (an unfenced one, a rendered
copy's) is read the same: the label is then a one-line text block over the lines under it. Apart from grammar.setup,
which places the scopes.
"""

from __future__ import annotations

from ledger.memo import last_document
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.setup import qualifiers
from ledger.vocab.workload import setup_only


def group_label(text: str) -> dict[str, str] | None:
    """ "TP4", "H100", "TP8 EP8": a short line of setup words and nothing else, which inside a paste labels the group of
    lines under it; None for any other line."""
    if len(text) > 40 or ":" in text or "=" in text or not setup_only(text):
        return None
    return qualifiers(text)


def group_setup(doc: Document, no: int, text: str, last: int) -> tuple[dict[str, str], int] | None:
    """The settings line `no` (its `text`) labels and the last line of its group (the line before the first blank
    under it, `last` at most: a block's end), or None where it heads no group."""
    if no >= last or not doc.line(no + 1).strip() or (values := group_label(text)) is None:
        return None
    return values, min(_run_ends(doc)[no], last)


def text_group(doc: Document, block: Block, text: str, last: int) -> SetupScope | None:
    """The scope of a one-line text block that labels the lines under it, as in a paste that lost its fence (a
    rendered copy's): "TP4" over its rows."""
    grouped = group_setup(doc, block.start, text, last) if block.start == block.end else None
    return SetupScope(block.start, grouped[1], grouped[0]) if grouped is not None else None


@last_document
def _run_ends(doc: Document) -> tuple[int, ...]:
    """Each line's (by its number) last line before a blank: read once per document, however many labels it holds."""
    ends = [0] * (len(doc.lines) + 2)
    end = len(doc.lines)
    for k in range(len(doc.lines), 0, -1):
        if not doc.line(k).strip():
            end = k - 1
        ends[k] = end
    return tuple(ends)
