"""The speed each clause of a sentence names for its own ratio: "Prefill is 1.5x faster and decode 1.1x faster" states
two speed-ups, prefill's and decode's. The second clause leaves its verb out, so the measure read before its number is
the first clause's ("Prefill"); the speed named right after the joint is the one its number changed.

Apart from prose/clause_measures.py because it reads the words between a joint and the number, the reader there the
nouns after it."""

from __future__ import annotations

import re
from typing import Any

from ledger.vocab.speed_names import SPEED_MEASURE_WORDS
from ledger.vocab.units import RATIO_UNITS

# "and decode 1.1x", ", token generation is up to 1.3x", "while TG got ~": a joint, the speed's name, a verb, a hedge
# (read in a window of 80 characters before the number: linear on any line)
_SPEED_AFTER_JOINT_RE = re.compile(
    r"(?:\band|\bwhile|\bbut|\bwhereas|[,;])[ \t]{1,3}(?:the[ \t]{1,3})?(?P<name>" + SPEED_MEASURE_WORDS + r")"
    r"(?:[ \t]{1,3}(?:speed|throughput|performance))?"
    r"(?:[ \t]{1,3}(?:is|was|gets|got|becomes|became|went|runs))?"
    r"(?:[ \t]{1,3}(?:now|up[ \t]to|about|around|roughly|nearly|almost))?[ \t]{1,3}[~≈]?$",
    re.IGNORECASE,
)
# the comparative after the number (its range's high end first): "1.1x faster", "10-20% slower"
_COMPARATIVE_AFTER_RE = re.compile(
    r"(?:[ \t]?[~-][ \t]?\d{1,4}(?:\.\d{1,4})?[ \t]?[%x×])?[ \t]{1,2}(?P<how>faster|quicker|slower)\b", re.IGNORECASE
)


def clause_speeds(out: list[dict[str, Any]], text: str) -> None:
    """Name each ratio or share a clause's speed changed ("and decode 1.1x faster") after that speed; a share its
    text calls slower is a speed-up below zero, a ratio so called a slowdown (as prose.ratio_names reads them)."""
    for c in out:
        unit = c.get("unit")
        if (unit != "%" and unit not in RATIO_UNITS) or not isinstance(c.get("value"), float):
            continue
        cm = _COMPARATIVE_AFTER_RE.match(text, c["end"], c["end"] + 40)  # (the cheap anchored test first)
        m = _SPEED_AFTER_JOINT_RE.search(text, max(0, c["start"] - 80), c["start"]) if cm is not None else None
        if m is None or cm is None:
            continue
        name = m.group("name")
        if (c.get("metric") or "").lower().startswith(name.lower()):
            continue  # (already its own speed's)
        slower = cm.group("how").lower() == "slower"
        c["metric"] = f"{name} {'slowdown' if slower and unit in RATIO_UNITS else 'speedup'}"
        if slower and unit == "%":
            for key in ("value", "high"):
                if isinstance(c.get(key), float) and c[key] > 0:
                    c[key] = -c[key]
