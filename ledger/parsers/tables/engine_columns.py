"""Value columns that each name the thing a table compares, all in one rate ("| Model | GPU | MLC LLM (tok/sec) |
Exllama (tok/sec) |"): the rate its unit names is the measure, each column's name the engine it ran on (or, where no
column names an engine the vocabulary knows, the variant), never the metric: two engines' numbers are two series of
one measure, told apart by their setup. So are two such columns a gain column pairs ("| Marlin tok/s | FlashInfer
tok/s | Gain |"): the second's value, measured against the first's, keeps its arm as the variant and the measure the
two headers share as the metric, never "FlashInfer tok/s". Columns named by their arm alone, the measure stated once
elsewhere ("Output throughput (tok/s):" over "| Concurrency | Kestrel DP | Kestrel TP | vLLM |", or a row per
measure), keep the measure the table's reader found and take the arm as their setup the same way."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import head_without_unit, looks_metric, unit_of_header
from ledger.vocab.engines import engine_in_label
from ledger.vocab.metrics import names_a_metric
from ledger.vocab.releases import named_release
from ledger.vocab.setting_heads import prompt_corner, prompt_of_column
from ledger.vocab.setup import model_names, qualifiers
from ledger.vocab.sides import side_of
from ledger.vocab.switch_values import switch_value
from ledger.vocab.units import RATE_PART_RE, STAT_WORD_RE, is_measure_unit, measure_of_unit, rate_alone

_RATE = "throughput"
# (a time's columns too where one names an engine or library the vocabulary knows: "Triton (us) | PyTorch (us)" time
# one operation in each implementation, a latency whose implementation is the setup)
_TIME = "latency"


Arms = dict[str, tuple[str | None, str, str]]
"""A value column's header -> (the measure its cells are in, None where the table's reader names it; the setup key;
the arm's name)."""


def engine_columns(headers: list[str], roles: list[str], base_of: dict[int, int]) -> Arms:
    """Each such column's header -> (measure, setup key, name); {} unless every value column, two at least, names an
    arm of its own: none paired with a baseline, in the one rate unit they share, or, paired or not, with no unit
    and no measure in any of them (`_bare_arms`)."""
    if bare := _bare_arms(headers, roles, base_of):
        return bare
    cols = [i for i, r in enumerate(roles) if r == "value" and i < len(headers)]
    if len(cols) < 2 or any(i in base_of or i in base_of.values() for i in cols):
        return {}
    heads = [clean(headers[i]) for i in cols]
    units = {(unit_of_header(h) or "").lower() for h in heads}
    names = [_without_bare_unit(head_without_unit(h).strip(" *_`")) for h in heads]
    measure = measure_of_unit(next(iter(units))) if len(units) == 1 else None
    if measure not in (_RATE, _TIME) or len(set(names)) != len(names) or not all(_arm_name(n) for n in names):
        return {}
    engines = [engine_in_label(n) for n in names]
    if any(engines):
        return {h: (measure, "engine", e.name if e else n) for h, n, e in zip(heads, names, engines, strict=True)}
    # (a time's columns named by no engine may time two phases of one run: "Eager (ms) | Graphed (ms)")
    return {h: (_RATE, "variant", n) for h, n in zip(heads, names, strict=True)} if measure == _RATE else {}


def _bare_arms(headers: list[str], roles: list[str], base_of: dict[int, int]) -> Arms:
    """The measured columns (a baseline's too), two at least, each named by an arm alone, one of them an engine the
    vocabulary knows ("Kestrel DP | Kestrel TP | vLLM"): no unit, no measure, no model, no release ("v0.7.4" is a
    revision) and no switch's state ("on" is the setting it switches); {} for any other table. Their measure is the
    one the table's reader finds elsewhere (a caption, a heading, the row's label); each arm is its cells' engine."""
    cols = sorted({i for i, r in enumerate(roles) if r in ("value", "baseline") and i < len(headers)})
    if len(cols) < 2 or any(b not in cols for b in base_of.values() if b < len(headers)):
        return {}
    heads = [clean(headers[i]) for i in cols]
    names = [h.strip(" *_`") for h in heads]
    if any(unit_of_header(h) or _without_bare_unit(n) != n for h, n in zip(heads, names, strict=True)):
        return {}
    if prompt_corner(clean(headers[0])) is not None and any(prompt_of_column(n) is not None for n in names):
        # ("| Prompt | hi (2) | 1K (969) | llama.cpp (8 experts) |": the prompt each column ran, its length the isl
        # prompt_heads read; a label that names an engine is that engine's (its "8 experts" the column's setup
        # beside it), the others name no arm at all)
        named = ((h, engine_in_label(n)) for h, n in zip(heads, names, strict=True) if prompt_of_column(n) is None)
        return {h: (None, "engine", e.name) for h, e in named if e is not None}
    if len(set(names)) != len(names) or not all(_arm_name(n) for n in names):
        return {}
    if any(named_release(n) is not None or switch_value(n) is not None for n in names):
        return {}
    engines = [engine_in_label(n) for n in names]
    if not any(engines) or any(model_names(n) for n in names):
        return {}  # ("| Model | chat | summarise |", "| Llama 3.1 | Llama 3.3 |": workloads, models, no engines)
    return {h: (None, "engine", e.name if e else n) for h, n, e in zip(heads, names, engines, strict=True)}


