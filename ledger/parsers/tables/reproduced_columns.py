"""A reviewer's reproduction column beside the author's: "| PR: This PR `acf148dc` | PR389 reproduced |".

The reproduced column reran one side ("PR", "Baseline"), whose commit the table's other header names ("This PR
`acf148dc`", "Baseline `03637f08`"): each reproduced value was measured on that side's head (and, for the PR's
side, on the base the base header names), under the reproduction's own label, so that it stays a series apart from
the author's values. A header prefixed with where its numbers come from ("PR: Baseline `03637f08`": the PR's stated
baseline) names the side after that prefix (vocab.sides.side_of).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from ledger.model import Claim, Revision
from ledger.parsers.tables.cells import clean
from ledger.parsers.tables.headers import side_with_sha
from ledger.vocab.rerun_words import REPRODUCED_RE
from ledger.vocab.sides import side_of

# "PR389", "PR #389": the PR named by its number, its side the PR's
_PR_NUMBER_RE = re.compile(r"\bPR\s?#?\d{1,7}\b", re.IGNORECASE)


def on_reproduced_columns(claims: Iterator[Claim], headers: Sequence[str]) -> Iterator[Claim]:
    """A row's claims, each under a reproduction column measured on the head of the side it reran (the module)."""
    for c in claims:
        header = str(c.config.get("column") or "")
        rev = reproduced_revision(header, headers) if header and REPRODUCED_RE.search(header) else None
        if rev is None or (c.revision is not None and c.revision.head):
            yield c
            continue
        yield c.model_copy(update={"revision": rev})


def reproduced_revision(header: str, headers: Sequence[str]) -> Revision | None:
    """The revision of a reproduction column: the side it names, at the commit another header gives that side."""
    name = clean(header)
    side = side_of(_PR_NUMBER_RE.sub("PR", REPRODUCED_RE.sub(" ", name)).strip())
    if side is None:
        return None
    shas: dict[str, set[str]] = {"base": set(), "head": set()}
    for h in headers:
        text = clean(h)  # ("PR: Baseline `03637f08`": side_of reads the side after the prefix)
        if REPRODUCED_RE.search(text) or (own := side_with_sha(text)) is None or not own.head:
            continue
        if (other := side_of(text)) in shas:
            shas[other].add(own.head.lower())
    if len(shas[side]) != 1:
        return None  # (no commit for that side, or two: not the table's one side)
    base = next(iter(shas["base"])) if side == "head" and len(shas["base"]) == 1 else None
    return Revision(label=name, head=next(iter(shas[side])), base=base)
