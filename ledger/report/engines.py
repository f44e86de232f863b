"""Values set beside another engine's build: a fork's sweep under mainline's, an SGLang PR's throughput beside
vLLM's. They answer how this project stands against another, not whether the change made it worse, so they have a
group of their own and never fail the PR (ledger.compare.references.mark_other_engines). Like benchstat, each line
says the rule it was judged by; where the cells of one measure land on both sides of the other engine at the
default threshold (one run each), the group says the gap is within what such runs swing."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from ledger.compare.judge import IMPROVEMENT, REGRESSION
from ledger.compare.references import OTHER_ENGINE, ReferenceCheck
from ledger.compare.run import Comparison
from ledger.report.findings import SECTIONS, Section, ref_finding


def engine_of(r: ReferenceCheck) -> str:
    """The other engine a check's reference was measured on."""
    return r.origin.split(":", 1)[1].strip() if ":" in r.origin else "another engine"


def engines_section(comp: Comparison, names: dict[str, str], lines: Sequence[str]) -> Section:
    """The checks against another engine's build, each said as ahead of or behind it, with the swing caveat."""
    sec = Section(*SECTIONS[6])
    checks = [r for r in comp.references if r.origin.startswith(OTHER_ENGINE)]
    groups: dict[tuple[str, str], list[ReferenceCheck]] = defaultdict(list)
    for r in checks:
        groups[(r.claim.metric or r.key.metric, engine_of(r))].append(r)
    swings = {key: _swing(g) for key, g in groups.items()}
    configs = [frozenset(r.key.config) for r in checks]
    shared = frozenset.intersection(*configs) if configs else frozenset()
    for r in checks:
        engine = engine_of(r)
        f = ref_finding(r, names.get(r.revision or "", r.revision), lines, shared)
        f.text = f.text.replace(" vs baseline ", f" vs {engine} ", 1)
        if r.verdict in (IMPROVEMENT, REGRESSION):
            f.verdict = f"{'ahead of' if r.verdict == IMPROVEMENT else 'behind'} {engine}"
        if said := swings[(r.claim.metric or r.key.metric, engine)]:
            f.caveats.append(said)
        sec.findings.append(f)
    return sec


def _swing(group: list[ReferenceCheck]) -> str | None:
    """The caveat of a measure whose cells land on both sides of the other engine, judged at a default threshold
    (no spread stated): each cell one run, so the measure is level with the other engine within its swing."""
    verdicts = {r.verdict for r in group}
    if not {IMPROVEMENT, REGRESSION} <= verdicts or not all("default" in r.threshold.basis for r in group):
        return None
    pcts = [r.delta / abs(r.reference) * 100 for r in group if r.reference]
    if not pcts:
        return None
    rule = group[0].threshold.display.lstrip("±")
    return (
        f"its cells swing both ways ({min(pcts):+.1f}% to {max(pcts):+.1f}%) at the default ±{rule}, no spread "
        "stated: one run each, level within that swing"
    )
