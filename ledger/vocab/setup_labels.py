"""The labels that name a setup key: "TP Size: 8", a table's "Max Concurrency" column, "target model:"."""

from __future__ import annotations

import functools
import re

from ledger.memo import short_text_cache
from ledger.vocab.setup_keys import is_known_key, key_class
from ledger.vocab.units import is_measure_unit
from ledger.vocab.word_gate import WordGate

# The labels a setup is stated under, in prose lists and a tool's report ("Model: X", "TP Size: 8", "Average
# Input Length (tokens): 8192", "Max concurrency = 32"): the setup key each gives. A statistic word before the
# name ("average", "max") leaves the setting it qualifies.
_SETUP_LABELS: dict[str, str] = {
    "model": "model",
    # the sampling a run decoded with ("Temperature: 0.6", "Top P | 0.95"; vocab.sampling_words)
    "temperature": "temperature",
    "sampling temperature": "temperature",
    "top p": "top_p",
    "top k": "top_k",
    "model name": "model",
    "model path": "model",
    "checkpoint": "model",
    "base model": "model",
    "target model": "model",
    "main model": "model",
    # the draft a speculative run used is not the model it served
    "draft model": "draft_model",
    "draft": "draft_model",
    "draft model path": "draft_model",
    "draft checkpoint": "draft_model",
    # a hybrid model's recurrent (SSM) state dtype, "| SSM |" over FP32 / BF16: the state's, not the model's quant
    "ssm": "state",
    "ssm dtype": "state",
    "ssm state": "state",
    "ssm state dtype": "state",
    "state dtype": "state",
    "mamba ssm dtype": "state",
    "recurrent state dtype": "state",
    "draft head": "draft_model",
    "drafter": "draft_model",
    "speculator": "draft_model",
    "gpu": "gpu",
    "gpus": "gpu",
    "gpu type": "gpu",
    "hardware": "gpu",
    "device": "gpu",
    "accelerator": "gpu",
    "cpu": "cpu",
    "host": "cpu",
    "processor": "cpu",  # (llamafile's tables: "| microprocessor |" over "Intel i9-9900")
    "microprocessor": "cpu",
    "cpu model": "cpu",
    "tp": "tp",
    "tp size": "tp",
    "tensor parallel": "tp",
    "tensor parallelism": "tp",
    "tensor parallel size": "tp",
    "tensor para size": "tp",  # FasterTransformer's `tensor_para_size`, `pipeline_para_size`
    "ep": "ep",
    "ep size": "ep",
    # how the engine runs the model's steps: eager, or replayed from a captured graph ("Execution mode: ACLGraph")
    "execution mode": "cuda_graph",
    "graph mode": "cuda_graph",
    "expert parallel": "ep",
    "expert parallelism": "ep",
    "expert parallel size": "ep",
    "pp": "pp",
    "pp size": "pp",
    "pipeline parallel": "pp",
    "pipeline parallelism": "pp",
    "pipeline parallel size": "pp",
    "pipeline para size": "pp",
    # context parallel: the sequence split across GPUs ("| TP | CP | DP |" over 1, 2, 4 on a training page; a
    # serving page's CP is chunked prefill, a switch its on/off cells read as such)
    "cp": "cp",
    "cp size": "cp",
    "context parallel": "cp",
    "context parallelism": "cp",
    "context parallel size": "cp",
    # vLLM's decode and prefill context parallel ("DCP=PCP=1", "| DCP |"): sizes of their own, beside the tp
    "dcp": "dcp",
    "dcp size": "dcp",
    "decode context parallel size": "dcp",
    "pcp": "pcp",
    "pcp size": "pcp",
    "prefill context parallel size": "pcp",
    "dp": "dp",
    "dp size": "dp",
    "data parallel": "dp",
    "data parallel size": "dp",
    "isl": "isl",
    "input length": "isl",
    "prefill length": "isl",
    "input len": "isl",
    "input tokens": "isl",
    # "prompt tokens = 5000": the prompt every request sent (a total is "total prompt tokens", never this label)
    "prompt tokens": "isl",
    "input sequence length": "isl",
    "input seq len": "isl",
    "input seqlen": "isl",
    "prompt length": "isl",
    "prompt len": "isl",
    # a benchmark tool's "Sequence Length" is the prompt it sends ("Decode Length" is the rest); never the
    # engine's "max sequence length"
    "sequence length": "isl",
    "seq len": "isl",
    # a finetune's samples packed to one length ("Packed Sequence Length | 4096"): the sequence each step reads
    "packed sequence length": "isl",
    "packed seq len": "isl",
    "osl": "osl",
    "output length": "osl",
    "decode length": "osl",
    "generation length": "osl",
    "output len": "osl",
    "output tokens": "osl",
    "output sequence length": "osl",
    "output seq len": "osl",
    "output seqlen": "osl",
    "concurrency": "concurrency",
    "request concurrency": "concurrency",
    "num concurrent": "concurrency",
    # a weight quantiser's settings (GPTQ's and AWQ's group size, GPTQ's activation order)
    "group size": "group_size",
    "groupsize": "group_size",
    "grpsz": "group_size",
    "act order": "act_order",
    "desc act": "act_order",
    # the weights' width a checkpoint was packed to, whole ("wbits | 4") or averaged over its scales ("BPW | 4.15")
    "bits": "bits",
    "wbits": "bits",
    "weight bits": "bits",
    "bits per weight": "bpw",
    "bpw": "bpw",
    # the clients a load generator keeps open at once
    "clients": "concurrency",
    "concurrent clients": "concurrency",
    # the rate a load generator sends requests at ("Traffic request rate: 4.0", as vllm bench serve prints it)
    "request rate": "request_rate",
    "traffic request rate": "request_rate",
    "request rate configured": "request_rate",  # (newer vllm bench serve: "Request rate configured (RPS): 8.00")
    # how many prompts a serving benchmark sends ("Requests: 5000", "prompts 10000" among a run's listed settings):
    # the workload's size, which a throughput over 500 requests and one over 10000 do not share
    "prompts": "num_prompts",
    "num prompts": "num_prompts",
    "number of prompts": "num_prompts",
    "requests": "num_prompts",
    "num requests": "num_prompts",
    "number of requests": "num_prompts",
    # the share of the GPU's memory the server may fill (vLLM's gpu_memory_utilization, SGLang's mem_fraction_static,
    # LMDeploy's cache_max_entry_count): the room its KV cache has, so how many requests run at once
    "memory fraction": "mem_fraction",
    "mem fraction": "mem_fraction",
    "mem fraction static": "mem_fraction",
    "gpu memory utilization": "mem_fraction",
    "gpu mem util": "mem_fraction",
    "memory ratio": "mem_fraction",
    "mem ratio": "mem_fraction",
    "cache max entry count": "mem_fraction",
    "batch size": "batch_size",
    "batch": "batch_size",
    "bs": "batch_size",
    # a batch per data-parallel rank ("BS per DP", "batch per rank"), and a MoE GEMM's load per expert
    "bs per dp": "batch_per_rank",
    "bs per dp rank": "batch_per_rank",
    "batch per dp": "batch_per_rank",
    "batch size per dp": "batch_per_rank",
    "batch per rank": "batch_per_rank",
    "batch size per rank": "batch_per_rank",
    "bs per rank": "batch_per_rank",
    "batch per gpu": "batch_per_rank",
    "batch size per gpu": "batch_per_rank",
    "tokens per expert": "tokens_per_expert",
    # the CTAs of a thread-block cluster a kernel is launched on ("cluster size: 2", "cs=1")
    "cluster size": "cluster_size",
    # vLLM's cap on the sequences batched together: the engine's limit, not the batch a run sent
    "max num seqs": "max_batch_size",
    # (TensorRT-LLM's own name of that cap: a "max" that is no statistic of a batch, so never the batch_size)
    "max batch size": "max_batch_size",
    "maximum batch size": "max_batch_size",
    # trtllm-bench's report of the same cap ("Max Runtime Batch Size: 256")
    "max runtime batch size": "max_batch_size",
    # llama.cpp's physical batch (-ub, n_ubatch): tokens per kernel launch, not requests served together
    "microbatch size": "ubatch",
    "micro batch size": "micro_batch_size",  # (a training run's: llama.cpp's is one word, "microbatch")
    "n ubatch": "ubatch",
    "ubatch": "ubatch",
    "kv cache": "kv_cache",
    "kv cache dtype": "kv_cache",
    "kv dtype": "kv_cache",
    "kv type": "kv_cache",
    # ("cache dtype | bf16 | fp8": the KV cache's, as vLLM's --kv-cache-dtype and llama.cpp's --cache-type-k set it)
    "cache dtype": "kv_cache",
    "cache type": "kv_cache",
    "kv cache precision": "kv_cache",
    "quantization": "quant",
    "quant": "quant",
    "precision": "quant",
    "dtype": "quant",
    "weights": "quant",
    "speculative decoding": "spec_algo",
    # ("| Model | spec | base | new |" over "none", "EAGLE3 (k=4)": the method each row ran)
    "spec": "spec_algo",
    "speculative": "spec_algo",
    "speculation": "spec_algo",
    "spec decode": "spec_algo",
    "spec decoding": "spec_algo",
    "speculative method": "spec_algo",
    "speculative algorithm": "spec_algo",
    "spec method": "spec_algo",
    "spec algo": "spec_algo",
    "draft length": "draft_len",
    "draft len": "draft_len",
    "speculative tokens": "draft_len",
    "num speculative tokens": "draft_len",
    "num spec tokens": "draft_len",
    "num steps": "draft_len",
    "speculative num steps": "draft_len",
    "number of speculative tokens": "draft_len",
    "draft tokens": "draft_len",
    "experts": "experts",
    "num experts": "experts",
    # TensorRT-LLM's recipes: the engine's token budget per step and attention data parallelism ("ADP Yes/No")
    "max num tokens": "max_num_tokens",
    "maxtokens": "max_num_tokens",
    "attention dp": "attention_dp",
    "attn dp": "attention_dp",
    "enable attention dp": "attention_dp",
    "adp": "attention_dp",
    # llama.cpp's importance matrix a quantization was made with ("None", "WT 1m"): a setting of the checkpoint
    "imatrix": "imatrix",
    "importance matrix": "imatrix",
}
NAMED_SETTING_KEYS = frozenset(
    (
        "kv_cache",
        "imatrix",
        "ubatch",
        "micro_batch_size",
        "global_batch_size",
        "spec_algo",
        "draft_len",
        # ("| Draft model |" over `org/M-eagle3-chat`: the drafting checkpoint, never the served model nor a draft
        # length and a model read from its two words)
        "draft_model",
        "quant",
        "group_size",
        "act_order",
        "bits",
        "bpw",
    )
)
"""The settings a column header names by a word of its own ("kv type", "imatrix"), whatever its cells hold ("WT 1m")."""
LABELLED_ONLY_KEYS = frozenset(("state",))
"""Settings a header names only in a label's full words ("SSM", "SSM dtype"): a bare "State" column holds a side."""
MEASURE_COLUMN_RE = re.compile(r"^(?:metrics?|measures?|measurements?|statistics?|stats?)$", re.IGNORECASE)
"""A table column whose header says its cells name what each row measures ("| Model | Measure | F16 |")."""
_LABEL_STAT_RE = re.compile(r"^(?:average|avg|mean|max(?:imum)?|min(?:imum)?)\s+|\s*\([^()]{0,24}\)\s*$")


