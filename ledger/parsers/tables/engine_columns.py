"""Value columns that each name the thing a table compares, all in one rate ("| Model | GPU | MLC LLM (tok/sec) |
Exllama (tok/sec) |"): the rate its unit names is the measure, each column's name the engine it ran on (or, where no
column names an engine the vocabulary knows, the variant), never the metric: two engines' numbers are two series of
one measure, told apart by their setup. So are two such columns a gain column pairs ("| Marlin tok/s | FlashInfer
tok/s | Gain |"): the second's value, measured against the first's, keeps its arm as the variant and the measure the
two headers share as the metric, never "FlashInfer tok/s"."""

from __future__ import annotations

from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import head_without_unit, looks_metric, unit_of_header
from ledger.vocab.canonical import switch_value
from ledger.vocab.engines import engine_in_label
from ledger.vocab.metrics import names_a_metric
from ledger.vocab.releases import named_release
from ledger.vocab.setup import qualifiers
from ledger.vocab.sides import side_of
from ledger.vocab.units import RATE_PART_RE, STAT_WORD_RE, is_measure_unit, measure_of_unit

_RATE = "throughput"  # (a rate's columns only: a time's "Eager (ms) | Graphed (ms)" may time two phases of one run)


def engine_columns(headers: list[str], roles: list[str], base_of: dict[int, int]) -> dict[str, tuple[str, str, str]]:
    """Each such column's header -> (measure, setup key, name); {} unless every value column, two at least, none
    paired with a baseline, names an arm of its own in the one rate unit they share."""
    cols = [i for i, r in enumerate(roles) if r == "value" and i < len(headers)]
    if len(cols) < 2 or any(i in base_of or i in base_of.values() for i in cols):
        return {}
    heads = [clean(headers[i]) for i in cols]
    units = {(unit_of_header(h) or "").lower() for h in heads}
    names = [_without_bare_unit(head_without_unit(h).strip(" *_`")) for h in heads]
    if len(units) != 1 or measure_of_unit(next(iter(units))) != _RATE or len(set(names)) != len(names):
        return {}
    if not all(_arm_name(n) for n in names):
        return {}
    engines = [engine_in_label(n) for n in names]
    if any(engines):
        return {h: (_RATE, "engine", e.name if e else n) for h, n, e in zip(heads, names, engines, strict=True)}
    return {h: (_RATE, "variant", n) for h, n in zip(heads, names, strict=True)}


def _without_bare_unit(name: str) -> str:
    """A header's name without the unit it ends in unbracketed ("Alpha tok/s" -> "Alpha")."""
    words = name.split()
    return " ".join(words[:-1]) if len(words) > 1 and _a_unit(words[-1]) else name


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


def paired_arms(headers: list[str], base_of: dict[int, int]) -> dict[str, tuple[str, str]]:
    """The value columns paired with a baseline column whose header names another arm of the same measure ("Marlin
    tok/s" beside "FlashInfer tok/s", "Alpha TPOT (ms)" beside "Beta TPOT (ms)"): header -> (the measure, the arm),
    so that the arm is the claim's variant and the metric the measure both columns share; a measure the shared
    words spell as a unit alone ("tok/s") is what that unit measures, as it is for unpaired arm columns."""
    out: dict[str, tuple[str, str]] = {}
    for v, b in base_of.items():
        if max(v, b) >= len(headers):
            continue
        head, base = clean(headers[v]), clean(headers[b])
        if side_of(head) is not None or side_of(base) is not None or unit_of_header(head) != unit_of_header(base):
            continue  # (a side's word, "main tok/s", is read as the side by side_columns)
        got = _arm_and_measure(head_without_unit(head).split(), head_without_unit(base).split())
        if got is None:
            continue
        arm, stem = got
        # (the header's own words name the measure, "Beta tok/s": a bracket's unit alone, "fused (us)", keeps the
        # column's name as the metric, as the document names it)
        measure = measure_of_unit(normalise_unit(stem)) if _a_unit(stem) else stem
        # (a release is the column's revision, a switch's state, "TPS on" beside "TPS off", the setting it switches)
        if measure and _arm_name(arm) and named_release(arm) is None and switch_value(arm) is None:
            out[headers[v]] = (measure, arm)
    return out


def _arm_and_measure(words: list[str], base: list[str]) -> tuple[str, str] | None:
    """The arm's words and the measure's of a header beside its baseline's: the words both share at their end (or
    else at their start) are the measure, the rest of each, up to three words and different, the arms; None when
    the baseline names no arm of its own (its words are the measure's alone) or its arm is a measure's, a side's
    or a setting's word ("Prefill tok/s" beside "Decode tok/s": two phases)."""
    low, base_low = [w.lower() for w in words], [w.lower() for w in base]
    n = _shared(low[::-1], base_low[::-1])
    if n:
        arm, other, stem = words[:-n], base[:-n], words[-n:]
    else:
        n = _shared(low, base_low)
        arm, other, stem = words[n:], base[n:], words[:n]
    if not (0 < len(arm) <= 3 and 0 < len(other) <= 3) or " ".join(arm).lower() == " ".join(other).lower():
        return None
    measure = " ".join(stem)
    if not (_a_unit(measure) or looks_metric(measure)):
        return None
    return (" ".join(arm), measure) if _arm_name(" ".join(other)) else None


def _shared(a: list[str], b: list[str]) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _a_unit(text: str) -> bool:
    return is_measure_unit(normalise_unit(text))
