"""Two values of one measure in one phrase, each told by the side word after it: "accuracy went from 0.000 on stock to
0.925 with the fix", "0.412 stock -> 0.698 patched", "TTFT dropped from 120 ms on stock to 95 ms"; or before it, both
named: "MMLU: before 61.0 / after 64.2", "gsm8k baseline 0.71, this PR 0.74". One claim, the
candidate side's value, with the base side's as its reference, as "A -> B" would give; the side words say which is
which ("0.925 patched vs 0.412 stock": the first is the candidate).

Apart from sided_pairs.py because the side words here stand between a value and the word that joins it to the other
("0.000 on stock to"), where the clause readers (grammar.sides) take a side only before a value or right after the
last: the number pass reads the two as values of their own, and this folds them once all are read.
"""

from __future__ import annotations

import re

from ledger.vocab.sides import side_alone, side_of
from ledger.vocab.units import canonical_unit

_PREP = r"(?:on|with|in|for|using|under|at)"
_WORD = r"[A-Za-z][\w'-]{0,20}"
# the side after the first value, then the joint to the second: " on stock to ", " stock -> " (a side in parentheses,
# "1200 (before) -> 1310 (after) tok/s", is the clause readers', sided_pairs.py)
_GAP_RE = re.compile(
    rf"[ \t]{{1,2}}(?P<side>(?:{_WORD}[ \t]{{1,2}}){{0,3}}{_WORD}),?[ \t]{{1,2}}"
    r"(?P<joint>->|→|=>|to|vs\.?|versus)[ \t]{1,2}(?:the[ \t]{1,2})?$",
    re.IGNORECASE,
)
# the side after the second value, to its clause's end: " with the fix.", " patched,"
_AFTER_RE = re.compile(
    rf"[ \t]{{1,2}}(?P<side>(?:{_WORD}[ \t]{{1,2}}){{0,3}}?{_WORD})(?=[ \t]{{0,2}}(?:[,;:.!?)]|$|and\b|but\b))",
    re.IGNORECASE,
)
_PREP_RE = re.compile(rf"^{_PREP}[ \t]{{1,2}}", re.IGNORECASE)
# each value after its own side ("before 61.0 / after 64.2"): the words that open the second, after the joint
_MID_RE = re.compile(
    rf"[ \t]{{0,2}}(?:/|,|;|and|vs\.?|versus)[ \t]{{1,2}}"
    rf"(?P<side>(?:{_WORD}[ \t]{{1,2}}){{0,2}}{_WORD})[ \t]{{0,2}}[:=]?[ \t]{{1,2}}$",
    re.IGNORECASE,
)
# and the words right before the first (searched in a short window: "MMLU: before ")
_LEAD_RE = re.compile(rf"(?<![\w'-])(?P<side>(?:{_WORD}[ \t]{{1,2}}){{0,2}}{_WORD})[ \t]{{0,2}}[:=]?[ \t]{{1,2}}$")
# a change's "from" before the first value ("went from 0.000 on stock to ..."): "to" joins a before and an after
_FROM_RE = re.compile(r"\bfrom[ \t]{1,2}[~≈]?$", re.IGNORECASE)


def inline_sides(out: list[dict], text: str, console: bool = False) -> list[dict]:
    """`out` (the candidates of one text, in order) with each base-side value that the side words fold into its
    neighbour (see the module) dropped, the neighbour taking it as its reference and its side's words as
    `inline_side`; a tool's output line (`console`) as it is."""
    if len(out) < 2 or console:
        return out
    drop: set[int] = set()
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if i in drop or a["reference"] is not None or b["reference"] is not None or not _one_measure(a, b):
            continue
        pair = _sides(text, a, b)
        if pair is None:
            continue
        head, base, label = (b, a, pair[1]) if pair[0] == "base" else (a, b, pair[1])
        head["reference"], head["inline_side"] = base["value"], label
        head["start"], head["end"] = min(a["start"], b["start"]), max(a["end"], b["end"])
        if head["unit"] is None:
            head["unit"] = base["unit"]
        drop.add(i if head is b else i + 1)
    return [c for k, c in enumerate(out) if k not in drop] if drop else out


def _one_measure(a: dict, b: dict) -> bool:
    """Two values of one kind and measure, in one unit where both print one."""
    if a["kind"] != b["kind"] or (a["metric"] or "").lower() != (b["metric"] or "").lower():
        return False
    ua, ub = a["unit"], b["unit"]
    return not (ua and ub and canonical_unit(ua, a["kind"]) != canonical_unit(ub, b["kind"]))


def _sides(text: str, a: dict, b: dict) -> tuple[str, str] | None:
    """(the first value's side, the candidate side's label) where the words between and after the two name their
    sides, one base and one candidate (one side may go unnamed where "from A to B" or an arrow orders them); else
    None."""
    gap = _GAP_RE.fullmatch(text, a["end"], b["start"])
    if gap is None:
        return _leading_sides(text, a, b)
    first = _side(gap.group("side"))
    after = _AFTER_RE.match(text, b["end"], b["end"] + 60)
    second = _side(after.group("side")) if after is not None else None
    joint = gap.group("joint").lower()
    if first is None:
        return None
    if second is not None:
        if {first[0], second[0]} != {"base", "head"}:
            return None
        return first[0], (second if second[0] == "head" else first)[1]
    # one side named: "from A on stock to B", "A stock -> B": the first is the before, so it must be the base
    ordered = joint != "to" or _FROM_RE.search(text, max(0, a["start"] - 12), a["start"]) is not None
    if joint.startswith("v") or not ordered or first[0] != "base":
        return None
    return "base", ""


def _side(words: str) -> tuple[str, str] | None:
    """(base or head, the label) of a side's words alone ("on stock": stock; "with the fix"), else None."""
    for bare in (words, _PREP_RE.sub("", words)):
        kind = side_of(bare)
        if kind in ("base", "head") and side_alone(bare):
            return kind, words  # (the label as the clause readers give it: "on this branch")
    return None


def _leading_sides(text: str, a: dict, b: dict) -> tuple[str, str] | None:
    """(the first value's side, the candidate's label) where each value follows its own side's words, one base and
    one candidate ("before 61.0 / after 64.2", "baseline 0.71, this PR 0.74"); else None."""
    mid = _MID_RE.fullmatch(text, a["end"], b["start"])
    lead = _LEAD_RE.search(text, max(0, a["start"] - 40), a["start"]) if mid is not None else None
    if mid is None or lead is None:
        return None
    first, second = _tail_side(lead.group("side")), _tail_side(mid.group("side"))
    if first is None or second is None or {first[0], second[0]} != {"base", "head"}:
        return None
    return first[0], (second if second[0] == "head" else first)[1]


def _tail_side(words: str) -> tuple[str, str] | None:
    """The side the last words of `words` name alone, the most words that do ("MMLU before" -> before, "this PR")."""
    split = words.split()
    return next((side for k in range(len(split)) if (side := _side(" ".join(split[k:])))), None)
