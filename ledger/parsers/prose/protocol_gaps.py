"""A value set against a reference measured another way: the sentence that pairs them ("~71.0 vs ~75.5") puts the gap
down to how the two runs differ ("because it skips the chat template"), the author calls the pair not comparable, or
the reference is a leaderboard's or model card's figure and the text says how its protocol differs. The pair is the
PR's motivation or a note on the board, not its change's effect: the claim keeps its reference and is noted
(model.OTHER_SETUP_NOTE), so that compare says "not comparable", never "below reference"."""

from __future__ import annotations

import re

from ledger.model import OTHER_SETUP_NOTE, Claim
from ledger.parsers.reader.blocks import Document
from ledger.vocab.protocol_gaps import (
    ABOUT_THE_PAIR_RE,
    INCOMPARABLE_RE,
    OUTSIDE_FIGURE_RE,
    SETUP_DIFFERENCE_RE,
    gap_cause,
)

_RESULTS = frozenset({"perf", "accuracy", "acceptance"})
# a sentence's stop: never the point inside a number ("90.5") nor an abbreviation's ("0.58 vs. 0.61")
_STOP_RE = re.compile(r"(?<!\bvs)(?<!\be\.g)(?<!\bi\.e)[.!?](?=\s|$)")
MAX_LINE = 2000
"""Characters of a line read for the sentences around a value."""


def protocol_gaps(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each paired value whose sentence (or the one after it) says its reference was measured another
    way noted so, with the words that say how."""
    prose: dict[int, int] | None = None  # line -> last line of its paragraph or item
    said: dict[tuple[str, str], str | None] = {}  # the last (sentence, text after it) -> what it says of the pair
    out: list[Claim] = []
    for c in claims:
        if c.kind in _RESULTS and c.reference is not None and c.source.line > 0:
            prose = _prose_lines(doc) if prose is None else prose
            why = _why(doc, c, prose[c.source.line], said) if c.source.line in prose else None
            if why is not None:
                note = f"{OTHER_SETUP_NOTE}: {why}"
                c = c.model_copy(update={"note": f"{note}; {c.note}" if c.note else note})
        out.append(c)
    return out


def _prose_lines(doc: Document) -> dict[int, int]:
    lines: dict[int, int] = {}
    for b in doc.blocks:
        if b.kind in ("text", "item") and not b.in_code:
            for no in range(b.start, b.end + 1):
                lines[no] = b.end
    return lines


def _why(doc: Document, c: Claim, last: int, said: dict[tuple[str, str], str | None]) -> str | None:
    """The words of the value's sentence, or of the next one about the pair, that say its reference was measured
    another way, or None. (`said`: the answer for the last sentence read; a line of many pairs in one long
    sentence is read once, not once for each of its pairs.)"""
    text = doc.line(c.source.line)[:MAX_LINE]
    at = text.find(c.source.text) if c.source.text else -1
    own, rest = _sentence_at(text, max(at, 0))
    if not rest.strip() and c.source.line < last:
        rest = doc.line(c.source.line + 1)[:MAX_LINE]
    if (own, rest) not in said:
        said.clear()  # (the last sentence only: the claims come in line order, and memory stays one line's)
        said[own, rest] = _said_of_pair(own, rest)
    return said[own, rest]


def _said_of_pair(own: str, rest: str) -> str | None:
    """What the sentence `own`, or the one opening `rest` if it goes on about the pair, says of how the pair's
    reference was measured, or None."""
    after = rest[: _end(rest, 0)] if ABOUT_THE_PAIR_RE.match(rest) else ""
    if (m := INCOMPARABLE_RE.search(own)) is not None:
        return _said(own, m)
    if (cause := gap_cause(own) or gap_cause(after)) is not None:
        return cause
    if OUTSIDE_FIGURE_RE.search(own) and (m := SETUP_DIFFERENCE_RE.search(own) or SETUP_DIFFERENCE_RE.search(after)):
        return m.group(0)
    if (m := INCOMPARABLE_RE.search(after)) is not None:
        return _said(after, m)
    return None


def _said(text: str, m: re.Match[str]) -> str:
    """A stated incomparability, with the setup difference its sentence names where it names one."""
    diff = SETUP_DIFFERENCE_RE.search(text)
    return diff.group(0) if diff else m.group(0)


def _end(text: str, pos: int) -> int:
    m = _STOP_RE.search(text, pos)
    return m.end() if m else len(text)


def _sentence_at(text: str, pos: int) -> tuple[str, str]:
    """The sentence holding text[pos] and the text after it."""
    start = 0
    for m in _STOP_RE.finditer(text, 0, pos):
        start = m.end()
    end = _end(text, pos)
    return text[start:end], text[end:]
