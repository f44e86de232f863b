"""Patterns rewritten to open with one character or class, which the regex engine skips to (issue 21, figure 2b): a
pattern whose alternatives open with classes, repeats or look-behinds is entered at every character of a text. Each
rewrite finds the same spans as the pattern as it was first written, on every fixture line and on made texts, from
several start and end positions (the readers search windows of a line)."""

from __future__ import annotations

import importlib
import re

import pytest
from _fixture_lines import fixture_lines

# (module, name, the pattern as first written)
REWRITTEN = [
    ("ledger.parsers.grammar.pairs", "_ANCHOR_RE", r"-{1,2}>|=>|[:=]"),
    ("ledger.parsers.support.lists", "_SENTENCE_END_RE", r"[.!?](?=\s+[A-Z'\"‘“(])|[.!?]$"),
    ("ledger.parsers.support.lists", "_SENTENCE_EVENT_RE", r"[(\[{)\]}]|[.!?](?=\s+[A-Z'\"‘“(])|[.!?]$"),
    # (a sentence may end inside its emphasis: "costs nothing.** With")
    ("ledger.parsers.prose.metrics", "_CLAUSE_BREAK_RE", r"[;.][*_]{0,2}(?:\s|$)|\s—\s|:\s"),
    ("ledger.parsers.prose.metrics", "METRIC_BREAK_RE", r"[;.][*_]{0,2}(?:\s|$)|\s—\s"),
]
MADE = [
    "a --> b -> c => d = e : f ---> g -- > h =>> i ->",
    "End. Next. (x) [y] {z} 'Q'. “R” ok! ‘s’? (A) end.",
    "a; b. c — d: e — f ; g:\th .\n",
    "x.",
    ".\tB",
    "—  — :",
]


@pytest.mark.parametrize(("module", "name", "written"), REWRITTEN)
def test_a_rewritten_pattern_finds_what_it_found_as_first_written(module: str, name: str, written: str) -> None:
    fast: re.Pattern[str] = getattr(importlib.import_module(module), name)
    first = re.compile(written)
    assert fast.pattern != written
    for text in [*fixture_lines(), *MADE]:
        for pos in (0, 1, 4):
            for end in (len(text), max(pos, len(text) - 2)):
                assert [m.span() for m in fast.finditer(text, pos, end)] == [
                    m.span() for m in first.finditer(text, pos, end)
                ], (name, text)
        assert fast.split(text) == first.split(text), (name, text)