@short_text_cache(4096)  # every label line, inline setting and setting cell asks it: the same labels recur
def states_rate(value: str) -> bool:
    """Whether a request rate's value states one: "inf", the load tools' default, sets none (its runs are paced by
    their concurrency)."""
    return value[:1].isdigit()


UNCAPPED_LOAD_RE = WordGate(
    re.compile(
        r"\b(?:(?:no|without(?:\sa|\sany)?)\s(?:max(?:imum)?\s)?concurrency\s(?:cap|limit)s?|"
        r"(?:unbounded|unlimited|uncapped)\sconcurrency|concurrency\s(?:unbounded|unlimited|uncapped))\b",
        re.IGNORECASE,
    )
)
"""A run that states its load has no concurrency bound ("no concurrency cap", "unbounded concurrency"): its
concurrency is "inf", whatever bound the setup above it stated for the other runs. Searched only in a text holding
"concurrency" (WordGate): every line with a digit is asked, and the case-blind engine reads each of its characters."""


_LABEL_JOINTS_RE = re.compile(r"[\s_-]+")


@short_text_cache(4096)  # every label line, inline setting, cell and header asks it: 3,918 asks, 562 labels a corpus
def setup_label_key(label: str) -> str | None:
    """The setup key a label names ("TP Size" -> "tp", "Average Input Length (tokens)" -> "isl"), else None."""
    core = _LABEL_JOINTS_RE.sub(" ", label.strip(" *`_:=").lower())[:60]
    key = _SETUP_LABELS.get(core)
    if key is None:
        key = _SETUP_LABELS.get(_LABEL_STAT_RE.sub("", core).strip())
    if key is None and core.endswith(")") and (at := core.find(" (")) > 0:
        # "batch (max_num_seqs)": a plain name, then the engine's flag it set
        key = _SETUP_LABELS.get(core[:at]) or _SETUP_LABELS.get(core[at + 2 : -1].replace("_", " ").strip())
    return key


