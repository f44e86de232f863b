"""Inline sides in one phrase ("accuracy went from 0.000 on stock to 0.925 with the fix", "0.412 stock -> 0.698
patched"): one claim, the candidate side's value, with the base side's as its reference (prose.inline_sides)."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract

_FIXTURE = Path(__file__).parent / "fixtures" / "prose" / "inline_side_words.md"


def _claims() -> dict[int, list[tuple[float | str | None, float | None, str | None]]]:
    out: dict[int, list[tuple[float | str | None, float | None, str | None]]] = {}
    for c in extract(_FIXTURE.read_text(encoding="utf-8"), path="x.md").claims:
        out.setdefault(c.source.line, []).append((c.value, c.reference, c.revision.label if c.revision else None))
    return out


def test_the_side_words_pair_the_two_values_and_name_the_candidate() -> None:
    got = _claims()
    assert got[3] == [(0.925, 0.0, "with the fix")]  # "from 0.000 on stock to 0.925 with the fix"
    assert got[5] == [(0.698, 0.412, "patched")]  # "0.412 stock -> 0.698 patched"
    assert got[7] == [(95.0, 120.0, None)]  # "from 120 ms on stock to 95 ms": the base named, the after unnamed
    assert got[11] == [(12.9, 14.2, "patched")]  # "12.9 ms patched vs 14.2 ms stock": the first is the candidate


def test_words_that_name_no_side_pair_nothing() -> None:
    assert [r for _, r, _ in _claims()[13]] == [None, None]  # "from 41 ms in the warm-up to 38 ms"
