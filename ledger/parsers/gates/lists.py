"""Gates in lists: the items under a label that gives their outcome.

    • Not verified:  • tokens_per_block != 32                 the items of a "Not verified:" list
    The other gates:  • passkey, MTP3 and video               items under a label that says they passed

An item's label is its lead-in: the parent item, or the text line above a top-level list.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.gates.claims import gate, top_level_split
from ledger.parsers.reader.document import Block, Document

NOT_VERIFIED_LABEL_RE = re.compile(
    r"^\s*(?:[*_]{0,2})(?P<label>not verified|not tested|untested|not covered|not measured|unverified|"
    r"not yet verified|not run)(?:[*_]{0,2})\s*:\s*(?:[*_]{0,2})\s*$",
    re.IGNORECASE,
)
OTHER_GATES_RE = re.compile(
    r"^\s*(?:the\s+)?(?:other|remaining|additional|rest of the)\s+(?:gates|checks)\s*:\s*$", re.IGNORECASE
)
_ITEM_LINE_RE = re.compile(r"^([ \t]*)(?:[-*+•◦▪‣]|\d{1,3}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?")
_HAS_DECIMAL_RE = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])|\(ref\b")
_LEADS = "gates.leads"
"""The memo slot of the top-level items' lead-ins, named for the gates extractor (its reader)."""


def lead_in(block: Block, ctx: Context) -> str | None:
    """The line that introduces the list this item belongs to: its parent item, or the text line
    above a top-level list."""
    if block.kind != "item":
        return None
    if block.level == 0:
        # top-level item line -> its lead-in line (0: none within reach), per document
        return _top_lead_in(block.start, ctx.doc, ctx.memo.setdefault(_LEADS, {}))
    for no in range(block.start - 1, max(0, block.start - 80), -1):
        raw = ctx.doc.line(no)
        if not raw.strip():
            continue
        bm = _ITEM_LINE_RE.match(raw)
        if bm is None:
            return raw.strip() if block.level == 0 else None
        if len(bm.group(1).replace("\t", "    ")) // 2 < block.level:
            return raw[bm.end() :].strip()
    return None


def _top_lead_in(start: int, doc: Document, known: dict[int, int]) -> str | None:
    """lead_in of a top-level item: the nearest non-blank line above it that is not an item, within 79
    lines. The walk stops at an item above whose answer is known: the lines between are items or blank,
    so it is this item's answer too, if still within reach (each item of a long list costs O(1))."""
    lowest = max(1, start - 79)
    found = 0
    for no in range(start - 1, lowest - 1, -1):
        raw = doc.line(no)
        if not raw.strip():
            continue
        if _ITEM_LINE_RE.match(raw) is None:
            found = no
            break
        above = known.get(no)
        if above is not None:
            found = above if above >= lowest else 0  # 0 above: none within its reach, which reaches lower
            break
    known[start] = found
    return doc.line(found).strip() if found else None


def listed_gates(block: Block, ctx: Context) -> Iterator[Claim]:
    """Items of "The other gates:" under a label that says they passed: one gate per named check."""
    rev = ctx.revision_at(block.start)
    if rev is None or not rev.label or not re.search(r"\bpass(?:ed|es)?\b", rev.label, re.IGNORECASE):
        return
    text = block.text.strip()
    if _HAS_DECIMAL_RE.search(text):
        return  # values: the prose reader's
    list_head = ""
    for seg in top_level_split(text.rstrip("."), r";\s*"):
        seg = seg.strip()
        hm = re.match(r"^([^:]{2,60}):\s+(.+)$", seg)
        if hm:
            list_head, seg = hm.group(1).strip(), hm.group(2).strip()
        head = list_head  # "Passkeys: A, B; C and D": the head serves every segment after it
        parts = [p.strip() for p in top_level_split(seg, r",\s+|\s+and\s+")]
        if len(parts) >= 3 and _first_word(parts[-1]) == _first_word(parts[-2]) != _first_word(parts[0]):
            # "Forced acceptance at draft 7, all rejected and all accepted": a head and a parallel pair
            head = f"{head}: {parts[0]}" if head else parts[0]
            parts = parts[1:]
        for p in parts:
            name = f"{head}: {p}" if head else p
            yield gate(ctx, block.start, block.text.strip(), name, "pass", None, note="listed among gates that passed")


def _first_word(text: str) -> str:
    w = text.split()
    return w[0].lower() if w else ""
