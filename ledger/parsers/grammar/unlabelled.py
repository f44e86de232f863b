"""The paste a candidate's label leaves unnamed: the other side of the same tool's run.

"[a benchmark's output] ... TP2 after this PR: [the same output]": people label the run they changed and
paste the one before it bare. The first paste is the other side when it opens with the same banner as the
labelled one (the same tool printed both) and no revision scope holds it already.
"""

from __future__ import annotations

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.sides import side_of


def unlabelled_twins(doc: Document, scopes: list[RevisionScope]) -> list[RevisionScope]:
    """The scopes of the unlabelled pastes that are the other side of a candidate's labelled one."""
    codes = [b for b in doc.blocks if b.kind == "code"]
    out: list[RevisionScope] = []
    for scope in scopes:
        if side_of(scope.revision.label or "") != "head":
            continue
        mine = next((b for b in codes if scope.start <= b.start <= scope.end), None)
        earlier = [b for b in codes if mine is not None and b.end < scope.start]
        if mine is None or not earlier:
            continue
        twin = earlier[-1]
        banner = _banner(doc, mine)
        if banner and banner == _banner(doc, twin) and not any(s.start <= twin.start <= s.end for s in scopes):
            out.append(
                RevisionScope(
                    start=twin.start, end=twin.end, revision=Revision(label="before this PR", head=None, base=None)
                )
            )
    return out


def _banner(doc: Document, block: Block) -> str:
    """The first line a code block prints (its fence skipped): the banner of the tool whose output it holds."""
    for no in range(block.start, min(block.end, block.start + 3) + 1):
        text = doc.line(no).strip()
        if text and not text.startswith(("```", "~~~")):
            return text if len(text) >= 12 and not any(ch.isdigit() for ch in text) else ""
    return ""
