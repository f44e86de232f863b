"""A change stated as what it reduces ("reduces mean TPOT by about 35.4%", "cuts TTFT by 12%"): the measure named
between the verb and "by" went down by the share that follows, so the claim is that measure's change, negative.
("Time spent drops by ~40%" names its measure before the verb: a reduction of 40 %, as the corpora's gold reads it.)"""

from __future__ import annotations

import re
from typing import Any

from ledger.vocab.metrics import higher_is_better

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


# "low concurrency regresses throughput/TPOT by about 1%-1.6%": one or two measures a change made worse, by the share
# that follows
_REGRESSED_BY_RE = re.compile(
    r"\bregress(?:es|ed|ing)?\s(?:the\s)?(?P<a>[A-Za-z][\w-]{0,24})(?:\s?(?:/|and|&)\s?(?P<b>[A-Za-z][\w-]{0,24}))?"
    r"\sby\s(?:(?:about|around|roughly|approximately|nearly|up\sto)\s)?[~≈]?\s?$",
    re.IGNORECASE,
)


def regressed_by(out: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """Each share the words before it say one or two measures regressed by: a change of each, signed the way that
    measure gets worse (a throughput down, a TPOT up)."""
    if "regress" not in text.lower():
        return out
    done: list[dict[str, Any]] = []
    for c in out:
        m = (
            _REGRESSED_BY_RE.search(text, max(0, c["start"] - 120), c["start"])
            if c.get("unit") == "%" and isinstance(c.get("value"), float) and c["value"] > 0
            else None
        )
        if m is None:
            done.append(c)
            continue
        for name in filter(None, (m.group("a"), m.group("b"))):
            sign = -1.0 if higher_is_better(name, None, "perf") else 1.0
            high = c.get("high")
            done.append(
                {**c, "metric": name, "value": sign * c["value"], "high": None if high is None else sign * high}
            )
    return done
