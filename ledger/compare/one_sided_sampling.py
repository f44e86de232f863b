"""Sampling stated over one arm and not the other.

The sampling a run decoded with is hard setup (ledger.vocab.sampling_words): two arms that state two temperatures
are two setups. Its scope is the text's: a turn's setup section covers every result under it (the setup readers'
turn-wide sections), an arm's own lead ("before (greedy):") that arm only. When one arm states it and the other
arm says nothing of sampling at all, the silence is no other sampling: the writer named the decoding once, where
it first mattered to them, and the arms are otherwise one setup. Such pairs are judged as one setup, with a note
that the sampling was stated on one side only, rather than refused as "not comparable". A pair whose arms differ
in anything else, or that state two samplings, stays apart.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.compare.keys import claim_key
from ledger.compare.revisions import Snapshot
from ledger.model import Claim
from ledger.vocab.sampling_words import SAMPLING_KEYS
from ledger.vocab.setup_keys import canonical_key_name


def _sampling(c: Claim) -> dict[str, str]:
    return {k: v for k, v in (c.config or {}).items() if canonical_key_name(k) in SAMPLING_KEYS}


def _without(c: Claim, keys: dict[str, str]) -> Claim:
    return c.model_copy(update={"config": {k: v for k, v in (c.config or {}).items() if k not in keys}})


def one_sided_sampling(snaps: Sequence[Snapshot]) -> tuple[list[Snapshot], list[str]]:
    """The snapshots with the sampling of each value whose arm alone states it left out of its setup where a silent
    arm holds a value of that setup otherwise; the notes naming what was so judged."""
    stating = [any(_sampling(c) for c in s.claims) for s in snaps]
    if len(snaps) < 2 or all(stating) or not any(stating):
        return list(snaps), []
    silent_keys = {claim_key(c)[0] for s, st in zip(snaps, stating, strict=True) if not st for c in s.claims}
    out: list[Snapshot] = []
    said: dict[str, set[str]] = {}
    for s, st in zip(snaps, stating, strict=True):
        if not st:
            out.append(s)
            continue
        claims = []
        for c in s.claims:
            keys = _sampling(c)
            bare = _without(c, keys) if keys else c
            if keys and claim_key(bare)[0] in silent_keys:
                said.setdefault(s.ref.name, set()).update(f"{k}={v}" for k, v in keys.items())
                c = bare
            claims.append(c)
        out.append(Snapshot(s.ref, claims))
    if not said:
        return list(snaps), []
    silent = ", ".join(repr(s.ref.name) for s, st in zip(snaps, stating, strict=True) if not st)
    stated = "; ".join(f"{', '.join(sorted(v))} under {k!r}" for k, v in said.items())
    return out, [
        f"note: sampling stated on one side only ({stated}; none under {silent}): the arms, otherwise one setup, "
        "are judged as one"
    ]


__all__ = ["one_sided_sampling"]
