"""Two values of one series named differently in two revisions ("Server TTFT" then "TTFT", "TTFT reduction" then
"TTFT"): judged as one series, the pair saying it was renamed.

A series is its canonical metric, unit and setup (compare.keys), never its header's words: "Server TTFT, seconds"
and "TTFT (s)" at one setup are one measure, and a pair whose names differ beyond the metric (their variants) says
"renamed: 'Server TTFT' -> 'TTFT'". A fall stated as its size ("TTFT reduction 3.69%") and the measure's signed
change ("TTFT -3.09%") are one series on opposite signs: the fall's value is turned (-3.69%) and read under the
other's name, so the pair is judged on one scale and says so.
"""

from __future__ import annotations

from ledger.compare.judge import Pair, judge
from ledger.compare.keys import Key, claim_key
from ledger.compare.noise import NoiseModel
from ledger.model import Claim
from ledger.vocab.change_words import FALL_NOUN_RE
from ledger.vocab.text import MAX_NAME

_SIGNED_UNITS = ("%", "pp")
"""The units a change is stated in, on which a fall's size and a signed change are one scale turned."""


def _falls(c: Claim) -> bool:
    return FALL_NOUN_RE.search((c.metric or "")[:MAX_NAME]) is not None


def _turned(c: Claim, name: str | None) -> Claim:
    """A fall's size as the measure's signed change, under the other side's name."""
    neg = {k: -v for k in ("value", "high", "reference") if isinstance(v := getattr(c, k), float)}
    return c.model_copy(update={**neg, "metric": name})


def judge_renamed(key: Key, old: Claim, new: Claim, noise: NoiseModel) -> Pair:
    """`judge` of two values of one key, the sign of a fall's size turned where the other states a signed change,
    and the pair's reason naming the rename where their names differ beyond the metric."""
    if claim_key(old)[1] == claim_key(new)[1]:
        return judge(key, old, new, noise)
    note = f"renamed: {(old.metric or '')[:80]!r} -> {(new.metric or '')[:80]!r}"
    a, b = old, new
    if key.unit in _SIGNED_UNITS and _falls(old) != _falls(new):
        a, b = (_turned(old, new.metric), new) if _falls(old) else (old, _turned(new, old.metric))
        note += " (a fall stated as its size: its sign turned)"
    p = judge(key, a, b, noise)
    p.old, p.new = old, new
    p.reason = "; ".join(x for x in (p.reason, note) if x)
    return p
