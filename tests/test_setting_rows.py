"""A run's settings written as a key/value table: a blank header over setup rows, a value quoting flags, a
"Context" row; and the prose naming the set the prompts came from (grammar.setting_rows)."""

from __future__ import annotations

from pathlib import Path

from ledger.model import Claim
from ledger.parsers import extract
from ledger.parsers.grammar.setting_rows import setting_row
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_labels import is_key_value_table


def _claims(rel: str) -> list[Claim]:
    path = Path(__file__).parent / "fixtures" / rel
    return extract(path.read_text(encoding="utf-8"), path=path.name).claims


def test_a_flag_value_gives_its_flags_never_the_labels_key() -> None:
    assert setting_row("**Draft**", "`--draft-max 3 --draft-p-min 0.5`", llama=False) == {"draft_len": "3"}
    assert setting_row("MTP", "`--draft-max 4`", llama=False) == {"spec_algo": "mtp", "draft_len": "4"}
    # llama.cpp's short flags only where the run served a GGUF file: "-b" is no batch of requests
    assert setting_row("Batch", "`-b 2048 -ub 512`", llama=True) == {"n_batch": "2048", "ubatch": "512"}
    assert setting_row("Batch", "`-b 2048 -ub 512`", llama=False) == {}
    assert setting_row("Context", "16,384 tokens", llama=True) == {"max_model_len": "16384"}
    assert setting_row("Model", "Llama-3.1-8B", llama=True) is None


def test_a_blank_header_over_setup_rows_is_a_settings_table() -> None:
    rows = [["**Model**", "x.gguf"], ["**GPU**", "RTX 4090"], ["**Context**", "8,192 tokens"], ["Thinking", "off"]]
    assert is_key_value_table(["", ""], rows)
    # a blank header over results: most rows name no setting
    assert not is_key_value_table(["", ""], [["Model", "x"], ["Throughput", "5,100 tok/s"], ["TTFT", "80 ms"]])


def test_the_settings_table_reaches_the_results_and_states_none() -> None:
    claims = _claims("setup/flag_valued_setup_rows.md")
    assert {c.metric for c in claims} == {"Prefill", "Decode"}  # (no "Context 8192 tokens" result)
    for c in claims:
        assert c.config["draft_len"] == "6" and c.config["max_model_len"] == "8192"
        assert (c.config["n_batch"], c.config["ubatch"], c.config["dataset"]) == ("1024", "256", "sharegpt")
        assert "draft_model" not in c.config


def test_prompts_from_a_named_set_state_the_dataset() -> None:
    assert qualifiers("Twelve prompts taken from ShareGPT, one run each.") == {"dataset": "sharegpt"}
    assert qualifiers("prompts drawn from the BurstGPT trace") == {"dataset": "burstgpt"}
    assert qualifiers("apart from random noise") == {}
    assert qualifiers("answers from Sonnet") == {}
