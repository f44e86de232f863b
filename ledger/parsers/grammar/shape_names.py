"""A measure's name that holds the workload's shape ("| 8192/1024 TPOT |", "- 1K/1K: +1.45% ...", "Output throughput on
4k/1k: 1,020 tok/s"): the shape is the run's setup, already read into isl and osl, and the measure is what is left
("TPOT"). A name that is only a shape names no measure of its own: the value measures what its unit says ("2k/512"
over tok/s: throughput), or, a share, nothing the name says. So one measure at two shapes is one series with two
setups, never a series per shape.
"""

from __future__ import annotations

from ledger.model import Claim
from ledger.vocab.canonical import canon_value
from ledger.vocab.length_pairs import length_pair
from ledger.vocab.text import lower_for_words
from ledger.vocab.units import measure_of_unit

_NAMED_KINDS = frozenset(("perf", "acceptance"))
# what joins a shape to the measure's words: blanks and marks, and a preposition before a shape that ends the name
# ("on 4k/1k", "@ 8192/1024")
_MARKS = " \t:;,/@|*_`()-"
_PREPOSITIONS = frozenset(("on", "at", "for", "with", "in"))


def shapes_as_setup(claims: list[Claim]) -> list[Claim]:
    """The claims, each name that holds its own run's shape without it (see the module)."""
    out = list(claims)
    for i, c in enumerate(out):
        if c.kind in _NAMED_KINDS and c.metric and "isl" in c.config and (name := _without_shape(c)) is not None:
            out[i] = c.model_copy(update={"metric": name or measure_of_unit(c.unit)})
    return out


def _without_shape(c: Claim) -> str | None:
    """The name without the shape it holds, "" where nothing else is left; None where it holds no shape, or another
    shape than the claim's setup states (a name comparing two shapes keeps them)."""
    name = str(c.metric)
    m = length_pair(name, lower_for_words(name))
    if m is None:
        return None
    isl = m.group("isl")
    osl = m.groupdict().get("osl") or isl
    config = c.config
    if canon_value("isl", isl) != canon_value("isl", str(config["isl"])) or canon_value("osl", osl) != canon_value(
        "osl", str(config.get("osl", ""))
    ):
        return None
    head = name[: m.start()].strip(_MARKS).split()
    if head and head[-1].lower() in _PREPOSITIONS:
        head.pop()
    return " ".join([*head, *name[m.end() :].strip(_MARKS).split()])
