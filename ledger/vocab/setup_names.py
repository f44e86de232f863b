"""Labels that are a setup and nothing more ("8B", "Qwen3-8B", "8x H100", "MXFP4"): a table's row or column, a
list's lead word, named by what it ran on rather than by what it measured."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.setup import HARDWARE_NAME_RE, model_names, qualifiers

MODEL_SIZE_RE = re.compile(r"(?<![\w.])\d{1,4}(?:\.\d{1,2})?[BM](?![\w.])")
"""A model named by its size alone ("8B", "0.5B", "13B"), as lists of runs print it."""


def setup_named(label: str) -> dict[str, str]:
    """The setup a label is and nothing more: a model's size ("8B"), a model ("Qwen3-8B"), a device ("RTX 4090",
    "8x H100") or a precision ("MXFP4"), as {key: value}; {} for a label that names a measure or anything else."""
    return dict(_setup_named(label))  # a fresh dict: callers add to it


@short_text_cache(4096)  # every row and column label of a table, asked again by each reader of the table
def _setup_named(label: str) -> dict[str, str]:
    core = label.strip(" *_`:")
    if MODEL_SIZE_RE.fullmatch(core):
        return {"model": core}
    found = qualifiers(core)
    if set(found) == {"gpu"} and HARDWARE_NAME_RE.pattern.fullmatch(re.sub(r"^\d{1,3}\s?[x×]\s?", "", core)):
        return found
    if set(found) == {"quant"} and core.lower() == found["quant"]:
        return found  # "- MXFP4: 813.73 -> 881.41 output tok/s/GPU": the run's precision, not a measure
    models = model_names(core)
    return {"model": core} if models and models[0] == core else {}
