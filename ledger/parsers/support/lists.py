"""Sentences and the written lists of names in them, as support statements write them.

    A (DeepSeek-V3), B, C and D (footnote: SM100 only)  -> A (alias and note DeepSeek-V3), B, C and D (both
                                                          noted "SM100 only")
    Qwen2For{Reward,ProcessReward}Model                   -> Qwen2ForRewardModel, Qwen2ForProcessRewardModel
    Qwen2VL/Qwen2_5_VL                                    -> two names
    any diffusion architecture (LLaDA, Dream)             -> LLaDA, Dream (the names are in the parenthesis)

Every span is an offset into the text read, so the claims can point at the characters they came from.
Sentences end at a stop followed by a capital, never inside "V3.2" nor inside a bracket.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

_SENTENCE_END_RE = re.compile(r"[.!?](?:(?=\s+[A-Z'\"‘“(])|$)")
_SENTENCE_EVENT_RE = re.compile(r"[(\[{)\]}.!?](?:(?<=[(\[{)\]}])|(?=\s+[A-Z'\"‘“(])|$)")
"""A bracket, or a stop _SENTENCE_END_RE ends a sentence at (one character each: every one is found). Each opens
with its one class, which the engine skips to (alternatives opening with classes are tried at every character)."""
CLASS_RE = re.compile(
    r"\b[A-Z][A-Za-z0-9_]{0,60}For(?:[A-Z][A-Za-z0-9]{0,40}(?:\{[\w,]{1,80}\}[A-Za-z0-9]{0,40})?"
    r"|\{[\w,]{1,80}\}[A-Za-z0-9]{0,40})"
)
"""An architecture class name ("Qwen3ForCausalLM", "Qwen2For{Reward,ProcessReward}Model")."""
_NAME_RE = re.compile(r"^[A-Za-z0-9][\w.+-]{0,80}(?:\{[\w.+-]{1,40}(?:,[\w.+-]{1,40}){1,10}\}[\w.+-]{0,40})?$")
_MULTIWORD_NAME_RE = re.compile(r"^[A-Z][\w.+-]{0,40}(?: [A-Z0-9][\w.+-]{0,20}){1,2}$")
_CODE_MARKS_RE = re.compile(r"[`*]+")
_BRACE_RE = re.compile(r"^([^{}]*)\{([^{}]*)\}([^{}]*)$")
_FOOTNOTE_LABEL_RE = re.compile(r"^(?:footnote|note|see)\s*:\s*", re.IGNORECASE)


def sentences(text: str) -> Iterator[tuple[int, int]]:
    """Sentence spans, ending at a stop followed by a capital (never inside "V3.2" or "SM100+")."""
    start = depth = 0
    for m in _SENTENCE_EVENT_RE.finditer(text):  # only brackets and sentence stops change anything
        i = m.start()
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth:
                depth -= 1
        elif depth == 0:
            yield start, i
            start = i + 1
    if start < len(text):
        yield start, len(text)


def split_top(text: str, start: int, end: int, seps: tuple[str, ...]) -> list[tuple[int, int]]:
    """Spans of text[start:end] between separators outside brackets (", ", " and ", "; ")."""
    out: list[tuple[int, int]] = []
    depth = 0
    i = piece = start
    low = text[start:end].lower()
    nlow = len(low)
    # a separator can only start where its first character stands: visit those positions and the
    # brackets only (every other position changes nothing)
    firsts = _separator_firsts(seps)
    if firsts is None:
        events: Iterable[int] = range(start, end)
    else:
        events = sorted(
            {m.start() for m in _BRACKET_RE.finditer(text, start, end)}
            | {start + m.start() for m in firsts.finditer(low) if start + m.start() < end}
        )
    for pos in events:
        if pos < i:
            continue  # inside a separator just taken
        i = pos
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}" and depth:
            depth -= 1
        elif depth == 0:
            k = i - start
            hit = next((s for s in seps if low.startswith(s, k)), None) if k < nlow else None
            if hit:
                out.append((piece, i))
                piece = i + len(hit)
                i = piece
    out.append((piece, end))
    return [_strip_span(text, a, b) for a, b in out if text[a:b].strip(" ,;.")]


_BRACKET_RE = re.compile(r"[(\[{)\]}]")
_FIRSTS: dict[tuple[str, ...], re.Pattern[str] | None] = {}


def _separator_firsts(seps: tuple[str, ...]) -> re.Pattern[str] | None:
    """A pattern for the first characters of `seps` (None when one is empty: every position can start one)."""
    if seps not in _FIRSTS:
        _FIRSTS[seps] = re.compile("[" + "".join(sorted({re.escape(s[0]) for s in seps})) + "]") if all(seps) else None
    return _FIRSTS[seps]


def _strip_span(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a] in " \t,;":
        a += 1
    while b > a and text[b - 1] in " \t,;.":
        b -= 1
    low = text[a:b].lower()
    for word in ("and ", "or ", "plus "):
        if low.startswith(word):
            a += len(word)
            break
    return a, b


def _head_and_paren(item: str) -> tuple[str, str | None]:
    """ "Name (note)" -> ("Name", "note"); a trailing parenthetical only."""
    s = item.strip()
    if s.endswith(")") and "(" in s:
        depth = 0
        for i in range(len(s) - 1, -1, -1):
            if s[i] == ")":
                depth += 1
            elif s[i] == "(":
                depth -= 1
                if depth == 0:
                    return s[:i].strip(), s[i + 1 : -1].strip()
    return s, None


def _is_name(s: str) -> bool:
    if "/" in s and " " not in s:
        parts = s.split("/")
        return len(parts) <= 12 and all(_NAME_RE.match(p) for p in parts)
    return bool(_NAME_RE.match(s) or _MULTIWORD_NAME_RE.match(s))


def expand(name: str) -> list[str]:
    """`Qwen2For{Reward,ProcessReward}Model` -> both; `A/B/C` -> three (when each part is a name)."""
    m = _BRACE_RE.match(name)
    if m:
        return [m.group(1) + alt.strip() + m.group(3) for alt in m.group(2).split(",") if alt.strip()]
    if "/" in name and " " not in name:
        parts = [p for p in name.split("/") if p]
        if len(parts) > 1 and all(_NAME_RE.match(p) for p in parts):
            return parts
    return [name]


@dataclass
class Item:
    """A subject named in a list, with its note and the span it came from."""

    subject: str
    note: str | None
    start: int
    end: int
    aliases: tuple[str, ...] = ()


def list_items(text: str, start: int, end: int) -> list[Item]:
    """Names in a written list: commas and "and" separate; a trailing parenthetical is the note.

    In "A and B (note)" the note covers both names; in "A (note) and B" only A.
    """
    items: list[Item] = []
    for a, b in split_top(text, start, end, (", ", ",", "; ")):
        piece = _CODE_MARKS_RE.sub("", text[a:b])
        parts = [_head_and_paren(piece[x:y]) for x, y in split_top(piece, 0, len(piece), (" and ", " & "))]
        shared = parts[-1][1] if len(parts) > 1 and all(p is None for _, p in parts[:-1]) else None
        for head, paren in parts:
            paren = paren or shared
            note = _FOOTNOTE_LABEL_RE.sub("", paren).strip() if paren else None
            aliases: tuple[str, ...] = ()
            if paren and not _FOOTNOTE_LABEL_RE.match(paren):
                names = [p.strip() for p in paren.split(",")]
                if names and all(_is_name(p) for p in names):
                    aliases = tuple(names)
            if _is_name(head):
                expanded = expand(head)
                for e in expanded:
                    extra = f"expanded from {head}" if len(expanded) > 1 else None
                    items.append(Item(e, "; ".join(x for x in (note, extra) if x) or None, a, b, aliases))
            elif aliases and not head[:1].isupper():
                # "any diffusion text architecture (LLaDA, Dream, SDAR)": the names are in the parenthesis
                for alias in aliases:
                    items.append(Item(alias, head, a, b))
    return items
