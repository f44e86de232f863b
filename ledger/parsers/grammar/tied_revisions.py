"""Revisions a turn states apart from its results, which hold over the whole turn, above the statement as well as
below it:

    This result is tied to `7322acc...`, which includes upstream ...    a sentence tying the results to a commit
    | vLLM | branch `dev/moe-gate`, commit `3c9e1f7a52` |                an environment table's row: the engine's build

The commit named is the revision (never the commits the sentence names after it, "which includes upstream X"); a
turn ties its results once, its first statement winning.

A turn that states what the PR's head now is ("Rebased onto `main` (X) ... The new head is Y", "the current PR head
is Y"), not only what its own results ran on, sets the head of the later turns' results too, up to the next
revision the thread states."""

from __future__ import annotations

import bisect
import re

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.revision_labels import is_sha, may_hold_sha, pr_head, rebased_head
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.engines import engine_named

# "This result is tied to X", "the numbers above are pinned to commit X", "All runs were tied to head X"
_TIED_RE = re.compile(
    r"\b(?:this|these|the|those|all|our|each)\s(?:[\w-]{1,20}\s){0,3}?"
    r"(?:results?|numbers?|measurements?|figures?|runs?|benchmarks?|timings?|scores?)\s(?:[\w-]{1,12}\s)?"
    r"(?:is|are|was|were)\s(?:all\s)?(?:tied|pinned|pegged|bound)\sto\s(?:the\s)?(?:(?:commit|head|revision|sha)\s)?"
    r"[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})(?![\w-])",
    re.IGNORECASE,
)
# an engine's row naming its build: "branch `x`, commit `f4bdadbb06`", "commit: 3c9e1f7a", "sha 1a2b3c4d"
ENGINE_COMMIT_RE = re.compile(
    r"\b(?:commit|sha|git|rev)\s{0,2}[:=#@]?\s{0,2}[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})(?![\w-])", re.IGNORECASE
)


def _tied_sha(b: Block) -> str | None:
    """The commit a sentence ties its turn's results to, else None."""
    if b.kind not in ("text", "item") or b.in_code or " to " not in b.text:
        return None
    text = b.text[:600]
    tm = _TIED_RE.search(text) if may_hold_sha(text) else None
    return tm.group("sha").lower() if tm is not None and is_sha(tm.group("sha")) else None


def engine_build(b: Block) -> str | None:
    """The commit an environment table names for the engine (one row of it, its first cell the engine's name)."""
    if b.kind != "table" or b.table is None:
        return None
    found: set[str] = set()
    for row in b.table.rows:
        if len(row.cells) < 2 or engine_named(row.cells[0].strip("`*_ ")) is None:
            continue
        for cell in row.cells[1:]:
            cm = ENGINE_COMMIT_RE.search(cell[:300]) if may_hold_sha(cell[:300]) else None
            if cm is not None and is_sha(cm.group("sha")):
                found.add(cm.group("sha").lower())
    return found.pop() if len(found) == 1 else None


def tied_scopes(doc: Document) -> list[RevisionScope]:
    """The turns whose results a sentence or an environment table ties to a commit (see the module)."""
    out: list[RevisionScope] = []
    turns = [c.start for c in doc.blocks if c.kind == "comment"]  # (by position: a long thread stays linear)
    start, tied = 1, False  # the turn's first line; whether a statement of it tied it already
    for b in doc.blocks:
        if b.kind == "comment":
            start, tied = b.start, False
            continue
        sha = None if tied else (_tied_sha(b) or engine_build(b))
        if sha is None:
            continue
        k = bisect.bisect_right(turns, b.start)
        end = turns[k] - 1 if k < len(turns) else len(doc.lines)
        out.append(RevisionScope(start=start, end=end, revision=Revision(label=sha[:10], head=sha, base=None)))
        tied = True
    return out


def states_pr_head(block: Block, rev: Revision) -> bool:
    """`block` opened `rev` by stating the PR's head ("The new head is `a22bb93967`"), not a run's commit alone."""
    text = block.text[:600]
    return rev.head is not None and (rebased_head(text) is not None or pr_head(text) == rev.head)


def carried_heads(scopes: list[RevisionScope], carried: list[tuple[int, Revision]], last: int) -> list[RevisionScope]:
    """Each PR head a turn stated, from the next turn's first line (`carried`: that line and the head) to the line
    before the first revision scope starting there or later (another head, a rebase, a side), else to `last`."""
    starts = sorted(s.start for s in scopes)
    out: list[RevisionScope] = []
    for line, rev in carried:
        k = bisect.bisect_left(starts, line)
        end = starts[k] - 1 if k < len(starts) else last
        if end >= line:
            out.append(RevisionScope(start=line, end=end, revision=rev))
    return out
