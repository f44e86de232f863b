"""A build trailer under its results ("build: 32d9f7d9 (1786)" below a llama-bench table, "commit: abc1234" closing a
console paste): the results above it, back to the start of the table or block, were measured on that build."""

from __future__ import annotations

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.revision_labels import TRAILER_RE, is_sha
from ledger.parsers.reader.document import Document


def trailer_scopes(doc: Document) -> list[RevisionScope]:
    """ "build: 32d9f7d9 (1786)" under a table or inside a code block: the results above it, back to the start of
    the table or block, were measured on that build."""
    scopes: list[RevisionScope] = []
    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.kind != "text" or not b.text[:12].lower().lstrip().startswith(
            ("build", "commit", "git", "revision", "version")
        ):
            continue
        m = TRAILER_RE.match(b.text)
        if not m or not is_sha(m.group("sha")):
            continue
        start = b.start
        for prev in reversed(blocks[:k]):  # back over the table (or the code block) the trailer closes
            if prev.kind in ("table", "code") or (prev.in_code and b.in_code):
                start = prev.start
                if prev.kind == "code":
                    break
                continue
            break
        rev = Revision(label=m.group("sha").lower(), head=m.group("sha").lower(), base=None)
        scopes.append(RevisionScope(start=start, end=b.start, revision=rev))
    return scopes
