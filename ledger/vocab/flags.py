"""The command-line flags of the serving and benchmark tools, and the setup key each sets: vllm serve and vllm
bench (serve, throughput, latency), sglang.launch_server, sglang.bench_serving, bench_one_batch and bench_eagle3,
trtllm-bench, lm_eval and its model_args. Spellings are the tools' own definitions; argparse also takes any unique
prefix of a flag, which users write ("--random-input 1024" for "--random-input-len"): `flag_key` reads those too.
"""

from __future__ import annotations

import re

from ledger.vocab.canonical import (
    NUMERIC_KEYS,
    canon_value,
    canonical_dtype,
    one_board,
    one_number,
    precision_family,
)
from ledger.vocab.serving_datasets import serving_dataset
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_keys import SWITCH_KEYS, canonical_key_name
from ledger.vocab.software_stack import one_release
from ledger.vocab.switch_values import switch_value
from ledger.vocab.switch_words import flag_switches

COMPUTE_DTYPE = "compute_dtype"
"""The key a run's `--dtype` (or model_args dtype=) gives until the claim's setup is settled (settle_precision)."""

SERVER_COMMAND_RE = re.compile(r"(?<!bench )\bserve\b|launch_server|api_server|trtllm-serve|llama-server")
"""A command that launches a server (its settings hold for every client run after it); "vllm bench serve" is a
client."""
RUN_KEYS = frozenset(("isl", "osl", "concurrency", "batch_size", "task", "samples", "n_shot"))
"""The keys a run's command sets for that run alone: a second run of another kind sets its own."""

SHORT_FLAGS = ("tp", "pp", "dp", "ep", "dcp", "pcp", "npp", "ntg", "t", "ctk", "ctv")
"""The one-dash flags read with their value: the serving CLIs' sizes ("-tp 2", "-pp 2", "-dp 2", vLLM's "-dcp 2" and
"-pcp 2"; not its "-dpl 2", one node's share of the data-parallel ranks), llama-batched-bench's "-npp 128 -ntg 128",
llama.cpp's "-t 64" threads and "-ctk f16" cache types ("-m" is python's module flag, no model). A one-dash switch with
no value is vocab.switch_words' ("-ep")."""

