"""The words that state a cap on the tokens an eval's answers may run to ("the 256-token cap", "a limit of 1024
tokens", "max_tokens=512"), and, once a sentence has named such a cap, the other value it is set against ("At 1024
tokens, ..."): two caps in one passage are two arms of a setting, and a value paired across them compares the
settings, not the change (prose.setting_contrasts)."""

from __future__ import annotations

import re

# "256-token cap", "a 512 token limit", "cap of 1024 tokens", "max_tokens=256", "max tokens 2048"
_CAP_RE = re.compile(
    r"(?<![\w.])(?P<a>\d{2,6})[- ]?(?:output[- ])?tokens?[- ](?:cap|limit|budget|ceiling)\b|"
    r"\b(?:cap|limit|budget|ceiling)\s(?:of|at)\s(?P<b>\d{2,6})\s(?:output\s)?tokens\b|"
    r"\bmax[_ ](?:new[_ ])?tokens\s?[=:]?\s?`?(?P<c>\d{2,6})\b",
    re.IGNORECASE,
)
# "At 1024 tokens, ...", "with 2048 tokens": a cap's other value, read only where a cap is named
_AT_TOKENS_RE = re.compile(r"\b(?:at|with|to)\s(?P<n>\d{2,6})\s(?:output\s)?tokens\b", re.IGNORECASE)


def token_caps(text: str) -> list[tuple[int, str]]:
    """(offset, value) of each token cap `text` states, in order; the "at N tokens" values only where a cap is named
    too, and [] where fewer than two values are stated (one cap is the runs' setting, read elsewhere)."""
    named = [(m.start(), m.group("a") or m.group("b") or m.group("c")) for m in _CAP_RE.finditer(text)]
    if not named:
        return []
    found = sorted(named + [(m.start(), m.group("n")) for m in _AT_TOKENS_RE.finditer(text)])
    return found if len({v for _, v in found}) >= 2 else []
