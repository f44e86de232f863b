"""One canonical value per setup key, whatever the text printed: what compare keys on and `claims --config` finds.

A claim's `config` keeps the value as printed ("H100 SXM 80GB", "Llama 3.1 8B Instruct", "fp8_e4m3"); the
contract says so and a reader wants to see it. Everything that asks whether two setups are the same reads the
canonical value made here instead, so spellings of one setup meet:

    gpu        "H100 SXM 80GB", "H100-80GB-HBM3", "NVIDIA H100" -> h100; "8xH100" -> h100 and gpu_count 8;
               "2x8 H200" (nodes x GPUs) -> h200 and 16; "2x8" alone -> gpu_count 16
    model      "meta-llama/Llama-3.1-8B-Instruct", "Llama-3.1-8B-Instruct", "Llama 3.1 8B Instruct" -> one name
    precision  "FP8", "fp8_e4m3", "float8", "e4m3" -> fp8; "bfloat16" -> bf16 (weights, KV cache and state)
    numbers    "TP8", "tp=8", "--tp-size 8", "8" -> 8; lengths "8k" -> 8192, "8,192" -> 8192
    isl_osl    "1024/128" -> isl 1024 and osl 128

Keys are canonical already (`ledger.vocab.setup.canonical_key_name` maps the aliases); this module imports
nothing of the vocabulary but `text`, so `setup` may read its values.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ledger.vocab.disagg_layout import LAYOUT_KEYS
from ledger.vocab.engine_paths import canonical_attention
from ledger.vocab.matmul_kernels import canonical_kernel
from ledger.vocab.sampling_words import SAMPLING_KEYS, canonical_sampling
from ledger.vocab.setup_keys import SWITCH_KEYS
from ledger.vocab.switch_values import switch_value
from ledger.vocab.text import clean_name, number_word

SETUP_RULES_VERSION = 28  # 2: "W4AFP8" is canonically w4a8; 3: "RTX-4090" is rtx4090; 4: "Radeon RX 9070" is rx9070,
# "Jetson AGX Orin" is orin; 5: "AWQ-INT4" and "INT4-AWQ" are awq_int4; 6: "sm_90a" is sm90; 7: a gpu "4090" is rtx4090;
# 8: "Radeon Pro W7900" is w7900; 9: a model pair "Kimi-K2.5/K2.6" is kimi-k2.5/kimi-k2.6; 10: "Ascend 910" is ascend910
# 11: a gpu "2x3090" is two rtx3090; 12: "MetaX C500" is c500, "Kunlunxin P800" p800; 13: a kernel "🔵 GEMM" is gemm
# 14: a model's size ends its part: "mpt-7b-8k-chat" is mpt7b-8k-chat, not mpt7b8k-chat
# 15: a row's words its own settings spell are no variant ("Wren 7B GEMV" is model and kernel, nothing more)
# 16: an RTX board's family and edition however spaced: "RTX4000 Ada" is rtx4000ada, not rtx4000; a name's "FP4 indexer"
# is no quant
# 17: Tenstorrent's "Blackhole P150" is p150, "Wormhole n300" n300
# 18: an attention backend however spelled: "FA3", "flash-attn 3", "FlashAttention-3" are fa3
# 19: a sampling setting however written: "0", "0.0" and "greedy" are one temperature, "1.0" and "1" one top-p
# 20: a CUDA graph is a switch, on or off however stated ("eager", "--enforce-eager", "ACLGraph"); shared-prefix and
# question lengths are numbers
# 21: a writer's "v" before a family's version is no part of the model: "LLaMA v3.3 70B" is llama3.3-70b; "4-bit",
# "4 bit" are 4bit; "off (baseline)" is none
# 22: a length in thousands with a fraction that no whole number of 1024s gives is counted in thousands ("1.3k" is 1300)
# 23: a GGUF type's repack and ik_llama.cpp's own types are quants of their own ("IQ1_M_R4" is iq1_m_r4, not iq1_m)
# (and Intel's desktop CPUs, "i9-9900", "Core i7-12700K", are devices); 24: "RTX 4090D" is rtx4090d, not rtx4090
# 25: a count's word or product is its number; 26: a request rate is its number ("16.00" is 16); 27: "QPS=4" is
# request_rate 4 (no key qps)
# 28: an architecture a run was on ("on our Blackwell node") is a gpu, one of the boards it names
"""Raised whenever a canonical value changes: a ledger whose stored setup index (`claim_setup`) was made by other
rules is rebuilt by the next write, and read through the rules of this code until then."""

GPU_NAMES = (
    # ("H20-3e" is the 141 GB part, not the 96 GB H20)
    r"gb300|gb200|gh200|b300|b200|b100|h200|h100|h800|h20(?:[ -]?3e)?|a100|a800|"
    # the workstation boards ("A4000", "RTX A6000"), and a GeForce named by its number and Ti alone ("3090Ti")
    r"(?:rtx )?a[2456]000(?: ada)?|(?:rtx )?[2-5]0[5-9]0 ?ti|a40|a30|a10g?|v100|l40s?|l20|l4|"
    # older and smaller boards llama.cpp threads measure on ("a single P100", "2x P40", "T4", "GTX 1080 Ti")
    r"p100(?![ _-]?(?:latency|ttft|tpot|itl|e2el?|ms\b|tok))|p40|t4|k80|gtx ?\d{3,4}(?: ?ti)?|titan (?:rtx|xp?|v)|"
    # AMD Instinct (MI210 ... MI355X), Ascend NPUs (vllm-ascend: "910B", "Atlas A2", "Atlas 800I A2", "Ascend NPU
    # A5"; the first of them by its number alone only after its maker's name, "Ascend 910"), Intel Gaudi
    r"mi[1-4]\d\d[ax]?|mi[1-4]\dx|ascend 910(?:[bc]\d?)?|910[bc]\d?|(?:ascend )?310p|"
    r"ascend (?:npu )?a[2-5]|atlas (?:\d{3}[a-z]{0,2} )?a[2-5]|ascend 950(?:pr|dt)?|gaudi ?[23]|"
    # the domestic accelerators vLLM's and SGLang's hardware plugins serve on: MetaX's C500 and C550 (vllm-metax; by
    # the part alone as its threads head a section, "### use C500"), Kunlunxin's P800 and R200/R300 (vllm-kunlun),
    # Cambricon's MLU370 and MLU590 (vllm-mlu), Moore Threads' MTT S4000 (MUSA)
    r"(?:metax )?c5[05]0|metax c600|kunlun(?:xin)? ?(?:p800|r[23]00)|mlu ?[35][79]0(?:-x\d)?|mtt ?s(?:80|[34]000)|"
    # Tenstorrent's cards, which its backends' refresh rows measure on: Blackhole P150/P300 (by the part alone, "on
    # P150 thalia"), Wormhole n150/n300 (only after the family's name: "n300" alone is a count as often)
    r"(?:tenstorrent )?(?:blackhole )?p(?:150[abc]?|300[ac]?)|(?:tenstorrent )?wormhole n(?:150|300)s?|"
    # AMD's architecture ids, as ROCm threads name the board ("gfx942" is MI300X's, "gfx1201" an RDNA4 card's)
    r"gfx(?:9[0-5][0-9a]|1[0-2][0-9]{2})|"
    # NVIDIA's: "on SM90" (Hopper), "SM100" (Blackwell), "sm_120a", as kernel PRs name the boards they run on; not
    # "SM90+", "SM90 and above": the oldest architecture the code needs, no board a run was timed on; nor a kernel's
    # name ("sm80_xmma_gemm_f32f32_..." in a profile's table): the architecture it was compiled for
    r"sm_?(?:7[05]|8[069]|90|10[03]|12[01])a?(?![0-9a-z+_])(?! ?(?:and|or) (?:above|newer|later|up)\b)|"
    # the RTX boards by their whole product name, however spaced ("RTX4000 Ada", "RTX-5000-Ada", "RTX PRO 6000
    # Blackwell Max-Q"): the family and the edition name another board than the number alone ("RTX 6000" is Turing's)
    r"rtx(?:[ -]pro)?[ -]?\d{4}(?:[ -]sff)?(?:[ -](?:blackwell|ada)(?:[ -]max-q|[ -](?:server|workstation)[ -]edition)?"
    r"|[ -]super|[ -]?ti|d(?![a-z]))?|"
    r"rx ?\d{4}(?: ?xtx| ?xt| gre)?|dgx[ -]spark|"
    # AMD's Radeon boards llama.cpp's Vulkan and ROCm threads print ("AMD Radeon Pro VII", "Radeon VII")
    r"radeon (?:pro )?(?:vii|w\d{4}|v\d{3})|radeon rx ?\d{4}(?: ?xtx| ?xt)?|"
    # and its workstation boards by their number alone, as a ROCm or HIP sweep heads its tables ("RDNA3/ W7800",
    # "GPU: W7900"): the W5500 ... W7900 of the Radeon Pro line
    r"w(?:5[57]|6[468]|7[5-9])00|"
    # the integrated Radeons of AMD's APUs ("Radeon 8060S" of Strix Halo, "Radeon 780M")
    r"radeon \d{3,4}[ms]|"
    # Google's TPUs, which sglang-jax and vLLM's TPU backend measure on ("TPU v6e", "tpu-v5p", "on TPU")
    r"tpu(?:[ -]?v[2-7][ep]?)?|"
    # Apple silicon, which llama.cpp and MLX threads measure on ("M2 Ultra", "Apple M3", a bare "M5 laptop")
    r"(?:apple )?m[1-5][ -](?:pro|max|ultra)|apple m[1-5]|m[1-5](?= (?:laptop|macbook|mac|imac|ipad)\b)|"
    # NVIDIA's Jetson modules, which edge pages measure on ("Jetson Orin", "AGX Orin", "Orin Nano")
    r"(?:jetson )?(?:agx )?orin(?: nano| nx)?|jetson thor"
)
"""The accelerators a setup names, as one alternation (longest spelling first where one begins another)."""
CPU_NAMES = (
    r"neoverse[ -]?[nv][1-3]|graviton ?[2-4]e?|epyc[ -]?\d{4}[a-z]?|"
    r"xeon(?: platinum| gold| silver| w[3579]-)?[ -]?\d{4}[a-z+]{0,2}|"
    # Intel's desktop families by their tier and number ("i9-9900", "Core i7-12700K", "Core Ultra 7 155H"), no list of
    # SKUs; the bare tier needs its hyphen ("i7 cores" names none)
    r"(?:core[ -])?(?:i3-|i5-|i7-|i9-)\d{4,5}[a-z]{0,2}|core ultra [579][ -]\d{3}[a-z]{0,2}|"
    r"threadripper(?: pro)?[ -]?\d{4}[a-z]{0,2}|ryzen(?:[ -][3579])?[ -]\d{4}(?:x3d|[a-z]{0,3})|zen ?[2-5]|"
    r"(?:apple )?m[1-4][ -](?:pro|max|ultra)"
)
"""The CPUs llama.cpp and ik_llama.cpp threads measure on ("neoverse-v2", "EPYC 9654", "Ryzen-7950X", "Zen5",
"M2 Max"): the device of a run
that names no accelerator, the host of one that does."""

_CPU_NAME_RE = re.compile(rf"(?:amd |intel |aws )?(?:{CPU_NAMES})", re.IGNORECASE)


def is_cpu_name(value: str) -> bool:
    """ "Zen4", "EPYC 9654", "Ryzen 3900X": a CPU by its name, not a label's other value ("HOST=0.0.0.0", a
    device listing's "AMD EPYC 9355 32-Core Processor (1547705 MiB")."""
    return _CPU_NAME_RE.fullmatch(value.strip()) is not None