# flags that set up a run, by the key they give (every other flag is kept only when it names a known key)
FLAG_KEYS: dict[str, str] = {
    "model": "model",
    "model-path": "model",
    "model-dir": "model",
    "model-name": "model",
    "served-model-name": "served_model",  # an alias the server answers to: the model only where none is named
    "tp": "tp",
    "tp-size": "tp",
    "tensor-parallel-size": "tp",
    "pp": "pp",
    "pp-size": "pp",
    "pipeline-parallel-size": "pp",
    "ep": "ep",
    "ep-size": "ep",
    "expert-parallel-size": "ep",
    "dp": "dp",
    "dp-size": "dp",
    "data-parallel-size": "dp",
    # vLLM's "-dcp 2" / "--decode-context-parallel-size 2" (and its prefill twin): the KV cache split for decode
    "dcp": "dcp",
    "decode-context-parallel-size": "dcp",
    "pcp": "pcp",
    "prefill-context-parallel-size": "pcp",
    "max-concurrency": "concurrency",
    "concurrency": "concurrency",
    # llmperf's token_benchmark_ray.py: the requests it keeps in flight, and the means of its drawn lengths
    "num-concurrent-requests": "concurrency",
    "mean-input-tokens": "isl",
    "mean-output-tokens": "osl",
    "batch-size": "batch_size",
    "max-batch-size": "max_batch_size",
    "random-input-len": "isl",
    "input-len": "isl",
    "isl": "isl",
    "random-output-len": "osl",
    # trtllm-bench throughput/build: "--target_input_len", "--target_output_len" (click, no abbreviations)
    "target-input-len": "isl",
    "target-output-len": "osl",
    # vllm bench serve's and sglang.bench_serving's other data sets: their fixed lengths
    "sonnet-input-len": "isl",
    "sonnet-output-len": "osl",
    "sharegpt-output-len": "osl",
    "hf-output-len": "osl",  # (its Hugging Face data sets', which spec_decode.py's offline runs read too)
    # sglang.bench_serving's generated-shared-prefix set: a group's shared system prompt, each request's own question
    # after it (the input is both: no one flag states it) and the tokens each generates
    "gsp-system-prompt-len": "shared_prefix_len",
    "gsp-question-len": "question_len",
    # vllm bench's random set: a prefix every request opens with, shared by all (and benchmark_prefix_caching.py's
    # "--prefix-len"), the tokens a prefix cache can reuse; its "--input-length-range 256:512", the prompts' lengths
    "random-prefix-len": "shared_prefix_len",
    "prefix-len": "shared_prefix_len",
    "input-length-range": "isl",
    "gsp-output-len": "osl",
    "output-len": "osl",
    "osl": "osl",
    # the tokens each request generates where a benchmark sends it (sglang.test.send_one's "--max-new-tokens 1024",
    # a bench script's "--max-tokens"); an eval's is a cap on its answers, no length (capped_eval)
    "max-new-tokens": "osl",
    "max-tokens": "osl",
    # llama-batched-bench's "-npp 128 -ntg 128": its prompt and generated lengths (-npl, the batches, is its B)
    "npp": "isl",
    "ntg": "osl",
    # llama.cpp's tools' CPU threads: "-t 64", "--threads 64"
    "t": "threads",
    "threads": "threads",
    "dtype": COMPUTE_DTYPE,  # the dtype the engine computes in, not the weights' quantisation: see settle_precision
    "quantization": "quant",
    "kv-cache-dtype": "kv_cache",
    # the block (vLLM) or page (SGLang) the KV cache is allotted in: another layout, another run (vocab.block_words)
    "block-size": "block_size",
    "page-size": "block_size",
    "mamba-ssm-dtype": "state",  # (a hybrid model's recurrent state, never the weights' precision)
    "mamba-ssm-cache-dtype": "state",
    "speculative-algorithm": "spec_algo",
    "speculative-algo": "spec_algo",
    "speculative-num-steps": "draft_len",
    "num-speculative-tokens": "draft_len",
    "num_speculative_tokens": "draft_len",
    "speculative-num-draft-tokens": "draft_tokens",
    "speculative-eagle-topk": "spec_topk",  # (sglang's branches per drafting step: another tree, another run)
    # llama.cpp's server: "--draft-max 3" (the tokens drafted per step), "-ctk f16 -ctv f16" (the KV cache's types)
    "draft-max": "draft_len",
    "draft-n": "draft_len",  # (llama.cpp's other spellings of it: "--draft-n 4", "--spec-draft-n-max 1")
    "spec-draft-n-max": "draft_len",
    # sglang's draft checkpoint ("--speculative-draft-model-path", argparse's "--speculative-draft"): never the run's
    "speculative-draft-model-path": "draft_model",
    "speculative-draft-model": "draft_model",
    "cache-type-k": "kv_cache",
    "cache-type-v": "kv_cache",
    "ctk": "kv_cache",
    "ctv": "kv_cache",
    "backend": "backend",
    "attention-backend": "attention",
    "model-impl": "model_impl",
    "num-prompts": "num_prompts",
    "num-requests": "num_prompts",  # trtllm-bench's --num_requests, prepare-dataset's --num-requests
    "request-rate": "request_rate",
    "max-num-seqs": "max_num_seqs",
    "max-num-batched-tokens": "max_num_tokens",
    "num-fewshot": "n_shot",
    "limit": "samples",
    "tasks": "task",
    "task": "task",
    # the benchmark scripts' own spellings: speculative tokens, shots and questions of an eval, the data set run
    "num-spec-tokens": "draft_len",
    "num-shots": "n_shot",
    "ntrain": "n_shot",  # (the MMLU scripts' examples shown before each question: its shots)
    "num-questions": "samples",
    # sglang's run_eval: "--eval-name gpqa --num-examples 198"
    "eval-name": "task",
    # sglang's run_eval "--thinking-mode deepseek-r1": the chat template's switch that turns a reasoning model's
    # thinking on, by the model family's own convention (another prompt, another score)
    "thinking-mode": "thinking_mode",
    "num-examples": "samples",
    "dataset": "dataset",
    # the sampling a client asks for (vllm bench's and the eval scripts' "--temperature 0.6 --top-p 0.95 --top-k 20")
    "temperature": "temperature",
    "top-p": "top_p",
    "top-k": "top_k",
    "dataset-name": "dataset",
}
"""Flag (without its dashes, hyphenated) -> setup key."""
GENERIC_DATASET_LOADERS = frozenset({"hf", "huggingface", "custom", "json", "jsonl", "file"})
"""vllm bench's --dataset-name values that read any set: the set itself is its --dataset-path."""
EVAL_CAP_KEY = "max_tokens"
"""The setup key of an eval's cap on its answers ("run_eval ... --max-tokens 64000"): no output length, yet a run
capped at 8192 tokens and one at 64000 grade different answers of a reasoning model, two setups."""
EVAL_SETTING_KEYS = frozenset(("n_shot", "samples", "temperature", "top_p", "top_k", EVAL_CAP_KEY))
"""The settings an eval's sentence states for its scores ("MMLU, 500 questions, 0 shots, temperature 0"): how its
answers were asked for and graded, none of a serving benchmark's runs a later paragraph or turn reports."""
EVAL_LOAD_KEYS = frozenset(("threads", "concurrency"))
"""The load an eval's sentence states its harness asked its questions at ("GSM8K ... 200 examples, 128 threads"):
the eval's clients, so its scores' setup, never a serving run's or a kernel's that a later paragraph reports."""


