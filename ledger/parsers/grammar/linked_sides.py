"""Sides a sentence names by the text of a commit's link: the link's words are the side, its target the head.

    I ran the tool on both [main](.../commit/4d3c2b1a...) and [this branch](.../commit/a0b1c2d3...):
    <details><summary>main</summary> ...       <- the results of "main", measured on 4d3c2b1a

The sentence defines both names (grammar.named_revisions); a side's label further down (a folded block's title, a
bare side line, a column) takes its head from there. A sentence naming two sides so is no revision of its own: its
first link's commit is one side's, not the head of every result below it.
"""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.vocab.sides import side_alone, side_of

# "[main](https://github.com/o/r/commit/4d3c2b1a...)": a link's words, then the commit its target names
_SIDE_LINK_RE = re.compile(r"\[(?P<name>[^\[\]\n]{1,40})\]\([^()\s]{0,200}/commits?/(?P<sha>[0-9a-f]{7,40})(?![\w-])")


def linked_sides(text: str) -> list[Revision]:
    """Each side whose name is a commit link's whole text, with that commit as its head (see the module): a side's
    name alone, or a short one holding a side's word ("incoming branch")."""
    if "/commit" not in text:
        return []
    out: list[Revision] = []
    for m in _SIDE_LINK_RE.finditer(text):
        name = " ".join(m.group("name").strip(" `*_").split())
        sha = m.group("sha").lower()
        named = side_alone(name) or (len(name.split()) <= 3 and side_of(name) is not None)
        if named and any(map(str.isdigit, sha)) and any(map(str.isalpha, sha)):
            out.append(Revision(label=name, head=sha, base=None))
    return out


def names_both_sides(text: str) -> bool:
    """The text names the base and the candidate each by a commit's link ("both [main](...) and [this branch](...)")."""
    return len({side_of(r.label or "") for r in linked_sides(text)} - {None}) == 2
