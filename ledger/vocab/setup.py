"""Setup keys: the configuration a result was measured under, its canonical keys, aliases and values.

Every key is hard, soft or ignored (`key_class`): compare splits series by hard keys, reads setup words
out of soft ones and skips ignored ones; a key no table names is hard.

One table of setup words (`SETUP_WORDS`) serves both readers: `qualifiers` (the words extraction writes into a
claim's `config`) and `config_hints` (what compare reads from names and config values: vocab.name_hints); the
switches stated on or off with no size ("EP enabled") are vocab.switch_words'."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.assigned_sizes import ASSIGNED_SIZE_WORDS
from ledger.vocab.batch_words import BATCH_WORDS
from ledger.vocab.block_words import BLOCK_WORDS, drafted_block
from ledger.vocab.board_counts import (
    ARCH_BOARD,
    COUNTED_BOARDS,
    COUNTED_IN_WORDS,
    CPU_COUNT_WORDS,
    CPU_RUN,
    GPU_COUNT,
    GPU_VARIANT,
    GPU_VENDOR,
    GPUS_IN_WORDS,
    NODES_COUNTED,
    NOT_A_HOST,
    NUMBER_WORDS,
    board,
    board_nodes,
    in_image_tag,
)
from ledger.vocab.canonical import CPU_NAMES, GPU_NAMES, one_machine
from ledger.vocab.canonical import canon_value as canon_value  # where compare.references and others read it
from ledger.vocab.checkpoint_labels import checkpoint_only as checkpoint_only  # (read by the table readers here)
from ledger.vocab.checkpoint_labels import label_checkpoint as label_checkpoint
from ledger.vocab.disagg_layout import without_layouts
from ledger.vocab.drafting_words import HYBRID_PART, METHOD_WORDS, checkpoint_mtp_blanked, unspaced_method
from ledger.vocab.engine_paths import ENGINE_PATH_TRIGGERS, ENGINE_PATH_WORDS
from ledger.vocab.env_switches import without_env_switches
from ledger.vocab.gguf_types import GGUF_QUANT, sized_type
from ledger.vocab.input_labels import BAR_WORDS as BAR_WORDS  # the labels' words live apart, read through here
from ledger.vocab.input_labels import BASELINE_LABEL_RE as BASELINE_LABEL_RE
from ledger.vocab.input_labels import MACHINE_LABEL_RE as MACHINE_LABEL_RE
from ledger.vocab.input_labels import OPEN_BOUND_RE, TOTAL_PAREN_RE, parted_settings, setting_range
from ledger.vocab.input_labels import SIDE_PHRASE as SIDE_PHRASE
from ledger.vocab.input_labels import is_config_label as is_config_label
from ledger.vocab.input_labels import is_input_name as is_input_name
from ledger.vocab.input_labels import is_workload_label as is_workload_label
from ledger.vocab.kernel_shapes import KERNEL_TRIGGERS, KERNEL_WORDS
from ledger.vocab.length_pairs import LENGTH, REJECTED_BEFORE_RE, length_pair, path_lengths
from ledger.vocab.list_settings import LIST_ITEM_WORDS, LOAD_COUNT_WORDS
from ledger.vocab.models import model_names as model_names  # the setup readers read names here
from ledger.vocab.models import names_other_model as names_other_model
from ledger.vocab.models import one_model_blanked
from ledger.vocab.online_quant import device_precisions
from ledger.vocab.output_caps import ONE_OUTPUT_TOKEN, OUTPUT_CAP_WORDS
from ledger.vocab.parallel_words import FUSED as _FUSED
from ledger.vocab.parallel_words import PARALLEL_SIZES, PARALLEL_SPLITS, fleet_replicas, zero_size
from ledger.vocab.sampling_words import SAMPLING_WORDS, routes_experts
from ledger.vocab.serving_datasets import DATASET_STARTS, OWN_NAMED_DATASETS, SERVING_DATASETS
from ledger.vocab.setup_keys import SWITCH_KEYS
from ledger.vocab.setup_labels import UNCAPPED_LOAD_RE
from ledger.vocab.setup_labels import setup_label_key as setup_label_key  # the labels' table lives apart
from ledger.vocab.setup_negation import (
    FROM_SIDE_RE,
    OFF_BEFORE_RE,
    not_the_runs_method,
    not_the_runs_precision,
    of_a_component,
    turned_off,
)
from ledger.vocab.setup_word import DIGIT_OPENS as _DIGIT_OPENS
from ledger.vocab.setup_word import SEP as _SEP
from ledger.vocab.setup_word import SetupWord as SetupWord  # a word and its search live apart (size rule)
from ledger.vocab.setup_word import finditer_word as finditer_word
from ledger.vocab.setup_word import make_word as _word
from ledger.vocab.setup_word import search_word as search_word
from ledger.vocab.spec_tuples import SPEC_TUPLE_KEYS, SPEC_TUPLE_WORDS
from ledger.vocab.switch_values import switch_value
from ledger.vocab.switch_words import SWITCH_TRIGGERS, SWITCH_WORDS
from ledger.vocab.text import has_digit, joined_thousands, lower_for_words
from ledger.vocab.training_batches import TRAINING_BATCHES
from ledger.vocab.trie import trie_pattern
from ledger.vocab.tuning_words import TUNED_WORDS, TUNING
from ledger.vocab.word_gate import WordGate

_DTYPES = r"fp8|nvfp4|fp4|mxfp8|mxfp4|bf16|fp16|int8|int4"
DTYPE_PATTERN = _DTYPES
"""The precisions a setup word reads, as one alternation (for the readers that look for one beside a name)."""
_DTYPE_STARTS = ("fp", "nvfp", "mxfp", "bf", "int")
"""How every one of _DTYPES opens."""
_GPU_STARTS = (
    *("two ", "four ", "eight "),
    *("nvidia", "amd ", "intel ", "tesla", "instinct", "quadro"),
    *("gb", "gh", "b1", "b2", "b3", "h1", "h2", "h8", "a1", "a2", "a3", "a4", "a5", "a6", "a8", "v1", "l2"),
    *("l4", "mi"),
    *("ascend", "atlas", "gaudi", "rtx", "rx", "radeon", "dgx", "apple", "m1", "m2", "m3", "m4", "m5", "gfx", "sm"),
    *("w5", "w6", "w7"),  # (AMD's workstation boards by their number: "W7800")
    *("metax", "c5", "kunlun", "mlu", "mtt"),  # (the domestic accelerators: "MetaX C500", "MLU590", "MTT S4000")
    *("tenstorrent", "blackhole", "wormhole", "p15", "p30"),  # (Tenstorrent's cards: "P150", "Wormhole n300")
    *("p10", "p40", "t4", "k80", "gtx", "titan", "tpu", "orin", "jetson", "agx", "geforce"),
)
"""How a GPU's match opens, where no digit opens it: the vendor or its name's first letters (canonical.GPU_NAMES);
the digit_opens of its word where one does: its count ("8x", "16 ×", GPU_COUNT) or a name that opens with one
("910B", "310P"), and a table row's other digits open none."""
HARDWARE_NAME_RE = WordGate(
    re.compile(
        rf"\b(?:{GPU_NAMES}|{CPU_NAMES}|rtx pro \d{{4}}|processor|epyc|xeon|cuda\d{{1,2}}|gpu\d{{1,2}})\b",
        re.IGNORECASE,
    )
)
"""A device named in a listing ("CUDA0 : NVIDIA RTX PRO 6000", "L40S", "AMD EPYC 9355 32-Core Processor")."""


