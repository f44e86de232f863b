"""SGLang's speculative tuple in a label ("EAGLE (3 1 4)", "MTP (5 4 8)"): steps, top-k and draft tokens, each a
setting of its own. Apart from setup.py, which reads it among its setup words (size rule)."""

from __future__ import annotations

from ledger.vocab.setup_word import make_word as _word

# "EAGLE (3 1 4)", "MTP (5 4 8)": SGLang's speculative tuple, steps / top-k / draft tokens, each a setting of its own
SPEC_TUPLE_WORD = _word(
    "draft_len",
    "draft_len",
    r"(?:eagle3?|mtp|nextn|medusa)[ ,]{0,2}\((\d{1,2})[ ,/]{1,2}(\d{1,2})[ ,/]{1,2}(\d{1,3})\)",
    ("eagle", "mtp", "nextn", "medusa"),
    ("eagle", "mtp", "nextn", "medusa"),
)
SPEC_TUPLE_KEYS = ("spec_steps", "spec_topk", "draft_len")
"""The keys of a speculative tuple's three numbers, in the order it writes them (its draft tokens are the draft
length compare bounds an acceptance length by)."""
