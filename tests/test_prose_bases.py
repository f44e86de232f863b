"""A table of two rows apart in one setting and a sentence of its section that measures one against the other
(tables.prose_bases): the row measured against is the other's baseline, cell by cell, and the sentence's gap is a
change of the measure it states, signed as the cells moved."""

from __future__ import annotations

import pytest

from ledger.parsers.pipeline import extract

_SCORES = """### Scores with the indexer keys in two dtypes

MMLU 5-shot over 2000 questions, TP2, the same harness for both legs:

| | exact_match | wall |
|---|---|---|
| FP4 + TP2 | **0.7012 / 0.7040 +/- 0.0101** | 811 s |
| FP8 + TP2 | 0.7086 / 0.7101 +/- 0.0098 | 845 s |

{sentence}
"""
_SPEEDS = """## Decode speed with the cache in two dtypes

Qwen3-8B, TP1, 64 users:

| | decode tok/s | TTFT (ms) |
|---|---|---|
| FP8 KV | 3120.5 | 212.0 |
| INT8 KV | 3042.9 | 215.3 |

INT8 KV is 2.5% behind FP8 KV in decode throughput.
"""


def _claims(text: str) -> list[tuple[int, str | None, float | None, float | None]]:
    return [(c.source.line, c.metric, c.value, c.reference) for c in extract(text, "fx.md").claims]


@pytest.mark.parametrize(
    "sentence",
    [
        "FP4 comes in 0.61 points below FP8, inside the run's noise.",
        "Relative to FP8, FP4 gives up 0.61 points, inside the run's noise.",
        "FP4 trails FP8 by 0.61 points, inside the run's noise.",
    ],
)
def test_the_row_the_prose_measures_against_is_the_baseline(sentence: str) -> None:
    claims = _claims(_SCORES.format(sentence=sentence))
    assert [c for c in claims if c[0] == 8] == []  # (the baseline row: no claim of its own)
    assert [c for c in claims if c[0] == 7] == [
        (7, "exact_match", 0.7012, 0.7086),
        (7, "exact_match", 0.704, 0.7101),
        (7, "wall", 811.0, 845.0),
    ]


def test_the_sentences_gap_is_the_measure_it_states_signed_as_the_cells_moved() -> None:
    gap = [c for c in _claims(_SCORES.format(sentence="FP4 comes in 0.61 points below FP8.")) if c[0] == 10]
    assert gap == [(10, "exact_match", -0.61, None)]
    speeds = _claims(_SPEEDS)
    assert (8, "decode tok/s", 3042.9, 3120.5) in speeds and not [c for c in speeds if c[0] == 7]
    assert [c for c in speeds if c[0] == 10] == [(10, "decode tok/s", -2.5, None)]


@pytest.mark.parametrize(
    ("rows", "sentence"),
    [
        # two settings apart: no one row the other's baseline
        (("FP4 + TP2", "FP8 + TP4"), "FP4 + TP2 comes in 0.61 points below FP8 + TP4."),
        # one row named: nothing measured against anything
        (("FP4 + TP2", "FP8 + TP2"), "FP4 comes in 0.61 points lower, inside the run's noise."),
        # both named, no comparing word between them
        (("FP4 + TP2", "FP8 + TP2"), "FP4 and FP8 both ran for about 14 minutes."),
    ],
)
def test_no_baseline_without_one_setting_and_a_comparison(rows: tuple[str, str], sentence: str) -> None:
    text = _SCORES.format(sentence=sentence).replace("FP4 + TP2", rows[0], 1).replace("FP8 + TP2", rows[1], 1)
    claims = _claims(text)
    assert all(ref is None for line, _, _, ref in claims if line in (7, 8))
    assert len([c for c in claims if c[0] == 8]) == 3
