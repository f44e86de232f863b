"""The data set a label names and nothing it measures: a quality benchmark ("GSM8K", "SuperGLUE_BoolQ") or a set a
serving benchmark draws its prompts from ("ShareGPT"), as the ledger spells it. A label naming a measure on it too
("TTFT on GSM8K", "GSM8K Acc") is a measure's name, not a data set's."""

from __future__ import annotations

import re

from ledger.vocab.metrics import BENCHMARK_ALTERNATION, named_benchmark, names_a_metric
from ledger.vocab.serving_datasets import serving_dataset

_BENCHMARK_RE = re.compile(BENCHMARK_ALTERNATION, re.IGNORECASE)
_LONGEST = 60
"""Characters of a label that can be a data set's name and its size or split at most ("MBPP (500 problems)")."""


def data_set_named(label: str) -> str | None:
    """The data set `label` names alone (see the module), or None."""
    name = " ".join(label.replace("_", " ").strip(" *`:").split())
    if not name or len(name) > _LONGEST:
        return None
    bench = named_benchmark(name)
    if bench is None:
        return serving_dataset(name)
    return None if names_a_metric(_BENCHMARK_RE.sub(" ", name)) else bench
