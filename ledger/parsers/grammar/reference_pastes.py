"""A paste under a lead-in that names it the reference run in a precision, beside the paste of the run it is the
reference of:

    Accuracy results                    <- the quantized run: 84.39 with reference 85.102
    ```The top1 accuracy of the model is 84.39%```
    Reference accuracy for fp16         <- the reference: its values are the references above, no claims of their own
    ```The top1 accuracy of the model is 85.102%```

as a full-precision column or row is of the quantized ones (tables.precision_columns, tables.precision_rows). The
two pastes must list the same measures, in the same section, one right after the other, the reference first or
second. A lead-in naming a side and no precision ("Before:", "main:") names a revision (grammar.revisions): both
pastes are then results, which compare pairs.
"""

from __future__ import annotations

import re

from ledger.model import Claim
from ledger.parsers.grammar.fence_sides import pair_arms
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.setup import qualifiers

# "Reference accuracy for fp16", "**Baseline (bf16):**": a lead-in opening with the reference's name
_LEAD_RE = re.compile(r"^\s{0,3}(?:[*_]{1,2})?(?:reference|baseline|ref)\b", re.IGNORECASE)
_MAX_GAP = 2
"""Blank lines allowed between a lead-in and its paste."""
_MAX_LEAD = 100
"""A lead-in is a short line; a longer text says more than which run the paste is."""


def reference_pastes(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims with each paste under a reference's lead-in (see the module) folded into its neighbour's as their
    references."""
    by_line: dict[int, list[Claim]] = {}
    for c in claims:
        if isinstance(c.value, float):
            by_line.setdefault(c.source.line, []).append(c)
    changed: dict[int, Claim | None] = {}
    prev: tuple[Block, list[Claim], bool] | None = None
    for k, block in enumerate(doc.blocks):
        if block.kind != "code" or block.in_code:
            continue
        own = [c for no in range(block.start, block.end + 1) for c in by_line.get(no, [])]
        is_ref = k > 0 and _reference_lead(doc.blocks[k - 1], block)
        if own and prev is not None and prev[2] != is_ref and _beside(prev[0], block, prev[1], own):
            base, other = (own, prev[1]) if is_ref else (prev[1], own)
            changed.update(pair_arms(base, other, None, _key))
        prev = (block, own, is_ref) if own else None
    if not changed:
        return claims
    return [new for c in claims if (new := changed.get(id(c), c)) is not None]


def _key(c: Claim) -> tuple[str, str, str]:
    """What a value and its reference share: kind, measure and unit, as printed ("top1" and "top5" are two)."""
    return (c.kind, c.metric or "", c.unit or "")


def _reference_lead(lead: Block, paste: Block) -> bool:
    """The block right over the paste is a reference's lead-in naming a precision ("Reference accuracy for fp16")."""
    return (
        lead.kind == "text"
        and not lead.in_code
        and 0 < paste.start - lead.end <= _MAX_GAP + 1
        and len(lead.text) <= _MAX_LEAD
        and _LEAD_RE.match(lead.text) is not None
        and "quant" in qualifiers(lead.text)
    )


def _beside(a: Block, b: Block, ca: list[Claim], cb: list[Claim]) -> bool:
    """Two pastes of one section listing the same measures, with no more than a lead-in line between them."""
    return a.section == b.section and b.start - a.end <= _MAX_GAP + 3 and [_key(c) for c in ca] == [_key(c) for c in cb]
