"""A commit named inside a sentence that states its own result, with the next line on another side: the revision
of that sentence's values only.

    On commit `4d5e6f7a` the decode loop reached 1234 tok/s.
    With the patch applied it reaches 1410 tok/s on the same box.     (the patch's run, not `4d5e6f7a`)

The second line names its own side, whose head the text does not state; carrying the first line's commit onto it
gave it a head it was never measured on. A sentence that names a commit and no result of its own ("Tested at
`0badcafe12` with the same image") still opens its revision over what follows, as do a lead-in ending in a colon, a
heading, a push ("Once I pushed 5e4d3c2 ...": the PR's head from there on, grammar.turn_heads) and a line whose
values are this run's changes against others ("+31.5% over the narrow build": no side of its own).
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.head_phrases import head_phrase
from ledger.parsers.grammar.numbers import find_numbers
from ledger.parsers.reader.document import Block
from ledger.parsers.reader.line_kinds import ends_in_colon
from ledger.vocab.sides import side_of
from ledger.vocab.units import is_performance_unit

# where a sentence ends inside a line: a full stop, "!" or "?" and a blank (not a decimal point, "v0.5.1")
_SENTENCE_END_RE = re.compile(r"[.!?](?=\s)")
# a count of boards, not a speed-up: "2x MI300X", "8x H100"
_BOARDS_AFTER_RE = re.compile(r"\s?[A-Z]")
_OPENING_CHARS = 60
"""How much of the next line's opening is read for its side: the words before its first value."""


def sentence_only(block: Block, nxt: Block | None, head: str) -> bool:
    """Whether commit `head`, named in `block`, is the revision of that line alone: its sentence states a result of
    its own, the line leads into nothing, names no push, and the next line opens on a side of its own."""
    if nxt is None or nxt.kind != "text" or nxt.in_code or ends_in_colon(block.text):
        return False
    if not _sentence_result(block.text, head):
        return False
    phrase = head_phrase(block.text)
    if phrase is not None and phrase.moves_head:
        return False  # (a push: the PR's head over the turn)
    opening = nxt.text[:_OPENING_CHARS]
    first = re.search(r"\d", opening)
    return side_of(opening[: first.start()] if first else opening) is not None


def _sentence_result(text: str, head: str) -> bool:
    """Whether the sentence of `text` that names commit `head` states a measured value of its own (a number in a
    unit of time, rate, size or speed-up, or a percentage)."""
    at = text.lower().find(head.lower())
    if at < 0:
        return False
    start = max((m.end() for m in _SENTENCE_END_RE.finditer(text, 0, at)), default=0)
    nxt = _SENTENCE_END_RE.search(text, at + len(head))
    end = nxt.start() if nxt is not None else len(text)
    return any(
        n.unit is not None and (is_performance_unit(n.unit) or n.unit == "%") and not _boards(text, n.unit, n.end)
        for n in find_numbers(text, start, end, limit=12)
        if not (at <= n.start < at + len(head))
    )


def _boards(text: str, unit: str, end: int) -> bool:
    return unit.lower() in ("x", "×") and _BOARDS_AFTER_RE.match(text, end) is not None
