"""A speed-up stated by its verb, no number written ("... and doubles decode throughput", "it roughly triples the
prefill speed"): the verb is the factor (2x, 3x) of the measure it names right after it.

Read only before a measure of speed (a throughput, a speed, a performance: higher is better, so the factor is its
speed-up), never before anything else ("doubles the memory", "doubled the batch size" change a setting or a cost,
which the text states as its setup, not as a result)."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number
from ledger.parsers.prose.prefixed_ratios import ratio_number

_FACTORS = {"doubl": 2.0, "tripl": 3.0, "quadrupl": 4.0}
_VERB_RE = re.compile(
    # (a determiner after the verb is its: the measure's words follow the span, where the number's words are read)
    r"(?<![\w-])(?P<verb>doubl|tripl|quadrupl)(?:es|ed|ing|e)(?:[ \t]{1,2}(?:the|its|our)(?=[ \t]))?"
    # at most two words of the measure before its speed noun ("decode throughput", "end-to-end output speed")
    r"(?=[ \t]{1,2}(?:[A-Za-z][\w/-]{0,24}[ \t]{1,2}){0,2}(?:throughput|speed|performance|perf|tok/s|tokens/s)\b)",
    re.IGNORECASE,
)


def with_verb_ratios(text: str, nums: list[Number]) -> list[Number]:
    """`nums` with each multiplier verb before a speed measure read as its factor (a ratio, "x"), in text order."""
    if "ubl" not in text and "tripl" not in text and "drupl" not in text:
        return nums  # (the three verbs' stems: most texts hold none)
    found = [ratio_number(_FACTORS[m.group("verb").lower()], m, m.start()) for m in _VERB_RE.finditer(text)]
    return sorted([*nums, *found], key=lambda n: n.start) if found else nums
