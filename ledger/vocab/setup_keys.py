"""The configuration keys: which change a result (hard), which are mined for setup words (soft), which say where a
claim comes from (ignored), and the aliases each canonical key is written under."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.memo import short_text_cache
from ledger.vocab.key_spellings import respelled_key, spelling_index

# Configuration keys that change a result; aliases map to the canonical key.
HARD_KEYS: tuple[str, ...] = (
    "model",
    "gpu",
    "quant",
    "kv_cache",
    "spec_algo",
    "draft_len",
    "set_al",  # (an acceptance length the run was forced to: "at simulated speculative acceptance 5.5")
    # SGLang's speculative tuple "EAGLE (3 1 4)": its steps and top-k beside its draft tokens (draft_len)
    "spec_steps",
    "spec_topk",
    "concurrency",
    "isl",
    "osl",
    "n_shot",
    "filter",
    "tp",
    "samples",
    "task",
    "ep",
    "pp",
    "dp",
    "dep",
    "cp",
    "dcp",
    "pcp",
    "gpu_count",
    "replicas",  # (a fleet's engine copies behind one router, "4xTP=4": another load per copy, another result)
    "threads",
    "n_cpu_moe",  # (llama.cpp's MoE layers whose experts stay in system RAM: another offload, another run)
    "imatrix",
    "cpu",
    "nodes",
    "state",
    "backend",
    "serving",
    "batch_size",
    # a training run's two batches ("Micro BS", "Global BS"): another batch is another run
    "micro_batch_size",
    "global_batch_size",
    # a size stated per rank or per expert ("BS per DP = 32", "tokens per expert = 256"): the load of one rank or of
    # one expert's GEMM, whatever the batch across all ranks
    "batch_per_rank",
    "tokens_per_expert",
    "cluster_size",  # (the CTAs of a thread-block cluster a kernel ran on, "cs=1": another launch, another timing)
    "beam_size",
    "engine",
    "attention",
    "block_size",  # (the block or page a KV cache is allotted in, or a kernel's block: another launch, another run)
    "moe_backend",
    "max_num_tokens",
    "max_batch_size",
    "chunked_prefill",
    "cuda_graph",
    "stat",
    "position",
    "experts",
    "sockets",  # (the CPU sockets a hybrid CPU/GPU run's experts ran on: one socket or two, another run)
    "cores",  # (the CPU cores such a run used: "32 cores" and "2×32 cores" are two runs)
    # the engine's release a run used, where a table sets runs of two releases side by side as its setups ("| **6
    # experts V0.2.1** |" over "| **6 experts V0.2.0** |": vocab.setup_names.setup_at_release), never a text's revision
    "release",
    "dataset",  # (a serving benchmark's data: random ids and ShareGPT prompts load a server differently)
    "against",  # (the run a change is stated against, "without MTP": a gap to the feature off is no change vs main)
    "iters",  # (a quantiser's tuning steps, "iters 0" against "iters 200": two checkpoints, vocab.tuning_words)
    "tuning",  # (a training step the weights went through, "tuned via PV-tuning": other weights, vocab.tuning_words)
    "category",  # (the part of a benchmark a score is of: "subject: anatomy", "(300) - law"; vocab.subtasks)
    # switches stated on or off: "with DP attention" (attention data parallel), "overlap off" (the scheduler's)
    "attention_dp",
    "overlap",
    # a kernel grid's axes ("heads x batch" over "16 x 32", "M x N", a heading's "K=1024"): the shape a cell timed
    "heads",
    "kv_heads",  # (an attention kernel's shape beside its query heads: vocab.kernel_shapes)
    "head_dim",
    "causal",
    # the mode a kernel was timed in (vocab.kernel_modes): a MoE router's grouped or ungrouped top-k, the attention's
    # decode or prefill phase; and an operator bench's op and the CPU's instruction set (vocab.op_benches)
    "routing",
    "phase",
    "op",
    "isa",
    "dim_m",
    "dim_n",
    "dim_k",
    # the sampling a run decoded with ("temperature 0.6", "greedy", "top_p 0.95"): a drafter's acceptance and an
    # eval's score move with it (vocab.sampling_words)
    "temperature",
    "top_p",
    "top_k",
    "reasoning_effort",  # (what a reasoning model was asked to spend, "low" or "high": vocab.eval_run_names)
    "thinking_mode",  # (run_eval's "--thinking-mode qwen3": the reasoning model asked to think, by its template)
    "min_tokens",  # (a floor each request must generate to, "min_tokens:200": the end token masked till then)
    "max_tokens",  # (an eval's cap on its answers, "--max-tokens 64000": no output length, yet another run)
    "offload",  # (a MoE's experts kept in system RAM, "-ot exps=CPU", or none: "everything resident on the GPU")
    "env",  # (an engine's switches set before its command, "VLLM_USE_V1=0": another code path, another run)
    "kernel",  # (a quantised run's matmul kernel, "GEMV" or "GEMM", "Marlin": vocab.matmul_kernels)
    # a serving benchmark's workload size and the share of memory its server was given (vocab.setup_labels)
    "num_prompts",
    "mem_fraction",
    # a shared-prefix workload's two parts of each request's input (sglang.bench_serving's generated-shared-prefix):
    # the prompt a group of requests shares and the question each adds; neither is the input length (isl)
    "shared_prefix_len",
    "question_len",
    # an eval's prompt format (lm_eval's --apply_chat_template, --fewshot_as_multiturn): another prompt, another score
    "chat_template",
    "fewshot_multiturn",
    # a drafter's own tensor parallelism ("Draft TP=1"): the draft model split over fewer ranks than the target runs
    # another step, whatever the target's tp (vocab.assigned_sizes)
    "draft_tp",
    # the rate a load generator sent requests at, "at a request rate of 40", "at QPS=2" (vocab.assigned_sizes; a
    # label's "Request rate: 8", a "| QPS |" column too): another rate, another queue
    "request_rate",
    "model_impl",  # (the modeling code a checkpoint ran with, "model_impl=transformers": another forward pass)
)
DEVICE_KEYS = frozenset(("gpu", "cpu"))
"""The keys naming the machine a run was timed on: a post that names one holds it for every value it prints."""
SWITCH_KEYS = frozenset(("ep", "attention_dp", "overlap", "cuda_graph", "chat_template", "fewshot_multiturn"))
"""The setup a text may state as switched on or off, no size given ("TP=4, EP enabled", "with DP attention",
"overlap off"): the value is "on" or "off" (a size, where one is stated, is the value of a parallel key)."""

COUNTED_DEVICE_KEYS = DEVICE_KEYS | {"gpu_count", "nodes"}
"""The machine with how many of it ("across 4 GPUs", "2 nodes"): what a turn's earlier line holds for its later results
(a load, a length or a model a line states stays that line's own)."""
# a setting stated at the value a benchmark tool takes when none is given: `vllm bench serve --request-rate inf` (all
# requests sent at once, the bench's default) is the run another text gives no rate for, one setup and one series
# (and lm_eval's prompt format: "--apply_chat_template False" is the plain prompt a run that passes no flag sends)
STATED_DEFAULTS = frozenset(
    {
        ("request_rate", "inf"),
        ("request_rate", "infinite"),
        ("request_rate", "infinity"),
        ("chat_template", "off"),
        ("fewshot_multiturn", "off"),
    }
)

SIDE_SETTING = "side_setting"

CHECKPOINT_KEYS = frozenset(("model", "quant"))
"""The keys that name what a PR serves, the checkpoint and its precision: a result that states none runs the one the
title or a heading names, where a machine or a load one result states is that result's alone."""
"""The keys a side's label sets ("BEFORE: GemmBackend.TRITON" sets backend), comma-joined: what the sides compare,
so compare reads them as the difference under test, not as two setups."""
RUN_ID_KEYS: tuple[str, ...] = ("trial", "trial #", "run #", "run id", "run_id", "rep", "repeat", "attempt", "seed")
"""A table's column naming which of a side's repeated runs a row is ("| Trial | main | this PR |" over rows 1, 2, 3;
"Seed"): the runs of one setup, which compare reads as one series with their spread (compare.trials), never as
setups of their own, trial 1 against trial 1."""
RUN_INDEX_KEY = "run_id"
"""The key of a run's index in a table (RUN_ID_KEYS): "Run" or "#" over 1, 2, 3, a cell "301 / 306" of two runs."""
RUN_INDEX_HEADS = frozenset(("run", "run_#", "#", "iteration", "iter"))
"""Headers (as vocab.setup.config_key gives them) of a column that numbers a side's runs where its cells are bare
indexes; over words ("Run" over "nightly", "13B, q4_0") the same header names a setup."""
_INDEX_RE = re.compile(r"\d{1,3}")


def run_index_key(head_key: str, cell: str) -> str | None:
    """RUN_INDEX_KEY for a bare index under a header that numbers runs ("#" over "2"), else None."""
    return RUN_INDEX_KEY if head_key in RUN_INDEX_HEADS and _INDEX_RE.fullmatch(cell.strip()) else None


IGNORED_KEYS: tuple[str, ...] = (
    "source",
    "commit",
    "note",
    "run",
    "version",
    "metric",
    "threshold",
    "repeats",
    # the software stack a page names ("CANN: 8.2.RC1, PyTorch: 2.7.1, torch-npu: ..."): what the results came from,
    # shown beside them; a release page's history moves it at nearly every release (vocab.software_stack)
    "cann",
    "torch",
    "torch_npu",
    "cuda",  # (the toolkit and driver versions an environment line names, "CUDA 12.4, driver 550": the same stack)
    "driver",
    "engine_version",  # (the engine's release a caption names, "vLLM v0.9.1": its stack, the engine itself hard)
    # the model sizes a support row answers for ("| Size |" over "7B - 72B"): what the row's cells are about, shown
    # beside them; a support cell is keyed by its subject and feature (compare.support_cell), its value carries it
    "model_size",
    *RUN_ID_KEYS,
    SIDE_SETTING,
)
"""Keys that say where a claim comes from, not what it was measured under (a CI bot's comment, the commit,
a footnote, an lm-eval task version or metric column the metric name already carries, the bar a check holds it to,
how many runs a mean is over (its noise, not its setup: a mean of 8 runs and one of 4 measure the same thing),
which of the repeats a value is, the keys its side's label set)."""
_KEY_ALIASES: dict[str, str] = {
    "hardware": "gpu",
    # an attention kernel's shape as its launch arguments spell it ("headdim=128", "num_kv_heads=8", "nheads=32")
    "headdim": "head_dim",
    "hdim": "head_dim",
    "head_size": "head_dim",
    "num_kv_heads": "kv_heads",
    "nheads_kv": "kv_heads",
    "num_key_value_heads": "kv_heads",
    "nheads": "heads",
    "num_heads": "heads",
    "n_heads": "heads",
    "num_q_heads": "heads",
    "num_attention_heads": "heads",
    "apply_chat_template": "chat_template",  # (lm_eval's flags, as a settings table or a YAML spells them)
    "fewshot_as_multiturn": "fewshot_multiturn",
    # ("| Top P |", "sampling temperature"; a joined "topk" is a drafting tree's branches, vocab.sampling_words)
    "top p": "top_p",
    "top k": "top_k",
    "sampling_temperature": "temperature",
    "temp": "temperature",  # ("| Temp |" over 0 and 0.7: the sampling temperature each pair of rows ran at)
    # ("| Framework | TTFT |" over vLLM and TRT rows: the serving engine each row ran)
    "framework": "engine",
    "inference engine": "engine",
    "serving framework": "engine",
    "serving engine": "engine",
    "engine_dtype": "quant",  # (the precision the engine runs in, not an engine)
    "spec_model": "draft_model",  # (a drafting run's "spec_model: org/M-eagle" is the checkpoint its flag names)
    "speculative_draft_model_path": "draft_model",
    "speculative_draft_tensor_parallel_size": "draft_tp",  # (vLLM's and SGLang's flag for the drafter's TP)
    "draft_tensor_parallel_size": "draft_tp",
    "gpus": "gpu",
    "device": "gpu",
    "platform": "gpu",
    "quantization": "quant",
    "quantisation": "quant",
    "quant_algo": "quant",
    "precision": "quant",
    "dtype": "quant",
    "weights": "quant",
    "kv": "kv_cache",
    "kv_dtype": "kv_cache",
    "kv_cache_dtype": "kv_cache",
    "kv_cache_quant_algo": "kv_cache",
    "kv cache": "kv_cache",
    "spec": "spec_algo",
    "spec_dec": "spec_algo",
    "spec_dec_algo": "spec_algo",
    "speculative": "spec_algo",
    "speculative_algorithm": "spec_algo",
    "spec_decode": "spec_algo",
    "mtp": "draft_len",
    "draft": "draft_len",
    "draft_length": "draft_len",
    "max_draft_len": "draft_len",
    "num_nextn_predict_layers": "draft_len",
    "num_speculative_tokens": "draft_len",
    "num_spec_tokens": "draft_len",
    "mtp_k": "draft_len",  # ("mtp_k=3": the draft's length, whichever method drafts)
    "spec_len": "draft_len",
    # a layout table's count of drafted tokens ("| MTP Speculation Num |", "| Draft Num |" over 3)
    "mtp_num": "draft_len",
    "draft_num": "draft_len",
    "speculation_num": "draft_len",
    "mtp_speculation_num": "draft_len",
    "speculative_num_draft_tokens": "draft_len",
    "speculative_num_steps": "spec_steps",
    "speculative_eagle_topk": "spec_topk",
    "qps": "request_rate",  # ("| QPS |" over 1, 2, 4, "qps: 8": the request rate by its initials, one concept)
    "conc": "concurrency",
    "con": "concurrency",
    "concur": "concurrency",  # GenAI-Perf's "| ISL | OSL | Concur | N |": the requests in flight
    "max_concurrency": "concurrency",
    "batch": "concurrency",
    "input_len": "isl",
    "input_length": "isl",
    "output_len": "osl",
    "output_length": "osl",
    # FasterTransformer's "| Batch_size | Input Seqlen | Output Seqlen |", a length spelled as one word
    "input_seqlen": "isl",
    # "Seq. len.", "Sequence Length", "SeqLen (K)" over one length per row: the sequence a run reads, as "seq len
    # 4096" in a sentence is (vocab.setup); an engine's "max_seq_len" is its limit, no run's length
    "seq._len.": "isl",
    "seq_length": "isl",  # (Megatron's argument)
    # a training run's two batches ("| MBS | GBS |", "Micro BS", "global_batch_size"): vocab.setup reads them in prose
    "mbs": "micro_batch_size",
    "micro_bs": "micro_batch_size",
    "micro_batch": "micro_batch_size",
    "gbs": "global_batch_size",
    "global_bs": "global_batch_size",
    "global_batch": "global_batch_size",
    "seq_len": "isl",
    "seq_len.": "isl",
    "sl": "isl",  # (a kernel grid's "| sl | bs=1 | bs=8 |": each row's sequence length, as its corner names it)
    "seqlen": "isl",
    "sequence_length": "isl",
    "packed_sequence_length": "isl",  # a finetune's samples packed to that length (vocab.setup_labels)
    "output_seqlen": "osl",
    "input_seq_len": "isl",
    "output_seq_len": "osl",
    "input_prompt_length": "isl",
    "prompt_length": "isl",
    "output_tokens_length": "osl",
    # a page's "| Batch Size | Prefill Length | Decode Length | tokens/s |": the two lengths each row ran
    "prefill_length": "isl",
    "prefill_len": "isl",
    "decode_length": "osl",
    "decode_len": "osl",
    "generation_length": "osl",
    # a benchmark's columns of the lengths it sent ("| prompt_tokens | output_tokens | throughput |")
    "prompt_tokens": "isl",
    "input_tokens": "isl",
    "prompt_len": "isl",
    "system_prompt_len": "shared_prefix_len",
    "system_prompt_length": "shared_prefix_len",
    "gsp_system_prompt_len": "shared_prefix_len",
    "gsp_question_len": "question_len",
    "output_tokens": "osl",
    "generated_tokens": "osl",
    # a serving table's mean lengths of the prompts and answers of the set its rows ran ("| Avg Input | Avg Output |"
    # over 150 | 2700): the set's, the same for every run of it, never a result
    "avg_input": "isl",
    "avg_output": "osl",
    "avg_input_len": "isl",
    "avg_output_len": "osl",
    "avg_input_length": "isl",
    "avg_output_length": "osl",
    "average_input_length": "isl",
    "average_output_length": "osl",
    "nshot": "n_shot",
    "n-shot": "n_shot",
    "num_fewshot": "n_shot",
    "shots": "n_shot",
    "fewshot": "n_shot",
    "tp_size": "tp",
    "tensor_parallel": "tp",
    "tensor_parallel_size": "tp",
    "tensor_para_size": "tp",  # FasterTransformer's names
    "pipeline_para_size": "pp",
    "n_samples": "samples",
    # an eval's count of what it scored ("| Examples | 1319 |", "| Questions | 500 |"): its n, no result
    "examples": "samples",
    "num_examples": "samples",
    "questions": "samples",
    "num_questions": "samples",
    "num_samples": "samples",
    "limit": "samples",
    "n": "samples",
    # how many repetitions a mean or a paired change is over ("| pairs |", "| reps |"): its noise, not its setup
    "pairs": "repeats",
    "reps": "repeats",
    "num_repeats": "repeats",
    "trials": "repeats",
    "repetitions": "repeats",
    "num_experts": "experts",
    "n_experts": "experts",
    "ep_size": "ep",
    "expert_parallel": "ep",
    "moe_ep_size": "ep",
    "pp_size": "pp",
    "pipeline_parallel": "pp",
    "dp_size": "dp",
    "data_parallel": "dp",
    "cp_size": "cp",
    "context_parallel": "cp",
    "context_parallel_size": "cp",
    "decode_context_parallel_size": "dcp",
    "dcp_size": "dcp",
    "prefill_context_parallel_size": "pcp",
    "pcp_size": "pcp",
    "num_gpus": "gpu_count",
    "gpu_num": "gpu_count",  # a release page's "GPU Num" column
    "n_gpus": "gpu_count",
    "#_gpus": "gpu_count",
    "#gpus": "gpu_count",
    "#_of_gpus": "gpu_count",  # a release page's "# of GPUs"
    "number_of_gpus": "gpu_count",
    # an Ascend page's count of its accelerators ("| NPUs | TP |" over 16 | 8, "*Total NPUs")
    "npus": "gpu_count",
    "total_npus": "gpu_count",
    "num_npus": "gpu_count",
    "npu_num": "gpu_count",
    "#_npus": "gpu_count",
    "total_gpus": "gpu_count",
    "#_prompts": "num_prompts",
    "num_requests": "num_prompts",
    "gpu_memory_utilization": "mem_fraction",
    "mem_fraction_static": "mem_fraction",
    "world_size": "gpu_count",
    "bs": "batch_size",
    "cs": "cluster_size",  # (a kernel grid's heading, "(fp32 / K=1024 / cs=1)")
    "num_beams": "beam_size",
    "beam_width": "beam_size",
    "max_batch": "max_batch_size",
    "maxtokens": "max_num_tokens",  # a recipe table's "MaxTokens"
    "max_tokens_per_step": "max_num_tokens",
    "adp": "attention_dp",
    "attn_dp": "attention_dp",
    "enable_attention_dp": "attention_dp",
    "attn_backend": "attention",
    "attention_backend": "attention",
    "ssm_state": "state",
    "mamba_state": "state",
    "recurrent_state": "state",
    # a hybrid model's SSM (Mamba, GDN) state dtype ("--mamba-ssm-dtype", "mamba_ssm_cache_dtype: float32"): the state
    # the recurrent layers keep, never the weights' quantisation
    "ssm": "state",
    "ssm_dtype": "state",
    "ssm_state_dtype": "state",
    "ssm_cache_dtype": "state",
    "state_dtype": "state",
    "mamba_ssm_dtype": "state",
    "mamba_ssm_cache_dtype": "state",
}
SOFT_KEYS: tuple[str, ...] = (
    "gate",
    "row",
    "column",
    "context",
    "test",
    "variant",
    "case",
    "setting",
    "group",
    "side",
    "part",
    "workload",
    # llama-bench's label of the model a file holds ("llama 1B Q8_0"), kept where the text names the model itself:
    # its type is a setup word, its architecture no more than the model's name says
    "model_type",
    # the rank (process or device) of one distributed run a value was measured on ("rank 0 waited 420 s", "GPU1: 79.9
    # ms"): a place within one run, like a table's row, never another run's setting: compare pairs rank with rank
    # through it as a variant, and a run stated without ranks still lines up with their series
    "rank",
)
"""Keys whose text is mined for configuration words; the rest of their text is a variant."""
# The last word of a "per X:" / "by X:" lead that names a measure's denominator or a unit, never a setting a sweep
# varies ("tokens per second:", "latency per request:", "by GPU count:")
NOT_A_SETTING_TAILS: frozenset[str] = frozenset(
    ("second", "sec", "request", "token", "user", "gpu", "step", "iteration", "run", "item")
)
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


# a hard key's other spellings (vocab.key_spellings), of the keys of two words or more and the long ones: a header's
# "Models" or "Metrics" stays what the table readers make of it
_FORMS, _SLIPS = spelling_index(
    (s, k)
    for s, k in (*((k, k) for k in HARD_KEYS), *_KEY_ALIASES.items())
    if k in HARD_KEYS and ("_" in s or len(s) >= 8)
)


@short_text_cache(4096)  # asked for every key of every claim's config
def canonical_key_name(key: str) -> str:
    k = key.strip().lower().replace("-", "_")
    known = _KEY_ALIASES.get(k, _KEY_ALIASES.get(key.strip().lower()))
    if known is not None or k in HARD_KEYS or ("_" not in k and len(k) < 8):
        return known or k
    return respelled_key(k, _FORMS, _SLIPS) or k


_SHAPE_KEYS = frozenset(("heads", "kv_heads", "head_dim"))
WRITTEN_AS: dict[str, str] = {
    "qps": "request_rate",
    # a kernel's shape and sequence as its launch prints them ("headdim=128", "| nheads |", "seqlen=4096"): the key
    # the shape reader writes for "head dim 128" in a sentence, so that one setting is one key of a config (two
    # spellings of one value, or a heading's 128 beside an inner line's 64, would be two settings)
    **{alias: key for alias, key in _KEY_ALIASES.items() if key in _SHAPE_KEYS},
    "seqlen": "isl",
    "seq_len": "isl",
}
"""Column and setting keys written under their canonical key ("| QPS |" over 1, 2, 4: the request rate by its
initials), where the alias is the key's own concept spelled otherwise, not a neighbour compare merely pairs
("batch": a batch size, read as concurrency only for compare)."""


def written_key(key: str) -> str:
    """The key a table column or a printed setting is stored under (WRITTEN_AS), else the key as written."""
    return WRITTEN_AS.get(key, key)


_BELONGS_TO: dict[str, tuple[str, bool]] = {
    "draft_len": ("spec_algo", False),  # a draft length is its method's ("MTP=2" in the title, "EAGLE" in the body)
    "cpu": ("gpu", True),  # a host CPU is its machine's: a GPU named inside is all of that run's machine
}
"""Keys stated for another key's value (dependent: (owner, also when the outer scope names no owner)). An outer
value of a dependent does not reach an inner scope that names its owner otherwise; a host CPU does not reach a run
that names its GPU even where the outer scope named none (llama.cpp#5035's Ryzen beside one machine, a reviewer's
M2 Ultra run below it)."""
_ALONE = tuple((dep, owner) for dep, (owner, alone) in _BELONGS_TO.items() if alone)


def overlay(outer: Mapping[str, str], inner: Mapping[str, str]) -> dict[str, str]:
    """`inner`'s setup over `outer`'s, key by key (under any spelling of it), less the outer values `superseded` by
    the inner's."""
    out = {**outer, **inner}
    inner_keys = {canonical_key_name(k) for k in inner}
    for key in outer:
        if key not in inner and canonical_key_name(key) in inner_keys:
            out.pop(key)  # ("kv_cache_dtype=auto:" over its paste under a title's "FP8 KV cache": that paste's auto)
    if len(out) == len(outer) + len(inner) and not any(dep in outer and owner in inner for dep, owner in _ALONE):
        return out  # no key stated twice (most merges) and no dependent's owner named inside: nothing is overridden
    for key in superseded(outer, inner):
        out.pop(key, None)
    return out


UNSAID = "\x00unsaid"
"""A claim's own value for a key that unsays the scopes' ("63% faster at larger batch sizes": the batch size its
sentence names for another clause is not its own); no text writes it (a NUL), and the claim keeps no such key."""


def superseded(outer: Mapping[str, str], inner: Mapping[str, str]) -> list[str]:
    """The keys of `outer` stated for another key's value (`_BELONGS_TO`) that `inner` restates otherwise: a draft
    length under a section's "MTP=2" is not the length of an inner "EAGLE head" that names none of its own."""
    keys_in = {canonical_key_name(k): k for k in inner}
    keys_out = {canonical_key_name(k): k for k in outer}
    out: list[str] = []
    for dep, (owner, alone) in _BELONGS_TO.items():
        if dep not in keys_out or dep in keys_in or owner not in keys_in:
            continue
        if owner in keys_out:
            if outer[keys_out[owner]].lower() != inner[keys_in[owner]].lower():
                out.append(keys_out[dep])
        elif alone:
            out.append(keys_out[dep])
    if _spelled_by_other_model(outer, inner, keys_out, keys_in):
        out.append(keys_out["quant"])
    return out


def _spelled_by_other_model(
    outer: Mapping[str, str], inner: Mapping[str, str], keys_out: Mapping[str, str], keys_in: Mapping[str, str]
) -> bool:
    """The outer precision is the one its model's name spells ("lab-x/Orca-12B-INT4" linked over a fence) and the inner
    scope runs another model whose name does not: that checkpoint's precision, not the launched model's."""
    if "quant" not in keys_out or "quant" in keys_in or "model" not in keys_out or "model" not in keys_in:
        return False
    quant, named = outer[keys_out["quant"]].lower(), outer[keys_out["model"]].lower()
    ran = inner[keys_in["model"]].lower()
    return named != ran and quant in named and quant not in ran
