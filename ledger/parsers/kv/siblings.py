"""Side blocks that print the same lines: a value that lost its label takes its sibling's.

    main branch:            this PR:
    ```                     ```
    Accuracy: 0.951         0.952            <- "Accuracy", the label at the same place in the other side's block
    Invalid: 0.000          Invalid: 0.000
    ```                     ```

Two code blocks are siblings when each stands under a side of one comparison (a revision whose label names the
base or the candidate: "main branch:", "pr:", "# BEFORE"). The label is borrowed only where the sibling's line at
the same position is a "Label: value" line and the lines after it agree, label for label, as far as both go.
"""

from __future__ import annotations

import re

from ledger.parsers.base import Context
from ledger.parsers.reader.document import Block
from ledger.vocab.sides import side_of

_LABEL_LINE_RE = re.compile(r"^\s*(?P<label>[A-Za-z][\w ()/%.,-]{0,60}?)\s*:\s*[-+~]?\.?\d")
MAX_SIBLING_LINES = 200
"""Blocks longer than this are not lined up (a log, not a side's summary)."""


def _code_block(ctx: Context, line: int) -> Block | None:
    for b in ctx.doc.blocks:
        if b.kind == "code" and b.start <= line <= b.end:
            return b
        if b.start > line:
            break
    return None


def _labels(ctx: Context, block: Block) -> list[str | None]:
    out: list[str | None] = []
    for no in range(block.start + 1, min(block.end, block.start + MAX_SIBLING_LINES)):
        m = _LABEL_LINE_RE.match(ctx.doc.line(no))
        out.append(m.group("label").strip() if m else None)
    return out


def sibling_label(ctx: Context, line: int) -> str | None:
    """The label the other side's block prints where `line` (a bare value) stands in its own."""
    rev = ctx.revision_at(line)
    if rev is None or side_of(rev.label) is None:
        return None
    own = _code_block(ctx, line)
    if own is None or own.end - own.start > MAX_SIBLING_LINES:
        return None
    pos = line - own.start - 1
    mine = _labels(ctx, own)
    for b in ctx.doc.blocks:
        if b.kind != "code" or b is own or b.end - b.start > MAX_SIBLING_LINES:
            continue
        other = ctx.revision_at(b.start + 1)
        if other is None or other.label == rev.label or side_of(other.label) is None:
            continue
        theirs = _labels(ctx, b)
        if pos >= len(theirs) or theirs[pos] is None:
            continue
        after = [(a, t) for a, t in zip(mine[pos + 1:], theirs[pos + 1:], strict=False) if a is not None]
        if all(a == t for a, t in after):
            return theirs[pos]
    return None