NUMERIC_KEYS: frozenset[str] = frozenset(
    (
        "draft_len",
        "concurrency",
        "isl",
        "osl",
        "n_shot",
        "tp",
        "samples",
        "ep",
        "pp",
        "dp",
        "dep",
        "cp",
        "dcp",
        "pcp",
        "gpu_count",
        "nodes",
        "sockets",
        "cores",
        "batch_size",
        "max_num_tokens",
        "max_batch_size",
        "shared_prefix_len",
        "question_len",
        *LAYOUT_KEYS,
    )
)
"""Keys whose value is a count or a length: "TP8", "tp=8", "--tp-size 8" and "8" are one value."""
DTYPE_KEYS: frozenset[str] = frozenset(("quant", "kv_cache", "state"))

_GPU_RE = re.compile(rf"(?:(?<![a-z0-9])|(?<=\dx)|(?<=\d×))({GPU_NAMES})(?![0-9])", re.IGNORECASE)  # "8xH100"
_GEFORCE_NUMBER_RE = re.compile(r"([2-5]0[5-9]0)")
"""A GeForce card's bare number, a gpu value read from its "4090/24GB" (vocab.setup's gpu word)."""
_COUNTED_GEFORCE_RE = re.compile(r"[1-9]\d? ?[x×] ?([2-5]0[5-9]0(?: ?ti)?)")
"""A GeForce card's bare number after its count ("2x3090", vocab.setup's gpu word)."""
# "8xH100", "8 x H100", "2x8 H200", "2x8xH200": a count (or nodes x GPUs per node) before the name
_COUNT_BEFORE_RE = re.compile(
    r"(?<![\w.])(\d{1,3})\s{0,2}[x×*]\s{0,2}(?:(\d{1,3})(?![\d.])\s{0,2}[x×*]?\s{0,2})?"
    r"(?=[a-z]|$)",
    re.IGNORECASE,
)
# "H100 x 8", "H100 *8"
_COUNT_AFTER_RE = re.compile(r"^\s{0,2}[x×*]\s{0,2}(\d{1,3})(?![\d.])", re.IGNORECASE)
_GPUS_WORD_RE = re.compile(r"(?<![\w.])(\d{1,3})\s{0,2}(?:gpus?|cards?|devices?)\b", re.IGNORECASE)

