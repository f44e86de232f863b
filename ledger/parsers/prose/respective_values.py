"""Values said "respectively" of the items their sentence listed before them ("with int8/int4 kv, RPS rose by 30% and
40% respectively"): the k-th value of the run ending at the word was measured under the k-th item
(grammar.respective_items reads the items).

Apart from lists.py because that one reads slash groups of values ("2.95 / 2.91"); a run here is joined by "and" and
commas as often, and its items may sit clauses away from it.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.respective_items import RESPECTIVELY_RE, item_setups, sentence_lead
from ledger.parsers.prose.slash_arms import slash_arm_setups
from ledger.vocab.setup import qualifiers

# between two values of the run: "30% and 40%", "1.2x, 1.4x and 1.9x", "12% / 18%"
_VALUE_JOINT_RE = re.compile(r"\s?(?:,|/|,?\s(?:and|&))?\s?")
# between the run's last value and the word: "40% respectively", "40%, respectively", "(40%) respectively"
_TO_WORD_RE = re.compile(r"[\s,)]{1,3}")
# the items named between the run and the word: "... 35% for A and B respectively", "on A / B, respectively"
_AFTER_ITEMS_RE = re.compile(
    r"\s(?:for|on|with|in|under|across)\s(?P<items>[^\s,;.%]{1,30}(?:,?\s[^\s;.%]{1,30}){0,8}?),?\s$"
)
_AFTER_REACH = 160


def respective_setups(out: list[dict], text: str) -> None:
    """Give each value of a run ending at "respectively" the setup of the item at its place in the list of as many
    items named before the run in its sentence (the nearest such list whose items differ in a setup key); and each
    slash list of values the slash list of arms its sentence names before it (prose.slash_arms)."""
    slash_arm_setups(out, text)
    if "espectively" not in text:
        return
    for m in RESPECTIVELY_RE.finditer(text):
        run, lead = _run_before(out, text, m.start()), ""
        if len(run) < 2 and (after := _AFTER_ITEMS_RE.search(text, max(0, m.start() - _AFTER_REACH), m.start())):
            # ("rose 25% and 35% for alpha-8b and beta-9b respectively": the items between the run and the word)
            run, lead = _run_before(out, text, after.start() + 1), after.group("items")
        if len(run) < 2:
            continue
        lead = lead or sentence_lead(text, out[run[0]]["start"])
        setups = item_setups(lead, len(run))
        if setups is None:
            continue
        whole = qualifiers(lead)  # (what the list read as one name gave every value)
        if any("model" in own for own in setups):
            whole["model"] = ""  # ("On Orca2-13B and Finch-7B": the first model the line names is only the first's)
        for i, own in zip(run, setups, strict=True):
            kept = {k: v for k, v in out[i]["config"].items() if k not in whole or k in own}
            out[i]["config"] = {**kept, **own}


def _run_before(out: list[dict], text: str, at: int) -> list[int]:
    """The indexes of the values joined by commas, "and" or "/" whose last ends right before `at`."""
    last = next((j for j in range(len(out) - 1, -1, -1) if out[j]["end"] <= at), None)
    if last is None or not _TO_WORD_RE.fullmatch(text, out[last]["end"], at):
        return []
    first = last
    while first > 0 and _VALUE_JOINT_RE.fullmatch(text, out[first - 1]["end"], out[first]["start"]):
        first -= 1
    return list(range(first, last + 1))
