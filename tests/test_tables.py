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


def test_rows_without_a_header_borrow_the_header_of_their_twin() -> None:
    text = ("|  64 |  0.40 |  160.5 |\n|  128 |  0.71 |  180.2 |\n\n"
            "| B | T s | S t/s |\n|---|---|---|\n|  1 |  0.30 |  3.3 |\n")
    got = extract(text, path="t.md")
    first = [(c.metric, c.value, c.config.get("B")) for c in got.claims if c.source.line == 1]
    assert first == [("T s", 0.40, "64"), ("S t/s", 160.5, "64")]
    assert got.warnings == []


def test_rows_without_a_header_anywhere_are_named_by_position_with_a_warning() -> None:
    got = extract("| 7 | 0.52 | 19.2 |\n| 9 | 0.61 | 18.8 |\n", path="t.md")
    assert [c.metric for c in got.claims] == ["column 2", "column 3", "column 2", "column 3"]
    assert [(w.line, "without a header row" in w.message) for w in got.warnings] == [(1, True)]


def test_a_header_of_words_is_still_a_header_without_a_delimiter_row() -> None:
    got = extract("| model | tok/s |\n| llama | 51.2 |\n| qwen | 48.9 |\n", path="t.md")
    assert [(c.metric, c.value) for c in got.claims] == [("tok/s (llama)", 51.2), ("tok/s (qwen)", 48.9)]