_NUMBER_RE = re.compile(r"(\d{1,9}(?:,\d{3}){0,3}(?:\.\d{1,3})?)\s{0,2}(k(?![a-z]))?", re.IGNORECASE)
# "4-256", "3.5k–160k", "1 to 64", "2K…262K", "256:512": the range a sweep's runs or a bench's lengths span
_RANGE_VALUE_RE = re.compile(
    r"^(\d{1,9}(?:\.\d{1,3})?[kK]?)(?: ?[–—:…-] ?| to )(\d{1,9}(?:\.\d{1,3})?[kK]?)$", re.IGNORECASE
)
_PREFIXED_NUMBER_RE = re.compile(
    r"^(?:-{0,2}[a-z_-]{1,30}[ =:]{0,3})?(\d{1,9}(?:,\d{3}){0,3}(?:\.\d{1,3})?)(k?)$", re.IGNORECASE
)

PRECISION_PART = r"(?:nv|mx)?fp(?:4|8|16|32)|bf16|f16|int[248]|float(?:8|16)|bfloat16|w\d{1,2}a\d{1,2}"
"""A precision as a part of a name spells it ("fp8" of `fp8_block_gemm`, "int4" of "online int4 quant"): the readers
that find a precision inside other words build their patterns from it."""
_DTYPES: dict[str, str] = {
    "fp8": "fp8",
    "float8": "fp8",
    "e4m3": "fp8",
    "fp8_e4m3": "fp8",
    "fp8_e4m3fn": "fp8",
    "float8_e4m3fn": "fp8",
    "float8_e4m3": "fp8",
    "fp8e4m3": "fp8",
    "f8e4m3": "fp8",
    "fp8_e5m2": "fp8_e5m2",
    "e5m2": "fp8_e5m2",
    "bfloat16": "bf16",
    "bf16": "bf16",
    "float16": "fp16",
    "half": "fp16",
    "fp16": "fp16",
    "float32": "fp32",
    "fp32": "fp32",
    "float": "fp32",
    "nvfp4": "nvfp4",
    "mxfp4": "mxfp4",
    "fp4": "fp4",
    "int8": "int8",
    "int4": "int4",
    # int4 weights with fp8 activations: TensorRT-LLM's "W4A8", SGLang's "W4AFP8"
    "w4afp8": "w4a8",
    "wint4afp8": "w4a8",
    "auto": "",
    "none": "",
    "default": "",
}