# lm_eval's "--model_args pretrained=X,tensor_parallel_size=2": the arguments the harness passes to the engine
ARG_KEYS: dict[str, str] = {
    "pretrained": "model",
    "model": "model",
    "tensor_parallel_size": "tp",
    "tp_size": "tp",
    "dtype": COMPUTE_DTYPE,
    "quantization": "quant",
    "data_parallel_size": "dp",
    "pipeline_parallel_size": "pp",
    "kv_cache_dtype": "kv_cache",
    "max_model_len": "max_model_len",
    "max_gen_toks": EVAL_CAP_KEY,  # (lm_eval's "--gen_kwargs max_gen_toks=1024": the cap on its answers)
    # switches passed as booleans ("enable_expert_parallel=True"): on or off (vocab.canonical.switch_value)
    "enable_expert_parallel": "ep",
    "enforce_eager": "cuda_graph",
    # the modeling code the engine runs the checkpoint with ("model_impl=transformers": the Transformers fallback,
    # another forward pass than the engine's own, another run)
    "model_impl": "model_impl",
}
# lm_eval's "gen_kwargs: (temperature=0.0,max_gen_toks=2048)" on the line over its table: how the answers were asked
# for; and that line's "limit: 300.0", the samples scored of each task (its "num_fewshot" the table's n-shot restates)
GEN_KWARG_KEYS: dict[str, str] = {
    "temperature": "temperature",
    "top_p": "top_p",
    "top_k": "top_k",
    "max_gen_toks": EVAL_CAP_KEY,
    "max_new_tokens": EVAL_CAP_KEY,
    "max_tokens": EVAL_CAP_KEY,
}
EVAL_HEADER_KEYS: dict[str, str] = {"limit": "samples"}
_NEGATED_ARGS = frozenset({"enforce_eager"})
"""The model_args switches named for their off state: "enforce_eager=True" captures no graph (cuda_graph off)."""


