"""An operator timed alone on a backend, as llama.cpp's `test-backend-ops perf -o RMS_NORM -b CPU` runs it: the op
(`-o`) and the backend (`-b`) its flags name, and the instruction set a CPU's timing was built for
("Intel Xeon 8480+ / AVX512", "Zen3 / AVX2"). Each is a hard setup key: two ops' timings, or one op's on two backends
or two instruction sets, are different kernels, never one series. Apart from setup.py, which reads them among its
setup words (size rule, through vocab.kernel_shapes)."""

from __future__ import annotations

import re

from ledger.vocab.setup_word import make_word as _word

# the backend a flag names by ggml's backend names ("-b CPU", "-b CUDA0", "-b Vulkan0"; llama-bench's "-b 2048" is a
# batch), read first; then the op the command's "-o" names, its other flags (up to four, each a dash and a value that
# opens with none) and the blanks the backend's flag left between ("-b CPU -o RMS_NORM"; another tool's "-o out.json"
# writes a file)
_BACKENDS = r"cpu|cuda|vulkan|metal|sycl|rocm|hip|blas|opencl|cann|musa|kompute|rpc"
_BACKEND = rf"-b[ \t]{{1,3}}((?:{_BACKENDS})\d{{0,2}})(?![\w.-])"
_FLAG = r"[ \t]{1,40}-[a-z]{1,2}[ \t]{1,3}[^\s`'\"-][^\s`'\"]{0,40}"
_MODE = r"(?:[ \t]{1,3}(?:perf|eval|grad))?"
_OP = rf"test-backend-ops{_MODE}(?:{_FLAG}){{0,4}}[ \t]{{1,40}}-o[ \t]{{1,3}}([a-z][a-z0-9_]{{1,30}})(?![\w.-])"
# or the op a result's own name is at its shape, as test-backend-ops prints each row ("MUL_MAT(type_a=q4_0,...)":
# that row's op, whichever op the command over it named)
_NAMED_OP = r"((?-i:[A-Z][A-Z0-9_]{1,30}))(?=\([a-z][a-z0-9_]{0,15}=)"
# (where such a name can open in the lowered line: search_word tries the pattern there only, not at every letter)
_NAMED_OP_OPENS = re.compile(r"(?<![a-z0-9])(?=[a-z][a-z0-9_]{1,30}\([a-z])")

# "AVX512", "AVX-512", "AVX2", "AVX512_BF16", "AVX-VNNI", "AMX", "NEON", "SVE2": the vector extension a CPU kernel ran;
# never a build switch's name ("GGML_AVX2=OFF" names a build option, not the ISA a run used)
_ISA = (
    r"(?<!_)(avx[-_]?512(?:[-_](?:bf16|vnni|fp16))?|avx[-_]?vnni|avx2|amx(?:[-_](?:bf16|int8))?|neon|sve2?)"
    r"(?![-_=][a-z0-9])"
)

OP_BENCH_TRIGGERS = "test-backend-ops|-b|avx|amx|neon|sve"  # (an op's name holds digits)
"""What a line naming an op's bench or an ISA holds (vocab.setup's quick test of a line for any setup word)."""

OP_BENCH_WORDS = (
    _word("backend", "backend", _BACKEND, ("-b",), ("-b",)),
    _word("op", "op", _OP, ("test-backend-ops",), ("test-backend-ops",)),
    _word("op", "op", _NAMED_OP, ("(",), (), _NAMED_OP_OPENS),
    _word("isa", "isa", _ISA, ("avx", "amx", "neon", "sve"), ("avx", "amx", "neon", "sve")),
)
"""The words, in the order setup.py's table reads them."""
