"""Sizes a text states as set up for the runs, never measured by them (prose.guards asks, for each number): the
room a pool was given ("used a 4096 MB embedding pool") and the questions an evaluation ran ("GSM8K (5-shot, full
1319)")."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number
from ledger.vocab.units import is_size_unit

# "used a 4096 MB embedding pool", "with a 2 GiB buffer": the room a pool was given, set up before the run (never
# "+3.4 GiB graph pool", what a change costs: a size with no article before it is measured)
# ("an eight-reader 64 GiB packed expert LRU", "a 96 GiB runtime reservation": a cache's or a reservation's budget,
# one word of its kind between the article and the size at most)
_POOL_AFTER_RE = re.compile(r"\s?(?:[\w-]{1,16}\s){0,2}(?:pool|buffer|arena|lru|reservation|budget)s?\b", re.IGNORECASE)
_ARTICLE_BEFORE_RE = re.compile(r"(?:^|\s)(?:an?|the)\s(?:[\w-]{1,20}\s)?$", re.IGNORECASE)
# "GSM8K (5-shot, full 1319)": the questions the evaluation ran, counted beside its shots, no score
_SHOT_COUNT_BEFORE_RE = re.compile(
    r"\(\s?\d{1,2}[- ]shots?\s?,\s?(?:the\s)?(?:full|all|whole|n\s?=)\s?$", re.IGNORECASE
)


def set_size(text: str, n: Number) -> bool:
    """Whether the number `n` of `text` is a pool's configured size or an evaluation's question count (see the
    module)."""
    if is_size_unit(n.unit):
        return (
            _ARTICLE_BEFORE_RE.search(text, max(0, n.start - 27), n.start) is not None
            and _POOL_AFTER_RE.match(text, n.end) is not None
        )
    return not n.unit and _SHOT_COUNT_BEFORE_RE.search(text, max(0, n.start - 30), n.start) is not None
