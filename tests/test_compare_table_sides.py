"""Tables of two or more sides read the right way round (reader342's compare threads): an "A/B" ratio column of
times printed as a speed-up names its candidate by its numbers, whatever the title or indentation says."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers import extract


def _claims(text: str) -> list[Claim]:
    return extract(text, path="t.md").claims


def _pairs(text: str) -> list[tuple[str | None, float | None, float | None]]:
    return [(c.metric, c.value, c.reference) for c in _claims(text) if c.unit != "x"]


RATIO_OF_TIMES = (
    "# Route small-M matmuls\n\n```\n"
    "   M    mine (us)  theirs (us)  mine/theirs\n"
    "   1       2.00         5.00       2.50x  mine\n"
    "  16       6.00         4.80       0.80x  theirs\n```\n"
)


def test_a_ratio_printed_as_the_other_sides_time_over_this_ones_makes_this_side_the_candidate() -> None:
    # 5.00 / 2.00 = 2.50x: mine's speed-up over theirs, so theirs is the baseline (never the candidate)
    assert _pairs(RATIO_OF_TIMES) == [("mine", 2.0, 5.0), ("mine", 6.0, 4.8)]


def test_a_ratio_printed_as_this_sides_time_over_the_others_makes_the_other_the_candidate() -> None:
    text = RATIO_OF_TIMES.replace("2.50x", "0.40x").replace("0.80x", "1.25x")  # mine's time over theirs
    assert _pairs(text) == [("theirs", 5.0, 2.0), ("theirs", 4.8, 6.0)]
