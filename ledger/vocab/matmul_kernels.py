"""The matmul kernel a quantised run used (AWQ's GEMM or GEMV, Marlin, ExLlama, Machete, a CUTLASS path): a setup of
its own, as two kernels of one checkpoint are two series of results. A page states it under a lead-in's label
("Kernel: GEMM", or a "Version: GEMV" line among a run's settings) or in a table's column ("| Version |" over
"🔵 GEMM" cells, a legend's colour before the name): each way gives the one key `kernel`, its value the name alone."""

from __future__ import annotations

import re
from collections.abc import Sequence

KERNEL_KEY = "kernel"

# the kernels' names, each whole: "GEMV", "GEMV_fast", "ExLlama v2", "Marlin"; a mark may lead the cell (a legend's
# coloured dot) and "kernel" may trail it
_NAMES = r"gemv(?:[ _-]fast)?|gemm|marlin|machete|exllama(?:[ _-]?v2)?|cutlass|bitblas|triton"
_KERNEL_RE = re.compile(rf"^[^\w(]{{0,4}}(?P<name>{_NAMES})(?:\s(?:kernels?))?$", re.IGNORECASE)
# a row's name that ends in its kernel ("Wren 7B GEMV", "Wren 7B (GEMM)"): the model, then the kernel it ran; a
# checkpoint's path ("org/wren-7b-awq-gemv") is one name, its kernel read where the page states it
_KERNEL_TAIL_RE = re.compile(rf"(?<=\w)\s\(?(?P<name>{_NAMES})(?:\s(?:kernels?))?\)?$", re.IGNORECASE)
_JOINT_RE = re.compile(r"[ _-]")
# the labels a kernel is stated under; each names it over a kernel's name alone: "Version: GEMV", but "Version: 0.1.6"
# is a release, and a kernel benchmark's "| Kernel |" over `fused_moe_a` names what each row timed, no run's setting
_KERNEL_LABELS = frozenset(
    ("kernel", "kernels", "gemm kernel", "matmul kernel", "quant kernel", "kernel type", "version", "variant")
)


def kernel_name(cell: str) -> str | None:
    """The kernel a cell or a label's value names, as printed without its mark ("🔵 GEMM" -> "GEMM"), else None."""
    m = _KERNEL_RE.match(cell.strip(" *_`"))
    return m.group("name") if m else None


# the kernel a run's label names in its parenthesis ("H100 (for marlin):", "A100 (Marlin path)"): that run's path; in
# a sentence ("Validated on B200 and H100 (for marlin)") the aside is one board's, so only a label's is read
_ASIDE_RE = re.compile(
    r"(?:for|via|using|with|on)?\s?(?:the\s)?(?P<name>marlin|machete|bitblas|exllama ?v2)"
    r"(?:\s(?:path|kernels?|backend))?",
    re.IGNORECASE,
)


def kernel_aside(inner: str) -> dict[str, str]:
    """{"kernel": name} where a label's parenthesis is a kernel's aside alone ("for marlin"), else {}."""
    m = _ASIDE_RE.fullmatch(inner.strip()) if len(inner) <= 60 else None
    return {KERNEL_KEY: m.group("name").lower()} if m else {}


def kernel_tail(cell: str) -> tuple[str, str] | None:
    """A model's cell that ends in a kernel's name: (the model's part, the kernel), else None."""
    m = _KERNEL_TAIL_RE.search(cell) if " " in cell and len(cell) <= 200 else None
    return (cell[: m.start()], m.group("name")) if m else None


def canonical_kernel(value: str) -> str:
    """One spelling of a kernel's name: "GEMV fast" and "gemv_fast" are "gemv_fast", "ExLlama v2" is "exllamav2"."""
    name = (kernel_name(value) or value).lower()
    return "exllamav2" if name.startswith("exllama") and name.endswith("v2") else _JOINT_RE.sub("_", name)


def _label(text: str) -> str:
    return " ".join(text.strip(" *_`:").lower().replace("_", " ").split())


def kernel_setting(label: str, value: str) -> dict[str, str]:
    """The kernel a "label: value" pair states ("Version: GEMV" -> {"kernel": "GEMV"}), {} for any other pair."""
    name = kernel_name(value) if _label(label) in _KERNEL_LABELS else None
    return {KERNEL_KEY: name} if name else {}


def kernel_columns(heads: Sequence[str], cells: Sequence[Sequence[str]]) -> dict[int, str]:
    """A table's column of kernels ("| Version |" over "🟢 GEMV", "🔵 GEMM"): {column: "kernel"} where its header
    is a kernel's label and every cell that holds a value names one; {} elsewhere."""
    out: dict[int, str] = {}
    for i, head in enumerate(heads):
        # (an excerpt's "..." rows and a "-" hold no value of any column)
        column = (
            [c for c in cells[i] if any(map(str.isalnum, c))]
            if i < len(cells) and _label(head) in _KERNEL_LABELS
            else []
        )
        if column and all(kernel_name(c) is not None for c in column):
            out[i] = KERNEL_KEY
    return out
