"""The number grammar: a fixture of printed phrases (one per line) and the edge cases of each rule."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from ledger.parsers.grammar.numbers import Number, find_numbers, normalise_unit, parse_duration, to_float
from ledger.parsers.grammar.unit_labels import header_unit
from ledger.parsers.tables.headers import unit_of_header

FIXTURE = Path(__file__).parent / "fixtures" / "numbers" / "phrases.md"
LINES = FIXTURE.read_text(encoding="utf-8").splitlines()
EXPECTED = {row["line"]: row["numbers"] for row in json.loads(Path(f"{FIXTURE}.numbers.json").read_text("utf-8"))}
"""What find_numbers reads on each line of the fixture (the grammar alone; the claims the whole pipeline makes of the
same lines are in its golden, test_goldens.py)."""


def _project(n: Number) -> dict[str, Any]:
    d: dict[str, Any] = {"value": n.value, "text": n.text}
    for k in ("high", "unit", "printed", "bound"):
        if getattr(n, k) is not None:
            d[k] = getattr(n, k)
    for k in ("approx", "signed"):
        if getattr(n, k):
            d[k] = True
    return d


@pytest.mark.parametrize("no", range(1, len(LINES) + 1), ids=LINES)
def test_phrase(no: int) -> None:
    assert [_project(n) for n in find_numbers(LINES[no - 1])] == EXPECTED[no]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1,721", 1721.0),
        ("−7.37", -7.37),
        ("+5.13", 5.13),
        ("96.25%", 96.25),
        ("1e-3", 0.001),
        ("abc", None),
        ("", None),
        ("1,2,3", None),
    ],
)
def test_to_float(text: str, value: float | None) -> None:
    assert to_float(text) == value


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("1m0.832s", 60.832),
        ("16m51s", 1011.0),
        ("2h3m", 7380.0),
        ("59m 8s", 3548.0),
        ("1h 2m", 3720.0),
        ("3m  5s", None),
        ("3m", 180.0),
        ("51s", None),
        ("1:02:03", None),
        ("m5s", None),
    ],
)
def test_parse_duration(text: str, seconds: float | None) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize(
    ("header", "unit"),
    [
        ("Mean TTFT (ms)", "ms"),
        ("Latency [us]", "us"),
        ("Output token throughput (tok/s)", "tok/s"),
        ("Per User Output Throughput [w/ ctx] (tps/user)", "tps/user"),
        ("Model (FP8)", None),
        ("TTFT", None),
        ("Time (microseconds)", "microseconds"),
    ],
)
def test_header_unit(header: str, unit: str | None) -> None:
    assert header_unit(header) == unit


@pytest.mark.parametrize(
    ("header", "unit"),
    [
        ("Tokens / sec / GPU", "tok/s/gpu"),
        ("Samples / sec / GPU", "samples/s/gpu"),
        ("Model TFLOP / sec / GPU", "tflop/s/gpu"),
        ("TFLOPS / GPU", "tflop/s/gpu"),
        ("Est. days to train", "days"),
        ("Est. time to train in days (10T tokens, 1K GPUs)", "days"),
        ("Est. time to finetune in mins (10M tokens)", "min"),
        ("ISL / OSL", None),  # two settings, no unit
        ("Input/Output", None),
        ("Hours of GPU time", None),  # a count of hours as its name, no time it counts "to" or "in"
    ],
)
def test_a_header_spells_its_unit_in_words(header: str, unit: str | None) -> None:
    """A training page's rates with spaced slashes and the durations it estimates (release43 cause 9)."""
    assert unit_of_header(header) == unit


@pytest.mark.parametrize(
    ("unit", "norm"),
    [
        ("gib", "GiB"),
        ("GB", "GB"),
        ("μs", "µs"),
        ("US", "us"),
        ("Tok/s", "tok/s"),
        ("B", "B"),
        ("x", "x"),
    ],
)
def test_normalise_unit(unit: str, norm: str) -> None:
    assert normalise_unit(unit) == norm


def test_limit_stops_after_the_first_numbers() -> None:
    assert [n.value for n in find_numbers("1 2 3 4", limit=2)] == [1.0, 2.0]


