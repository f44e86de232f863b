"""One setting, one key: a kernel's shape printed as its launch spells it ("headdim=128", "| nheads |") is stored
under the key the shape reader writes for a sentence's "head dim 128", never beside it."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract
from ledger.vocab.setup_keys import canonical_key_name, written_key

FIXTURE = Path(__file__).parent / "fixtures" / "setup" / "shape_key_spellings.md"


def test_printed_shape_spellings_are_written_canonically() -> None:
    for printed, key in (("headdim", "head_dim"), ("nheads", "heads"), ("num_kv_heads", "kv_heads"), ("seqlen", "isl")):
        assert written_key(printed) == key
        assert canonical_key_name(printed) == key
    assert written_key("batch") == "batch"  # (a neighbour compare pairs, not the key's own concept)


def test_no_config_carries_two_spellings_of_one_setting() -> None:
    claims = extract(FIXTURE.read_text(encoding="utf-8"), path=FIXTURE.name).claims
    assert claims
    for c in claims:
        keys = [canonical_key_name(k) for k in c.config]
        assert len(keys) == len(set(keys)), c.config
    inner = [c for c in claims if c.source.line == 11]
    assert inner and all(c.config["head_dim"] == "64" and c.config["heads"] == "16" for c in inner)