def _without_bare_unit(name: str) -> str:
    """A header's name without the unit it ends in unbracketed ("Alpha tok/s" -> "Alpha")."""
    words = name.split()
    return " ".join(words[:-1]) if len(words) > 1 and _a_unit(words[-1]) else name


# a name that adds or drops a feature ("w/ draft", "without MTP", "+ fused norm"): a setting switched, no arm's name
_SWITCHED_RE = re.compile(r"^(?:w/o?|with(?:out)?\s|no\s|\+|-\s)", re.IGNORECASE)


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


def on_engine_columns(claims: Iterator[Claim], columns: Arms) -> Iterator[Claim]:
    """The claims, each under such a column measured in its rate, with its engine (or variant) in the config; under a
    column named by its arm alone, the measure the table's reader gave it, where that is no more than the arm's name
    (a table that states no measure anywhere names its cells by their column: there is nothing to set apart)."""
    if not columns:
        yield from claims
        return
    for c in claims:
        got = columns.get(clean(str(c.config.get("column") or "")))
        if got is None or c.value is None:
            yield c
            continue
        measure, key, name = got
        if measure is None and name.lower() in (c.metric or "").lower():
            yield c
            continue
        yield c.model_copy(update={"metric": measure or c.metric, "config": {**c.config, key: name}})


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
        words, base_words = head_without_unit(head).split(), head_without_unit(base).split()
        got = _arm_and_measure(words, base_words) or _rate_arms(head, base)
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
    got = _split(words, base)
    if got is None:
        return None
    arm, other, measure = got
    return (arm, measure) if _arm_name(other) else None


def _split(words: list[str], base: list[str]) -> tuple[str, str, str] | None:
    """(the header's own words, the baseline's own words, the measure both share at their end or else at their
    start) of two headers naming one measure each beside its own arm, release or side; None for any other pair."""
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
    return (" ".join(arm), " ".join(other), measure) if _a_unit(measure) or looks_metric(measure) else None


def pair_measure(head: str, partner: str) -> str | None:
    """The measure two paired columns' headers share, each naming its own arm, release or side beside it: "out tok/s"
    of "0.7.4 out tok/s" beside "0.7.2 out tok/s", "tput/GPU" of "Kestrel tput/GPU" beside "Heron tput/GPU", the rate
    of "Kestrel DP (tok/s/GPU)" beside "Heron (tok/s/GPU)" (what the unit measures); None where they share none. A
    change column after either is that measure's change, never a measure named for one arm ("0.7.2 out tok/s")."""
    head, partner = clean(head), clean(partner)
    got = _split(head_without_unit(head).split(), head_without_unit(partner).split())
    if got is not None:
        return got[2]
    rate = _rate_arms(head, partner)
    return measure_of_unit(normalise_unit(rate[1])) if rate is not None else None


def _rate_arms(head: str, base: str) -> tuple[str, str] | None:
    """(the arm, the unit) of two columns that share no word but the rate in their brackets, each named by an arm of
    its own ("Heron (tok/s/GPU)" beside "Kestrel DP (tok/s/GPU)"), as unpaired arm columns are read; None for any
    other pair (a time's "Eager (ms) | Graphed (ms)" may time two phases of one run; "w/o draft (tok/s) | w/ draft
    (tok/s)" are a feature off and on, the sides' reader's)."""
    unit = unit_of_header(head)
    if unit is None or not rate_alone(normalise_unit(unit)):
        return None  # ("vLLM (TFLOPs)" beside "PyTorch (TFLOPs)": an implementation against its reference)
    arm, other = head_without_unit(head).strip(" *_`"), head_without_unit(base).strip(" *_`")
    if not (arm and other) or arm.lower() == other.lower() or not _arm_name(other):
        return None
    return (arm, unit) if not (_SWITCHED_RE.match(arm) or _SWITCHED_RE.match(other)) else None


def _shared(a: list[str], b: list[str]) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _a_unit(text: str) -> bool:
    return is_measure_unit(normalise_unit(text))