_COUNTED = ("eagle", "medusa", "ngram")  # the methods a title gives a draft length as MTP's ("EAGLE=3")
_IN_FLIGHT = r"(\d{1,5}|one|two|four|eight)(?: concurrent| parallel)? requests? (?:at a time|in flight)"
_COUNTED_LENGTH = r"(?:eagle3?|medusa|ngram)(?: ?[=:] ?|[ `]{1,3}(?:k|n_max) ?= ?)(\d{1,2})"
SETUP_WORDS: tuple[SetupWord, ...] = (
    # llama.cpp's "ms/tok @ 4th", "@ 8 threads": the CPU threads a row ran with
    _word("threads", "threads", r"@ ?(\d{1,3}) ?th(?:reads?)?", ("@",), ("@",)),
    # "Executed with 8 threads", "on 16 CPU threads": the threads a CPU run used
    _word("threads", "threads", r"(\d{1,3}) (?:cpu |omp |intra[ _-]op )?threads\b", ("threads",), (), _DIGIT_OPENS),
    *CPU_COUNT_WORDS,  # ("Dual socket", "2×32 cores": the CPU sockets and cores a hybrid run's experts ran on)
    # llama.cpp's "--n-cpu-moe 30", "n_cpu_moe=24": the MoE layers whose experts stay in system RAM (an offload)
    _word("n_cpu_moe", "n_cpu_moe", r"n[_-]cpu[_-]moe(?: ?[=:] ?|[ `]{1,3})(\d{1,3})", ("cpu",), ("n",)),
    *ENGINE_PATH_WORDS,  # "-ot exps=CPU", "everything resident on the GPU", "with the NSA backend"
    *ASSIGNED_SIZE_WORDS,  # "Draft TP=1" (the drafter's, before "TP=1" is read as tp), "at QPS=2"
    *SPEC_TUPLE_WORDS,
    # TensorRT-LLM's test parameter "mtp_nextn=2" is MTP with two draft tokens, as a title's "MTP=2" is
    _word(
        "draft_len",
        "draft_len",
        # ("MTP `n_max=2`": llama.cpp's most draft tokens a step, named beside the method)
        # ("mtp_k=3": the knob's name, which other methods' drafts are given their length by as well)
        r"mtp(?:[ _-]?| ?[=:] ?)(\d{1,2})|mtp_nextn ?= ?(\d{1,2})|(no)[ _-]mtp|mtp[ `]{1,3}(?:n_max|k) ?= ?(\d{1,2})"
        r"|mtp_k ?= ?(\d{1,2})",
        ("mtp",),
        ("mtp", "no"),
    ),
    # "EAGLE=3", "medusa: 2": a method given its draft length as a title's "MTP=2" is (never "EAGLE 3", its version);
    # "EAGLE3 k=3", "ngram `n_max=4`": the length under the name papers and llama.cpp give it, beside the method
    _word("draft_len", "draft_len", _COUNTED_LENGTH, _COUNTED, _COUNTED),
    # "k=3" alone in an eval's setup: the draft length the spec-decode papers name k; a small whole number only (a
    # GEMM's "K=4096" is larger) and never a sampler's "top_k=20" or "pass@k=1" (the word before it)
    _word("draft_len", "draft_len", r"(?<![@_.\w-])(?<!top )k ?= ?([1-9]|1[0-6])(?![\dx]|\.\d)", ("k=", "k ="), ("k",)),
    # "64 prompts per split", "80 requests per subset": the prompts each part of an eval set sent
    _word(
        "num_prompts",
        "num_prompts",
        r"(\d{1,6}) (?:prompts|requests|queries) (?:per|for each|each) "
        r"(?:sub-?set|split|task|category|dataset|(?:context |prompt |input )?(?:length|size)|bucket|setting)",
        ("prompts", "requests", "queries"),
        (),
        _DIGIT_OPENS,
    ),
    _word(
        "draft_len",
        "draft_len",
        # (never a fields row's count of drafted tokens: "pred= 128 draft= 96 acc= 81")
        r"(?<!avg )(?<!mean )(?<!average )"  # ("avg draft 1.00 over 165 rounds": measured; a set length is whole)
        rf"(?:draft(?:[ _-]?len(?:gth)?)?|num[ _]draft){_SEP}(\d{{1,2}})(?![.,]?\d)"
        r"(?![ \t]{1,4}acc(?:epted)?[ \t]?=)",
        ("draft",),
        ("draft", "num"),
    ),
    # "EAGLE3 with 3 speculative tokens", "three draft tokens"
    _word(
        "draft_len",
        "draft_len",
        r"(\d{1,2}|one|two|three|four|five|six|seven|eight)[ -](?:speculative|draft)"
        r"[ -]tokens?",
        ("speculative", "draft"),
        ("one", "two", "three", "four", "five", "six", "seven", "eight"),
        _DIGIT_OPENS,
    ),
    # "MTP depth 3", "a draft depth of 4", "depth-2 MTP", "the acceptance length for depth 3": the tokens a step drafts
    _word(
        "draft_len",
        "draft_len",
        r"(?:mtp|eagle3?|draft|spec(?:ulative)?|nextn)[ _-]depth(?: of|[ =:]{1,3}) ?(\d{1,2})"
        r"|depth[ -](\d{1,2})[ -](?:mtp|eagle3?|draft)|accept(?:ance|ed)[ _-]len(?:gth)?s? (?:for|at) depth (\d{1,2})",
        ("depth",),
        ("mtp", "eagle", "draft", "spec", "nextn", "depth", "accept"),
    ),
    # "EAGLE-3", "Eagle 3": the third version however it is spaced; "EAGLE 1" is EAGLE; "suffix" only as decoding
    _word(
        "spec_algo",
        "spec_algo",
        # ("ngram-eagle", "MTP+ngram": a hybrid of two methods, neither of them alone)
        rf"((?:{HYBRID_PART})[+-](?:{HYBRID_PART})\b"
        r"|eagle[ -]?3|eagle|n-?gram|medusa|pard|lookahead|mtp|dflash\d?|dspark|hydra|suffix(?=[ _-]decod)"
        r"|non-spec(?:ulative)?|no[ -]spec(?:ulative|ulation)?"
        # "speculative decoding disabled on both sides; ... also lists MTP": the runs ran none (a method named
        # after it is a mention); named alone, "speculative decoding" says no method
        r"|(?:spec(?:ulative)?[ -]decod(?:ing|e)|drafting|speculation)"
        r"(?=(?:\s(?:and|&)\s[\w-]{1,24}(?:\s[\w-]{1,24})?)?\s?(?:disabled|turned off|switched off|off\b)))"
        # ("the MTP-style layer count", "an EAGLE-like head": a likeness, no method the run used)
        r"(?!-(?:style|like)\b| style\b)",
        (*METHOD_WORDS, "non-spec", "no spec", "no-spec", "decod", "drafting", "speculation"),
        (*METHOD_WORDS, "no", "spec", "drafting"),
    ),
    # "spec=none", "speculative_algorithm: none": no method, assigned as a setting's value (a method assigned,
    # "spec=eagle", is the word above)
    _word(
        "spec_algo",
        "spec_algo",
        r"spec(?:ulative)?(?:[ _-](?:algo(?:rithm)?|method|decoding|decode))? ?[=:] ?[`'\"]?(none)\b",
        ("spec",),
        ("spec",),
    ),
    # ("fp8_e4m3 KV cache", "FP8-E4M3 KV": the float format's name between the precision and its cache)
    _word(
        "kv_cache",
        "kv_cache",
        rf"({_DTYPES})(?:[ _-]?e[45]m[23])?[ _-]{{0,3}}kv(?:[ _-]?cache)?",
        ("kv",),
        _DTYPE_STARTS,
    ),
    _word(
        "kv_cache", "kv_cache", rf"kv(?:[ _-]?cache)?(?:[ _-]?dtype)?[ _:=-]{{1,3}}[`'\"]?({_DTYPES})", ("kv",), ("kv",)
    ),
    *LOAD_COUNT_WORDS,  # "`reqs = 8`", "8 requests at concurrency 1" (vocab.list_settings)
    # ("concurrency level 8", "concurrency of 16")
    _word("concurrency", "concurrency", rf"con(?:c|currency)?(?: (?:level|of))?{_SEP}(\d{{1,5}})", ("con",), ("con",)),
    *LIST_ITEM_WORDS,  # "c256/n2560", "c8-c128", "TP4, C1, 256 output tokens", "GSM8K strict" (vocab.list_settings)
    # "10 concurrent, 64K in / 3K out", "32 concurrent requests", "256 concurrency": a column's load (its trigger is
    # the key-first word's: the one pass over the triggers finds the longest at each place)
    _word("concurrency", "concurrency", r"(\d{1,5}) concurren(?:t|cy(?![ =:]{0,3}\d))", ("con",), (), _DIGIT_OPENS),
    _word(  # "eight requests at a time", "16 requests in flight": the load, however the sentence counts it
        "concurrency",
        "concurrency",
        _IN_FLIGHT,
        ("at a time", "in flight"),
        ("one", "two", "four", "eight"),
        _DIGIT_OPENS,
    ),
    # "random / c=8 / p=32", "mc=16": benchmark configs' shorthand (an equals sign always: "c8" says nothing)
    _word("concurrency", "concurrency", r"m?c ?= ?(\d{1,5})", ("c=", "c ="), ("mc", "c")),
    _word("isl", "isl", rf"isl{_SEP}({LENGTH})", ("isl",), ("isl",)),
    _word("osl", "osl", rf"osl{_SEP}({LENGTH})", ("osl",), ("osl",)),
    # "Latency input=512 (ms)", "prompt_len=1024", "Input tokens 2048, output tokens 128": a length assigned or a
    # scenario's (never "input 512", "output: 1234.5", "Total input tokens: 102400", nor a system prompt's length)
    _word(
        "isl",
        "isl",
        r"(?<!total )(?<!max[ _-])(?<!min[ _-])(?:input|(?<!system[ _-])prompt)"
        rf"(?:(?:[ _-]?len(?:gth)?)? ?= ?|[ _-]len(?:gth)?(?: of|:)? )({LENGTH})",
        ("input", "prompt"),
        ("input", "prompt"),
    ),
    _word(
        "osl",
        "osl",
        # ("--max-output-length 256": a limit, not the length every request had; "input_output_len" both lengths)
        # ("Token generation length 256": the words in full, onnxruntime-genai's benchmark notes)
        r"(?<!total )(?<!max[ _-])(?<!min[ _-])(?<!input_)(?:output|gen(?:eration)?)"
        rf"(?:(?:[ _-]?len(?:gth)?)? ?= ?|[ _-]len(?:gth)?(?: of|:)? )({LENGTH})",
        ("output", "gen"),
        ("output", "gen"),
    ),
    _word("isl", "isl", rf"(?<!total )(?:input|prompt) tokens ({LENGTH})(?!\.?\d)", ("tokens",), ("input", "prompt")),
    *OUTPUT_CAP_WORDS,  # "max tokens 2000", "generating up to 256 tokens": the requests' cap (vocab.output_caps)
    # a run's lengths in prose: "generating 128 new tokens", "256 generated tokens per request", "exactly 512 output
    # tokens" (never "generated 256 tokens in 4.1 s" or "18000 generated tokens", a run's output counted)
    _word(
        "osl",
        "osl",
        rf"(?:generat(?:es?|ing)|decod(?:es?|ing)) ({LENGTH}) (?:new |output )?tokens|"
        rf"(\d{{1,3}}(?:,\d{{3}})+|{LENGTH}) (?:generated|new|output) tokens ?(?:/ ?|per |for each |each )"
        rf"(?:request|prompt|sequence)|(?:exactly|fixed(?: at)?) ({LENGTH}) (?:output|generated|new) tokens\b(?!/)|"
        rf"({LENGTH}) (?:random|fixed) output tokens\b(?!/)",
        ("tokens",),  # (a trigger longer than another hides it: "decoding" would hide spec_algo's "decod")
        ("generat", "decod", "exactly", "fixed"),
        _DIGIT_OPENS,
    ),
    ONE_OUTPUT_TOKEN,  # "a single output token": a prefill sweep's (vocab.output_caps)
    # "3,000 input tokens per request", "64 random input tokens": the length every request had or was drawn at
    _word(
        "isl",
        "isl",
        rf"(\d{{1,3}}(?:,\d{{3}})+|{LENGTH}) (?:input|prompt) tokens ?(?:/ ?|per |for each |each )"
        rf"(?:request|prompt|sequence)|(?:exactly|fixed(?: at)?) ({LENGTH}) (?:input|prompt) tokens\b(?!/)|"
        rf"({LENGTH}) (?:random|fixed) (?:input|prompt) tokens\b(?!/)",
        ("tokens",),
        ("input", "prompt", "exactly", "fixed"),
        _DIGIT_OPENS,
    ),
    _word(
        "isl",
        "isl",
        rf"(?:input|prompt)s? (?:length )?of ({LENGTH}) tokens",
        ("tokens",),
        ("input", "prompt"),
    ),
    _word("osl", "osl", rf"(?<!total )output tokens ({LENGTH})(?!\.?\d)", ("tokens",), ("output",)),
    # "| WAN-14B 4096 tok |": a label naming a model by its size, then a token count and nothing more, names the
    # length its input had (a count a sentence narrates goes on past it: "Llama-8B 256 tokens in 4.1 s" is none)
    _word(
        "isl", "isl", rf"(?:(?<=\db )|(?<=\db, ))({LENGTH})[ -]tok(?:en)?s?(?=\)?$)", ("tok", "token"), (), _DIGIT_OPENS
    ),
    # "seq len 4096", "seq_len=2048": a kernel's or a run's sequence is its prompt (never "max_seq_len 8192", the
    # engine's limit, nor a length a name gives a unit of storage or work: "--cache-block-seq-len 64" is the tokens
    # of one KV-cache block, a page's or a prefill chunk's the same)
    _word(
        "isl",
        "isl",
        rf"(?<!max[ _-])(?<!block[ _-])(?<!page[ _-])(?<!chunk[ _-])seq(?:uence)?[ _-]len(?:gth)?{_SEP}({LENGTH})",
        ("seq",),
        ("seq",),
    ),
    # "(5-shot, full 1319)": the whole set's size, beside the shots (before them: the shots' word blanks its span)
    _word(
        "samples",
        "samples",
        r"(?:(?<=shot, )|(?<=shots, )|(?<=shot,)|(?<=shots,))(?:full|all|whole) (\d{2,6})(?= ?[,;)])",
        ("shot",),
        ("full", "all", "whole"),
    ),
    _word("n_shot", "n_shot", r"(\d{1,2})[ _-]?shots?", ("shot",), (), _DIGIT_OPENS),
    TUNING,  # "checkpoints tuned via PV-tuning:" (vocab.tuning_words)
    # "(1319 samples, 5-shot)", "gsm8k 200 examples 20shot" (the shots' word blanked by then): an eval's sample count
    _word(
        "samples",
        "samples",
        r"(?<![\d,.])(\d{2,6}) (?:samples|examples|questions)(?= ?[,;)]|$|  )"
        # "gsm8k (200 Q)", "(400 Q, parallel 32)": a row label's count of questions, "Q" only first in a parenthesis
        r"|(?<=\()(\d{2,6}) ?q(?= ?[,;)])",
        ("ples", "questions", "q"),
        (),
        _DIGIT_OPENS,
    ),
    # "forced acceptance length 3.0", "synthetic accept mode(0.9 0.8 0.6)", "--speculative-accept-mode synthetic": set
    _word(
        "set_al",
        "set_al",
        r"(?:forced|fixed|simulated|synthetic|assumed|pinned)\s(?:speculative\s)?accept(?:ance|ed)?"
        r"(?:\s(?:length|len|rate|ratio|mode)s?)?\s?(?:of\s|at\s|to\s|=\s?)?\(?"
        r"(\d{1,2}(?:\.\d{1,3})?(?:[ ,/]{1,2}0?\.\d{1,3}){0,7})(?![\w.])"
        r"|(?:speculative[_-])?accept[_-]mode[ =:]{1,3}[\"'`]?(synthetic|forced)\b",
        ("accept",),
        ("forced", "fixed", "simulated", "synthetic", "assumed", "pinned", "speculative", "accept"),
    ),
    # "200-sample GSM8K", "a 500-question subset": the count written as one word with its noun
    _word(
        "samples",
        "samples",
        r"(?<![\d,.])(\d{2,6})-(?:samples?|examples?|questions?|problems?)(?![\w-])",
        ("-sample", "-example", "-question", "-problem"),
        (),
        _DIGIT_OPENS,
    ),
    # "gsm8k, N=80", "MMLU-Pro (n = 100)": a sample count as statisticians write it (never a GEMM's dimension beside
    # others: "M=1, N=4096, K=7168", "E=128, N=768", "N=512/K=4096", nor a range of sizes: "at N=98-131K")
    _word(
        "samples",
        "samples",
        r"(?<!\d, )(?<!\d,)(?<!\d )(?<!\d/)(?<!\d[x×])n ?= ?(\d{2,6})(?![\d.])(?!-\d)(?![\s,/x×]{0,3}[mk] ?=)"
        r"(?! ?(?:times|runs|repeats|repetitions|trials|seeds)\b)",
        ("n=", "n ="),
        ("n",),
    ),
    _word(
        "filter",
        "filter",
        r"(strict-match|flexible-extract)",
        ("strict-match", "flexible-extract"),
        ("strict-match", "flexible-extract"),
    ),
    # with the count printed before it ("8xH100", "2x8 H200": nodes x GPUs), which canonical reads as gpu_count
    # the vendor may stand between ("8×NVIDIA H200"): the count still belongs to the GPU
    _word(
        "gpu",
        "gpu",
        # (and a GeForce named by its number and memory, "4090/24GB" as "L4/24GB" names the L4, or two of them
        # joined in one machine, "a 4090 + 3090-Ti", kept as the pair: here, not in GPU_NAMES, whose word gate a
        # name of no two letters in a row would open to every text)
        rf"({GPU_COUNT}{GPU_VENDOR}(?:{GPU_NAMES}){GPU_VARIANT}(?: ?[x×*] ?\d{{1,3}}(?!\d|\.\d))?|"
        r"(?:(?<=\bon )|(?<=\bon an )|(?<=\bon my )|(?<=\bon the )|(?<=\bon our ))m[1-5](?=[,.;:!?)]|$)|"  # "on M5,"
        r"[2-5]0[5-9]0(?=/\d{1,3} ?gb)|[2-5]0[5-9]0(?:[ -]?ti)? ?\+ ?[2-5]0[5-9]0(?:[ -]?ti)?|"
        # ("a 2x3090 system": a GeForce by its number, counted)
        rf"(?<![\w.])[1-9]\d? ?[x×] ?[2-5]0[5-9]0(?:[ -]?ti)?(?![\w.]))s?{NOT_A_HOST}",
        (
            # (the boards' own spellings, "gb2"/"gh2"/"mi3", not "gb"/"gh"/"mi": every line with "80 GB", a github
            # link or "min" read for a GPU)
            "gb2",
            "gb3",
            "gh2",
            "b1",
            "b2",
            "b3",
            "h1",
            "h2",
            "h8",
            "a1",
            "a2",
            "a3",
            "a4",
            "a5",
            "a6",
            # ("3090Ti": a GeForce by its number; "3090 Ti" opens with "rtx" where it is written whole)
            "0ti",
            "0/",  # ("4090/24GB")
            "0 +",  # ("4090 + 3090-Ti")
            "0+",
            "x2",  # ("2x3090", "4 x 4090": a counted GeForce)
            "x3",
            "x4",
            "x5",
            "x 2",
            "x 3",
            "x 4",
            "x 5",
            "×",
            "i +",
            "i+",
            "a8",
            "v1",
            "l2",
            "l4",
            "mi1",
            "mi2",
            "mi3",
            "mi4",
            "rtx",
            "dgx",
            "910",
            "310p",
            "atlas",
            "ascend",
            "gaudi",
            "gfx",
            "sm_",
            "sm7",
            "sm8",
            "sm9",
            "sm1",
            "tpu",
            "orin",
            "jetson",
            "geforce",
            "m1 ",
            "m2 ",
            "m3 ",
            "m4 ",
            "m5 ",
            "on m",  # ("ran it on M5,": a bare chip closing an "on ..." clause, canonical.GPU_NAMES)
            "on an m",
            "on my m",
            "on the m",
            "on our m",
            "apple",
            "p10",
            "p40",
            "t4",
            "k80",
            "gtx",
            "titan",
            "rx",
            "radeon",
            "w5",
            "w6",
            "w7",
            "metax",
            "c5",
            "kunlun",
            "mlu",
            "mtt",
            "tenstorrent",
            "blackhole",
            "wormhole",
            "p15",
            "p30",
            "m1-",
            "m2-",
            "m3-",
            "m4-",
            "m5-",
        ),
        _GPU_STARTS,
        # (one digit opens every way, the third's first looked behind at: the engine skips to the digits, where
        # an alternation opening with a class would be tried at every character)
        re.compile(r"\d(?:\d{0,2} ?[x×*]|10[bcp]|(?<=[2-5])0[5-9]0(?: ?(?:ti|/)|[ -]?ti ?\+| ?\+))"),
    ),
    ARCH_BOARD,  # ("on our Blackwell node": the family where no board is named; after the board's word)
    # a CPU: the device where no accelerator is named (Context.claim), else the host
    _word(
        "cpu",
        "cpu",
        rf"((?:amd |intel |aws )?(?:{CPU_NAMES}))",
        (
            "neoverse",
            "graviton",
            "epyc",
            "xeon",
            "threadripper",
            "ryzen",
            "zen",
            "i3-",
            "i5-",
            "i7-",
            "i9-",
            "core ultra",
        ),
    ),
    # "[CPU] ...", "on the CPU backend", "measured on CPU": the device is a CPU, named by its kind
    _word("gpu", "gpu", CPU_RUN, ("cpu",), ("[cpu", "cpu", "run", "ran", "measured", "tested", "benchmarked", "timed")),
    # "on the Vulkan backend", "with the CUDA backend": the GPU backend llama.cpp's runs are built with ("CPU
    # backend" names the device, above)
    _word(
        "backend",
        "backend",
        r"(vulkan|metal|cuda|sycl|opencl|cann|rocm|hip)[ -]backend",
        ("backend",),
        ("vulkan", "metal", "cuda", "sycl", "opencl", "cann", "rocm", "hip"),
    ),
    # "with rocm on an rx7900xtx", "measured on Vulkan": the backend a run names after its preposition (not CUDA,
    # which "with CUDA graphs" names as a feature; not a noun it qualifies: "on Metal GPUs", "with ROCm 6.2 drivers")
    _word(
        "backend",
        "backend",
        r"(?:with|on|using|via) (?:the )?(vulkan|metal|sycl|opencl|cann|rocm)(?![\w.-])"
        r"(?! (?:graphs?|kernels?|streams?|events?|toolkit|sdk|drivers?|versions?|support|path|devices?|gpus?|"
        r"cards?|builds?|queues?|shaders?|docs?|code|side|port|team|[0-9]))",
        ("vulkan", "metal", "sycl", "opencl", "cann", "rocm"),
        ("with", "on", "using", "via"),
    ),
    # a bench's --dataset-name in prose: "random ids", "a SWE-bench 64K prompt", "sonnet, 100 prompts" (a list's item)
    _word(
        "dataset",
        "dataset",
        rf"({SERVING_DATASETS})(?:[ -](?:(?:token[ -])?(?:ids|prompts|requests|dataset)|\d{{1,3}}k[ -]prompts?)|"
        r", \d{1,6} (?:prompts|requests))",
        DATASET_STARTS,
        DATASET_STARTS,
    ),
    _word(  # ("prompts taken from ShareGPT", "drawn from the BurstGPT trace": serving_datasets.OWN_NAMED_DATASETS)
        "dataset",
        "dataset",
        rf"(?:(?<=\bfrom )|(?<=\bfrom the ))({'|'.join(OWN_NAMED_DATASETS)})(?![\w-])",
        OWN_NAMED_DATASETS,
        OWN_NAMED_DATASETS,
    ),
    # "model Foo-7B", "model: Bar-70B-FP8": a model of a family the vocabulary does not know, named as the model
    # (its last word ends in a letter or digit: "... with the model Foo-7B-Chat." ends the sentence, not the name)
    _word(
        "model",
        "model",
        r"model[ =:]{1,3}([A-Za-z][\w.]{0,30}-\d{1,4}(?:\.\d{1,2})?[bm](?:-[\w.]{0,19}\w)?)",
        ("model",),
        ("model",),
    ),
    # "BS per DP = 32", "batch per rank 8", "tokens per expert: 256": a size per rank or per expert, its own setting
    # (read before the parallel sizes, whose word after "per" is the denominator, never a size: no dp of 32)
    _word(
        "batch_per_rank",
        "batch_per_rank",
        rf"(?:bs|batch(?:[ _-]size)?)[ _-]per[ _-](?:dp[ _-]rank|dp|rank|gpu)(?: of |{_SEP})(\d{{1,4}})",
        ("per",),
        ("bs", "batch"),
    ),
    _word(
        "tokens_per_expert", "tokens_per_expert", rf"tokens?[ _-]per[ _-]expert{_SEP}(\d{{1,6}})", ("per",), ("token",)
    ),
    # "**4 GPUs**<br/>TP2,PP2": a column's count of boards, when the board is named elsewhere (the line above)
    # (not a fraction's "59/59 GPU/API/stream" tests: a count of tests; "an 8-GPU run" is 8 whatever noun follows)
    _word(
        "gpu_count",
        "gpu_count",
        r"(?<!/)(\d{1,3})(?:-gpus?(?![a-z/])| ?[x×]? ?(?:gpus|gpu(?! ?[a-z/])))",
        ("gpu",),
        (),
        _DIGIT_OPENS,
    ),
    COUNTED_BOARDS,  # "Four A3 cards / eight physical chips", "across 16 NPUs" (vocab.board_counts)
    GPUS_IN_WORDS,
    NODES_COUNTED,
    *PARALLEL_SIZES,  # "TEP4", "TP8", "2-way TP", "EP4" (vocab.parallel_words)
    *SWITCH_WORDS,  # "EP enabled", "with DP attention", "overlap off" (vocab.switch_words)
    *PARALLEL_SPLITS,  # "PP2", "DP4", "DEP8", "DCP8", "CP=4"
    *TRAINING_BATCHES,  # "Micro BS 4", "global_batch_size=512", "GBS 256" (vocab.training_batches)
    *BATCH_WORDS,  # "BS1", "BS=4", "batch 1", "batch size 8" (vocab.batch_words)
    _word("beam_size", "beam_size", rf"beam(?:[ _-]size|[ _-]width)?(?: of |{_SEP})(\d{{1,2}})", ("beam",), ("beam",)),
    *BLOCK_WORDS,  # "block size 16", "--block-size 32", "page size 64"; a block drafter's "block 5" (vocab.block_words)
    # a length printed before its name ("8k ISL", "1024 OSL"), read after every word that could own the number ("TP 8
    # ISL" is tp 8) and never where a number follows the name ("8 ISL 1024" is isl 1024)
    _word("isl", "isl", rf"({LENGTH})[ _-]?isl(?! ?[=:]? ?\d)", ("isl",), (), _DIGIT_OPENS),
    # "2048 input_length, 3072 max_length": a length printed before its argument's name (a limit's is no run's)
    _word(
        "isl",
        "isl",
        rf"({LENGTH}) (?:input|prompt)[ _]len(?:gth)?\b",
        ("_len", " len"),  # (after "input", not over it: the longest trigger at a place hides the shorter)
        (),
        _DIGIT_OPENS,
    ),
    _word(
        "osl",
        "osl",
        rf"({LENGTH}) output[ _]len(?:gth)?\b",
        ("_len", " len"),
        (),
        _DIGIT_OPENS,
    ),
    # "1024-token inputs, 256-token outputs", "4096-token prompts": a length per request, named by what it is
    # ("exact 2,000-token outputs": its thousands separated; "a fixed 2K output": the length every request had)
    _word(
        "isl",
        "isl",
        rf"(\d{{1,3}}(?:,\d{{3}})+|{LENGTH})[ -]tokens? (?:inputs?|prompts?)",
        ("token inp", "token prom", "tokens inp"),
        (),
        _DIGIT_OPENS,
    ),
    _word(
        "osl",
        "osl",
        rf"(\d{{1,3}}(?:,\d{{3}})+|{LENGTH})[ -]tokens? (?:outputs?|completions?)",
        ("token out", "token comp", "tokens out"),
        (),
        _DIGIT_OPENS,
    ),
    _word(
        "isl", "isl", rf"(?:fixed|exact)[ -]({LENGTH})[ -](?:inputs?|prompts?)", ("fixed", "exact"), ("fixed", "exact")
    ),
    _word(  # ("fixed 256 outputs"; a row forcing its length, "Forced 1000 out (ignore EOS)", never "5 out of 8")
        "osl",
        "osl",
        rf"(?:fixed|exact|forced)[ -]({LENGTH})[ -](?:outputs?|out(?! of\b))",
        ("fixed", "exact", "forced"),
        ("fixed", "exact", "forced"),
    ),
    _word("osl", "osl", rf"({LENGTH})[ _-]?osl(?! ?[=:]? ?\d)", ("osl",), (), _DIGIT_OPENS),
    _word(
        "state", "state", r"(bf16|fp32|fp16)[ _-](?:(?:gdn|ssm|recurrent|mamba)[ _-])?state", ("state",), ("bf", "fp")
    ),
    # agg or disagg (prefill/decode split) serving: two recipes, no before and after ("aggregated over runs": a verb)
    _word(
        "serving",
        "serving",  # (a bare "agg" after a rate, "Tok/s Agg", is the rate summed over requests: no recipe)
        r"(disagg|disaggregated)(?:[ _-](?:serving|mode|recipe))?|(agg)[ _-](?:serving|mode|recipe)"
        r"|(?<!/s )(?<!/sec )(?<!tps )(?<!put )(?<!tok )(agg)|(aggregated)[ _-](?:serving|mode|recipe)",
        ("agg",),
        ("agg", "disagg"),
    ),
    # "PD disaggregation", "1P1D": the mode by the phases it splits, or their servers' counts (not a bare feature name)
    _word(
        "serving",
        "serving",
        r"(pd|p ?/ ?d|prefill ?[/-] ?decode)[ _-]disaggregat(?:ion|ed)",
        ("agg",),  # (the other serving word's trigger: the trigger pass finds no word inside a longer one)
        ("pd", "p", "prefill"),
    ),
    _word("serving", "serving", r"(\d{1,2}p\d{1,2}d)", tuple(f"{d}p" for d in range(10)), (), _DIGIT_OPENS),
    # "EPD", "encoder disaggregation": the encoder, prefill and decode on servers of their own, a disaggregated run
    _word("serving", "serving", r"(epd|encoder[ _-]disaggregat(?:ion|ed))", ("epd", "encoder"), ("epd", "encoder")),
    # "4K ctx", "16k context", "2048-token contexts", "ctx_len=4096": the sequence a kernel, a decode step or an
    # eval attends over (never "max context 32768", a limit, nor "1× ctx server"); "for context of 512", "with a
    # 1024-token window", "context size 4096": the tokens a run's window holds (llama.cpp's -c), said in a sentence
    _word(
        "isl",
        "isl",
        r"(?<!max )(?:(\d{1,3}[kK]|\d{3,7})(?:[ -]tokens?)? ?(?:ctx|contexts?)"
        r"(?![ _-]?(?:servers?|workers?|instances?))|"
        r"(?:ctx|context)(?:[ _-]?(?:len(?:gth)?|size))(?: ?[=:] ?| | of )(\d{1,7}[kK]?)|"
        r"(?:ctx|context) of (\d{2,7}[kK]?)|(?:with|using) an? (\d{2,7}[kK]?)[ -]tokens? (?:context|window))",
        ("ctx", "context", "window"),
        ("ctx", "context", "with", "using"),
        _DIGIT_OPENS,
    ),
    _word("isl", "isl", r"long[ -]context \((\d{1,3}[kK])\)", ("long",), ("long",)),  # "long-context (32k)" runs
    # "~10% PP improvement at 65k tokens": a depth in thousands of tokens a change was measured at is its context
    # (never "at 512 tokens/s", a rate, nor a count in plain digits: "stops at 200 tokens" is an output's cap)
    _word("isl", "isl", r"(?<![\w.])at (\d{1,3}[kK]) tokens(?![ \t]?/)", ("tokens",), ("at",)),
    # "1× ctx server + 1× gen server", "2 prefill + 4 decode workers": the prefill/decode split is disaggregated
    _word(
        "serving",
        "serving",
        r"\d{1,2} ?[x×]? ?(ctx|prefill)(?: servers?| instances?| workers?| nodes?)? ?(?:\+|and|,) ?\d{1,2} ?[x×]? ?"
        r"(?:gen|generation|decode)(?: servers?| instances?| workers?| nodes?)",
        ("ctx", "prefill"),
        (),
        _DIGIT_OPENS,
    ),
    # ExLlama's weights by their bits per weight ("EXL2 4.0 bpw", "4.65bpw"): 3.0 and 5.0 bpw are two setups
    _word("quant", "quant", r"((?:exl[23][ -]?)?\d(?:\.\d{1,2})? ?bpw)", ("bpw",), ("exl",), _DIGIT_OPENS),
    # last: a dtype the words above did not claim for the KV cache or the state is the model's precision
    # torchao's recipes name the scheme with the dtype: int4wo (weight-only), int8dq (dynamic activations)
    # a method with its bits ("AWQ-INT4", "INT3-AWQ", "GPTQ 4-bit") is one scheme: AWQ at 3 and 4 bits are two setups
    _word(
        "quant",
        "quant",
        # ("w8a8 fp8" and "w8a8 int8": two schemes, told apart by the dtype after the bit widths; any other weight
        # and activation widths, "w8a16", "w4a4", is a scheme of its own)
        r"((?:fp8[ _-])?ptpc(?:[ _-]fp8)?|fp8|nvfp4|mxfp8|mxfp4|fp4|float8(?:wo|dq)?|w8a8(?:[ _-](?:fp8|int8))?|"
        r"w(?:int)?[48]a(?:fp8|bf16|fp16|int8|16|8|4)|"
        r"int[2-8][ _-](?:awq|gptq)|int[48](?:wo|dq)?|"
        # (not a project named for its method: "GPTQ-for-LLaMa" is software, it states no run's precision)
        r"(?:awq|gptq)(?:[ _-]?(?:int|w)[2-8](?!\d)|[ _-]?[2-8][ _-]?bits?)?(?![_-]for[_-])|"
        # ("a bf16-trained checkpoint": the precision it was trained in, not the one it ran at)
        rf"bf16|fp16|bfloat16|float16|{GGUF_QUANT}|f16|"  # GGUF types (f32 is an op's: "type=f32")
        r"rtn(?![a-z])|nf4(?:[ _-]?(?:double[ _-]?quant|dq)(?![a-z]))?|"  # (round-to-nearest; bnb's NormalFloat4)
        # (ModelOpt's and torchao's AutoQuant: a searched per-layer mix of precisions, a scheme of its own)
        r"autoquant(?![a-z])|"
        r"(?:aqlm|quip#|vptq|spqr|hqq)(?:[ _-]\d\d?x\d\d?(?:g\d{1,3})?(?![\w.]))?)"  # ("AQLM 1x16": codebooks, bits)
        r"(?![ _-](?:pre-?)?trained\b)",
        (
            "fp",
            "bf",
            "int",
            "w4",
            "w8",
            "awq",
            "gptq",
            "float",
            *(f"q{b}_" for b in "234568"),
            "iq",
            "tq",
            "f16",
            "ptpc",
            "rtn",
            "nf4",
            *("aqlm", "quip#", "vptq", "spqr", "hqq", "autoquant"),
        ),
        (
            "fp",
            "nvfp",
            "mxfp",
            "float",
            "w",
            "int",
            "awq",
            "gptq",
            "bf",
            "q",
            "iq",
            "tq",
            "f16",
            "ptpc",
            "rtn",
            "nf",
            "aqlm",
            "vptq",
            "spqr",
            "hqq",
            "auto",
        ),
    ),
    *KERNEL_WORDS,  # "32 query heads, 8 KV heads, head size 128, causal", "paged decode", "-o RMS_NORM -b CPU"
    *SAMPLING_WORDS,  # "temperature 0.6", "greedy", "top_p 0.95", "top-k 20" (vocab.sampling_words)
)
"""The one table of setup words: `qualifiers` writes them into claims, `config_hints` reads them for compare."""
_TRIGGER_RE = re.compile(f"(?=({trie_pattern(sorted({t for w in SETUP_WORDS for t in w.triggers}))}))")
"""Every trigger of the table in one pass: which words a line may hold (nested by prefixes: see trie_pattern); the
longest at every place, one inside another's too ("TP4PP4": "4p" would hide the "pp" a chain of sizes glues on)."""


