"""A commenter's own setup carried to that commenter's later turns: "I can provide results from M1 Pro a bit later",
then the same author's next comment with the table and no device. The machine an author states is the machine of
the author's later results until the author names another; another author's turn between keeps its own (a reply
that asks about "your M1 Pro" states its own, and carries nothing to anyone)."""

from __future__ import annotations

from ledger.parsers.grammar.line_setup import DEFAULT_KEYS, RUN_SETUP_KEYS
from ledger.parsers.grammar.section_results import section_measures
from ledger.parsers.grammar.setup_scopes import line_setup, turn_bounds
from ledger.parsers.grammar.varied import states_result
from ledger.parsers.reader.document import Document
from ledger.parsers.reader.scanner import turn_author
from ledger.vocab.setup_keys import COUNTED_DEVICE_KEYS

# the machine: its boards or CPU and how many (a load, a model or a flag an author tried once is that turn's alone:
# "Same build with 64 requests in flight" sets up no later run of hers)
_CARRIED = COUNTED_DEVICE_KEYS

# the run settings a description plans for its author's later results: what a serving run sends, not the machine or
# the workload (document_default's, DEFAULT_KEYS)
_PLANNED = RUN_SETUP_KEYS - DEFAULT_KEYS

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
    document_default's turns' setup) that later turn does not restate: until the author names another. Then the
    run settings a description plans for its author's later turns (described_runs)."""
    bounds = turn_bounds(doc)
    if len(own) == 0 or len(bounds) < 3:
        return described_runs(doc)
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
    return out + described_runs(doc)


def described_runs(doc: Document) -> list[tuple[int, int, dict[str, str]]]:
    """(first, last, values) of each later turn of the description's author over the run settings its description
    states with no result of its own ("1. picked the request rate at 60 for comparison in the table", the table in a
    later review comment of hers): the run keys no document default holds (_PLANNED), to the first later turn of hers
    that states the key again. Another commenter's runs are his own; a description with results keeps its settings
    to its own (grammar.setup_scopes.section_workloads)."""
    bounds = turn_bounds(doc)
    if len(bounds) < 3:
        return []
    authors = _authors(doc, bounds)
    planned = _settings_only(doc, *bounds[1])
    if authors[1] is None or not planned:
        return []
    out: list[tuple[int, int, dict[str, str]]] = []
    for u in range(2, len(bounds)):
        if not planned:
            break
        if authors[u] != authors[1]:
            continue
        restated = _settings_only(doc, *bounds[u], results=True) or {}
        if rest := {k: v for k, v in planned.items() if k not in restated}:
            out.append((bounds[u][0], bounds[u][1], rest))
        planned = rest
    return out


def _settings_only(doc: Document, first: int, last: int, results: bool = False) -> dict[str, str] | None:
    """The _PLANNED settings the lines first..last state, one value a key (a key stated twice apart: none); None
    where a line states a result or a table or paste shows one (unless `results`: then the settings all the same)."""
    if not results and section_measures(doc, [(first, last)]):
        return None
    seen: dict[str, set[str]] = {}
    for no in range(first, last + 1):
        text = doc.line(no)
        if not results and states_result(text[:300]):
            return None
        for k, v in line_setup(text[:2000]).items():
            if k in _PLANNED:
                seen.setdefault(k, set()).add(v)
    return {k: next(iter(vs)) for k, vs in seen.items() if len(vs) == 1}
