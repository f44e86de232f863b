"""Numbers a text gives to explain a change, none of them measured: the release of a library the stack is built
from ("cuDNN 9.21 -> 9.22", "NCCL version 2.30": a bump is a version change, no before and after of a result) and
the share of a change a cause explains ("the regression is 100% node variance": an attribution argued, no change);
and the numbers only a piece of a name or of a duration ("WikiText 2", "3 days 18 hours")."""

from __future__ import annotations

import re

from ledger.vocab.perplexity_corpora import corpus_number
from ledger.vocab.text import ARROW
from ledger.vocab.units import is_time_unit
from ledger.vocab.word_gate import WordGate

# the libraries, toolkits and drivers a serving stack pins (a backend's name alone, "FlashInfer 1.21", may hold a
# ratio: a version word or a bump says the number is its release)
_LIBRARIES = (
    r"cudnn|cublas(?:lt)?|cufft|cusparse(?:lt)?|curand|nccl|rccl|nvshmem|cuda(?:[ -]toolkit)?|rocm|hip|"
    r"driver|nvidia[ -]driver|torch|pytorch|triton|transformers|flashinfer|cutlass|tensorrt|jax|jaxlib|"
    r"xformers|flash[ -]?attn|flash[ -]?attention|deepgemm|deep[ -]?ep|python|numpy|gcc|cmake|ucx|nixl|mpi"
)
# (searched only where one of its words stands: vocab.word_gate)
_NAME_BEFORE_RE = WordGate(
    re.compile(rf"(?<![\w.-])(?:{_LIBRARIES})(?P<word>\s(?:version|ver\.?)|\sv(?=\d))?\s?[:=]?\s?v?$", re.IGNORECASE)
)
# ("9.21 -> 9.22", "9.21 to 9.22": the next release after an arrow)
_BUMP_AFTER_RE = re.compile(rf"\s?(?:{ARROW}|\sto\s)\s?v?\d{{1,4}}(?:\.\d{{1,4}}){{1,3}}(?![\w%])", re.IGNORECASE)
# "the regression is 100% node variance", "the slowdown was ~80% host noise", "the gap is 60% due to launch
# overhead": a copula, the share, then the cause it is put down to
_ATTRIBUTED_BEFORE_RE = re.compile(
    r"\b(?:is|was|are|were)\s(?:about\s|roughly\s|mostly\s|almost\s|nearly\s|entirely\s|~)?$", re.IGNORECASE
)
_CAUSE_AFTER_RE = re.compile(
    r"\s?(?:(?:due\sto|caused\sby|attributable\sto|explained\sby|because\sof)\b|"
    r"(?:[\w-]{1,20}\s){0,3}(?:noise|variance|variation|jitter|flakiness|contention|artifacts?|artefacts?)\b)",
    re.IGNORECASE,
)


# the toolkits, drivers and languages whose name never stands before a measured number: "with ROCm 6.4", "CUDA 12.8",
# "torch 2.7" are releases without a version word (a kernel library's, "FlashInfer 1.21", may be a result)
_RUNTIME_BEFORE_RE = re.compile(
    r"(?<![\w.-])(?:rocm|hip|cuda|cudnn|nccl|rccl|nvshmem|torch|pytorch|python|gcc|cmake|numpy|jaxlib|driver)"
    r"\s?[:=]?\s?v?$",
    re.IGNORECASE,
)


def library_version(text: str, start: int, end: int) -> bool:
    """The dotted number at text[start:end] is the release of the library named right before it ("cuDNN 9.21 ->
    9.22", "NCCL version 2.30", "with ROCm 6.4"): a version word or a bump across an arrow says so, or the name is a
    runtime's, which no measure is named by."""
    if "." not in text[start:end]:
        return False
    if _RUNTIME_BEFORE_RE.search(text, max(0, start - 12), start) is not None:
        return True
    m = _NAME_BEFORE_RE.search(text, max(0, start - 30), start)
    return m is not None and (m.group("word") is not None or _BUMP_AFTER_RE.match(text, end) is not None)


# "swept across batch sizes in powers of 2", "padded to multiples of 64": the base of the series a sweep or a shape
# follows, a setting of the runs and never a result
_SERIES_BASE_BEFORE_RE = re.compile(r"\b(?:powers?|multiples?)\sof\s$", re.IGNORECASE)
_DAYS_BEFORE_RE = re.compile(r"(?<![\w.])\d{1,4}\s?days?,?\s(?:and\s)?$", re.IGNORECASE)


def explains(text: str, start: int, end: int, unit: str | None) -> bool:
    """The number at text[start:end] (in `unit`) explains and measures nothing: a library's release, a corpus's
    ("WikiText 2": the 2 ends its name), a share of a change a cause is said to explain, the hours after a count of
    days ("takes 3 days 18 hours": days are no unit prose reads, vocab.unit_table, so the tail alone is no value),
    the base of a sweep's series ("BS powers of 2")."""
    if unit is None:
        return (
            library_version(text, start, end)
            or corpus_number(text, start, end)
            or _SERIES_BASE_BEFORE_RE.search(text, max(0, start - 16), start) is not None
        )
    if is_time_unit(unit) and _DAYS_BEFORE_RE.search(text, max(0, start - 24), start) is not None:
        return True
    return (
        unit.strip() == "%"
        and _ATTRIBUTED_BEFORE_RE.search(text, max(0, start - 24), start) is not None
        and _CAUSE_AFTER_RE.match(text, end, end + 70) is not None
    )


# "the step needs 40-60 GiB of scratch disk", "requires 150 GB of free disk space": the storage a run must be given, a
# prerequisite ("needs 87GB of CPU RAM" is what loading took, a measured footprint)
_NEEDS_BEFORE_RE = re.compile(
    r"\b(?:needs?|requires?|required|needed)\s(?:about\s|roughly\s|at\sleast\s|up\sto\s)?~?$", re.IGNORECASE
)
_DISK_AFTER_RE = re.compile(r"\s?of\s(?:free\s|scratch\s|local\s)?(?:disk|storage)\b", re.IGNORECASE)


def storage_needed(text: str, start: int, end: int) -> bool:
    """The size at text[start:end] is the storage a step needs ("needs about 30-45 GiB of free disk"): no result."""
    return bool(_NEEDS_BEFORE_RE.search(text, max(0, start - 30), start) and _DISK_AFTER_RE.match(text, end))
