"""What the speed-ups a text prints say of its checks: a row's own speed-up that calls the other side faster than the
check does (its sides' labels may be swapped), and a speed-up below or above 1x, a slowdown or a gain the text states
(references.SLOWDOWN, references.SPEEDUP)."""

from __future__ import annotations

from ledger.compare.judge import REGRESSION
from ledger.compare.references import ReferenceCheck
from ledger.compare.render import fmt_claim
from ledger.compare.run import Comparison
from ledger.vocab.metrics import higher_is_better


def row_speedups(comp: Comparison) -> dict[int, float]:
    """The speed-up each line of the compared text prints beside its values ("| 371.64 | 578.2 | 155.58% |"), as a
    ratio."""
    claims = [*comp.newest, *(comp.outside.claims if comp.outside is not None else [])]
    out: dict[int, float] = {}
    for c in claims:
        if c.kind == "perf" and isinstance(c.value, float) and "speedup" in (c.metric or "").lower():
            out[c.source.line] = c.value / 100 if c.unit == "%" or c.value > 20 else c.value
    return out


def contradicted(r: ReferenceCheck, speedups: dict[int, float]) -> str | None:
    """The caveat of a check whose row prints a speed-up that calls the other side faster than the check does: its
    sides' labels may be swapped ("TTFT (ms) Before | After | Speedup": 371.6 | 578.2 | 155.58%)."""
    s = speedups.get(r.claim.source.line)
    v = r.claim.value
    if s is None or not isinstance(v, float) or not r.reference or r.verdict not in (REGRESSION, "improvement"):
        return None
    up = higher_is_better(r.claim.metric or "", r.claim.unit, r.claim.kind)
    ratio = v / r.reference if up else r.reference / v if v else None
    if ratio is None or (ratio > 1) == (s > 1) or abs(1 / ratio - s) > 0.03 * s:
        return None
    return f"the row's own speed-up ({s:g}x) says the opposite: its sides' labels may be swapped"


def speedup_text(r: ReferenceCheck, name: str) -> str:
    """ "0.969x (98K/b1)" under "Regressions:": slower than the base, as its text says; "Geomean 1.166x": faster."""
    way, side = ("slower", "below") if r.delta < 0 else ("faster", "above")
    return f"{name}: {fmt_claim(r.claim)}, {way} than the base ({r.delta * 100:+.1f}%, a speed-up {side} 1x)"
