"""A claim's model as one checkpoint's name, whichever reader set it: a model file's path ("vllm serve
/models/Heron-8B-Q4_K_M.gguf", "--model ~/w/X.gguf", "weights=/data/X.gguf" read through "$weights") is the model
the file holds, its GGUF type the quant; two checkpoints named for two columns are each column's (column_models)."""

from __future__ import annotations

from ledger.parsers.grammar.column_models import column_model
from ledger.vocab.models import file_model, gguf_type
from ledger.vocab.setup import qualifiers

_FILE_ENDS = (".gguf", ".bin", ".safetensors")


def settled_model(values: dict[str, str]) -> dict[str, str]:
    """`values` with a model file's path as the model it holds (a copy; the same dict where nothing changes): what a
    scope lends every claim under it, read through one gate whichever reader stated it."""
    model = values.get("model", "")
    if not model.lower().endswith(_FILE_ENDS):
        return values
    out = dict(values)
    settle_model(out)
    return out


def settle_model(config: dict[str, str]) -> None:
    """Set `config`'s model to the checkpoint it names: each column's of a label naming several, the model a file
    path holds (a file named for its format alone, "models/7B/ggml-model-q4_0.gguf", keeps its path, and a
    checkpoint's folder is left as written)."""
    value = config["model"]
    if " " in value:
        column_model(config)
        return
    if not value.lower().endswith(_FILE_ENDS):
        return
    config["model"] = file_model(value)
    # ("ggml-model-Q4_K_M.gguf": the file's weights are that GGUF type, one the vocabulary does not list too: IQ4_KS)
    if (quant := qualifiers(value.rsplit("/", 1)[-1][:200]).get("quant") or gguf_type(value)) is not None:
        config.setdefault("quant", quant)
