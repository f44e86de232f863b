"""Setup words that name a path an engine's run takes, stated in a sentence or a flag: where a MoE's experts sit
("-ot exps=CPU", "with all MoE tensors left on the CPU", or none: "everything resident on the GPU"), how many of
them it runs ("6 experts", "(8 active experts)") and which attention backend it runs ("with the NSA backend").
Apart from setup.py, which reads them among its setup words (size rule)."""

from __future__ import annotations

import re

from ledger.vocab.setup_word import DIGIT_OPENS
from ledger.vocab.setup_word import make_word as _word

# the experts of every MoE layer kept in system RAM: llama.cpp's "-ot exps=CPU" (an --override-tensor whose pattern
# names the experts), "--cpu-moe", "with all MoE tensors left on the CPU"
_EXPERTS_ON_CPU = (
    r"((?:-ot|--override-tensor)[ =]{1,2}[\"']?[^\s\"'=]{0,40}exps[^\s\"'=]{0,12}=cpu|--cpu-moe"
    r"|(?:moe|experts?)(?: (?:tensors|weights|experts|layers))? (?:(?:left|kept|offloaded|placed|resident) )?"
    r"(?:on|in|to) (?:the )?(?:cpu|system ram))"
)
# and none: "everything resident on the GPU", "without CPU offload" (the run the offloaded ones are set against)
_ALL_ON_GPU = (
    r"((?:no|without) (?:cpu[ -])?offload(?:ing)?|(?:everything|all layers|all weights|fully|entirely)"
    r" (?:resident |kept )?(?:on|in) (?:the )?(?:gpu|vram))"
)
# an attention backend named in prose ("with the NSA backend", "FlashInfer attention backend"); a backend named by a
# word other kernels' backends share ("Triton", "aiter", "SDPA") only with "attention" before "backend"
_ATTENTION_BACKEND = (
    r"(nsa|flashinfer|fa[34]|flashmla|trtllm[_-]mla|cutlass[_-]mla|flash[_-]?attn|flashattention(?:[_-]?[234])?)"
    r"(?: attention)? backend|(triton|aiter|sdpa) attention backend"
)
# the experts a MoE run activates ("| **6 experts** |", "KTrans (8 experts)", "selectively using 6 experts"): fewer is
# faster and another run; never a layer's or a model's whole set ("8 of 128 experts", "64 experts per layer")
_EXPERT_COUNT = r"(?<!of )(\d{1,3})[ -](?:active |routed |selected )?experts\b(?! per layer\b)"
_ATTENTION_OPENS = ("nsa", "flashinfer", "fa3", "fa4", "flashmla", "trtllm", "cutlass", "flash", "triton", "aiter")
# an attention kernel named alone as an item of a settings list ("H100, FP8 + EAGLE3, FA3, c8", "B200 + flash-attn 3,
# bs 4"): between the list's commas (or after its "+") the name is the run's backend; in a sentence the same name is a
# library a change enables or a result is set against ("enable FlashInfer prefill", "faster than FlashInfer"). Only
# the names no other kernel's backend shares: a bare "Triton" item is as often a GDN or MoE kernel's, and so is a
# bare "FlashInfer" (its MoE, GEMM and sampling kernels: "**FlashInfer:**" over a MoE PR's block is the arm, kept as
# its variant), which is the attention backend only said so ("FlashInfer attn", "FlashInfer attention")
_LISTED_ATTENTION = (
    r"(?:(?<=, )|(?<=\+ )|^)(fa[234]|flashinfer(?=[ _-]?(?:attn|attention))|flashmla|flash[_-]?attn(?:[ _-]?v?[234])?"
    r"|flash[_-]?attention(?:[ _-]?v?[234])?|trtllm[_-]mla|cutlass[_-]mla)(?:[ _-]?(?:attn|attention))?(?=[,;]|\.?$)"
)
_LISTED_OPENS = ("fa2", "fa3", "fa4", "flash", "trtllm", "cutlass")
# a backend named with the word "attention" as one item of a settings list, also first in a parenthesis or before a
# "+" joining the next setting ("Workload: 8×H100, spec=none, fa3 attention.", "same server config (fa3 attention +
# `--cuda-graph-bs 1 4`)"): with its word, a name other kernels share ("triton attention") is the attention's too;
# in a sentence ("faster than Triton attention") it stays a library the result is set against
_NAMED_ATTENTION = (
    r"(?:(?<=, )|(?<=\+ )|(?<=\()|^)(fa[234]|flashinfer|triton|trtllm[_-]mha|trtllm[_-]mla|cutlass[_-]mla|flashmla"
    r"|flash[_-]?attn(?:[ _-]?v?[234])?|flash[_-]?attention(?:[ _-]?v?[234])?|aiter|torch[_-]native|sdpa|nsa)"
    r"[ _-](?:attn|attention)(?=[,;)]| \+|\.?$)"
)
_NAMED_OPENS = ("fa2", "fa3", "fa4", "flash", "triton", "trtllm", "cutlass", "aiter", "torch", "sdpa", "nsa")
# the GPU backend a build was made with, last in the list of features a bench prints for it (whisper.cpp's "Config"
# column, "AVX2 BLAS CUDA", "NEON BLAS METAL"): the CPU's instruction sets and BLAS first, the backend last (the list
# opens with one of a few features, so that the word is searched only where one stands)
_FIRST_FEATURE = r"(?:avx512[a-z0-9_]{0,8}|avx2|avx|neon|blas|vsx|coreml|openvino)"
_BUILD_FEATURE = r"(?:avx512[a-z0-9_]{0,8}|avx2|avx|neon|blas|f16c|fma|sse3|ssse3|vsx|coreml|openvino)"
_BUILT_BACKEND = rf"{_FIRST_FEATURE}(?: {_BUILD_FEATURE}){{0,6}} (cuda|metal|vulkan|sycl|opencl|rocm|hip)"
_BUILD_OPENS = ("avx", "neon", "blas", "vsx", "coreml", "openvino")
# a precision then the GPU backend it ran on, as a results table's title line names the run ("INT4 CUDA", "FP16
# DML": onnxruntime-genai's execution providers): the backend after the precision, which its own word reads as quant
_PRECISION_ON = (
    r"(?:(?<=fp16[ _-])|(?<=fp32[ _-])|(?<=bf16[ _-])|(?<=int4[ _-])|(?<=int8[ _-])|(?<=fp8[ _-]))"
    r"(cuda|dml|directml|rocm|metal|vulkan|webgpu)(?![\w-])"
)
_GPU_BACKENDS = ("cuda", "dml", "directml", "rocm", "metal", "vulkan", "webgpu")
# the precision an attention kernel is named with ("TRTLLM-MLA FP8", "FlashMLA BF16 attention"): the
# KV cache the kernel reads (an MLA backend runs on a BF16 or an FP8 cache), never the checkpoint's precision, which
# the same line names of the model ("... zai-org/GLM-4.7 NVFP4 checkpoint"); a backend's word reads its own name.
# Only after the kernel's name: "the fp16 attention path" is a code path's precision, no cache's
_KERNEL_PRECISION = (
    r"(?:flash[_-]?mla|trtllm[_-]mla|cutlass[_-]mla|flashinfer[_-]mla|triton[_-]mla|aiter[_-]mla|fa[34]"
    r"|flash[_-]?attn[ _-]?v?[34])[ _-]{1,2}(fp8|bf16|fp16)(?![ _-]?(?:kv|gemm|moe|model|checkpoint|weights))"
)
_KERNEL_TRIGGERS = ("mla", "fa3", "fa4", "flash")
_KERNEL_OPENS = ("flash", "trtllm", "cutlass", "triton", "aiter", "fa3", "fa4")
_ATTENTION_VERSION_RE = re.compile(r"(?:fa|flash[ _-]?attn|flash[ _-]?attention)[ _-]?v?([234])", re.IGNORECASE)


