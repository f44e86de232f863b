"""The output length a text states as its requests' cap: "max tokens 2000", "max_tokens=512", "max_new_tokens:
256", "generating up to 256 tokens". A serving or drafting benchmark sets the cap on every request it sends, and
its runs' output lengths are that cap (the command readers take "--max-tokens 512" of a bench script so:
vocab.flags); stated once in a section's prose or list it is the OSL of every result the section holds. An eval's
cap on its answers is no length of its scores: the claim builder keeps the serving lengths off accuracy claims.

Never an engine's budget of tokens ("max tokens per batch 8192", "max_num_tokens=8192", "max_tokens_per_step"):
the number stands right after the cap's own name, or the words are another setting's."""

from __future__ import annotations

from ledger.vocab.setup_word import SetupWord
from ledger.vocab.setup_word import make_word as _word

_TOKENS = r"(\d{1,3}(?:,\d{3})+|\d{1,6}k?)"
"""A token count as a cap is written: "2000", "16,384", "4k"."""

OUTPUT_CAP_WORDS: tuple[SetupWord, ...] = (
    # "max tokens 2000", "max_tokens=512", "max new tokens: 256", "maximum output tokens of 1024" (never a command's
    # flag, "--max-tokens 32768": the command reader knows whether its tool is a benchmark's or an eval's, vocab.flags)
    _word(
        "osl",
        "osl",
        r"(?<![-\w])max(?:imum)?[ _-]?(?:new[ _-]|output[ _-]|gen(?:erated|eration)?[ _-]|completion[ _-])?tokens"
        rf"(?: ?[=:] ?| of | ){_TOKENS}(?![\d.,]\d)",
        ("tokens",),
        ("max",),
    ),
    # "generating up to 256 tokens", "decodes at most 1k new tokens": the cap in a sentence of what a request does
    _word(
        "osl",
        "osl",
        rf"(?:generat(?:es?|ing)|decod(?:es?|ing)) (?:up to|at most) {_TOKENS} (?:new |output |generated )?tokens",
        ("up to", "at most"),
        ("generat", "decod"),
    ),
)
"""Read among vocab.setup's words."""

# "one output token", "a single output token": a prefill sweep's (never "one output token and the next": a gap)
ONE_OUTPUT_TOKEN = _word(
    "osl",
    "osl",
    r"(?:a )?(single|one|1) (?:output|generated|new) token(?!s)(?! (?:and|to|after)\b)",
    ("token",),  # (a trigger hides the shorter ones it opens with: "output" would hide the other lengths')
    ("a single", "single", "one", "1"),
)


def states_output_cap(text: str) -> bool:
    """Whether `text` states a cap on its outputs in words ("max_tokens=4096", "generating up to 256 tokens")."""
    low = text[:2000].lower()
    return any(any(t in low for t in w.triggers) and w.pattern.search(text[:2000]) for w in OUTPUT_CAP_WORDS)