def qualifiers(text: str | None) -> dict[str, str]:
    """Normalised qualifiers in a name: "MTP1, FP8 KV" -> {"mtp": "1", "kv_cache": "fp8"};
    "con128 tok/s/GPU" -> {"concurrency": "128"}; "GB300, TP1" -> {"gpu": "GB300", "tp": "1"}."""
    if not text:
        return {}
    return dict(_qualifiers(text))  # a fresh dict: callers add to it


_MARK_RE = re.compile(r"\((?:R|TM)\)|[®™]")
# "H200 table on H20", "the B200 config on an H100": what was tuned for one board, run on another named after it
_LIMIT_RE = re.compile(r"max(?:imum)?[\w ]{0,20}$", re.IGNORECASE)
"""A maximum named before a batch size: the engine's limit, not the batch the run used."""


# "Batch: 4:12.03 total": the number opens a stopwatch's reading (minutes, then seconds), no setting's value
_CLOCK_TAIL_RE = re.compile(r":\d{2}(?!\d)")
# llama.cpp's tests are "pp4", "pp512+tg128", "tg64 @ d4096": lower case, glued, never beside a "tp"
_PROMPT_TEST_RE = re.compile(r"pp\d{1,2}(?![\w.])")


def _limit(w: SetupWord, text: str, start: int, end: int) -> bool:
    """The match names no setting of the run: a maximum ("max batch size 256"), a rank's index ("[TP0]", "trace_dp0
    _tp0_rank0.json.gz": no run splits over 0 ranks, vocab.parallel_words), llama.cpp's prompt test "pp4"
    (a 4-token prompt, not a pipeline of 4 stages), a MoE router's top-k ("experts=128, top_k=8": the experts each
    token goes to, no sampling), a component's precision in a name ("FP4 indexer"), or the size llama-bench prints
    after a GGUF type ("IQ4_K_R4 - 4.5 bpw": the type names the weights)."""
    if w.key == "pp":
        return zero_size(w.key, text, end) or (
            _PROMPT_TEST_RE.match(text, start) is not None and "tp" not in text.lower()
        )
    return (
        zero_size(w.key, text, end)
        or (text[end - 1 : end].isdigit() and _CLOCK_TAIL_RE.match(text, end) is not None)
        or (w.key == "top_k" and routes_experts(text))
        or (w.key == "batch_size" and _LIMIT_RE.search(text, max(0, start - 24), start) is not None)
        or (
            w.key == "quant"  # ("FP16→AQLM": the reference's precision; "FP4 indexer": the indexer's)
            and (
                FROM_SIDE_RE.match(text, start) is not None
                or of_a_component(text, start, end)
                or sized_type(text, start)
            )
        )
    )


