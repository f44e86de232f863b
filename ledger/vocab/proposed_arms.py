"""The words that mark one arm of a grid as the change the text proposes: a row "AutoSpec", "Adaptive (ours)",
"Proposed", "New scheduler", "This PR" beside rows of fixed settings it is set against. A static or a default arm
is never marked by them, and an arm the text's title names ("Add AutoSpec to ...") is the one it adds."""

from __future__ import annotations

import re

from ledger.vocab.sides import side_of

# (a word that opens "Auto": "AutoSpec", "auto-tuned", "Autotune": the setting chosen at run time against fixed ones)
_PROPOSED_RE = re.compile(r"\b(?:ours|proposed|new)\b|\bauto", re.IGNORECASE)
_FIXED_RE = re.compile(r"\b(?:static|fixed|default|baseline|old)\b", re.IGNORECASE)


def marks_proposed(label: str) -> bool:
    """The arm's own label marks it as the proposed one ("AutoSpec", "ours", "this PR"), never one it is set
    against ("Static 1_1_2", "Default", "Baseline")."""
    head = label[:200]
    if _FIXED_RE.search(head) or side_of(head) == "base":
        return False
    return side_of(head) == "head" or _PROPOSED_RE.search(head) is not None


def named_in(label: str, heading: str) -> bool:
    """The arm's label stands whole in a heading over the grid (the title "Add AutoSpec to ..."): the arm the
    text adds."""
    at = heading.find(label)
    while at >= 0:
        end = at + len(label)
        if (at == 0 or not heading[at - 1].isalnum()) and (end == len(heading) or not heading[end].isalnum()):
            return True
        at = heading.find(label, at + 1)
    return False