def arg_value(arg: str, value: str) -> str:
    """A model_args value as the setup reads it: a switch's boolean as "on" or "off" ("enable_expert_parallel=True":
    on; "enforce_eager=True", named for its off state: off), any other value as written."""
    if ARG_KEYS.get(arg) not in SWITCH_KEYS:
        return value
    state = switch_value(value) or value.lower()
    return {"on": "off", "off": "on"}.get(state, state) if arg in _NEGATED_ARGS else state


OBJECT_FIELD_KEYS: dict[str, str] = {
    "method": "spec_algo",
    "num_speculative_tokens": "draft_len",
    "model": "draft_model",
}
"""The fields of a flag's object that state a setting (vLLM's --speculative-config, as JSON or one dotted field at a
time) -> setup key."""

CLIENT_FLAG_KEYS: dict[str, str] = {"parallel": "concurrency"}
"""A client's flags whose meaning a server's same flag does not share: sglang's bench scripts' "--parallel 512" is the
requests they keep in flight (llama-server's "--parallel 4" is its slots, no run's concurrency)."""
EVAL_CLIENT_FLAG_KEYS: dict[str, str] = {"num-threads": "concurrency"}
"""An eval runner's flags (sglang's run_eval, simple-evals: "--num-threads 32" is the requests it keeps in flight),
read so only where the text runs an eval or names its benchmark (a CPU tool's "--num-threads" is its threads)."""
TOKEN_DIST_KEYS: dict[str, str] = {"input-mean": "isl", "output-mean": "osl"}
"""trtllm-bench prepare-dataset's "token-norm-dist --input-mean 1024 --output-mean 128": the mean lengths of the
requests it writes (options of that subcommand only: other tools' --input-mean normalises images)."""
_NUMBER_RE = re.compile(r"^\d{1,7}(?:\.\d{1,3})?[kK]?$")
_PREFIX_MIN = 6
"""An abbreviation shorter than this ("--in", "--out") names too little to be one flag of a tool we know."""


SPEC_METHODS = frozenset(
    (
        *("eagle", "eagle3", "mtp", "ngram", "draft_model", "medusa", "suffix", "lookahead", "hydra", "dflash"),
        *("dspark", "pard"),
    )
)
"""The values vLLM's speculative `method` takes (and sglang's, lower-cased): a drafting method."""


_CAP_FLAGS = frozenset(("max-new-tokens", "max-tokens"))
# an eval's command: its answers stop where the model ends them, the flag's number only bounds them
_EVAL_COMMAND_RE = re.compile(r"run_eval|lm_eval|simple_evals|--eval-name|--tasks?[ =]|bench_sglang\.py")


def capped_eval(flag: str, text: str) -> bool:
    """`flag` caps the answers of the eval `text` runs ("run_eval --eval-name gpqa --max-tokens 120000"): it gives
    no output length, as it does in a benchmark's requests."""
    return flag.replace("_", "-") in _CAP_FLAGS and _EVAL_COMMAND_RE.search(text[:4000]) is not None


_FLAG_HEAD_RE = re.compile(r"`?(?P<name>--?[A-Za-z][\w-]{0,30})`?")


def flag_head_key(head: str) -> str | None:
    """The setting a column headed by a command's flag holds ("`-sm`", "--tp"), whether or not the vocabulary knows
    the flag: its key, else the flag's own name (llama-bench's split mode is "sm", as its own tables print it)."""
    m = _FLAG_HEAD_RE.fullmatch(head.strip())
    if m is None:
        return None
    return FLAG_KEYS.get(m.group("name")) or m.group("name").lstrip("-").replace("-", "_").lower()