# the setup words that carry no digit; every other one does
_ANY_SETUP_RE = re.compile(
    r"\d|" + "|".join(METHOD_WORDS) + "|awq|gptq|rtn|aqlm|vptq|spqr|hqq|autoquant|strict-match|"
    r"flexible-extract|"
    r"dgx|rtx|radeon|orin|jetson|cpu|non-spec|no spec|no-spec|agg|epd|spec decod|speculative decod|spec-decod|"
    r"ptpc|concurrency|random|sharegpt|burstgpt|instructcoder|longbench|drafting|speculation|one output token|"
    r"single output token|greedy|spec=none|spec: none|spec = none|blackwell|hopper|ampere|"
    rf"accept-mode|accept_mode|{TUNED_WORDS}|"  # ("models tuned via PV-tuning:")
    rf"{ENGINE_PATH_TRIGGERS}|{SWITCH_TRIGGERS}|{KERNEL_TRIGGERS}",  # ("without any concurrency cap")
    re.IGNORECASE,
)
_ANY_SETUP_WORD_RE = re.compile(trie_pattern(sorted(set(_ANY_SETUP_RE.pattern.split("|")[1:]))))


def _any_setup(s: str) -> bool:
    """_ANY_SETUP_RE.search(s), as a digit scan and one case-sensitive pass of its words' prefix tree over the lowered
    line (its case-blind words cost every character). Every setup question asks this first of a line with no digit,
    and most hold none of the words: a test per word (42) cost 8 times the one pass there."""
    if has_digit(s):
        return True
    low = lower_for_words(s)
    return _ANY_SETUP_RE.search(s) is not None if low is None else _ANY_SETUP_WORD_RE.search(low) is not None