# The family a specific precision belongs to, where the bare family word names it too: NVFP4 and MXFP4 are the two
# FP4 formats, AWQ and GPTQ int4 two int4 schemes. Not fp8's e5m2: the table reads a bare "fp8" as e4m3 already, and
# e5m2 beside it is the other arm of a comparison ("fp8 vs fp8_e5m2 KV cache"), never another spelling of it
_FAMILY: dict[str, str] = {"nvfp4": "fp4", "mxfp4": "fp4"}
_SCHEME_BITS_RE = re.compile(r"^(?:awq|gptq)_(int[2-8])$")


def precision_family(canonical: str) -> str | None:
    """The generic precision of which the canonical precision `canonical` is one member ("nvfp4" -> "fp4",
    "awq_int4" -> "int4"), else None (a generic one, or one no family word names)."""
    if (m := _SCHEME_BITS_RE.match(canonical)) is not None:
        return m.group(1)
    return _FAMILY.get(canonical)


# "awq_int4", "int4_awq", "gptq_w4", "gptq_4bit", "awq_4_bit": one weight-quantisation method at one width
_METHOD_BITS_RE = re.compile(
    r"^(?:(?P<method>awq|gptq)_?(?:int|w)?(?P<bits>[2-8])(?:_?bits?)?|int(?P<bits2>[2-8])_(?P<method2>awq|gptq))$"
)
_BITS_RE = re.compile(r"^([2-8])_?bits?$")
# A model id as typed: an organisation ("meta-llama/"), a path, spaces or "_" for "-", any case
_MODEL_SEP_RE = re.compile(r"[\s_]+")
# "llama-3.1" and "llama 3.1" are "llama3.1"; a size ends its part, so what follows it stays a part of its own
# ("mpt-7b-8k-chat" is mpt7b-8k-chat, its context length after the size: the model named "MPT 7B" is at its start)
_LETTER_DIGIT_RE = re.compile(r"(?<=[a-z])(?<!\d[bm])-(?=\d)")
# "LLaMA v3.3 70B", "llama_v3.1_8b", "Qwen v3": a writer's "v" before the version of a family whose own names never
# carry one (Meta's "Llama-3.3", Alibaba's "Qwen3"), so one model however a page spells it; the families whose names
# do write it keep it ("DeepSeek-V3", "LLaVA-v1.5"), and a "v" after the size is a release's own ("Mistral-7B-v0.3")
_WRITERS_V_RE = re.compile(
    r"^((?:code)?llama|qwen|qwq|mistral|mixtral|ministral|gemma|phi|granite|olmo|falcon|nemotron|exaone|internlm)"
    r"-?v(?=\d)"
)


# "3x AMD Radeon AI PRO R9700 (32 GB)": a board the vocabulary does not know, by its vendor, up to its parenthesis
# (or the ":" that ends a lead-in, "..., GPU: AMD Foo X1:"); or one shaped as a board's name is, capitalised words
# and a code of letters and three or more digits ("Vendorix VX-900"): not a version ("CUDA 12.4"), not a count
_PRINTED_DEVICE_RE = re.compile(
    r"(?:\d{1,3} ?[x×] ?)?"
    r"(?:(?:AMD|NVIDIA|Intel|Radeon|Instinct|GeForce|Quadro|Tesla|Arc|Ascend|Apple)\b[^(),;:]{1,60}?|"
    r"(?:[A-Z][A-Za-z]{1,20} ){0,3}[A-Z]{1,4}-?\d{3,5}[A-Z]{0,3})"
    r"(?=\s?[(,;:]|\s?$)"
)


