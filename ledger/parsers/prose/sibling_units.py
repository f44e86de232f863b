"""A value that borrows its unit and its measure from the value before it in a parallel list.

"it takes 12 sec with the dynamic cache, 25 for the first static call" and "~140 tflops with causal=False and
~118 with causal=True": people print the unit once and let the next value of the same measure, under another
qualifier, go without it. The value borrows the unit (and the measure) only where the two stand in parallel:
the first is followed by a qualifier, the second by a qualifier of the same kind, with nothing but a list joint
between, so "12 ms at batch 8, 16 experts" keeps its count a count.
"""

from __future__ import annotations

import itertools
import re

from ledger.parsers.grammar.numbers import Number
from ledger.parsers.grammar.sides import has_clause_side
from ledger.parsers.grammar.value_sides import side_before_value
from ledger.vocab.setup import qualifiers
from ledger.vocab.sides import side_of
from ledger.vocab.speed_names import bench_speed_name
from ledger.vocab.units import RATIO_UNITS, canonical_unit, is_measure_unit, measure_of_unit, unit_row

# a qualifier's first word: what makes "X unit <q>, Y <q>" a list of one measure under several conditions
_QUALIFIER = r"(?:with|without|for|on|at|in|using|under|when|w/o?)"
# a side printed after its values: "98.1 ms before, 101.3 after"
_SIDE = r"(?:before|after|baseline|on main|with (?:the|this) (?:pr|change|fix))"
# the first value's qualifier or side, then the joint: ", ", " and ", ", and then "; bounded, no nested repetition
_GAP_RE = re.compile(
    rf"\s*(?:{_QUALIFIER}\s[^,;.()]{{1,60}}?|{_SIDE})"
    r"(?:\s*[,;]\s*(?:and\s+)?|\s+and\s+)(?:then\s+)?~?",
    re.IGNORECASE,
)
_AFTER_RE = re.compile(rf"\s+{_QUALIFIER}\s|\s+{_SIDE}\b", re.IGNORECASE)
# a change's unit, then the bracket its values stand in ("+4.0%** (520.0 vs 500.0 tok/s)")
# ("+4.0%** (", "1.61× lower** (": the change, its comparative, then its own pair in brackets)
_PAIR_OF_CHANGE_RE = re.compile(
    r"(?:\s(?:lower|higher|better|worse|less|more|smaller|larger|faster|slower))?[*_`]{0,3}\s?\(", re.IGNORECASE
)
_POSITION_RE = re.compile(r"\s\(\d{1,2}\)$")  # "runs (2)": the second value of a slash list under one name
# the qualifier itself, up to the joint or the clause's end
_CONDITION_RE = re.compile(
    rf"\s*({_QUALIFIER}\s[^,;.()]{{1,60}}?)(?=\s*(?:,|;|\.(?:\s|$)|\(|$)|\s+and\s)", re.IGNORECASE
)


def sibling_unit(prev: dict | None, text: str, n: Number) -> tuple[str, str | None] | None:
    """(unit, metric) the bare value `n` borrows from the claim `prev` before it, or None."""
    if prev is None or prev["end"] > n.start or not is_measure_unit(prev["unit"]):
        return None
    if n.unit is not None and canonical_unit(n.unit, "perf") != canonical_unit(prev["unit"], "perf"):
        return None  # "12 sec with X, and then 3 seconds for Y" is the same measure; "12 sec with X, 4 GB" is not
    if not (
        (_GAP_RE.fullmatch(text, prev["end"], n.start) and _AFTER_RE.match(text, n.end, n.end + 12))
        or (n.unit is None and _sided_vs(prev, text, n))
    ):
        return None
    metric = prev.get("base_metric", prev["metric"])
    return n.unit or prev["unit"], _POSITION_RE.sub("", metric) if metric else metric


# "main 88.4 ms mean TTFT versus PR 91.0": the first value's own words, then "vs" and the other side's name (no
# number, no clause joint between)
_VS_GAP_RE = re.compile(r"[^\d,;:.()\n]{0,40}?\b(?:vs\.?|versus|against)\s[^\d,;:()\n]{1,30}", re.IGNORECASE)


def _sided_vs(prev: dict, text: str, n: Number) -> bool:
    """ "main 88.4 ms mean TTFT versus PR 91.0": two values each after its side's name, one the base's and one the
    candidate's, joined by "vs": the unit printed once is both sides' (sided_pairs then folds the pair)."""
    if not _VS_GAP_RE.fullmatch(text, prev["end"], n.start):
        return False
    sides = (side_before_value(text, prev["start"]), side_before_value(text, n.start))
    return {side_of(s.label) if s is not None else None for s in sides} == {"base", "head"}


# "host offload 1.940s; disk offload 2.275s": a ";" then the next arm's own words right before its value
_ARM_GAP_RE = re.compile(r"\s?;\s?(?P<arm>[A-Za-z][\w.-]{0,30}(?:\s[\w.-]{1,30}){0,3})\s")


