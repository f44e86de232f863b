"""A line of repeated runs that ends with their statistic, unlabelled:

    old : Accuracy: 0.801   Accuracy: 0.803   Accuracy: 0.799   mean 0.801
    Prefill time: 12.10 ms   Prefill time: 12.30 ms   avg 12.20 ms

The trailing "mean 0.801" is the mean of the runs the line lists: the same measure and kind as they are
("Accuracy mean", an accuracy), not a result named "mean" of its own. An arm the line opens with ("FP8 index :")
states the setup of all its runs by its setup words (quant fp8), however long the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.parsers.grammar.numbers import normalise_unit
from ledger.parsers.grammar.pairs import Pair
from ledger.vocab.metrics import GENERIC_SCORE, prose_kind
from ledger.vocab.setup import qualifiers
from ledger.vocab.subtasks import CATEGORY_LABELS, COUNT_LABELS
from ledger.vocab.switched_arms import arm_switch

_TRAILING_STAT_RE = re.compile(
    r"[ \t]{1,40}(?P<stat>mean|avg|average|median)[ \t]{0,4}[:=]?[ \t]{0,4}"
    r"(?P<value>[-+]?\d{1,12}(?:\.\d{1,12})?)[ \t]{0,2}(?P<unit>[A-Za-z%/µ]{1,12})?[ \t]*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class RunStat:
    """The statistic's name as printed, its value and unit, and where it starts and ends on the line."""

    stat: str
    value: float
    unit: str | None
    start: int
    end: int


def trailing_stat(text: str, pairs: list[Pair]) -> RunStat | None:
    """The statistic ending a line whose values are two runs or more of one label, in their unit."""
    runs = [p for p in pairs if p.value is not None]
    if len(runs) < 2 or len({p.label.lower() for p in runs}) != 1 or len({p.unit for p in runs}) != 1:
        return None
    m = _TRAILING_STAT_RE.match(text, runs[-1].end)
    if m is None:
        return None
    unit = m.group("unit")
    if unit is not None and (runs[0].unit is None or normalise_unit(unit) != normalise_unit(runs[0].unit)):
        return None  # "mean 0.5 s" after accuracies is another measure's
    return RunStat(m.group("stat"), float(m.group("value")), runs[0].unit, m.start("stat"), m.end())


def arm_setup(pairs: list[Pair], text: str = "") -> dict[str, str]:
    """The setup words of the arm a line of values opens with: a label whose value is the next label ("MXFP4 index:
    Accuracy: 0.956 ..."); none for "model: X  TTFT: 12 ms" (a value of its own) or an arm naming none ("old :").
    An arm named for how its requests ran ("Single:     "exact_match": 0.639", then "Batch: ...") is the run's
    variant, its key quoted and spaced apart as a pasted JSON field is (vocab.switched_arms: the baseline's arm)."""
    if len(pairs) < 2 or pairs[0].value is not None or pairs[1].value is None:
        return {}
    if pairs[1].label_start <= pairs[0].value_start + 2 and (words := qualifiers(pairs[0].label)):
        return words
    gap = text[pairs[0].value_start : pairs[1].label_start]
    mode = arm_switch(pairs[0].label)
    return {"variant": pairs[0].label} if mode and mode[0] == "batching" and not gap.strip(" \t\"'") else {}


# "Verified that this PR passes evals. ... Range: 95.53%-96.13%": a spread of shares named by its statistic alone, after
# words saying what was scored, is the range of those scores (an accuracy), no measure called "Range" (a speed's too)
_SPREAD_LABEL_RE = re.compile(r"range|spread", re.IGNORECASE)


def scores_spread(label: str, unit: str | None, before: str) -> str:
    """ "accuracy range" for a share's spread named by its statistic alone after words of scoring (`before`, the line
    up to the label); else the label."""
    if unit != "%" or _SPREAD_LABEL_RE.fullmatch(label.strip()) is None:
        return label
    return f"{GENERIC_SCORE} range" if prose_kind(before[-300:], unit) == "accuracy" else label


def part_setup(text: str, pairs: list[Pair]) -> dict[str, str]:
    """The part of a benchmark a line's score is of, and how many questions it holds, where the line labels them
    before the score ("subject: anatomy, #q:135, acc: 0.811" -> category anatomy, samples 135)."""
    out: dict[str, str] = {}
    for p in pairs:
        label = p.label.strip().lower()
        said = text[p.value_start : p.end].strip(" ,;")
        if p.value is None and label in CATEGORY_LABELS and _PART_RE.fullmatch(said):
            out["category"] = said
        elif label in COUNT_LABELS and said.isdigit():
            out["samples"] = said
    return out if "category" in out else {}


# a part's name: words, no number of its own ("high_school_physics", "Art and Design")
_PART_RE = re.compile(r"[A-Za-z][\w&' -]{0,60}")
