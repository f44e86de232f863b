"""A side's word written right before the value it names, opening the value's clause:

    Decode TPOT: previous 14.1 ms, ours 12.0 ms      the base, then the candidate, each before its value
    TTFT: main 80 ms vs PR 72 ms                     "vs" opens the second side's clause

Apart from grammar.sides (the sides a clause names after its value or earlier in its sentence), whose readers this
one stands beside: only a side's own word counts here, at the head of its clause (after the line's label, a comma,
"vs" or "and"), so "a new 5% gain" or "the old 4 GPUs" name no side.
"""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.vocab.sides import side_of

# a side's word alone ("before"/"after" before a number say when: "after 10 s the cache is warm")
_SIDE_WORD = (
    r"(?P<side>(?:(?:this|the)\s)?(?:pr|branch)|main|master|trunk|baseline|base|previous|old|original|stock|upstream|"
    r"ours|new|patched|candidate|optimi[sz]ed)"
)
# what opens the side's clause: the line (a bullet at most), the label's colon, a comma, "vs", "and", "while"
_OPENER = r"(?:^[ \t>*•-]{0,6}|[:,;(][ \t]{0,3}|[ \t](?:vs\.?|versus|and|while|but)[ \t]{1,3})"
_SIDE_BEFORE_RE = re.compile(_OPENER + r"[*_`]{0,2}" + _SIDE_WORD + r"[*_`]{0,2}[ \t]{0,2}[:=]?[ \t]{0,2}[~≈]?$", re.I)
_SIDE_BEFORE_DIGIT_RE = re.compile(
    _OPENER + r"[*_`]{0,2}" + _SIDE_WORD + r"[*_`]{0,2}[ \t]{0,2}[:=]?[ \t]{0,2}[~≈]?\d", re.I
)
_REACH = 40
"""How far before the value its side's word and the clause's opener are looked for."""


def side_before_value(text: str, pos: int) -> Revision | None:
    """The side whose word opens the clause of the value at `pos` ("ours 12.0 ms" -> ours), or None."""
    m = (
        _SIDE_BEFORE_RE.search(text, max(0, pos - _REACH), pos)
        if pos < len(text) and text[pos] in "0123456789~≈"
        else None
    )
    return Revision(label=" ".join(m.group("side").split()), head=None, base=None) if m is not None else None


def sides_before_values(text: str) -> set[str]:
    """The sides named right before a value anywhere in the text ("main 80 ms vs PR 72 ms": main, PR), by their
    kind: a text that names both sides this way compares them."""
    return {kind for m in _SIDE_BEFORE_DIGIT_RE.finditer(text) if (kind := side_of(m.group("side")))}
