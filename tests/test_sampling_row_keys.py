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


def test_the_sampling_a_header_compares_against_is_not_its_cells() -> None:
    path = FIXTURE.parent / "sampling_compared_side.md"
    claims = extract(path.read_text(), str(path)).claims
    assert {c.config.get("temperature") for c in claims} == {"0.8"}  # ("this PR vs greedy": greedy is the other side)


def test_a_min_p_column_is_its_rows_setting_never_a_result() -> None:
    claims = extract(FIXTURE.read_text(), str(FIXTURE)).claims
    swept = [c for c in claims if c.source.line in (25, 26)]
    assert [(c.value, c.config.get("min_p"), c.metric) for c in swept] == [
        (4.0, "0.02", "decode tok/s vs main"),
        (5.7, "0.1", "decode tok/s vs main"),
    ]
