"""The setting a value's own clause names in words after it, with no number: "as fast as K at batch size 1 and 63%
faster at larger batch sizes". The 63 % was measured at the larger batches its clause names, so the batch size the
sentence's earlier clause states (1, where the two were on par) is not its own; what the clause names is a span of
that setting, no value of it, and none is kept.

Apart from prose/candidates.py because it reads the words after a value, the reader there those before it."""

from __future__ import annotations

import re

from ledger.vocab.own_experiments import OWN_EXPERIMENT_RE
from ledger.vocab.setup import setup_label_key

# "at larger batch sizes", "for longer contexts", "at higher concurrency": a setting named by a comparative or a
# quantifier, up to its clause's end (a comma, a semicolon, a sentence's stop)
_OTHER_SETTING_RE = re.compile(
    r"[^,;:.\n]{0,40}?\b(?:at|for|with|on|in|under)[ \t](?:the[ \t])?"
    r"(?:larger|higher|bigger|greater|smaller|lower|longer|shorter|other|all|every|most|many|more)[ \t]"
    r"(?P<what>[A-Za-z][a-z-]{1,20}(?:[ \t][a-z][a-z-]{1,20})?)",
    re.IGNORECASE,
)


def named_after(text: str, end: int) -> frozenset[str]:
    """The setup keys the clause after a value (from `end`) names in words, with no value of its own."""
    m = _OTHER_SETTING_RE.match(text, end, end + 120)
    if m is None:
        return frozenset()
    what = m.group("what").lower()
    for words in (what, what.split(" ")[0]):
        for form in (words, words[:-1], words[:-2]) if words.endswith("s") else (words,):  # ("batches", "sizes")
            if (key := setup_label_key(form)) is not None:
                return frozenset((key,))
    return frozenset()


# a clause closed by its own value and joined to the next: "an older pair at ISL 2048 showed `+4.9%`, and a final
# batch-32 A/B gave `+5.1%`" (a digit, a percent sign or a unit's last letter, a closing mark, then ", and")
_CLOSED_CLAUSE_RE = re.compile(r"[\d%a-z][`*)]{0,3},[ \t]{1,3}(?:and|but|while|whereas|whilst)[ \t]", re.IGNORECASE)


def own_clause_start(text: str, start: int, pos: int) -> int:
    """Where the value at `pos`'s own clause begins, at `start` or later: after the last clause between that closed
    on a value of its own (its setting, "at ISL 2048", is that value's, not the next clause's). Not where the
    sentence opens on its setting ("Without any concurrency cap the gain shrank to +0.4%, and the runs took ..."):
    that phrase sets up every clause after it, unless a later clause opens on a setting of its own ("On H100 with TP=2
    mmlu is 0.71, and on A100 it is 0.69": the 0.69 was measured on A100 alone)."""
    opening = _OPENING_SETTING_RE.match(text, start) is not None
    for m in _CLOSED_CLAUSE_RE.finditer(text, start, pos):
        if (not opening or _OPENING_SETTING_RE.match(text, m.end())) and _closes_own_run(text, start, m):
            start = m.end()
    return start


def _closes_own_run(text: str, start: int, m: re.Match[str]) -> bool:
    """The clause before `m` closes on a value of its own, or holds one and the next clause opens on an experiment
    of its own ("an older OSL860 pair showed +5.81% but kept 10 rows per rank, and a separate fixed-B28 A/B ...")."""
    if _value_ends(text, start, m.start() + 1):
        return True
    held = _HELD_VALUE_RE.search(text, start, m.start()) is not None
    return held and OWN_EXPERIMENT_RE.match(text, m.end()) is not None


def _value_ends(text: str, start: int, end: int) -> bool:
    """The text before `end` closes on a value: one with its unit, or a bare score ("0.71", "84.2"), never a bare
    setting's whole number ("ISL 2048", "TP=2") nor a version's last part ("v0.6.3")."""
    lo = max(start, end - 24)
    return bool(_VALUE_END_RE.search(text, lo, end) or _SCORE_END_RE.search(text, lo, end))


# a sentence opening on the setting of all it reports ("With TP=4, ...", "Without any cap the ...", "At ISL 8k ...")
_OPENING_SETTING_RE = re.compile(r"[\s*_`]{0,6}(?:with|without|at|on|under|for|in|using|when)\b", re.IGNORECASE)
# the value a clause closes on, with its unit ("+4.9%", "1.4x", "812 tok/s"; never a bare setting, "ISL 2048", "8k")
_VALUE_END_RE = re.compile(r"\d(?:\.\d{1,6})?[ \t]?(?:%|x|[a-z/]{2,8})\Z", re.IGNORECASE)
# a value with its unit anywhere in a clause ("+5.81%", "1.4x", "812 tok/s")
_HELD_VALUE_RE = re.compile(r"\d(?:\.\d{1,6})?[ \t]?(?:%|x\b|tok/s|ms\b)", re.IGNORECASE)
# a bare score a clause closes on: a decimal with no version's dot before it ("0.71"; not "0.6.3")
_SCORE_END_RE = re.compile(r"(?<![\d.])\d{1,4}\.\d{1,6}\Z")
