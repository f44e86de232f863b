"""Lead-ins that each name the run of the block under them: "org/Model FP8, TP8" over one eval's output, then
"other/Model-Int4 W4A16, TP4" over the next, in one section. Each is its own block's setup: none of them is the
section's or the document's, and a later one never reaches back over an earlier block."""

from __future__ import annotations

from ledger.memo import last_document
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.models import model_names

_MAX_LEAD = 160
"""A longer paragraph over a block is prose about many things, not the name of one run."""


@last_document  # (the document default and the section workloads both ask it)
def sibling_leads(doc: Document) -> frozenset[int]:
    """The lines of the one-line paragraphs right over a paste or a table that name a model and another setting,
    where one section holds two or more of them naming different models."""
    out: list[int] = []
    group: list[tuple[int, str]] = []
    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.kind in ("heading", "comment"):
            out.extend(_siblings(group))
            group = []
        elif (model := _lead_model(blocks, k)) is not None:
            group.append((b.start, model))
    out.extend(_siblings(group))
    return frozenset(out)


def sibling_blocks(doc: Document) -> list[Block]:
    """The sibling leads' blocks, each ending the reach of the one above it as a heading would: "For X (TP4) MTP, with
    synthetic accept mode (0.9 0.8 0.6)" over its tables, then "For Y (TP1) MTP" over the next: Y's runs keep none of
    X's settings, those Y's lead restates or not."""
    leads = sibling_leads(doc)
    return [b for b in doc.blocks if b.start in leads]


def _siblings(group: list[tuple[int, str]]) -> list[int]:
    return [no for no, _ in group] if len({model.lower() for _, model in group}) > 1 else []


def _lead_model(blocks: list[Block], k: int) -> str | None:
    """The model block k names as the lead-in of the paste or table right under it, with a setting beside it."""
    b = blocks[k]
    nxt = blocks[k + 1] if k + 1 < len(blocks) else None
    if b.kind != "text" or b.in_code or b.start != b.end or len(b.text) > _MAX_LEAD or nxt is None:
        return None
    if nxt.kind not in ("code", "table") or nxt.start - b.end > 2:
        return None
    setup = line_setup(b.text)
    return setup["model"] if "model" in setup and len(setup) >= 2 and model_names(b.text) else None
