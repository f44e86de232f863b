"""Setup words named to be denied or compared with: a method turned off ("MTP disabled", "without EAGLE", "29 t/s
without mtp": that value's arm alone), a precision named as what a result is compared to ("vs FP16"), and a
precision spelled inside the name of a kernel or function (`fp8_block_gemm`), set before the data inside the program
it is the dtype of ("the FP8 rope kernel", "its FP8 buffer") or one end of a kernel's conversion ("TF32 GEMM kernels
-> BF16 GEMM kernels", "the FP8-to-BF16 V path"): the code's, not the run's."""

from __future__ import annotations

import re
from collections.abc import Callable

from ledger.vocab.canonical import PRECISION_PART
from ledger.vocab.online_quant import requantised
from ledger.vocab.sampling_words import SAMPLING_KEYS
from ledger.vocab.text import ARROW
from ledger.vocab.word_gate import WordGate

# a method named only to say it was off: "MTP disabled", "EAGLE turned off", "without EAGLE", "w/o MTP", and each
# method of a coordination said to be off together ("MTP and speculative decoding were off", "MTP or EAGLE is off")
_OFF_AFTER_RE = re.compile(
    r"(?:\s?/\s?[\w-]{1,12}(?: [\w-]{1,12})?"  # "MTP/spec decode disabled"
    r"|\s(?:and|or|&)\s[\w-]{1,24}(?: [\w-]{1,24})?)?"
    r"(?:\s(?:were|was|is|are|stay(?:ed|s)?|remain(?:ed|s)?)(?:\sboth|\sall|\sleft|\skept)?)?"
    r"(?:\s(?:by\s)?default)?"  # ("MTP default off": the run's fixed setting, off)
    r"\s?(?:disabled|turned off|switched off|off\b|[:=]\s?(?:off|false|none)\b)",
    re.IGNORECASE,
)
# ("without setting MTP", "without set MTP", "without enabling EAGLE": the verb that would have turned it on; the
# "non-EAGLE" row beside the "EAGLE" one: run without it)
# ("neither MTP nor EAGLE", "without MTP or EAGLE": each method the denial coordinates)
# (searched only where one of its words stands: vocab.word_gate)
OFF_BEFORE_RE = WordGate(
    re.compile(
        # ("drops the FP8 KV cache option", "removing FP8KV parameters": a setting taken out of the run)
        r"(?:(?<![\w/-])(?:without|w/o|disable[sd]?|no|neither|nor|drop(?:s|ped|ping)?|remov(?:e|es|ed|ing))\s"
        r"(?:(?:set(?:ting)?|enabl(?:e|ing)|us(?:e|ing)|turn(?:ing)? on)\s)?(?:the\s|any\s)?"
        r"|(?<![\w/-])(?:without|w/o|neither)\s[\w-]{1,16}\s(?:or|nor)\s(?:the\s|any\s)?|(?<![\w-])non[- ]?)$",
        re.IGNORECASE,
    )
)


def turned_off(s: str, m: re.Match[str]) -> bool:
    """The method `m` names in `s` is named to say it was off: "MTP disabled", "without EAGLE", "non-spec", "no
    speculative" ("speculative decoding" and "drafting" match only when turned off)."""
    val = next(filter(None, m.groups()), "").lower()
    negated = _OFF_AFTER_RE.match(s, m.end()) or OFF_BEFORE_RE.search(s, max(0, m.start() - 24), m.start())
    return negated is not None or val[:2] == "no" or val[:4] == "spec" or val[:5] == "draft"


# "two local MTP commits", "the EAGLE patches": a method's word modifying a change to the code, which a build carries;
# the run it served is not said to have drafted with it
CODE_CHANGE_AFTER_RE = re.compile(
    r"[ \t-](?:[\w-]{1,16}[ \t])?(?:commits?|patch(?:es)?|PRs?|pull requests?|branch(?:es)?|diffs?|cherry-picks?)\b",
    re.IGNORECASE,
)


