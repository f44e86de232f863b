"""Spellings of one model across a document: "Llama-Nemotron-Nano-8B" and "llama_v3.1_nemotron_nano_8b", a hub id and
its local copy; and checkpoints that differ by their precision alone ("acme/Qwen3-Next-BF16", "acme/Qwen3-Next-FP8").

A thread that names such a pair (a recipe's two `export MODEL=` lines, a table's rows) still serves one model: the
precision is each run's own setting, the model what the names share. A recipe key's short model ("gptoss" of
"gptoss-fp4-b200-trt") and the model the text names in full ("openai/gpt-oss-120b") are spellings of one too: the full
name is the model (spelled_keys_apart).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.vocab.recipe_keys import recipe_key, spells_key_model
from ledger.vocab.setup import model_names, qualifiers

_PART_RE = re.compile(r"[-_.]")
_NAME_WORD_RE = re.compile(r"[a-z]{4,}")
_SIZE_RE = re.compile(r"(?<![a-z0-9.])(\d{1,4}(?:\.\d)?)b(?![a-z])")


def one_model(names: Sequence[str]) -> bool:
    """Spellings of one model ("Llama-Nemotron-Nano-8B" and "llama_v3.1_nemotron_nano_8b"): one size, and the
    words of the shortest in every other. A local path is read by its last part: "../weights/X-Q8_0.gguf" and a
    converted "../out/x_8bit" are the hub's "org/X" on another engine, and their folders' words are no model's."""
    low = [base_name(n).lower().replace("_", "-") for n in names]
    sized = [n for n in low if _SIZE_RE.search(n)]
    named = {w for n in sized for w in _NAME_WORD_RE.findall(n)}
    if sized and all(set(_NAME_WORD_RE.findall(n)) <= named for n in low):
        low = sized  # ("the Qwen3-MoE model" beside "Qwen3-30B-A3B": the family the sized model is one of)
    sizes = {tuple(_SIZE_RE.findall(n)) for n in low}
    if len(sizes) != 1 or not next(iter(sizes)):
        return False
    if len({q for n in low if (q := qualifiers(n).get("quant"))}) > 1:
        return False  # ("acme/wren-12b-fp8" beside "acme/wren-12b-nvfp4": two checkpoints of it, each a row's own)
    words = [set(_NAME_WORD_RE.findall(n)) for n in low]
    fewest = min(words, key=len)
    return bool(fewest) and all(fewest <= w for w in words)


def sized_name(name: str) -> bool:
    """The name states a parameter count ("Qwen3-30B-A3B", "../llama-8b.gguf")."""
    return _SIZE_RE.search(base_name(name).lower().replace("_", "-")) is not None


def base_name(name: str) -> str:
    """A local path by its last part ("../weights/X-Q8_0.gguf" -> "X-Q8_0.gguf"); a hub id as it is."""
    return name.rsplit("/", 1)[-1] if name.startswith((".", "/", "~")) else name


def _without_precision(name: str) -> tuple[str, bool]:
    """The name less its precision parts ("acme/Qwen3-Next-FP8" -> "acme/Qwen3-Next"), and whether it had one."""
    parts = _PART_RE.split(name)
    kept = [p for p in parts if not (p and "quant" in qualifiers(p) and len(p) <= 8)]
    if len(kept) == len(parts) or not kept:
        return name, False
    # (the separators of the kept parts as the name printed them: the name up to its first precision part)
    cut = next(i for i, p in enumerate(parts) if p not in kept)
    return (name[: sum(len(p) + 1 for p in parts[:cut]) - 1] if cut else name), True


def shared_checkpoint_model(names: Sequence[str]) -> str | None:
    """The model checkpoints of several precisions share ("Qwen3-Next" for the title's "Qwen3-Next" and its BF16 and
    FP8 checkpoints), where at least two precisions are named and every name, less its precision, is one model's
    spelling (each contained in the longest, case-blind); the name as printed without a precision where one is."""
    distinct = list(dict.fromkeys(names))
    stripped = [_without_precision(n) for n in distinct]
    if len({qualifiers(n).get("quant") for n, (_, had) in zip(distinct, stripped, strict=True) if had} - {None}) < 2:
        return None
    bases = [b.lower() for b, _ in stripped]
    longest = max(bases, key=len)
    if min(len(b) for b in bases) < 4 or not all(b.rsplit("/", 1)[-1] in longest for b in bases):
        return None
    plain = [n for n, (_, had) in zip(distinct, stripped, strict=True) if not had]
    return max(plain, key=len) if plain else max((b for b, _ in stripped), key=len)


# the hub's organisations whose names hold none of their models' family word ("google/gemma-3-27b-it")
_HUB_OWNERS = frozenset(
    ("google", "microsoft", "nvidia", "openai", "ibm-granite", "zai-org", "moonshotai", "thudm", "tencent", "baidu")
)
_FAMILY_WORD_RE = re.compile(r"[a-z]{4,}")
_EXTENSION_RE = re.compile(r"\.[A-Za-z][A-Za-z0-9_]{0,9}$")


