"""A commenter's own setup carried to that commenter's later turns: "I can provide results from M1 Pro a bit later",
then the same author's next comment with the table and no device. The machine an author states is the machine of
the author's later results until the author names another; another author's turn between keeps its own (a reply
that asks about "your M1 Pro" states its own, and carries nothing to anyone)."""

from __future__ import annotations

from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.reader.document import Document
from ledger.parsers.reader.scanner import turn_author
from ledger.vocab.setup_keys import COUNTED_DEVICE_KEYS

# the machine: its boards or CPU and how many (a load, a model or a flag an author tried once is that turn's alone:
# "Same build with 64 requests in flight" sets up no later run of hers)
_CARRIED = COUNTED_DEVICE_KEYS

_HEAD_LINES = 4
"""How far into a turn its author's line is looked for (the description's opens under the title)."""


def _authors(doc: Document, bounds: list[tuple[int, int]]) -> list[str | None]:
    """The author of each turn, as its turn line names it (None where no line does)."""
    out: list[str | None] = []
    for first, last in bounds:
        lines = (turn_author(doc.line(no)) for no in range(first, min(last, first + _HEAD_LINES) + 1))
        out.append(next((a for a in lines if a), None))
    return out


def carried_turns(doc: Document, own: list[tuple[int, int, dict[str, str]]]) -> list[tuple[int, int, dict[str, str]]]:
    """(first, last, values) of each later turn of an author whose earlier turn's own machine (of `own`, grammar.
    document_default's turns' setup) that later turn does not restate: until the author names another."""
    bounds = turn_bounds(doc)
    if len(own) == 0 or len(bounds) < 3:
        return []
    firsts = {first: k for k, (first, _) in enumerate(bounds)}
    mine = {firsts[a]: {k: v for k, v in values.items() if k in _CARRIED} for a, _, values in own if a in firsts}
    authors = _authors(doc, bounds)
    out: list[tuple[int, int, dict[str, str]]] = []
    for t, values in sorted(mine.items()):
        carried, author = dict(values), authors[t]
        for u in range(t + 1, len(bounds)):
            if author is None or not carried:
                break
            if authors[u] != author:
                continue
            restated = mine.get(u, {})
            if rest := {k: v for k, v in carried.items() if k not in restated}:
                out.append((bounds[u][0], bounds[u][1], rest))
            carried = {k: v for k, v in carried.items() if k not in restated}
    return out