# ("speedup wrt EAGLE 1", "gain over Medusa": the method a ratio is measured against, the baseline's)
THAN_BEFORE_RE = re.compile(
    r"\bthan\s(?:with(?:out)?|w/o|using|no)\s(?:the\s|any\s)?$|"
    r"\b(?:wrt|w\.r\.t\.?|over|against|relative\sto|compared\s(?:to|with))\s(?:the\s|plain\s)?$",
    re.IGNORECASE,
)


def compared_or_code(s: str, start: int, end: int) -> bool:
    """The method at s[start:end] is the arm a result is compared to ("faster than without MTP") or names changes to
    the code (CODE_CHANGE_AFTER_RE): no method the run drafted with."""
    return bool(THAN_BEFORE_RE.search(s, max(0, start - 28), start) or CODE_CHANGE_AFTER_RE.match(s, end, end + 40))


# "on the decode and MTP-3 path", "the baseline and EAGLE3 runs": a method as one of two paths or arms a noun after
# both shares, the other one plain: the sentence speaks of runs with it and without, it sets up neither
_ARM_PAIR_BEFORE_RE = re.compile(r"(?<![\w-])[A-Za-z][\w-]{1,20} (?:and|or|&) (?:the )?$", re.IGNORECASE)
_ARM_NOUN_AFTER_RE = re.compile(
    r"(?:[ -]?\d{1,2})?[ -](?:paths?|modes?|runs?|arms?|variants?|configs?|configurations?)\b", re.I
)


def one_arm_of_two(s: str, start: int, end: int) -> bool:
    """The method word at s[start:end] names one of two coordinated arms ("the decode and MTP-3 path")."""
    return bool(_ARM_PAIR_BEFORE_RE.search(s, max(0, start - 30), start) and _ARM_NOUN_AFTER_RE.match(s, end, end + 16))


# ("on the decode and MTP-3 path", "the plain or EAGLE3 runs"): the two arms, the noun they share after the second
_ARM_PAIR_RE = re.compile(
    r"(?<![\w-])(?P<a>[A-Za-z][\w-]{1,20}) (?:and|or|&) (?:the )?(?P<b>[A-Za-z][\w-]{1,20}(?:[ -]?\d{1,2})?)"
    r"[ -](?:paths?|modes?|runs?|arms?|variants?|configs?|configurations?)\b",
    re.IGNORECASE,
)
DRAFT_KEYS = ("spec_algo", "draft_len")


def drafted_arm(s: str, read: Callable[[str], dict[str, str]]) -> dict[str, str]:
    """The drafting settings of the one arm of two that drafts ("the decode and MTP-3 path": mtp, 3), each arm's words
    read alone by `read` (vocab.setup.qualifiers); {} where neither or both draft. One arm of two sets up neither
    (one_arm_of_two), but a measure only a drafting run has (an acceptance length) was taken on that arm."""
    for m in _ARM_PAIR_RE.finditer(s) if " and " in s or " or " in s or "&" in s else ():
        arms = [{k: v for k, v in read(m.group(g)).items() if k in DRAFT_KEYS} for g in ("a", "b")]
        drafting = [arm for arm in arms if arm.get("spec_algo") not in (None, "none")]
        if len(drafting) == 1 and not any(arms[k] for k in (0, 1) if arms[k] is not drafting[0]):
            return drafting[0]
    return {}


# "compared with the flashinfer backend", "measured against the default triton attention", "switched from FA3": the
# backend named after these is the side the run is set against or moved off, never the run's own
_BACKEND_BASE_BEFORE_RE = re.compile(
    r"\b(?:against|versus|vs\.?|than|over|relative\sto|compared\s(?:to|with)|instead\sof|from|replac(?:es|ing))"
    r"\s(?:the\s|an?\s)?(?:[\w-]{1,20}\s)?$",
    re.IGNORECASE,
)


