"""A test plan's workload and server flags reach the results it plans: a benchmark's workload in parentheses after its
data set ("on ShareGPT (200 prompts, request-rate `inf`)"), a line quoting the server's flags without its program
("Server args: `--max-num-seqs 96`"), and a flag's value, which is a setting and never a result of the plan's own."""

from __future__ import annotations

from ledger.parsers import extract
from ledger.parsers.grammar.flag_lists import quoted_flags
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.section_results import measures
from ledger.vocab.length_pairs import natural_lengths_beside
from ledger.vocab.setup import qualifiers
from ledger.vocab.workload import parenthesised_workload


def test_a_workload_in_parentheses_after_its_data_set() -> None:
    got = parenthesised_workload("- Speed: `vllm bench serve` on ShareGPT (120 prompts, request-rate `inf`, seed 9).")
    assert got == {"dataset": "sharegpt", "num_prompts": "120", "request_rate": "inf"}
    assert parenthesised_workload("random (2,000 requests)") == {"dataset": "random", "num_prompts": "2000"}
    assert parenthesised_workload("on **ShareGPT** (64 prompts; request rate 4)")["request_rate"] == "4"


def test_a_parenthesis_of_anything_else_after_a_data_set_is_no_workload() -> None:
    assert parenthesised_workload("ShareGPT (see #1234)") == {}
    assert parenthesised_workload("a random (but fixed) seed per run") == {}
    assert parenthesised_workload("ShareGPT (200 prompts, the long ones)") == {}  # (an item it cannot read)
    assert parenthesised_workload("200 prompts (request-rate 4)") == {}  # (no data set names the workload)


def test_a_line_quoting_a_servers_flags_without_its_program() -> None:
    flags = "--max-model-len 9000 --max-num-seqs 96"
    assert quoted_flags(f"Server args: `{flags}`.") == flags
    assert quoted_flags("- **Launch flags**: `-tp 4 --enable-expert-parallel`") == "-tp 4 --enable-expert-parallel"


def test_a_benchmarks_flags_or_a_flag_among_words_are_not_the_servers() -> None:
    assert quoted_flags("- HumanEval: `--temperature 0.2 --top-p 0.95`.") is None  # (that eval's own run)
    assert quoted_flags("- MMLU: 5-shot, `--num-threads 48`.") is None
    assert quoted_flags("We then raised `--max-num-seqs 96` for the second run.") is None


def test_a_flags_value_is_a_setting_and_no_result() -> None:
    assert not measures("Server args: `--max-model-len 9000 --gpu-memory-utilization 0.90 --max-num-seqs 96`.")
    assert not measures("acme/Kite-40B-FP8 -tp 4 --enable-expert-parallel --gpu-memory-utilization 0.90")
    assert measures("With `--max-num-seqs 96` the decode rate reached 812.5 tok/s.")  # (a result beside the flag)
    assert measures("-tp 2: TPOT fell by 4.2% at concurrency 16")  # (the flag set apart, its result kept)


def test_the_plans_workload_and_server_limit_reach_the_result_section() -> None:
    text = (
        "# Tuned config for Wren-14B\n\n## Test Plan\n\nSingle H200, TP=1, model `acme/Wren-14B-FP8`.\n\n"
        "- Throughput: `vllm bench serve` on ShareGPT (300 prompts, request-rate `inf`).\n\n"
        "Server args: `--gpu-memory-utilization 0.92 --max-num-seqs 48`.\n\n## Test Result\n\n"
        "| Build | Output tok/s |\n| --- | ---: |\n| main | 2890.7 |\n| this PR | 3120.4 |\n"
    )
    cfg = next(c.config for c in extract(text, path="x.md").claims if c.value == 3120.4)
    assert (cfg["dataset"], cfg["num_prompts"], cfg["request_rate"]) == ("sharegpt", "300", "inf")
    assert (cfg["max_num_seqs"], cfg["tp"]) == ("48", "1")  # (the flag's 0.92 no result: the plan still leads)


def test_a_forced_length_beside_the_datas_own_lengths_is_one_runs() -> None:
    both = "- Speed: on ShareGPT, at native lengths and with a forced 256-token output via `--ignore-eos`."
    assert natural_lengths_beside(both) and "osl" not in line_setup(both)
    assert not natural_lengths_beside("- Speed: on ShareGPT with a forced 256-token output")
    assert line_setup("- Speed: on ShareGPT with a forced 256-token output")["osl"] == "256"
    assert qualifiers("Forced 1000 out (ignore EOS)") == {"osl": "1000"}  # (the forced row's own length)
    assert qualifiers("forced 5 out of 8 runs") == {}
