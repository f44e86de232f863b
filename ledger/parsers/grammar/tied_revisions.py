"""Revisions a turn states apart from its results, which hold over the whole turn, above the statement as well as
below it:

    This result is tied to `7322acc...`, which includes upstream ...    a sentence tying the results to a commit
    | vLLM | branch `dev/moe-gate`, commit `3c9e1f7a52` |                an environment table's row: the engine's build

The commit named is the revision (never the commits the sentence names after it, "which includes upstream X"); a
turn ties its results once, its first statement winning.

A turn that states what the PR's head now is ("Rebased onto `main` (X) ... The new head is Y", "the current PR head
is Y", "- #318 head: Y", "Re-ran on the current head Y"), not only what its own results ran on, sets the head of
the later turns' results too, until a turn moves it (states_pr_head; grammar.turn_heads).

A turn's setup list may state the head ("- #4512 head: `5f6e7d8c`"), and a head stated over a paste whose comments
name its arms holds again after the paste (head_item, resumed_after)."""

from __future__ import annotations

import bisect
import re

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.engine_builds import engine_build
from ledger.parsers.grammar.head_phrases import head_phrase
from ledger.parsers.grammar.revision_labels import is_sha, may_hold_sha, pr_head, rebased_head, shas_in
from ledger.parsers.reader.document import Block, Document

# "This result is tied to X", "the numbers above are pinned to commit X", "All runs were tied to head X"
_TIED_RE = re.compile(
    r"\b(?:this|these|the|those|all|our|each)\s(?:[\w-]{1,20}\s){0,3}?"
    r"(?:results?|numbers?|measurements?|figures?|runs?|benchmarks?|timings?|scores?)\s(?:[\w-]{1,12}\s)?"
    r"(?:is|are|was|were)\s(?:all\s)?(?:tied|pinned|pegged|bound)\sto\s(?:the\s)?(?:(?:commit|head|revision|sha)\s)?"
    r"[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})(?![\w-])",
    re.IGNORECASE,
)
# "- PR head: `5f6e7d8c9b0a`", "- #4512 head: 5f6e7d8c", "* head commit = ...", "- Updated #4512 head: ...", "- New head
# of this PR: ...": a setup list's item stating the head
# the results after it were measured on (not "stack base:", not "on #4511 head X" inside a sentence: the parent's)
_HEAD_ITEM_RE = re.compile(
    r"^\s{0,8}(?:[-*+]\s{1,4})?[*_]{0,2}(?:(?:updated|new|current|latest|rebased)\s)?"
    r"(?:(?:PR|branch)\s|#(?P<number>\d{1,7})\s)?head(?:\s(?:commit|sha))?(?:\sof\s(?:this|the)\s(?:PR|branch))?[*_]{0,2}"
    r"\s?[:=]\s{0,3}[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})(?![\w-])",
    re.IGNORECASE,
)
# "Re-ran on the current head `3c9e1f7a52`", "the new head: 5e6f7a8b": a sentence naming the head as it now is
_NOW_HEAD_RE = re.compile(
    r"\b(?:current|new|latest|final|updated)\s{1,3}(?:(?:PR|branch)\s{1,3})?head(?:\s{1,3}commit)?"
    r"(?:\s{1,3}is(?:\s{1,3}now)?|\s{1,3}now|\s?:)?\s{1,3}[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})(?![\w-])",
    re.IGNORECASE,
)
# "acme/engine · pull request #77 · merged · Python": an archive's banner over the title, naming the thread's number
_BANNER_NUMBER_RE = re.compile(r"^[\w.-]{1,40}/[\w.-]{1,100} · pull request #(?P<number>\d{1,7})(?: · |$)")


def _tied_sha(b: Block) -> str | None:
    """The commit a sentence ties its turn's results to, else None."""
    if b.kind not in ("text", "item") or b.in_code or " to " not in b.text:
        return None
    text = b.text[:600]
    tm = _TIED_RE.search(text) if may_hold_sha(text) else None
    return tm.group("sha").lower() if tm is not None and is_sha(tm.group("sha")) else None