# "this PR vs greedy", "slower than temperature 0": the sampling named after these is the compared run's, not the
# value's own (a header "tok/s, this PR vs greedy" over a sampled sweep: greedy drafting is the other side)
_SAMPLING_BASE_BEFORE_RE = re.compile(
    r"\b(?:against|versus|vs\.?|than|relative\sto|compared\s(?:to|with))\s(?:the\s)?$", re.IGNORECASE
)


def not_the_runs_method(key: str, s: str, m: re.Match[str]) -> bool:
    """The drafting word `m` (of setup key `key`) names no method the run drafted with: one arm of two ("the decode
    and MTP-3 path"), a compared or changed code's ("faster than EAGLE"), an arm turned off right after a value; an
    attention backend `m` names is no run's where the sentence sets the run against it ("compared with the
    flashinfer backend": the baseline's)."""
    if key == "attention":
        return _BACKEND_BASE_BEFORE_RE.search(s, max(0, m.start() - 48), m.start()) is not None
    if key in SAMPLING_KEYS:
        return _SAMPLING_BASE_BEFORE_RE.search(s, max(0, m.start() - 24), m.start()) is not None
    if key in ("spec_algo", "draft_len") and one_arm_of_two(s, m.start(), m.end()):
        return True
    return key == "spec_algo" and bool(
        compared_or_code(s, m.start(), m.end())
        or (VALUE_ARM_BEFORE_RE.search(s, max(0, m.start() - 40), m.start()) and turned_off(s, m))
    )


# "44 t/s instead of 29 t/s without mtp", "was 38 t/s with drafting off": a method turned off right after a value is
# that value's arm (prose.lists trailing_setup gives it), never the setup of the line's other values
VALUE_ARM_BEFORE_RE = re.compile(
    # (a number, never a name's last digit: "Bar-9B-FP8 without EAGLE" is a run without it)
    r"(?<![\w.-])\d(?:[\d.,]{0,12}\d)?[ \t]?[A-Za-z%/]{0,8}[ \t](?:without|w/o|with|no)[ \t](?:the[ \t]|any[ \t])?$",
    re.IGNORECASE,
)
# a word of the baseline's noun phrase: never one that ends it ("vs main on fp8": the run's precision, on both)
# (a noun phrase's word; "than" ends one: "is 3x smaller than FP16" compares with FP16, it defines no arm as FP16)
_NP_WORD = r"(?!(?:on|at|in|with|using|under|for|and|or|but|to|from|by|while|when|where|than)\s)[\w-]{1,20}\s"
# (searched only where one of its words stands: vocab.word_gate)
_BASE_BEFORE_RE = WordGate(
    re.compile(
        r"(?:(?P<cmp>compared\s(?:to|with|against)|relative\sto|versus|vs\.?|over|improves?\sover|beats?|outperforms?|"
        r"(?:faster|better)\sthan|(?<=\w\s)than|next\sto|unlike|instead\sof)|against"
        # ("X = the bf16 FlashMLA baseline", "old is the fp16 paged baseline": an arm defined as the baseline)
        r"|(?P<def>=|\b(?:is|are|means|denotes)))\s(?:\*\*)?(?P<det>the\s|an?\s)?"
        # ("vs the already-tuned bf16 baseline", "vs upstream out-of-the-box bf16": the baseline's words before its
        # precision)
        # ("compared with simpler methods such as AWQ": the baseline named by an example of its kind)
        rf"(?P<words>(?:{_NP_WORD}){{0,3}}(?:such\sas\s|like\s|e\.g\.,?\s|including\s)?)$",
        re.IGNORECASE,
    )
)
_KV_AFTER_RE = re.compile(r"[\s_-]{0,3}kv\b", re.IGNORECASE)
# ("the bf16-sparse FlashMLA baseline", "the fp16 paged-attention reference build")
_BASE_AFTER_RE = re.compile(
    rf"(?:-\w{{1,12}})?(?:\s{_NP_WORD[:-2]}){{0,3}}\s(?:baseline|reference|main)\b", re.IGNORECASE
)

