"""A sentence that varies a setting across an arrow and then gives the values on each side of it:

    TPOT grows x2.75 from conc 16 -> 64 here (20 ms -> 55 ms)

The values' arrow is no before and after of one setup (the right value is no change of the left one, measured on a
newer revision): each value is measured at its own side of the setting's arrow, 20 ms at concurrency 16 and 55 ms at
concurrency 64, and neither is the other's reference.
"""

from __future__ import annotations

import re

from ledger.vocab.setup import qualifiers
from ledger.vocab.text import ARROW

# "conc 16 -> 64", "TP2 → TP4", "batch 1 -> 32": two numbers across an arrow, the second perhaps with the key again
_SETTING_ARROW_RE = re.compile(
    r"(?<![\d.])(?P<a>\d{1,6}[kK]?)\s{0,2}" + ARROW + r"\s{0,2}(?:[A-Za-z]{1,6}\s?=?\s?)?(?P<b>\d{1,6}[kK]?)(?![\w.])"
)
WINDOW = 160
"""How far before the values' arrow the setting's arrow is looked for (its sentence, bounded)."""


def setting_arrow(text: str, pos: int) -> tuple[str, str, str] | None:
    """(setup key, its value on the left, on the right) of a setting's arrow in the sentence before `pos`, the
    left number of the values' arrow; None when the sentence varies no setting so."""
    start = max(0, pos - WINDOW)
    stop = max(text.rfind(". ", start, pos), text.rfind("; ", start, pos))
    start = stop + 2 if stop >= 0 else start
    for m in _SETTING_ARROW_RE.finditer(text, start, pos):
        if (varied := _varied(text, m, start)) is not None:
            return varied
    return None


def varied_keys(text: str) -> set[str]:
    """The setup keys a text varies across an arrow ("TP2 -> TP4", "conc 16 -> 64"): no setting of the text's
    scope, since it states two."""
    if "->" not in text and "→" not in text:
        return set()
    return {v[0] for m in _SETTING_ARROW_RE.finditer(text[:2000]) if (v := _varied(text, m, 0)) is not None}


def _varied(text: str, m: re.Match[str], floor: int) -> tuple[str, str, str] | None:
    before = text[max(floor, m.start() - 24) : m.start("a")]
    alone = qualifiers(before)
    # (the key the left number itself sets: "h100 | 120 → 131" names a board, but does not vary it)
    named = [(k, v) for k, v in qualifiers(before + m.group("a")).items() if alone.get(k) != v]
    if len(named) != 1:
        return None
    key, left = named[0]
    if key in _LENGTH_KEYS:
        return None  # "ISL 8k -> 1k": an input and its output, not one length varied
    return key, left, qualifiers(before + m.group("b")).get(key, m.group("b"))


_LENGTH_KEYS = frozenset({"isl", "osl", "seq_len", "max_tokens"})
