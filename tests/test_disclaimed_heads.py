"""A head its own turn disclaims ("not the exact performance of `9e8d7c6b`", "not on this PR's head (`c0de123`)")
labels none of that turn's results, and a release the code was only built or applied on is no setup of them
(grammar.disclaimed_heads, vocab.software_stack); a side column's bare statistic ("B mean") names no measure."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers.pipeline import extract
from ledger.vocab.software_stack import engine_versions

FIXTURE = Path(__file__).parent / "fixtures" / "revisions" / "head_disclaimed_results.md"


def test_a_disclaimed_head_labels_no_result_of_its_turn() -> None:
    claims = [c for c in extract(FIXTURE.read_text(encoding="utf-8"), path=FIXTURE.name).claims if c.kind == "perf"]
    assert claims
    assert all(c.revision is None or c.revision.head is None for c in claims)
    assert all("engine_version" not in c.config for c in claims)
    assert {c.metric for c in claims if c.value in (1260.0, 429.7)} == {"Output throughput"}


def test_a_build_check_names_no_stack() -> None:
    assert engine_versions("The head applies cleanly to vLLM v0.28.0 and runs.") == {}
    assert engine_versions("only checked to build against vLLM v0.30.0") == {}
    assert engine_versions("Served with vLLM v0.30.0 on H100") == {"engine": "vLLM", "engine_version": "0.30.0"}