_NP_TO_END_RE = re.compile(rf"(?:-\w{{1,12}})?(?:\s{_NP_WORD[:-2]}){{0,3}}\s?$")


def as_baseline(s: str, start: int, end: int) -> bool:
    """The word at s[start:end] names what a result is compared to ("vs FP16", "against the BF16 baseline", "does
    PTPC improve over native MXFP8", "faster than BF16", "vs the already-optimized bf16 FlashMLA baseline") or the arm
    a text defines as its baseline ("old = the fp16 paged baseline"). "against" alone names what a run was tested on
    ("gsm8k against the FP8 checkpoint"), "over" and "is" what a run was ("over fp8 weights", "is an fp8 run"), and a
    comparator's long words may be the run's own ("vs main with tuned fp8"): those need the baseline's noun after."""
    before = _BASE_BEFORE_RE.search(s, max(0, start - 90), start)
    if before is None:
        return False
    cmp = before.group("cmp")
    if cmp is not None and cmp.lower() != "over":
        return True
    if before.group("def") is not None and before.group("det") is None:
        return False  # ("precision = FP16": the run's setting, no arm named)
    # (a definition wrapped before its noun: "**old** = the fp16 paged" at a line's end, "baseline" on the next)
    wrapped = before.group("def") == "=" and _NP_TO_END_RE.match(s, end) is not None
    return wrapped or _BASE_AFTER_RE.match(s, end) is not None


# a spec column's cell saying the method was off: "off", "none", "disabled", with the kernel's draft width it then
# runs at in brackets ("off (1)": one token a step, no draft)
_SPEC_OFF_CELL_RE = re.compile(r"^(?:off|none|no|disabled|false)(?:\s?\(\s?\d{1,3}\s?\))?$", re.IGNORECASE)
SPEC_OFF = {"spec_algo": "none", "draft_len": "0"}
"""The setup of a run with speculative decoding off: no method, no draft (as a "without MTP" side states it)."""


def spec_off_cell(key: str, cell: str) -> dict[str, str] | None:
    """The spec-off setup a cell under a spec column (`key` spec_algo or draft_len) states ("off (1)" under "MTP
    (kernel next_n)"), else None: the word is no method and no draft length."""
    if key not in SPEC_OFF or _SPEC_OFF_CELL_RE.match(cell.strip(" *_`")) is None:
        return None
    return dict(SPEC_OFF)


# a part of a code name that spells a precision ("fp8" in `fp8_block_gemm`)
_PRECISION_PART_RE = re.compile(PRECISION_PART)
# the parts that say how a precision is applied, so that the name is the scheme's own ("fp8_kv_cache", "int4_awq",
# "fp8_per_token_dynamic"), never code
_SCHEME_WORDS = (
    "kv cache dtype quant quantized awq gptq dynamic static block blockwise per tensor token channel group scaled "
    "weight weights act acts activation activations ptpc scheme checkpoint"
)
_SCHEME_PARTS = frozenset(_SCHEME_WORDS.split())
# the kernel libraries a backend's name joins to the precision it runs (`flashinfer_mxfp4`, `cutlass_fp8`): the run's
# path at that precision, never a function's own dtype
_LIBRARY_PARTS = frozenset(
    [
        "flashinfer",
        "triton",
        "cutlass",
        "trtllm",
        "aiter",
        "deepgemm",
        "marlin",
        "machete",
        "cublas",
        "cublaslt",
        "cudnn",
        "fa3",
        "fa4",
        "flashmla",
        "torch",
    ]
)
_CODE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.")
# a namespace qualifier before a code name (`deep_gemm::sm90_fp8_mqa_logits`)
_QUALIFIER_RE = re.compile(r"[A-Za-z_]\w{0,40}::$")
# a code name is named as code by the word after it, with or without backticks ("the fp8_mqa_logits kernel")
_CODE_NOUN_RE = re.compile(r" (?:kernels?|ops?|functions?|launch(?:es)?|calls?)\b", re.IGNORECASE)
# the parts that name what a kernel computes: a snake_case name holding one is code even where it is not marked as
# code (a PR title's "fp8_gemm_scaled"), whereas `fp8_kv_cache` or "int4_awq" name a scheme
_COMPUTE_PARTS = frozenset(
    [
        "gemm",
        "gemv",
        "bmm",
        "mm",
        "matmul",
        "logits",
        "attn",
        "attention",
        "mqa",
        "mla",
        "gqa",
        "softmax",
        "topk",
        "rmsnorm",
        "layernorm",
        "norm",
        "rope",
        "sampler",
        "sampling",
        "reduce",
        "gather",
        "scatter",
        "dequant",
        "copy",
        "fill",
        "memcpy",
        "decode",
        "prefill",
    ]
)


