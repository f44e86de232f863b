"""Values of a "label: value" line named by their own words after them ("- 31B: 1.66 accepted tokens/round, 0.66
accepted drafts/round, 66.1% of drafted"): each is the acceptance figure those words name, not a measure called by
the label (here a model) nor the label's value under a unit the pair reader cut from the words ("tokens/round").

Apart from lines.py, which reads every pair; here is the one question of what a value's own words name."""

from __future__ import annotations

from ledger.parsers.grammar.numbers import find_numbers
from ledger.parsers.grammar.pairs import Pair
from ledger.vocab.acceptance_words import named_after


def _named(text: str, start: int, end: int) -> str | None:
    nums = find_numbers(text, start, end, limit=1)
    return named_after(text, nums[0].end) if nums else None


def own_named(text: str, p: Pair, metric: str, unit: str | None) -> tuple[str, str | None]:
    """The pair's metric and unit: those its value's own words name where they name one (a share keeps its "%"),
    else `metric` and `unit` as the label and the pair reader gave them."""
    own = _named(text, p.value_start, p.end)
    return (own, "%" if unit == "%" else None) if own else (metric, unit)


def continued_name(
    text: str, start: int, end: int, metric: str, unit: str | None, qual: str, place: int
) -> tuple[str, str | None]:
    """The metric and unit of the `place`-th value after a pair's first (`start`..`end`): its own words' measure;
    else the label's measure with the value's unit (and the word before it), or its place where it has no unit."""
    if (own := _named(text, start, end)) is not None:
        return own, "%" if unit == "%" else None
    if not unit:
        return f"{metric} ({place})", None  # the i-th of a list of values under one label
    return (f"{metric} ({qual} {unit})" if qual else f"{metric} ({unit})"), unit
