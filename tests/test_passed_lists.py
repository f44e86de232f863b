"""CI and check verdicts in prose (gates.passed_lists): a list of checks that passed is one gate per check, names no
vocabulary knows included; a suite's verdict named by its CI ("All X CI tests (...) passed") is a gate; "most of"
the suite passing is no pass; a value passed to a function is no gate."""

from __future__ import annotations

import pytest

from ledger.parsers import extract


def _gates(text: str) -> list[tuple[str | None, str | None]]:
    return [(c.metric, c.outcome) for c in extract(text + "\n", path="t.md").claims if c.kind == "gate"]


def test_each_check_of_a_list_that_passed_is_a_gate_of_its_own() -> None:
    got = _gates("## Checks\n\nLint, schema validation, and unit collection passed on the branch.")
    assert got == [("Lint", "pass"), ("schema validation", "pass"), ("unit collection", "pass")]


def test_a_list_closed_by_a_known_check_keeps_every_item() -> None:
    got = _gates("Formatting, JSON/schema parsing, and pytest collection passed; the docs build is next.")
    assert sorted(got) == [("Formatting", "pass"), ("JSON/schema parsing", "pass"), ("pytest collection", "pass")]


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("- All CUDA CI tests (tier-1/2) passed", [("CUDA CI tests (tier-1/2)", "pass")]),
        (
            "- Most of ROCm CI tests (tier-1/2) passed, the rest did not fail because of this change.",
            [("ROCm CI tests (tier-1/2)", "waived")],
        ),
        ("- Most of the ROCm CI jobs passed.", [("ROCm CI jobs", "fail")]),
    ],
)
def test_a_suites_verdict_named_by_its_ci_is_a_gate(line: str, want: list[tuple[str, str]]) -> None:
    assert _gates(line) == want


@pytest.mark.parametrize(
    "line",
    [
        "The tokenizer, the sampler and the config passed to the engine are unchanged.",
        "Batch size, sequence length and dtype passed into `run()` come from the CLI.",
    ],
)
def test_things_passed_to_a_function_are_no_gates(line: str) -> None:
    assert _gates(line) == []