def device_as_printed(value: str) -> str:
    """The accelerator a "GPU:" label's value names as printed where GPU_NAMES knows no board in it, else ""."""
    m = _PRINTED_DEVICE_RE.match(value[:200])
    return m.group(0).strip() if m else ""


def canonical_gpu(value: str) -> tuple[str, str | None]:
    """The accelerator a GPU value names and how many there are (None: not stated).

    "H100 SXM 80GB" -> ("h100", None); "8xH100" -> ("h100", "8"); "2x8 H200" -> ("h200", "16");
    "2x8" -> ("", "16"); a name the table does not know keeps its cleaned text ("gaudi3")."""
    v = clean_name(value)[:120]
    count: int | None = None
    # ("4090" of "4090/24GB": the RTX 4090; "2x3090": two RTX 3090)
    m = _GPU_RE.search(v) or _GEFORCE_NUMBER_RE.fullmatch(v) or _COUNTED_GEFORCE_RE.fullmatch(v)
    name = re.sub(r"\s", "", m.group(1)).replace("dgxspark", "dgx-spark").replace("ascendnpu", "ascend") if m else ""
    name = name.replace("jetson", "").replace("agx", "") if "orin" in name else name  # "Jetson AGX Orin" is an Orin
    name = re.sub(r"^(?:metax|kunlun(?:xin)?|tenstorrent|blackhole|wormhole)+", "", name)  # ("Wormhole n300": n300)
    name = name.replace("radeonrx", "rx")  # "AMD Radeon RX 9070" is the RX 9070 its gfx1201 names
    name = re.sub(r"^radeon(?:pro)?(?=w\d{4}$)", "", name)  # "Radeon Pro W7900" is the W7900 a sweep's lead names
    name = name.replace("h203e", "h20-3e")  # "H20 3e": the 141 GB H20-3e, a board of its own beside the H20
    # ROCm images' "-mi30x-" / "-mi35x-": the MI300 and MI350 boards they are built for, as the text names them
    name = {"mi30x": "mi300x", "mi35x": "mi355x"}.get(name, name)
    if name.startswith("sm"):
        name = name.replace("_", "").rstrip("a")  # "sm_90a" is the SM90 architecture
    if name.startswith(("rtx", "tpu")):
        name = name.replace("-", "")  # "RTX-4090 Ti" is the "RTX 4090 Ti" card
    if name.startswith("rtxa"):
        name = name[3:]  # "RTX A4000" is the A4000
    elif re.fullmatch(r"[2-5]0[5-9]0(?:ti)?", name):
        name = f"rtx{name}"  # "3090Ti" is the RTX 3090 Ti, "4090/24GB" the RTX 4090
    head = v[: m.start(1)] if m else v
    c = _COUNT_BEFORE_RE.search(head)
    if c is not None and (m is not None or not head[c.end() :].strip()):
        count = int(c.group(1)) * (int(c.group(2)) if c.group(2) else 1)
    elif m is not None and (a := _COUNT_AFTER_RE.match(v[m.end() :])):
        count = int(a.group(1))
    elif g := _GPUS_WORD_RE.search(v):
        count = int(g.group(1))
    if not name and count is None:
        name = re.sub(r"\s*\(.*", "", v).replace("nvidia ", "").strip()
    return name, (str(count) if count else None)


ARCH_BOARDS: dict[str, frozenset[str]] = {
    "gfx908": frozenset(("mi100",)),
    "gfx90a": frozenset(("mi210", "mi250", "mi250x")),
    "gfx942": frozenset(("mi300x", "mi300a", "mi308x", "mi325x")),
    "gfx950": frozenset(("mi350x", "mi355x")),
    "gfx1030": frozenset(("rx6800", "rx6800xt", "rx6900xt")),
    "gfx1100": frozenset(("rx7900xtx", "rx7900xt", "w7900", "w7800")),
    "gfx1101": frozenset(("rx7800xt", "rx7700xt", "w7700")),
    "gfx1102": frozenset(("rx7600", "w7600", "w7500")),
    "gfx1103": frozenset(("radeon780m", "radeon760m")),
    "gfx1150": frozenset(("radeon890m", "radeon880m")),
    "gfx1151": frozenset(("radeon8060s", "radeon8050s")),
    "gfx1200": frozenset(("rx9060xt",)),
    "gfx1201": frozenset(("rx9070xt", "rx9070")),
    "sm80": frozenset(("a100", "a800", "a30")),
    "sm86": frozenset(("a10", "a10g", "a40", "a6000", "rtx3090", "rtx3080")),
    "sm89": frozenset(("l40s", "l40", "l4", "l20", "rtx4090", "rtx4080", "rtx6000ada")),
    "sm90": frozenset(("h100", "h200", "h800", "h20", "gh200")),
    "sm100": frozenset(("b200", "b100", "gb200")),
    "sm103": frozenset(("b300", "gb300")),
    "sm120": frozenset(("rtx5090", "rtx5080", "rtxpro6000", "rtxpro6000blackwell")),
    # (the families by their names, as a run's lead-in says where no board is named: vocab.architectures)
    "ampere": frozenset(("a100", "a800", "a30", "a10", "a10g", "a40", "a6000", "rtx3090", "rtx3080")),
    "hopper": frozenset(("h100", "h200", "h800", "h20", "gh200")),
    "blackwell": frozenset(("b200", "b100", "gb200", "b300", "gb300", "rtx5090", "rtx5080", "rtxpro6000")),
}
"""Architecture ids -> the boards (canonical_gpu's names) built on each: "gfx1151" in a ROCm PR's title and
"Radeon 8060S Graphics, gfx1151" in its device line name one machine, as "SM90" and "H200" do."""