# llama.cpp's perplexity tool ("llama-perplexity -m X.gguf -f wikitext-2-raw/wiki.test.raw -c 512 --chunks 300"):
# the text it scores, its window and how many windows; a perplexity is comparable only over the same text and windows
PERPLEXITY_TOOL_RE = re.compile(r"(?:^|[\s/\\`])(?:llama-)?perplexity(?:\.exe)?\s")


def names_perplexity_tool(text: str) -> bool:
    """PERPLEXITY_TOOL_RE.search(text): the tool's name looked for as a substring first (every match holds it), as the
    pattern, opening with a choice of a line's start or a class, is tried at every character of every line asked."""
    return "perplexity" in text and PERPLEXITY_TOOL_RE.search(text) is not None


PERPLEXITY_FLAGS: dict[str, str] = {
    "f": "dataset",
    "file": "dataset",
    "c": "isl",
    "ctx-size": "isl",
    "chunks": "chunks",
}
"""Flag (without its dashes) of the perplexity tool -> setup key."""
_CORPUS_DIR_RE = re.compile(r"(wikitext)[-_]?(2|103)\b", re.IGNORECASE)


def scored_text(path: str) -> str:
    """The name of the text a perplexity run scores, from its file: the corpus its folder names
    ("wikitext-2-raw/wiki.test.raw" -> "wikitext-2"), else the file's name to its first dot ("ptb.test.txt" ->
    "ptb")."""
    path = path.strip("\"'`")[:300]
    m = _CORPUS_DIR_RE.search(path)
    if m:
        return f"{m.group(1).lower()}-{m.group(2)}"
    name = path.replace("\\", "/").rsplit("/", 1)[-1].split(".", 1)[0] or path
    return _TEXT_FILES.get(name.lower(), name)


_TEXT_FILES = {"wiki": "wikitext"}
"""A scored file's short name -> its corpus: llama.cpp's scripts fetch wikitext's test split as "wiki.test.raw"."""


_UNSET_VALUES = frozenset(("none", "null", "all"))
"""A count's or a size's flag given no number ("--limit None", lm_eval's default: the whole split): the flag's
default, no setting, so the run is the one that does not name the flag."""


def flag_key(flag: str, value: str) -> str | None:
    """The setup key a flag gives its `value`: the flag as the table spells it (`_` or `-`), else an abbreviation
    argparse would take ("--random-input" for "--random-input-len", "--num-prompt" for "--num-prompts"): one
    word-joined prefix (it holds a "-" or "_") of flags that all give one key, with a value of that key's kind
    ("--random-output out.json" is no length)."""
    name = flag.replace("_", "-")
    if name == "method":  # "spec_decode_offline.py --method draft_model": a method of drafting, or a word of another
        return "spec_algo" if value.strip("\"'").lower() in SPEC_METHODS else None
    key = FLAG_KEYS.get(flag) or FLAG_KEYS.get(name)
    if key in NUMERIC_KEYS and value.strip("\"'").lower() in _UNSET_VALUES:
        return None
    if key is not None or "-" not in name or len(name) < _PREFIX_MIN:
        return key
    keys = {k for f, k in FLAG_KEYS.items() if f.startswith(name)}
    if len(keys) != 1:
        return None  # no flag, or several ("--max-num" begins --max-num-seqs and --max-num-batched-tokens)
    key = next(iter(keys))
    return key if key not in NUMERIC_KEYS or _NUMBER_RE.match(value) else None


_EAGLE_CONFIG_RE = re.compile(r"^(\d{1,4}),(\d{1,2}),(\d{1,3}),(\d{1,4})$")


def eagle_config(value: str) -> dict[str, str]:
    """sglang's bench_eagle3 "--config-list 1,3,1,4": one configuration as its script unpacks it, batch size,
    speculative steps, top-k and draft tokens (steps 0 runs without a draft). Any other value names nothing."""
    m = _EAGLE_CONFIG_RE.match(value)
    if not m:
        return {}
    batch, steps, topk, tokens = m.groups()
    if steps == "0":
        return {"batch_size": batch, "spec_algo": "none"}
    return {"batch_size": batch, "draft_len": steps, "topk": topk, "draft_tokens": tokens}


