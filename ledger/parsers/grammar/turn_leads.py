"""A turn's opening statement of the commit it tested ("Tested at commit X on one L40S.", "I checked the change as a
backport of head X onto v0.9.2 (Y)"): the revision of the results in every section of its turn, where a side label's
revision ("main:", "### After") ends at the next heading of level 1 or 2."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.parsers.base import RevisionScope
from ledger.parsers.reader.document import Block
from ledger.parsers.reader.line_kinds import ends_in_colon
from ledger.vocab.head_moves import MEASURING_VERBS


def _closed_at(block: Block, current: RevisionScope | None) -> RevisionScope | None:
    """The open scope after a heading or a turn's line `block`: ended by a turn or a heading of level 1 or 2."""
    if current is None or (block.kind != "comment" and block.level > 2):
        return current
    current.end = block.start - 1
    return None


# "Tested at commit X", "I checked the change as a backport of head X": a sentence saying what a run was made on
_TESTED_RE = re.compile(r"\b(?:" + MEASURING_VERBS + r")\b", re.IGNORECASE)


@dataclass
class TurnLead:
    """A turn's opening statement of the commit it tested ("Tested at commit X on one L40S.", a paragraph before the
    turn's first section, no label's colon): it holds over all of the turn's sections, where a side label's revision
    ends at the next heading; a heading naming another revision holds over its own section
    (revisions._heading_scopes)."""

    lead: RevisionScope | None = None
    opening: bool = True
    """No section heading yet in this turn."""

    def opened(self, block: Block, scope: RevisionScope) -> None:
        """`block` opened `scope`: the turn's lead where it states its tested commit before any section."""
        rev = scope.revision
        tested = bool(rev.head) and not ends_in_colon(block.text) and _TESTED_RE.search(block.text[:600]) is not None
        self.lead = scope if self.opening and tested else None

    def past(self, block: Block, idx: int, current: RevisionScope | None) -> RevisionScope | None:
        """The open scope after heading or turn line `block` (the `idx`th block)."""
        if block.kind == "heading" and current is not None and current is self.lead:
            self.opening = False
            return current
        self.opening = block.kind == "comment" or (self.opening and block.level <= 1 and idx == 0)
        self.lead = None
        return _closed_at(block, current)
