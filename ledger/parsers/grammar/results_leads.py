"""What makes a paragraph a lead-in over results: the block under it is results (a table, a list, a paste, a line of
values), and a bare "Results:" whose paragraph just above names the side."""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.grammar.revision_labels import RESULT_LINE_RE
from ledger.parsers.grammar.sides import lead_side
from ledger.parsers.reader.document import Block, Document


def leads_results(blocks: list[Block], idx: int, nxt: Block | None = None) -> bool:
    """Whether the block after paragraph idx is results it may lead (a table, a list, a paste, a line of values), or
    a name line standing right under it over such results ("**main:**" / "**Qwen/Qwen3-8B**" / the paste: the name
    says what ran, the label above still says on which side); `nxt`: the block taken as the one after it."""
    if nxt is None:  # (given: the block after the tool's status lines under the label, tool_chatter's)
        nxt = blocks[idx + 1] if idx + 1 < len(blocks) else None
    if nxt is not None and _name_line(blocks[idx], nxt) and idx + 2 < len(blocks):
        after = blocks[idx + 2]
        nxt = after if after.start == nxt.end + 1 else nxt
    return nxt is not None and (
        nxt.kind in ("table", "item", "code") or (nxt.kind == "text" and RESULT_LINE_RE.match(nxt.text) is not None)
    )


# a line that is one emphasised or code name alone ("**Qwen/Qwen3-8B**", "`org/model`"): no sentence, no label
_NAME_LINE_RE = re.compile(r"(?:\*\*|`)[\w.:/@+-]{1,100}(?:\*\*|`)")


def _name_line(label: Block, nxt: Block) -> bool:
    """Whether nxt is a lone name line right under the label line (no blank line between them)."""
    return (
        nxt.kind == "text"
        and not nxt.in_code
        and nxt.start == nxt.end == label.end + 1
        and _NAME_LINE_RE.fullmatch(nxt.text.strip()) is not None
        and not nxt.text.rstrip("*`").endswith(":")
    )


_RESULTS_WORD_RE = re.compile(
    r"^\W{0,4}(?:(?:test|benchmark|bench|eval|new|our)\s{1,3})?(?:results?|numbers)"
    r"\W{0,4}:?\s*$",
    re.IGNORECASE,
)


def results_after_side(doc: Document, idx: int) -> Revision | None:
    """A bare "Results:" whose paragraph just above opens with the side ("With this fix, ..."): that side's."""
    block = doc.blocks[idx]
    if idx == 0 or not _RESULTS_WORD_RE.match(block.text):
        return None
    prev = doc.blocks[idx - 1]
    if prev.kind != "text" or prev.in_code or block.start - prev.end > 2:
        return None
    return lead_side(prev.text)
