"""The machine a result sentence names, over the results below it in its turn: "On an EPYC 9654 CPU, prefill is
1.4X faster than main." over the sweep tables that follow, which name no machine of their own. A sentence that states
no result already carries its machine so (the document's or the turn's default); one that states a result kept it
its own, and the tables below lost it wherever the turn named a second machine (a later heading's, a later
sentence's). Only the machine and its count go down (the sentence's length, load and model are its own result's);
the scope ends at the next line of the turn that names a machine (restated, or a heading's own)."""

from __future__ import annotations

import bisect

from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.reader.document import Document
from ledger.vocab.setup_keys import COUNTED_DEVICE_KEYS


def result_machine_scopes(doc: Document, changes: frozenset[int]) -> list[SetupScope]:
    """A scope from the line after each result paragraph (of `changes`, grammar.setup_scopes' change lines) that names
    a machine to the line before the next line of its turn naming one, or its turn's end."""
    bounds = turn_bounds(doc)
    if not changes or not bounds:
        return []
    starts = [a for a, _ in bounds]
    out: list[SetupScope] = []
    for no in sorted(changes):
        if no + 1 in changes:
            continue  # (a paragraph's last line opens the scope; its wrapped lines before it are one sentence)
        first = no
        while first - 1 in changes:
            first -= 1
        values = {k: v for line in range(first, no + 1) for k, v in _machine(doc, line, COUNTED_DEVICE_KEYS).items()}
        if not values:
            continue
        turn_end = bounds[max(bisect.bisect_right(starts, no) - 1, 0)][1]
        # (the scan stops at the next paragraph that names a machine at the latest: each line is read about once)
        below = range(no + 1, turn_end + 1)
        end = next((line - 1 for line in below if _machine(doc, line, COUNTED_DEVICE_KEYS)), turn_end)
        if end > no:
            out.append(SetupScope(no + 1, end, values))
    return out


def _machine(doc: Document, no: int, keys: frozenset[str]) -> dict[str, str]:
    text = doc.setup_line(no)
    if not text.strip() or len(text) > 4000:
        return {}
    return {k: v for k, v in line_setup(text[:2000]).items() if k in keys}