def blank_setup_words(text: str) -> str:
    """The text with every setup word qualifiers() reads blanked out ("tp4 h20" -> "       ")."""
    return _qualifiers_and_rest(text)[1]


@short_text_cache(8192)  # every line is read by the document default and again by its scope
def _qualifiers(text: str) -> dict[str, str]:
    return drafted_block(_qualifiers_and_rest(text)[0])  # ("DFlash2, block 5": that drafter's draft length)


def _qualifiers_and_rest(text: str) -> tuple[dict[str, str], str]:
    out: dict[str, str] = {}
    s = checkpoint_mtp_blanked(text[:400], model_names)  # ("Qwen3-30B-A3B-mtp": a checkpoint's layers)
    if "(R)" in s or "(TM)" in s or "®" in s or "™" in s:
        s = _MARK_RE.sub("", s)  # "Intel(R) Xeon(R) Platinum 8275CL": the name without its trademarks
    if not _any_setup(s):
        return out, s  # no number and no word of a method: no setup word can match (most prose lines)
    s = parted_settings(joined_thousands(without_env_switches(s)), lambda p: _qualifiers_and_rest(p)[0])  # ("VLLM_..
    # =INT4": a switch; "ISL 68,656": one length; "8GPU/MTP=1": two settings, each part read alone and uncached)
    out, s = without_layouts(s)  # ("ctx2_tep4_gen1_dep16": each role's sizes, never a run-wide TEP4 or DEP16)
    if (um := UNCAPPED_LOAD_RE.search(s)) is not None:  # ("without any concurrency cap": a setting of its own)
        out["concurrency"] = "inf"
        s = s[: um.start()] + " " * (um.end() - um.start()) + s[um.end() :]
    low = lower_for_words(s)
    lm = length_pair(s, low)
    if lm:
        isl = lm.group("isl").lower()
        out["isl"], out["osl"] = isl, (lm.groupdict().get("osl") or isl).lower()
        s = s[: lm.start()] + " " + s[lm.end() :]
    first = s
    for w in _words_in(s, low if lm is None else None):  # (the lowering of s, while no length was cut out of it)
        if w.written in out:
            continue
        m = search_word(w, s)
        # "without the MXFP4 path; ... BF16": the precision the run did not use is no setting; the next one is
        # ("TP4 instead of TP8", "FP8 rather than BF16": the setting the run did not use; the one before it is)
        while m and (
            (w.written != "spec_algo" and OFF_BEFORE_RE.search(s, max(0, m.start() - 28), m.start()))
            or REJECTED_BEFORE_RE.search(s, max(0, m.start() - 24), m.start())
        ):
            m = search_word(w, s, m.end())
        # "10% lower than without MTP": the arm the result is compared to, not the result's own
        while m and not_the_runs_method(w.written, s, m):  # ("on the decode and MTP-3 path": one of two arms)
            m = search_word(w, s, m.end())
        # "speedups relative to the FP16 baseline": the precision of the run compared against; the next one is the run's
        # ("nvfp4-kv kernels" once more after the KV cache's word was read: a KV cache's precision, not the weights')
        while m and w.written == "quant" and not_the_runs_precision(s, m.start(), m.end()):
            m = search_word(w, s, m.end())
        # "for batch size 8 and above", "at 64+ concurrency": a bound, no one setting; nor a board in an image tag
        while m and (OPEN_BOUND_RE.match(first, m.end()) or (w.written == "gpu" and in_image_tag(first, m.start()))):
            m = search_word(w, s, m.end())
        if not m or _limit(w, first, m.start(), m.end()):
            continue
        val = next(filter(None, m.groups()), "")
        if (fleet := fleet_replicas(w, m, s)) is not None:  # "4xTP=4", "2x TP4": the replicas of a tp size
            out.setdefault("replicas", fleet[0])
            val = fleet[1]
        if w in SPEC_TUPLE_WORDS:  # "EAGLE (3 1 4)": steps and top-k, and 4 draft tokens
            out.update(zip(SPEC_TUPLE_KEYS[:2], m.groups()[:2], strict=True))
            val = m.group(3)
        if (span := setting_range(first, m.start(), m.end(), val, w.key)) is not None:
            val = span  # "concurrency 4–256", "3.5k–160k context": the range the runs span, never one of its ends
        elif (high := m.groupdict().get("high")) is not None:
            val = f"{val}-{high}"  # "c8-c128": a range the word itself spells, each end with its letter
        if w.key in COUNTED_IN_WORDS:  # "eight requests at a time", "a single output token", "four PP ranks"
            val = NUMBER_WORDS.get(val.lower(), "1" if val.lower() == "single" else val)
        if w.key == "draft_len":
            val = "0" if val.lower() == "no" else NUMBER_WORDS.get(val.lower(), val)
            if "mtp" in m.group(0).lower() and "mtp_k" not in m.group(0).lower():
                # "MTP3", "MTP=3": the method and its draft length; "No MTP": no method at all, whatever the
                # title's or the section's method around it
                out.setdefault("spec_algo", "mtp" if val != "0" else "none")
            elif (method := _METHOD_COUNT_RE.match(m.group(0))) is not None:
                out.setdefault("spec_algo", method.group(1).lower())  # "EAGLE=3": EAGLE, three draft tokens
        if w in _FUSED:
            for key in _FUSED[w]:
                out.setdefault(key, val)
        elif w.written == "gpu":  # the name as GPUs are written ("H100"), its count as printed ("8x")
            out["gpu"] = board(w, m, val, s)
            if (nodes := board_nodes(m, val, s)) is not None:
                out.setdefault("nodes", nodes.group(1))
        elif w.written == "spec_algo":
            out[w.written] = "none" if turned_off(s, m) else unspaced_method(val)  # "with MTP disabled"
        elif w.written == "serving" and val.lower() not in ("agg", "aggregated", "disagg", "disaggregated"):
            out["serving"] = "disaggregated"  # (its servers split by phase: "1× ctx server + 1× gen", "1P1D")
        elif w.written == "quant" and "ptpc" in val.lower():
            out["quant"] = "fp8_ptpc"  # ("PTPC", "FP8 PTPC": FP8 scaled per token and per channel, one scheme)
        elif w.written == "quant" and val[-3:].lower() == "bpw":
            out["quant"] = val.lower().replace(" bpw", "bpw")  # "EXL2 4.0 bpw" and "EXL2 4.0bpw": one setup
        elif w.written == "quant" and (both := device_precisions(s, m.end(), val)) is not None:
            out["quant"] = both  # ("online quant into int8 for CPU and int4 for GPU": the run's two, as written)
        elif w.key in ("isl", "osl") and "," in val:
            out[w.written] = val.replace(",", "")  # "exact 2,000-token outputs": 2000
        elif w.written == "filter":  # ("GSM8K strict": lm-eval's strict-match, by its full name)
            out["filter"] = canon_value("filter", val)
        elif w.written == "offload":  # ("-ot exps=CPU", "MoE tensors left on the CPU": one offload)
            if "n_cpu_moe" not in out:  # (a count of the layers offloaded says more: "--n-cpu-moe 30")
                out["offload"] = canon_value("offload", val)
        else:  # (a switch's words its on / off: "EP enabled", "without overlap"; "model Quill-7B" as printed)
            out[w.written] = (w.key in SWITCH_KEYS and switch_value(val)) or (val if w.key == "model" else val.lower())
        # a word read once: "TP8EP8" is tp 8, then ep 8 (blanked in place, so that what follows each word stays
        # where it was: "NVFP4+FP8KV" is no bound "NVFP4+" once FP8KV is read)
        s = s[: m.start()] + " " * (m.end() - m.start()) + s[m.end() :]
    if "cpu" in out and out.get("gpu") == "CPU":
        del out["gpu"]  # "on CPU (Xeon 8480)": the chip names the device (Context.claim), not its kind
    if "gpu" in out and "isl" not in out and (pm := path_lengths(first, out["gpu"])) is not None:
        out["isl"], out["osl"] = pm.group("isl").lower(), pm.group("osl").lower()  # ".../gb200-fp4/1k1k/max.yaml"
    return out, s


