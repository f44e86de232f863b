"""A change list's item that moves a field of the setup from an old value to a new one:

    - **Hardware:** A100 → L40S (4x L40S, TP=2, aggregated mode)
    - **KV cache:** default dtype → FP8 KV cache

The runs the text reports ran on the new side; the old one is what the page said before. The setup readers read such
a line with its old side moved out (`superseded_blanked`): "**Hardware:** L40S (4x L40S, ...)". An item whose label
names a measure ("TTFT: 210 ms → 180 ms") is a result's before and after, read by the prose readers as printed.
"""

from __future__ import annotations

import re

from ledger.vocab.setup_labels import row_kind_key, setup_label_key

# "- **Hardware:** OLD → NEW": a label (bold or not, a colon inside or after the bold), the old side, one arrow
_CHANGE_ITEM_RE = re.compile(
    r"^(?P<head>[ \t]{0,8}(?:[-*+][ \t]{1,4})?(?:\*\*|__)?(?P<label>[A-Za-z][\w ()/.-]{0,40}?)"
    r"[ \t]{0,2}(?::[ \t]{0,2}(?:\*\*|__)|(?:\*\*|__)?[ \t]{0,2}:)[ \t]{0,4})"
    r"(?P<old>[^→>\n]{1,300}?)[ \t]{0,3}(?:→|->)[ \t]{0,3}(?P<new>\S[^\n]{0,2000})$"
)


def superseded_blanked(lines: list[str], skip: set[int]) -> dict[int, str]:
    """Line number (from 1) -> the line without the old side of the setup field it changes (see the module), for the
    lines outside `skip` (code) that change one; the line keeps its length (the new side moved left, blanks after)."""
    out: dict[int, str] = {}
    for no, line in enumerate(lines, 1):
        if no in skip or len(line) > 2400 or ("→" not in line and "->" not in line):
            continue
        if line.count("→") + line.count("->") != 1 or (m := _CHANGE_ITEM_RE.match(line)) is None:
            continue  # (a chain, "16 → 32 → 64", is a sweep's points: no old side)
        label = m.group("label").strip()
        if setup_label_key(label) is None and row_kind_key(label) is None:
            continue  # ("TTFT: 210 ms → 180 ms": a measure's change, a result)
        moved = m.group("head") + m.group("new")
        out[no] = moved + " " * (len(line) - len(moved))
    return out
