"""A paragraph right over a table or paste that states, across its wrapped lines, how its runs decoded
speculatively ("Both arms pin `ACC_LEN=2.49` (the golden acceptance / length for depth 3), ... rather than a change
in MTP acceptance."): the draft length it names, and the method beside it, for the results of its section.

Apart from grammar.setup (its size): the readers of one line see neither half of a phrase a line break cuts."""

from __future__ import annotations

import re

from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.blocks import Block
from ledger.vocab.setup import named_twice, qualifiers

_SPEC_KEYS = ("spec_algo", "draft_len")
_SENTENCE_END_RE = re.compile(r"(?<=[.;!?])\s+")
_MAX_LINES = 12
"""How far up a paragraph is read (its lines are a block each)."""


def spec_lead(blocks: list[Block], k: int, section_end: int) -> list[SetupScope]:
    """The speculative setup the paragraph ending at block k states for the table or paste right under it and the
    rest of its section, where it names one draft length (a method alone, "MTP acceptance", says no length: the
    line readers read it); none where it names two lengths or two methods (each result says which)."""
    nxt = blocks[k + 1] if k + 1 < len(blocks) else None
    if nxt is None or nxt.kind not in ("code", "table") or nxt.start - blocks[k].end > 2:
        return []
    j = k
    while (
        j > 0
        and k - j < _MAX_LINES
        and blocks[j - 1].kind == "text"
        and not blocks[j - 1].in_code
        and blocks[j - 1].end == blocks[j].start - 1
    ):
        j -= 1
    text = " ".join(blocks[i].text.strip() for i in range(j, k + 1))
    low = text.lower()
    if "depth" not in low and "draft" not in low and "speculative" not in low:
        return []
    stated: dict[str, str] = {}
    for sentence in _SENTENCE_END_RE.split(text):  # (the setup words read a text's first 400 characters)
        if any(key in _SPEC_KEYS for key in named_twice(sentence)):
            return []
        for key, value in qualifiers(sentence).items():
            if key in _SPEC_KEYS and stated.setdefault(key, value) != value:
                return []  # "EAGLE3 ... 3 draft tokens. MTP ... 2 draft tokens.": each result says which
    return [SetupScope(blocks[j].start, section_end, stated)] if "draft_len" in stated else []
