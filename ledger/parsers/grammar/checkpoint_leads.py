"""The precision a lead-in's phrase gives its checkpoint ("Accuracy implications (w/ NVFP4 ckpt):", "Scores with an
NVFP4 checkpoint:", "Results using the FP8 checkpoint:"): the weights of every run the lead-in leads. That is the block
right under it, or, where the lead-in stands over lead-ins of its own ("Using E4M3 (...):" / "Using UE8M0 (...):",
each over its paste), every block up to its section's end: the arms differ in their own setting, the checkpoint is
theirs alike. And the checkpoint a paragraph packs into one label for the table under it ("done on **30B 4bit
128g**")."""

from __future__ import annotations

from ledger.parsers.grammar.heading_setup import setup_sentence
from ledger.parsers.grammar.line_setup import DEFAULT_KEYS, line_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.blocks import Block
from ledger.parsers.reader.line_kinds import ends_in_colon
from ledger.vocab.checkpoint_labels import checkpoint_dtype_word, lead_checkpoint
from ledger.vocab.setup import qualifiers

_LED = ("code", "table", "item")


def checkpoint_lead(blocks: list[Block], k: int, text: str, section_end: int) -> SetupScope | None:
    """The scope of block k's checkpoint precision where it is a lead-in naming one (see the module), else None."""
    if not ends_in_colon(text) or (word := checkpoint_dtype_word(text)) is None:
        return None
    if (quant := qualifiers(word).get("quant")) is None or "quant" in setup_sentence(text, True):
        # ("with the base checkpoint:": no precision named; "Eight requests at a time, bf16 weights:": a lead the
        # sentence reader reads whole, to its section's end)
        return None
    nxt = blocks[k + 1] if k + 1 < len(blocks) else None
    if nxt is None or nxt.start - blocks[k].end > 2:
        return None
    if nxt.kind in _LED:
        end = nxt.end
    elif nxt.kind == "text" and ends_in_colon(nxt.text) and _leads_block(blocks, k + 1):
        end = section_end
    else:
        return None
    values = {key: v for key, v in line_setup(text[:400]).items() if key in DEFAULT_KEYS}
    return SetupScope(blocks[k].start, end, {**values, "quant": quant})


def _leads_block(blocks: list[Block], k: int) -> bool:
    nxt = blocks[k + 1] if k + 1 < len(blocks) else None
    return nxt is not None and nxt.kind in _LED and nxt.start - blocks[k].end <= 2


def paragraph_checkpoint(blocks: list[Block], k: int) -> list[SetupScope]:
    """The checkpoint the paragraph ending at block k (its lines one block each, up to ten) names for the table right
    under it ("The following tests were all done on **30B 4bit 128g** with various settings, ..."): that table's."""
    j = k
    while j > 0 and k - j < 10 and blocks[j - 1].kind == "text" and blocks[j - 1].end == blocks[j].start - 1:
        j -= 1
    packed = lead_checkpoint(" ".join(blocks[i].text for i in range(j, k + 1)))
    return [SetupScope(blocks[j].start, blocks[k + 1].end, packed)] if packed else []
