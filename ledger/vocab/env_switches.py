"""Environment switches on a launch line ("VLLM_ROCM_QUICK_REDUCE_QUANTIZATION=INT4"): one component's setting,
not the run's, unless the variable is named as a setting the vocabulary knows ("TP_SIZE=8", "KV_CACHE_DTYPE=fp8")."""

from __future__ import annotations

import re

from ledger.vocab.setup_keys import is_known_key
from ledger.vocab.setup_labels import setup_label_key


def without_env_switches(text: str) -> str:
    """The text with its environment switches blanked out (same length: the positions of the rest hold)."""
    if "_" not in text or "=" not in text:
        return text
    return _ENV_ASSIGN_RE.sub(_unless_setting, text)


def _unless_setting(m: re.Match[str]) -> str:
    """The assignment blanked out, unless its name is a setting the vocabulary knows ("TP_SIZE=8", "MODEL=...")."""
    name = m.group(0).split("=", 1)[0].lower()
    return m.group(0) if setup_label_key(name) or is_known_key(name) else " " * len(m.group(0))


_ENV_ASSIGN_RE = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]{1,20}(?:_[A-Z0-9]{1,20}){1,8}=[\w.,:/+-]{0,60}")


# the engines' own switches ("SGLANG_ENABLE_SPEC_V2=1", "VLLM_USE_V1=0"), not where they log, listen or find files
_ENGINE_ENV_RE = re.compile(r"(?:VLLM|SGLANG|SGL|TRTLLM|TLLM)_[A-Z0-9_]{1,60}")
_NO_SETTING_RE = re.compile(r"(?:PORT|HOST|URL|KEY|TOKEN|PATH|DIR|ROOT|LEVEL|LOG[A-Z_]{0,20}|FILE|NAME)$")
ENV_KEY = "env"
"""The setup key of an engine's switches set before its command: a run with "VLLM_USE_V1=0" and one with "=1" ran
two engines' paths, two setups (the settings a known flag's variable gives, "VLLM_ATTENTION_BACKEND", are read as
that flag)."""


def engine_toggles(pairs: list[tuple[str, str]]) -> str:
    """The engine switches among the variables set before a command, as "NAME=value" in their order ("" for none)."""
    return " ".join(
        f"{name}={value}" for name, value in pairs if _ENGINE_ENV_RE.fullmatch(name) and not _NO_SETTING_RE.search(name)
    )
