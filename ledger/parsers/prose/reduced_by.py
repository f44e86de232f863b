"""A change stated as what it reduces ("reduces mean TPOT by about 35.4%", "cuts TTFT by 12%"): the measure named
between the verb and "by" went down by the share that follows, so the claim is that measure's change, negative.
("Time spent drops by ~40%" names its measure before the verb: a reduction of 40 %, as the corpora's gold reads it.)"""

from __future__ import annotations

import re
from typing import Any

# the verb, the measure's words (one to four), "by", an approximation word: right before the number
_REDUCED_BY_RE = re.compile(
    r"\b(?:reduc(?:es|ed|ing|e)|cut(?:s|ting)?|lower(?:s|ed|ing)?|decreas(?:es|ed|ing|e)|shorten(?:s|ed|ing)?)"
    r"\s(?P<what>[\w/@.-]{1,24}(?:\s[\w/@.-]{1,24}){0,3}?)\sby\s(?:(?:about|around|roughly|approximately|nearly)\s)?"
    r"[~≈]?\s?$",
    re.IGNORECASE,
)
_THE_RE = re.compile(r"^(?:the|its|our)\s", re.IGNORECASE)


def reduced_by(out: list[dict[str, Any]], text: str) -> None:
    """Each share the words before it say a measure was reduced by: that measure's change, negative, named as the
    text names it ("mean TPOT", not "TPOT": the statistic is part of the measure)."""
    for c in out:
        if c.get("unit") != "%" or not isinstance(c.get("value"), float) or c["value"] <= 0:
            continue
        m = _REDUCED_BY_RE.search(text, max(0, c["start"] - 120), c["start"])
        metric = (c.get("metric") or "").lower()
        if m is None or not metric or metric not in m.group("what").lower():
            continue  # ("reduces the gap by 3%" where the value is named otherwise: not this measure's change)
        c["value"] = -c["value"]
        if c.get("high") is not None:
            c["high"] = -c["high"]
        c["metric"] = _THE_RE.sub("", m.group("what"))
