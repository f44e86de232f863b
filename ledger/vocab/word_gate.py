"""A case-blind pattern searched only in texts that hold one of the words every match of it holds.

    WordGate(re.compile(r"acc(?:uracy)?|exact[_ ]match|pass@\\d", re.IGNORECASE))   words: acc, exact, pass@

A case-blind alternation of many names is tried branch by branch at every character (30 us for a 30-character
metric name against the accuracy names); a substring test per word on the lowered text is a few hundred
nanoseconds, and most names hold none of the words. The words are read from the pattern itself, so they follow
its edits: every way through the pattern passes a run of ASCII literal characters, and one such run from each way
is a word. Exact where `lower_for_words` is (a text holding one of its four odd characters is searched whole);
a letter beyond ASCII joins a word only where the engine's case table gives it no second equal.
"""

from __future__ import annotations

import bisect
import copy
import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ledger.memo import SHORT
from ledger.vocab.first_chars import SRE, SRE_PARSE, dispatched, first_module  # the regex parser, found once
from ledger.vocab.text import lower_for_words
from ledger.vocab.trie import trie_pattern

_ODD_CASES: dict[int, tuple[int, ...]] | None = getattr(first_module("re._casefix"), "_EXTRA_CASES", None)
"""The engine's table of letters with a second case-blind equal ("µ" and "μ"); without it (Python 3.10), no letter
beyond ASCII joins a word."""

