"""The board a heading names by its family's word alone ("# Qwen3 30B - RTX Configurations (TP/PP)"), where the
page names exactly one board of that family (its hardware list: "- RTX 6000 Pro Blackwell Server Edition"): that
board. A family two boards of the page share ("RTX 4090", "RTX 3090") names none of them.

The family is the first word of a board's name of several words, letters only ("RTX" of "RTX 6000", "Gaudi" of
"Gaudi 3", "Jetson" of "Jetson AGX Orin"); a board named by one word ("H100") has no family word to be named by.
"""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Document
from ledger.vocab.setup import qualifiers
from ledger.vocab.text import has_digit_char

_FAMILY_RE = re.compile(r"(?P<family>[A-Za-z]{2,12})[ -]\S")
_DERIVED = "family_boards"
_MAX_LINES = 2_000
"""Prose lines read for boards (a page's hardware list stands near its top)."""


def family_board(doc: Document, title: str) -> str | None:
    """The page's one board of the family a heading names by its word alone, else None (a heading that names a
    board of its own is read for that board, not here)."""
    boards = _page_families(doc)
    if not boards:
        return None
    words = {w.lower() for w in re.findall(r"[A-Za-z]{2,12}", title[:300])}
    found = {boards[w] for w in words if w in boards}
    return found.pop() if len(found) == 1 else None


def _page_families(doc: Document) -> dict[str, str]:
    """Each family word (lowered) the page's prose names exactly one board of, to that board (read once a page)."""
    got = doc.derived.get(_DERIVED)
    if got is not None:
        return dict(got)
    seen: dict[str, set[str]] = {}
    lines = [n for b in doc.blocks if b.kind in ("text", "item") and not b.in_code for n in range(b.start, b.end + 1)]
    for no in lines[:_MAX_LINES]:
        text = doc.line(no)[:400]
        if not has_digit_char(text):
            continue
        board = qualifiers(text).get("gpu")
        if board and (m := _FAMILY_RE.match(board)) is not None:
            family = m.group("family").lower()
            seen.setdefault(family, set()).add(board)
            # (one line may name two boards of one family, "RTX 4090 and RTX 3090": each counts)
            others = re.findall(rf"(?i)\b{m.group('family')}[ -]?([A-Za-z]{{0,2}}\d\w{{0,8}})", text)
            seen[family].update(f"{family} {o.lower()}" for o in others if o.lower() not in board.lower())
    out = {family: next(iter(names)) for family, names in seen.items() if len(names) == 1}
    doc.derived[_DERIVED] = out
    return dict(out)
