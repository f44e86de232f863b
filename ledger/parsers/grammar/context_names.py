"""A measure's name that states the context its value was taken at ("| cold 16k prefill |", "prefill 4K tokens",
"- prefill @ 8K:", "+7.5% (at 8k)"): the length is the run's input, its isl, as the name's own words; a section's
or a sentence's wider setup says less of this one value than its name does. The name keeps its words (the sibling
rows of one table read as they were written)."""

from __future__ import annotations

from ledger.model import Claim
from ledger.vocab.canonical import canon_value
from ledger.vocab.context_words import named_context

_NAMED_KINDS = frozenset(("perf",))


def contexts_as_setup(claims: list[Claim]) -> list[Claim]:
    """The claims, each whose name states one context length with that length as its isl (see the module)."""
    out = list(claims)
    for i, c in enumerate(out):
        n = named_context(str(c.metric)) if c.kind in _NAMED_KINDS and c.metric else None
        if n is not None and canon_value("isl", str(c.config.get("isl", ""))) != canon_value("isl", n):
            out[i] = c.model_copy(update={"config": {**c.config, "isl": n}})
    return out