def in_code_name(s: str, start: int, end: int) -> bool:
    """The precision at s[start:end] is one part of a snake_case code name written as code (in backticks, also after
    a namespace, called, or followed by "kernel": `fp8_fp4_paged_mqa_logits`, `ops::fp8_gather_logits`,
    "bf16_gather_logits(...)") or naming a computation (a title's "fp8_gemm_scaled"), beside a part that names what
    the code does: the kernel's dtype, no setting of the run. A scheme's own name (`fp8_kv_cache`, `w8a8_fp8`), a
    value set after "=" or ":" and a test's name (`test_fp8_gemm_accuracy`: the run it checks) stay settings."""
    lo, hi = start, end
    while lo > 0 and start - lo < 60 and s[lo - 1] in _CODE_CHARS:
        lo -= 1
    while hi < len(s) and hi - end < 60 and s[hi] in _CODE_CHARS:
        hi += 1
    name = s[lo:hi].rsplit(".", 1)[-1]
    if "_" not in name or name.startswith("test"):
        return False  # (most precisions stand alone: asked before the look around the name)
    qualified = _QUALIFIER_RE.search(s, max(0, lo - 43), lo) if lo > 2 and s[lo - 1] == ":" else None
    opened = qualified.start() if qualified else lo
    parts = name.lower().split("_")
    as_code = (
        (opened > 0 and s[opened - 1] == "`")
        or s.startswith("(", hi)
        or _CODE_NOUN_RE.match(s, hi) is not None
        or not _COMPUTE_PARTS.isdisjoint(parts)
    )
    if not as_code or (lo > 1 and s[lo - 2] in "=:" and not qualified):
        return False
    return any(_PRECISION_PART_RE.fullmatch(p) for p in parts) and any(
        p.isalpha()
        and len(p) >= 3
        and p not in _SCHEME_PARTS
        and p not in _LIBRARY_PARTS
        and not _PRECISION_PART_RE.fullmatch(p)
        for p in parts
    )


# a kernel library's code name a change takes code from or puts code in ("the helper from flashinfer_mxfp4", "the
# `cutlass_fp8` module", "flashinfer_mxfp4.py"): where code lives, so even a backend's name (`flashinfer_mxfp4`, the
# run's path at mxfp4 where a run is said to use it) states no precision any run ran at
_BORROWED_BEFORE_RE = re.compile(r"\b(?:from|import)\s(?:the\s)?`?$", re.IGNORECASE)
_BORROWED_AFTER_RE = re.compile(r"`?(?:\.py\b|\s(?:modules?|files?|package)\b)", re.IGNORECASE)
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


