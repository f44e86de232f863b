"""A heading whose lead names the revision and whose rest tells what it is:

    # Baseline: https://github.com/o/r/pull/17078 without the merge -> "Baseline (#17078)"
    ## Slowdown after rebase: #17232, a day later                   -> "Slowdown after rebase (#17232)"

The whole heading is too long or holds a link, so it names no revision read whole (revision_labels.heading_revision);
its lead before the colon does, and a pull request the rest names by link or number is the build's identity (a
branch of that PR), kept in the label so that two such headings stay two revisions.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ledger.model import Revision

_LEAD_RE = re.compile(r"[ \t*_]{0,3}(?P<lead>[A-Za-z][^:\n]{0,38}?)[*_]{0,2}:(?:[ \t]|$)")
# "https://github.com/o/r/pull/17078", "#17078": the pull request the rest names
_PULL_RE = re.compile(r"(?:https?://github\.com/[\w.-]{1,100}/[\w.-]{1,100}/pull/|(?<![\w&])#)(?P<n>\d{1,7})\b")


def lead_revision(text: str, read: Callable[[str], Revision | None]) -> Revision | None:
    """The revision a heading's lead names (`read` reads a heading), labelled with the pull request its rest names;
    None where the lead names none, or names a commit (the heading read whole says that better)."""
    m = _LEAD_RE.match(text)
    if m is None:
        return None
    rev = read(m.group("lead"))
    if rev is None or rev.head or rev.base:
        return None
    pull = _PULL_RE.search(text, m.end())
    label = rev.label or m.group("lead").strip()
    return rev.model_copy(update={"label": f"{label} (#{pull.group('n')})" if pull is not None else label})
