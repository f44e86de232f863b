"""A lead-in below another paste of its section sets up its own block only (grammar.later_leads): the paste above
it, whose excerpt-cut neighbour it announces, takes none of its settings through the section's workload."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract

FIXTURE = Path(__file__).parent / "fixtures" / "setup" / "lead_after_cut_block.md"


def test_a_lead_in_after_a_paste_reaches_no_result_above_it() -> None:
    claims = extract(FIXTURE.read_text(encoding="utf-8"), path="x.md").claims
    above = [c for c in claims if c.source.line < 20]
    below = [c for c in claims if c.source.line > 20]
    assert above and all("tp" not in c.config for c in above)
    assert below and all(c.config.get("tp") == "2" for c in below)
