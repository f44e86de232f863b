"""The words that name a change and which way it went: a gain ("improvement", "speed-up", "uplift") or a loss
("regression", "slowdown"), and the judgement words that say it of a measure ("faster", "worse"). A measure named by a
gain word ("TTFT improvement") is better the higher it is (vocab.metrics); a share named by either states a change
against its base, its way the word's (vocab.stated_changes)."""

from __future__ import annotations

import re

GAIN_WORDS = ("improvement", "improved by", "speedup", "speed-up", "gain", "uplift", "boost")
"""Words that name a change for the better (a noun also in the plural)."""
LOSS_WORDS = ("regression", "slowdown", "slow-down", "degradation")
"""Words that name a change for the worse (a noun also in the plural)."""
FALL_WORDS = ("reduction", "decrease", "saving", "drop")
"""Words that name a measure's fall, stated as its size ("TTFT reduction 3.69%": TTFT fell 3.69%): the value is
the opposite of the measure's signed change ("TTFT -3.69%"), and it is better the larger where the measure is better
the lower."""
FALL_VERBS = (
    "drops", "drop", "dropped", "falls", "fell", "declines", "declined", "decreases", "decreased", "reduced",
    "lowered", "cut", "shrank", "shrinks", "went down", "goes down",
)  # fmt: skip
"""Verbs that say the measure named before them fell ("Mean TTFT drops by 24.5%", "TTFT has been reduced 31.81%"):
the share after them is the size of its fall, a reduction (reduced_by.fell_by)."""
GAIN_JUDGEMENTS = ("faster", "better")
LOSS_JUDGEMENTS = ("slower", "worse")


def _words_re(nouns: tuple[str, ...], judgements: tuple[str, ...] = ()) -> re.Pattern[str]:
    alts = [re.escape(w) + ("" if w.endswith(" by") else "s?") for w in nouns] + [re.escape(w) for w in judgements]
    return re.compile(rf"\b(?:{'|'.join(alts)})\b", re.IGNORECASE)


GAIN_NOUN_RE = _words_re(GAIN_WORDS)
"""A gain word in a measure's name ("TTFT improvement", "PP speedup")."""
FALL_NOUN_RE = _words_re(FALL_WORDS)
"""A fall word in a measure's name ("TTFT reduction", "memory savings")."""
SPEEDUP_RE = _words_re(("speedup", "speed-up"), ("times faster", "x faster", "faster"))
"""A speed-up named or said ("Speedup of the new kernel over the old one", "x faster than v1"): a ratio of two
speeds, what a grid of settings alone prints under it."""
GAIN_RE = _words_re(GAIN_WORDS, GAIN_JUDGEMENTS)
"""A gain word or a judgement for the better ("6% improvement", "~9% faster")."""
LOSS_RE = _words_re(LOSS_WORDS, LOSS_JUDGEMENTS)
"""A loss word or a judgement for the worse ("a 3% TTFT regression", "2% slower")."""


COVERED_SHARE_RE = re.compile(r"\b(?:coverage|sample[ \t]ratio)$", re.IGNORECASE)
"""A qualified measure that is a share covered (vocab.measure_qualifiers), better the higher whatever the measure
it qualifies ("TTFT coverage": more of the window sampled, not a longer latency)."""
