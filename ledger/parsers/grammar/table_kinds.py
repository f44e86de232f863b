"""What a table measures, as far as a lead-in's setup cares: scores of an eval, a speed (or a draft's acceptance).
A paragraph right over a table ("Paired serving runs on 4xH100, TP4, concurrency 8:") states that table's runs;
further down its section it still holds for tables of the same kind of measurement, never for one of the other kind
(the eval table under a serving paragraph, with no heading between them, as an excerpt cut at "[...]" leaves it)."""

from __future__ import annotations

import bisect
from itertools import pairwise

from ledger.memo import last_document
from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.metrics import is_acceptance_name, is_accuracy_name, named_benchmark

_ROWS_READ = 6
"""The rows whose first cells are read for a benchmark's name: enough to tell an eval's table (a long one bounded)."""


def table_kind(block: Block) -> str:
    """ "eval" for a table of an eval's scores (scores_evals), "spec" for one of a draft's acceptance (measured on
    whatever prompts its text names: an eval's too), else "speed"."""
    if scores_evals(block):
        return "eval"
    table = block.table
    names = [*table.header, *(c for r in table.rows[:_ROWS_READ] for c in r.cells[:1])] if table is not None else []
    return "spec" if any(is_acceptance_name(n.strip(" *_`")) for n in names) else "speed"


def scores_evals(block: Block) -> bool:
    """The table reports an eval's scores: a header that names a score or a benchmark ("accuracy", "GSM8K"), or
    rows named by benchmarks ("| GSM8K (1,319) |", "| MMLU |") in their first two cells."""
    table = block.table
    if table is None:
        return False
    if any(is_accuracy_name(h.strip(" *_`")) or named_benchmark(h) for h in table.header):
        return True
    cells = (c for r in table.rows[:_ROWS_READ] for c in r.cells[:2])
    return any(named_benchmark(c) is not None for c in cells)


@last_document  # (asked once per lead-in paragraph over a table)
def _other_kind_after(doc: Document) -> dict[int, int]:
    """Each table's first line -> the first line of the next table after it that measures the other kind (one pass
    from the end; a table with none after it is left out)."""
    tables = [(b.start, table_kind(b)) for b in doc.blocks if b.kind == "table" and not b.in_code]
    out: dict[int, int] = {}
    last: dict[str, int] = {}  # the first line of the nearest table below, of each kind
    for start, kind in reversed(tables):
        if (other := last.get(_OTHER.get(kind, ""))) is not None:
            out[start] = other
        last[kind] = start
    return out


_OTHER = {"eval": "speed", "speed": "eval"}
"""The kind of measurement a table's setup never reaches from the other (a draft's acceptance is neither's other)."""


MACHINE_KEYS = frozenset(("gpu", "model"))
"""What a lead-in states of the machine and the model served: it holds past the cut, as a section's own statement."""


def lead_reach(doc: Document, table: Block, end: int) -> int:
    """The last line the setup of a paragraph right over `table` holds over, its section ending at `end`: the line
    before the first later table that measures the other kind, where one stands in the section."""
    other = _other_kind_after(doc).get(table.start)
    return other - 1 if other is not None and other <= end else end


def cut_lead(
    doc: Document, table: Block, start: int, end: int, values: dict[str, str]
) -> list[tuple[int, int, dict[str, str]]]:
    """The scopes (first, last line, values) of a paragraph's setup stated from `start` to `end` right over `table`:
    all of it to the first table of the other kind (lead_reach), its board and model alone past it."""
    cut = lead_reach(doc, table, end)
    machine = {k: v for k, v in values.items() if k in MACHINE_KEYS} if cut < end else {}
    return [(start, cut, values), *([(cut + 1, end, machine)] if machine else [])]


@last_document
def between_kinds(doc: Document) -> frozenset[int]:
    """The lines between a table and the next one where that one measures the other kind (a serving table, then
    "few_shot_gsm8k --parallel 32" over the gsm8k table): a run stated there is the second table's, no setup of the
    first's nor of the document's."""
    tables = [b for b in doc.blocks if b.kind == "table" and not b.in_code]
    other = _other_kind_after(doc)
    return frozenset(
        no for a, b in pairwise(tables) if other.get(a.start) == b.start for no in range(a.end + 1, b.start)
    )


@last_document
def _table_starts(doc: Document) -> list[int]:
    return [b.start for b in doc.blocks if b.kind == "table" and not b.in_code]


def kind_cut(doc: Document, first: int, last: int) -> int | None:
    """The first line of the first table in lines first..last that measures another kind than the first table there
    (a section's serving table, then its eval table): where what the section states of the first stops; None if none."""
    starts = _table_starts(doc)
    at = bisect.bisect_right(starts, first)
    other = _other_kind_after(doc).get(starts[at]) if at < len(starts) and starts[at] <= last else None
    return other if other is not None and other <= last else None
