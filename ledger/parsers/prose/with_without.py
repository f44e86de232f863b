"""A measure stated without a feature, then with it, on lines next to each other:

    Median TPOT without fused routing: 19.51 ms
    Median TPOT with fused routing: 19.31 ms      <- 19.31 ms, reference 19.51 ms

The value with the feature is measured against the one without it: one claim of the measure ("Median TPOT"), the
feature as its variant, the value without it as its reference (a value paired with its baseline is one claim: the
baseline gets none of its own, as the claims contract says).
"""

from __future__ import annotations

import re

from ledger.model import Claim

_SIDE_RE = re.compile(
    r"^(?P<measure>.{2,80}?)\s+(?P<side>without|w/o|with|w/)\s+(?P<feature>\S.{0,60})$", re.IGNORECASE
)
_WITHOUT = ("without", "w/o")
_REACH = 3
"""How many lines apart the two statements may stand."""


def with_without_pairs(claims: list[Claim]) -> list[Claim]:
    """The claims, each "M with X" taking "M without X" on a line just above or below as its reference."""
    sides = {i: m for i, c in enumerate(claims) if c.metric and c.value is not None and (m := _SIDE_RE.match(c.metric))}
    if len(sides) < 2:
        return claims
    out: list[Claim | None] = list(claims)
    for i, m in sides.items():
        if m.group("side").lower() in _WITHOUT:
            continue
        base = next(
            (
                j
                for j, b in sides.items()
                if b.group("side").lower() in _WITHOUT
                and abs(claims[j].source.line - claims[i].source.line) <= _REACH
                and b.group("measure").lower() == m.group("measure").lower()
                and b.group("feature").lower() == m.group("feature").lower()
                and claims[j].unit == claims[i].unit
            ),
            None,
        )
        if base is None:
            continue
        measure, feature = m.group("measure"), m.group("feature")
        c, b = claims[i], claims[base]
        if out[base] is None:
            continue  # (one baseline serves one value)
        out[i] = c.model_copy(
            update={
                "metric": measure,
                "reference": c.reference if c.reference is not None else b.value,
                "config": {**c.config, "variant": f"with {feature}"},
            }
        )
        out[base] = None
    return [c for c in out if c is not None]
