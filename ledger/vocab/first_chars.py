"""Where a case-sensitive pattern's matches can open, for the copies the word gates search in lowered text
(vocab.word_gate): the class of characters a match opens with, and an alternation dispatched on it.

A pattern whose alternatives open with look-behinds, groups or anchors ("\\bmmlu|_mmlu|(?P<b2>gsm8k)|...") gives the
engine no first character to skip to: it enters every alternative in turn at every character of the text. Behind a
look-ahead on the class of first characters it enters them only where one can open; dispatched by that character,
only the alternatives that open with it, in their order (so the same alternative wins at each place, and the same
matches follow one another)."""

from __future__ import annotations

import functools
import importlib
import re
from typing import Any


def first_module(*names: str) -> Any:
    """The first of the modules that imports (the regex parser's are private, and were renamed in Python 3.11)."""
    for name in names:
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    return None


SRE = first_module("re._constants", "sre_constants")
SRE_PARSE = first_module("re._parser", "sre_parse")
_REPEATS = {getattr(SRE, name, None) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")} - {None}
_FEW_ALTERNATIVES = 8
"""Fewer alternatives than this are not grouped: the few texts holding a gate's word are searched behind the look-ahead
(grouping every gate's copy cost the import more than it saved the extraction)."""
_CLASS_ESCAPES = {"CATEGORY_DIGIT": r"\d", "CATEGORY_SPACE": r"\s"}
"""The categories a first character's class may hold and stay selective (a word character stands nearly anywhere)."""


@functools.lru_cache(maxsize=8)
def _parsed(pattern: str, flags: int) -> list[tuple[Any, Any]] | None:
    """The pattern's parsed items (parsed once for first_chars and skips: a long alternation costs milliseconds)."""
    try:
        return list(SRE_PARSE.parse(pattern, flags))
    except Exception:  # a parser of another shape: nothing known
        return None


def first_chars(pattern: str, flags: int = 0) -> set[str] | None:
    """The class items ("a", "0-9", "\\d") of every character a match of `pattern` can open with, None where that is
    not known or some match may be empty."""
    items = _parsed(pattern, flags)
    found = None if items is None else _first(items)
    if found is None or found[1] or not found[0]:
        return None
    return found[0]


def first_class(pattern: str, flags: int = 0) -> str | None:
    """first_chars as a character class ("[bgm_]" for "\\bmmlu|_mmlu|gsm8k|bench"), None where not known."""
    found = first_chars(pattern, flags)
    return None if found is None else "[" + "".join(sorted(found)) + "]"


def skips(pattern: str, flags: int = 0) -> bool:
    """Whether the engine finds where a case-sensitive pattern's matches can open by itself, as written: it opens
    with a character or a class (in a group or not), or with alternatives that each open with a character. The
    engine skips to such a place; behind a look-ahead, or opening with a look-behind, it is entered at every one."""
    items = _parsed(pattern, flags) or []
    while items and items[0][0] is SRE.SUBPATTERN and not items[0][1][1] and not items[0][1][2]:
        items = list(items[0][1][3])  # (a group of its own flags is read by other rules: not looked into)
    if not items or flags & re.IGNORECASE:
        return False
    op, av = items[0]
    if op is SRE.BRANCH:
        return all(way and way[0][0] is SRE.LITERAL for way in av[1])
    return op in (SRE.LITERAL, SRE.IN)


def dispatched(pattern: str, flags: int = 0) -> str | None:
    """`pattern` (case-sensitive) with every alternative of its top level opening with its first character, grouped
    by it in their order ("g(?:sm8k|pqa)|m(?:(?<=\\bm)mlu|mmu)" for "gsm8k|\\bmmlu|gpqa|mmmu"): the engine skips to
    the characters that open one, and tries there only those that open with it, so the same alternative wins at
    each place and the same matches follow one another (its groups are not kept: a copy's matches are read for where
    they stand). Where some alternative cannot be written so, the pattern behind a look-ahead on its first
    characters; None where these are not known."""
    first = first_class(pattern, flags)
    if first is None or skips(pattern, flags):
        return None  # (one the engine skips through as written: a look-ahead before it would only slow it)
    ways = top_alternatives(pattern)
    if ways is None or len(ways) < _FEW_ALTERNATIVES or re.search(r"\(\?P=|\\\d|\(\?\(", pattern):
        return f"(?={first})(?:{pattern})"  # (a back-reference or a condition needs its groups)
    groups: dict[str, list[str]] = {}
    spread: list[list[str]] = []
    for way in ways:
        spread += _spread(_tokens(_without_groups(way)) or [])
    for tokens in spread if len(spread) <= _MOST_ALTERNATIVES else ():
        opened = _opened(tokens)
        if opened is None:
            break
        groups.setdefault(opened[0], []).append(opened[1])
    else:
        if spread:
            return "|".join(f"{ch}(?:{'|'.join(rests)})" for ch, rests in groups.items())
    return f"(?={first})(?:{pattern})"


_MOST_ALTERNATIVES = 400
"""Spread into more alternatives than this, a pattern stays as written (behind its look-ahead)."""


def _prefix_end(tokens: list[str]) -> int:
    """Where the zero-width assertions opening `tokens` (word boundaries, look-behinds) end."""
    k = 0
    while k < len(tokens):
        if tokens[k] in _ZERO_WIDTH:
            k += 1
        elif tokens[k] in ("(?<=", "(?<!"):
            k = _close(tokens, k) + 1
        else:
            break
    return k


def _close(tokens: list[str], k: int) -> int:
    """The index of the ")" that closes the group opened at tokens[k]."""
    depth = 0
    for j in range(k, len(tokens)):
        depth += tokens[j].startswith("(") - (tokens[j] == ")")
        if depth == 0:
            return j
    return len(tokens) - 1


def _spread(tokens: list[str]) -> list[list[str]]:
    """An alternative whose first item (after its assertions) is a group of alternatives, optional or not, as the
    alternatives it tries in turn: "(?:a|b)?c" -> "ac", "bc", "c" (the greedy "?" tries the group first); others
    as they are."""
    k = _prefix_end(tokens)
    if k >= len(tokens) or tokens[k] != "(?:":
        return [tokens]
    close = _close(tokens, k)
    after = tokens[close + 1 :]
    optional = after[:1] == ["?"] and after[1:2] != ["?"]
    if after[:1] and after[0][0] in _QUANTIFIERS and not optional:
        return [tokens]  # ("(?:ab)+": a repeat is not spread)
    rest = after[1:] if optional else after
    ways: list[list[str]] = [[]]
    depth = 0
    for tok in tokens[k + 1 : close]:
        if tok == "|" and depth == 0:
            ways.append([])
            continue
        depth += tok.startswith("(") - (tok == ")")
        ways[-1].append(tok)
    out: list[list[str]] = []
    for way in [*ways, *([[]] if optional else [])]:
        out += _spread(tokens[:k] + way + rest)
        if len(out) > _MOST_ALTERNATIVES:
            break
    return out


_ZERO_WIDTH = ("\\b", "\\B", "^")
"""Assertions an alternative may open with, asserted after its first character instead ("^acc" -> "a(?<=^a)cc")."""
_QUANTIFIERS = ("*", "+", "?", "{")
_SPECIAL = set(".^$*+?{}[]|()\\")


def _opened(tokens: list[str]) -> tuple[str, str] | None:
    """An alternative (as tokens) as its first character and what follows it, the word boundaries and look-behinds
    before that character asserted after it ("\\bmmlu" -> ("m", "(?<=\\bm)mlu")); None where it opens otherwise."""
    k = _prefix_end(tokens)
    prefix = "".join(tokens[:k])
    if k >= len(tokens) or not _literal(tokens[k]) or (k + 1 < len(tokens) and tokens[k + 1][0] in _QUANTIFIERS):
        return None
    ch = tokens[k]
    rest = "".join(tokens[k + 1 :])
    return ch, (f"(?<={prefix}{ch}){rest}" if prefix else rest)


def _literal(token: str) -> bool:
    """A token that matches one character, itself: "a", "-", "\\[" (not a class, an escape like "\\d", a group)."""
    if len(token) == 1:
        return token not in _SPECIAL
    return len(token) == 2 and token[0] == "\\" and not token[1].isalnum()


def _first(items: list[tuple[Any, Any]]) -> tuple[set[str], bool] | None:
    """What a sequence of items can open with (class items), and whether it can match nothing; None: unknown."""
    out: set[str] = set()
    for op, av in items:
        if op in (SRE.AT, SRE.ASSERT, SRE.ASSERT_NOT):
            continue  # (zero-width: the first character is the next item's)
        if op is SRE.LITERAL:
            return out | {re.escape(chr(av))}, False
        if op is SRE.IN:
            members = _class_items(av)
            return (out | members, False) if members is not None else None
        if op is SRE.SUBPATTERN and not av[1] and not av[2]:
            ways = [list(av[3])]
        elif op is SRE.BRANCH:
            ways = [list(way) for way in av[1]]
        elif op in _REPEATS:
            ways = [list(av[2])]
        else:
            return None  # any character, a back-reference, ...
        nullable = op in _REPEATS and av[0] == 0
        for way in ways:
            got = _first(way)
            if got is None:
                return None
            out |= got[0]
            nullable = nullable or got[1]
        if not nullable:
            return out, False
    return out, True


def _class_items(items: list[tuple[Any, Any]]) -> set[str] | None:
    """A class's items as class source ("a", "0-9", "\\d"); None for a negated class or a broad category."""
    out: set[str] = set()
    for op, av in items:
        if op is SRE.LITERAL:
            out.add(re.escape(chr(av)))
        elif op is SRE.RANGE:
            out.add(f"{re.escape(chr(av[0]))}-{re.escape(chr(av[1]))}")
        elif op is SRE.CATEGORY and str(av) in _CLASS_ESCAPES:
            out.add(_CLASS_ESCAPES[str(av)])
        else:
            return None
    return out


def _tokens(pattern: str) -> list[str] | None:
    """The pattern's source as tokens: an escape ("\\b"), a whole class ("[^a-z]"), a group's opening ("(",
    "(?:", "(?P<name>", "(?<!"), or one character; None where a class is left open."""
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i : i + 2])
            i += 2
        elif ch == "[":
            j = i + 1
            if j < n and pattern[j] == "^":
                j += 1
            if j < n and pattern[j] == "]":
                j += 1  # ("[]a]": a first "]" is a member)
            while j < n and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            if j >= n:
                return None
            out.append(pattern[i : j + 1])
            i = j + 1
        elif ch == "(" and pattern.startswith("(?P<", i):
            j = pattern.index(">", i)
            out.append(pattern[i : j + 1])
            i = j + 1
        elif ch == "(" and pattern.startswith("(?", i):
            k = 3 if pattern[i + 2 : i + 3] in ("<", "P") and pattern[i + 3 : i + 4] in ("=", "!") else 2
            out.append(pattern[i : i + k + 1])
            i += k + 1
        else:
            out.append(ch)
            i += 1
    return out


def top_alternatives(pattern: str) -> list[str] | None:
    """ "a|b(?:c|d)|[|]" -> ["a", "b(?:c|d)", "[|]"]: the alternatives of the pattern's top level (one: none)."""
    tokens = _tokens(pattern)
    if tokens is None:
        return None
    ways: list[str] = []
    depth, start, pos = 0, 0, 0
    for tok in tokens:
        if tok.startswith("("):
            depth += 1
        elif tok == ")":
            depth -= 1
        elif tok == "|" and depth == 0:
            ways.append(pattern[start:pos])
            start = pos + 1
        pos += len(tok)
    ways.append(pattern[start:])
    return ways if len(ways) > 1 else None


def _without_groups(pattern: str) -> str:
    """The pattern with its capturing groups made non-capturing (an alternative written twice keeps no name)."""
    tokens = _tokens(pattern) or []
    return "".join("(?:" if tok == "(" or tok.startswith("(?P<") else tok for tok in tokens)
