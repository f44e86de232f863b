"""A setting one result clause states for its own result stays off the sentence's other clauses
(grammar.clause_keys): through neither the line's scope nor the document's default."""

from __future__ import annotations

import pytest

from ledger.parsers import extract
from ledger.parsers.grammar.clause_keys import clause_own_keys
from ledger.parsers.grammar.line_setup import line_setup


@pytest.mark.parametrize(
    ("sentence", "own"),
    [
        ("On H100 with TP=2 the GSM8K score is 0.914; on A100 it reaches 0.897.", {"tp"}),
        ("Qwen3-8B on L40S with FP8 KV cache gives 0.882 on MMLU, while on RTX 4090 it gives 0.871.", {"kv_cache"}),
        # stated before the clauses split, or by every clause, or in a lead-in before a colon: the whole sentence's
        ("On H100 and A100 with TP=2, GSM8K is 0.914 and 0.897.", set()),
        ("On H100 with TP=4 GSM8K is 0.91; on A100 with TP=4 it is 0.89.", set()),
        ("Served with TP=2: on H100 GSM8K is 0.914; on A100 it reaches 0.897.", set()),
        # one board: no two runs the clauses tell apart
        ("On H100 with TP=2 the GSM8K score is 0.914; MMLU reaches 0.801.", set()),
        # no key named twice, but two result clauses each under a setting of its own: each its clause's
        ("At batch 8 the fused path reaches 84.2%, while on MI300X it reaches 83.1%.", {"batch_size", "gpu"}),
        # one clause alone under a setting: the sentence's opening, every clause's
        ("With TP=2 throughput is 1520 tok/s, and latency drops to 12.5 ms.", set()),
    ],
)
def test_clause_own_keys(sentence: str, own: set[str]) -> None:
    assert clause_own_keys(sentence) == own


def test_one_line_document_keeps_the_setting_in_its_clause() -> None:
    claims = extract("On H100 with TP=2 gsm8k is 0.91; on A100 it is 0.89.\n", "one_line.md").claims
    configs = {c.value: c.config for c in claims}
    assert configs[0.91] == {"gpu": "H100", "tp": "2"}
    assert configs[0.89] == {"gpu": "A100"}


def test_a_paragraph_over_two_lines_keeps_the_setting_in_its_clause() -> None:
    text = "# Sampler\n\nOn H100 with TP=2 gsm8k is 0.91;\non A100 gsm8k is 0.89.\n"
    configs = {c.value: c.config for c in extract(text, "two_lines.md").claims}
    assert configs[0.91] == {"gpu": "H100", "tp": "2"}
    assert configs[0.89] == {"gpu": "A100"}


def test_a_clause_setting_is_not_the_document_default() -> None:
    text = (
        "# Fused dispatch\n\nSetup: TP=2.\n\n"
        "At batch 8 the fused path reaches 84.2%, while on MI300X it reaches 83.1%.\n\n"
        "Decode throughput rises to 1520 tok/s.\n"
    )
    configs = {c.value: c.config for c in extract(text, "default.md").claims}
    assert configs[84.2] == {"batch_size": "8", "tp": "2"}
    assert configs[83.1]["gpu"] == "MI300X"
    assert configs[1520.0] == {"tp": "2"}  # the Setup line's, no clause's


def test_a_text_of_one_clause_states_no_clause_keys_before_named_twice_reads_it() -> None:
    """clause_own_keys cuts the clauses before named_twice reads the text (a speed order): a line naming two boards
    in one clause still states none of its own, and two clauses still do."""
    assert clause_own_keys("On H100 and A100 with TP=2 the GSM8K score is 0.914") == frozenset()
    assert clause_own_keys("On H100 with TP=2 the GSM8K score is 0.914; on A100 it reaches 0.897") == {"tp"}


def test_an_ab_batch_by_its_letter_is_no_board_nor_model_size() -> None:
    # "fixed-B28" / "B16 A/B" are an A/B run's batch; "B200" stays a board, "28B" a model's size
    assert line_setup("a separate fixed-B28 A/B measured +4.52%").get("batch_size") == "28"
    assert line_setup("a B16 A/B gave 41.2 ms").get("batch_size") == "16"
    assert "batch_size" not in line_setup("a B200 A/B gave 41.2 ms")
    assert "batch_size" not in line_setup("the Qwen 28B A/B gave 41.2 ms")


def test_a_clause_opening_on_its_own_experiment_keeps_the_last_ones_setting_off() -> None:
    text = (
        "An older OSL1024 pair showed throughput at +3.20% but kept only 12 rows per rank, "
        "and a separate later fixed-B32 A/B measured throughput at +2.75%."
    )
    assert {"osl", "batch_size"} <= clause_own_keys(text)
    # "the same run" is the run already told of: no experiment of its own
    assert "osl" not in clause_own_keys("An OSL1024 pair showed +3.20%, and the same run then gave +2.75%.")
