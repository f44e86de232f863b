"""A side named with what was undone on it, on the line over its results:

    `main` after reverting 0123456789abcdef...       the main side; the reverted commit is no head of it
    master with 4f5e6d7c8b9a reverted (second seed)
    this PR, once the last commit is backed out:

The side is the label the results under the line take, as the side's bare name over a paste is. The commit the
clause names was taken out, so it is never the side's head (it stays a commit claim of its own).
"""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.vocab.sides import side_alone

# a side's name (its code marks and bold kept out), then the clause that says what was taken out of it, then a
# parenthesis on how it ran and a colon, each optional
_UNDONE = r"(?:reverted|backed\s{1,3}out)"
_REVERTED_SIDE_RE = re.compile(
    r"^\s{0,3}[*_`]{0,3}(?P<side>[A-Za-z][\w./-]{0,30}(?: [\w./-]{1,20}){0,2}?)[*_`]{0,3},?\s{1,3}"
    # "after reverting X", "minus the revert of X"; "with X reverted"; "once X is backed out"
    r"(?:(?:after|once|with|minus)\s{1,3}(?:reverting|backing\s{1,3}out|(?:the\s{1,3})?revert\s{1,3}of)\s"
    r"|with\s(?=[^\n]{1,100}?\s" + _UNDONE + r")|once\s(?=[^\n]{1,100}?\s(?:is|was)\s" + _UNDONE + r"))"
    r"[^\n]{1,100}?(?:\s{1,3}\([^()\n]{1,60}\))?\s{0,3}[*_]{0,2}:?[*_]{0,2}\s*$",
    re.IGNORECASE,
)


def reverted_side(text: str) -> Revision | None:
    """The side a label line names with a revert clause after it ("`main` after reverting <sha>"), else None."""
    if len(text) > 240 or ("revert" not in text.lower() and "back" not in text.lower()):
        return None
    m = _REVERTED_SIDE_RE.match(text)
    if m is None or not side_alone(side := m.group("side")):
        return None
    return Revision(label=" ".join(side.split()), head=None, base=None)
