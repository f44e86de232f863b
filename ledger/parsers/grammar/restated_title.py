"""A title the description restates whole as its first text (a bot's or a template's body opens with the PR's title
again): one statement written twice, so the title's values are no claims of their own. The body's line is the one
kept: it is read as prose among the paragraphs it opens, where the title is read by the title's readers alone."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers.reader.document import Document

_SHORTEST = 24
"""A title shorter than this ("Results", "Benchmarks") may be a heading of the body too, no restatement."""


def without_restated_title(doc: Document, claims: list[Claim]) -> list[Claim]:
    """`claims` without the title line's where a text line of the document restates the title whole."""
    title = next((b for b in doc.blocks if b.kind == "heading"), None)
    if title is None or not any(c.source.line == title.start for c in claims):
        return claims
    said = " ".join(title.text.split())
    if len(said) < _SHORTEST:
        return claims
    if not any(b.kind == "text" and not b.in_code and " ".join(b.text.split()) == said for b in doc.blocks):
        return claims
    return [c for c in claims if c.source.line != title.start]