# llama-bench names a test by its lengths: "pp512" reads a 512-token prompt, "tg128" generates 128 tokens,
# "pp512+tg128" does both, "tg128 @ d4096" at a context depth (a generation's input; a prompt's own length stays its).
_BENCH_TEST_RE = re.compile(
    r"^(?:pp ?(?P<isl>\d{1,7}))?(?:\+? ?tg ?(?P<osl>\d{1,7}))?(?: ?@ ?d(?P<depth>\d{1,7}))?$", re.IGNORECASE
)


_STRATEGY_LABEL_RE = re.compile(
    r"(?:^|/ )(?:low(?:est)?|high(?:est|er)?|max(?:imum)?|min(?:imum)?|best|peak)[ -](?:latency|throughput)"
    r"(?: (?:mode|strategy|profile|config|recipe))?$|"
    r"(?:^|/ )(?:latency|throughput)[ -](?:optimi[sz]ed|oriented|first|mode|strategy|profile)$",
    re.IGNORECASE,
)


def is_strategy_label(label: str) -> bool:
    """A row label naming the serving strategy a recipe tunes for ("Low Latency", "Max Throughput", "throughput-
    optimized"), no measure: its perf word says what the setup favours, not what the row's cells measure."""
    return _STRATEGY_LABEL_RE.search(label.strip(" *_`")[:80]) is not None


