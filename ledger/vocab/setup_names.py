"""Labels that are a setup and nothing more ("8B", "Qwen3-8B", "8x H100", "MXFP4"): a table's row or column, a
list's lead word, named by what it ran on rather than by what it measured."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.models import FAMILY_PATTERN, holds_size, maker_spelling, parameter_counts
from ledger.vocab.releases import named_release
from ledger.vocab.setup import HARDWARE_NAME_RE, blank_setup_words, model_names, qualifiers

MODEL_SIZE_RE = re.compile(r"(?<![\w.])\d{1,4}(?:\.\d{1,2})?[BM](?![\w.])")
"""A model named by its size alone ("8B", "0.5B", "13B"), as lists of runs print it."""
# a name's family and version where it opens, an owner before them ("qwen3bf16", "acme/Llama-4")
_FAMILY_LEAD_RE = re.compile(rf"(?:[\w.-]{{1,40}}/)?({FAMILY_PATTERN})([ -]?\d{{1,2}}(?:\.\d{{1,2}})?)?", re.IGNORECASE)


def sized_model(model: str, size: str) -> str | None:
    """The model a size alone names ("30B", a block's title "H20/30B/TP1") beside the page's `model`: the page's
    where it is of that size ("Qwen3-30B-A3B"); the page's completed by the size where the page's names none
    ("Qwen3" -> "Qwen3-30B"; "qwen3bf16", a family with its precision glued on, -> "Qwen3-30B"); else none, as a
    size is no model ("47B" beside "Mixtral-8x7B" names another checkpoint, unnamed)."""
    if not model or holds_size(model):
        return model if model and size.lower() in parameter_counts(model) else None
    m = _FAMILY_LEAD_RE.match(model)
    rest = model[m.end() :].strip(" -_") if m is not None else ""
    if m is not None and (not rest or (set(qualifiers(rest)) == {"quant"} and not blank_setup_words(rest).strip())):
        return f"{maker_spelling(m.group(1))}{m.group(2) or ''}-{size}"
    return f"{model}-{size}"


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
        # ("Llama-2-7b-hf-TP1": the hyphen that joined the setting stays behind once the setting is blanked)
        found["model"] = (models or sizes)[0].rstrip("-_")
    return found


def setup_stated(label: str) -> dict[str, str]:
    """The setup a label states part by part and nothing more ("L40S/14B/TP2": gpu L40S, a 14B model, tp 2; "H100 TP8";
    "Qwen3-8B, bf16"), as {key: value}; {} for a label that says anything else. A model named by its size alone
    ("14B") stands as that size."""
    return dict(_setup_stated(label))


def setup_at_release(label: str) -> dict[str, str]:
    """The setup a label states beside the one release of the engine it ran ("6 experts V0.2.1": experts 6 on release
    v0.2.1, a table's group row over the rows of that run), as {key: value} with the release under `release`; {} for a
    label that names no release, or anything beside the release and its setup ("V0.2.1 decode", "v0.2.1" alone)."""
    words = label.strip(" *_`:").split()
    if len(words) > 8:
        return {}
    at = [i for i, w in enumerate(words) if (got := named_release(w.strip("(),"))) is not None and not got[0]]
    if len(at) != 1:
        return {}
    release = named_release(words[at[0]].strip("(),"))
    stated = setup_stated(" ".join(words[: at[0]] + words[at[0] + 1 :]))
    return {**stated, "release": release[1]} if stated and release is not None else {}
