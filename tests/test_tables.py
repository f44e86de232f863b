"""Result tables, the parts this suite covers: a delta header 'A vs B' names the baseline column, and a
speed-up in parentheses inside a delta cell is its own claim (markdown and rendered copies)."""

from __future__ import annotations

import pytest

from ledger.parsers import extract


@pytest.mark.parametrize(("delta_header", "new", "ref"), [
    ("A vs B", 10.0, 12.0), ("B vs A", 12.0, 10.0), ("A vs. B speedup", 10.0, 12.0), ("A versus B gain", 10.0, 12.0),
])
def test_vs_header_names_the_baseline(delta_header: str, new: float, ref: float) -> None:
    text = f"| Metric | A | B | {delta_header} |\n|---|---|---|---|\n| TTFT (ms) | 10.0 | 12.0 | -16.7% |\n"
    values = [(c.value, c.reference) for c in extract(text, path="t.md").claims if c.reference is not None]
    assert values == [(new, ref)]


@pytest.mark.parametrize("cell", ["11.0 (ref 12.0)", "11.0 (was 12.0)", "11.0 (vs 12.0)"])
def test_a_reference_in_parentheses_is_not_a_speedup(cell: str) -> None:
    text = f"| Metric | Ours |\n|---|---|\n| TTFT (ms) | {cell} |\n"
    assert [c.value for c in extract(text, path="t.md").claims] == [11.0]


def test_empty_cells_and_a_cut_row_do_not_raise() -> None:
    text = "| Metric | A | B | A vs B |\n|---|---|---|---|\n| x |  |  |  |\n| y | 1.0 | 2"
    extract(text, path="t.md")
