"""The sampling a run was measured with (temperature, top-p, top-k) is its setup: a drafter's acceptance and an
eval's score move with it. Stated in a command, a request extra, a settings line, a lead-in or a table column;
never a claim of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers import extract
from ledger.parsers.grammar.commands import command_setup
from ledger.vocab.canonical import canon_value
from ledger.vocab.eval_run_names import eval_run_setup
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_keys import key_class


def test_a_commands_sampling_flags_and_request_extras_are_setup() -> None:
    got = command_setup("vllm bench serve --model acme/Wren-9B --temperature 0.6 --top-p 0.95 --top-k 20")
    assert (got.get("temperature"), got.get("top_p"), got.get("top_k")) == ("0.6", "0.95", "20")
    got = command_setup(
        "aiperf profile --model acme/Wren-9B --extra-inputs temperature:0 --extra-inputs top_p:0.8 "
        "--extra-inputs top_k:40 --extra-inputs min_tokens:96"
    )
    assert (got.get("temperature"), got.get("top_p"), got.get("top_k")) == ("0", "0.8", "40")
    assert got["min_tokens"] == "96"


def test_sampling_words_in_a_line_are_read_and_greedy_is_temperature_zero() -> None:
    assert qualifiers("run at temp=0, 5-shot").get("temperature") == "0"
    assert qualifiers("sampled with T=0.7 and top_p 0.95").get("temperature") == "0.7"
    assert qualifiers("sampled with T=0.7 and top_p 0.95").get("top_p") == "0.95"
    assert qualifiers("temperature 0.6, top-k 20").get("top_k") == "20"
    assert canon_value("temperature", qualifiers("greedy decoding").get("temperature", "")) == "0"
    # a GPU's heat, a time, a non-greedy search: no sampling
    for line in ("GPU temperature 71 C at peak", "T=12 ms", "a non-greedy regex", "greedy acceptance rule"):
        assert "temperature" not in qualifiers(line), line


def test_one_temperature_however_written_and_every_knob_splits_compare() -> None:
    assert {canon_value("temperature", v) for v in ("0", "0.0", "greedy", "Greedy")} == {"0"}
    assert canon_value("top_p", "1.0") == "1" and canon_value("top_k", "20") == "20"
    assert {key_class(k) for k in ("temperature", "top_p", "top_k", "Top-P", "top k")} == {"hard"}


def test_a_lead_in_and_a_column_give_each_result_its_sampling() -> None:
    text = (
        "## Draft acceptance\n\nWith temperature 0.6 and top_p 0.95:\n\n"
        "| Temperature | Acceptance length |\n|---|---|\n| 0 | 2.81 |\n| 0.7 | 2.43 |\n\n"
        "Settings: temperature=0, top_k=20\n\nAcceptance length: 3.07\n"
    )
    by_value = {c.value: c.config for c in extract(text, path="x.md").claims}
    hot, cold, line = by_value[2.43], by_value[2.81], by_value[3.07]
    assert canon_value("temperature", hot["temperature"]) == "0.7" and hot.get("top_p") == "0.95"
    assert canon_value("temperature", cold["temperature"]) == "0"
    assert line.get("temperature") == "0" and line.get("top_k") == "20"
    assert not set(by_value) & {0.6, 0.95, 20.0}


@pytest.mark.parametrize(
    "sentence",
    [
        "Scores use 0 shots, temperature 0.6, top_p 0.95, top_k 20, min_p 0.05. GSM8K accuracy is 0.912.",
        "GSM8K accuracy is 0.912 with min-p 0.05 and a repetition penalty of 1.05.",
        "GSM8K accuracy is 0.912 (seed 1234, presence_penalty 0.5, frequency penalty 0.3, max tokens 2048).",
        "- top_p: 0.95, repeat penalty 1.1, GSM8K accuracy: 0.912",
    ],
)
def test_a_number_right_after_a_sampling_settings_name_is_that_setting(sentence: str) -> None:
    """(prose.guards' CONFIG_BEFORE_RE with vocab.sampling_words' SAMPLING_NAMES: "top_p 0.95" is no score)"""
    values = {c.value for c in extract(f"# Eval\n\n{sentence}\n", path="x.md").claims}
    assert values == {0.912}, sentence


def test_a_routers_top_k_and_a_tests_name_are_no_sampling() -> None:
    assert "top_k" not in qualifiers("MoE geometry: experts=64, top_k=4")
    assert "temperature" not in qualifiers("pytest test_spec.py -k greedy")
    assert "temperature" not in qualifiers("TestSpec::test_greedy")


# The decoding named once: in the turn's setup section (both arms), over one arm only, or as two samplings.
_SETUP_SECTION = """# Trim the drafter's verify step

