"""Two sides of one measure in one sentence: "0.912 on this branch vs 0.915 on main", "20.1 ms/t on master and
18.4 ms/t with this PR", "from 41.3 req/s (main) to 44.9 req/s (this PR)". The candidate side's value is the claim
and the base side's is its reference, as with "A -> B"; the base value gets no claim of its own (claims contract).
One value stated for both sides ("91.3 ms/t for master and this PR") is the candidate side's, itself its reference.

Apart from sentences.py because it runs after the number pass, on the candidates and the sides their clauses
name: only then is it known that two neighbours measure one thing on two sides.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.model import Revision
from ledger.parsers.grammar.numbers import UNIT_PATTERN, normalise_unit
from ledger.vocab.sides import side_alone, side_of
from ledger.vocab.units import canonical_unit, is_measure_unit


def fold_sided_pairs(
    out: list[dict], sides: list[Revision | None], text: str
) -> tuple[list[dict], list[Revision | None]]:
    """`out` (the candidates of one text, in order) with each base value folded into the candidate-side value next
    to it as its reference; `sides` (each candidate's clause side) kept in step. A pair with no unit takes the one
    printed after the second value's side ("1200 (before) -> 1310 (after) tok/s")."""
    if (segments := _fold_segments(out, sides)) is not None:
        return segments
    keep: list[dict] = []
    kept_sides: list[Revision | None] = []
    k = 0
    while k < len(out):
        if k + 1 < len(out) and (head := _head_of_pair(out[k], out[k + 1], sides[k], sides[k + 1])) is not None:
            base, claim = (out[k + 1], out[k]) if head == 0 else (out[k], out[k + 1])
            claim["reference"] = base["value"]
            claim["metric"] = max((claim["metric"], base["metric"]), key=lambda m: len(m or ""))  # (the one in full)
            claim["start"], claim["end"] = min(claim["start"], base["start"]), max(claim["end"], base["end"])
            if claim["unit"] is None:
                claim["unit"] = base["unit"] or _unit_after_side(text, max(claim["end"], base["end"]))
            keep.append(claim)
            side, other = sides[k + head], sides[k + 1 - head]
            if side is not None and other is not None and side.head and other.head and not side.base:
                side = side.model_copy(update={"base": other.head})  # "on main (d0e1f2a) ... this PR (a1b2c3d)"
            kept_sides.append(side)
            k += 2
            continue
        keep.append(out[k])
        kept_sides.append(sides[k])
        k += 1
    return keep, kept_sides


# "1310 (after) tok/s": a unit printed after the side in parentheses that follows a value
_UNIT_AFTER_SIDE_RE = re.compile(r"[ \t]?\([A-Za-z][\w \t]{0,20}\)[ \t]?(?P<unit>" + UNIT_PATTERN + r")(?![\w/])")


def _unit_after_side(text: str, end: int) -> str | None:
    m = _UNIT_AFTER_SIDE_RE.match(text, end)
    return (
        normalise_unit(m.group("unit")) if m is not None and is_measure_unit(normalise_unit(m.group("unit"))) else None
    )


def _one_measure(a: str | None, b: str | None) -> bool:
    """Two values' names are one measure's: the same, or the second the tail of the first, its unit alone repeated
    ("parent 2210.40 output tok/s versus child 1180.02": "output tok/s" and "tok/s")."""
    la, lb = (a or "").lower(), (b or "").lower()
    return la == lb or (bool(lb) and "/" in lb and la.endswith(" " + lb))


def _head_of_pair(a: dict, b: dict, side_a: Revision | None, side_b: Revision | None) -> int | None:
    """0 or 1: which of two neighbouring candidates is the candidate side of one measure, None when they are not
    such a pair (a reference already, another kind or measure or unit, or not one base and one candidate side)."""
    if side_a is None or side_b is None or a["reference"] is not None or b["reference"] is not None:
        return None
    if a["kind"] != b["kind"] or not _one_measure(a["metric"], b["metric"]):
        return None
    ua, ub = a["unit"], b["unit"]
    if ua and ub and canonical_unit(ua, a["kind"]) != canonical_unit(ub, b["kind"]):
        return None
    pair = (side_of(side_a.label), side_of(side_b.label))
    return 0 if pair == ("head", "base") else 1 if pair == ("base", "head") else None


def _fold_segments(out: list[dict], sides: list[Revision | None]) -> tuple[list[dict], list[Revision | None]] | None:
    """ "Main: mean TTFT 0.41 s, p99 TTFT 0.92 s. PR: mean TTFT 0.33 s.": every value under one side's label, then
    every value under the other's (segment_side). Each candidate-side value takes the one base value of its measure
    and unit as its reference, wherever in the base segment it stands; a base value no candidate takes stays a
    claim. None where the values are not two such runs of sides (then neighbours pair, or none)."""
    kinds = [side_of(r.label) if r is not None else None for r in sides]
    cut = next((i for i in range(1, len(kinds)) if kinds[i] != kinds[0]), 0)
    if len(out) < 3 or kinds[0] not in ("base", "head") or cut == 0 or len(set(kinds[cut:])) != 1:
        return None
    if {kinds[0], kinds[cut]} != {"base", "head"}:
        return None
    base_ix = range(cut) if kinds[0] == "base" else range(cut, len(out))
    taken: set[int] = set()
    for i in (j for j in range(len(out)) if j not in base_ix):
        match = [b for b in base_ix if b not in taken and _head_of_pair(out[b], out[i], sides[b], sides[i]) == 1]
        if len(match) == 1:
            out[i]["reference"] = out[match[0]]["value"]
            taken.add(match[0])
    if not taken:
        return None
    return [c for j, c in enumerate(out) if j not in taken], [r for j, r in enumerate(sides) if j not in taken]


# "88.0 ms/t for master and this PR", "410 t/s on both master and the PR": one value the two sides share
_BOTH_SIDES_RE = re.compile(
    r"[ \t]{0,2}(?:for|on|with|in)[ \t]{1,2}(?:both[ \t]{1,2})?(?P<a>[^,;:.()\n]{1,30}?)[ \t]{1,2}(?:and|&)[ \t]{1,2}"
    r"(?:with[ \t]{1,2})?(?P<b>[^,;:()\n]{1,30}?)[ \t]*(?=[,;:)]|\.(?:\s|$)|$)",
    re.IGNORECASE,
)


def both_sides(out: list[dict], sides: list[Revision | None], text: str, named: Mapping[str | int, Revision]) -> None:
    """A value followed by both sides of the comparison ("for master and this PR") was measured the same on each:
    its reference is itself and its side the candidate one (a report then sees no change, not no comparison)."""
    for i, c in enumerate(out):
        m = _BOTH_SIDES_RE.match(text, c["end"], c["end"] + 80) if c["reference"] is None else None
        if m is None:
            continue
        a, b = m.group("a").strip(), m.group("b").strip()
        pair = (side_of(a), side_of(b))
        # (each a side's name alone: "14.2 ms on main and 13.1 ms with this PR" are two values)
        if side_alone(a) and side_alone(b) and pair in (("base", "head"), ("head", "base")):
            c["reference"] = c["value"]
            label = b if pair[1] == "head" else a
            known = named.get(label.lower())  # ("this PR" where the text defined its head commit)
            sides[i] = known if known is not None and known.head else Revision(label=label)
