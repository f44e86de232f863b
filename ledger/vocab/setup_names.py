"""Labels that are a setup and nothing more ("8B", "Qwen3-8B", "8x H100", "MXFP4"): a table's row or column, a
list's lead word, named by what it ran on rather than by what it measured."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.setup import HARDWARE_NAME_RE, blank_setup_words, model_names, qualifiers

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


_JOINT_CHARS = " ,;/+&@|()*_`:-"


@short_text_cache(1024)  # a table's group rows, asked once a row under them
def _setup_stated(label: str) -> dict[str, str]:
    found = qualifiers(label)
    if not found or len(label) > 120:
        return {}
    rest = blank_setup_words(label)
    models = model_names(rest)
    for name in models:
        rest = rest.replace(name, " ")
    sizes = MODEL_SIZE_RE.findall(rest)
    if MODEL_SIZE_RE.sub(" ", rest).strip(_JOINT_CHARS):
        return {}  # ("TP4 decode", "H100 p99"): a setup and a part or a statistic the rows measure
    if models or sizes:
        found["model"] = (models or sizes)[0]
    return found


def setup_stated(label: str) -> dict[str, str]:
    """The setup a label states part by part and nothing more ("L40S/14B/TP2": gpu L40S, a 14B model, tp 2; "H100 TP8";
    "Qwen3-8B, bf16"), as {key: value}; {} for a label that says anything else. A model named by its size alone
    ("14B") stands as that size."""
    return dict(_setup_stated(label))
