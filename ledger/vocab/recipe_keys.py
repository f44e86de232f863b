"""Recipe keys: the names a benchmark family gives one serving recipe by joining its parts with hyphens,

    qwen3-fp8-h100-sglang-mtp      <- model, precision, board, engine, drafting method
    dsr1-fp4-mi355x-eagle          <- the same parts, the engine left out

A key names the runs' setup, part by part: its board, precision and method suffixes are settings of the runs (the
setup reader reads them as it reads them in prose). A checkpoint's name ("Qwen3-30B-A3B-mtp") names no board and
no engine, which is how the two are told apart. Its first part names the model short ("qwen3.5", "gptoss"): where
the text names that model in full ("Qwen/Qwen3.5-397B-A17B-FP8"), the full name is the runs' model
(model_spellings.spelled_keys_apart).
"""

from __future__ import annotations

import re

from ledger.vocab.canonical import GPU_NAMES
from ledger.vocab.engines import engine_named

_BOARD_PART_RE = re.compile(rf"(?:{GPU_NAMES})", re.IGNORECASE)
_PART_SPLIT_RE = re.compile(r"[-_]")


def recipe_key(name: str) -> bool:
    """Whether the hyphen-joined `name` is a recipe's key: one of its parts past the first is a board ("h100",
    "mi355x") or an engine ("sglang", "vllm"), which no checkpoint's name carries."""
    parts = _PART_SPLIT_RE.split(name.rsplit("/", 1)[-1])
    return len(parts) >= 3 and any(
        _BOARD_PART_RE.fullmatch(p) is not None or engine_named(p) is not None for p in parts[1:]
    )


# a precision part of a key ("fp8", "mxfp4", "bf16", "int4", "w4a16"): where the model's part of it has ended
_PRECISION_PART_RE = re.compile(r"(?:mx|nv)?fp\d{1,2}|bf16|int\d{1,2}|w\d{1,2}a\d{1,2}|mxint\d", re.IGNORECASE)
# a name's runs of letters and of numbers ("Qwen3.5-397B" -> qwen, 3.5, 397, b): how a key's model part is spelled
_TOKEN_RE = re.compile(r"[a-z]{1,40}|\d{1,6}(?:\.\d{1,4})?")


def _key_model(key: str) -> str:
    """The model's part of a recipe key, the parts before its first precision, board or engine ("qwen3.5" of
    "qwen3.5-fp8-mi355x-sglang", "llama70b" of "llama70b-fp4-b200-trt")."""
    parts = _PART_SPLIT_RE.split(key.rsplit("/", 1)[-1])
    end = next(
        (
            i
            for i, p in enumerate(parts)
            if i and (_PRECISION_PART_RE.fullmatch(p) or _BOARD_PART_RE.fullmatch(p) or engine_named(p) is not None)
        ),
        len(parts),
    )
    return "-".join(parts[:end])


def spells_key_model(name: str, key: str) -> bool:
    """Whether `name`, a model named in full ("Qwen/Qwen3.5-397B-A17B-FP8", "gpt-oss-120b"), is the model the recipe
    key's first part names ("qwen3.5", "gptoss"): its letters run together, then each of the key's numbers next in
    turn, a size ("70b") anywhere ("Llama-3.3-70B-Instruct" for "llama70b"); "GLM-5.1" is no "glm5" (another
    version), "Qwen3-30B" no "qwen3.5"."""
    want = _TOKEN_RE.findall(_key_model(key).lower())
    have = _TOKEN_RE.findall(name.rsplit("/", 1)[-1].lower()[:120])
    if not want or not want[0].isalpha() or not have:
        return False
    letters, i = "", 0
    while i < len(have) and have[i].isalpha() and len(letters) < len(want[0]):
        letters, i = letters + have[i], i + 1
    if letters != want[0]:
        return False
    rest = want[1:]
    if len(rest) == 2 and rest[1] == "b" and rest[0][0].isdigit():
        return any(have[j : j + 2] == rest for j in range(i, len(have) - 1))  # "llama70b": its size, anywhere
    return have[i : i + len(rest)] == rest
