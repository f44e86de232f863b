"""Two blocks of one measure set that differ in one switch, the second under the PR's side ("TP4PP4 w/o
async_sched" over a table, then "**This PR**" and "TP4PP4 w/ async_sched" over the same table): the block without the
switch is the side the PR is measured against, though its heading names no side. Its claims take the side the
switch's negated state names ("w/o async_sched", "overlap off") as their revision, and the switch leaves the setup of
both blocks: it is what tells the two sides apart, never a setup each was run at (so `report` and `compare` judge
the pairs, as they judge "Baseline" against "This PR")."""

from __future__ import annotations

from collections.abc import Hashable

from ledger.model import Claim, Revision
from ledger.vocab.negated_arms import negated_arm
from ledger.vocab.sides import side_of


def switched_blocks(claims: list[Claim]) -> list[Claim]:
    """The claims, the side-less block's given its negated switch as revision, the switch out of both setups."""
    sided = {i: side_of(c.revision.label) for i, c in enumerate(claims) if c.value is not None and c.revision}
    heads = [i for i, s in sided.items() if s is not None]
    bases = [i for i, c in enumerate(claims) if c.value is not None and c.revision is None]
    if not heads or not bases or any(sided[i] != "head" for i in heads):
        return claims
    key = _switch_key([claims[i] for i in heads], [claims[i] for i in bases])
    if key is None:
        return claims
    keyed = [i for i in bases if key in claims[i].config]
    state = str(claims[keyed[0]].config[key])
    label = f"{key} {state}" if state in ("on", "off") else state  # ("overlap off": a bare state names no side)
    head_shapes = {_shape(claims[i], key) for i in heads}
    matched = [i for i in keyed if _shape(claims[i], key) in head_shapes]
    if not matched or not {_shape(claims[i], key) for i in matched} >= head_shapes:
        return claims
    out = list(claims)
    for i in heads:
        out[i] = _without_key(claims[i], key, claims[i].revision)
    for i in matched:
        out[i] = _without_key(claims[i], key, Revision(label=label))
    return out


def _switch_key(heads: list[Claim], bases: list[Claim]) -> str | None:
    """The one config key all claims of either group hold, one value per group, the base's negating the head's."""
    found: list[str] = []
    for key in heads[0].config:
        head_values = {c.config.get(key) for c in heads}
        base_values = {c.config[key] for c in bases if key in c.config}
        if len(head_values) != 1 or len(base_values) != 1 or None in head_values:
            continue
        hv, bv = str(next(iter(head_values))), str(next(iter(base_values)))
        if hv != bv and negated_arm(bv, hv) == 0:
            found.append(key)
    return found[0] if len(found) == 1 else None


def _shape(c: Claim, key: str) -> Hashable:
    return (c.kind, c.metric, c.unit, tuple(sorted((k, v) for k, v in c.config.items() if k != key)))


def _without_key(c: Claim, key: str, rev: Revision | None) -> Claim:
    return c.model_copy(update={"config": {k: v for k, v in c.config.items() if k != key}, "revision": rev})
