"""A setup word of the vocabulary's table (vocab.setup.SETUP_WORDS) and how its matches are found: only where the
word's beginnings or its digits stand (`search_word`, `finditer_word`), the same matches as its pattern searched
everywhere (tests/test_setup_words.py). Apart from the table so that vocab/setup.py stays under the size rule."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain

from ledger.vocab.text import lower_for_words
from ledger.vocab.trie import trie_pattern

SEP = r"(?: ?[=:] ?|[ _=:-])?"
"""Between a setup word and its number: "tp8", "tp_8", "tp=8", "TP = 8", "ISL: 4096"."""


@dataclass(frozen=True, slots=True, eq=False)
class SetupWord:
    """A setup word written inside a name ("MTP3", "FP8 KV", "con128", "GB300"): the config key a claim is written
    with (`written`), the canonical key compare reads (`key`), and the pattern whose first non-empty group is
    the value. The patterns open at a word's start and end at its end, where "_" and "-" end words too
    ("tp_8", "eagle3-mtp"), so they read snake_case names as well as prose. A word is itself alone (compared and
    hashed by identity, each made once in its table): the readers ask whether a line's word is a fused or a tuple
    word for every word they read, and a hash of the fields hashed the pattern and every trigger each time."""

    written: str
    key: str
    pattern: re.Pattern[str]
    triggers: tuple[str, ...] = ()
    """Lower-case strings one of which every match contains: a line without any is not searched (every line of
    a document is read for its setup)."""
    starts: tuple[str, ...] = ()
    """Lower-case strings one of which every match opens with, where the pattern says so (empty: unknown):
    `search_word` tries the pattern only where one stands (tests/test_setup_words.py compares it with a full
    search); `digit_opens`, where a match that opens with a digit can open (a GPU's count, "8x H100"), found in
    the lowered text by one scan instead of a look at every digit of the line; `many_starts`, where the starts are many
    (a GPU's 40), every place one of them stands, by one pass of their prefix tree in a look-ahead instead of a
    substring search per start."""
    digit_opens: re.Pattern[str] | None = None
    many_starts: re.Pattern[str] | None = None


def make_word(
    written: str,
    key: str,
    body: str,
    triggers: tuple[str, ...] = (),
    starts: tuple[str, ...] = (),
    digit_opens: re.Pattern[str] | None = None,
    glued: bool = False,
) -> SetupWord:
    # a number ends at a non-digit ("TP8EP8" holds tp and ep), a word at a non-alphanumeric; a lone letter glued
    # after the number makes a name of it ("dp4a", the int8 dot-product instruction, is no data parallel of 4)
    end = r"(?![0-9]|[a-z](?![a-z0-9]))" if body.endswith(r"})") else r"(?![a-z0-9])"
    # (`glued`: a size's word may open right after another size's number, "DP4EP4", whichever is read first)
    pattern = re.compile(rf"(?<![a-z{'' if glued else '0-9'}])(?:{body}){end}", re.IGNORECASE)
    digit_opens = _GLUED_DIGIT_OPENS if glued and digit_opens is DIGIT_OPENS else digit_opens
    return SetupWord(
        written,
        key,
        pattern,
        triggers,
        starts,
        digit_opens,
        _starts_pattern(starts) if len(starts) > 8 else None,
    )


def _starts_pattern(starts: tuple[str, ...]) -> re.Pattern[str]:
    """Every place one of `starts` opens a word (after a character no match's look-behind allows before it): each
    match is that character, the start looked ahead for. A start inside a word ("b2" in "gb200", "fp" in "nvfp4")
    opens no match; tried at every letter that opens a start, the pass cost more than at the blanks and marks
    before words (a quarter of a line's characters). A pattern that opens with a look-ahead is tried at every
    character; one that opens with a character of a set lets the engine skip to the next such character."""
    firsts: dict[str, list[str]] = {}
    for start in sorted(starts):
        firsts.setdefault(start[0], []).append(start[1:])
    ways = []
    for ch, rests in firsts.items():
        # (a start of one character stands wherever that character does: nothing to look ahead for)
        ahead = "" if "" in rests else f"(?={trie_pattern(rests)})"
        ways.append(re.escape(ch) + ahead)
    return re.compile(f"[^a-z0-9](?={'|'.join(ways)})")


def _word_starts(w: SetupWord, many: re.Pattern[str], low: str, pos: int) -> Iterator[int]:
    """Where one of the word's starts opens a word of `low`, from `pos` on (see _starts_pattern). Iterators of C, not
    a generator: the caller stops at the first place a match opens, and closing a generator early costs an
    exception."""
    ends = map(re.Match.end, many.finditer(low, max(pos - 1, 0)))
    return chain((0,), ends) if pos == 0 and low.startswith(w.starts) else ends


def search_word(w: SetupWord, text: str, pos: int = 0) -> re.Match[str] | None:
    """w.pattern.search(text, pos), trying the pattern only where one of the word's `starts` stands: a case-blind
    pattern that opens with a look-behind is tried at every character by the engine (25 us a line for "ep"),
    and most lines hold its trigger only inside other words ("step", "deep")."""
    low = lower_for_words(text) if w.starts or w.digit_opens is not None else None
    if low is None:
        return w.pattern.search(text, pos)
    best: re.Match[str] | None = (
        next(filter(None, (w.pattern.match(text, c.start()) for c in w.digit_opens.finditer(low, pos))), None)
        if w.digit_opens is not None
        else None
    )
    if w.many_starts is not None:  # the first place one stands where the match opens, up to the best found so far
        last = best.start() if best is not None else len(low)
        for at in _word_starts(w, w.many_starts, low, pos):
            if at > last or (m := w.pattern.match(text, at)) is not None:
                return best if at > last else m
        return best
    for start in w.starts:
        # only where a match would open before the best found so far (the leftmost is the search's)
        stop = best.start() + len(start) if best is not None else len(low)
        at = low.find(start, pos, stop)
        while at >= 0:
            m = w.pattern.match(text, at)
            if m is not None:
                best = m
                break
            at = low.find(start, at + 1, stop)
    return best


def finditer_word(w: SetupWord, text: str) -> Iterator[re.Match[str]]:
    """w.pattern.finditer(text), each match found by search_word from the end of the one before (as finditer goes
    on): the pattern is tried only where one of the word's beginnings stands, not at every character."""
    m = search_word(w, text)
    while m is not None:
        if m.end() == m.start():  # (no setup word matches empty; were one to, finditer's own step is kept)
            yield from w.pattern.finditer(text, m.start())
            return
        yield m
        m = search_word(w, text, m.end())


DIGIT_OPENS = re.compile(r"\d(?<![a-z0-9]\d)")
"""Where a word whose matches open with a number can open: at a digit ("8-shot", "16 concurrent", "8k ISL") with no
letter or digit right before it, which every word's look-behind refuses (make_word): most of a line's digits stand
inside a number or a name ("1234.5", "fp8"), and each was a match tried for nothing. The digit first, so the engine
skips to digits; looked behind after."""
_GLUED_DIGIT_OPENS = re.compile(r"\d(?<![a-z]\d)")
"""DIGIT_OPENS for a word that may open right after another number (make_word's `glued`)."""