_FEW = 6
"""Up to this many words, a substring test each; more, one pattern of them all."""
_MIN_WORD = 2
"""An ASCII word shorter than this passes almost every text: such a pattern is searched whole."""
_REPEATS = {getattr(SRE, name, None) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")} - {None}


def required_words(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Lower-case ASCII strings one of which every match of `pattern` holds, ignoring case; None when some way
    through the pattern holds no run of two or more literal characters."""
    try:
        tree = SRE_PARSE.parse(pattern.pattern, pattern.flags)
    except Exception:  # no parser, or one of another shape: no gate, the pattern is searched whole
        return None
    words = _sequence(list(tree))
    # (a mark alone is word enough, "≥" or "=": it stands in few lines, where a letter or a digit stands in all)
    if not words or any(len(w) < _MIN_WORD and (w.isalnum() or w.isspace()) for w in words):
        return None
    return tuple(sorted(words))


def _sequence(items: list[tuple[Any, Any]]) -> set[str] | None:
    """What a sequence of items requires: its longest-worded requirement (a run of literals, or one mandatory
    item's). Items that match no fixed text (classes, anchors, look-arounds, optional parts) end a run; a look-ahead's
    requirement is the sequence's too (the text it looks at is the searched text's)."""
    best: set[str] | None = None
    run = ""

    def keep(found: set[str] | None) -> None:
        nonlocal best
        if found and (best is None or min(map(len, found)) > min(map(len, best))):
            best = found

    for op, av in items:
        if op is SRE.LITERAL and (ch := _lowered(av)) is not None:
            run += ch
            continue
        if op in _REPEATS and av[0] >= 1:
            inner = _literal_run(list(av[2]))
            if inner is not None:  # "b{2,}": one copy continues the run, and ends it
                keep({run + inner})
                run = ""
                continue
        keep({run} if run else None)
        run = ""
        if op is SRE.SUBPATTERN:
            keep(_sequence(list(av[-1])))
        elif op is SRE.BRANCH:
            ways = [_sequence(list(way)) for way in av[1]]
            if all(ways):
                keep(set().union(*ways))  # type: ignore[arg-type]
        elif op in _REPEATS and av[0] >= 1:
            keep(_sequence(list(av[2])))
        elif op is getattr(SRE, "ATOMIC_GROUP", None):
            keep(_sequence(list(av)))
        elif op is SRE.ASSERT and av[0] == 1:  # ("m5(?= laptop)": what a look-ahead sees, the match's text holds)
            keep(_sequence(list(av[1])))
    keep({run} if run else None)
    return best


def _literal_run(items: list[tuple[Any, Any]]) -> str | None:
    """The lowered text of a sequence of literals, else None."""
    chars = [_lowered(av) if op is SRE.LITERAL else None for op, av in items]
    return "".join(chars) if chars and None not in chars else None  # type: ignore[arg-type]


def _lowered(code: int) -> str | None:
    """A literal character as it stands in a lowered text, where every character the case-blind pattern takes
    for it lowers to it: ASCII (lower_for_words sets aside the four odd ones), or a letter that lowers to one
    character and has no other case-blind equal in the engine's table ("Δ"/"δ" yes; "µ", which also takes "μ",
    no)."""
    if code < 128:
        return chr(code).lower()
    low = chr(code).lower()
    if _ODD_CASES is None or len(low) != 1 or code in _ODD_CASES or ord(low) in _ODD_CASES:
        return None
    return low


class LoweredLines:
    """Texts lowered for the words (lower_for_words) and joined by newlines, with where each ends: what
    WordGate.lines_holding reads, found once for every gate asking of the same texts."""

    __slots__ = ("count", "ends", "joined", "unknown")

    def __init__(self, texts: Sequence[str]) -> None:
        lows = list(map(lower_for_words, texts))
        self.count = len(lows)
        self.unknown = frozenset(no for no, low in enumerate(lows, 1) if low is None)  # (no word test tells)
        self.joined = "\n".join(low or "" for low in lows)
        self.ends = list(itertools.accumulate(len(low or "") + 1 for low in lows))  # (one past each text's newline)

    def __len__(self) -> int:
        return self.count

    def with_unknown(self, changed: Iterable[int]) -> LoweredLines:
        """A copy in which the `changed` lines (from 1) are ones no word test tells, so every gate asks its pattern of
        them: a reader that rewrites a few lines between two gates' passes keeps one lowering for both."""
        out = copy.copy(self)
        out.unknown = self.unknown | frozenset(changed)
        return out


class WordGate:
    """A compiled pattern searched only in texts holding one of its required words (see the module docstring)."""

    __slots__ = ("_any_word", "pattern", "plain", "words")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.words = required_words(pattern)
        self.plain = _case_sensitive_copy(pattern)
        # many words: one case-sensitive pass over the lowered text, nested by shared prefixes, beats a
        # substring test per word (55 for the accuracy names)
        self._any_word = re.compile(trie_pattern(self.words)) if self.words and len(self.words) > _FEW else None

    def _holds_none(self, text: str) -> bool:
        if self.words is None:
            return False
        low = lower_for_words(text)
        if low is None:
            return False
        if self._any_word is not None:
            return self._any_word.search(low) is None
        return not any(map(low.__contains__, self.words))

    def _window_holds_none(self, text: str, pos: int, end: int) -> bool:
        """_holds_none(text[pos:end]), asked of the whole text's lowering (remembered: the readers ask windows of the
        same line, one around each of its numbers) rather than of each window lowered anew; a word lies inside the
        window exactly where the engine, bounded to it, finds it (lowering changes no character's neighbours' case
        but a Greek final sigma's, which no word holds)."""
        if pos <= 0 and end >= len(text):
            return self._holds_none(text)
        if self.words is None:
            return False
        # (a text too long to be remembered is not lowered whole for each of its windows)
        low = lower_for_words(text) if len(text) <= SHORT else None
        if low is None:
            return self._holds_none(text[pos:end])  # (the window may be free of the odd characters the text holds)
        if self._any_word is not None:
            return self._any_word.search(low, pos, end) is None
        return not any(map(low[pos:end].__contains__, self.words))

    def lines_holding(self, texts: Sequence[str] | LoweredLines) -> frozenset[int]:
        """The numbers (from 1) of the texts that may hold a match: those holding one of the words, and those a word
        test cannot tell (`_holds_none` false); every other text holds no match, so a reader walking a document's lines
        asks its pattern of these alone. One pass of the words over the lowered texts joined by newlines (no word holds
        one, so each word found lies in one text), where a test per line costs a pattern's call each; `texts` may come
        lowered and joined already (LoweredLines: once for every gate asking of the same lines)."""
        words = self.words
        if words is None or any("\n" in w for w in words):
            return frozenset(range(1, len(texts) + 1))
        low = texts if isinstance(texts, LoweredLines) else LoweredLines(texts)
        joined = low.joined
        if self._any_word is not None:  # (non-overlapping matches: one that overlaps a word lies in its text too)
            starts = [m.start() for m in self._any_word.finditer(joined)]
        else:
            starts = [at for w in words for at in _occurrences(joined, w)]
        out = set(low.unknown)
        ends = low.ends
        out.update(bisect.bisect_right(ends, at) + 1 for at in starts)
        return frozenset(out)

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        """The first match inside text[pos:endpos] (only the window is tested for the words): where there is a
        case-sensitive copy, found by it in the lowered text and matched by the pattern where it opens (the pattern's
        own match, with the text's letters), as finditer does."""
        end = len(text) if endpos is None else endpos
        words, any_word = self.words, self._any_word
        if words is None:
            pass
        elif pos <= 0 and end >= len(text):  # (_window_holds_none's test inline, without its frames: most asks)
            if (low := lower_for_words(text)) is not None and (
                any_word.search(low) is None if any_word is not None else not any(map(low.__contains__, words))
            ):
                return None
        elif (low := lower_for_words(text) if len(text) <= SHORT else None) is None:
            if self._holds_none(text[pos:end]):
                return None
        elif (
            any_word.search(low, pos, end) is None
            if any_word is not None
            else not any(map(low[pos:end].__contains__, words))
        ):
            return None
        low = lower_for_words(text) if self.plain is not None and len(text) <= SHORT else None
        if low is None or self.plain is None:
            return self.pattern.search(text, pos, end)
        m = self.plain.search(low, pos, end)
        return None if m is None else self.pattern.match(text, m.start(), end)

    def holds(self, text: str) -> bool:
        """Whether the pattern matches anywhere in text: where it has a case-sensitive copy (`plain`), that copy
        searched in the lowered text, which answers the same and costs half as much (a case-blind engine compares
        each character in both cases); the match itself is not given, its text being lowered."""
        low = lower_for_words(text)
        if low is None or self.plain is None:
            return self.search(text) is not None
        words = self.words
        if words is not None:  # (_holds_none's test on the lowering at hand, without its frame)
            any_word = self._any_word
            if any_word.search(low) is None if any_word is not None else not any(map(low.__contains__, words)):
                return False
        return self.plain.search(low) is not None

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[re.Match[str]]:
        """The matches inside text[pos:endpos] (each holds a word inside it: only the window is tested)."""
        end = len(text) if endpos is None else endpos
        if self._window_holds_none(text, pos, end):
            return iter(())
        # (as search: a text too long to be remembered is not lowered whole for each of its windows)
        low = lower_for_words(text) if self.plain is not None and len(text) <= SHORT else None
        if low is None or self.plain is None:
            return self.pattern.finditer(text, pos, end)
        # the copy's matches in the lowered text open where the case-blind pattern's open in the text, one after the
        # other as the engine walks both: matched there, each is the pattern's own match, with the text's letters
        return (self.pattern.match(text, m.start(), end) or m for m in self.plain.finditer(low, pos, end))


def _occurrences(text: str, word: str) -> Iterator[int]:
    """Where `word` first opens in each line of `text` that holds it (the search goes on from the next line)."""
    at = text.find(word)
    while at >= 0:
        yield at
        nl = text.find("\n", at)
        if nl < 0:
            return
        at = text.find(word, nl + 1)


_NAMED_RE = re.compile(r"\(\?P[<=]")
"""A group's name is no part of what it matches ("(?P<b2>gsm8k)")."""
_NOT_PLAIN_RE = re.compile(r"\(\?[aiLmsux-]|\\[xuUN0-7]")
"""Flags of its own inside a pattern, or a character written by its code ("\\x41" is "A", which lowering changes)."""


def _case_sensitive_copy(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """The pattern without IGNORECASE, where it finds in a text lowered by lower_for_words what the case-blind one
    finds in the text: written all in lower case (no "\\W" or "\\S", which are no "\\w" or "\\s"), nothing _NOT_PLAIN_RE
    finds, and every letter beyond ASCII one with no second case-blind equal ("δ"; not "µ", which takes "μ")."""
    text = pattern.pattern
    if not pattern.flags & re.IGNORECASE or _NAMED_RE.sub("", text) != _NAMED_RE.sub("", text).lower():
        return None
    if _NOT_PLAIN_RE.search(text):
        return None
    if any(ord(ch) > 127 and (_lowered(ord(ch)) != ch or ch in "σς") for ch in text):
        return None
    # (the engine tests the characters a match can open with where it would enter every alternative in turn)
    plain = pattern.flags & ~re.IGNORECASE
    return re.compile(dispatched(text, plain) or text, plain)
