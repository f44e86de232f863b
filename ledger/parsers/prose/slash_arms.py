"""Arms listed with slashes, then slash lists of values over them: "A10 base/EAGLE/MTP passed 12 tests each; GSM8K
scores were 70.1% / 71.0% / 72.2%, eval times 20s / 18s / 17s, and accept length 1.9 / 2.7". Each list of as many
values as arms gives the k-th value the k-th arm's setup, as "respectively" would (prose.respective_values); an
acceptance list as long as the drafting arms is theirs ("base" drafts nothing, so it has no acceptance).

Apart from lists.slash_setup, which reads a slash list of setups in the values' own clause ("MTP2 over FP8 / NVFP4
KV: 2.950 / 2.910"); here the arms are stated once, clauses before, for every list of the sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.parsers.grammar.slash_arm_items import arm_setups
from ledger.vocab.metrics import is_acceptance_name
from ledger.vocab.setup import qualifiers

# a sentence's end (a ";" joins the clauses that share the arms: "X/Y passed; scores were a / b")
_SENTENCE_END_RE = re.compile(r"[.!?]\s")
_REACH = 300
"""Characters looked back from a list for its arms."""


def slash_arm_setups(out: list[dict], text: str) -> None:
    """Give each slash list of values (claims of one group) that no setup list of its own clause split the setups of
    the slash list of arms its sentence names before it (see the module docstring), in place."""
    if text.count("/") < 3:
        return  # (an arm list and a value list at least)
    for i, j in _groups(out):
        group = out[i : j + 1]
        if any(c["config"] != group[0]["config"] for c in group):
            continue  # (the list's own clause named its setups: lists.slash_setup)
        lead = _lead(text, group[0]["start"])
        setups = arm_setups(lead, len(group))
        if setups is None and all(is_acceptance_name(c["metric"] or "") for c in group):
            arms = arm_setups(lead, None) or []
            drafting = [s for s in arms if s.get("spec_algo") not in (None, "none")]
            setups = drafting if len(drafting) == len(group) else None
        if setups is None:
            continue
        whole = qualifiers(lead)  # (what the list read as one name gave every value)
        for c, own in zip(group, setups, strict=True):
            kept = {k: v for k, v in c["config"].items() if k not in whole or k in own}
            c["config"] = {**kept, **own}


def _lead(text: str, at: int) -> str:
    """The sentence's words before `at` (across ";"), at most _REACH characters of them."""
    lo = max(0, at - _REACH)
    ends = [e.end() for e in _SENTENCE_END_RE.finditer(text, lo, at)]
    return text[ends[-1] if ends else lo : at]


def _groups(out: list[dict]) -> Iterator[tuple[int, int]]:
    """(first, last) index of each run of two or more claims of one slash list, in order."""
    i = 0
    while i < len(out):
        j = i
        while j + 1 < len(out) and out[i].get("group") is not None and out[j + 1].get("group") == out[i]["group"]:
            j += 1
        if j > i:
            yield i, j
        i = j + 1