def one_board(values: set[str]) -> str | None:
    """The one board a set of GPU values names, where they are a board and its architecture id ("gfx1151",
    "Radeon 8060S"), or one board said once counted as one and once bare ("a single H20-3e" and "H20-3e": the
    counted spelling), or once with the part it is and once without ("A100" and "A100-80G": the fuller spelling;
    "A100-40GB" and "A100-80GB" are two), else None."""
    read = {v: canonical_gpu(v) for v in values}
    if len({n for n, _ in read.values()}) == 1 and {c for _, c in read.values()} == {None, "1"}:
        return next(v for v, (_, c) in read.items() if c)
    longest = max(values, key=len)
    if len(set(read.values())) == 1 and all(longest.lower().startswith(v.lower()) for v in values):
        return longest  # ("on A100" in the title, "A100-80G" in the environment line: one board, its part named)
    names = {v: n for v, (n, _) in read.items()}
    if len(names) == 2 and (member := _family_member(*names.items())) is not None:
        return member
    arch = {v for v, n in names.items() if n in ARCH_BOARDS}
    boards = {v for v, n in names.items() if v not in arch}
    if len(arch) != 1 or len(boards) != 1:
        return None
    board = next(iter(boards))
    return board if names[board] in ARCH_BOARDS[names[next(iter(arch))]] else None


def _family_member(a: tuple[str, str], b: tuple[str, str]) -> str | None:
    """Of a board family and one member of it ("Atlas A2" and "Atlas 800T A2": the member's name is the family's with
    its model number inside), the member as written; None for two boards ("L4" and "L40S", "MI300" and "MI300X": a
    name that only adds a tail is another board)."""
    (_, short), (long_v, long_) = sorted((a, b), key=lambda kv: len(kv[1]))
    for i in range(3, len(short) - 1):
        if long_.startswith(short[:i]) and long_.endswith(short[i:]) and len(long_) > len(short):
            return long_v if short[i - 1].isalpha() and short[i].isalpha() else None
    return None


def one_machine(values: set[str]) -> str | None:
    """The one machine the GPU values a line states name: as one_board, or one board with and without its count
    ("4×NVIDIA H100" beside its bare name again), the counted one; else None."""
    rest = values - counted_boards(values).keys()
    return next(iter(rest)) if len(rest) == 1 else one_board(rest)


def counted_boards(values: Iterable[str]) -> dict[str, str]:
    """Each bare board of `values` also named with its count, one count only ("NVIDIA_H200" where configs load,
    "8×NVIDIA H200" on the setup line): its counted spelling, which says more of the same machine, as a model's
    longest name does. Not "H100 SXM" beside "8×H100 PCIe": two variants of the board."""
    read = {v: canonical_gpu(v) for v in values}
    counted: dict[str, list[str]] = {}  # each board's counted spellings
    for v, (name, count) in read.items():
        if name and count:
            counted.setdefault(name, []).append(v)
    out: dict[str, str] = {}
    for v, (name, count) in read.items():
        spellings = counted.get(name, []) if not count else []
        mine = [u for u in spellings if _letters(v) in _letters(u)]
        if mine and len({read[u][1] for u in spellings}) == 1:
            out[v] = max(mine, key=len)
    return out


def _letters(value: str) -> str:
    return re.sub(r"[^a-z0-9]", "", value.lower())


_AMD_NAME_RE = re.compile(r"(?:mi[1-4]\d|rx\d|radeon|gfx|w\d{4}$)")


def amd_board(value: str) -> bool:
    """The GPU value names an AMD board: an Instinct, a Radeon (RX, Pro W), an architecture id ("gfx1100")."""
    return _AMD_NAME_RE.match(canonical_gpu(value)[0]) is not None or "amd " in value.lower()[:60]


# "Kimi-K2.5/K2.6", "Llama-3.1-8B/70B": one model, then its sibling written as the part that differs (no owner's
# "/": the part after it names no model alone, only a release or a size shaped as the first name's last part)
SIBLING_PAIR_RE = re.compile(
    r"(?<![\w/.@-])(?P<first>[A-Za-z][\w.-]{1,60}?)/(?P<second>[A-Za-z]{0,3}\d{1,4}(?:\.\d{1,2})?[A-Za-z]{0,2})"
    r"(?![\w/-]|\.\w)"
)
_NOT_LETTERS_RE = re.compile(r"[\d.]")