def borrowed_code(s: str, start: int, end: int) -> bool:
    """The precision at s[start:end] is a part of a kernel library's code name that a change takes code from or puts
    code in (see _BORROWED_BEFORE_RE), not a path a run takes."""
    lo, hi = start, end
    while lo > 0 and start - lo < 60 and s[lo - 1] in _NAME_CHARS:
        lo -= 1
    while hi < len(s) and hi - end < 60 and s[hi] in _NAME_CHARS:
        hi += 1
    if _LIBRARY_PARTS.isdisjoint(s[lo:hi].lower().split("_")):
        return False
    return _BORROWED_BEFORE_RE.search(s, max(0, lo - 12), lo) is not None or (
        _BORROWED_AFTER_RE.match(s, hi) is not None
    )


# a part of a kernel's name that spells its operands' dtype, as its type signature does ("i8" of "cutlass_i8_i8_bf16")
_OPERAND_PART_RE = re.compile(rf"{_PRECISION_PART_RE.pattern}|[iu](?:4|8|16|32)|f(?:8|32)")


def later_operand(s: str, start: int, end: int) -> bool:
    """The precision at s[start:end] is a later dtype of a kernel's type signature (`cutlass_i8_i8_bf16_scaled_mm`,
    code or not: int8 operands, a bf16 output): the output's or the accumulator's, whereas a run is quantised in
    its operands' precision, the signature's first."""
    lo = start
    while lo > 0 and start - lo < 60 and s[lo - 1] in _CODE_CHARS:
        lo -= 1
    if s[lo:start].count("_") < 1:
        return False
    before = s[lo:start].lower().split("_")
    return any(_OPERAND_PART_RE.fullmatch(p) for p in before[:-1]) and not before[-1]


# a precision before the data it is the dtype of inside the program: an activation, a buffer, a kernel's output, a
# collective's payload, an indexer ("its FP8 buffer", "the fused FP8 rope kernel", "fused FP8 Q-quant",
# "the bf16 placeholder q", "the fp8-out path", "bf16 all-reduce", "the FP4 indexer"), at most one word between (never
# a word that joins or places, "FP8 with rope"). Not a GEMM's, a matmul's, a MoE's or a kernel's own: "int4 kernels",
# "the Q2_0 matmul", "cutlass fp4 moe" compute in the weights' precision, the run's
_COMPONENT_AFTER_RE = re.compile(
    r"(?:[_-]out\b|[ _-]{1,2}(?:(?!(?:with|and|or|on|in|for|at|to|of|vs|the|a|an|by|via)\b)[A-Za-z][\w]{0,14}[ -])?"
    r"(?:buffers?|tensors?|q|workspace|outputs?|activations?|rope|all[ -]?reduces?|all[ -]?gathers?|comms?|"
    r"communication|(?:q|query|k|key)[ -]?quant|quant(?:ization)?[ -](?:kernels?|ops?|launch(?:es)?)|"
    r"(?:indexer|scale|logits?|prefix)[ _-]cache|"
    # ("the FP4 indexer": a sparse attention's indexer, its keys and scores; the model it serves runs in a precision
    # of its own)
    r"indexers?|"
    # ("the native BF16 V path", "an fp32 accumulator", "the bf16 cast": one tensor, sum or step of the kernel; not
    # a path, "the fp8 MLA path" is the run's)
    r"[kv](?![.\w/-])|accumulat(?:ors?|ion)|casts?|upcasts?|downcasts?|"
    # ("BF16 wo_a" vs "FP8 wo_a", "FP8 router ms": one layer's or projection's arithmetic, the arm an A/B varies; the
    # model's precision is stated of the model)
    r"`?[a-z][a-z0-9]{0,9}_(?:proj|[a-z]|head|gate|up|down)(?:_[a-z0-9]{1,8})?|"
    r"`?(?:gate|router|lm[ _]head)(?![ _-]?up\b)|"
    r"(?:[a-z]{1,3}[ _-])?proj(?:ections?)?)\b"
    r"(?![ -](?:models?|checkpoints?|weights?|quanti[sz]ation)\b))",
    re.IGNORECASE,
)
# the data named first ("appends rope FP8 in place", "outputs in fp8", "activations stored in bf16")
# (searched only where one of its words stands: vocab.word_gate)
_COMPONENT_BEFORE_RE = WordGate(
    re.compile(
        r"\b(?:buffers?|outputs?|activations?|rope|tensors?|workspace)"
        r"(?:[ _-](?:in|as|to|stored in|kept in))?[ _-]$|"
        # ("the cast back to bf16", "upcasts to fp32": a step's dtype; "weights converted to FP8" are the run's)
        r"\b(?:cast(?:s|ing)?|upcast(?:s|ing)?|downcast(?:s|ing)?)(?:\s(?:back|down|up))?\s(?:to|into)\s$",
        re.IGNORECASE,
    )
)


