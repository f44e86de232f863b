"""A result's own point inside the range its section spans: "across 3.5k–160k context" over a paragraph, then "e.g.
3.5k saturated ... matching the +17.5%": that result ran at 3.5k, not over the whole span. The sentence the result
stands in (wrapped over lines, as a paragraph is) names one bare length inside the range, never an end of a range
it writes itself."""

from __future__ import annotations

import re

from ledger.parsers.reader.document import Document

# a bare length ("3.5k", "32K"): not part of a range ("3.5k–160k"), a size ("32k vocab" is as much a length to
# this pattern, so the range's bounds decide) nor a name ("Qwen-32k")
_POINT_RE = re.compile(r"(?<![\w.–—/-])(?P<n>\d{1,3}(?:\.\d{1,2})?)[kK](?![\w.–—/-]| ?[–—] ?\d| to \d)")
_RANGE_RE = re.compile(r"^(?P<lo>\d{1,3}(?:\.\d{1,2})?)[kK]-(?P<hi>\d{1,3}(?:\.\d{1,2})?)[kK]$")
_SENTENCE_END_RE = re.compile(r"[.!?](?:\s|$)(?!\d)")
_MAX_LINES = 4
"""Lines a wrapped sentence is read back over."""


def own_point(doc: Document, line: int, config: dict[str, str]) -> dict[str, str]:
    """`config`, its range of lengths narrowed to the one point the sentence of the result on `line` names."""
    if "-" in config.get("isl", "") and (point := point_in_range(doc, line, config["isl"])) is not None:
        config["isl"] = point
    return config


def point_in_range(doc: Document, line: int, span: str) -> str | None:
    """The one bare length inside `span` ("3.5k-160k") the sentence of the result on `line` names, else None."""
    rm = _RANGE_RE.match(span)
    if rm is None or not 0 < line <= len(doc.lines):
        return None
    lo, hi = float(rm.group("lo")), float(rm.group("hi"))
    text = _cut_after(doc.line(line))
    for no in range(line - 1, max(0, line - _MAX_LINES - 1), -1):
        above = doc.line(no)
        if not above.strip() or above.lstrip().startswith(("#", "|", "- ", "* ", "```")):
            break
        ends = list(_SENTENCE_END_RE.finditer(above))
        text = (above[ends[-1].end() :] if ends else above) + " " + text
        if ends:
            break
    points = {m.group(0).lower() for m in _POINT_RE.finditer(text[:2000]) if lo <= float(m.group("n")) <= hi}
    return points.pop() if len(points) == 1 else None


def _cut_after(text: str) -> str:
    """The line up to its first sentence's end (what follows is another sentence's)."""
    m = _SENTENCE_END_RE.search(text)
    return text[: m.start()] if m else text
