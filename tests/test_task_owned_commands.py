"""Several eval commands in one block over the rows of all their evals: each command's settings set up its own
task's results only (grammar.eval_commands.task_owned); what they all state alike reaches every row."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract
from ledger.parsers.grammar.commands import command_setup
from ledger.parsers.grammar.eval_commands import task_owned
from ledger.parsers.grammar.setup_index import SetupScope

FIXTURES = Path(__file__).parent / "fixtures"


def _configs(text: str) -> dict[float, dict[str, str]]:
    return {c.value: c.config for c in extract(text, path="x.md").claims if c.unit is None}


def test_each_eval_command_sets_up_its_own_rows() -> None:
    got = _configs((FIXTURES / "setup" / "eval_commands_own_tasks.md").read_text())
    gsm8k, mmlu, sub = got[0.912], got[0.771], got[0.702]
    assert gsm8k["concurrency"] == "64" and gsm8k["samples"] == "400" and "batch_size" not in gsm8k
    assert "concurrency" not in mmlu and mmlu["samples"] == "500" and mmlu["batch_size"] == "8"
    # a sub-category row of the eval ran on the command's examples too, not on the other eval's load
    assert sub["samples"] == "500" and "concurrency" not in sub and sub["task"] == "mmlu"


def test_a_block_of_one_eval_command_holds_for_every_row() -> None:
    text = (
        "```bash\npython3 benchmark/gsm8k/bench_sglang.py --num-questions 400 --parallel 64\n```\n\n"
        "| Eval | New | Old |\n|---|---:|---:|\n| GSM8K | 0.912 | 0.908 |\n| MMLU | 0.771 | 0.769 |\n"
    )
    got = _configs(text)
    assert got[0.912]["concurrency"] == "64" and got[0.771]["concurrency"] == "64"


def test_settings_the_commands_share_stay_everyones() -> None:
    a = SetupScope(1, 9, {"task": "gsm8k", "concurrency": "32", "model": "org/M"})
    b = SetupScope(2, 9, {"task": "mmlu", "samples": "256", "model": "org/M"})
    owned = task_owned([a, b])
    assert a.values == {"model": "org/M"} and b.values == {"model": "org/M"}
    assert [(s.task, s.values) for s in owned] == [
        ("gsm8k", {"task": "gsm8k", "concurrency": "32"}),
        ("mmlu", {"task": "mmlu", "samples": "256"}),
    ]
    # two runs of one eval (one per model) are read as before
    c, d = SetupScope(1, 9, {"task": "gsm8k", "model": "a/X"}), SetupScope(2, 9, {"task": "gsm8k", "model": "b/Y"})
    assert task_owned([c, d]) == [] and c.values["model"] == "a/X"


def test_a_module_run_names_its_eval() -> None:
    assert command_setup("python -m sglang.test.few_shot_gsm8k --num-questions 200", {})["task"] == "gsm8k"
    assert "task" not in command_setup("python3 -m sglang.launch_server --model-path org/M --tp 2", {})
    assert "task" not in command_setup("python -m sglang.bench_serving --num-prompts 100", {})
