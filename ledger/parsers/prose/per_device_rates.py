"""A token rate its own clause says is each device's ("TTFT = 2.1s, TPOT = 31.5ms, each card averages 610 TPS"):
the throughput of one GPU (tok/s/gpu), never the latency named earlier in the sentence, which a comma does not
stop (prose.metrics.metric_before reads across commas, where a list of one measure's values goes on)."""

from __future__ import annotations

import re
from typing import Any

from ledger.vocab.units import canonical_unit

# the device a rate is each one's, ending the clause before the number: "each card averages", "per GPU is",
# "Average performance of each NPU is"; the clause opens after the last comma, semicolon or "and" (bounded gap)
_PER_DEVICE_RE = re.compile(
    r"\b(?:each|every|per|one)\s(?:single\s)?(?:card|gpu|npu|device|chip|accelerator|xpu)s?\b[^,;:\n]{0,40}$",
    re.IGNORECASE,
)
_CLAUSE_OPEN_RE = re.compile(r"[,;:]|\band\b", re.IGNORECASE)
_WINDOW = 80
"""How far before its number a rate's clause is read: a clause's few words, so each value costs constant work."""


def per_device_rates(out: list[dict[str, Any]], text: str) -> None:
    """Name each token rate whose clause names it each device's: throughput in tok/s/gpu."""
    for c in out:
        if canonical_unit(c.get("unit"), "perf") != "tok/s" or c.get("reference") is not None:
            continue
        lo = max(0, c["start"] - _WINDOW)
        opens = [m.end() for m in _CLAUSE_OPEN_RE.finditer(text, lo, c["start"])]
        if _PER_DEVICE_RE.search(text, opens[-1] if opens else lo, c["start"]) is not None:
            c["metric"], c["unit"] = "throughput", "tok/s/gpu"