def sibling_models(name: str) -> list[str] | None:
    """The two models a sibling pair names in full ("Kimi-K2.5/K2.6" -> ["Kimi-K2.5", "Kimi-K2.6"]: the second
    written as the part of the first it changes, the same letters around other digits); None for another name (a
    hub id "org/Name-8B" is one model)."""
    m = SIBLING_PAIR_RE.fullmatch(name.strip())
    if m is None:
        return None
    first, second = m.group("first"), m.group("second")
    last = re.split(r"[-_]", first)[-1]
    if last == second or _NOT_LETTERS_RE.sub("", last).lower() != _NOT_LETTERS_RE.sub("", second).lower():
        return None
    return [first, first[: len(first) - len(last)] + second]


_RUN_STAMP_RE = re.compile(r"(?:[_-](?:20\d{6}(?:[_-]\d{4,6})?|run[_-]?\d{1,3}))+$", re.IGNORECASE)


def canonical_model(value: str) -> str:
    """One name for a model however it is typed: the checkpoint's name without its organisation or path, lower
    case, "-" between its words, a family and its version joined ("Llama 3.1 8B Instruct" -> llama3.1-8b-instruct);
    a sibling pair ("Kimi-K2.5/K2.6") is both models, "/" between them (kimi-k2.5/kimi-k2.6)."""
    if "/" in value and (pair := sibling_models(clean_name(value).strip(" .,;:"))) is not None:
        return "/".join(canonical_model(name) for name in pair)
    return _LETTER_DIGIT_RE.sub("", model_parts(value))


def model_parts(value: str) -> str:
    """A model's name as canonical_model reads it, its family and version not yet joined ("llama-4-maverick-17b"):
    the parts a shorter spelling of the name shares with a checkpoint's ("Llama 4 Maverick")."""
    v = clean_name(value).strip(" .,;:").rstrip("/").rsplit("/", 1)[-1]
    v = v.rsplit("--", 1)[-1]  # "meta-llama--Llama-3.2-3B-Instruct": the hub cache's folder, "--" for its "/"
    v = _RUN_STAMP_RE.sub("", v)  # "qux-20b_run2", "..._20260318_083440": the run's name, stamped, not the model's
    v = _MODEL_SEP_RE.sub("-", v).strip("-")
    v = re.sub(r"-{2,}", "-", v)
    if v.startswith("meta-llama"):  # Meta's older checkpoint names: "Meta-Llama-3.1-8B-Instruct"
        v = v[len("meta-") :]
    return _WRITERS_V_RE.sub(r"\1-", v)


def dtype_name(word: str) -> str | None:
    """The canonical precision a word is the name of ("fp32", "bfloat16", "FP8"), else None: a whole word only."""
    return _DTYPES.get(word.strip(" `*_").lower().replace("-", "_")) or None


def canonical_dtype(value: str) -> str:
    """fp8 for "FP8", "fp8_e4m3", "float8", "e4m3"; bf16 for "bfloat16"; "" for auto and none."""
    v = re.sub(r"\s*\(.*", "", clean_name(value).strip(" .,;:"))
    v = v.replace("-", "_").replace(" ", "_").removeprefix("torch.")
    if v in _DTYPES:
        return _DTYPES[v]
    if v.startswith(("float8", "fp8")) and "e5m2" not in v:
        return "fp8"
    if m := _BITS_RE.match(v):
        return f"{m.group(1)}bit"  # "4-bit", "4 bit", "4bit": one width, however it is joined
    if m := _METHOD_BITS_RE.match(v):
        return f"{m['method'] or m['method2']}_int{m['bits'] or m['bits2']}"
    return v


def gpu_key(key: str, value: str) -> str:
    """The key a board setting's value belongs under: a bare count ("GPUs | 4") is how many boards, never which."""
    return "gpu_count" if key == "gpu" and value.isdigit() and len(value) <= 4 else key


def canonical_number(value: str) -> str | None:
    """The count or length a value states ("TP8", "tp=8", "--tp-size 8", "8k" -> 8192, "8,192"), or None when
    the value is not one number ("1024/128", "auto")."""
    v = clean_name(value).strip(" .,;:")[:80]
    m = _PREFIXED_NUMBER_RE.match(v)
    if m is None:
        return None
    n = float(m.group(1).replace(",", "")) * (1024 if m.group(2) else 1)
    if m.group(2) and n != int(n):
        n = round(n / 1.024)  # ("1.3k": no whole number of 1024s, so the writer counted in thousands, 1300)
    return str(int(n)) if n == int(n) else f"{n:g}"


def one_number(values: set[str]) -> str | None:
    """The one count or length several spellings state ("8k" in a heading, "ISL=8192" on a setup line; "1k" and
    "1000"), as its fullest spelling, the digits a reader would check; None when they state two numbers. A "k" is a
    thousand or 1024, as writers use it for lengths."""
    read = {v: _PREFIXED_NUMBER_RE.match(clean_name(v).strip(" .,;:")[:80]) for v in values}
    if any(m is None for m in read.values()):
        return None
    exact = {v: float(m.group(1).replace(",", "")) for v, m in read.items() if m and not m.group(2)}
    rounded = {v: float(m.group(1).replace(",", "")) for v, m in read.items() if m and m.group(2)}
    if len(set(exact.values())) > 1 or len(set(rounded.values())) > 1:
        return None
    if exact and rounded:
        n, k = next(iter(exact.values())), next(iter(rounded.values()))
        if n not in (k * 1000, k * 1024):
            return None
    pool = exact or rounded
    return min(pool, key=lambda v: (len(v), v))