def tied_scopes(doc: Document) -> list[RevisionScope]:
    """The turns whose results a sentence or an environment table ties to a commit (see the module)."""
    out: list[RevisionScope] = []
    turns = [c.start for c in doc.blocks if c.kind == "comment"]  # (by position: a long thread stays linear)
    start, tied = 1, False  # the turn's first line; whether a statement of it tied it already
    for b in doc.blocks:
        if b.kind == "comment":
            start, tied = b.start, False
            continue
        sha = None if tied else _tied_sha(b)
        rev = None if tied else Revision(label=sha[:10], head=sha, base=None) if sha else engine_build(b)
        if rev is None:
            continue
        k = bisect.bisect_right(turns, b.start)
        end = turns[k] - 1 if k < len(turns) else len(doc.lines)
        out.append(RevisionScope(start=start, end=end, revision=rev))
        tied = True
    return out


def own_number(doc: Document) -> str | None:
    """The thread's own pull request number, where an archive's banner line states it."""
    own = _BANNER_NUMBER_RE.match(doc.line(1).strip())
    return own.group("number") if own is not None else None


def head_item(doc: Document, item: Block, held: RevisionScope | None) -> Revision | None:
    """The head a list item states (see _HEAD_ITEM_RE), else None: not where a commit was named as the one measured
    ("- measured kernel SHA: X" then "- PR head: Y (docstring-only follow-up)"), nor one naming another pull request
    by number than the thread's own."""
    m = _HEAD_ITEM_RE.match(item.text) if "head" in item.text[:40].lower() else None
    if m is None or not is_sha(m.group("sha")) or (held is not None and held.end >= item.start and held.revision.head):
        return None
    own = own_number(doc)
    if m.group("number") is not None and own is not None and own != m.group("number"):
        return None  # "- #4512 head: ..." in #4513's thread: the stack's parent
    return Revision(label="PR head", head=m.group("sha").lower(), base=None)


def resumed_after(current: RevisionScope | None, first: int, last: int) -> RevisionScope | None:
    """A head stated over a paste (`first`..`last`) whose comments name its arms ("# Baseline: ...", "# PR: ...")
    holds again after it, over the results under the paste; None when `current` states no head or opened inside."""
    if current is None or not current.revision.head or current.start >= first:
        return None
    return RevisionScope(start=last + 1, end=max(current.end, last + 1), revision=current.revision)


def at_its_commit(rev: Revision | None, text: str) -> Revision | None:
    """A paste's comment naming a side and one commit ("# PR: source=9f1e2d3c4b, FUSED_NORM=1"): the side at it."""
    if rev is None or rev.head or rev.base or not may_hold_sha(text) or len(shas := shas_in(text)) != 1:
        return rev
    return rev.model_copy(update={"head": shas[0][0]})


def states_pr_head(block: Block, rev: Revision) -> bool:
    """`block` opened `rev` by stating the PR's head ("The new head is `a22bb93967`", "- #318 head: `4e7a9c2b1d8f`",
    "Re-ran on the current head `3c9e1f7a52`"), not a run's commit alone: the head the later turns carry
    (grammar.turn_heads)."""
    text = block.text[:600]
    if rev.head is not None and (phrase := head_phrase(block.text)) is not None and phrase.revision.head == rev.head:
        return phrase.moves_head  # "after pushing 4d5e6f7", "moving the head to X", "with the latest push (X)"
    if rev.head is None or "head" not in text.lower():
        return False
    if rebased_head(text) is not None or pr_head(text) == rev.head:
        return True
    m = _HEAD_ITEM_RE.match(text) or _NOW_HEAD_RE.search(text)
    return m is not None and m.group("sha").lower() == rev.head
