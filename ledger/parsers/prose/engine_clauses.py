"""The engine a value's clause opens with, where a sentence reports one clause per engine: "vLLM reaches 812 ms TTFT
at rate 8, and 9,120 tok/s; SGLang 640 ms" -- 812 and 9,120 are vLLM's, 640 SGLang's, never the clause's before.

A part of a sentence runs from a ":" or ";" (or the sentence's start) to the next; it is an engine's where its first
words name one (vocab.engines). Only a sentence whose parts open with two engines or more is read so: a sentence
naming one engine ("SGLang reaches 2.1 s") says which engine the page is about, not a setting of its runs."""

from __future__ import annotations

import re

from ledger.parsers.grammar.line_setup import line_setup
from ledger.vocab.engines import engine_in_label

# where a part of a sentence begins: its start, or after a ":" / ";" / a sentence's stop
_PART_BREAK_RE = re.compile(r"[:;.!?](?:\s|$)")
# the first two words of a part, past the blanks and emphasis marks before them
_HEAD_RE = re.compile(r"[\s*_]{0,6}(?P<head>[A-Za-z][\w.+-]{0,30}(?:[ \t][A-Za-z][\w.+-]{0,30})?)")
_SENTENCE_END_RE = re.compile(r"[.!?](?:\s|$)")
_ENGINES_MIN = 2


def clause_engine(text: str, pos: int) -> dict[str, str]:
    """{"backend": engine, ...} for the value at `pos` of `text` when its part of the sentence opens with an engine's
    name and another part of the same sentence opens with another's, with the settings the part states before the
    value; {} otherwise."""
    if len(text) > 4000:
        return {}
    start = _sentence_start(text, pos)
    end = m.start() if (m := _SENTENCE_END_RE.search(text, pos)) else len(text)
    heads = _part_heads(text, start, end)
    if len(set(heads.values())) < _ENGINES_MIN:
        return {}
    part = max(s for s in (start, *(m.end() for m in _PART_BREAK_RE.finditer(text, start, pos))) if s <= pos)
    engine = heads.get(part)
    # (and what the part states before the value: "at request rate 8, and 9,120 tok/s" -- the 9,120 too)
    return {**line_setup(text[part:pos]), "backend": engine} if engine is not None else {}


def _sentence_start(text: str, pos: int) -> int:
    start = 0
    for m in _SENTENCE_END_RE.finditer(text, 0, pos):
        start = m.end()
    return start


def _part_heads(text: str, start: int, end: int) -> dict[int, str]:
    """Each part of text[start:end] (by where it begins) whose first words name an engine -> that engine, lowered
    as a backend's value is written ("vllm", "sglang")."""
    out: dict[int, str] = {}
    for s in (start, *(m.end() for m in _PART_BREAK_RE.finditer(text, start, end))):
        m = _HEAD_RE.match(text, s, end)
        if m is None:
            continue
        words = m.group("head")
        engine = engine_in_label(words.split(" ")[0]) or engine_in_label(words)
        if engine is not None and not engine.library:
            out[s] = engine.name.lower()
    return out
