"""A line that sets up an eval ("GPQA on Qwen3-32B, 198 questions, 5 shots, `max_new_tokens=8192`"), and the cap on
its answers it states: no serving run's output length (vocab.flags.EVAL_CAP_KEY)."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.vocab.flags import EVAL_CAP_KEY
from ledger.vocab.metrics import is_benchmark_name
from ledger.vocab.output_caps import states_output_cap

_LOAD_KEYS = frozenset(("isl", "concurrency", "request_rate", "num_prompts", "batch_size"))
"""A serving run's load: a line stating one sets up that run (it may name the dataset it replays, "gsm8k")."""


def evaluates(text: str, values: Mapping[str, str]) -> bool:
    """Whether `text` (stating `values`) sets up an eval: it names its shots or a benchmark (one or a suite's several,
    "GPQA `n_samples=64`; AA-LCR `num_repeats=64`"), and no serving load."""
    return ("n_shot" in values or is_benchmark_name(text[:400])) and not values.keys() & _LOAD_KEYS


def eval_cap(text: str, values: dict[str, str]) -> None:
    """The output cap `text` states (`values`' osl) as an eval's cap on its answers, where the line sets up an eval
    ("GPQA, 5 shots, `max_new_tokens=8192`"): no serving run's output length."""
    if "osl" in values and evaluates(text, values) and states_output_cap(text):
        values[EVAL_CAP_KEY] = values.pop("osl")
