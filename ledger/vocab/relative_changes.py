"""Which percents are changes: a perf metric whose percent is a level's change against another level ("t/s vs base",
"TTFT reduction"), judged in points by compare's noise model (ledger.compare.noise, rule 6)."""

from __future__ import annotations

import re

from ledger.vocab.change_words import FALL_NOUN_RE, GAIN_NOUN_RE
from ledger.vocab.metrics import is_change_name

# "t/s vs base", "throughput gain", "TTFT reduction" (a name normalise_metric shortens to "ttft"): under a measure with
# a unit of its own (a time, a rate), a percent can only be that measure's change against another level
_VS_SIDE_RE = re.compile(
    r"\b(?:vs\.?|versus|over)\s{1,3}(?:base(?:line)?|main|master|ref(?:erence)?|old|before)$", re.I
)
_TIMED_RE = re.compile(r"(?<![a-z])(?:latency|ttft|tpot|itl|e2el?|throughput|tput|goodput|t s|toks? s)(?![a-z])", re.I)


def names_relative_change(metric: str) -> bool:
    """Whether a percent under this perf metric is a change of a level against another ("+5.47%" under "vs base",
    "-12%" under "TTFT"), not a level (a utilisation, a hit rate): two such changes differ by points, and their noise
    is the levels' own share, in points."""
    text = metric[:300].strip()
    return bool(
        is_change_name(text)
        or _VS_SIDE_RE.search(text)
        or GAIN_NOUN_RE.search(text)
        or FALL_NOUN_RE.search(text)
        or _TIMED_RE.search(text)
    )


SHARE_OF_BASELINE = "% of baseline"
"""What a score's share of a baseline's score is named after the measure ("0.6808 (96.2%)" under "mean accuracy":
"mean accuracy (% of baseline)"): a level against another run's, never the score itself in percent, so its series is
never the score's (normalise_metric keeps "baseline" as its variant)."""
