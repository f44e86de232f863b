"""Environment variables' names ("DEEPSEEK_V4_MODEL_PATH"): a variable that holds a path or a name is no value
of the setup its name spells."""

from __future__ import annotations

import re

# an environment variable's name: capitals and digits in parts joined by "_" ("DEEPSEEK_V4_MODEL_PATH")
_ENV_TOKEN_RE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
_ENV_SUFFIX_RE = re.compile(r"_(?:PATH|DIR|NAME|ID|MODEL|HOME|FILE|REPO|CKPT|CHECKPOINT)$")


def in_env_name(s: str, a: int, b: int) -> bool:
    """The span a..b of `s` lies in an environment variable's name: an all-capitals word of "_"-joined parts that is
    set ("NAME=..."), expanded ("$NAME", "${NAME}") or named for what it holds ("..._MODEL_PATH")."""
    while a > 0 and (s[a - 1].isalnum() or s[a - 1] == "_"):
        a -= 1
    while b < len(s) and (s[b].isalnum() or s[b] == "_"):
        b += 1
    if _ENV_TOKEN_RE.fullmatch(s, a, b) is None:
        return False
    return (
        s.startswith("=", b) or s[max(0, a - 2) : a].endswith(("$", "${")) or _ENV_SUFFIX_RE.search(s[a:b]) is not None
    )