# "this PR d=2", "k=3", "draft-max=4": a column's draft length, where the table drafts (llama-bench's "d4096" is a
# context's depth: never read where no draft runs)
_DRAFT_ARM_RE = re.compile(
    r"(?:^|[\s(])(?:d|k|n_draft|draft(?:[ _-]?(?:max|len|length|tokens))?)\s?=\s?(\d{1,2})\)?$", re.IGNORECASE
)


def draft_arm(head: str) -> str | None:
    """The draft length a drafting table's column head names by its letter ("main d=2" -> "2"), else None."""
    m = _DRAFT_ARM_RE.search(head[-40:])
    return m.group(1) if m else None


def letter_draft(config: dict[str, str]) -> None:
    """A drafting run's "K=3" (an item's label: its setting "k") is its draft length, over the one a command states
    for the page ("--num_spec_tokens 7"); without a draft method "K" stays what it is (a GEMM's dimension)."""
    k = config.get("k", "")
    if k.isdigit() and len(k) <= 2 and config.get("spec_algo") not in (None, "", "none"):
        config["draft_len"] = config.pop("k")
    elif k and config.get("draft_len") == k:
        del config["k"]  # ("* K=3: 97.2" under "k=3" read as a draft length by the setup words: one setting, said once)


def is_bench_test(cell: str) -> bool:
    """The cell is a llama-bench test name alone ("pp512", "tg128", "pp512+tg128", "tg128 @ d4096")."""
    m = _BENCH_TEST_RE.match(cell.strip(" *`"))
    return m is not None and bool(m.group("isl") or m.group("osl"))


