"""A gate said with the stated bar its row judged it by ("| gsm8k | 0.871 | 0.85 | pass |"): the value and the bar
beside the outcome, in the results (gates that passed) and in the failures (gates that failed) alike."""

from __future__ import annotations

from collections import Counter

from ledger.compare.references import ReferenceCheck
from ledger.compare.render import fmt_claim
from ledger.compare.run import Comparison
from ledger.model import Claim


def row_bars(comp: Comparison) -> dict[int, ReferenceCheck]:
    """The stated bar of each line holding one ("| gsm8k | 0.871 | 0.85 | pass |"): the bar its gate was judged by."""
    on = Counter(r.claim.source.line for r in comp.references if r.origin == "stated bar")
    return {
        r.claim.source.line: r for r in comp.references if r.origin == "stated bar" and on[r.claim.source.line] == 1
    }


def gate_text(g: Claim, bars: dict[int, ReferenceCheck]) -> str | None:
    """A gate said with the value and the bar its row judged it by: "gsm8k: 0.871 vs bar 0.85: pass"."""
    r = bars.get(g.source.line)
    return None if r is None else f"{g.metric}: {fmt_claim(r.claim)} vs bar {r.reference:g}: {g.outcome}"