## Setup

Wren-7B on one H100, eagle3 with 3 draft tokens, greedy decoding, 80 prompts of the chat set.

## Results

before:
```
acceptance length: 2.41
```

after:
```
acceptance length: 2.43
```
"""
_ONE_ARM = _SETUP_SECTION.replace(", greedy decoding", "").replace("before:", "before (greedy):")
_TWO_SAMPLINGS = _ONE_ARM.replace("after:", "after (temperature 0.7):")


def _compared(text: str, tmp_path: Path) -> tuple[list[str], list[str]]:
    from ledger.api import Ledger
    from ledger.targets import run_compare

    doc = tmp_path / "sampling.md"
    doc.write_text(text, encoding="utf-8")
    result = run_compare([str(doc)], book=Ledger(tmp_path / "none.db"))
    return [r.overall.verdict for r in result.rows if r.overall], [n for n in result.notes if "sampling" in n]


def test_sampling_a_setup_section_states_covers_both_arms_and_one_arms_alone_is_not_comparable(
    tmp_path: Path,
) -> None:
    # a turn's setup section: both arms decode greedily, judged
    verdicts, notes = _compared(_SETUP_SECTION, tmp_path)
    assert verdicts == ["within noise"] and notes == []
    # one arm's lead states it and the other is silent: a hard key on one side only is no setup the two share
    verdicts, notes = _compared(_ONE_ARM, tmp_path)
    assert "not comparable" in verdicts and "within noise" not in verdicts, verdicts
    # two samplings stated are two setups: not comparable either
    verdicts, notes = _compared(_TWO_SAMPLINGS, tmp_path)
    assert "not comparable" in verdicts and notes == []


@pytest.mark.parametrize(
    ("name", "want"),
    [
        ("openai__gpt-oss-20b-low_temp1.0_20260317_060903", ("openai/gpt-oss-20b", "low", "1.0")),
        ("finch-moe-30b_temp0.6_20260402_101512", ("finch-moe-30b", None, "0.6")),
        # (a checkpoint's name alone, its last word any word: no run's name)
        ("acme__Wren-9B-high", None),
        ("acme/Wren-9B", None),
    ],
)
def test_an_eval_runs_name_is_its_model_effort_and_temperature(name: str, want: tuple[str, ...] | None) -> None:
    got = eval_run_setup(name)
    assert (None if got is None else (got[0], got[1].get("reasoning_effort"), got[1].get("temperature"))) == want


def test_a_long_line_opening_on_its_sampling_settings_sets_up_the_score_after_them() -> None:
    text = (
        "# Eval\n\n## GSM8K\n\n"
        "Scores use 0 shots, temperature 0.6, top_p 0.95, top_k 20, min_p 0.05, seed 7. GSM8K accuracy is 0.912.\n"
    )
    (claim,) = extract(text, path="x.md").claims
    assert {k: claim.config.get(k) for k in ("n_shot", "temperature", "top_p", "top_k")} == {
        "n_shot": "0",
        "temperature": "0.6",
        "top_p": "0.95",
        "top_k": "20",
    }
