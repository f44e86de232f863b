"""A sentence's own count ("on a single GPU") and the run a ratio is "compared to" past the measure it multiplies
stay on its result."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers.pipeline import extract

PAGES = Path(__file__).parent / "fixtures" / "release_pages"


def test_a_sentence_keeps_its_count_and_its_baseline() -> None:
    claims = extract((PAGES / "sentence_count_baseline.md").read_text(), path="sentence_count_baseline.md").claims
    config = {c.source.line: dict(c.config) for c in claims}
    assert config[3].get("gpu_count") == "1"  # ("on a single GPU")
    assert config[5].get("against") == "H100"  # ("1.6x throughput on long prompts compared to H100")
