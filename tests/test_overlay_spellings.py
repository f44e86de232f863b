"""An inner scope's key wins over the outer scope's under any spelling of it: a paste's "kv_cache_dtype=auto:" label
under a title's "FP8 KV cache" is that paste's auto cache, not both."""

from __future__ import annotations

from pathlib import Path

from ledger.ingest.extracting import extract_file
from ledger.vocab.setup_keys import canonical_key_name, overlay

FIXTURE = Path(__file__).parent / "fixtures" / "setup" / "title_kv_under_labelled_pastes.md"


def test_inner_spelling_replaces_outer_key() -> None:
    assert overlay({"kv_cache": "fp8", "gpu": "H200"}, {"kv_cache_dtype": "auto"}) == {
        "gpu": "H200",
        "kv_cache_dtype": "auto",
    }


def test_same_spelling_still_plain_override() -> None:
    assert overlay({"kv_cache": "fp8"}, {"kv_cache": "auto"}) == {"kv_cache": "auto"}


def test_labelled_pastes_keep_their_own_cache_dtype() -> None:
    claims = [c for c in extract_file(FIXTURE).claims if c.kind == "accuracy"]
    caches = []
    for claim in claims:
        values = {canonical_key_name(k): v for k, v in claim.config.items() if canonical_key_name(k) == "kv_cache"}
        assert len([k for k in claim.config if canonical_key_name(k) == "kv_cache"]) == 1
        caches.append(values["kv_cache"])
    assert caches == ["auto", "fp8"]
