"""A results cell that prints its author's verdict beside the change: "better -16.7%", "WORSE +11.7%"."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ledger.model import Claim
from ledger.vocab.outcomes import verdict_word


def with_printed_verdict(claims: Iterable[Claim], cell: str) -> Iterator[Claim]:
    """The cell's claims, a change carrying the verdict word the cell prints (outcome_text): the row's own judgement,
    which a report follows where the metric's name tells no direction or tells it wrong."""
    word = verdict_word(cell)
    for c in claims:
        yield c.model_copy(update={"outcome_text": word}) if word and c.kind == "perf" and c.unit == "%" else c
