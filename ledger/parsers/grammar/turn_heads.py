"""Heads across the turns of a thread: which later turns a head stated in one turn still names, and which it never
reaches.

A result is measured before the text that reports it, so a head reaches the results of its own turn and of the
turns after it, never those of an earlier turn: a description's "This PR:" table takes no head that a later
comment's "- **PR**: `9b8a7c6d5e4f`" names (`NamedRevisions.at`, for heads defined by name), and a head a turn states
("- #318 head: `4e7a9c2b1d8f`", "Re-ran on the current head `3c9e1f7a52`") holds from the next turn on.

It holds over the later turns only while none of them moves the head (`moved`): a turn that says it pushed,
rebased, squashed, amended or merged the main line in, addressed the review, names a new or current head or ran an
older build (vocab.head_moves), or that names any commit other than the head (a CI bot's run on another commit, a
revert, a link to a commit, a `git log` paste), ends the carry there, and that turn's results keep a head only where
the turn states one. None of those commits becomes the results' head by this rule: it only ends a carry.

What carries is the pull request's side only: the head the thread states for the PR, and a name that is not the
base's ("PR", "candidate", "fastrun"). The main line's commit ("- main: `0c3d5f7a9b21`") names its own turn's
results alone: a later turn may have measured main at a newer commit without saying so, while the PR's head moves
only by a push, which the thread shows. A side label a carried turn opens without a head ("PR:" over its table)
takes the carried head; a base label ("main:") keeps none."""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence

from ledger.memo import last_document
from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.revision_labels import may_hold_sha, shas_in
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.reader.document import Document
from ledger.vocab.head_moves import HEAD_MOVED_RE
from ledger.vocab.sides import side_of

# "/pull/12/commits/1a2b3c4d", "/commit/1a2b3c4d...": a commit named by its link (shas_in skips a sha after a slash)
_COMMIT_LINK_RE = re.compile(r"/commits?/(?P<sha>[0-9a-f]{7,40})(?![\w-])")


@last_document
def turn_firsts(doc: Document) -> list[int]:
    """The first line of each turn: the description's, then each comment's."""
    return [first for first, _ in turn_bounds(doc)]


def turn_of(doc: Document, line: int) -> int:
    """The index of the turn holding `line` (0: the description)."""
    return max(0, bisect.bisect_right(turn_firsts(doc), line) - 1)


@last_document
def _turn_moves(doc: Document) -> list[tuple[bool, frozenset[str]]]:
    """Each turn's marks of a moved head: whether its words say so, and the commits it names."""
    code: list[tuple[int, int]] = [(b.start, b.end) for b in doc.blocks if b.kind == "code"]
    in_code = bytearray(len(doc.lines) + 2)
    for first, last in code:
        in_code[first : last + 1] = b"\1" * (last - first + 1)
    out: list[tuple[bool, frozenset[str]]] = []
    for first, last in turn_bounds(doc):
        said, shas = False, set[str]()
        for no in range(first, last + 1):
            text = doc.lines[no - 1]
            said = said or (not in_code[no] and HEAD_MOVED_RE.search(text) is not None)
            if may_hold_sha(text):  # (a paste's commits too: "# PR: source=1c2d3e4f5a6b", git log's lines)
                shas.update(sh for sh, _, _ in shas_in(text))
                shas.update(m.group("sha") for m in _COMMIT_LINK_RE.finditer(text))
        out.append((said, frozenset(shas)))
    return out


def names_other_commit(doc: Document, turn: int, head: str | None) -> bool:
    """Whether turn `turn` names a commit other than `head` (its words aside)."""
    return any(not (head and _same(sh, head.lower())) for sh in _turn_moves(doc)[turn][1])


def _same(a: str, b: str) -> bool:
    return a.startswith(b) or b.startswith(a)


def moved(doc: Document, turn: int, head: str | None) -> bool:
    """Whether turn `turn` moves the head away from `head` (see the module): its words, or a commit it names that is
    not `head`."""
    said, shas = _turn_moves(doc)[turn]
    return said or any(not (head and _same(sh, head.lower())) for sh in shas)


@last_document
def _next_marked(doc: Document) -> list[int]:
    """For each turn, the first turn from it on whose words or commits may move a head (len(turns): none)."""
    moves = _turn_moves(doc)
    out = [len(moves)] * (len(moves) + 1)
    for k in range(len(moves) - 1, -1, -1):
        out[k] = k if moves[k][0] or moves[k][1] else out[k + 1]
    return out


@last_document
def _stops(doc: Document) -> dict[tuple[int, str | None], int]:
    return {}  # (filled by _stop: one document's answers)


def _stop(doc: Document, stated: int, head: str | None) -> int:
    """The first turn after `stated` that moves `head` (the number of turns where none does). Quiet turns are
    skipped whole, and each turn naming the head itself is walked once per head: linear in the thread's turns."""
    marked, memo = _next_marked(doc), _stops(doc)
    walked: list[int] = []
    k = marked[stated + 1]
    while k < len(marked) - 1 and (k, head) not in memo and not moved(doc, k, head):
        walked.append(k)  # (a turn that names `head` alone: the carry goes on past it)
        k = marked[k + 1]
    stop = memo.get((k, head), k)
    memo.update(dict.fromkeys(((w, head) for w in walked), stop))
    return stop


def carries(doc: Document, rev: Revision, stated: int, at: int) -> bool:
    """Whether `rev`, stated in turn `stated`, still names the results of the later turn `at`."""
    return at < _stop(doc, stated, rev.head)


def carried_heads(
    doc: Document, scopes: list[RevisionScope], carried: Sequence[tuple[int, Revision]]
) -> list[RevisionScope]:
    """Each PR head a turn stated (`carried`: the next turn's first line and the head), over the turns after it up
    to the first that moves it; a headless candidate's label those turns open ("PR:") takes it."""
    out: list[RevisionScope] = []
    firsts = turn_firsts(doc)
    for line, rev in carried:
        stated = turn_of(doc, line - 1)
        stop = _stop(doc, stated, rev.head)
        if stop == stated + 1:
            continue
        last = firsts[stop] - 1 if stop < len(firsts) else len(doc.lines)
        for s in scopes:
            label = s.revision.label
            if line <= s.start <= last and s.revision.head is None and label and side_of(label) == "head":
                s.revision = s.revision.model_copy(update={"head": rev.head, "base": s.revision.base or rev.base})
        out.append(RevisionScope(start=line, end=last, revision=rev))
    return out


def reaching(doc: Document, defined: Mapping[str, list[tuple[int, Revision]]], line: int) -> dict[str, Revision]:
    """Of the revisions defined by name (each name's definitions, in the order of their lines), those that name the
    results at `line`: for each name the first definition of the latest turn up to `line`'s, where that turn is
    `line`'s own or the name is no base's and no turn since moved its head."""
    at = turn_of(doc, line)
    out: dict[str, Revision] = {}
    for name, defs in defined.items():
        best: tuple[int, Revision] | None = None
        for no, rev in defs:
            turn = turn_of(doc, no)
            if turn > at:
                break
            if best is None or turn > best[0]:
                best = (turn, rev)
        if best is not None and (best[0] == at or (side_of(name) != "base" and carries(doc, best[1], best[0], at))):
            out[name] = best[1]
    return out
