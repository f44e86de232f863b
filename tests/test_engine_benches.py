"""Benchmarks of the engines beyond the serving three (whisper.cpp's bench table, mlx_lm's console report and
pre/post tables, onnxruntime-genai's Metric/Value tables): the facts each mechanism must get right, on fixtures of
our own. The goldens hold every field; these state the point of each mechanism."""

from __future__ import annotations

from pathlib import Path

from ledger.model import Claim
from ledger.parsers import extract

FIXTURES = Path(__file__).parent / "fixtures"


def _claims(name: str) -> list[Claim]:
    path = FIXTURES / name
    return extract(path.read_text(encoding="utf-8"), path=path.name).claims


def test_bench_table_setup_columns_and_one_commit() -> None:
    claims = _claims("tables/bench_build_columns.md")
    perf = [c for c in claims if c.kind == "perf"]
    # "Th" over thread counts is the run's threads, never a result of its own
    assert [c.metric for c in perf] == ["Enc.", "Dec."] * 3
    assert [c.config.get("threads") for c in perf] == ["4", "4", "4", "4", "8", "8"]
    # "AVX2 BLAS CUDA": the CPU's features, then the GPU backend the build was made with
    assert {c.config.get("backend") for c in perf} == {"cuda"}
    # one commit on every row: the build the table ran, named once and by itself (no row's label names it)
    assert [c.sha for c in claims if c.kind == "commit"] == ["ab12cd3"]
    assert {(c.revision.label, c.revision.head) for c in perf if c.revision} == {("ab12cd3", "ab12cd3")}


def test_lower_case_side_suffixes_pair_their_measure() -> None:
    claims = _claims("tables/side_suffix_pairs.md")
    sided = [(c.metric, c.value, c.reference, c.revision.label if c.revision else None) for c in claims]
    assert ("prefill tok/s", 590.75, 512.3, "Post") in sided
    assert ("decode tok/s", 18.95, 15.4, "Post") in sided
    # the "pre" values are the references, no claims of their own; "post norm" alone names no side
    assert not any(c.value in (512.3, 22.1, 301.8, 15.4) for c in claims)
    assert [c.revision for c in claims if c.metric == "post norm"] == [None, None]
