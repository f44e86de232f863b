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
GAIN_JUDGEMENTS = ("faster", "better")
LOSS_JUDGEMENTS = ("slower", "worse")


def _words_re(nouns: tuple[str, ...], judgements: tuple[str, ...] = ()) -> re.Pattern[str]:
    alts = [re.escape(w) + ("" if w.endswith(" by") else "s?") for w in nouns] + [re.escape(w) for w in judgements]
    return re.compile(rf"\b(?:{'|'.join(alts)})\b", re.IGNORECASE)


GAIN_NOUN_RE = _words_re(GAIN_WORDS)
"""A gain word in a measure's name ("TTFT improvement", "PP speedup")."""
GAIN_RE = _words_re(GAIN_WORDS, GAIN_JUDGEMENTS)
"""A gain word or a judgement for the better ("6% improvement", "~9% faster")."""
LOSS_RE = _words_re(LOSS_WORDS, LOSS_JUDGEMENTS)
"""A loss word or a judgement for the worse ("a 3% TTFT regression", "2% slower")."""
