"""The arm a sentence names as what another is measured against: "improvement over baseline (k8s)", "the router
against a plain Service", "new cache vs stock": the words after the comparing word (or inside the baseline's
parenthesis), for a table's arm columns to be matched with (tables.arm_grid). A word the phrase holds names that
arm, or an abbreviation of one of its words ("svc" for "Service"), never a phrase of its own."""

from __future__ import annotations

import re

# "over baseline (k8s)", "baseline: vanilla": the arm the text calls its baseline
_BASELINE_NAMED_RE = re.compile(r"\bbaseline\s?(?:\((?P<paren>[^()\n]{1,40})\)|:\s(?P<colon>[\w.-]{1,30}))", re.I)
# "against a plain Service", "compared with the stock engine", "vs k8s": the words right after the comparing word
_FILLER = frozenset({"a", "an", "the", "plain", "vanilla", "default", "stock", "baseline", "its", "our"})
_AGAINST_RE = re.compile(
    r"\b(?:against|versus|vs\.?|compared\s(?:to|with)|relative\sto|over)\s"
    r"(?:(?:" + "|".join(sorted(_FILLER)) + r")\s){0,3}"
    r"(?P<named>[\w.-]{1,30}(?:\s[\w.-]{1,30}){0,2})",
    re.IGNORECASE,
)
_WORD_RE = re.compile(r"[\w.-]{1,30}")


def baseline_words(text: str) -> list[list[str]]:
    """Each phrase of `text` that names a baseline arm, as its lower-case words (fillers left out), in order."""
    out: list[list[str]] = []
    head = text[:400]
    for m in _BASELINE_NAMED_RE.finditer(head):
        out.append(_words(m.group("paren") or m.group("colon") or ""))
    for m in _AGAINST_RE.finditer(head):
        out.append(_words(m.group("named")))
    return [w for w in out if w]


def _words(phrase: str) -> list[str]:
    return [w for w in (x.lower() for x in _WORD_RE.findall(phrase)) if w not in _FILLER]


def names_arm(word: str, phrase: list[str]) -> bool:
    """`word` (a column's arm word, lower case) is a word of the phrase, or the abbreviation of one: its letters in
    order, the first the same, three at least ("svc" of "service")."""
    return any(word == w or _abbreviates(word, w) for w in phrase)


def _abbreviates(short: str, word: str) -> bool:
    if len(short) < 3 or len(short) >= len(word) or not short.isalpha() or short[0] != word[0]:
        return False
    it = iter(word)
    return all(ch in it for ch in short)
