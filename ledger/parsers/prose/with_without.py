"""A measure stated without a feature, then with it, on lines next to each other:

    Median TPOT without fused routing: 19.51 ms
    Median TPOT with fused routing: 19.31 ms      <- 19.31 ms, reference 19.51 ms

The value with the feature is measured against the one without it: one claim of the measure ("Median TPOT"), the
feature as its variant, the value without it as its reference (a value paired with its baseline is one claim: the
baseline gets none of its own, as the claims contract says).
"""

from __future__ import annotations

import re
from collections import deque

from ledger.model import Claim
from ledger.vocab.text import lower_for_words

_SIDE_RE = re.compile(
    r"^(?P<measure>.{2,80}?)\s+(?P<side>without|w/o|with|w/)\s+(?P<feature>\S.{0,60})$", re.IGNORECASE
)
_WITHOUT = ("without", "w/o")


def _may_side(metric: str) -> bool:
    """Whether _SIDE_RE can match (its side word: "with" or "w/" in every spelling); its lazy measure was tried at
    every length of every claim's name."""
    low = lower_for_words(metric)
    return low is None or "with" in low or "w/" in low


_REACH = 3
"""How many lines apart the two statements may stand."""


def with_without_pairs(claims: list[Claim]) -> list[Claim]:
    """The claims, each "M with X" taking "M without X" on a line just above or below as its reference."""
    sides = {
        i: m
        for i, c in enumerate(claims)
        if c.metric and c.value is not None and _may_side(c.metric) and (m := _SIDE_RE.match(c.metric))
    }
    if len(sides) < 2:
        return claims
    # the "without" statements by measure, feature and line (a few look-ups a "with": a long document stays linear)
    bases: dict[tuple[str, str, int], deque[int]] = {}
    for j, found in sides.items():
        if found.group("side").lower() in _WITHOUT:
            key = (found.group("measure").lower(), found.group("feature").lower(), claims[j].source.line)
            bases.setdefault(key, deque()).append(j)
    out: list[Claim | None] = list(claims)
    for i, m in sides.items():
        if m.group("side").lower() in _WITHOUT:
            continue
        c = claims[i]
        if c.reference is not None:
            # "cache without prefetch 2.88s; cache with prefetch 3.12s (main) -> 2.60s (this PR)": a value its own
            # pair already measures against its baseline; the "without" value is an arm of its own
            continue
        measure, feature = m.group("measure").lower(), m.group("feature").lower()
        for line in range(c.source.line - _REACH, c.source.line + _REACH + 1):
            found_on = bases.get((measure, feature, line))
            while found_on and out[found_on[0]] is None:
                found_on.popleft()  # (a baseline already taken: a line of a thousand pairs stays linear)
        near = (
            j
            for line in range(c.source.line - _REACH, c.source.line + _REACH + 1)
            for j in bases.get((measure, feature, line), ())
            if claims[j].unit == c.unit and out[j] is not None
        )
        base = next(near, None)
        if base is None:
            continue
        out[i] = c.model_copy(
            update={
                "metric": m.group("measure"),
                "reference": claims[base].value,
                "config": {**c.config, "variant": f"with {m.group('feature')}"},
            }
        )
        out[base] = None  # (one baseline serves one value)
    return [c for c in out if c is not None]
