"""The phase of a serving run a measure is taken in, written as the first word of its name ("decode throughput",
"prefill latency", "e2e latency"): a sentence that names a second phase alone ("... and prefill by +2.1%") means
the same measure taken in that phase."""

from __future__ import annotations

PHASE_WORDS = r"(?:prefill|decode|e2e|end-to-end)"
"""The phases (a regular expression's alternatives, searched case-insensitively)."""

CHANGE_VERBS = (
    r"(?:rises|rose|risen|falls|fell|drops|dropped|improves|improved|grows|grew|gains|gained|increases|increased|"
    r"decreases|decreased|regresses|regressed|climbs|climbed|moves|moved)"
)
"""The verbs a phase's clause may say its change with ("and prefill improves by 2.1%")."""
