"""The kernel backends a run is set up with, as a label names them: an engine's enum member
(`Fp8MoeBackend.FLASHINFER_TRTLLM`, `GemmBackend.TRITON`), a flag (`--moe-backend cutlass`), a setting
(`backend=triton`) or words (`attention backend triton`). Which backend a side ran is often the very difference
between a PR's before and after, so a side's label keeps it (grammar.sides.side_setting)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ledger.vocab.canonical import amd_board

# "Fp8MoeBackend.FLASHINFER_TRTLLM": the class names the backend's kind, the member the backend
_ENUM_RE = re.compile(r"\b(?P<kind>[A-Z][A-Za-z0-9]{0,30}?)?Backend\.(?P<value>[A-Z][A-Z0-9_]{1,40})\b")
# "attention backend triton", "--moe-backend cutlass", "backend=triton", "attn_backend: FLASH_ATTN", and a kind's
# flag that an engine qualifies ("--dsv4-attn-backend trtllm", "--prefill-attention-backend fa3")
_WORDS_RE = re.compile(
    r"(?<![\w-])(?:--)?(?:(?:[a-z0-9]{1,12}[-_]){0,2}?"
    r"(?P<kind>attention|attn|moe(?:[-_ ]runner)?|gemm|mm|sampling|sampler)[-_ ])?backend"
    r"(?:\s{1,3}|\s{0,3}[=:]\s{0,3})[`'\"]?(?P<value>[A-Za-z][\w.-]{1,40})",
    re.IGNORECASE,
)
_NOT_A_NAME = frozenset(
    (
        "is",
        "was",
        "the",
        "a",
        "an",
        "and",
        "or",
        "for",
        "to",
        "of",
        "in",
        "on",
        "with",
        "as",
        "by",
        "at",
        "from",
        "that",
        "which",
        "it",
        "we",
        "will",
        "default",
        "here",
        "there",
        "now",
    )
)
"""Words that follow "backend" in a sentence ("the backend is ...") and name none."""


def _key(kind: str | None) -> str:
    """The setup key a backend's kind gives (config keys of ledger.vocab.setup_keys)."""
    k = (kind or "").lower()
    if k.startswith(("attention", "attn")):
        return "attention"
    if "moe" in k:
        return "moe_backend"
    return "backend"


def backend_settings(text: str) -> dict[str, str]:
    """The backends `text` names, by setup key: "GemmBackend.TRITON" -> {"backend": "TRITON"}, "attention backend
    triton" -> {"attention": "triton"}, "--moe-backend cutlass" -> {"moe_backend": "cutlass"}."""
    if "ackend" not in text:
        return {}
    out: dict[str, str] = {}
    for m in _ENUM_RE.finditer(text):
        out.setdefault(_key(m.group("kind")), m.group("value"))
    for m in _WORDS_RE.finditer(text):
        if m.group("value").lower() not in _NOT_A_NAME:
            out.setdefault(_key(m.group("kind")), m.group("value").rstrip(".,"))
    return out


# llama.cpp's titles open with the backend a change is for: "vulkan : faster mat-vec", "CUDA: fix ...", "ggml-metal:"
_TITLE_BACKEND_RE = re.compile(
    r"^\s{0,4}(?:ggml[- ])?(?P<name>vulkan|metal|cuda|sycl|opencl|cann|hip|musa|webgpu)\s{0,2}:\s", re.IGNORECASE
)
# llama-bench's spelling of each ("HIP" builds print "ROCm")
_PRINTED = {"vulkan": "Vulkan", "metal": "Metal", "cuda": "CUDA", "sycl": "SYCL", "opencl": "OpenCL", "cann": "CANN"}
_PRINTED |= {"hip": "ROCm", "musa": "MUSA", "webgpu": "WebGPU"}


def title_backend(title: str, boards: Iterable[str] = ()) -> str | None:
    """The GPU backend a title says its change is for ("vulkan : ..." -> Vulkan), as llama-bench's backend column
    prints it; None for any other title (a CPU change's "ggml-cpu:" names its device, not a GPU backend), and for a
    "CUDA:" title whose runs were all on AMD boards (`boards`: the GPU values the text states, none of NVIDIA's):
    llama.cpp's ggml-cuda code is built for AMD's boards through HIP too, so "CUDA:" over a sweep "on RDNA3/ W7800"
    names the code changed, not the backend the runs were on."""
    m = _TITLE_BACKEND_RE.match(title[:80])
    name = _PRINTED[m.group("name").lower()] if m else None
    boards = list(boards)
    return None if name == "CUDA" and boards and all(map(amd_board, boards)) else name


# "CUDA numbers were taken on an RTX 4090", "CPU metrics run on 13th Gen Intel(R) Core(TM) i9-13900": the device one
# backend's results ran on, named for that backend alone (the device's words up to the clause's end)
SCOPED_DEVICE_RE = re.compile(
    r"\b(?P<backend>CUDA|CPU|ROCm|Metal|Vulkan|DirectML|DML|SYCL|OpenCL)\s(?:metrics|numbers|results|runs|figures|"
    r"benchmarks|measurements)\s(?:(?:were|are|was|is)\s)?(?:(?:run|taken|measured|collected|obtained|gathered)\s)?"
    r"on\s(?P<device>[^,;.*\n]{2,80}?)(?=\s(?:and|while|whereas)\s|[,;*\n]|\.(?:\s|$)|$)",
    re.IGNORECASE,
)
"""A backend's results and the device its sentence says they ran on."""
BACKEND_WORD_RE = re.compile(r"(?<![\w-])(CUDA|CPU|ROCm|Metal|Vulkan|DirectML|DML|SYCL|OpenCL)(?![\w-])", re.IGNORECASE)
"""A backend a title or a label names ("INT4 CPU", "FP16 CUDA")."""


