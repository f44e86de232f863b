"""Words of a support matrix's column names that tell no column from another.

A device class ("GPU", "NPU", "chips") heads many platforms' names: "AMD GPU" and "Intel GPU" share it and are two
platforms. A maker's or product's word ("AWS", "Trainium", "TPU") is what a renamed column keeps
("AWS Inferentia" -> "AWS Neuron", "Trainium chips" -> "AWS Trainium"): compare.support_renames reads the words two
column names share, less these, as a sign that one column was renamed where its cells alone cannot say so.
"""

from __future__ import annotations

import re

CLASS_WORDS: frozenset[str] = frozenset(
    {
        "gpu",
        "gpus",
        "cpu",
        "cpus",
        "npu",
        "npus",
        "xpu",
        "accelerator",
        "accelerators",
        "chip",
        "chips",
        "device",
        "devices",
        "hardware",
        "platform",
        "backend",
        "engine",
        "support",
        "supported",
        "series",
        "the",
        "and",
        "for",
        "with",
    }
)
_WORD_RE = re.compile(r"[a-z][a-z0-9]{2,}")


def name_words(name: str) -> frozenset[str]:
    """The words of a column's name that can tell it from another (three characters at least, no device class)."""
    return frozenset(w for w in _WORD_RE.findall(name[:300].lower()) if w not in CLASS_WORDS)
