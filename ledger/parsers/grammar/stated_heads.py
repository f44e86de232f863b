"""The PR head a turn has stated so far, for the results it reports later on the PR's side without a commit.

"The PR's head commit is `6b2e91f`." near the top of a description, then under "## Results": "Measured on the PR's
head, ... 731.4 tok/s". The sentence names the side, not the commit; the turn named the commit. Its revision scope
ends at the next heading, but the head it states is still the PR's head further down the same turn, until the turn
says the head moved (a push, a rebase, a new commit: vocab.head_moves). The turns after it take a stated head by the
carry of grammar.turn_heads; this is the turn's own rest.
"""

from __future__ import annotations

import re

from ledger.memo import last_document
from ledger.parsers.grammar.revision_labels import pr_head
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.reader.document import Document
from ledger.vocab.head_moves import HEAD_MOVED_RE

# git's word after a checkout: the commit the tree now stands on (a branch of the main line named beside it is the
# base's checkout, no PR head)
_GIT_HEAD_RE = re.compile(r"\bHEAD is now at (?P<sha>[0-9a-f]{7,40})(?![\w-])")
# ("with this PR's latest commit": the head the turn stated, named by the side, not a new one)
_OWN_HEAD_RE = re.compile(r"\b(?:PR|branch)['’]s\s+latest\s+commit\b", re.IGNORECASE)
_BASE_WORD_RE = re.compile(r"\b(?:main|master|trunk|upstream)\b", re.IGNORECASE)


@last_document
def _heads_by_line(doc: Document) -> tuple[str | None, ...]:
    """For each line (index 0 unused), the PR head its turn stated on an earlier line and has not moved since."""
    out: list[str | None] = [None] * (len(doc.lines) + 1)
    for first, last in turn_bounds(doc):
        head: str | None = None
        for no in range(first, min(last, len(doc.lines)) + 1):
            out[no] = head
            text = doc.lines[no - 1]
            sha = pr_head(text) if "head" in text.lower() else None
            at = text.lower().find(sha) + len(sha) if sha else 0
            if sha is None and (gm := _GIT_HEAD_RE.search(text)) is not None and not _BASE_WORD_RE.search(text):
                sha, at = gm.group("sha").lower(), gm.end()  # ("HEAD is now at 3d7a0c2e1f fold the rotary write")
            if sha is not None:
                head = sha
            if head is not None and HEAD_MOVED_RE.search(_OWN_HEAD_RE.sub(" ", text[at:])) is not None:
                head = None  # ("pushed a fix; numbers again": a head the text has not named)
    return tuple(out)


def stated_head_at(doc: Document, line: int) -> str | None:
    """The PR head the turn holding `line` stated before it, still the head at `line`, or None."""
    heads = _heads_by_line(doc)
    return heads[line] if 0 < line < len(heads) else None
