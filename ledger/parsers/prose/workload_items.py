"""A list item labelled as the workload a run replayed holds that workload's settings, not results:

    - **Dataset:** ShareGPT replay (9,000 requests, 1.5x replay speed, 40% cache ratio)
    - **Workload:** synthetic chats at 1.25x speedup with 30% prefix overlap

"1.5x" is how fast the trace was replayed and "40%" how much of it the cache could hold, both chosen before the
run; the results stand in other items ("- **Results:** 55% lower TTFT"). A measure named right before a value in
such an item ("Dataset: X, TTFT 120 ms") is still a result, and so is every value of an item that states a comparison
("- Dataset: gsm8k, eager mode, 9% gain over main": measured on that workload)."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number
from ledger.vocab.workload_labels import COMPARED_WORDS_RE, WORKLOAD_LABELS

# "- **Dataset:** ...", "* Workload: ...", "- __Trace__: ...": a list item's label and its colon, bold or not
_ITEM_LABEL_RE = re.compile(
    r"[ \t>]{0,8}[-*+•][ \t]{1,4}(?:\*\*|__)?(?P<label>[A-Za-z][A-Za-z -]{0,30}?)[ \t]{0,2}"
    r"(?::[ \t]{0,2}(?:\*\*|__)|(?:\*\*|__)?[ \t]{0,2}:)"
)


def in_workload_item(text: str, n: Number, measure_before: bool) -> bool:
    """The number `n` stands in a list item labelled as a workload (see the module) and no measure is named right
    before it (`measure_before`)."""
    if measure_before:
        return False
    start = text.rfind("\n", 0, n.start) + 1
    m = _ITEM_LABEL_RE.match(text, start, min(n.start, start + 60))
    if m is None or " ".join(m.group("label").lower().split()) not in WORKLOAD_LABELS:
        return False
    end = text.find("\n", n.end)
    return not COMPARED_WORDS_RE.search(text, m.end(), end if end >= 0 else len(text))
