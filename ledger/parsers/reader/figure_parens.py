"""The parentheses a line's figures keep for themselves: in "about 5% (empty cache) to 12% (a context of 32k tokens)
improvement", each bracket right after a figure states that figure's condition, so its setup words (the 32k context)
are the top end's alone and never the line's. The line's other words still speak for all its figures.

A bracket after a figure is the figure's own when another figure follows it across a joint ("to", "and", "vs", a
dash, a comma): then every bracket after a figure on that line is its figure's. A single bracket at the end
("1200 vs 900 tok/s (TP=2)") may speak for the whole line and stays in it."""

from __future__ import annotations

import re

# a figure (a digit, perhaps its percent or times sign) and the bracket right after it
_FIGURE_PAREN_RE = re.compile(r"(?<=\d)(?:[ \t]?[%x×])?[ \t]?\((?P<cond>[^()\n]{1,60})\)")
# what joins that bracket to a next figure: "to", "and", "vs", a dash or a comma, then the figure
_NEXT_FIGURE_RE = re.compile(r"[ \t]{0,2}(?:to|and|vs\.?|versus|-|–|,)[ \t]{0,2}[~≈+-]?[ \t]?\d", re.IGNORECASE)


# a figure up to its own bracket: the number, perhaps its sign or tilde before and its percent or times sign after
_OWN_FIGURE_RE = re.compile(r"[~≈+-]?[ \t]?\d[\d.,]{0,20}(?:[ \t]?[%x×])?[ \t]?")


def figure_parens(text: str) -> dict[int, int]:
    """The brackets `text`'s figures keep for themselves, each opening's column to its end, or none when no bracket
    of a figure is followed by another figure. (The last text's answer is kept: every value of a long sentence asks.)"""
    if "(" not in text:
        return {}
    if _LAST[0] is text:
        return _LAST[1]
    spans = {m.start("cond") - 1: m.end() for m in _FIGURE_PAREN_RE.finditer(text)}
    if not any(_NEXT_FIGURE_RE.match(text, end) for end in spans.values()):
        spans = {}
    _LAST[:] = [text, spans]
    return spans


_LAST: list = [None, {}]


def others_bracket(text: str, spans: dict[int, int], pos: int, at: int) -> bool:
    """The bracket opening at `at` is another figure's than the one starting at `pos` (`spans`: figure_parens)."""
    return at in spans and _OWN_FIGURE_RE.fullmatch(text, pos, at) is None


def without_figure_parens(text: str) -> str:
    """`text` with the brackets its figures keep for themselves blanked (spaces, so every column stays), or `text`
    itself when no bracket of a figure is followed by another figure."""
    spans = figure_parens(text)
    if not spans:
        return text
    out = list(text)
    for start, end in spans.items():
        out[start:end] = " " * (end - start)
    return "".join(out)
