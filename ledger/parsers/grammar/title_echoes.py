"""A description whose first line repeats the pull request's title word for word (a tool that fills the body from the
commit's subject; an archive that prints the title again over the body):

    # [Perf] Batch the refill: decode 1.31x faster                the title: its results read once, here
    kit · description · 2026-05-02
    [Perf] Batch the refill: decode 1.31x faster                  the same words: no second claim of them

The repeated line states nothing the title did not, so a value the title's line claimed (the same number and unit)
is not claimed again from it: one result, its provenance the title. A value only the repeat yields stays."""

from __future__ import annotations

import re

from ledger.model import Claim
from ledger.parsers.reader.document import Document

# markup and spacing that tell a heading from the same words in a paragraph ("# ", "**", "`", runs of spaces)
_MARKUP_RE = re.compile(r"[#*_`>\s]+")
_MIN_TITLE = 12
"""A title shorter than this ("Results", "Perf") may be any line's words: no line is its repeat."""


def _plain(text: str) -> str:
    return _MARKUP_RE.sub(" ", text[:600]).strip().casefold()


def _title_line(doc: Document) -> int:
    """The line of the page's title: its first heading, where that is of level 1 (0: none)."""
    first = next((b for b in doc.blocks if b.kind == "heading" and not b.in_code), None)
    return first.start if first is not None and first.level == 1 else 0


def without_title_echo(doc: Document, claims: list[Claim]) -> list[Claim]:
    """`claims` without those of a line repeating the title (see the module) whose value the title's line claimed."""
    title = _title_line(doc)
    said = {(c.value, c.unit) for c in claims if c.source.line == title and c.value is not None}
    if not said:
        return claims
    words = _plain(doc.line(title))
    if len(words) < _MIN_TITLE:
        return claims
    echoes = {c.source.line for c in claims if c.source.line > title and (c.value, c.unit) in said}
    echoes = {no for no in echoes if _plain(doc.line(no)) == words}
    if not echoes:
        return claims
    return [c for c in claims if c.source.line not in echoes or (c.value, c.unit) not in said]