@pytest.mark.parametrize(
    "hostile", ["1" * 50_000, "1," * 20_000, "1 - " * 10_000, "~" * 30_000, "1m" * 20_000, "< " * 20_000]
)
def test_hostile_input_is_linear(hostile: str) -> None:
    quarter = hostile[: len(hostile) // 4]

    def run(text: str) -> float:
        t0 = time.process_time()
        find_numbers(text + " ")  # a fresh string each call: find_numbers remembers recent results
        return time.process_time() - t0

    # four times the input: linear is 4x, quadratic 16x; 8x is safe on a busy machine
    assert min(run(hostile) for _ in range(2)) < 8 * min(run(quarter) for _ in range(3)) + 0.05


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("1:15 minutes to run", 75.0),
        ("0:42 min", 42.0),
        ("2:05:30 hours", 7530.0),
        ("1:30 h", 5400.0),
        ("3:07.5 s", 187.5),
        ("at 10:30 each day", None),
        ("port 127.0.0.1:8080 s", None),
        ("v1:20 min", None),
    ],
)
def test_clock_readings_with_a_unit_are_seconds(text: str, seconds: float | None) -> None:
    clocks = [n for n in find_numbers(text) if n.printed and ":" in n.printed]
    assert [n.value for n in clocks] == ([seconds] if seconds is not None else [])
    assert all(n.unit == "s" for n in clocks)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("2,15", [2.15]),
        ("**13,25**", [13.25]),
        ("7,40302118", [7.40302118]),
        ("3,6 s to 2,15 s", [3.6, 2.15]),
        ("12,5%", [12.5]),
        ("1,234", [1234.0]),
        ("1,234,567 tok/s", [1234567.0]),
        ("TP 1,2 and 4", [1.0, 2.0, 4.0]),
        ("sizes 1,2,4,8", [1.0, 2.0, 4.0, 8.0]),
        ("x 16,32", [16.0, 32.0]),
    ],
)
def test_a_decimal_comma_is_read_only_where_nothing_else_is_meant(text: str, values: list[float]) -> None:
    assert [n.value for n in find_numbers(text)] == values


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("TPOT 6.12/9.40/21.75 ms", [6.12, 9.40, 21.75]),
        ("GSM8K 0.842/0.838", [0.842, 0.838]),
        ("111/688/1565 tok/s", [111.0, 688.0, 1565.0]),
        ("passed 48/50 prompts", [48.0]),  # a count of a total
        ("logs under runs/2026/09/14", []),  # a path
        ("sizes 1/2/4 were tried", [1.0]),  # numbers with no unit: a list of settings, read by the setup words
        ("build v1.2/3.4", []),
    ],
)
def test_values_packed_with_bare_slashes_are_each_a_number(text: str, values: list[float]) -> None:
    assert [n.value for n in find_numbers(text)] == values


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("on the Ryzen AI 8060S (gfx1151)", []),  # a product number with its letter, no duration
        ("tuned for an 8060S iGPU", []),
        ("the sweep took 300s", [(300.0, "s")]),
        ("the sweep took 45S", [(45.0, "s")]),  # (two digits: too short for a product's number)
    ],
)
def test_a_product_number_glued_to_an_s_is_no_time(text: str, found: list[tuple[float, str]]) -> None:
    assert [(n.value, n.unit) for n in find_numbers(text)] == found


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("the drafted runs are 12% to 35% quicker per token", [(12.0, 35.0)]),
        ("it lifts throughput by about 15% to 40% across datasets", [(15.0, 40.0)]),
        ("a 5% to 9% speedup on decode", [(5.0, 9.0)]),
        # a value before and after a change, two shares of a whole, a fall: never a range
        ("the hit rate went from 20% to 80% faster than expected", [(20.0, None), (80.0, None)]),
        ("the hit rate is 20% to 80% of the prompts", [(20.0, None), (80.0, None)]),
        ("a 20% to 15% drop in acceptance", [(20.0, None), (15.0, None)]),
    ],
)
def test_one_change_told_as_a_range_of_shares(text: str, spans: list[tuple[float, float | None]]) -> None:
    assert [(n.value, n.high) for n in find_numbers(text)] == spans


@pytest.mark.parametrize(
    ("header", "unit"),
    [
        ("q2_k_s", None),
        ("plain RTN / q4_k_s", None),
        ("iq3_s", None),
        ("latency_s", "s"),  # a time spelled into the name still is one
        ("prefill_ms", "ms"),
    ],
)
def test_a_gguf_type_label_is_no_time(header: str, unit: str | None) -> None:
    """A quant results row labelled by a lower-case GGUF type: its "_s" is the type's size, not seconds
    (reader353 cause 6)."""
    assert unit_of_header(header) == unit
