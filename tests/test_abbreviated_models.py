"""Models as threads abbreviate them (vocab.abbreviated_models) and models named in passing (vocab.passing_names)."""

from __future__ import annotations

import pytest

from ledger.vocab.abbreviated_models import sized_abbreviations, title_abbreviation
from ledger.vocab.models import model_names
from ledger.vocab.passing_names import passing_models


def test_a_sized_initial_is_a_model_anywhere() -> None:
    assert model_names("Decode on L3.1-70B improved") == ["Llama-3.1-70B"]
    assert model_names("Q3-235B TPOT, then Q3-30B-A3B") == ["Qwen3-235B", "Qwen3-30B-A3B"]
    assert list(sized_abbreviations("L3.3 70B on TP4").values()) == ["Llama-3.3-70B"]
    # an initial with no size is a cache level, a quarter, a quant: no model
    for text in ("L3 misses fell", "Q3 planning", "Q4-0 weights", "an L2-norm"):
        assert model_names(text) == [], text


def test_a_release_abbreviation_is_the_titles_model() -> None:
    assert title_abbreviation("Use fp8 kernel in DS3.2 indexer module") == "DeepSeek-V3.2"
    assert title_abbreviation("[perf] DS-R1 MTP fix") == "DeepSeek-R1"
    assert title_abbreviation("Faster router for DSv3") == "DeepSeek-V3"
    assert title_abbreviation("[Bugfix] K2 tool parser") == "Kimi-K2"
    # two releases named, or none: no one model
    assert title_abbreviation("Share the gate between DSv3 and K2") is None
    assert title_abbreviation("Fix KV dtype for ds3 layers") is None
    # in prose a release abbreviation names a model only with a run's setting beside it
    assert model_names("the DS3.2 router") == [] and model_names("DS3.2 FP8, TP8") == ["DeepSeek-V3.2"]


def test_a_model_named_as_a_comparison_is_no_runs() -> None:
    assert passing_models("Unlike Kimi-K2, this checkpoint has one shared expert") == {"Kimi-K2"}
    assert passing_models("the same trick as in the Qwen3-8B path (see #12)") == {"Qwen3-8B"}
    assert passing_models("Decode throughput on Qwen3-8B went up 4%") == set()


def test_the_title_abbreviation_holds_over_a_compared_model() -> None:
    from pathlib import Path

    from ledger.parsers import extract

    path = Path(__file__).parent / "fixtures" / "setup" / "title_short_model.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    assert claims and {c.config.get("model") for c in claims} == {"DeepSeek-V3.2"}


def test_a_board_named_as_a_comparison_is_no_runs() -> None:
    from ledger.vocab.passing_names import compared_board

    assert compared_board("the score lines up with the MI300X figure (71.3%)", "MI300X")
    assert compared_board("close to what the L40S run gave", "L40S")
    assert not compared_board("Measured on **4×H200, tp4**; in line with H200's old score", "H200")
    assert not compared_board("Decode on A100 went up 4%", "A100")


@pytest.mark.parametrize(
    ("text", "board", "passing"),
    [
        ("Benchmarked on 8x MI355X; the MI30x jobs are unchanged.", "MI30X", True),
        ("Benchmarked on 8x MI355X; the MI30x jobs are unchanged.", "8x MI355X", False),  # (placed: the runs')
        ("The MI300X lane and its ROCm 7.0 coverage stay untouched.", "MI300X", True),  # (no clause end at "7.0")
        ("MI325X runners are out of scope.", "MI325X", True),
        ("MI300X numbers are unchanged (0.93 both).", "MI300X", False),  # (its results: that board was measured)
        ("MI300X is unchanged.", "MI300X", False),  # (no coverage named: it may be the run's)
        ("Tested on H100. The H100 jobs are unchanged.", "H100", False),  # (one mention a run's: the board stays)
    ],
)
def test_a_board_named_only_as_unchanged_coverage_is_no_runs(text: str, board: str, passing: bool) -> None:
    from ledger.vocab.passing_names import uncompared

    assert (uncompared({"gpu": board}, text) == {}) is passing