def canonical_items(key: str, value: str) -> list[tuple[str, str]]:
    """The canonical (key, value) pairs one config entry of canonical key `key` states: usually one, two for a
    GPU with its count ("8xH100") or an ISL/OSL pair ("1024/128"); none when the value says nothing ("auto")."""
    if key == "gpu":
        name, count = canonical_gpu(value)
        return [p for p in (("gpu", name), ("gpu_count", count or "")) if p[1]]
    if key in ("isl_osl", "input_output", "input_output_len", "seq_len_in_out"):
        parts = re.split(r"\s{0,2}[/,]\s{0,2}", clean_name(value)[:40])
        nums = [canonical_number(p) for p in parts]
        if len(nums) == 2 and all(nums):
            return [("isl", nums[0] or ""), ("osl", nums[1] or "")]
    v = canon_value(key, value)
    return [(key, v)] if v else []


_FILTER_NAMES = {"strict": "strict-match", "flexible": "flexible-extract"}
"""lm-eval's gsm8k filters by the first word a summary shortens them to."""


_SIDE_MARK_RE = re.compile(r"\s{0,3}\((?:baseline|base|reference|ref|control)\)\s{0,3}$", re.IGNORECASE)


def without_side_mark(value: str) -> str:
    """ "off (baseline)" under "Spec decode" -> "off": the row's side, marked beside its setting, is no part of the
    setting (the marker alone is kept: it is all the cell says)."""
    return _SIDE_MARK_RE.sub("", value) or value


def canon_value(key: str, value: str) -> str:
    """The canonical form of one value of canonical key `key` (the GPU's name only: `canonical_items` also
    gives its count)."""
    v = without_side_mark(clean_name(value)).strip(" .,;:")
    if key in SWITCH_KEYS and (switched := switch_value(v)):
        return switched  # ("EP enabled": expert parallel on, at a size not stated)
    if key in NUMERIC_KEYS:
        n = canonical_number(number_word(v))  # ("dual" sockets are 2)
        if n is not None:
            return n
        if (span := _RANGE_VALUE_RE.match(v)) is not None:
            # (the whole range: a sweep's figure is no run at its low end, "3.5k-160k" no 3.5k row's)
            return f"{canonical_number(span.group(1))}-{canonical_number(span.group(2))}"
        m = _NUMBER_RE.match(v)  # "128 (per node)": the number it begins with
        if m:
            n_ = float(m.group(1).replace(",", "")) * (1024 if m.group(2) else 1)
            return str(int(n_)) if n_ == int(n_) else f"{n_:g}"
        return v
    if key in DTYPE_KEYS:
        return canonical_dtype(v)
    if key == "request_rate":
        # (a console prints "Request rate configured (RPS): 16.00" where the command said `--request-rate 16`: one
        # rate; the bench's "inf" by any of its spellings, one default)
        return canonical_number(v) or {"infinite": "inf", "infinity": "inf"}.get(v.lower(), v.lower())
    if key == "spec_algo":
        v = re.sub(r"^eagle[ _-]3$", "eagle3", v)
        v = "ngram" if v == "n-gram" else v.replace("-", "_").replace(" ", "_")  # (vLLM's spelling, the one method)
        # "none" is a setup (no speculation, against which an MTP run is not comparable); "auto" says nothing
        return {"auto": "", "off": "none", "disabled": "none", "no": "none"}.get(v, v)
    if key == "model":
        return canonical_model(v)
    if key == "gpu":
        return canonical_gpu(v)[0]
    if key == "kernel":
        return canonical_kernel(v)  # ("🔵 GEMM" in a column, "GEMM" in a lead-in: one kernel)
    if key == "filter":  # ("GSM8K strict 0.95": the filter lm-eval prints as strict-match)
        return _FILTER_NAMES.get(v.lower(), v)
    if key == "serving":
        return {"aggregated": "agg", "disaggregated": "disagg"}.get(v, v)
    if key == "attention":
        return canonical_attention(v)  # ("FA3", "flash-attn 3", "FlashAttention-3": one backend)
    if key in SAMPLING_KEYS:
        return canonical_sampling(key, v)
    if key == "offload":
        # each way of stating it, "-ot exps=CPU" or "MoE tensors left on the CPU", says the same; "no offload",
        # "everything resident on the GPU", the other run
        return "none" if v.lower().startswith(("no", "without", "every", "all", "fully", "entirely")) else "experts"
    return re.sub(r"[-_ ](?=\d)", "", v.lower()) if key == "isa" else v  # ("AVX-512", "avx512": one instruction set)
