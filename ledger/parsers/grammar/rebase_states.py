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
from ledger.parsers.grammar.revision_labels import shas_in
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.grammar.turn_heads import names_other_commit, turn_of
from ledger.parsers.reader.document import Document
from ledger.vocab.head_moves import POST_REBASE, PRE_REBASE, REBASING_VERBS
from ledger.vocab.sides import rebase_state

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
    """Each rebase-state label's scope: its own line where it holds values, else what it stands over; `carried` are
    the heads the thread's turns stated (grammar.turn_heads.carried_heads), for the states after a rebase; a line a
    scope of `opened` starts on holds a label the other readers read already ("Before the rebase (5e6f7a8b9c, ...)")."""
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
    return out


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
