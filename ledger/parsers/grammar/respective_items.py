"""The items a sentence lists before values it says "respectively" of: "with int8/int4 kv, RPS rose by 30% and 40%
respectively", "on Orca2-13B and Finch-7B the gain was 12% and 18% respectively". Each item is the setup of the value
at its place (prose.respective_values gives it); read as one name, "int8/int4 kv" gave the whole line both dtypes
under two keys, so the line's own setup leaves the keys such a list names (respective_keys).
"""

from __future__ import annotations

import re

from ledger.vocab.setup import model_names, qualifiers

RESPECTIVELY_RE = re.compile(r"\brespectively\b", re.IGNORECASE)
# the items: "int8/int4", "fp8 and int4", "alpha, beta and gamma" (each a word of a name's characters)
_ITEM = r"[\w.+-]{1,24}"
_SLASH_ITEMS_RE = re.compile(rf"(?<![\w/.+-]){_ITEM}(?:\s?/\s?{_ITEM}){{1,7}}(?![\w/])")
_AND_ITEMS_RE = re.compile(rf"(?<![\w/.+-]){_ITEM}(?:,\s{_ITEM}){{0,6}},?\s(?:and|&)\s{_ITEM}(?![\w/.+-])")
_ITEM_SPLIT_RE = re.compile(r"\s?/\s?|,?\s(?:and|&)\s|,\s")
_SENTENCE_END_RE = re.compile(r"[.;!?]\s")


_REACH = 300
"""How far before its values a list is read (a sentence's lead-in; each list found is read once over this window, so a
line of many lists or many "respectively"s stays linear)."""


def sentence_lead(text: str, at: int) -> str:
    """The sentence's words before `at`, at most _REACH characters of them."""
    lo = max(0, at - _REACH)
    ends = [e.end() for e in _SENTENCE_END_RE.finditer(text, lo, at)]
    return text[ends[-1] if ends else lo : at]


def item_setups(lead: str, k: int | None, slashed: bool = False) -> list[dict[str, str]] | None:
    """The setup of each item of the last list in `lead` (of k items, where k is given) whose items each name another
    value of one setup key ("int8/int4 kv": kv_cache int8, kv_cache int4; "Orca2-13B and Finch-7B": two models), else
    None; `slashed`: slash lists only. The nearest few lists are tried, nearest first (each costs a read of the lead's
    setup words)."""
    found = item_list(lead, k, slashed)
    return found[0] if found is not None else None


def item_list(lead: str, k: int | None, slashed: bool = False) -> tuple[list[dict[str, str]], str] | None:
    """item_setups' setups and the words of `lead` before the list they were read from (what the items share)."""
    lead = lead[-_REACH:]
    patterns = (_SLASH_ITEMS_RE,) if slashed else (_SLASH_ITEMS_RE, _AND_ITEMS_RE)
    lists = sorted((m for pattern in patterns for m in pattern.finditer(lead)), key=_start)
    for m in lists[::-1][:_TRIED]:
        parts = [p for p in _ITEM_SPLIT_RE.split(m.group(0)) if p]
        if k is not None and len(parts) != k:
            continue
        # each item read in the list's place, so that the words around the list name what it is ("int4 kv")
        sides = [qualifiers(lead[: m.start()] + p + lead[m.end() :]) for p in parts]
        for side, part in zip(sides, parts, strict=True):
            if model_names(part) == [part]:
                side["model"] = part
        keys = {key for s in sides for key in s if len({s.get(key) for s in sides}) == len(parts)}
        if keys:
            return [{key: s[key] for key in keys if key in s} for s in sides], lead[: m.start()]
    return None


_TRIED = 4


def _start(m: re.Match[str]) -> int:
    return m.start()


def respective_keys(text: str) -> set[str]:
    """The setup keys a line's "respectively" lists state one value of per item, and the keys the list read as one
    name gave besides ("int8/int4 kv": kv_cache, and the quant "int8/" read as): no value of them is the line's."""
    out: set[str] = set()
    for m in RESPECTIVELY_RE.finditer(text) if "espectively" in text else ():
        lead = sentence_lead(text, m.start())
        if (setups := item_setups(lead, None)) is not None:
            out |= {k for s in setups for k in s} | set(qualifiers(lead))
    return out
