"""A results cell that prints its author's verdict beside the change ("better -16.7%", "WORSE +11.7%"), or its
value as a bound ("**> 50%**": more than half, never exactly half)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ledger.model import Claim
from ledger.vocab.outcomes import verdict_word

_BOUND_CELL_RE = re.compile(r"^[*_` ]{0,4}(?P<bound>(?:<=?|>=?|[≤≥]) ?\d[\d.,]{0,12} ?[%A-Za-z/]{0,8})[*_` ]{0,4}$")


def with_printed_verdict(claims: Iterable[Claim], cell: str) -> Iterator[Claim]:
    """The cell's claims, a change carrying the verdict word the cell prints (outcome_text): the row's own judgement,
    which a report follows where the metric's name tells no direction or tells it wrong. A value printed as a bound
    keeps it as its note ("> 50%"): the least or most the runs gave."""
    word = verdict_word(cell)
    bound = m.group("bound") if (m := _BOUND_CELL_RE.match(cell.strip())) is not None else None
    for c in claims:
        if bound and c.note is None and c.value is not None:
            c = c.model_copy(update={"note": bound})
        yield c.model_copy(update={"outcome_text": word}) if word and c.kind == "perf" and c.unit == "%" else c
