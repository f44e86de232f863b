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

import bisect
import re

from ledger.parsers.base import Context
from ledger.parsers.reader.document import Block
from ledger.vocab.sides import side_of

_LABEL_LINE_RE = re.compile(r"^\s*(?P<label>[A-Za-z][\w ()/%.,-]{0,60}?)\s*:\s*[-+~]?\.?\d")
NEIGHBOURS = 3
"""How many side blocks before and after a block are its candidate siblings."""
MAX_SIBLING_LINES = 200
"""Blocks longer than this are not lined up (a log, not a side's summary)."""


_MEMO = "kv.siblings"
"""The ctx.memo slot of a document's side blocks, found once: (block, side label, labels by position)."""


def _side_blocks(ctx: Context) -> list[tuple[Block, str, list[str | None]]]:
    found = ctx.memo.get(_MEMO)
    if found is None:
        found = []
        for b in ctx.doc.blocks:
            if b.kind != "code" or b.end - b.start > MAX_SIBLING_LINES:
                continue
            rev = ctx.revision_at(b.start + 1)
            if rev is not None and rev.label and side_of(rev.label) is not None:
                found.append((b, rev.label, _labels(ctx, b)))
        ctx.memo[_MEMO] = found
    return found


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
    sides = _side_blocks(ctx)
    starts = ctx.memo.get(_MEMO + ".starts")
    if starts is None:
        starts = ctx.memo[_MEMO + ".starts"] = [b.start for b, _, _ in sides]
    k = bisect.bisect_right(starts, line) - 1
    if k < 0 or not sides[k][0].start < line < sides[k][0].end:
        return None
    own = sides[k]
    pos = line - own[0].start - 1
    mine = own[2]
    # the nearest blocks of another side, before and after: a comparison prints its sides next to each other
    near = [s for s in sides[max(0, k - NEIGHBOURS) : k + NEIGHBOURS + 1] if s[1] != own[1]]
    for _b, _label, theirs in sorted(near, key=lambda s: abs(s[0].start - own[0].start)):
        if pos >= len(theirs) or theirs[pos] is None:
            continue
        after = [(a, t) for a, t in zip(mine[pos + 1 :], theirs[pos + 1 :], strict=False) if a is not None]
        if all(a == t for a, t in after):
            return theirs[pos]
    return None