def of_a_component(s: str, start: int, end: int) -> bool:
    """The precision at s[start:end] names the dtype of an activation, buffer, output or collective inside the
    program (see _COMPONENT_AFTER_RE), not the run's: a PR that writes a kernel's output in FP8 states no checkpoint's
    precision, and a run served in FP8 says so of the model ("the NVFP4 checkpoint", "--quantization fp8")."""
    return (
        _COMPONENT_AFTER_RE.match(s, end) is not None
        or _COMPONENT_BEFORE_RE.search(s, max(0, start - 28), start) is not None
    )


_PRECISION = rf"(?:{_PRECISION_PART_RE.pattern}|tf32|f32|fp6|float32|e4m3|e5m2)"
# ("produced in BF16 and then cast to FP32", "writes BF16 and is upcast to FP32": a cast is a step of the code, however
# worded, its two dtypes the code's)
_CAST = (
    r"(?:\s(?:and\s)?(?:then\s)?(?:(?:is|are|gets?)\s)?(?:up|down)?cast(?:s|ed)?(?:\s(?:it|them))?"
    r"(?:\s(?:back|up|down))?\s(?:to|into)\s)"
)
_ARROW = r"(?P<arrow>-to-|\s?(?:->|→|=>)\s?|\sto\s|" + _CAST + ")"
_WORD = r"[ ](?!(?:to|from|and|or|with|on|in|for)\b)[A-Za-z]\w{0,14}"
# the precision a conversion goes to ("FP8-to-BF16", "TF32 GEMM kernels -> BF16", "bf16 to fp32"), after one's
_TO_PRECISION_RE = re.compile(rf"(?P<words>(?:{_WORD}){{0,3}}){_ARROW}(?:the\s)?{_PRECISION}\b", re.IGNORECASE)
# the precision a conversion comes from, before one's ("FP8-to-" before "BF16", "TF32 GEMM kernels -> ")
_FROM_PRECISION_RE = re.compile(rf"\b{_PRECISION}(?P<words>(?:{_WORD}){{0,3}}){_ARROW}(?:the\s)?$", re.IGNORECASE)
_WORDS_AFTER_RE = re.compile(rf"(?:{_WORD}){{0,3}}", re.IGNORECASE)
# what a kernel computes in, a step of it or the data it moves: a conversion between two of those is the code's
_KERNEL_NOUN_RE = re.compile(
    r"\b(?:gemms?|kernels?|matmuls?|mma|paths?|accumulat(?:ors?|ion)|casts?|conversions?|dequant(?:ization)?|"
    r"[kv]|outputs?|activations?|buffers?|tensors?)\b",
    re.IGNORECASE,
)
# what names the run's own precision in a conversion ("BF16 -> FP8 checkpoint", "FP4 weights -> FP8 quantization")
_RUN_NOUN_RE = re.compile(
    r"\b(?:models?|checkpoints?|weights?|kv|quantization|quantized|quantize|serving|inference)\b", re.IGNORECASE
)


