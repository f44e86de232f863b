"""Table cells and labels that carry more than one thing: a serving strategy named in a row ("Max Throughput")
beside a benchmark's score, two measures in one cell ("41.2 t/s @ 88%"), a multiplier written "x1.49", and an
arm's precision in a column beside the model's own."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers import extract


def _claims(text: str) -> list[Claim]:
    return extract(text, path="t.md").claims


def test_a_strategy_named_in_a_row_leaves_a_benchmark_score_an_accuracy() -> None:
    text = (
        "## Results\n\nMMLU on the full test split, model foo/Bar-9B, TP4.\n\n"
        "| Card | Mode | MMLU |\n|---|---|---|\n"
        "| 4x A100 | Fast Decode | 71.40% |\n| 4x A100 | Max Throughput | 71.10% |\n"
        "| 4x A100 | Low Latency | 70.80% |\n"
    )
    got = [(c.kind, c.value, c.config.get("row")) for c in _claims(text)]
    assert got == [
        ("accuracy", 71.4, "Fast Decode"),
        ("accuracy", 71.1, "Max Throughput"),
        ("accuracy", 70.8, "Low Latency"),
    ]


def test_a_row_naming_a_measure_still_makes_its_cells_that_measure() -> None:
    text = "| Metric | GSM8K run |\n|---|---|\n| Latency (ms) | 812.0 |\n| Accuracy | 91.2% |\n"
    assert [(c.kind, c.value) for c in _claims(text)] == [("perf", 812.0), ("accuracy", 91.2)]