def _arm_named(text: str, start: int, end: int) -> bool:
    """ "host offload 1.940s; disk offload 2.275s; remote store 2.810s": each ";"-clause names its own arm before its
    value, as "a: 2.5s; b: 2.8s" does with colons; a side ("; this PR 39.5 ms") or a qualifier ("; with X 39.5 ms")
    names a condition of the same measure instead."""
    m = _ARM_GAP_RE.fullmatch(text, start, end)
    return m is not None and side_of(m.group("arm")) is None and side_before_value(text, end) is None


def own_arm_named(last: dict, text: str, end: int) -> bool:
    """Whether the value at `end` names its own arm after a ";" as the value `last` before it did: then it borrows no
    measure from it."""
    return _arm_named(text, last["end"], end) and _own_arm(last, text)


def _own_arm(last: dict, text: str) -> bool:
    """The value before was named by the words right before it (its arm, "host offload 1.940s"), not by a lead-in
    label ("Decode step: fused path 11.2 ms; split path 13.8 ms" keeps the label's measure for every arm)."""
    name = last["metric"] or ""
    return bool(name) and text[max(0, last["start"] - len(name) - 2) : last["start"]].rstrip(" *_`").endswith(name)


def name_conditions(prev: dict, new: dict, text: str) -> None:
    """Both values of the parallel pair carry their own condition, in the metric and, where it is a setting the
    vocabulary knows ("at batch 32", "on H100"), in the setup; otherwise two runs read as one series."""
    for c in (prev, new):
        if "base_metric" in c:
            continue
        m = _CONDITION_RE.match(text, c["end"], c["end"] + 80)
        if m is None:
            continue
        q = m.group(1).strip()
        if has_clause_side(q):
            continue  # "on master", "with this PR": a side, which the claim's revision carries
        c["base_metric"] = base = new["metric"] if c is prev else c["metric"]
        c["metric"] = f"{base} ({q})" if base else q
        c["config"] = {**c["config"], **qualifiers(q)}


def unborrowed_measures(out: list[dict], text: str) -> None:
    """ "TTFT 749 ms, TPOT 61.5 ms, 249 tok/s/gpu": a value whose unit is of another family (a rate after times)
    does not borrow the measure of the value before it, which its own name went to; it is what its unit measures
    (a list of one measure keeps it: "TTFT 80 ms, 72 ms with the PR")."""
    tagged_runs(
        out, text
    )  # ("A1 668.845, B1 712.903, and A2 665.795 tok/s": first, the unit printed once is each run's)
    for c in out:  # ("1515.84 output tok/s, 0.19 req/s": another value's unit taken for a name, not its own unit)
        metric, unit = c["metric"], c["unit"]
        if not (metric and unit and unit_row(metric) is not None and unit_row(unit) is not None):
            continue
        if bench_speed_name(metric):
            continue  # ("PP is about 1.6X faster": llama.cpp's prompt processing, a speed's name before a unit's)
        if canonical_unit(metric, c["kind"]) != canonical_unit(unit, c["kind"]) and (own := measure_of_unit(unit)):
            c["metric"] = own
    for prev, c in itertools.pairwise(out):
        metric, unit, before = c["metric"], c["unit"], prev["unit"]
        if not metric or metric != prev["metric"] or not unit or not before or metric in text[prev["end"] : c["start"]]:
            continue
        if (before == "%" or before in RATIO_UNITS) and _PAIR_OF_CHANGE_RE.fullmatch(text, prev["end"], c["start"]):
            continue  # ("prefill: **+4.0%** (520 vs 500 tok/s)": the change's own pair, of the change's measure)
        a, b = unit_row(before), unit_row(unit)
        if a is not None and b is not None and a.family != b.family and (own := measure_of_unit(unit)) is not None:
            c["metric"] = own


# ", B1 ", ", and A2 ", " and O2 ": a list joint, then a run's short tag ("A1", "B", "O2": an arm's letter and its
# repeat's number) right before the next value
_TAGGED_GAP_RE = re.compile(r"\s{0,2}(?:,\s{0,2}(?:and\s{1,3})?|\s{1,3}and\s{1,3})[A-Z]{1,2}\d{0,2}\s{1,2}")
_TAG_BEFORE_RE = re.compile(r"(?<![\w.])[A-Z]{1,2}\d{0,2}\s{1,2}$")


def tagged_runs(out: list[dict], text: str) -> None:
    """ "A1 668.845, B1 712.903, B2 713.277, and A2 665.795 tok/s": values each after its run's tag, the unit printed
    once after the last; every value of the list is in that unit, of the last's measure."""
    k = 0
    while k < len(out):
        j = k
        while (
            j + 1 < len(out)
            and out[j]["unit"] is None
            and _TAGGED_GAP_RE.fullmatch(text, out[j]["end"], out[j + 1]["start"])
        ):
            j += 1
        last = out[j]
        if j > k and is_measure_unit(last["unit"]) and _TAG_BEFORE_RE.search(text, 0, out[k]["start"]):
            for c in out[k:j]:
                c["unit"], c["metric"] = last["unit"], last["metric"]
        k = j + 1
