"""A sentence that varies a setting across an arrow and then gives the values on each side of it:

    TPOT grows x2.75 from conc 16 -> 64 here (20 ms -> 55 ms)

The values' arrow is no before and after of one setup (the right value is no change of the left one, measured on a
newer revision): each value is measured at its own side of the setting's arrow, 20 ms at concurrency 16 and 55 ms at
concurrency 64, and neither is the other's reference.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number
from ledger.vocab.flags import flag_head_key
from ledger.vocab.setup import qualifiers
from ledger.vocab.text import ARROW
from ledger.vocab.units import is_measure_unit

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


# "48 → 96 → 192 gives 1,720 → 1,910 → 2,050 tok/s": a chain of a setting's values, a verb (or a colon), and a
# chain of as many results. The settings' chain is no result, and the results are no before and after of one
# setup: each is measured at the setting at its position, so none is another's reference (the step between two of
# them is the setting's doing, not the change's: report would read a sweep as the change's gain).
_CHAIN_LINK_RE = re.compile(r"\s{0,2}" + ARROW + r"\s{0,2}")
_GIVES_RE = re.compile(
    r"\s{1,3}(?:gives?|gave|yields?|yielded|produces?|produced|(?:results?|resulted)\sin|reaches|reached)\s{1,3}"
    r"|\s{0,2}(?::|=)\s{1,3}",
    re.IGNORECASE,
)
# the flag the sentence varies ("Raising `--max-num-seqs` compounds: ... 64 → 256"), its last before the chain
_FLAG_RE = re.compile(r"(?<![\w-])--[a-z][a-z0-9]{0,20}(?:[-_][a-z0-9]{1,20}){0,5}(?![\w-])")
_SENTENCE_BREAK_RE = re.compile(r"[.;!?](?:\s|$)")


def setting_chain(text: str, nums: list[Number], i: int) -> tuple[str | None, list[str], list[int]] | None:
    """The chain of a setting's values opening at `nums[i]` and the chain of results it gives, with the key the
    sentence names for the setting (None when it names none); None when `nums[i]` opens no such pair of chains."""
    settings = _chain(text, nums, i)
    j = settings[-1] + 1
    if len(settings) < 2 or j >= len(nums) or not _GIVES_RE.fullmatch(text, nums[j - 1].end, nums[j].start):
        return None
    results = _chain(text, nums, j)
    if len(settings) > _MOST_LINKS or len(results) != len(settings):
        return None
    if any(nums[k].unit is not None or nums[k].high is not None for k in settings):
        return None  # (a chain of measures or of ranges varies no setting)
    if not any(is_measure_unit(nums[k].unit) for k in results):
        return None
    key = _chain_key(text, nums[i])
    values = [str(nums[k].text).strip() for k in settings]
    if key is not None and key[1]:
        values = [qualifiers(f"{key[1]} {v}").get(key[0], v) for v in values]
    return (key[0] if key else None), values, results


def _chain(text: str, nums: list[Number], i: int) -> list[int]:
    """The indexes of the numbers chained by arrows from `nums[i]`."""
    out = [i]
    while (
        len(out) <= _MOST_LINKS
        and out[-1] + 1 < len(nums)
        and _CHAIN_LINK_RE.fullmatch(text, nums[out[-1]].end, nums[out[-1] + 1].start)
    ):
        out.append(out[-1] + 1)
    return out


_MOST_LINKS = 8
"""The longest chain read (a sweep of more points is a table's): every number of a long run of arrows asks, so the
bound keeps a line's cost linear."""


def _chain_key(text: str, first: Number) -> tuple[str, str] | None:
    """(key, the words that name it) of the setting a chain varies: named right before its first value ("conc 16
    → 64 → 256"), else the last flag of its sentence before it whose key the vocabulary knows."""
    start = max(0, first.start - WINDOW)
    for m in _SENTENCE_BREAK_RE.finditer(text, start, first.start):
        start = m.end()
    before = text[max(start, first.start - 24) : first.start]
    alone = qualifiers(before)
    named = [k for k, v in qualifiers(before + first.text).items() if alone.get(k) != v]
    if len(named) == 1 and named[0] not in _LENGTH_KEYS:
        return named[0], before
    flags = _FLAG_RE.findall(text, start, first.start)
    # (a flag the vocabulary does not know is the setting its own name says, as a column it heads: flag_head_key)
    key = flag_head_key(flags[-1]) if flags else None
    return (key, "") if key else None