# the keys whose spellings canonical.canon_value joins without loss: a mode or method written short or in full
_SPELLED_KEYS = frozenset({"serving", "spec_algo", "attention"})


def one_value(key: str, values: set[str]) -> str | None:
    """The one value a section or document gives a key, else None. Precisions are one when they are a family and one
    member of it ("FP4" in a checkpoint's folder, "NVFP4" in the tool's header; canonical.precision_family): the
    member's name."""
    if len(values) == 1:
        return next(iter(values))
    if key == "model":
        return _one_model_spelling(values)
    if key == "gpu":
        return one_board(values)
    if key == "engine_version":
        return one_release(values)  # (a top note's "v0.5", a caption's "v0.5.0": one release, vocab.software_stack)
    if key in NUMERIC_KEYS:
        return one_number(values)  # ("8k" in a heading, "ISL=8192" on the setup line: one length)
    if key in _SPELLED_KEYS and len({canon_value(key, v) for v in values}) == 1:
        return max(values, key=len)  # ("running disaggregated", then "the disagg launcher": one mode, in full)
    if key != "quant":
        return None
    canon = {v: canonical_dtype(v.strip()) for v in values}
    members = {v for v, c in canon.items() if precision_family(c) is not None}
    if len({canon[v] for v in members}) != 1:
        return None
    family = precision_family(canon[next(iter(members))])
    return min(members) if all(v in members or c == family for v, c in canon.items()) else None


def _one_model_spelling(values: set[str]) -> str | None:
    """trtllm-bench's "Model: deepseek-ai/DeepSeek-R1" beside "Model Path: /ckpt/DeepSeek-R1-0528-FP4": one model
    (every other name, without its owner or folder, inside the longest), named as the hub names it, as the rest of
    the document's spellings are chosen (grammar.document_default)."""
    bases = {re.sub(r"[^a-z0-9]", "", v.rstrip("/").rsplit("/", 1)[-1].lower()): v for v in values}
    longest = max(bases, key=len)
    if len(min(bases, key=len)) < 4 or not all(b in longest for b in bases):
        return None
    return max(values, key=lambda v: (not v.startswith(("/", ".", "~")), len(v)))


def dtype_not_quant(values: dict[str, str]) -> dict[str, str]:
    """A line's setup, in place, without the precision its "Dtype: bfloat16" names: the dtype the engine computes
    in, which settle_precision makes the precision only where no quantisation is named ("Quantization: NVFP4")."""
    dtype = values.get(COMPUTE_DTYPE)
    if dtype is not None and values.get("quant", "").lower() == dtype.lower():
        del values["quant"]
    return values


def settle_precision(config: dict[str, str]) -> None:
    """A claim's precision, in place: a quantised checkpoint's name ("org/Model-FP8") states its weights, and
    `--dtype bfloat16` only the dtype the engine computes in; that dtype is the precision only when nothing
    names a quantisation. A precision the text states ("FP8" in a heading, a column) stays as it is."""
    dtype = config.pop(COMPUTE_DTYPE, None)
    if "quant" in map(canonical_key_name, config):  # (a remembered answer is a dict's lookup: no frame per key)
        return
    model = config.get("model")
    named = qualifiers(model).get("quant") if model else None
    if named or dtype:
        config["quant"] = named or dtype or ""


