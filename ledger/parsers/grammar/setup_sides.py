"""A side's label that names the setup of its results after the side ("BEFORE, 1k/2k", "After - 2k/512", "Before
2k/512:", "This PR, TP8 on H200:"): the label is the side, the rest is the setup of the runs printed under it (read
by the setup readers from the same line, grammar.setup). A bracketed tail ("Before (2k/512):") is the side readers'
own (vocab.sides.SIDE_NOTE); this is the unbracketed one."""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.grammar.line_setup import line_setup
from ledger.vocab.sides import side_alone

_MAX = 80
"""A label line's length at most: a longer line is a sentence, not a label."""
_SIDE_WORDS_MAX = 4
"""The words a side's name may take ("with the fix", "before this PR")."""
# ("Before - 2k/512", "After – TP8": a dash between the side and its setup, as a comma is)
_SPLIT_RE = re.compile(r"\s{0,3},\s{0,3}|\s{1,3}[-–—]{1,2}\s{1,3}|\s{1,3}")
_WORD_RE = re.compile(r"[^\s,;+]{1,60}")
_LINKS = frozenset(("on", "with", "at", "and", "x", "w/", "for", "using", "@", "/"))
"""The words that join the setup's parts ("TP8 on H200", "1k/1k with FP8")."""


def setup_side(text: str) -> Revision | None:
    """The side a label line names before the setup of its results ("BEFORE, 1k/2k" -> BEFORE), its colon optional;
    None when the words after the side are not setup alone ("Before the cache warmed, 2k/512" is a sentence)."""
    line = text.strip().strip("*_`").strip()
    if line.endswith((":", "：")):
        line = line[:-1].rstrip(" *_`")
    if not line[:1].isalpha() or len(line) > _MAX:
        return None
    for k, sep in enumerate(_SPLIT_RE.finditer(line)):
        if k >= _SIDE_WORDS_MAX:
            break
        side, tail = line[: sep.start()], line[sep.end() :]
        if not sep.group().strip() and not any(map(str.isdigit, tail)):
            continue  # ("Main Eagle" beside "Overlapped Eagle": a run's name; "Main TP8": a side, a setting's value)
        if side and tail and side_alone(side) and _only_setup(tail):
            return Revision(label=side.strip(" *_`"), head=None, base=None)
    return None


def _only_setup(tail: str) -> bool:
    """Every word of `tail` is a setting (a joining word aside), and the whole names at least one."""
    if not line_setup(tail):
        return False
    for m in _WORD_RE.finditer(tail):
        word = m.group().strip("()[]`*_")
        if not word or word.lower() in _LINKS:
            continue
        if any(map(str.isdigit, word)):
            continue  # ("1k/2k", "TP8", "H200", "conc=4": the setting's own spelling, read by line_setup as a whole)
        if not line_setup(word):
            return False  # ("warmed", "cache": a word of a sentence, not of a setup)
    return True
