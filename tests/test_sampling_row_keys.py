"""A sweep table's row-key column naming a sampling knob ("| top-k |", "| Temp |") sets that knob for its row, over
the value a lead-in above the table stated for the whole page."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract
from ledger.parsers.tables.setting_keys import setup_key

FIXTURE = Path(__file__).parent / "fixtures" / "tables" / "sampling_row_keys.md"


def test_sampling_heads_name_their_keys_but_a_joined_topk_does_not() -> None:
    assert [setup_key(h) for h in ("top-k", "Top P", "Temp", "temperature")] == [
        "top_k",
        "top_p",
        "temperature",
        "temperature",
    ]
    assert setup_key("topk") is None  # (a drafting tree's branches, vocab.sampling_words)


def test_each_row_keeps_its_own_knob_and_the_lead_in_fills_the_others() -> None:
    claims = extract(FIXTURE.read_text(), str(FIXTURE)).claims
    got = {c.value: (c.config.get("top_k"), c.config.get("temperature"), "row" in c.config) for c in claims}
    assert got[9.2] == ("5", "0.8", False) and got[1.3] == ("200", "0.8", False)
    assert got[6.5] == ("50", "0.3", False) and got[0.8] == ("50", "1.2", False)