def hub_id_in_folder(path: str) -> str:
    """A local folder whose last two parts are a hub id ("/shared/models/Qwen/Qwen2.5-7B-Instruct" -> "Qwen/Qwen2.5-
    7B-Instruct"): a copy of that checkpoint, downloaded under its organisation's folder. The organisation is one
    whose name holds the model's family word ("meta-llama" of "Llama-3.1-8B") or a known one. Under a folder of
    models ("/workspace/models/Qwen3-32B") the model is the last part, where the vocabulary reads that part whole as
    a model's name: the folders above are the machine's, no spelling of the model; so a folder of its own at the root
    or here ("/Qwen2.5-VL-7B-Instruct/", "./Llama-3.1-8B"). A file ("...-Q4_K_M.gguf":
    model_in_path's), a name with no digit, a checkpoint's step ("step-1200") stay as typed."""
    path = checkpoint_folder(path)
    if not path.startswith(("/", "~", ".")) or "/" not in path:
        return path
    owner, name = ["", *path.rstrip("/").split("/")][-2:]
    if owner in ("", ".", "..", "~"):  # ("/Qwen2.5-VL-7B-Instruct/", "./Llama-3.1-8B": one folder, the model's own)
        return name if model_names(name) == [name] and not _NUMBERED_RE.fullmatch(name) else path
    family = _FAMILY_WORD_RE.match(name.lower())
    if _EXTENSION_RE.search(name) or not any(ch.isdigit() for ch in name) or family is None:
        return path  # ("Foo-8B.gguf": a file; "Qwen/latest": no checkpoint's name)
    if family.group(0) in owner.lower() or owner.lower() in _HUB_OWNERS:
        return f"{owner}/{name}"
    return name if model_names(name) == [name] and not _NUMBERED_RE.fullmatch(name) else path


_REVISION_DIR_RE = re.compile(r"(?:/snapshots)?/[0-9a-f]{40}/?$")
"""A downloaded checkpoint's revision folder ("/m/org/Name/<sha>", a hub cache's ".../snapshots/<sha>"): which commit
of the model, no part of its name."""
_CACHE_DIR_RE = re.compile(r"/models--([\w.-]{1,100})--([\w.-]{1,100})$")
"""A hub cache's folder of one model ("models--Qwen--Qwen2-7B"): its hub id, spelt with "--" for "/"."""


def checkpoint_folder(path: str) -> str:
    """The folder of the model a path loads, without the revision folder a downloaded copy sits in: "/m/deepseek-ai/
    DeepSeek-V3/1d04...05" -> "/m/deepseek-ai/DeepSeek-V3"; "/c/models--Org--Name/snapshots/a3b6...60" -> "Org/Name"
    (a hub cache's folder, its hub id); any other path stays as typed."""
    cut = _REVISION_DIR_RE.sub("", path[:2000])
    if cut == path[:2000]:
        return path
    cache = _CACHE_DIR_RE.search(cut)
    return f"{cache.group(1)}/{cache.group(2)}" if cache else cut


# a word and a number alone ("step-1200", "epoch_3", "run2"): a checkpoint's or a run's folder, no model's name
_NUMBERED_RE = re.compile(r"[A-Za-z]{1,12}[-_]?\d{1,9}")


_DRAFT_NAME_RE = re.compile(r"eagle|medusa|hydra|draft", re.IGNORECASE)


def models_named_twice(text: str) -> frozenset[str]:
    """{"model"} where a sentence names two models a run serves ("We ran Llama-3.1-8B and Qwen3-8B on one H100"): it
    states neither for the results after it, each says which (as vocab.setup.named_twice for its words); a draft's
    checkpoint beside its model, two spellings or two precisions of one model, name one."""
    served = [n for n in model_names(text[:400]) if not _DRAFT_NAME_RE.search(n)]
    one = len(set(served)) < 2 or one_model(served) or shared_checkpoint_model(served) is not None
    return frozenset() if one else frozenset(("model",))


def fullest_spelling(names: Sequence[str]) -> str:
    """The name a line gives its one model where it spells it twice, short then full ("Falcon-H2 decode ... serving
    `Falcon-H2-7B-int4-mtp`"): the longest, where every other's letters sit inside it; else the first named."""
    keys = ["".join(filter(str.isalnum, n.lower())) for n in names]
    longest = max(range(len(names)), key=lambda i: len(keys[i]))
    return names[longest] if all(k in keys[longest] for k in keys) else names[0]


# a local folder a command is handed as an argument ("lmdeploy convert llama2 /data/meta-llama/Llama-2-7b-chat-hf")
_FOLDER_ARG_RE = re.compile(r"(?<!\S)(?:~|\.{1,2})?/[\w.\-]{1,100}(?:/[\w.\-]{1,100}){1,12}/?(?![\w/])")


def folder_checkpoint(command: str, named: Sequence[str]) -> str | None:
    """The checkpoint a command loads from a folder it is handed, where the folder's last parts are a hub id or a
    model's name (hub_id_in_folder) and the command names no other model: `named`, the names the rest of the line
    gives ("llama2", the converter's template name), each a shorter spelling inside it. None else."""
    found = {hub for m in _FOLDER_ARG_RE.finditer(command[:4000]) if (hub := hub_id_in_folder(m.group().rstrip("/")))}
    folders = [hub for hub in found if not hub.startswith(("/", "~", "."))]
    if len(folders) != 1:
        return None
    whole = "".join(filter(str.isalnum, folders[0].lower()))
    return folders[0] if all("".join(filter(str.isalnum, n.lower())) in whole for n in named) else None


def spelled_keys_apart(setup: dict[str, list[str]]) -> dict[str, list[str]]:
    """A document's stated setup values by key, its recipe keys among its models left out where another model it
    names is the key's model in full ("qwen3.5-fp8-mi355x-sglang" in a title beside "Qwen/Qwen3.5-397B-A17B-FP8" in
    the text: the text's name is the model, the key its recipe); a key no other name spells stays the model."""
    names = setup.get("model", [])
    keys = [n for n in names if recipe_key(n)]
    full = [n for n in names if not recipe_key(n)]
    apart = {k for k in keys if any(spells_key_model(n, k) for n in full)}
    return {**setup, "model": [n for n in names if n not in apart]} if apart else setup
