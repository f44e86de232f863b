"""How a name is cleaned before the vocabulary's tables read it, and a case-blind substring test."""

from __future__ import annotations

import re

_MARKUP_RE = re.compile(r"[*`]|\[(?=[^\]]{0,200}\]\()|\]\([^)]{0,300}\)")

MAX_NAME = 300
"""Metric names and config values are cut to this many characters before they are read."""


def clean_name(text: str) -> str:
    """Lower case, markup stripped, blanks collapsed: "**GSM8K**" -> "gsm8k"."""
    text = text[:MAX_NAME]
    if "*" in text or "`" in text or "[" in text or "]" in text:  # the only characters _MARKUP_RE can match
        text = _MARKUP_RE.sub("", text)
    return " ".join(text.lower().split())


CASE_ODD = ("\u0130", "\u0131", "\u017f", "\u212a")
"""İ ı ſ K: the only characters beyond ASCII that match an ASCII letter ignoring case or lower to ASCII
(tests/test_gates.py checks every code point). Without them, an ASCII word is in text.lower() exactly
when an IGNORECASE pattern of that word finds it in text."""


def lower_for_words(text: str) -> str | None:
    """text lowered, for substring tests standing in for IGNORECASE patterns of ASCII words; None where
    such a test could disagree with the pattern (ask the pattern there)."""
    if text.isascii() or not any(map(text.__contains__, CASE_ODD)):
        return text.lower()
    return None
