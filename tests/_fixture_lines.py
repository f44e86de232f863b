"""Every line of the fixture documents (not their goldens): what the tests of a pattern's guard compare it on."""

from __future__ import annotations

from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"


def fixture_lines() -> list[str]:
    """Each distinct line once, in the order first seen (half the lines repeat: blanks, rules, the same header row;
    a pattern answers a line alike wherever it stands)."""
    lines = (
        line
        for p in sorted(FIXTURES.rglob("*"))
        if p.is_file() and p.suffix != ".json"
        for line in p.read_text(encoding="utf-8", errors="replace").splitlines()
    )
    return list(dict.fromkeys(lines))