def bench_test_setup(test: str) -> dict[str, str]:
    """The lengths a llama-bench test name states ("pp512" -> isl 512, "tg128" -> osl 128; "tg128 @ d4096" generated
    its 128 tokens over a context 4096 deep, its input), else {}."""
    m = _BENCH_TEST_RE.match(test.strip())
    if m is None:
        return {}
    isl, osl, depth = m.group("isl", "osl", "depth")
    if depth and not isl and osl and depth.strip("0"):
        isl = depth  # (a prompt's own length stays its input: "pp512 @ d4096" read 512 tokens, at that depth)
    return {k: v for k, v in (("isl", isl), ("osl", osl)) if v}


# "| Parameter | Value |", "| Setting | Value |": a table of a run's settings, one per row, no results
_SETTINGS_TABLE_RE = re.compile(
    r"^(?:parameters?|settings?|options?|config(?:uration)?|flags?|arg(?:ument)?s?|knobs?|name|key)$", re.IGNORECASE
)
_VALUE_HEAD_RE = re.compile(r"^(?:values?|settings?)$", re.IGNORECASE)


def is_settings_table(header: list[str]) -> bool:
    """A two-column table whose header says its rows are settings and their values ("| Parameter | Value |")."""
    cells = [h.strip(" *_`") for h in header]
    return len(cells) == 2 and bool(_SETTINGS_TABLE_RE.match(cells[0])) and bool(_VALUE_HEAD_RE.match(cells[1]))


def is_key_value_table(header: list[str], rows: list[list[str]]) -> bool:
    """A two-column table of setup labels and their values with no header of its own: its header row is its first
    pair ("| Revision | a1b2c3d4 |" over "| Backend | Vulkan |", "| GPU | 1x RX 7900 XTX |"). A blank header ("| | |")
    heads rows alone, most of them setup labels: a row a label names no key of ("| Thinking | disabled |") is one
    more setting of the run, never a result."""
    blank = len(header) == 2 and not any(h.strip(" *_`") for h in header)
    pairs = rows if blank else [header, *rows]
    if len(header) != 2 or len(pairs) < 2 or any(len(p) != 2 for p in pairs):
        return False
    keys = [_pair_key(p[0]) for p in pairs]
    named = [bool(k or _REVISION_LABEL_RE.match(p[0].strip(" *_`"))) for k, p in zip(keys, pairs, strict=True)]
    return 2 * sum(named) > len(named) if blank else all(named) and any(keys)


def _pair_key(label: str) -> str | None:
    """The setup key a key/value table's label names: a setup label ("GPU"), a key's own name ("Backend"), or a
    label a settings row alone gives its key ("Context": setting_row_key)."""
    name = label.strip(" *_`")
    key = setup_label_key(name) or setting_row_key(name)
    if key is None and is_known_key(raw := re.sub(r"[\s-]+", "_", name.lower())) and key_class(raw) == "hard":
        key = raw
    return key


# The labels a row of a run's settings names a key by that no other line's label does: "| Context | 32,768 tokens |"
# among a server's settings is the context it allots (llama.cpp's -c, vocab.flags), where a results table's "Context"
# column over token counts is each row's input length (vocab.setting_heads) and a prose "context" a document's
_SETTING_ROW_LABELS: dict[str, str] = {
    "context": "max_model_len",
    "context size": "max_model_len",
    "context window": "max_model_len",
    "ctx size": "max_model_len",
    "n ctx": "max_model_len",
    "max model len": "max_model_len",
}


def setting_row_key(label: str) -> str | None:
    """The setup key a settings row's label names by _SETTING_ROW_LABELS ("Context" -> "max_model_len"), else None."""
    return _SETTING_ROW_LABELS.get(_LABEL_JOINTS_RE.sub(" ", label.strip(" *`_:").lower())[:40])


# a value that quotes an engine's flags ("`--draft-max 3 --draft-p-min 0.5`", "-b 2048 -ub 512"): their settings,
# each under its own key (grammar.setting_rows), never the text of the row's label's key ("Draft" is no draft model)
_FLAG_TEXT_RE = re.compile(r"^`{0,3}\s{0,3}--?[A-Za-z]")


