"""The drafting methods a text names by a word with no digit in it ("EAGLE", "n-gram", "DSpark"): the spec_algo setup
word's triggers and openings, and the quick look for any setup word in a line without a digit, read from one list so
that a method added is found by both (DFlash once missed the quick look while the word knew it)."""

from __future__ import annotations

import re

METHOD_WORDS = ("eagle", "ngram", "n-gram", "medusa", "pard", "lookahead", "mtp", "dflash", "dspark", "hydra", "suffix")

_SPACED_RE = re.compile(r"[ -](?=\d$)|(?<=^n)-(?=gram$)")
"""The space or hyphen before a method's version digit ("eagle-3" is "eagle3"), and n-gram's ("ngram", vLLM's)."""


def unspaced_method(written: str) -> str:
    """ "EAGLE-3" -> "eagle3", "n-gram" -> "ngram": a method's name as one word, lower-cased."""
    return _SPACED_RE.sub("", written.lower())


HYBRID_PART = r"eagle3?|n-?gram|medusa|mtp|suffix|lookahead|dflash|dspark|hydra"
"""A method as one half of a hybrid that joins two by "-" or "+" ("ngram-eagle", "MTP+ngram")."""
