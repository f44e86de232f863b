"""A bold line alone on its line labels the section under it: what it names (a benchmark, a suite) holds to the next
such label, never past it."""

from __future__ import annotations

from ledger.parsers import extract

_TWO_SUITES = (
    "# Port the decoder to the new attention path\n\n"
    "Numbers from the old and the new decoder on Model-Q:\n\n"
    "**GSM8K**\n* Accuracy:\n  - Old Model-Q: 0.81\n  - New Model-Q: 0.79\n\n"
    "**Latency suite**\n* Accuracy\n  - Old Model-Q: 33.0\n  - New Model-Q: 32.8\n"
    "* Throughput:\n  - Old Model-Q: 1200 tok/s\n  - New Model-Q: 1260 tok/s\n"
)


def test_a_second_bold_label_ends_the_first_ones_benchmark() -> None:
    claims = extract(_TWO_SUITES, path="t.md").claims
    later = [c for c in claims if c.source.line >= 10]
    assert later and all(c.config.get("task") != "gsm8k" for c in later)
    assert all(c.config.get("dataset") != "gsm8k" for c in later)


def test_a_bold_label_naming_a_benchmark_still_names_its_own_section() -> None:
    text = _TWO_SUITES.replace("**Latency suite**", "**MMLU**")
    later = [c for c in extract(text, path="t.md").claims if c.source.line >= 10 and c.kind == "accuracy"]
    assert later and all(c.config.get("task") == "mmlu" for c in later)


def test_a_bold_labels_name_holds_over_every_list_of_its_section() -> None:
    text = _TWO_SUITES.replace("**Latency suite**", "**StressBench**").replace("* Throughput:", "\n* Throughput:")
    later = [c for c in extract(text, path="t.md").claims if c.source.line >= 10]
    assert {c.kind for c in later} == {"accuracy", "perf"}
    assert all(c.config.get("variant") == "StressBench" and "task" not in c.config for c in later)