def is_flag_text(value: str) -> bool:
    """The cell's value opens with a flag ("--draft-max 3", "`-ngl 99 -fa 1`")."""
    return _FLAG_TEXT_RE.match(value) is not None


# "| Server setting | Baseline | Candidate |": the settings of each side, one per row
_SETTINGS_GRID_RE = re.compile(
    r"^(?:[a-z]{1,12}\s){0,2}(?:parameters?|settings?|options?|config(?:uration)?|flags?|arg(?:ument)?s?|knobs?)$",
    re.IGNORECASE,
)


def is_settings_grid(header: list[str], rows: list[list[str]]) -> bool:
    """A table whose first column's header says its rows are settings and whose other columns give each side's or
    variant's value ("| Server setting | Baseline | Candidate |" over "| `kv_cache_dtype` | fp8 | fp8 |"): half of
    its rows at least are named by a setup label or an engine's key."""
    first = header[0].strip(" *_`") if header else ""
    if len(header) < 3 or not _SETTINGS_GRID_RE.match(first) or not rows:
        return False
    if any((u := _HEAD_UNIT_RE.search(h)) and is_measure_unit(u.group(1).strip()) for h in header[1:]):
        return False  # "| Config | TIRx (µs) | FlashInfer (µs) |": each config's times, measured
    named = sum(1 for cells in rows if cells and (_pair_key(cells[0]) or _ENGINE_KEY_RE.match(cells[0].strip(" *_`"))))
    return 2 * named >= len(rows)


_HEAD_UNIT_RE = re.compile(r"\(([^()]{1,12})\)\s*$")
# an engine's snake_case option ("mem_fraction_static", "chunked_prefill_size"): a setting's name, never a metric's
_ENGINE_KEY_RE = re.compile(r"^-{0,2}[a-z][a-z0-9]{0,30}(?:[_-][a-z0-9]{1,30}){1,6}$")


def states_settings(header: list[str], rows: list[list[str]]) -> bool:
    """The table states the settings of the runs around it, not results: is_settings_table, is_key_value_table or
    is_settings_grid."""
    return _states_settings(tuple(header), tuple(map(tuple, rows)))


