"""Words saying a section's runs are a control served apart from the document's serving mode: "Single-node control
result", "a control run on one node without the PD split", "colocated baseline". Under a disaggregated title such a
section's results are not disaggregated runs, so the title's serving mode does not reach them
(grammar.control_sections). "single-node" alone is no such word: a 1P1D disaggregated run can sit on one node."""

from __future__ import annotations

import re

_APART = r"(?:single[- ]node|one[- ]node|on (?:one|a single) (?:node|box|host|machine)|colocated|co-located|aggregated)"
# (bounded gaps: "single-node MI35x control", "control run on one node"; no nested repeats)
CONTROL_RE = re.compile(
    rf"\b{_APART}\b[^.\n]{{0,40}}?\bcontrol\b|\bcontrols?\b[^.\n]{{0,40}}?\b{_APART}\b"
    r"|\bwithout (?:the )?(?:PD|P/D|P-D|prefill[-/ ]decode) (?:split|disaggregation)\b",
    re.IGNORECASE,
)


def names_a_control(text: str) -> bool:
    """Whether a heading or lead-in says its runs are a control served apart (single node, colocated, no PD split)."""
    return CONTROL_RE.search(text[:400]) is not None
