"""A change printed alone after the pairs it summarises is the change of the pair it matches.

    - fused (broken): strict-match 72.40% / flexible-extract 73.60%
    - legacy        : strict-match 81.20% / flexible-extract 82.00%
    i.e. -8.8pp caused by the missing rounding.          <- strict-match's change (72.4 against 81.2)

A change no name precedes ("i.e. -8.8pp") takes the name, kind, setup and revision of the nearest paired value a
few lines above it whose step from its reference it states: in points for a share, in percent of the reference
for a level. A change that fits no pair keeps no name. A unit alone is no name: in "410.5 -> 452.0 output tok/s/GPU,
+10.11%" the words before the change end in the pair's unit, and the change is the rate's, not a measure "tok/s".
"""

from __future__ import annotations

from ledger.model import Claim
from ledger.vocab.units import is_measure_unit

_POINTS = frozenset({"pp", "point", "points"})
_NEAR_LINES = 8
_WHERE_KEYS = frozenset(("row", "column"))
"""How far above the change its pair may stand."""
_NEAR_CLAIMS = 16


def named_changes(claims: list[Claim]) -> list[Claim]:
    """The claims (in line order) with each unnamed change named after the pair it states (see the module)."""
    out = list(claims)
    for i, c in enumerate(out):
        if (
            (c.metric and not _unit_alone(c.metric))
            or c.reference is not None
            or c.high is not None
            or c.value is None
            or c.unit not in _POINTS | {"%"}
        ):
            continue
        pair = next(
            (
                p
                for p in reversed(out[max(0, i - _NEAR_CLAIMS) : i])
                if p.source.line >= c.source.line - _NEAR_LINES and p.metric and _states(c, p)
            ),
            None,
        )
        if pair is not None:
            out[i] = c.model_copy(
                update={
                    "metric": f"{pair.metric} change",
                    "kind": pair.kind,
                    # (the setup of the pair it is the change of; where the change was printed, its own cell)
                    "config": {**pair.config, **{k: v for k, v in c.config.items() if k in _WHERE_KEYS}},
                    "revision": c.revision or pair.revision,
                }
            )
    return out


def _unit_alone(metric: str) -> bool:
    """The name is a unit's spelling and nothing else ("tok/s"; "Output tok/s" names which tokens it counts)."""
    m = metric.strip(" *_`")
    return " " not in m and is_measure_unit(m)


def _states(change: Claim, pair: Claim) -> bool:
    """The change is the pair's step from its reference: in points of a share, or in percent of the reference."""
    if not isinstance(pair.value, float) or not isinstance(change.value, float) or pair.high is not None:
        return False
    if not isinstance(pair.reference, float):
        return False
    step = pair.value - pair.reference
    if abs(step) < 1e-9:
        return False
    if pair.unit == "%" and abs(step - change.value) <= 0.051:
        return change.unit in _POINTS or change.unit == "%"
    if change.unit == "%" and pair.reference:
        stated = step / pair.reference * 100
        return abs(stated - change.value) <= max(0.15, abs(change.value) * 0.02)
    return False
