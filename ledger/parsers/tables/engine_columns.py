"""Value columns that each name the thing a table compares, all in one rate ("| Model | GPU | MLC LLM (tok/sec) |
Exllama (tok/sec) |"): the rate its unit names is the measure, each column's name the engine it ran on (or, where no
column names an engine the vocabulary knows, the variant), never the metric: two engines' numbers are two series of
one measure, told apart by their setup."""

from __future__ import annotations

from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import head_without_unit, looks_metric, unit_of_header
from ledger.vocab.engines import engine_in_label
from ledger.vocab.metrics import names_a_metric
from ledger.vocab.setup import qualifiers
from ledger.vocab.sides import side_of
from ledger.vocab.units import RATE_PART_RE, STAT_WORD_RE, measure_of_unit

_RATE = "throughput"  # (a rate's columns only: a time's "Eager (ms) | Graphed (ms)" may time two phases of one run)


def engine_columns(headers: list[str], roles: list[str], base_of: dict[int, int]) -> dict[str, tuple[str, str, str]]:
    """Each such column's header -> (measure, setup key, name); {} unless every value column, two at least, none
    paired with a baseline, names an arm of its own in the one rate unit they share."""
    cols = [i for i, r in enumerate(roles) if r == "value" and i < len(headers)]
    if len(cols) < 2 or any(i in base_of or i in base_of.values() for i in cols):
        return {}
    heads = [clean(headers[i]) for i in cols]
    units = {(unit_of_header(h) or "").lower() for h in heads}
    names = [head_without_unit(h).strip(" *_`") for h in heads]
    if len(units) != 1 or measure_of_unit(next(iter(units))) != _RATE or len(set(names)) != len(names):
        return {}
    if not all(_arm_name(n) for n in names):
        return {}
    engines = [engine_in_label(n) for n in names]
    if any(engines):
        return {h: (_RATE, "engine", e.name if e else n) for h, n, e in zip(heads, names, engines, strict=True)}
    return {h: (_RATE, "variant", n) for h, n in zip(heads, names, strict=True)}


def _arm_name(name: str) -> bool:
    """A short name that is neither a measure's ("Prefill", "Mean"), a side's ("main") nor a setup's ("TP2")."""
    return (
        0 < len(name) <= 40
        and len(name.split()) <= 3
        and any(c.isalpha() for c in name)
        and not (looks_metric(name) or names_a_metric(name) or RATE_PART_RE.search(name))
        and not STAT_WORD_RE.fullmatch(name)
        and side_of(name) is None
        and not qualifiers(name)
    )


def on_engine_columns(claims: Iterator[Claim], columns: dict[str, tuple[str, str, str]]) -> Iterator[Claim]:
    """The claims, each under such a column measured in its rate, with its engine (or variant) in the config."""
    if not columns:
        yield from claims
        return
    for c in claims:
        got = columns.get(clean(str(c.config.get("column") or "")))
        if got is None or c.value is None:
            yield c
            continue
        measure, key, name = got
        yield c.model_copy(update={"metric": measure, "config": {**c.config, key: name}})