@short_text_cache(8192)  # asked of every short line of output, as qualifiers is
def named_twice(text: str) -> frozenset[str]:
    """The setup keys a sentence gives two different values ("on an RTX 4080 Super and an RTX 3090 Ti"): it
    states no one value of them for the results that follow."""
    s = text[:400]
    if not _any_setup(s):
        return frozenset()
    s = one_model_blanked(without_layouts(s)[1])  # ("ctx1_dep4_gen1_dep32": two roles' sizes; "org/M-Int4 W4A16")
    out: set[str] = set()
    words = _words_in(s)
    # ("TRTLLM-MLA FP8 ... NVFP4 checkpoint", "FP8 KV cache, NVFP4 weights": the cache's precision and the model's,
    # one each; the first is no second value of the model's)
    kv = [m.span() for w in words if w.key == "kv_cache" for m in finditer_word(w, s)]
    for w in words:
        values = {  # (not a board an image's tag names)
            next(filter(None, m.groups()), "").lower()
            for m in finditer_word(w, s)
            if (w.written != "gpu" or not in_image_tag(s, m.start()))
            and (w.written != "quant" or not any(a <= m.start() < b for a, b in kv))
        } - {""}
        if len(values) > 1 and not (w.written == "gpu" and one_machine(values)):  # ("GB300 sm_103": one machine)
            out.update(_FUSED.get(w, (w.written,)))
    return frozenset(out)


