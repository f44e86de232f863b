"""The claims of a cell that holds both sides of a comparison, "1.07 / 0.98" under "Req/s branch / main": the new
side's value, the other side's as its reference.

Apart from rows.py, which finds the cell and its pair (declared_pairs.slash_pair), because what one pair cell
yields is a reading of its own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.tables.declared_pairs import SlashPair
from ledger.vocab.metrics import column_kind


def slash_claims(
    ctx: Context,
    pair: SlashPair,
    at: tuple[int, str],
    metric: str,
    unit: str | None,
    section: str,
    config: Mapping[str, Any],
) -> Iterator[Claim]:
    """The new side's claim of the pair cell at (line, text): on the revision the text defines by its side's word."""
    line, text = at
    extra: dict[str, Any] = (
        {"revision": rev} if pair.word and (rev := ctx.named_at(line).get(pair.word.lower())) else {}
    )
    yield ctx.claim(
        column_kind(metric, section, unit),
        line,
        text,
        metric=metric,
        value=pair.value,
        unit=unit,
        reference=pair.reference,
        config=dict(config),
        **extra,
    )
