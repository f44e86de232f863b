"""The words that make a share a change the text states against its base, and which way it went: "~9% faster TG",
"6% improvement for PP", "a 2% TTFT regression", "PP is 2% slower than on master". A gain's or a loss's own word says
the way; a measure's signed change ("TPOT change -35%", or a share stated against the base run: "against": "master")
goes the way its measure is better, and so does a share whose minus sign says its measure fell: "-10.2% TTFT
improvement" (TTFT fell: better), "-3% goodput improvement" or "-4% throughput regression" (it fell: worse), "cuts
throughput by ~12%" (the parser signs what a verb reduced: worse). So does a share written with its plus on a change
list's item ("- reorder the state's initialisation (~+10%)", "- TTFT +4% after the change"): the item is the change,
the signed share its effect; in a sentence a signed share may tell the bug a fix removes ("so latency rose +3%")."""

from __future__ import annotations

import re

from ledger.vocab.change_words import FALL_NOUN_RE, GAIN_RE, LOSS_RE
from ledger.vocab.metrics import LOWER_IS_BETTER_RE, THROUGHPUT_RE, higher_is_better
from ledger.vocab.sides import side_of

_CHANGE_RE = re.compile(r"\bchange\b", re.IGNORECASE)
_PLUS_RE = re.compile(r"[~≈]?\s?\+\s?\d")
"""A share's own text written with its plus ("+10%", "~+10%", "≈ +3.1 %")."""
_ITEM_RE = re.compile(r"[ \t]{0,12}(?:[-*•]|\d{1,3}[.)])[ \t]")
"""A list item's mark at its line's start."""


def item_effect(value_text: str, line: str) -> bool:
    """The value is written with its plus on a list item's line: the effect of the change the item names."""
    return _PLUS_RE.match(value_text.strip()[:40]) is not None and _ITEM_RE.match(line[:40]) is not None


# "Geomean", "geometric mean speed-up", "overall speedup", "average gain": one figure stated over a set of cells
_SET_SUMMARY_RE = re.compile(
    r"\bgeo(?:metric)?[ _-]?mean\b|\b(?:overall|aggregate|average|mean)[ _-](?:speed[ _-]?ups?|gains?)\b", re.IGNORECASE
)


def summarises_set(metric: str) -> bool:
    """The measure is a summary the text states over a set of results ("Geomean", "overall speed-up"), not one cell."""
    return _SET_SUMMARY_RE.search(metric[:200]) is not None


def stated_direction(
    metric: str, value: float, unit: str | None, against: str | None, effect: bool = False
) -> int | None:
    """+1 when the share states an improvement, -1 a regression, None when it states no change against a base (a
    share of something, a utilisation) or none either way (0 %). `against`: the run the text states it against;
    `effect`: the share is the signed effect of a listed change (`item_effect`)."""
    if unit != "%" or value == 0:
        return None
    sign = 1 if value > 0 else -1
    loss, gain = LOSS_RE.search(metric), GAIN_RE.search(metric)
    if (loss or gain) and sign < 0:
        # the word names the change, the sign which way its measure moved: a lower TTFT is the improvement it names
        measure = (LOSS_RE if loss else GAIN_RE).sub(" ", metric)
        return sign if higher_is_better(measure, None, "perf") else -sign
    if loss:
        return -sign
    if gain:
        return sign
    if (fall := FALL_NOUN_RE.search(metric)) is not None:
        # ("TTFT reduction 31.81%": its measure fell, better where the measure is better the lower; a fall of a
        # measure whose way is unknown, "the gap reduction", states none)
        measure = metric[: fall.start()] + metric[fall.end() :]
        if not (LOWER_IS_BETTER_RE.search(measure) or THROUGHPUT_RE.search(measure)):
            return None
        return sign if higher_is_better(metric, None, "perf") else -sign
    # (stated against a base run, "vs master", "than its baseline": a change; against another thing, "than the
    # vendor's estimate", "relative to FP16", a comparison of its own, no change of the run)
    if (against is not None and side_of(against) == "base") or _CHANGE_RE.search(metric) or sign < 0 or effect:
        # (a share that fell is a change of its measure, no level of it: "cuts throughput by ~12%" is -12 %,
        # "TTFT -8%"; a positive one may be a share of something, "GPU utilisation 85%")
        return sign if higher_is_better(metric, None, "perf") else -sign
    return None
