"""The measure a page's emphasised caption line names for the results tables under it: a quantiser's results page
states once "*Average accuracy across `lambada_openai`, `hellaswag` and `mmlu`.*" over "### Table 1 ..." and
"### Table 2 ...", whose rows name recipes ("Ours 4.5-bit", "BF16") and whose columns name models, so no cell of
them names the measure. The caption holds from its line down to the next caption, or to a heading of a higher rank
than the table's own (a new part of the page)."""

from __future__ import annotations

import re

from ledger.parsers.base import Context
from ledger.parsers.reader.document import Block
from ledger.vocab.metrics import is_accuracy_name

# a line that is one emphasised phrase and nothing else ("*Mean accuracy over `arc_easy`, `boolq`.*")
_CAPTION_LINE_RE = re.compile(r"\s{0,3}(?:\*{1,2}(?P<star>[^*\n]{3,240})\*{1,2}|_(?P<bar>[^_\n]{3,240})_)\s*")
# the measure, then the tasks it is taken over ("Average accuracy across A, B and C")
_OVER_RE = re.compile(r"\s(?:across|over|on)\s", re.IGNORECASE)
_LIST_SPLIT_RE = re.compile(r",\s{0,3}(?:and\s{1,3})?|\s{1,3}and\s{1,3}")


def caption_measure(ctx: Context, block: Block) -> str | None:
    """The measure the nearest emphasised caption line above `block` names ("mean accuracy (arc_easy, boolq,
    openbookqa)"), None where none stands in the table's part of the page."""
    index = ctx.block_index(block)
    levels: list[int] = []  # (the headings between the caption and the table, nearest the table first)
    for i in range(index - 1, max(-1, index - 60), -1):
        above = ctx.doc.blocks[i]
        if above.kind == "heading":
            levels.append(above.level)
        if above.kind != "text" or above.start != above.end:
            continue
        caption = _CAPTION_LINE_RE.fullmatch(ctx.doc.line(above.start))
        if caption is None or not (named := _named_measure(caption.group("star") or caption.group("bar"))):
            continue
        # the caption's tables are those under the first heading after it and its siblings ("### Table 1",
        # "### Table 2"); a heading of a higher rank between ("## Serving speed") opens a part it does not caption
        return named if not levels or min(levels) >= levels[-1] else None
    return None


def _named_measure(body: str) -> str | None:
    """The caption's measure with what it is taken over, "Mean accuracy over `a`, `b` and `c`." -> "mean accuracy
    (a, b, c)"; None for a caption that opens on no accuracy measure (a figure's note, a remark)."""
    text = body.strip().rstrip(".").replace("`", "")
    parts = _OVER_RE.split(text, maxsplit=1)
    head = parts[0].strip()
    if not is_accuracy_name(head) or len(head.split()) > 4:  # ("Mean accuracy", not a sentence that says it)
        return None
    if len(parts) == 1:
        return head.lower()
    tasks = [t.strip() for t in _LIST_SPLIT_RE.split(parts[1][:200]) if t.strip()]
    return f"{head.lower()} ({', '.join(tasks)})" if tasks else head.lower()
