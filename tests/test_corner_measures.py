"""A corner header naming both axes ("Concurrency vs TPS/user"): the rows' setting and the cells' measure
(tables.corner_measures), and the corners that name no such pair."""

from __future__ import annotations

import pytest

from ledger.parsers.tables.corner_measures import corner_axes


@pytest.mark.parametrize(
    ("cell", "want"),
    [
        ("Concurrency vs TPS/user", ("Concurrency", "TPS/user")),
        ("Batch size versus TTFT (ms)", ("Batch size", "TTFT (ms)")),
        ("**Concurrency vs. tok/s**", ("Concurrency", "tok/s")),
        ("PR vs main", None),  # (a comparison's name: no setting)
        ("ISL vs OSL", None),  # (two settings: no measure)
        ("Concurrency vs baseline", None),
        ("Concurrency", None),
    ],
)
def test_corner_axes(cell: str, want: tuple[str, str] | None) -> None:
    assert corner_axes(cell) == want


def test_hostile_corner_is_linear() -> None:
    assert corner_axes("a " * 5000 + "vs " * 5000) is None