NESTED_KEYS: dict[str, dict[str, str] | None] = {
    # TensorRT-LLM's LLM API options file: "kv_cache_config:\n  dtype: fp8" is the KV cache's precision
    "kv_cache_config": {"dtype": "kv_cache_dtype"},
    "quant_config": {"quant_algo": "quantization", "kv_cache_quant_algo": "kv_cache_dtype"},
    # its (and vLLM's) speculative section: "decoding_type: Eagle", "max_draft_len: 3", "method: eagle3"
    "speculative_config": None,
    "parallel_config": None,
}
"""A YAML options file's section -> how the grammar reads its keys: a key -> the flat spelling that means the same
(a key not named states nothing), or None: its keys read as they are. The keys of any other `*_config` section
are that component's own limits and backends ("cuda_graph_config:\n  max_batch_size: 512" is no batch of the
run, "moe_config:\n  backend: CUTLASS" no engine backend): they state nothing about the run's setup."""


SECTION_SWITCHES: dict[str, str] = {"cuda_graph_config": "cuda_graph"}
"""A YAML options file's section that turns its switch on by being there -> that switch's key: TensorRT-LLM captures
CUDA graphs where "cuda_graph_config:" holds its options ("cuda_graph_config: null" turns them off: no section)."""


# "--dataset-name hf --dataset-path org/code_fix_1k": the set a generic loader reads is named by its path
_DATASET_PATH_RE = re.compile(r"--dataset[-_]path[= ]+['\"`]?(?P<path>/?[\w.-]{1,100}(?:/[\w.-]{1,100}){0,4})")


def name_loaded_dataset(out: dict[str, str], text: str) -> None:
    """A bench client's dataset is the loader it names ("sharegpt", "random"), or, where that loader is a generic
    one reading any set (vllm bench's "hf", "custom"), the set its --dataset-path names (its last part for a file)."""
    if (m := _DATASET_PATH_RE.search(text)) is None:
        return
    path = m.group("path")
    if "dataset" not in out and (known := serving_dataset(re.split(r"[_.-]", path.rsplit("/", 1)[-1])[0])):
        # "--dataset-path ../ShareGPT_V3_unfiltered_cleaned_split.json" with no loader named: the known set its
        # file is of, as the loader's flag would spell it
        out["dataset"] = known
        return
    if out.get("dataset", "").lower() not in GENERIC_DATASET_LOADERS:
        return
    out["dataset"] = path if path.count("/") == 1 and "." not in path.split("/")[0] else path.rsplit("/", 1)[-1]


REQUEST_EXTRA_KEYS: dict[str, str] = {
    "min_tokens": "min_tokens",
    "max_tokens": "osl",
    **{k: k for k in ("temperature", "top_p", "top_k")},
}
"""The fields a load generator adds to each request ("aiperf/genai-perf --extra-inputs min_tokens:200") that are
setup: the cap on the output ("max_tokens:512") is its length, as a bench's "--max-tokens" is; the floor
("min_tokens:200") is a setup of its own, since an engine keeps the end token masked until the floor is reached (a
-inf in the logits: another sampling path, another timing, even at the same length); the sampling ("top_k:20",
"top_p:0.8", "temperature:0") is the run's, as the flags' (vocab.sampling_words: an acceptance length moves with
it). "ignore_eos:true" is not (vLLM's own "--ignore-eos" switch is not read: keying it for one tool would split one
workload by the tool's spelling)."""


# a load generator's per-request fields: "--extra-inputs min_tokens:200", "--extra-inputs=max_tokens:512"
_EXTRA_INPUT_RE = re.compile(
    r"(?:^|\s)--extra-inputs?(?:=|\s{1,4})[\"']?(?P<name>[a-z_]{1,40}):(?P<value>-?\d{1,7}(?:\.\d{1,4})?)(?![\w.])"
)


def request_extras(text: str) -> dict[str, str]:
    """The setup a load generator's request extras state (REQUEST_EXTRA_KEYS): an output cap or floor, the
    sampling; any other field gives nothing."""
    out: dict[str, str] = {}
    if "--extra-input" not in text:
        return out
    for m in _EXTRA_INPUT_RE.finditer(text[:4000]):
        if (key := REQUEST_EXTRA_KEYS.get(m.group("name"))) is not None:
            out.setdefault(key, m.group("value"))
    return out


