"""pandas / perf_report frames: fixtures (code block, rendered lines, no index) and column roles."""

from __future__ import annotations

from pathlib import Path

import pytest
from _fixture_claims import cases, check_provenance, claims_of, expected, project
from ledger.parsers import extract
from ledger.parsers.frames import is_input_column

CASES = cases("frames")


@pytest.mark.parametrize("path", CASES, ids=[p.name for p in CASES])
def test_fixture_gives_expected_claims(path: Path) -> None:
    assert [project(c, ("metric", "config")) for c in claims_of(path, "frames")] == expected(path)


@pytest.mark.parametrize("path", CASES, ids=[p.name for p in CASES])
def test_fixture_claims_point_at_their_text(path: Path) -> None:
    check_provenance(path)


@pytest.mark.parametrize(("name", "is_input"), [
    ("batch_size", True), ("hot_buffer_size", True), ("miss_rate", True), ("miss_tokens_cnt", True), ("M", True),
    ("seq_len", True), ("num_tokens", True), ("SGL JIT Kernel", False), ("Triton", False), ("latency_ms", False),
    ("speedup", False), ("tflops", False),
])
def test_is_input_column(name: str, is_input: bool) -> None:
    assert is_input_column(name) is is_input


def test_frame_rows_are_not_read_again_by_prose() -> None:
    path = next(p for p in CASES if p.name == "perf_report.md")
    assert all((c.parser or "").startswith("frames/") for c in claims_of(path))


def test_a_row_with_a_missing_cell_ends_the_frame() -> None:
    text = "```\n   a_size  Torch\n0     1.0   2.50\n1     2.0\n```\n"
    assert [c.value for c in extract(text, path="t.md").claims] == [2.5]
