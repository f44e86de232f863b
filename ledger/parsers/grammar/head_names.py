"""One revision per commit: a head the text names twice, under two names, is one revision (compare would otherwise
read two revisions of one commit, the later one the newest)."""

from __future__ import annotations

from ledger.model import Claim, Revision
from ledger.vocab.sides import side_of


def one_name_per_head(claims: list[Claim]) -> list[Claim]:
    """One commit, one revision: a head named twice ("Re-ran on current head `ed41abb8`", then "- PR: source at
    `ed41abb8`" over the table) is one revision, named by the side word where one of its names is one, else by its
    first name; compare would otherwise read two revisions of one commit, the later one the newest."""
    names: dict[str, list[Revision]] = {}
    for c in claims:
        r = c.revision
        if r is not None and r.head and r not in names.setdefault(r.head, []):
            names[r.head].append(r)
    chosen = {
        head: _with_base(
            next((r for r in revs if side_of(r.label or "") and len((r.label or "").split()) <= 3), revs[0]), revs
        )
        for head, revs in names.items()
        if len(revs) > 1
    }
    if not chosen:
        return claims
    return [
        c.model_copy(update={"revision": chosen[c.revision.head]})
        if c.revision is not None and c.revision.head in chosen and c.revision != chosen[c.revision.head]
        else c
        for c in claims
    ]


def _with_base(chosen: Revision, revs: list[Revision]) -> Revision:
    """The chosen name's revision with the base one of its mentions names ("- Candidate: ... `7d7d7d7d7`" once alone,
    once over a table whose list names the base too)."""
    return next((r for r in revs if r.label == chosen.label and r.base and not chosen.base), chosen)