def unsaid(values: dict[str, str], text: str) -> dict[str, str]:
    """A line's setup without the keys it gives two values ("+4.3% at TP4 and +3.3% at TP8, with peaks of +16.5%"):
    it states neither for the lines around it, so a clause after both never takes the first one's."""
    return {k: v for twice in (named_twice(text),) for k, v in values.items() if k not in twice} if values else values


_WORDS_OF = {t: tuple(i for i, w in enumerate(SETUP_WORDS) if t in w.triggers) for w in SETUP_WORDS for t in w.triggers}
_UNTRIGGERED = frozenset(i for i, w in enumerate(SETUP_WORDS) if not w.triggers)


_METHOD_COUNT_RE = re.compile(r"(eagle3?|medusa|ngram)", re.IGNORECASE)
_WORDS_FOR: dict[frozenset[str], tuple[SetupWord, ...]] = {}
"""The words each set of triggers names (a few hundred sets over a corpus): made once a set, not once a line."""


def _words_in(s: str, low: str | None = None) -> tuple[SetupWord, ...]:
    """The setup words whose triggers `s` holds, in the table's order (one pass finds the triggers): all that match."""
    return _words_in_lowered(s.lower() if low is None else low)


@short_text_cache(4096)  # (a line's qualifiers, the keys it names twice and a name's hints ask it of the same text)
def _words_in_lowered(low: str) -> tuple[SetupWord, ...]:
    held = frozenset(_TRIGGER_RE.findall(low))
    words = _WORDS_FOR.get(held)
    if words is None:
        if len(_WORDS_FOR) >= 4096:
            _WORDS_FOR.clear()  # (bounded whatever a hostile corpus holds)
        found = _UNTRIGGERED.union(*map(_WORDS_OF.__getitem__, held))
        words = _WORDS_FOR[held] = tuple(map(SETUP_WORDS.__getitem__, sorted(found)))
    return words


LONG_CONTEXT_RE = re.compile(r"pass[ _-]?key|long[ _-]?context|needle|\bniah\b|\bruler\b", re.IGNORECASE)


@short_text_cache(4096)  # every column header and setting name of a document asks it, most of them again
def config_key(header: str) -> str:
    """The config key a column header or setting name gives: "Batch Size" -> "batch_size", "TP" -> "tp"."""
    total = "total_" if TOTAL_PAREN_RE.search(header) else ""  # ("Prompt tokens (total)": a run's sum, no length)
    key = re.sub(r"\s*[(\[][^()\[\]]{0,24}[)\]]\s*$", "", header.strip()).strip(" *`_:=")
    key = total + re.sub(r"[\s\-/,;]+", "_", key.lower())  # ("Model size, Gb": no comma in a key)
    return key[:40] or header.strip().lower()[:40]
