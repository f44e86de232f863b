"""A measure its author calls noisy in words of their own ("the TTFT figures look very noisy between runs", "TTFT
seems highly variable"): the rows of that measure in that thread are noted noise (model.NOISE_NOTE), the other
measures of the same rows keep their verdicts; a clause naming no measure, or saying the opposite, notes nothing."""

from __future__ import annotations

import pytest

from ledger.model import NOISE_NOTE
from ledger.parsers import extract

_TABLE = """# Faster decode path for paged attention

Serving benchmark on H100, ISL 1024 / OSL 256:

| Concurrency | Variant | TTFT (ms) | TPOT (ms) |
|---|---|---|---|
| 8 | main | 610 | 31.9 |
| 8 | this PR | 655 | 30.1 |
| 16 | main | 850 | 32.8 |
| 16 | this PR | 1270 | 35.0 |

{said}
"""


def _noisy(said: str) -> list[tuple[int, str]]:
    claims = extract(_TABLE.format(said=said), "n.md").claims
    return sorted((c.source.line, c.metric or "") for c in claims if (c.note or "").startswith(NOISE_NOTE))


@pytest.mark.parametrize(
    "said",
    [
        "Heads-up: the TTFT figures look very noisy between runs; this change only touches decode.",
        "TTFT seems highly variable here, and decode is all this touches.",
    ],
)
def test_a_measure_its_author_calls_noisy_is_noise_in_its_rows_only(said: str) -> None:
    assert _noisy(said) == [(8, "TTFT"), (10, "TTFT")]


def test_a_noise_clause_beside_a_rerun_speaks_of_the_measure_it_names_not_only_of_its_line() -> None:
    """The clause names TTFT and holds no number: the table's TTFT rows are what it calls noise (the re-run's own
    value in the next sentence with them), never the TPOT rows."""
    said = "TTFT seems highly variable. A second run at 16 gave 980 ms TTFT."
    assert [m for _, m in _noisy(said)] == ["TTFT", "TTFT", "TTFT"]


@pytest.mark.parametrize(
    "said",
    [
        "The TTFT figures are not noisy at all.",
        "These runs look very noisy, sadly.",  # (no measure named: none is said to be noise)
        "The request length is variable in this benchmark.",
    ],
)
def test_no_noise_said_of_a_named_measure_notes_nothing(said: str) -> None:
    assert _noisy(said) == []
