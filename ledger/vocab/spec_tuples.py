"""SGLang's speculative tuple in a label ("EAGLE (3 1 4)", "MTP (5 4 8)"): steps, top-k and draft tokens, each a
setting of its own. Apart from setup.py, which reads it among its setup words (size rule)."""

from __future__ import annotations

from ledger.vocab.setup_word import make_word as _word

_METHODS = ("eagle", "mtp", "nextn", "medusa")
_METHOD = r"(?:eagle3?|mtp|nextn|medusa)"

# "EAGLE (3 1 4)", "MTP (5 4 8)": SGLang's speculative tuple, steps / top-k / draft tokens, each a setting of its own
_BRACKETED = _METHOD + r"[ ,]{0,2}\((\d{1,2})[ ,/]{1,2}(\d{1,2})[ ,/]{1,2}(\d{1,3})\)"
SPEC_TUPLE_WORD = _word("draft_len", "draft_len", _BRACKETED, _METHODS, _METHODS)
# "MTP 3-1-4", "EAGLE 3,1,4": the same tuple written without its brackets, its numbers joined by one dash or comma
# ("MTP 1/2/3" and "MTP 1, 2, 3" list draft lengths a sweep ran)
_JOINED_TUPLE_WORD = _word(
    "draft_len", "draft_len", _METHOD + r" ?(\d{1,2})[-,](\d{1,2})[-,](\d{1,3})(?![\w.,-])", _METHODS, _METHODS
)
SPEC_TUPLE_WORDS = (SPEC_TUPLE_WORD, _JOINED_TUPLE_WORD)
"""Every way a speculative tuple is written (the setup readers and the prose guards read them all)."""
SPEC_TUPLE_KEYS = ("spec_steps", "spec_topk", "draft_len")
"""The keys of a speculative tuple's three numbers, in the order it writes them (its draft tokens are the draft
length compare bounds an acceptance length by)."""


def in_spec_tuple(text: str, start: int, end: int) -> bool:
    """The number at text[start:end] is one of a speculative tuple's ("EAGLE (3,1,4)", "MTP 3-1-4"): a setting,
    never a result of its own."""
    lo = max(0, start - 24)
    window = text[lo : end + 12]
    low = window.lower()
    # every tuple names its method and joins its numbers with one of these: most numbers are asked no pattern
    if not any(m in low for m in _METHODS) or not ("(" in window or "-" in window or "," in window):
        return False
    found = (m for w in SPEC_TUPLE_WORDS for m in w.pattern.finditer(window))
    return any(m.start() + lo <= start < m.end() + lo for m in found)
