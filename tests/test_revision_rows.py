"""Rows naming revisions of the change ("Prior PR head + fix, TP8", "This update") beside an outside run closing on
"reference" are each their revision against that reference, no longer the earlier head the base of every row; an
earlier head's row is the base of the updated one's revision (tables.revision_rows, vocab.revision_rows)."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers.pipeline import extract
from ledger.vocab.revision_rows import reference_row, revision_row

FIXTURE = Path(__file__).parent / "fixtures" / "tables" / "revision_rows_reference.md"


def test_revision_rows_words() -> None:
    assert revision_row("Prior PR head + 64K boundary fix, SGLang TP4 / EP4") == "Prior PR head"
    assert revision_row("Updated code, same TP4 / EP4") == "Updated code"
    assert revision_row("Old layout, TP8") is None and revision_row("New kernel") is None
    assert reference_row("vLLM attention TP4 / MoE TP4 reference") and not reference_row("reference")


def test_revision_rows_against_a_reference_row() -> None:
    claims = [c for c in extract(FIXTURE.read_text(encoding="utf-8"), path=FIXTURE.name).claims if c.kind == "perf"]
    got = {c.value: (c.revision.label if c.revision else None, c.reference) for c in claims}
    assert got[5200.0] == ("Prior PR head", 5100.0)
    assert got[2100.0] == ("This update", 900.0)
    assert 5100.0 not in got and 900.0 not in got  # (the reference row gives references, no claims)
    assert got[4400.0] == ("Updated code", 4100.0)
    assert got[10.5] == (None, 12.0)  # ("Old layout": a setup, no revision)
    assert all("workload" not in c.config for c in claims if c.revision is not None)
