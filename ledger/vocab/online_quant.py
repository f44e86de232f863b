"""A checkpoint quantised as it is loaded ("Model: DeepseekV3-BF16 (online quant into int8 for CPU and int4 for
GPU)", "(online int8 quant)"): the precision its name spells is the weights as stored, the one the run computed in is
the precision it was quantised into; where the text names one per device ("int8 for CPU and int4 for GPU"), the run's
precision is both, as written ("int8/int4"). Apart from setup.py and setup_negation.py, which read the run's precision
(size rule)."""

from __future__ import annotations

import re

from ledger.vocab.canonical import PRECISION_PART

_PRECISION = rf"(?:{PRECISION_PART}|(?:nv|mx)?fp6|int3|q\d_k(?:_[msl])?)"  # (and GGUF's k-quants)
# the words the quantisation is said by, right after the name, inside its parenthesis: "(online quant into int8",
# "(quantized on the fly to int4", "(online int8 quant"
_WHEN_LOADED = r"(?:online|on[ -]the[ -]fly|on[ -]load|at[ ]load)"
_REQUANT_AFTER_RE = re.compile(
    rf"[\w.-]{{0,30}}\s{{0,2}}\(\s{{0,2}}(?:{_WHEN_LOADED}\s(?:quant(?:i[sz](?:ed|ation))?\s(?:in)?to\s|"
    rf"{_PRECISION}\squant)|quanti[sz]ed\s{_WHEN_LOADED}\s(?:in)?to\s)",
    re.IGNORECASE,
)
# a second device's precision after the first's: "int8 for CPU and int4 for GPU", "int4 on the GPU, int8 on the CPU"
_DEVICE = r"(?:the\s)?(?:cpus?|gpus?)"
_OTHER_DEVICE_RE = re.compile(
    rf"\s(?:for|on)\s{_DEVICE}(?:\s?,\s?|\sand\s)({_PRECISION})\s(?:for|on)\s{_DEVICE}\b", re.IGNORECASE
)


def requantised(s: str, end: int) -> bool:
    """The precision ending at s[end] ends a checkpoint's name that the words after it say was quantised as it was
    loaded ("DeepseekV3-BF16 (online quant into int8"): the weights as stored, not the run's."""
    return _REQUANT_AFTER_RE.match(s, end) is not None


def device_precisions(s: str, end: int, first: str) -> str | None:
    """`first` (the precision ending at s[end]) with the other device's precision the words after it name ("int8 for
    CPU and int4 for GPU" -> "int8/int4"), in the order written; None where they name no second one."""
    m = _OTHER_DEVICE_RE.match(s, end)
    return f"{first.lower()}/{m.group(1).lower()}" if m is not None else None
