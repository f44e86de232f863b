"""The one model a document is about, of the several it names: by how often each is named, and the spelling it is
given by (grammar.document_default's default model).

    "Wren-9B" in the title, "acme/Wren-9B" in three launch commands, "Wren-9B-Base" once -> "acme/Wren-9B"
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from ledger.parsers.grammar.setup_scopes import norm
from ledger.vocab.model_spellings import base_name, sized_name


def spelling_rank(name: str) -> tuple[bool, bool, int]:
    """The spelling a document's one model is given by: one naming its size before a family alone ("Qwen3-235B-A22B
    .Q2_K.gguf" over "the gguf of Qwen3"), then a hub id or name before a local file or folder, then the
    longest ("meta-llama/Llama-3.1-8B-Instruct" over "../gguf/Llama-3.1-8B-Instruct-Q8_0.gguf")."""
    return (sized_name(name), base_name(name) == name and not _FILE_RE.search(name), len(norm(name)))


_FILE_RE = re.compile(r"\.(?:gguf|bin|safetensors|pt|onnx|engine)$", re.IGNORECASE)


def main_model(names: Sequence[str]) -> str | None:
    """The model a thread is about when it names another in passing ("GLM-5.3-Flash" in the title and twice in the
    text, "adds the missing Qwen3.8-2.4T-A95B card" once): named three times at least, three times as often as any
    other; None when no model stands out so (two models compared side by side state no default). A hub id counts
    with its bare name ("acme/Wren-9B" in each launch command, "Wren-9B" in the title: one model, its spelling named
    most often kept), and a name with the one fuller name that contains it ("DeepSeek V3.2" in the prose,
    "org/DeepSeek-V3.2-Exp" in the commands: one model, by its fullest spelling), over the base model the intro
    names once."""
    counts = Counter(_unowned(n) for n in names)
    into = _fuller(list(counts))
    groups: Counter[str] = Counter()
    for key, n in counts.items():
        groups[into[key]] += n
    (top, n), *rest = groups.most_common()
    if n < 3 or any(3 * m > n for _, m in rest):
        return None
    mine = [v for v in names if into[_unowned(v)] == top]
    if len({_unowned(v) for v in mine}) > 1:
        return max(dict.fromkeys(mine), key=spelling_rank)
    spellings = Counter(norm(v) for v in mine)
    most = spellings.most_common(1)[0][0]
    return next(v for v in names if norm(v) == most)


def _fuller(keys: list[str]) -> dict[str, str]:
    """Each name's key -> the one fuller name's key that contains it, else itself ("deepseekv32" in
    "deepseekv32exp"; "wren9b" in both "wren9bchat" and "wren9bbase" is neither's)."""
    out: dict[str, str] = {}
    for k in keys:
        holders = [h for h in keys if len(h) > len(k) and k in h] if len(k) >= _MIN_KEY else []
        tops = [h for h in holders if not any(len(o) > len(h) and h in o for o in holders)]
        out[k] = tops[0] if len(tops) == 1 else k
    return out


_MIN_KEY = 4
"""The shortest name read inside a fuller one ("8b" in "llama38b" is a size, no name)."""


def _unowned(name: str) -> str:
    """A model's name without its owner or folder ("acme/Wren-9B" -> "wren9b"), to count spellings of one model."""
    return norm(name.rsplit("/", 1)[-1])
