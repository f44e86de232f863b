"""Setup keys: the configuration a result was measured under, its canonical keys, aliases and values.

Every key is hard, soft or ignored (`key_class`): compare splits series by hard keys, reads setup words
out of soft ones and skips ignored ones; a key no table names is hard.

One table of setup words (`SETUP_WORDS`) serves both readers: `qualifiers` (the words extraction writes into a
claim's `config`) and `config_hints` (what compare reads from names and config values).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.memo import short_text_cache
from ledger.vocab.text import MAX_NAME, clean_name

# The machine a run used: "RAM: 16 x 64GB", "MEM: 6 * 64GB", "GPU: 2*Titan RTX", "CPU: ...", "Driver: 550.54"
_MACHINE_LABEL = (r"(?:ram|mem|vram|cpu|gpus?|disk|storage|network|nic|interconnect|hardware|machine|host|os|driver|"
                  r"cuda|platform|device)\s*$")
MACHINE_LABEL_RE = re.compile(_MACHINE_LABEL, re.IGNORECASE)
# Labels whose numbers are inputs of a run, not results.
CONFIG_LABEL_RE = re.compile(
    r"^(?:number of|num[_ ]|#\s*|n[_ ]?(?:prompts|requests|samples)|total (?:input|output|generated|prompt)"
    r" tokens|successful requests|failed requests|completed|(?:traffic )?request rate|rate\b|"
    r"max(?:imum)?[_ ](?=(?:num|batch|seq|tokens?|len|length|concurrency|model|draft|context|position|requests?|"
    r"running|prompts?|input|output|new|total|size|workers?|threads?|retries|loras?|bs|jobs))|"
    r"concurrency|batch[_ ]?size|bs\b|isl\b|osl\b|input[_ ]len|output[_ ]len|seq(?:uence)?[_ ]len|"
    r"prompt[_ ]len|(?:input|output|prompt|generation)[_ ](?:sequence[_ ])?len(?:gth)?|"
    r"tp\b|tp[_ ]size|pp\b|ep\b|dp\b|world[_ ]size|gpus?\b|nodes?\b|seed\b|temperature|"
    r"top[_ ]?[pk]\b|n[_-]?shot|shots?\b|version|stderr|std\b|samples\b|questions\b|tokens\b|"
    r"dataset|model\b|tensor[_ ]parallel|pipeline[_ ]parallel|kv[_ ]cache[_ ]free|free[_ ]gpu|"
    r"chunk|page[_ ]size|block[_ ]size|tokens[_ ]per[_ ]block|warmup|iterations?\b|runs?\b|rounds?\b|repeat|"
    r"draft[_ ]len|num[_ ]draft|spec[_ ]|max[_ ]tokens|context[_ ]len|date|port\b|rank|layers?\b|"
    r"total (?:number|count)|count\b|total requests|requests\b|prompts\b|"
    r"total (?:input|output) (?:len|length)|benchmark duration \(iterations\)|"
    r"accepted tokens|draft tokens|drafted tokens|emitted tokens|proposals\b|burstiness|failed\b|errors?\b|"
    + _MACHINE_LABEL + ")",
    re.IGNORECASE,
)
SIDE_PHRASE = (r"(?:main|master|baseline|base|upstream|original|reference|ref|old|new|pr|ours|patched|fixed|"
               r"this (?:pr|branch|repo|change|patch|commit)|(?:before|after|with|without)"
               r"(?: (?:the |this )?(?:pr|fix|patch|changes?|commit|optimi[sz]ation))?)")
"""A phrase that names a side of a comparison ("main", "this branch", "before the PR", "without the fix")."""
BASELINE_LABEL_RE = re.compile(
    r"^(?:baseline|before|main\b|original|reference|ref\b|w/o|without|old\b|base\b|previous|prior|"
    r"non-speculative|eager\b|default\b)",
    re.IGNORECASE,
)


# What a label measures once it has named its setting word: "Max reserved memory", "Warmup time",
# "Maximum error", "tokens per second" are results that merely start like a setting.
_RESULT_AFTER_SETTING_RE = re.compile(
    r"latency|\btimes?\b|throughput|memory|\bmem\b|error|\berr\b|diff|accuracy|score|speed|bandwidth|ttft|"
    r"tpot|\bitl\b|e2e|per second|per sec\b|/s\b|tflops|gflops|duration|elapsed|usage|"
    r"\b(?:mean|median|avg|average|std|standard dev)",  # "Runs 2-5 Mean": a statistic of the runs
    re.IGNORECASE)


_MODELLED_LABEL_RE = re.compile(r"(?:ideal|theoretical|roofline|predicted|expected)\b|arithmetic intensity\b",
                                re.IGNORECASE)
BAR_WORDS = r"(?:threshold|cut-?off|pass(?:ing)? (?:bar|mark))s?"
"""The bar a result is held to: a key of the results beside it (`threshold`), never a result."""
_BAR_LABEL_RE = re.compile(r"(?<![\w-])" + BAR_WORDS + "$", re.IGNORECASE)


def is_config_label(label: str) -> bool:
    """A label whose numbers are inputs of a run ("Batch size", "max_tokens", "Successful requests")."""
    core = label.strip(" *`_-=[]").strip()
    if _BAR_LABEL_RE.search(core) or _MODELLED_LABEL_RE.match(core):
        # "Accuracy threshold", "pass cutoff": the bar a result is held to; "Ideal time", "Arithmetic
        # intensity": what a model of the kernel predicts, not what was measured
        return True
    m = CONFIG_LABEL_RE.match(core)
    return m is not None and not _RESULT_AFTER_SETTING_RE.search(core, m.end())


@dataclass(frozen=True, slots=True)
class SetupWord:
    """A setup word written inside a name ("MTP3", "FP8 KV", "con128", "GB300"): the config key a claim is written
    with (`written`), the canonical key compare reads (`key`), and the pattern whose first non-empty group is
    the value. The patterns open at a word's start and end at its end, where "_" and "-" end words too
    ("tp_8", "eagle3-mtp"), so they read snake_case names as well as prose."""

    written: str
    key: str
    pattern: re.Pattern[str]


def _word(written: str, key: str, body: str) -> SetupWord:
    # a number ends at a non-digit ("TP8EP8" holds tp and ep), a word at a non-alphanumeric
    end = r"(?![0-9])" if body.endswith(r"})") else r"(?![a-z0-9])"
    return SetupWord(written, key, re.compile(rf"(?<![a-z0-9])(?:{body}){end}", re.IGNORECASE))


_GPU_NAMES = (r"gb300|gb200|b300|b200|h200|h100|h800|h20|a100|a10g?|l40s?|l4|mi300x|mi325x|mi355x|rtx ?\d{4}|"
              r"dgx[ -]spark")
_DTYPES = r"fp8|nvfp4|fp4|mxfp4|bf16|fp16|int8|int4"
HARDWARE_NAME_RE = re.compile(rf"\b(?:{_GPU_NAMES}|rtx pro \d{{4}}|processor|epyc|xeon|cuda\d{{1,2}}|gpu\d{{1,2}})\b",
                              re.IGNORECASE)
"""A device named in a listing ("CUDA0 : NVIDIA RTX PRO 6000", "L40S", "AMD EPYC 9355 32-Core Processor")."""
SETUP_WORDS: tuple[SetupWord, ...] = (
    _word("mtp", "draft_len", r"mtp[ _-]?(\d{1,2})|(no)[ _-]mtp"),
    _word("draft", "draft_len", r"(?:draft(?:[ _-]?len(?:gth)?)?|num[ _]draft)[ _=:-]?(\d{1,2})"),
    _word("spec_algo", "spec_algo", r"(eagle3|eagle|ngram|medusa|pard|lookahead)"),
    _word("kv_cache", "kv_cache", rf"({_DTYPES})[ _-]?kv(?:[ _-]?cache)?"),
    _word("kv_cache", "kv_cache", rf"kv(?:[ _-]?cache)?(?:[ _-]?dtype)?[ _:=-]{{1,3}}({_DTYPES})"),
    _word("concurrency", "concurrency", r"con(?:c|currency)?[ _=:-]?(\d{1,5})"),
    _word("isl", "isl", r"isl[ _=:-]?(\d{1,6}k?)"),
    _word("osl", "osl", r"osl[ _=:-]?(\d{1,6}k?)"),
    _word("n_shot", "n_shot", r"(\d{1,2})[ _-]?shots?"),
    _word("filter", "filter", r"(strict-match|flexible-extract)"),
    _word("gpu", "gpu", rf"({_GPU_NAMES})"),
    _word("tp", "tp", r"tp[ _=:-]?(\d{1,3})"),
    _word("ep", "ep", r"ep[ _=:-]?(\d{1,3})"),
    _word("pp", "pp", r"pp[ _=:-]?(\d{1,3})"),
    _word("dp", "dp", r"dp[ _=:-]?(\d{1,3})"),
    _word("state", "state", r"(bf16|fp32|fp16)[ _-](?:(?:gdn|ssm|recurrent|mamba)[ _-])?state"),
    # last: a dtype the words above did not claim for the KV cache or the state is the model's precision
    _word("quant", "quant", r"(fp8|nvfp4|mxfp4|fp4|w4a16|w4a8|w8a8|int4|int8|awq|gptq|bf16|fp16)"),
)
"""The one table of setup words: `qualifiers` writes them into claims, `config_hints` reads them for compare."""


def qualifiers(text: str | None) -> dict[str, str]:
    """Normalised qualifiers in a name: "MTP1, FP8 KV" -> {"mtp": "1", "kv_cache": "fp8"};
    "con128 tok/s/GPU" -> {"concurrency": "128"}; "GB300, TP1" -> {"gpu": "GB300", "tp": "1"}."""
    if not text:
        return {}
    return dict(_qualifiers(text))  # a fresh dict: callers add to it


@short_text_cache(1024)
def _qualifiers(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    s = text[:400]
    for w in SETUP_WORDS:
        if w.written in out:
            continue
        m = w.pattern.search(s)
        if not m:
            continue
        val = next((g for g in m.groups() if g), "")
        if w.written == "mtp" and val.lower() == "no":
            val = "0"
        out[w.written] = val.upper() if w.written == "gpu" else val.lower()
        s = s[:m.start()] + " " + s[m.end():]  # a word read once: "TP8EP8" is tp 8, then ep 8
    return out


# Configuration keys that change a result; aliases map to the canonical key.
HARD_KEYS: tuple[str, ...] = (
    "model", "gpu", "quant", "kv_cache", "spec_algo", "draft_len", "concurrency", "isl", "osl", "n_shot",
    "filter", "tp", "samples", "task", "ep", "pp", "dp", "gpu_count", "nodes", "state", "backend", "batch_size",
    "attention", "moe_backend", "max_num_tokens", "max_batch_size", "chunked_prefill", "cuda_graph", "stat", "position",
)
IGNORED_KEYS: tuple[str, ...] = ("source", "commit", "note", "run", "version", "metric", "threshold")
"""Keys that say where a claim comes from, not what it was measured under (a CI bot's comment, the commit,
a footnote, an lm-eval task version or metric column the metric name already carries, the bar a check holds it to)."""
_KEY_ALIASES: dict[str, str] = {
    "hardware": "gpu", "gpus": "gpu", "device": "gpu", "platform": "gpu",
    "quantization": "quant", "quantisation": "quant", "quant_algo": "quant", "precision": "quant", "dtype": "quant",
    "weights": "quant",
    "kv": "kv_cache", "kv_dtype": "kv_cache", "kv_cache_dtype": "kv_cache", "kv_cache_quant_algo": "kv_cache",
    "kv cache": "kv_cache",
    "spec": "spec_algo", "spec_dec": "spec_algo", "spec_dec_algo": "spec_algo", "speculative": "spec_algo",
    "speculative_algorithm": "spec_algo", "spec_decode": "spec_algo",
    "mtp": "draft_len", "draft": "draft_len", "draft_length": "draft_len", "max_draft_len": "draft_len",
    "num_nextn_predict_layers": "draft_len", "num_speculative_tokens": "draft_len", "spec_len": "draft_len",
    "conc": "concurrency", "con": "concurrency", "max_concurrency": "concurrency", "batch": "concurrency",
    "input_len": "isl", "input_length": "isl", "output_len": "osl", "output_length": "osl",
    "nshot": "n_shot", "n-shot": "n_shot", "num_fewshot": "n_shot", "shots": "n_shot", "fewshot": "n_shot",
    "tp_size": "tp", "tensor_parallel": "tp", "tensor_parallel_size": "tp",
    "n_samples": "samples", "num_samples": "samples", "limit": "samples", "n": "samples",
    "ep_size": "ep", "expert_parallel": "ep", "moe_ep_size": "ep", "pp_size": "pp", "pipeline_parallel": "pp",
    "dp_size": "dp", "data_parallel": "dp", "num_gpus": "gpu_count", "world_size": "gpu_count",
    "bs": "batch_size", "max_batch": "max_batch_size", "attn_backend": "attention", "attention_backend": "attention",
    "ssm_state": "state", "mamba_state": "state", "recurrent_state": "state",
}
SOFT_KEYS: tuple[str, ...] = ("gate", "row", "column", "context", "test", "variant", "case", "setting", "group",
                              "side", "part")
"""Keys whose text is mined for configuration words; the rest of their text is a variant."""
KEY_CLASSES: tuple[str, ...] = ("hard", "soft", "ignored")


def key_class(key: str) -> str:
    """hard (a different value is a different setup), soft (a name to read setup words from) or ignored.

    A key no table names is hard: a table column or command-line flag we do not know yet ("hot_buffer_size",
    "threads") is an input of the run, and two runs that state it differently are not comparable."""
    ck = canonical_key_name(key)
    if ck in SOFT_KEYS:
        return "soft"
    if ck in IGNORED_KEYS:
        return "ignored"
    return "hard"


def is_known_key(key: str) -> bool:
    """The key (or its alias) is named in one of the tables, not classified by the default."""
    ck = canonical_key_name(key)
    return ck in HARD_KEYS or ck in SOFT_KEYS or ck in IGNORED_KEYS

LONG_CONTEXT_RE = re.compile(r"pass[ _-]?key|long[ _-]?context|needle|\bniah\b|\bruler\b", re.IGNORECASE)
_NO_SPEC_RE = re.compile(r"\bno[ _-](?:mtp|speculation|spec(?:ulative)?(?: decoding)?|draft)\b", re.IGNORECASE)


def canon_value(key: str, value: str) -> str:
    v = clean_name(value).strip(" .,;:")
    if key in ("draft_len", "concurrency", "isl", "osl", "n_shot", "tp", "samples", "ep", "pp", "dp", "gpu_count",
               "batch_size", "max_num_tokens", "max_batch_size"):
        m = re.match(r"(\d{1,9})\s*(k?)", v)
        if m:
            n = int(m.group(1)) * (1024 if m.group(2) else 1)
            return str(n)
    if key in ("quant", "kv_cache", "spec_algo", "state"):
        v = v.replace("-", "_").replace(" ", "_")
        v = {"fp8_e4m3": "fp8", "e4m3": "fp8", "bfloat16": "bf16", "float16": "fp16", "auto": "", "none": ""}.get(v, v)
    if key == "model":
        v = v.rstrip("/").rsplit("/", 1)[-1]  # "/mnt/Meta-Llama-3-8B/" and "meta-llama/Meta-Llama-3-8B" alike
    if key == "gpu":
        v = re.sub(r"\s*\(.*", "", v).replace("nvidia ", "").strip()
    return v


def canonical_key_name(key: str) -> str:
    k = key.strip().lower().replace("-", "_")
    return _KEY_ALIASES.get(k, _KEY_ALIASES.get(key.strip().lower(), k))


def config_hints(text: str) -> tuple[dict[str, str], str]:
    """Configuration words found in a metric, row or gate name, and the text without them."""
    hints: dict[str, str] = {}
    rest = text[:MAX_NAME]
    for w in SETUP_WORDS:
        if w.key in hints:
            continue
        m = w.pattern.search(rest)
        if m and m.group(1):  # ("no MTP" is _NO_SPEC_RE's: no draft length)
            hints[w.key] = canon_value(w.key, m.group(1))
            rest = rest[:m.start()] + " " + rest[m.end():]
    if _NO_SPEC_RE.search(rest):
        rest = _NO_SPEC_RE.sub(" ", rest)
    if hints.get("draft_len") == "0":
        hints.pop("draft_len")
    return hints, rest


# Column and key names that set a run up (a pandas frame's inputs, a sweep's parameters): snake_case or
# single-word names built of these parts. A name that also names a measured quantity is not an input.
_INPUT_PART_RE = re.compile(
    r"(?:^|_)(?:size|sizes|cnt|count|num|n|len|length|rate|ratio|dim|dims|shape|batch|bs|seq|seqlen|tokens?|"
    r"m|k|heads?|experts?|topk|top_k|ctx|context|isl|osl|tp|ep|pp|dp|world|rank|page|block|blocks|"
    r"chunk|layers?|hidden|width|depth|step|steps|iters?|warmup|provider|dtype|mode|hdim|headdim|causal|"
    # attention kernels' shapes: KV length, head counts of queries and keys
    r"kv|kvlen|qlen|klen|nh|nkv|nq|hq|hkv|qo)(?:_|$)",
    re.IGNORECASE)
_MEASURED_PART_RE = re.compile(
    r"latency|time|ms\b|us\b|_ms|_us|_s$|tflops|gflops|gbps|gb/s|tb/s|bandwidth|throughput|speed|tok/s|"
    r"accuracy|acc\b|score|err|diff|mem|memory|bytes", re.IGNORECASE)


def is_input_name(name: str) -> bool:
    """A column or key that sets up the run (batch_size, miss_rate, M, hdim) rather than measuring it."""
    n = name.strip()
    if _MEASURED_PART_RE.search(n):
        return False
    if is_config_label(n.replace("_", " ")):
        return True
    return " " not in n and bool(_INPUT_PART_RE.search(n))


def config_key(header: str) -> str:
    """The config key a column header or setting name gives: "Batch Size" -> "batch_size", "TP" -> "tp"."""
    key = re.sub(r"\s*[(\[][^()\[\]]{0,24}[)\]]\s*$", "", header.strip()).strip(" *`_:=")
    key = re.sub(r"[\s\-/]+", "_", key.lower())
    return key[:40] or header.strip().lower()[:40]


# A row or key whose numbers count or size the workload: "Output sequence length", "Total input tokens",
# "Number of calls", "Successful requests", "Batch size". Names ("model-3", "TP4 run") are not.
_WORKLOAD_RE = re.compile(
    r"^(?:(?:input|output|prompt|generation|total|avg|average|mean)\s+)*"
    r"(?:(?:sequence|seq)\s+len(?:gth)?|tokens?|requests?|prompts?|samples?|calls?|batch\s+size|concurrency|"
    r"(?:number|num|#)\s+of\s+\w+(?:\s+\w+)?|successful requests|failed requests|input len(?:gth)?|"
    r"output len(?:gth)?|isl|osl|(?:tokens?|requests?|prompts?|samples?)\s+(?:generated|processed|sent|"
    r"completed|decoded))\s*(?:\([^()]{0,20}\))?$",
    re.IGNORECASE)


def is_workload_label(label: str) -> bool:
    """A label whose numbers count or size the workload, not results of it."""
    core = label.strip(" *`_-=[]:").replace("_", " ")
    return bool(_WORKLOAD_RE.match(core)) and not _RESULT_AFTER_SETTING_RE.search(core)


# Model names as PRs print them: "meta-llama/Llama-3.1-8B-Instruct", "Qwen3-235B-A22B", "gpt-oss-120b",
# "DeepSeek-R1-0528", "Mixtral-8x22B-v0.1": a family word, then a version, size or suffix joined by - . _
_MODEL_FAMILIES = (
    "llama", "meta-llama", "codellama", "qwen", "qwq", "deepseek", "mistral", "mixtral", "ministral", "gemma", "phi",
    "gpt-oss", "gpt-j", "gpt-neox", "glm", "chatglm", "kimi", "minimax", "nemotron", "falcon", "mpt", "bloom", "olmo",
    "granite", "yi", "baichuan", "internlm", "internvl", "command-r", "dbrx", "jamba", "starcoder", "vicuna", "step",
    "hunyuan", "ernie", "seed-oss", "smollm", "llava", "pixtral", "whisper", "opt", "mamba", "jais", "exaone",
)
_MODEL_RE = re.compile(
    r"(?<![\w/.-])(?:[A-Za-z0-9][\w.-]{0,40}/)?(?:" + "|".join(re.escape(f) for f in _MODEL_FAMILIES) +
    r")(?=[\w.-]*\d)[\w.-]{1,60}(?![\w/-])", re.IGNORECASE)


def model_names(text: str) -> list[str]:
    """The model names a text prints, in order ("Results on Qwen3-8B" -> ["Qwen3-8B"])."""
    if not text:
        return []
    return [m.group(0).rstrip(".,:;") for m in _MODEL_RE.finditer(text[:2000])]
