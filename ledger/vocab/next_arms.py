"""The openings of a lead-in that announces the next arm of a series ("Next, Medusa heads on the same prompts:",
"Then with FP8 KV cache:", "With EAGLE-3 on:"): a word of sequence, or a preposition that adds a setting. A lead-in
without one ("Numbers from one H100 with Wren-8B:", "Few-shot gsm8k, 5 shots:") tells the whole thread's setup."""

from __future__ import annotations

import re

_NEXT_ARM_RE = re.compile(
    r"^[*_]{0,2}(?:(?:next|then|now|after that|afterwards|finally|lastly|second(?:ly)?|third(?:ly)?)\b"
    r"|(?:with|using|w/)\s)",
    re.IGNORECASE,
)


def opens_next_arm(text: str) -> bool:
    """The lead-in opens as the next arm of a series does (see the module docstring)."""
    return _NEXT_ARM_RE.match(text.lstrip()) is not None
