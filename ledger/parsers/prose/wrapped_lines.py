"""The words a hard-wrapped sentence carries over its line breaks, for the prose reader of one line.

Editors wrap a paragraph at about 80 columns, so "the baseline gains +8.8-10.3%" may end one line and "saturated
throughput and ..." open the next: the measure of the first line's value is on the second, and the second line's
first value may be named by the end of the first. The prose reader reads one line at a time (a claim's provenance
is its own line's span), so each line is read with the sentence that runs into it and out of it as context: the end
of the line before, from its last sentence break, and the start of the line after, to its first sentence break (the
values there are read on their own line, with this one as their context). Only within one paragraph or list item:
never across a blank line, a list item's start, a heading, a table, a code block, nor from a line that ends its
sentence or is too short to have been wrapped, nor into a line that opens a sentence or a record of its own.

Apart from sentences.py because this reads the document's neighbouring lines; sentences reads one line's numbers.
"""

from __future__ import annotations

import re

from ledger.parsers.base import Context
from ledger.parsers.prose.metrics import METRIC_BREAK_RE

WRAP_COLUMN = 60
"""A line shorter than this ended where its author ended it (a label, a short line of a pasted result), not where an
editor wrapped it: editors wrap at 72 to 100 columns."""
_CONTEXT_MAX = 240
"""At most this much of a neighbouring line is context (what metric_before and the clause readers look back over)."""
_ENDS = frozenset(".!?:;|`")
"""The marks a line whose sentence ends with it ends on: a stop, a colon (a lead-in to what follows), a table's or a
code's mark (after any emphasis)."""
_QUOTE_RE = re.compile(r"^\s{0,3}(?:>\s?){1,4}")
# a line that opens a sentence or a record of its own: a plain capitalised word ("The", "Decode", "Acceptance"; a name
# with a digit or a capital inside, "GLM-5.2", "TTFT", "DeepSeek", may go on a sentence), a log line's bracket
_OPENS_RE = re.compile(r"[A-Z][a-z]+\b(?![-.'’]?\w)|\[")


def wrapped_context(ctx: Context, line: int) -> tuple[str, str]:
    """The end of the sentence the line before runs into `line` with, and the start of the one `line` runs on into
    the line after with (each "" where there is none): see the module."""
    return _before(ctx, line), _after(ctx, line)


def _prose_line(ctx: Context, line: int) -> str | None:
    """The line's text without its quote marks, where it is a line of prose (a paragraph's or a list item's own
    line, outside code), else None."""
    if line < 1 or line > len(ctx.doc.lines):
        return None
    block = ctx.block_at(line)
    if block is None or block.start != line or block.kind not in ("text", "item") or block.in_code:
        return None
    raw = ctx.doc.line(line)
    return raw[m.end() :] if (m := _QUOTE_RE.match(raw)) else raw


def _wrapped(text: str) -> bool:
    """The line runs on into the next: long enough to have been wrapped, and not at its sentence's end."""
    body = text.rstrip()
    return len(body) >= WRAP_COLUMN and body.rstrip("*_")[-1:] not in _ENDS


def _continues(ctx: Context, line: int) -> str | None:
    """The text of `line` where it goes on with the sentence of the line above: a paragraph's line (no list item's
    start) that opens neither a sentence nor a record of its own, nor with the same word as the line above (two
    lines of one log, "Decode 0. ..." over "Decode 1. ...", are records, whatever their length)."""
    text = _prose_line(ctx, line)
    block = ctx.block_at(line)
    if text is None or block is None or block.kind != "text" or not (body := text.strip()):
        return None
    if _OPENS_RE.match(body) or _first_word(body) == _first_word(_prose_line(ctx, line - 1) or ""):
        return None
    return text


_FIRST_WORD_RE = re.compile(r"\s{0,12}(?:[-*+]\s{1,4})?(\S{1,40})")


def _first_word(text: str) -> str:
    m = _FIRST_WORD_RE.match(text)
    return m.group(1) if m else ""


def _before(ctx: Context, line: int) -> str:
    # (the line above asked first whether it was wrapped: most are too short, and whether this line goes on with
    # it reads both lines' first words)
    prev = _prose_line(ctx, line - 1)
    if prev is None or not _wrapped(prev) or _continues(ctx, line) is None:
        return ""
    prev = prev.rstrip()
    start = max(0, len(prev) - _CONTEXT_MAX)
    for m in METRIC_BREAK_RE.finditer(prev, start):
        start = m.end()
    return prev[start:].strip() + " "


def _after(ctx: Context, line: int) -> str:
    own = _prose_line(ctx, line)
    if own is None or not _wrapped(own):
        return ""
    nxt = _continues(ctx, line + 1)
    if nxt is None:
        return ""
    nxt = nxt.strip()[:_CONTEXT_MAX]
    stop = METRIC_BREAK_RE.search(nxt)
    return " " + (nxt[: stop.start() + 1] if stop is not None else nxt)
