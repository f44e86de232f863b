"""The setup a load generator's request extras state ("--extra-inputs min_tokens:96"), and the role comments over a
command in its block ("# client"), which name the step, never an arm of the run."""

from __future__ import annotations

from ledger.parsers import extract
from ledger.parsers.grammar.commands import command_setup
from ledger.vocab.setup import qualifiers


def _config(text: str, value: float) -> dict[str, str]:
    return next(c.config for c in extract(text, path="x.md").claims if c.value == value)


def test_an_output_floor_and_the_sampling_in_the_request_extras_are_setup() -> None:
    got = command_setup(
        "aiperf profile --model /m/Wren-9B/ --concurrency 3 --isl 48 --osl 96 --extra-inputs min_tokens:96 "
        "--extra-inputs top_k:40 --extra-inputs temperature:0.7"
    )
    assert got["min_tokens"] == "96" and got["osl"] == "96"
    assert (got["top_k"], got["temperature"]) == ("40", "0.7") and "variant" not in got


def test_a_cap_in_the_request_extras_is_the_output_length_unless_a_flag_says_it() -> None:
    assert command_setup("genai-perf profile -m acme/Wren-9B --extra-inputs max_tokens:320")["osl"] == "320"
    got = command_setup("genai-perf profile -m acme/Wren-9B --osl 256 --extra-inputs max_tokens:320")
    assert got["osl"] == "256"


def test_a_comment_naming_the_commands_role_is_no_variant() -> None:
    text = (
        "Runs with the floor on:\n\n```\n# launch server\ntrtllm-serve serve /m/Wren-9B/\n# client\n"
        "aiperf profile --model /m/Wren-9B/ --concurrency 3 --isl 48 --osl 96 --extra-inputs min_tokens:96\n\n"
        "| Metric | avg |\n|---|---|\n| Time to First Token (ms) | 27.40 |\n```\n"
    )
    cfg = _config(text, 27.4)
    assert "variant" not in cfg and cfg["min_tokens"] == "96"


def test_an_eval_line_of_task_count_and_shots_written_without_commas() -> None:
    got = qualifiers("arc 300 examples 10shot")
    assert got["samples"] == "300" and got["n_shot"] == "10"
    assert "samples" not in qualifiers("200 examples per second")


def test_an_eval_line_over_the_arms_labels_gives_each_arm_its_task_count_and_shots() -> None:
    text = (
        "## Check\nmmlu 300 examples 10shot\nbefore (radix cache):\n```\nAccuracy: 0.712\n```\n"
        "after (radix cache + fix):\n```\nAccuracy: 0.904\n```\n"
    )
    for value in (0.712, 0.904):
        cfg = _config(text, value)
        assert (cfg.get("task"), cfg.get("samples"), cfg.get("n_shot")) == ("mmlu", "300", "10")
