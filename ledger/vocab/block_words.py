"""The blocks a run is set up with: the block (or page) its KV cache is allotted in ("block size 16", vLLM's
`--block-size 32`, SGLang's "page size 64"), and the block a block-diffusion drafter drafts in one step ("DFlash2,
FA3, block 5"), which is that drafter's draft length. Apart from setup.py, which reads them among its setup words
(size rule)."""

from __future__ import annotations

from ledger.vocab.setup_word import SEP
from ledger.vocab.setup_word import make_word as _word

BLOCK_DRAFTERS = ("dflash",)
"""The drafters that draft a block of tokens at once (block diffusion): the bare "block N" beside one is its draft
length; beside none, "block 5" is any block of anything (a thread block, a tile) and no setting."""

DRAFT_BLOCK = "draft_block"
"""A drafter's "block 5" as read, before `drafted_block` makes it the draft length (or drops it)."""

BLOCK_WORDS = (
    # ("page_size=64", "kv block size: 32"; a kernel's "block size 128" too: another launch, another timing; never a
    # maximum, "max block size 256", the engine's limit)
    _word(
        "block_size",
        "block_size",
        rf"(?<!max[ _-])(?<!maximum )(?:page|(?:kv[ _-]?(?:cache[ _-]?)?)?block)[ _-]size{SEP}(\d{{1,4}})",
        ("size",),
        ("page", "kv", "block"),
    ),
    # "block 5", "block=5": read as a draft block, kept only where the line names a block drafter (setup.py)
    _word(DRAFT_BLOCK, "draft_len", r"block(?: ?[=:] ?| )(\d{1,3})", ("block",), ("block",)),
)
"""Read among vocab.setup's words."""

CONSUMED_KEYS = frozenset({DRAFT_BLOCK})
"""Keys the words above write that `drafted_block` takes back before any claim holds them."""


def drafted_block(setup: dict[str, str]) -> dict[str, str]:
    """`setup` with its "block N" read as the draft length where its method drafts in blocks, and dropped elsewhere."""
    block = setup.pop(DRAFT_BLOCK, None)
    if block is not None and setup.get("spec_algo", "").startswith(BLOCK_DRAFTERS):
        setup.setdefault("draft_len", block)
    return setup
