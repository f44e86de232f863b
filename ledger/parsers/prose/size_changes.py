"""How a size changed, stated in prose.

A ratio of sizes: "the packed weights are 4x smaller", "a 2x larger graph", "uses a 3x smaller KV cache". The factor
says how much a thing's size changed, never how much faster anything ran: it is named by the thing it sizes, with
the way it went ("weights size reduction", "graph size increase"), whatever clause the words before it are
("Because the", "It uses") or however a speed word elsewhere in the sentence named it.

A saving: "(saves 2GB VRAM)", "frees 1.5 GB of memory". The size a change saved is a measured result of it, though
the words after it ("GB VRAM", "GB of memory") would say a card's capacity anywhere else (guards)."""

from __future__ import annotations

import re
from typing import Any

from ledger.parsers.grammar.numbers import Number
from ledger.vocab.units import RATIO_UNITS, is_size_unit

# the comparative right after the factor, and the thing it sizes when a noun follows ("4x smaller KV cache"); not a
# joint or a preposition ("3x smaller and", "2x larger than before", "4x smaller on disk")
_SIZE_AFTER_RE = re.compile(
    r"[ \t]{1,2}(?P<how>smaller|larger|bigger|lighter)\b"
    r"(?:[ \t](?!(?:than|and|or|but|on|in|at|for|with|so|when|while|because|to|from|by|then)\b)"
    r"(?P<what>[A-Za-z][\w-]{0,24}(?:[ \t](?!(?:than|and|or|on|in|at|for|with|to|from|by)\b)[A-Za-z][\w-]{0,24})?))?",
    re.IGNORECASE,
)
# the subject sized before the factor: "... the packed weights are ", "the checkpoint gets ", "its index is now "
_SUBJECT_BEFORE_RE = re.compile(
    r"(?P<what>[A-Za-z][\w-]{0,24}(?:[ \t][A-Za-z][\w-]{0,24}){0,3})[ \t]"
    r"(?:is|are|was|were|gets?|got|becomes?|became|be)(?:[ \t](?:now|about|around|roughly|nearly|up[ \t]to))?[ \t]?"
    r"[~≈]?$",
    re.IGNORECASE,
)
# the words that open a clause or point at a thing, never a part of its name
_LEAD_WORDS = frozenset(
    [
        "because",
        "since",
        "as",
        "so",
        "and",
        "while",
        "that",
        "which",
        "the",
        "a",
        "an",
        "its",
        "your",
        "our",
        "their",
        "this",
        "these",
        "those",
        "my",
        "whose",
        "then",
    ]
)
_DOWN = ("smaller", "lighter")


def _subject(text: str, start: int) -> str | None:
    """The thing the words before the factor say is smaller or larger, without the words that open its clause."""
    m = _SUBJECT_BEFORE_RE.search(text, max(0, start - 80), start)
    if m is None:
        return None
    words = m.group("what").split()
    cut = max((i + 1 for i, w in enumerate(words) if w.lower() in _LEAD_WORDS), default=0)
    return " ".join(words[cut:]) or None


# the verb of a saving right before the size ("saves ~2 GB", "saving up to 1.5 GiB", "freed 900 MB")
_SAVED_BEFORE_RE = re.compile(
    r"\b(?:sav(?:es?|ed|ing)|free(?:s|d|ing)?|reclaim(?:s|ed|ing)?)[ \t](?:(?:up[ \t]to|about|around|roughly|nearly|"
    r"over|another|an?[ \t]extra)[ \t])?[~≈]?$",
    re.IGNORECASE,
)


# "peak 66 tok/s at n_cpu_moe=24 (27.5GiB VRAM)": a size in the parenthesis right after a rate and its setting is the
# memory that run took, a second result of it (a board's "(32GB, sm_120)" follows a name, no rate)
_RATE_PAREN_BEFORE_RE = re.compile(r"\d\s?(?:tok/s|t/s|tokens?/s)(?![\w/])[^()\n]{0,40}\(\s?$", re.IGNORECASE)


# "Running it using only 14GB VRAM and 382GB DRAM", "at least 11GB VRAM": the memory a run takes, the least of it
# (its verb of use right before it, or before the size listed first; "every run used one card (64GB HBM)" is the card's)
_USED_BEFORE_RE = re.compile(
    r"\b(?:using|uses|consum(?:es|ed|ing)|occup(?:ies|ied|ying)|takes|took)[ \t](?:only[ \t]|just[ \t]|about[ \t]|~)?"
    r"(?:\d[\d.]{0,6}[ \t]?[GT]i?B[ \t][A-Za-z]{2,6}(?:[ \t]and|,)[ \t])?$|\bat[ \t]least[ \t]$",
    re.IGNORECASE,
)


def measured_size(text: str, n: Number) -> bool:
    """Whether the number is a size measured, though the words after it would name a capacity ("GB VRAM"): one a
    change saved ("saves 2GB VRAM"), one in the parenthesis right after a rate ("66 tok/s (27.5GiB VRAM)"), one a
    run uses ("using only 14GB VRAM", "at least 11GB VRAM")."""
    return is_size_unit(n.unit) and (
        _SAVED_BEFORE_RE.search(text, max(0, n.start - 30), n.start) is not None
        or _RATE_PAREN_BEFORE_RE.search(text, max(0, n.start - 80), n.start) is not None
        or _USED_BEFORE_RE.search(text, max(0, n.start - 60), n.start) is not None
    )


def size_changes(out: list[dict[str, Any]], text: str) -> None:
    """Name each factor a size comparative follows by the size it changed ("weights size reduction"), its kind a
    perf result as any measured size; and each size saved a memory saving (no clause's words before it)."""
    for c in out:
        if is_size_unit(c.get("unit")) and _SAVED_BEFORE_RE.search(text, max(0, c["start"] - 30), c["start"]):
            c["metric"] = "memory saving"
            continue
        if c.get("unit") not in RATIO_UNITS or not isinstance(c.get("value"), float) or c.get("reference") is not None:
            continue
        m = _SIZE_AFTER_RE.match(text, c["end"], c["end"] + 80)
        if m is None:
            continue
        thing = m.group("what") or _subject(text, c["start"])
        way = "reduction" if m.group("how").lower() in _DOWN else "increase"
        c["metric"] = f"{thing} size {way}" if thing else f"size {way}"
