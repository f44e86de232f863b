"""Values set beside another engine's build: a fork's sweep under mainline's, an SGLang PR's throughput beside
vLLM's. They answer how this project stands against another, not whether the change made it worse, so they have a
group of their own and never fail the PR (ledger.compare.references.mark_other_engines). Each says the verdict and
the caveat compare marked on it (ahead of or behind the engine; where the cells of one measure land on both sides
of it at the default threshold, that the gap is within what such runs swing), so `ledger compare` says the same."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.compare.references import OTHER_ENGINE, engine_of
from ledger.compare.run import Comparison
from ledger.report.findings import SECTIONS, Section, ref_finding


def engines_section(comp: Comparison, names: dict[str, str], lines: Sequence[str]) -> Section:
    """The checks against another engine's build, each in compare's words, with its caveat."""
    sec = Section(*SECTIONS[6])
    checks = [r for r in comp.references if r.origin.startswith(OTHER_ENGINE)]
    configs = [frozenset(r.key.config) for r in checks]
    shared = frozenset.intersection(*configs) if configs else frozenset()
    for r in checks:
        f = ref_finding(r, names.get(r.revision or "", r.revision), lines, shared)
        f.text = f.text.replace(" vs baseline ", f" vs {engine_of(r)} ", 1)
        if r.caveat:
            f.caveats.append(r.caveat)
        sec.findings.append(f)
    return sec
