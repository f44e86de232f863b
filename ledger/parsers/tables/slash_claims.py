"""The claims of a cell that holds both sides of a comparison, "1.07 / 0.98" under "Req/s branch / main": the new
side's value, the other side's as its reference.

Apart from rows.py, which finds the cell and its pair (declared_pairs.slash_pair), because what one pair cell
yields is a reading of its own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.tables.declared_pairs import SlashPair
from ledger.vocab.metrics import column_kind
from ledger.vocab.sides import side_alone, side_of


def slash_claims(
    ctx: Context,
    pair: SlashPair,
    at: tuple[int, str],
    metric: str,
    unit: str | None,
    section: str,
    config: Mapping[str, Any],
) -> Iterator[Claim]:
    """The new side's claim of the pair cell at (line, text): on the revision the text defines by its side's word, else
    on the side its word names where that word is the PR's side alone ("this PR" of "greedy / main / this PR"); then the
    third run's value, its own claim under the third's name (no side: greedy drafting runs the same on both)."""
    line, text = at
    rev = ctx.named_at(line).get(pair.word.lower()) if pair.word else None
    # (a section's revision, "First measurement (commit 2f8c6e0a4b)", is the run's, a side word or not)
    if (
        rev is None
        and pair.word
        and side_alone(pair.word)
        and side_of(pair.word) == "head"
        and not ctx.revision_at(line)
    ):
        rev = Revision(label=pair.word)
    extra: dict[str, Any] = {"revision": rev} if rev is not None else {}
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
    if pair.third is not None and pair.third[1] is not None:
        name, value = pair.third
        kind = column_kind(metric, section, unit)
        yield ctx.claim(kind, line, text, metric=metric, value=value, unit=unit, config={**config, "variant": name})