def in_a_conversion(s: str, start: int, end: int) -> bool:
    """The precision at s[start:end] is one end of a conversion inside the code: a compound ("the FP8-to-BF16 V
    path"), or two precisions an arrow or "to" joins where a kernel's noun names what is converted ("TF32 GEMM
    kernels -> BF16 GEMM kernels", "from bf16 to fp32 accumulation"): the change moves a kernel or its data from one
    dtype to the other, neither is the run's. A conversion of the model, its weights or checkpoint ("BF16 -> FP8
    checkpoint") is the run's, and so is a lone "FP8 GEMM" (it computes in the weights' precision)."""
    to = _TO_PRECISION_RE.match(s, end)
    if to is not None:  # (this end's words, then the other end's)
        arrow, words, far = to.group("arrow"), to.group("words"), to.end()
    else:
        came = _FROM_PRECISION_RE.search(s, max(0, start - 60), start)
        if came is None:
            return False
        arrow, words, far = came.group("arrow"), came.group("words"), end
    after = _WORDS_AFTER_RE.match(s, far)
    words += after.group(0) if after else ""
    if _RUN_NOUN_RE.search(words):
        return False
    return arrow == "-to-" or "cast" in arrow.lower() or _KERNEL_NOUN_RE.search(words) is not None


# a legend's two sides, "MMLU FP16→AQLM" over a column of "0.65→0.56", "(BF16 -> VQ)": the precision the arrow leaves
# is the reference's, the run's the one it points to; not a number ("FP8 -> 1.2x") nor a phrase that goes on ("BF16
# -> FP8 checkpoint", a conversion of the model, tells no two sides)
FROM_SIDE_RE = re.compile(
    r"[\w#.-]{1,24}?[ \t]?" + ARROW + r"[ \t]?[A-Za-z][\w#.-]{0,24}(?![\w#.-])[ \t]*(?:[)\]|,;]|$)"
)


# "--mamba-ssm-dtype bf16", "SSM state dtype = FP32": a hybrid model's recurrent state's dtype, not the weights'
_STATE_BEFORE_RE = re.compile(
    r"\b(?:ssm|state)[ _-](?:(?:cache|state)[ _-])?(?:dtype|state)[`'\"]?\s?[=:]?\s?[`'\"]?$", re.I
)


def not_the_runs_precision(s: str, start: int, end: int) -> bool:
    """The precision at s[start:end] is none of the run's: what it is compared with ("vs the FP16 baseline"), a KV
    cache's ("nvfp4-kv kernels" once more after the KV cache's word was read), a kernel's (`fp8_block_gemm`), an
    activation's or buffer's ("the fused FP8 rope kernel"), or a checkpoint's as stored where it was quantised as it
    was loaded (vocab.online_quant)."""
    return (
        as_baseline(s, start, end)
        or FROM_SIDE_RE.match(s, start) is not None
        or _KV_AFTER_RE.match(s, end) is not None
        or in_code_name(s, start, end)
        or borrowed_code(s, start, end)
        or later_operand(s, start, end)
        or of_a_component(s, start, end)
        or in_a_conversion(s, start, end)
        or _STATE_BEFORE_RE.search(s, max(0, start - 30), start) is not None
        or requantised(s, end)  # ("DeepseekV3-BF16 (online quant into int8": the weights as stored)
    )


_THE_BEFORE_RE = re.compile(rf"\bthe\s(?:{_NP_WORD}){{0,3}}$", re.IGNORECASE)


def baselines_precision(text: str, value: str) -> bool:
    """Every place `text` names the precision `value` is inside a baseline's noun phrase ("the bf16 FlashMLA baseline
    itself gains ..."): that arm's, which its own paragraph's results may be, never a setup over the section."""
    s = text[:400]
    low, want = s.lower(), value.lower()
    at, seen = low.find(want), False
    while at >= 0:
        end = at + len(want)
        if not (
            as_baseline(s, at, end) or (_THE_BEFORE_RE.search(s, max(0, at - 90), at) and _BASE_AFTER_RE.match(s, end))
        ):
            return False
        at, seen = low.find(want, end), True
    return seen