# (the setup scopes, the results after a table and the table reader each ask it of a table: 199 asks of 67 tables
# over the shared documents, at 0.1 ms each)
@functools.lru_cache(maxsize=256)
def _states_settings(header: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> bool:
    head, body = list(header), [list(r) for r in rows]
    return is_settings_table(head) or is_key_value_table(head, body) or is_settings_grid(head, body)


_REVISION_LABEL_RE = re.compile(r"^(?:revision|commit|build|version|sha|branch|date)$", re.IGNORECASE)


def settings_table_values(rows: list[list[str]]) -> dict[str, str]:
    """The setup a settings table states: each row whose name is a setup label ("Model", "Decode Length"), where
    every side of a settings grid gives it one value (the rows that differ tell the sides apart)."""
    out: dict[str, str] = {}
    for cells in rows:
        value = cells[1].strip(" *_`") if len(cells) >= 2 else ""
        if is_flag_text(value):
            continue  # (its flags' settings, grammar.setting_rows)
        if value and (key := _pair_key(cells[0])) and all(c.strip(" *_`") == value for c in cells[2:]):
            out.setdefault("gpu_count" if key == "gpu" and value.isdigit() else key, value)  # ("| GPUs | 2 |": a count)
    return out


# What a table's header row of bare numbers sweeps, as the words around it name it: a plural ("for batch sizes 1
# to 8", "at concurrencies 1..64"), or a singular after a word that spans a range ("at every batch size up to 8",
# "Output throughput by concurrency"). "Batch size 8" states one setting, not a sweep.
_SWEPT: dict[str, str] = {
    "batch size": "batch_size",
    "bs": "batch_size",
    # vLLM's cap on the sequences batched together: the engine's limit, not the batch a run sent
    "max num seqs": "max_batch_size",
    "concurrency": "concurrency",
    "concurrency level": "concurrency",
    "concurrencie": "concurrency",  # "concurrencies" without its plural "s"
    "input length": "isl",
    "prompt length": "isl",
    "sequence length": "isl",
    "isl": "isl",
    "output length": "osl",
    "osl": "osl",
    "ubatch size": "ubatch",
    "micro batch size": "micro_batch_size",  # (a training run's: llama.cpp's is one word, "microbatch")
    "tp size": "tp",
}
_SWEPT_NOUN = "|".join(sorted((re.escape(k).replace(r"\ ", r"[ _-]") for k in _SWEPT), key=len, reverse=True))
_SWEPT_RE = re.compile(
    rf"\b(?:(?P<span>every|each|all|across|by|over|per|vs\.?|versus|various|different)\s+(?:the\s+)?(?:{_SWEPT_NOUN})\b"
    rf"|(?:{_SWEPT_NOUN})s\b)",
    re.IGNORECASE,
)
_SWEPT_WORD_RE = re.compile(rf"\b(?P<noun>{_SWEPT_NOUN})(?P<many>s?)\b", re.IGNORECASE)
# a noun with its one value ("concurrency 64", "bs=8") states a setting beside the sweep, not a second sweep
_SET_AFTER_RE = re.compile(r"\s{0,2}[:=]?\s{0,2}\d")


def swept_keys(text: str) -> set[str]:
    """The setup keys a sentence says were swept ("for batch sizes 1 to 4" -> {"batch_size"}); empty for one stated
    setting ("Batch size 8")."""
    if _SWEPT_RE.search(text) is None:
        return set()
    # every such noun the sentence names without a value of its own: two of them ("batch sizes and concurrency
    # both varied") leave which one the numbers are unsaid
    return {
        _SWEPT[re.sub(r"[ _-]+", " ", m.group("noun").lower())]
        for m in _SWEPT_WORD_RE.finditer(text)
        if m.group("many") or not _SET_AFTER_RE.match(text, m.end())
    }


# A first column's header that says what its rows ran, not what they measure ("| Context | OLD | NEW |" over
# "Short (100 in / 400 out)"): the key each row's label is the setup under.
_ROW_KINDS: dict[str, str] = {
    "context": "workload",
    "workload": "workload",
    "scenario": "workload",
    "case": "workload",
    "test case": "workload",
    "prompt": "workload",
    "config": "workload",
    "configuration": "workload",
    "setting": "workload",
    "setup": "workload",
    "dataset": "dataset",
    "data": "dataset",
    "shape": "shape",
    "input shape": "shape",
    "problem size": "shape",
    # the way a deployment was served ("| Strategy | TP x EP |" over "Low-latency | 2x2"): each row a variant, its
    # name no measure even where it words one ("High-throughput")
    "strategy": "variant",
    "serving strategy": "variant",
    "deployment strategy": "variant",
    "deployment": "variant",
    "deployment mode": "variant",
    "serving mode": "variant",
    "profile": "variant",
    "serving profile": "variant",
}


def row_kind_key(header: str) -> str | None:
    """The setup key a row-naming column's header puts its labels under ("Dataset" -> "dataset"), else None."""
    low = re.sub(r"[\s_-]+", " ", header.strip(" *`_:").lower())
    return _ROW_KINDS.get(low) or ("workload" if names_configuration(low) else None)


# a header naming each row's configuration of the system ("| Config | BS=1 | BS=2 |"), not what it was sent
# ("| Setting |" over "Flow control on / off": a switch's states, no arms the text names)
_CONFIG_HEADS = frozenset(("config", "configuration", "configs", "cfg"))


def names_configuration(header: str) -> bool:
    """The row-naming column's header names each row's configuration of the system ("Config"), not what it was
    sent: a label under it that states no setting ("Static 1_1_2", "AutoSpec") names an arm of the comparison."""
    words = re.sub(r"[\s_-]+", " ", header.strip(" *`_:").lower()).split()
    # ("KV Config", "Cache configuration": the configuration of one part, its rows still the arms)
    return 0 < len(words) <= 2 and words[-1] in _CONFIG_HEADS
