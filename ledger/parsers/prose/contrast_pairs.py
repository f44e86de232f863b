"""Two sides of one measure set side by side in one sentence by a contrast: "the parent build served 2210.5 tok/s,
whereas the prefetch commit served 1190.3 tok/s", "the new scheduler handled 41.2 req/s; meanwhile the old one
handled 39.8 req/s". The words before each value name its side (vocab.sides.contrast_head); the candidate side's value
is the claim and the base side's its reference, and the base value gets no claim of its own (claims contract), as
sided_pairs folds "X on main vs Y with this PR".

Apart from sided_pairs because these sides are the clauses' subjects, which no side reader takes for a side alone
("the parent build", "the gating commit"): only the contrast between the two makes them a base and a candidate.
"""

from __future__ import annotations

import re
from typing import Any

from ledger.vocab.sides import contrast_head
from ledger.vocab.units import RATIO_UNITS, canonical_unit

# the joint of the two clauses: ", while", " whereas", "; meanwhile,", "; by contrast"
_JOINT_RE = re.compile(
    r"(?:,[ \t]{0,2}|[ \t])(?:while|whereas)[ \t]|;[ \t]{0,2}(?:(?:meanwhile|by[ \t]contrast|in[ \t]contrast),?|"
    r"while|whereas)[ \t]",
    re.IGNORECASE,
)
# where the first clause opens: a sentence's, a colon's or a comma's end before its subject
_CLAUSE_OPEN_RE = re.compile(r"[.:;,!?][ \t]|^")
_SUBJECT_REACH = 100
"""How far before a value its clause's subject is read."""
_TAIL_REACH = 40
"""How many characters may follow the first value (its unit, a word or two) before the joint."""


def contrast_pairs(out: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """`out` (one text's candidates, in order) with each base value of a contrast folded into its candidate's
    reference; values of two setups, measures or units, or of clauses that name no two sides, stay as they were."""
    if len(out) < 2 or ("while" not in text and "whereas" not in text and ";" not in text):
        return out
    gone: set[int] = set()
    for k in range(len(out) - 1):
        a, b = out[k], out[k + 1]
        if k in gone or not _one_measure(a, b):
            continue
        joint = _JOINT_RE.search(text, a["end"], min(b["start"], a["end"] + _TAIL_REACH + 16))
        if joint is None or ". " in text[a["end"] : joint.start()] or joint.end() > b["start"]:
            continue
        head = contrast_head(_subject(text, a["start"]), text[joint.end() : b["start"]][:_SUBJECT_REACH])
        if head is None:
            continue
        claim, base = (a, b) if head == 0 else (b, a)
        claim["reference"] = base["value"]
        claim["start"], claim["end"] = a["start"], b["end"]  # (both values are the claim's text, neither free)
        gone.add(k + 1 - head)
    return [c for k, c in enumerate(out) if k not in gone] if gone else out


def _one_measure(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two levels of one measure in one unit and setup, neither paired yet (a change or a ratio is no level)."""
    if a["reference"] is not None or b["reference"] is not None or a["kind"] != b["kind"]:
        return False
    if (a["metric"] or "").lower() != (b["metric"] or "").lower() or a["config"] != b["config"]:
        return False
    ua, ub = a["unit"], b["unit"]
    if ua in RATIO_UNITS or (ua == "%" and a["kind"] == "perf"):
        return False
    if ua is None or ub is None:
        return ua == ub
    return canonical_unit(ua, a["kind"]) == canonical_unit(ub, b["kind"])


def _subject(text: str, pos: int) -> str:
    """The words of the clause before `pos`, from its opening mark ("...: the parent build served ")."""
    low = max(0, pos - _SUBJECT_REACH)
    opens = [m.end() for m in _CLAUSE_OPEN_RE.finditer(text, low, pos)]
    return text[opens[-1] if opens else low : pos]