# "### Test 1: PyTorch Backend (ISL=128, OSL=128)", "## TensorRT backend": the runtime an engine ran the model on
# (TensorRT-LLM's PyTorch or C++/TensorRT flow, lmdeploy's PyTorch or TurboMind), which a heading names for the
# results under it; a kernel's backend ("FlashInfer backend") is the attention's or the GEMM's, read above
_RUNTIME_BACKEND_RE = re.compile(
    r"(?<![\w-])(?P<name>pytorch|torch|tensorrt|trt|cpp|c\+\+|turbomind|autodeploy|onnx ?runtime|openvino)"
    r"[ -]backend\b",
    re.IGNORECASE,
)


def runtime_backend(title: str) -> str | None:
    """The runtime backend a heading names ("PyTorch Backend" -> "pytorch", "TRT backend" -> "trt"), else None."""
    if "ackend" not in title:
        return None
    m = _RUNTIME_BACKEND_RE.search(title[:300])
    return m.group("name").lower() if m else None


# the attention kernels a title or a test id names alone: the names no other kernel's backend shares (FlashAttention's
# versions, the MLA kernels; an unversioned "flash-attn" in a title is the kernel a change edits, as llama.cpp's
# "Split the flash-attn tile", not the engine's backend the runs chose); "triton", "flashinfer", "trtllm" are as
# often a MoE's, a GEMM's or a sampler's, so they name the attention's only with its word ("triton attention",
# "flashinfer attn backend") or as a test's parameter (below)
_OWN_ATTENTION = (
    r"fa[234]|flash[_-]?mla|trtllm[_-]ml[ah]|cutlass[_-]mla|flash[_-]?attn[_-]?v?[234]|flashattention[_-]?v?[234]"
)
_SHARED_ATTENTION = r"flashinfer|triton|trtllm|aiter|torch[_-]native|sdpa|nsa"
_TITLE_ATTENTION_RE = re.compile(
    rf"(?<![\w.-])(?:(?P<own>{_OWN_ATTENTION})(?![\w.-])|(?P<shared>{_SHARED_ATTENTION})[ _-](?:attention|attn)\b)",
    re.IGNORECASE,
)
# a title or a test about another kernel's backend ("Use FA3-style tiling in the MoE kernel", "test_moe[triton]")
_OTHER_KERNEL_RE = re.compile(r"moe|gemm|sampl|lora|expert", re.IGNORECASE)


def _one_attention(names: list[str]) -> str | None:
    """The one attention backend of `names` (spelled once: "FA3" and "fa3" are one), else None: a title naming two
    ("Replace flashinfer attention with triton attention") sets one against the other, neither is the runs'."""
    spelled = {re.sub(r"[_-]", "_", n.lower()) for n in names}
    return spelled.pop() if len(spelled) == 1 else None


def title_attention(title: str) -> str | None:
    """The attention backend a PR's title names for the runs it fixes or speeds up ("fix b200 fa4 ci" -> "fa4",
    "Fix H100 triton attention CI" -> "triton"), else None: a CI job's or a change's title names the kernel its
    results ran with. Not where it speaks of another kernel (a MoE's, a GEMM's) or names two backends."""
    head = title[:200]
    if _OTHER_KERNEL_RE.search(head):
        return None
    names = [m.group("own") or m.group("shared") for m in _TITLE_ATTENTION_RE.finditer(head)]
    return _one_attention(names)


# a test's parameter that is an attention backend ("test_mtp[nvfp4_ws8_80gb-trtllm]", "test_eagle[fp8_tp4-flashinfer]":
# pytest joins a parametrization's values with "-", and an engine's tests parametrize the attention backend by its
# bare name), or a test named for its kernel ("test_gsm8k_fa4")
_PARAM_ATTENTION_RE = re.compile(
    rf"(?:^|(?<=-))(?:attn_backend=|attention_backend=)?(?P<name>{_OWN_ATTENTION}|{_SHARED_ATTENTION}|flash_attn|vanilla)"
    r"(?=$|-)",
    re.IGNORECASE,
)
_NAME_ATTENTION_RE = re.compile(rf"_(?P<name>{_OWN_ATTENTION})$", re.IGNORECASE)


def attention_of_test(name: str, params: str | None) -> str | None:
    """The attention backend a pytest id names: one of its parameters (`params`, "fp8_tp4-flashinfer" ->
    "flashinfer") or its test function's last word (`name`, "test_gsm8k_fa4" -> "fa4"); None for a test of another
    kernel ("test_fused_moe[triton]": its MoE's backend)."""
    if _OTHER_KERNEL_RE.search(name):
        return None
    named = [m.group("name") for m in _PARAM_ATTENTION_RE.finditer(params or "")]
    if (m := _NAME_ATTENTION_RE.search(name)) is not None:
        named.append(m.group("name"))
    return _one_attention(named)
