"""Recipe keys: the names a benchmark family gives one serving recipe by joining its parts with hyphens,

    qwen3-fp8-h100-sglang-mtp      <- model, precision, board, engine, drafting method
    dsr1-fp4-mi355x-eagle          <- the same parts, the engine left out

A key names the runs' setup, part by part: its board, precision and method suffixes are settings of the runs (the
setup reader reads them as it reads them in prose). A checkpoint's name ("Qwen3-30B-A3B-mtp") names no board and
no engine, which is how the two are told apart.
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
