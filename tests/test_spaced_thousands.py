"""A space between groups of three digits is a thousands separator where nothing else can be meant (issue 26,
realprs9b cause 9: "13 484" in a latency cell was read as 13, the worst kind of value, plausible and wrong): a
table cell that is only the number, a narrow or thin space anywhere, a plain space in prose when a unit follows
("from 12 345 ms"); "Sizes 64 128 256" stays three numbers."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from ledger.parsers import extract
from ledger.parsers.grammar.numbers import find_numbers

FIXTURE = Path(__file__).parent / "fixtures" / "tables" / "spaced_thousands.md"


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("12 345.6", [12345.6]),
        ("**388 037**", [388037.0]),
        ("1 234 567", [1234567.0]),
        ("from 13 484 ms to 12 345 ms", [13484.0, 12345.0]),
        ("2 048.5 tok/s", [2048.5]),
        ("1\u202f234.5 ms", [1234.5]),
        ("took 1\u2009234 steps", [1234.0]),
        ("Sizes 64 128 256 were swept", [64.0, 128.0, 256.0]),
        ("1 2 3 4", [1.0, 2.0, 3.0, 4.0]),
        ("TP 8 100 requests", [8.0, 100.0]),
        ("12 3456 ms", [12.0, 3456.0]),
        ("a1 234 ms", [234.0]),
    ],
)
def test_a_spaced_number_is_one_where_nothing_else_is_meant(text: str, values: list[float]) -> None:
    assert [n.value for n in find_numbers(text)] == values


def test_spaced_cells_and_prose_give_whole_values() -> None:
    claims = extract(FIXTURE.read_text(encoding="utf-8"), path=FIXTURE.name).claims
    got = sorted((c.source.line, c.value, c.unit) for c in claims if c.kind == "perf")
    assert got == [
        (7, 2.31, "Req/s"),
        (7, 2048.5, "tok/s"),
        (7, 12345.6, "ms"),
        (8, 9.87, "Req/s"),
        (8, 14201.0, "tok/s"),
        (8, 388037.0, "ms"),
        (10, 12345.0, "ms"),
        (12, 1234.5, "ms"),
    ]
    (change,) = [c for c in claims if c.source.line == 10]
    assert change.reference == 13484.0


def test_spaced_groups_stay_linear() -> None:
    def run(n: int) -> float:
        text = "1" + " 234" * n + " "
        t0 = time.process_time()
        find_numbers(text)
        return time.process_time() - t0

    # four times the groups: linear is 4x, quadratic 16x; 8x is safe on a busy machine
    assert min(run(20_000) for _ in range(2)) < 8 * min(run(5_000) for _ in range(3)) + 0.05