LLAMA_TOOL_FLAG_KEYS: dict[str, str] = {
    "b": "n_batch",  # the logical batch of tokens a prompt step takes, as llama-bench's n_batch column names it
    "ub": "ubatch",  # the physical batch a kernel launch takes (n_ubatch)
    "ubatch-size": "ubatch",
    "ngl": "ngl",  # the layers offloaded to the GPU, under llama-bench's own column name
    "n-gpu-layers": "ngl",
    "gpu-layers": "ngl",
    "fa": "fa",  # flash attention on or off, as llama-bench's fa column
    "flash-attn": "fa",
    "c": "max_model_len",  # the context a server or a sweep allots (the perplexity tool's -c is its window instead)
    "ctx-size": "max_model_len",
}
"""The flags of llama.cpp's own tools (llama-bench, llama-sweep-bench, llama-batched-bench, llama-server, llama-cli),
short and long, that no other tool's flag table reads the same way -> setup key."""


EVAL_CLIENT_KEY = "backend"
"""The key an eval harness's client is under (lm_eval's "--model hf|vllm|local-completions": grammar.commands)."""
COMMAND_DEFAULT_KEYS = frozenset(("attention",))
"""The engine paths a run's command selects ("VLLM_ATTENTION_BACKEND=TRITON_MLA lm_eval ...", "--attention-backend
fa3") that a document's one value holds for all its results: the test plan's commands produced them. Named in prose
("with the NSA backend") it is no default: a title or a sentence names the path a change touches, not one run's."""


def runs_eval(text: str) -> bool:
    """The text runs an eval's command ("run_eval --eval-name gpqa", "lm_eval --tasks gsm8k")."""
    return _EVAL_COMMAND_RE.search(text[:4000]) is not None


def flag_setting(flag: str, value: str | None) -> tuple[str, str]:
    """The setup key and value one command-line flag sets (`flag` without its dashes, `value` None for a switch that
    takes none): a switch the setup words know by its state ("--enable-dp-attention": attention_dp on), the key the
    tools' table gives it ("--tp 8": tp 8), else the flag's own name ("--enable-torch-compile": enable_torch_compile
    on), as a relaunched server's arm keeps it (grammar.relaunch_arms)."""
    if value is None and (switched := flag_switches(f"--{flag}")):
        return next(iter(switched.items()))
    return (flag_key(flag, value or "") if value is not None else None) or flag.replace("-", "_"), value or "on"


# a flag a table's label writes for the arm it names ("+ --enable-torch-compile", "TP8 + `--cuda-graph-max-bs 256`",
# "--tp=8"): its value, where one follows, is a number or a word of the flag's own (never the next word of the label)
_LABEL_FLAG_RE = re.compile(
    r"(?<![\w-])--(?P<flag>[A-Za-z][\w-]{0,60})(?:(?: ?= ?| )(?P<value>\d[\w.]{0,20}|[a-z][\w.-]{0,30}(?=[\s`,;)]|$)))?"
)


def flag_settings(label: str) -> dict[str, str]:
    """The settings the command-line flags a label names set (flag_setting), for the values the label heads: a
    column "+ `--enable-torch-compile` (tok/s)" or a row "TP8 + `--cuda-graph-max-bs 256`" is that arm's run, and the
    arm beside it, which names none, ran without. A word after a flag is its value only where the tools' table knows
    the flag to take one ("--attention-backend fa3"); {} for a label with no flag."""
    if "--" not in label:
        return {}
    out: dict[str, str] = {}
    for m in _LABEL_FLAG_RE.finditer(label[:300]):
        value = m.group("value")
        if value is not None and not value[0].isdigit() and flag_key(m.group("flag"), value) is None:
            value = None  # ("--enable-foo on H200": the switch, then the board it ran on)
        key, setting = flag_setting(m.group("flag"), value)
        out.setdefault(key, setting)
    return out
