"""What hardware can do, quoted to motivate a change: "the M2 Max can sustain 340 GB/s", "FP16 tensor cores (989
TFLOPS)", "(3,958 TFLOPS on Hopper)": a capability or a spec sheet's figure, never a run's measurement.

Apart from prose.guards, which asks both of every number of prose, because they are one kind of number not measured.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import Number
from ledger.vocab.word_gate import WordGate

# a capability, not a measurement: "can sustain 340 GB/s", "could reach up to 400 GB/s", "peak bandwidth of 3.35 TB/s"
_CAPABILITY_BEFORE_RE = WordGate(
    re.compile(
        r"\b(?:(?:can|could|should|would|might|may)\s(?:\w{1,20}\s){0,4}?(?:reach|sustain|achieve|deliver|hit|handle|do)"
        r"|(?:peak|theoretical|rated|spec(?:ified)?)\s(?:memory\s)?(?:bandwidth|throughput|flops|tflops)(?:\sof)?)"
        r"\s(?:up\sto\s|about\s|around\s|roughly\s)?~?$",
        re.IGNORECASE,
    )
)  # (searched before every number: only where a modal or a rating's noun stands)
_PEAK_UNITS = frozenset(("tflops", "tflop/s", "pflops", "tb/s", "gb/s"))
"""The rates a hardware's sheet rates it at (compute, memory or link bandwidth)."""
# "FP16 tensor cores (", "HBM3e (", "NVLink (": the part a parenthesised rate right after it rates
_PEAK_PART_RE = re.compile(
    r"(?:(?<![\w-])(?:tensor|cuda|matrix|vector)\s)?(?:cores|(?<![\w-])(?:sms?|hbm\d?e?|nvlink|pcie(?:\s?gen\s?\d)?))"
    r"\s?\(\s?~?$",
    re.IGNORECASE,
)
# "(3,958 TFLOPS on Hopper)": a rate on an architecture, not on a board a run used
_ON_ARCH_RE = re.compile(
    r"\s(?:on|for)\s(?:the\s)?(?:hopper|blackwell|ampere|ada(?:\slovelace)?|volta|turing|cdna\s?\d|rdna\s?\d)"
    r"(?:\s(?:gpus?|architecture))?\s?\)",
    re.IGNORECASE,
)


def peak_spec(text: str, n: Number) -> bool:
    """A rate alone in a parenthesis after the hardware part it rates ("tensor cores (989 TFLOPS)"), or stated for
    an architecture ("(3,958 TFLOPS on Hopper)"): a spec sheet's figure quoted to motivate a change, no result."""
    before = text[max(0, n.start - 40) : n.start]
    if (n.unit or "").lower() not in _PEAK_UNITS or not before.rstrip(" ~").endswith("("):
        return False
    return _PEAK_PART_RE.search(before) is not None or _ON_ARCH_RE.match(text, n.end) is not None


def capability_before(text: str, start: int) -> bool:
    """What a hardware can do ends right before the number at `start` ("can sustain", "peak bandwidth of")."""
    return _CAPABILITY_BEFORE_RE.search(text, max(0, start - 60), start) is not None
