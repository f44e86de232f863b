"""A list of words as one pattern nested by their shared prefixes ("t(?:ok(?:/s)?|ps)"), for the readers that look
for any of many words in every line: the engine tries the few branches that open with the character at hand
instead of every word in turn."""

from __future__ import annotations

import re
from collections.abc import Iterable


def trie_pattern(words: Iterable[str], lookahead: bool = False) -> str:
    """The longest of `words` that matches, as one regex nested by shared prefixes.

    It matches what the flat alternation of the words, longest first, matches. A word ends where a longer one may
    go on: the longer continuation is tried first (greedy `?`), so the longest word wins as in the flat list. With
    `lookahead`, a set test on the words' first characters opens it, which skips the branches where no word starts
    (for a case-blind pattern, whose engine cannot skip to a first character itself)."""
    words = tuple(words)
    root: dict[str, dict] = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:
        kids = [re.escape(ch) + emit(sub) for ch, sub in node.items() if ch]
        if not kids:
            return ""
        body = "|".join(kids)
        if "" in node:
            return f"(?:{body})?"
        return body if len(kids) == 1 else f"(?:{body})"

    if not lookahead:
        return emit(root)
    first = "".join(sorted({re.escape(w[0]) for w in words}))
    return f"(?=[{first}]){emit(root)}"
