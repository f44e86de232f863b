"""A text that names one side of its results ("this PR:") and leaves another block of the same measures unnamed.

Whether the unnamed block is the baseline the text does not say: an earlier paste under no label is as often the
PR's own run on another setting (TRT-LLM#10156's first table, without the min_tokens floor) or a third arm
(sglang#25646's "HiSparse + ...=false") as the base branch, and the corpora's gold gives a reference only where the
text names the baseline (a base row, "A -> B", "vs main"). So no pair is judged; the reader is told plainly that
the blocks measure the same thing, and on which setup they differ, instead of "nothing to compare".
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.compare.keys import claim_key
from ledger.compare.revisions import Snapshot
from ledger.compare.trend_match import TRENDED_KINDS
from ledger.model import Claim


def _measures(claims: Sequence[Claim]) -> tuple[set[tuple[str, str, str]], dict[str, set[str]]]:
    """The measures (kind, metric, unit) of the claims, and each setup key's values among them."""
    measures: set[tuple[str, str, str]] = set()
    setup: dict[str, set[str]] = {}
    for c in claims:
        if c.kind not in TRENDED_KINDS or not isinstance(c.value, float):
            continue
        key = claim_key(c)[0]
        measures.add((key.kind, key.metric, key.unit or ""))
        for k, v in key.config:
            setup.setdefault(k, set()).add(v)
    return measures, setup


def unnamed_side_notes(snaps: Sequence[Snapshot], claims: Sequence[Claim]) -> list[str]:
    """One note when the only named side of a document shares its measures with values under no side label."""
    named = [s for s in snaps if s.ref.label or s.ref.head]
    unnamed = [c for c in claims if c.revision is None and c.reference is None]  # (a stated reference judges it)
    if len(named) != 1 or not unnamed:
        return []
    refs = {c.reference for c in named[0].claims if isinstance(c.reference, float)}
    if refs and refs <= {c.value for c in unnamed}:
        return []  # ("### IQ1_M" beside "### IQ1_M_R4 (PR)", "on par with IQ1_M"): the text made it the baseline
    theirs, their_setup = _measures(unnamed)
    ours, our_setup = _measures(named[0].claims)
    shared = theirs & ours
    if len(shared) < max(1, min(len(theirs), len(ours)) // 2):
        return []  # (a prose figure beside a paste of other measures: two things measured, not two sides)
    differ = sorted(k for k in their_setup.keys() | our_setup.keys() if their_setup.get(k) != our_setup.get(k))
    lines = sorted({c.source.line for c in unnamed if c.source and c.kind in TRENDED_KINDS})
    where = f"line {lines[0]}" if len(lines) == 1 else f"lines {lines[0]}-{lines[-1]}"
    changed = ", ".join(f"{k} ({_one(their_setup, k)} vs {_one(our_setup, k)})" for k in differ)
    said = f"on a setup that differs in {changed}" if differ else "on the same setup"
    return [
        f"note: {len(shared)} measures stand both under {named[0].ref.name!r} and under no side label ({where}), "
        f"{said}; the text does not name the unlabelled side (baseline or another arm), so neither is judged "
        "against the other"
    ]


def _one(setup: dict[str, set[str]], key: str) -> str:
    values = sorted(setup.get(key, set()))
    return "/".join(values) if values else "unset"


__all__ = ["unnamed_side_notes"]
