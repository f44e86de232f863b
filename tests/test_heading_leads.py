"""A heading whose lead before its colon names the revision, the rest a pull request by link."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract
from ledger.parsers.grammar.heading_leads import lead_revision
from ledger.parsers.grammar.revision_labels import heading_revision

FIXTURE = Path(__file__).parent / "fixtures" / "revisions" / "heading_lead_pulls.md"


def test_each_table_takes_the_revision_its_headings_lead_names() -> None:
    claims = extract(FIXTURE.read_text(encoding="utf-8"), path=FIXTURE.name).claims
    got = {(c.source.line, c.revision.label if c.revision else None) for c in claims}
    assert got == {
        (6, "Reference (#4410)"),
        (7, "Reference (#4410)"),
        (12, "Slowdown after rebase (#4477)"),
        (13, "Slowdown after rebase (#4477)"),
    }


def test_a_lead_naming_no_revision_or_no_lead_gives_none() -> None:
    assert lead_revision("Notes: https://github.com/acme/serve/pull/4478 is unrelated", heading_revision) is None
    assert lead_revision("Setup and results on https://github.com/acme/serve/pull/1", heading_revision) is None
    assert lead_revision("x" * 5000 + ": " + "#1 " * 3000, heading_revision) is None
