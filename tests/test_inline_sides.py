"""Inline sides in one phrase ("accuracy went from 0.000 on stock to 0.925 with the fix", "0.412 stock -> 0.698
patched"): one claim, the candidate side's value, with the base side's as its reference (prose.inline_sides)."""

from __future__ import annotations

from pathlib import Path

import pytest

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


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("- GSM8K: before 0.842 / after 0.847.", [("GSM8K", 0.847, 0.842, "after")]),
        (
            "- Decode throughput baseline 1480 tok/s, this PR 1612 tok/s.",
            [("Decode throughput", 1612.0, 1480.0, "this PR")],
        ),
        ("- TTFT before 88 ms and after 81 ms.", [("TTFT", 81.0, 88.0, "after")]),
        # two filters, no sides: each value stays its own
        ("- MMLU strict 0.71, flexible 0.74.", [("MMLU", 0.71, None, None), ("MMLU", 0.74, None, None)]),
    ],
)
def test_each_value_after_its_own_sides_word_pairs_the_two(text: str, want: list[tuple]) -> None:
    """The side's word before each value ("before 0.842 / after 0.847"): one claim, the candidate's value with the
    base's as its reference, labelled with its side (tests/fixtures/prose/leading_side_words.md)."""
    claims = extract(f"# Fuse the prologue\n\n{text}\n", path="x.md").claims
    got = [(c.metric, c.value, c.reference, c.revision.label if c.revision else None) for c in claims]
    assert got == want
