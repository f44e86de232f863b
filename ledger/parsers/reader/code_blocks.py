"""The inside of a code block: console output holds tables and result lines like any other text.

A code block is one block of its own; the tables and lines inside it are read again here as blocks
marked `in_code`, so extractors that read code whole skip them and the general readers read both.
"""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import MAX_LINE, Block, Document
from ledger.parsers.reader.directives import MYST_INFO_RE, options_end
from ledger.parsers.reader.quotes import quoted_fence, unquoted_lines
from ledger.parsers.tables.dialects import try_grid, try_table
from ledger.parsers.tables.grid import has_box, is_rule

FENCE_RE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
CLOSE_FENCE_RE = re.compile(r"^ {0,3}(?:`{3,}|~{3,})[ \t]*$")


def scan_code(doc: Document, start: int, end: int, sect: tuple[str, ...], info: str) -> None:
    """The tables and lines inside a code block (1-based lines start..end, fences included), as blocks
    of their own marked `in_code`: console output holds tables and results like any other text."""
    lines = unquoted_lines(doc, start, end) if quoted_fence(doc.line(start)) else doc.lines  # ("> ```")
    lo = start - 1
    hi = min(end, len(lines))
    if info != "indented":
        if lo < hi and FENCE_RE.match(lines[lo]):
            lo += 1  # the opening fence
        if MYST_INFO_RE.match(info):
            lo = options_end(lines, lo, hi)  # (a directive's options lay its content out: ":width: 80" is no result)
        if hi - 1 >= lo and CLOSE_FENCE_RE.match(lines[hi - 1]):
            hi -= 1  # the closing fence (an unclosed fence runs to the end of the document)
    blocks = doc.blocks
    k = lo
    while k < hi:
        raw = lines[k][:MAX_LINE]
        stripped = raw.strip()
        if not stripped:
            k += 1
            continue
        if "|" in raw or "\t" in raw or "+" in raw:
            first = len(blocks)
            j = try_table(doc, k, sect, hi)
            if j > k:
                for b in blocks[first:]:
                    b.in_code = True
                k = j
                continue
        if "  " in stripped or has_box(raw) or is_rule(raw):
            j = try_grid(doc, k, hi, sect, in_code=True, lines=lines)
            if j > k:
                k = j
                continue
        blocks.append(Block("text", k + 1, k + 1, sect, stripped, in_code=True))
        k += 1
