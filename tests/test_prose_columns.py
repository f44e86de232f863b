"""An arm column the prose before its table sets the others against ("against the production trie index (CTI)") is
the table's baseline column; "against" something no column names leaves the table's arms as they were
(tables.prose_columns)."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers.pipeline import extract

FIXTURE = Path(__file__).parent / "fixtures" / "tables" / "prose_named_base_column.md"


def test_the_column_the_prose_measures_against_is_the_baseline() -> None:
    claims = [c for c in extract(FIXTURE.read_text(encoding="utf-8"), path=FIXTURE.name).claims if c.kind == "perf"]
    got = {(c.config.get("column"), c.value): c.reference for c in claims}
    assert got[("Sharded", 6.2)] == 4.1
    assert got[("Sharded + cache", 3.9)] == 22.5
    assert not any(c.config.get("column") == "CTI" for c in claims)  # (the baseline gives references, no claims)
    assert got[("East", 5.9)] is None and got[("West", 6.4)] is None  # ("last week's nightly": no column's name)
