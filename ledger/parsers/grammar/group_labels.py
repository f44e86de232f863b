"""Labels that head groups of lines inside one paste: a bare line of setup words over the lines under it.

    TP4                                            <- tp 4 for the two lines under it
    Batch size 8: Avg latency: 3.38 seconds
    Batch size 16: Avg latency: 3.91 seconds

    TP8                                            <- tp 8 for its own group, to the blank line or the block's end
    Batch size 8: Avg latency: 2.40 seconds

A paste of two groups states tp twice, so no default of the document gives it to either; the label is each group's.
A label over nothing (a blank under it) heads no group. Apart from grammar.setup, which places the scopes.
"""

from __future__ import annotations

from ledger.parsers.reader.document import Document
from ledger.vocab.setup import qualifiers
from ledger.vocab.workload import setup_only


def group_label(text: str) -> dict[str, str] | None:
    """ "TP4", "H100", "TP8 EP8": a short line of setup words and nothing else, which inside a paste labels the group of
    lines under it; None for any other line."""
    if len(text) > 40 or ":" in text or "=" in text or not setup_only(text):
        return None
    return qualifiers(text)


def group_setup(
    doc: Document, no: int, text: str, last: int, ends: dict[int, int]
) -> tuple[dict[str, str], int] | None:
    """The settings line `no` (its `text`) labels and the last line of its group (the line before the first blank
    under it, or `last`, the block's), or None where it heads no group. `ends` holds every line's group end from the
    first line asked (the block is read top down), so a block of many labels is walked once."""
    if no >= last or not doc.line(no + 1).strip() or (values := group_label(text)) is None:
        return None
    if not ends:
        end = last
        for k in range(last, no - 1, -1):
            if not doc.line(k).strip():
                end = k - 1
            ends[k] = end
    return values, ends.get(no, last)
