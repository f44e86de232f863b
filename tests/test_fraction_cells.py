"""A "k/n" table cell under a score's measure ("12/13" needles found at a context length, "1288/1319" gsm8k
questions): one accuracy, the share k/n as printed, over n samples, its base column's cell its reference
(tables.fraction_cells). Under any other measure (a count of tests) it stays unread."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers import extract
from ledger.parsers.tables.fraction_cells import fraction_value

_FIXTURES = Path(__file__).parent / "fixtures" / "tables"


@pytest.mark.parametrize(
    ("cell", "want"),
    [("12/13", 0.9231), ("13/13", 1.0), ("0/13", 0.0), ("1288/1319", 0.9765), ("14/13", None), ("1/0", None)],
)
def test_fraction_value(cell: str, want: float | None) -> None:
    got = fraction_value(cell)
    assert (got[0] if got is not None else None) == want
    assert got is None or got[5] == cell  # (printed as the cell prints it)


@pytest.mark.parametrize("name", ["needle_fraction_cells.md", "needle_fraction_cells.txt"])
def test_needle_cells_are_scores_over_their_count_per_context_length(name: str) -> None:
    claims = extract((_FIXTURES / name).read_text(encoding="utf-8"), path=name).claims
    niah = [c for c in claims if c.config.get("samples") == "13"]
    assert [(c.value, c.reference, c.printed, c.config["isl"]) for c in niah] == [
        (1.0, 1.0, "13/13", "8K"),
        (1.0, 0.9231, "13/13", "32K"),
        (1.0, 0.6923, "13/13", "128K"),
    ]
    assert all(c.kind == "accuracy" and c.revision is not None and c.revision.label == "this PR" for c in niah)
    gsm8k = [c for c in claims if c.config.get("task") == "gsm8k"]
    assert [(c.value, c.reference, c.config["samples"]) for c in gsm8k] == [(0.9765, 0.9477, "1319")]
    # the unit tests' "12/13" and "40/40" count tests, no score
    assert not [c for c in claims if c.source.text in ("12/13", "40/40") and c.source.line > 12]
