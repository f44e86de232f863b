"""Labels that name the pull request's state against a rebase: two revisions of the PR itself.

    - Prior to the rebase: MMLU 71.2; HumanEval 64.0       the values of its own line, the older state
    - Rebased onto main: MMLU 71.0; HumanEval 64.6         the newer state ("main" is where it now sits)
    Pre-rebase numbers:                                    a lead-in: the list, table or paste right under it

Neither label names a side of the change (a base and a candidate): both states carry the PR, so the older state's
values are no references of the newer's; `compare` orders the two by their words (the older first). A sha in the
label's parentheses is that state's head ("Pre-rebase (3c4d5e6f7a):"), one after "onto" or "on" the base it sits on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.label_text import clean_label
from ledger.parsers.grammar.revision_labels import is_sha, shas_in
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.grammar.turn_heads import names_other_commit, turn_of
from ledger.parsers.reader.document import Document
from ledger.vocab.head_moves import NOT_RERUN, POST_REBASE, PRE_REBASE, REBASING_VERBS
from ledger.vocab.sides import rebase_state
from ledger.vocab.word_gate import WordGate

# a line's lead label up to its colon, the rebase words among its first few: "- **Rebased combined repeat**:",
# "Numbers after the rebase (6f7e8d9c0b):"; bounded runs without a colon, so one long line is read once
_LEAD_RE = re.compile(
    r"^[ \t>]{0,8}(?:[-*+•][ \t]{1,4})?[*_]{0,2}(?P<label>(?:[\w-]{1,20}[ \t]{1,3}){0,3}(?:"
    + PRE_REBASE
    + r"|"
    + POST_REBASE
    + r")\b[^:\n]{0,80}?)[*_]{0,2}:(?P<rest>[^\n]{0,40})",
    re.IGNORECASE,
)
_ONTO_RE = re.compile(r"\b(?:onto|on)\b[^`\n]{0,30}`?$", re.IGNORECASE)
_DIGIT_RE = re.compile(r"\d")
_REBASING_RE = re.compile(r"\b" + REBASING_VERBS + r"\b", re.IGNORECASE)


def rebase_label(text: str) -> tuple[Revision, bool] | None:
    """The rebase state a line's lead label names, and whether the line holds values of its own after the colon."""
    m = _LEAD_RE.match(text)
    if m is None:
        return None
    label = m.group("label")
    head = base = None
    for sha, start, _end in shas_in(label):
        if _ONTO_RE.search(label, 0, start) or label[max(0, start - 2) : start].endswith("@"):
            base = base or sha  # "Rebased onto main `9c8d7e6f5a`", "onto main@9c8d7e6f5a": where it sits
        else:
            head = head or sha
    name = clean_label(label) or label.strip()
    return Revision(label=name, head=head, base=base), _DIGIT_RE.search(m.group("rest")) is not None


def _under(doc: Document, idx: int) -> int:
    """The last line of what a lead-in stands over: the items nested under an item, else the list, table or paste
    right after it."""
    block = doc.blocks[idx]
    end = block.end
    for b in doc.blocks[idx + 1 :]:
        if b.in_code and b.start <= end:
            continue
        if block.kind == "item" and (b.kind != "item" or b.level <= block.level):
            break
        if block.kind != "item" and (b.kind not in ("item", "table", "code") or (b.start > end + 2)):
            break
        end = max(end, b.end)
        if block.kind != "item" and b.kind in ("table", "code"):
            break  # (one table or paste per lead-in)
    return end


