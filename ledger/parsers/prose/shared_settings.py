"""One value stated for two settings at once, a claim for each setting.

    GSM8K strict/flexible 0.9553     <- both lm-eval filters scored 0.9553: filter=strict-match, filter=flexible-extract

A revision that states its filters apart ("GSM8K strict 0.9522; GSM8K flexible 0.9515") then pairs each of its two
with one of these, as a run stating both would; one claim without the filter could pair with neither. The settings
read so, and the words that name them, are vocab.list_settings.SHARED_SETTINGS'.
"""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers.reader.document import Document
from ledger.vocab.canonical import canon_value
from ledger.vocab.list_settings import SHARED_SETTINGS

_WINDOW = 60
"""How far before its value the two settings may stand."""


def _shared(line: str, c: Claim) -> tuple[str, str, str] | None:
    """(key, first, second) where the two settings stand right before the claim's value on its line."""
    text = c.source.text.strip()
    at = line.find(text) if text else -1
    if at <= 0 or "/" not in line[max(0, at - _WINDOW) : at]:
        return None
    before = line[max(0, at - _WINDOW) : at]
    for key, pattern in SHARED_SETTINGS:
        m = pattern.search(before)
        if m is not None and key not in c.config:
            a, b = canon_value(key, m.group(1)), canon_value(key, m.group(2))
            return (key, a, b) if a != b else None
    return None


def shared_settings(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, one stated for two settings of one key split into a claim for each (in the order written)."""
    out: list[Claim] = []
    for c in claims:
        one_line = c.kind == "accuracy" and c.source.line == c.source.line_end
        got = _shared(doc.line(c.source.line), c) if one_line else None
        if got is None:
            out.append(c)
            continue
        key, first, second = got
        out.append(c.model_copy(update={"config": {**c.config, key: first}}))
        out.append(c.model_copy(update={"config": {**c.config, key: second}}))
    return out
