"""A model named by its family alone where a list of settings names it: "(DeepSeek NVFP4, 2xB300, TP=2)".

A family word by itself is usually no model ("the Qwen tokenizer", "llama : fuse rope"), but as the first item of a
bracketed list whose other items are a run's settings it is what that run served, its precision (if any) after it.
"""

from __future__ import annotations

import re

from ledger.vocab.models import FAMILY_PATTERN, NOT_A_FAMILY
from ledger.vocab.setup import qualifiers

# the list's first item: a capitalised family word, its version, a precision word; then a comma and more items, to the
# bracket's close or the line's end (a list wrapped onto the next line)
_LISTED_RE = re.compile(
    r"\((?P<family>(?:" + FAMILY_PATTERN + r")(?: ?v?\d{1,2}(?:\.\d{1,2})?)?)"
    r"(?P<word> [A-Za-z0-9_]{2,12})?, (?P<rest>[^()]{3,120})(?:\)|$)",
    re.IGNORECASE,
)


def listed_family(text: str) -> str | None:
    """The family a bracketed list of settings opens with ("(Qwen FP8, 4xH100, TP=4)" -> "Qwen"), where a word
    after it is a precision or nothing, and the list's other items state a board or a parallel size."""
    if "(" not in text or ", " not in text:
        return None
    for m in _LISTED_RE.finditer(text[:2000]):
        family = m.group("family")
        if not family[:1].isupper() or family.split()[0].lower() in NOT_A_FAMILY:
            continue
        if m.group("word") and "quant" not in qualifiers(m.group("word")):
            continue  # "(Qwen tokenizer, ...)": the family's part, no run
        if {"gpu", "tp", "ep", "pp", "dp"} & qualifiers(m.group("rest")).keys():
            return family
    return None