def rebase_state_scopes(
    doc: Document, carried: Sequence[tuple[int, Revision]] = (), opened: Sequence[RevisionScope] = ()
) -> list[RevisionScope]:
    """Each rebase-state label's scope, its own line where it holds values, else what it stands over; then the
    stale_base_scopes. `carried` are the heads the thread's turns stated (turn_heads.carried_heads), for the states
    after a rebase; a line a scope of `opened` starts on holds a label read already ("Before the rebase (5e6f...)")."""
    starts = {s.start for s in opened}
    out: list[RevisionScope] = []
    for idx, block in enumerate(doc.blocks):
        if block.kind not in ("item", "text") or block.in_code or block.start in starts:
            continue
        got = rebase_label(doc.line(block.start))
        if got is None:
            continue
        rev, own = got
        out.append(RevisionScope(start=block.start, end=block.end if own else _under(doc, idx), revision=rev))
    _rebased_heads(doc, out, carried)
    return out + stale_base_scopes(doc)  # (last: over any label its line or turn opens)


def _rebased_heads(doc: Document, states: list[RevisionScope], carried: Sequence[tuple[int, Revision]]) -> None:
    """A state after the rebase that names no head of its own ("Fresh sweep after the rebase:") takes the head an
    earlier turn stated while saying it rebased ("Rebased onto main; updated head: `6f7e8d9c0b`"), where no turn
    since names another commit: that rebase's head. A head stated by a turn that did not rebase is no rebased one."""
    for scope in states:
        if scope.revision.head is not None or rebase_state(scope.revision.label) != "post":
            continue
        at = turn_of(doc, scope.start)
        got = [(line, rev) for line, rev in carried if line <= scope.start and rev.head]
        if not got:
            continue
        line, rev = got[-1]
        stated = turn_of(doc, line - 1)
        first, last = turn_bounds(doc)[stated]
        if not any(_REBASING_RE.search(doc.line(no)) for no in range(first, last + 1)):
            continue
        if any(names_other_commit(doc, k, rev.head) for k in range(stated + 1, at + 1)):
            continue
        scope.revision = scope.revision.model_copy(update={"head": rev.head, "base": scope.revision.base or rev.base})


# "The GPU results below are earlier measurements on base `8c34a372`", "Every number below comes from the run on
# `5d0e3f9a11`": the results a sentence names, then the commit they ran on; bounded gaps, one line read once
# (searched only where one of its words stands: vocab.word_gate)
_STALE_RE = WordGate(
    re.compile(
        r"\b(?:results?|numbers?|figures|measurements|timings|scores|benchmarks?)\b[^.;\n]{0,60}?\b(?:below|here|above)\b"
        r"[^;\n]{0,80}?\b(?:on|at|from)\s{1,3}(?P<base>(?:the\s{1,3})?base\s{1,3})?(?:(?:commit|head|main)\s{1,3})?"
        r"[`*]{0,2}(?P<sha>[0-9a-f]{7,40})\b",
        re.IGNORECASE,
    )
)
_NOT_RERUN_RE = re.compile(NOT_RERUN, re.IGNORECASE)
STALE_LABEL = "pre-rebase (not re-run)"
"""The label of results a sentence says predate the PR's head: a state before the rebase (vocab.sides.rebase_state)."""


def stale_base_scopes(doc: Document) -> list[RevisionScope]:
    """A sentence saying the results below were measured on a commit and not re-run since ("... measurements on base
    `8c34a372`; they have not been rerun on this rebased head"): that commit is their revision, from the sentence to
    the end of its turn, whatever column word ("after") or rebased-onto commit the turn names besides. On "base" the
    commit is the base the PR was applied on, else the head it was measured at."""
    out: list[RevisionScope] = []
    bounds = turn_bounds(doc)
    for block in doc.blocks:
        if block.kind not in ("item", "text") or block.in_code or not ("not" in block.text or "predate" in block.text):
            continue
        m = _STALE_RE.search(block.text)
        if m is None or not is_sha(m.group("sha")) or _NOT_RERUN_RE.search(block.text) is None:
            continue
        sha = m.group("sha").lower()
        head, base = (None, sha) if m.group("base") else (sha, None)
        last = next((t for f, t in bounds if f <= block.start <= t), len(doc.lines))
        out.append(
            RevisionScope(start=block.start, end=last, revision=Revision(label=STALE_LABEL, head=head, base=base))
        )
    return out
