"""A value a modal verb puts in a hypothetical ("raw prompts would collapse acceptance to ~1", "it could fall to about
90 tok/s", "might be ~2x"), or a change's best case ("can improve utilisation by up to 100%"): what another setup
would give, never what the run measured.

Apart from guards.py, whose other guards say what a number sets up; this one says the sentence measured nothing.
"""

from __future__ import annotations

import re

from ledger.vocab.word_gate import WordGate

# a value a modal verb puts in a hypothetical: "raw prompts would collapse acceptance to ~1", "it could fall to about
# 90 tok/s", "might be ~2x": what another setup would give, never what the run measured
HYPOTHETICAL_BEFORE_RE = WordGate(
    re.compile(
        r"\b(?:would|could|might)(?:\snot)?\s(?:[\w-]{1,20}\s){0,4}?(?:to|by|at|be|around|about|near)"
        r"\s(?:about\s|around\s|roughly\s|only\s|just\s|nearly\s)?[~≈]?\s?$"
        # "this can improve utilisation by up to 100%", "may reduce queueing by up to 40%": what a change is able
        # to give at best, the case for it, never a run's measure (a run's "fell by 12%" says no "can")
        r"|\b(?:can|may)\s(?:[\w-]{1,20}\s){1,5}?by\sup\sto\s[~≈]?\s?$",
        re.IGNORECASE,
    )
)


def hypothetical_before(text: str, start: int) -> bool:
    """Whether a modal verb and its few words end right before the value at `start` (searched in a bounded window:
    a line of many numbers stays linear)."""
    return HYPOTHETICAL_BEFORE_RE.search(text, max(0, start - 80), start) is not None
