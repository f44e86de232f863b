"""Where an open revision stops short of its section's end (grammar.revisions opens it), besides where another
opens:

    Earlier validation:                 a label naming no commit covers its list; the paragraph after the list is
    - gsm8k 0.91                        no longer its
    Rerun on `9927575`:                 a head stated for a round ...
    - prefill: +2.6%
    The first round: its deltas were    ... is not the head of a paragraph giving an earlier round's values; it goes
    +2.7% prefill.                      on after that paragraph

A lead-in that names the base its runs sat on ("applied the patch to current main (`X`):") names a commit, and holds
on over its turn past its list as one naming a head does; a list item naming a base ("- Rebased onto X and ran it
again.") covers its list alone."""

from __future__ import annotations

import re

from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.revision_labels import BARE_LABEL_RE, SIDE_LABEL_RE
from ledger.parsers.grammar.turn_leads import TurnLead
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.other_runs import earlier_round

_BULLET_RE = re.compile(r"^\s{0,8}[-*+•]\s{1,4}")


def end_before(current: RevisionScope | None, block: Block) -> None:
    """The open scope ends where `block` opens another."""
    if current is not None:
        current.end = block.start - 1


def list_label_ends(doc: Document, idx: int, current: RevisionScope, opens_results: bool) -> bool:
    """Whether the open revision, a label without a commit ("Earlier validation:"), ends at the `idx`th block, a
    paragraph after its list (the next side's label over its own list is no paragraph: "PR (3 trials):" after "Main
    (3 trials):" and its items)."""
    block = doc.blocks[idx]
    return (
        current.revision.head is None
        and (current.revision.base is None or _BULLET_RE.match(doc.line(current.start)) is not None)
        and idx > 0
        and doc.blocks[idx - 1].kind == "item"
        and not BARE_LABEL_RE.match(block.text)
        and not (opens_results and SIDE_LABEL_RE.match(block.text.replace("`", "")))
    )


def past_earlier_round(block: Block, current: RevisionScope | None, turn: TurnLead) -> RevisionScope | None:
    """Where a paragraph under the open revision states an earlier round's values ("the first round: its deltas were
    +2.7%"), the open revision stops before it and goes on after it (the scope returned): that round ran before the
    commit the turn names (vocab.other_runs.earlier_round). None where it does not."""
    if current is None or not (current.revision.head or current.revision.base) or current.end <= block.end:
        return None
    if not earlier_round(block.text):
        return None
    after = RevisionScope(start=block.end + 1, end=current.end, revision=current.revision)
    current.end = block.start - 1
    turn.lead = after if turn.lead is current else turn.lead
    return after
