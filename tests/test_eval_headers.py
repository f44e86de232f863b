"""lm-eval's header line over its table: the run's settings, no result (grammar.eval_headers)."""

from __future__ import annotations

from ledger.parsers import extract
from ledger.parsers.grammar.eval_headers import eval_header_setup

_TABLE = (
    "|Tasks|Version|     Filter     |n-shot|  Metric   |   |Value |   |Stderr|\n"
    "|-----|------:|----------------|-----:|-----------|---|-----:|---|-----:|\n"
    "|gsm8k|      3|flexible-extract|     5|exact_match|↑  |0.7712|±  |0.0116|\n"
)


def test_the_header_states_args_sampling_and_limit() -> None:
    line = (
        "vllm ({'pretrained': 'org/M-8B', 'tensor_parallel_size': 4, 'max_model_len': 16384}), "
        "gen_kwargs: (temperature=0.6,top_p=0.95,max_gen_toks=4096), limit: 250.0, num_fewshot: 5, batch_size: auto"
    )
    assert eval_header_setup(line) == {
        "model": "org/M-8B",
        "tp": "4",
        "max_model_len": "16384",
        "temperature": "0.6",
        "top_p": "0.95",
        "max_tokens": "4096",
        "samples": "250",
    }


def test_unset_values_and_a_share_limit_state_nothing() -> None:
    line = "hf (pretrained=org/M-8B), gen_kwargs: (None), limit: 0.25, num_fewshot: None, batch_size: auto"
    assert eval_header_setup(line) == {"model": "org/M-8B"}
    assert eval_header_setup("limit: 250.0, num_fewshot: 5") == {}


def test_any_clients_header_is_no_result_and_sets_up_its_table() -> None:
    header = "hf (pretrained=org/M-8B,dtype=bfloat16), gen_kwargs: (temperature=0.0), limit: 400.0"
    text = f"```\n{header}\n{_TABLE}```\n"
    claims = extract(text).claims
    assert [(c.kind, c.value) for c in claims] == [("accuracy", 0.7712)]
    assert claims[0].config["temperature"] == "0.0" and claims[0].config["samples"] == "400"


def test_the_header_wins_over_an_earlier_sentence() -> None:
    text = (
        "First tried at temperature 0.8 on one H100.\n\n```\n"
        "vllm (pretrained=org/M-8B), gen_kwargs: (temperature=0.0), limit: 100.0\n" + _TABLE + "```\n"
    )
    assert extract(text).claims[0].config["temperature"] == "0.0"