def canonical_attention(value: str) -> str:
    """One name per attention backend: "FA3", "flash-attn 3", "FlashAttention-3" are "fa3"."""
    v = value.strip().lower()
    m = _ATTENTION_VERSION_RE.fullmatch(v)
    return f"fa{m.group(1)}" if m is not None else v


ENGINE_PATH_WORDS = (
    # (first: the kernel's name and its precision are one word, read before the backend's name alone)
    _word("kv_cache", "kv_cache", _KERNEL_PRECISION, _KERNEL_TRIGGERS, _KERNEL_OPENS),
    _word(
        "offload", "offload", _EXPERTS_ON_CPU, ("cpu", "system ram"), ("-ot", "--override", "--cpu", "moe", "expert")
    ),
    _word("experts", "experts", _EXPERT_COUNT, ("experts",), (), DIGIT_OPENS),
    _word("attention", "attention", _ATTENTION_BACKEND, ("backend",), (*_ATTENTION_OPENS, "sdpa")),
    _word("attention", "attention", _LISTED_ATTENTION, _LISTED_OPENS, _LISTED_OPENS),
    _word("attention", "attention", _NAMED_ATTENTION, ("attn", "attention"), _NAMED_OPENS),
    _word("backend", "backend", _BUILT_BACKEND, _BUILD_OPENS, _BUILD_OPENS),
    _word("backend", "backend", _PRECISION_ON, _GPU_BACKENDS, _GPU_BACKENDS),
    _word("offload", "offload", _ALL_ON_GPU, ("gpu", "vram", "offload"), ("no", "without", "every", "all", "fully")),
)
"""The words, in the order setup.py's table reads them (one offload read: the experts' place before "none")."""
ENGINE_PATH_TRIGGERS = (
    r"offload|vram|on the gpu|on gpu|backend|flashinfer|flashmla|flash-attn|flash_attn|flashattention|attention|"
    r"mla|avx|neon|blas|vsx|coreml|openvino"
)
"""What a line naming one of them holds beside the words setup.py's quick test knows ("cpu", a digit)."""
