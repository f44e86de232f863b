"""An acceptance measured where its sentence names two arms, one plain and one drafting ("Greedy outputs match on the
decode and MTP-3 path; acceptance length 4.00"): only the drafting arm drafts, so the acceptance is that arm's, its
method and its depth (MTP-3: mtp, draft length 3). The sentence sets up neither arm for its other values
(vocab.setup_negation.one_arm_of_two: "the plain and EAGLE3 runs" tell of both); this gives the arm back to the one
measure that names it.
"""

from __future__ import annotations

import re

from ledger.model import Claim
from ledger.parsers.reader.blocks import Document
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_negation import DRAFT_KEYS, drafted_arm

_SENTENCE_END_RE = re.compile(r"[.!?](?:\s|$)")
_REACH = 300
"""How far before its value a sentence is read for its arms."""


def arm_acceptance(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each acceptance that states no drafting setting of its own given the one drafting arm of the two its
    sentence names before it (see the module)."""
    for c in claims:
        if c.kind != "acceptance" or all(k in c.config for k in DRAFT_KEYS):
            continue
        line = doc.line(c.source.line)
        at = line.find(c.source.text) if c.source.text else -1
        if at <= 0:
            continue
        lo = max(0, at - _REACH)
        ends = [m.end() for m in _SENTENCE_END_RE.finditer(line, lo, at)]
        arm = drafted_arm(line[ends[-1] if ends else lo : at], qualifiers)
        if arm and c.config.get("spec_algo", arm["spec_algo"]) == arm["spec_algo"]:
            c.config.update({k: v for k, v in arm.items() if k not in c.config})
    return claims
