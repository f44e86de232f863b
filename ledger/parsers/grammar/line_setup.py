"""The setup one line states: its labelled settings ("TP Size: 8", "- **GPU**: H100"), its inline "key=value"
settings, its setup words, a table header's setting value; the restricted-use words a line's text carries blanked.
Read line by line by grammar.setup_scopes, the document default and the readers that label a result's settings."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.parsers.grammar.eval_lines import eval_cap
from ledger.parsers.grammar.item_labels import item_label_keys
from ledger.parsers.grammar.respective_items import respective_keys
from ledger.parsers.grammar.setting_arrows import varied_keys
from ledger.vocab.canonical import device_as_printed
from ledger.vocab.disagg_layout import LAYOUT_KEYS, without_layouts
from ledger.vocab.engines import engine_in_parens
from ledger.vocab.eval_run_names import eval_run_setup
from ledger.vocab.flags import COMPUTE_DTYPE, dtype_not_quant
from ledger.vocab.gguf_types import GGUF_QUANT
from ledger.vocab.label_batches import batch_tail
from ledger.vocab.length_pairs import natural_lengths_beside
from ledger.vocab.listed_models import listed_family
from ledger.vocab.machine_lines import cpu_as_printed, labelled_card
from ledger.vocab.matmul_kernels import kernel_setting, kernel_tail
from ledger.vocab.model_bits import bits_tail
from ledger.vocab.model_cells import model_and_variant, scheme_only
from ledger.vocab.model_spellings import folder_checkpoint
from ledger.vocab.models import parameter_counts
from ledger.vocab.passing_names import passing_models
from ledger.vocab.serving_datasets import hub_dataset, named_dataset, replayed_trace
from ledger.vocab.setting_heads import whole_count
from ledger.vocab.setup import DTYPE_PATTERN, config_key, model_names, named_twice, qualifiers, setup_label_key
from ledger.vocab.setup_keys import SWITCH_KEYS, canonical_key_name
from ledger.vocab.setup_labels import states_rate
from ledger.vocab.sides import THIS_CHANGE_RE
from ledger.vocab.software_stack import STACK_KEYS, stack_versions
from ledger.vocab.switch_values import SIZELESS_SWITCHES, switch_value
from ledger.vocab.text import has_digit, joined_thousands, lower_for_words
from ledger.vocab.worded_models import worded_model
from ledger.vocab.workload import parenthesised_workload, setup_only

PARALLEL_KEYS = frozenset(("tp", "ep", "pp", "dp", "dcp", "pcp"))
DEFAULT_KEYS = frozenset(
    (
        "model",
        "gpu",
        "gpu_count",
        "cpu",  # ("Zen4: faster TG for IQ3_K": the one host of every run the thread times)
        "tp",
        "ep",
        "pp",
        "dp",
        "dcp",
        "pcp",
        "isl",
        "osl",
        "concurrency",
        "batch_size",
        "max_batch_size",
        "kv_cache",
        "quant",
        COMPUTE_DTYPE,
        "spec_algo",
        "draft_len",
        "draft",
        "mtp",
        "draft_tp",  # ("Draft TP=1" over a table: the drafter's ranks in every run below it)
        "serving",  # ("for PD disaggregation on the Mooncake backend": the mode every result of the thread ran in)
        "cuda_graph",  # ("Execution mode: ACLGraph", "--enforce-eager": how every result's steps were run)
        *LAYOUT_KEYS,  # ("ctx1_tep8_gen2_dep32" in a recipe's name: how the deployment split its servers)
        *STACK_KEYS.values(),  # ("Software Environment: CANN: 8.2.RC1, PyTorch: 2.7.1": every result's stack)
    )
)
"""The keys a document's one value holds for all its results: the deployment and the workload. Not a shot count,
an lm-eval filter or a command's task, which differ by result even where a document prints one."""
SERVER_LOAD_KEYS = frozenset(("num_prompts", "mem_fraction"))
"""How many prompts a serving run sent and the share of memory its server had ("Requests: 5000", "mem fraction 0.9"):
a run's or a section's, never a document's (another run of the same page sends another count)."""
RUN_SETUP_KEYS = DEFAULT_KEYS | {"dataset", "backend", "request_rate", "max_num_seqs"} | SERVER_LOAD_KEYS
"""The keys a section holding results, or a test plan over them, states for all of them: the default's, and the data
its serving runs draw ("--dataset-name random"), the rate they send it at ("request-rate `inf`"), the server they send
it to ("--backend vllm") and the requests that server batches ("Server args: `--max-num-seqs 96`"), which another
section's or another turn's runs may not share, so no document default holds them."""
# "Model: org/X", "- **GPU**: 4x H100", "TP Size: 8", "Average Input Length (tokens): 8192.0000", "ISL = 2000"
_LABEL_LINE_RE = re.compile(
    r"^\s*(?:[-*+]\s{1,4})?(?:\*\*|__)?(?P<label>[A-Za-z][\w ()./-]{0,50}?)(?:\*\*|__)?"
    r"\s{0,4}[:=]\s{0,40}(?:\*\*|`)?\s{0,4}(?P<value>[^\s,;|`*][^,;|`]{0,300})"
)
# a clause giving a value to some rows only ("the sweep rows use ISL 4096", "matrix rows run at TP4"), no document's
_ROWS_VERB_RE = re.compile(
    r"\b(?:rows?|runs?|cases?|columns?)\s{1,3}(?:use|used|uses|run|ran|are|were)\b", re.IGNORECASE
)
"""The heart of a clause that gives a value to some rows ("the fp8 rows use ISL 8000"); the clause runs back to
the last stop (at most 120 characters) and on to the next (at most 300)."""
_ROWS_WORDS = ("row", "run", "case", "column")
"""The words _ROWS_VERB_RE cannot match without."""
_ROWS_VERB_LOW_RE = re.compile(_ROWS_VERB_RE.pattern)
"""Its case-sensitive copy, for the lowered text (lower_for_words: the same spans; a case-blind engine compares every
character in both cases)."""
_ALL_RE = re.compile(
    r"\b(?:all|every|each|both)\s{1,3}(?:of\s{1,3}the\s{1,3})?(?:rows?|runs?|cases?|columns?)\b", re.IGNORECASE
)


# "* K=2: 201.69, speedup: 1.51x": a list item whose label is the run's setting; "- BS per DP = 32: 2.27", a setting
# named in words (setting_label: only a name the vocabulary knows as a setup key)
_SETTING_LABEL_RE = re.compile(
    r"^\s{0,8}(?:[-*+]\s{1,4})?(?:\*\*)?(?P<key>[A-Za-z][\w-]{0,15}(?: [A-Za-z][\w-]{0,15}){0,3})\s{0,2}=\s{0,2}"
    r"(?P<setting>\d{1,6}(?:\.\d{1,4})?)(?:\*\*)?\s{0,2}:\s{0,4}(?P<num>\d{1,12}(?:\.\d{1,6})?)"
    r"(?:\s{0,2}(?P<unit>[A-Za-z][\w/%]{0,11}))?(?=[\s,;]|$)"
)


def setting_label(text: str) -> re.Match[str] | None:
    """The match of a line that opens with a setting as its label ("K=2: 201.69", "BS per DP = 32: 2.27"), else None.
    A label of one word is any setting's name; one of several words must be a setup key's ("batch per rank"), not a
    measure's or a sentence's ("mean TTFT at c = 4: 31")."""
    m = _SETTING_LABEL_RE.match(text) if "=" in text else None  # (it needs one: every line outside a table asks)
    if m is None or (" " in m.group("key") and setup_label_key(m.group("key")) is None):
        return None
    return m


def label_settings(text: str) -> dict[str, str]:
    """The setting a line's label states ("K=2: 201.69" -> {"k": "2"}, and its setup key when it has one; a label of
    several words gives its setup key alone: "BS per DP = 32" -> {"batch_per_rank": "32"})."""
    m = setting_label(text)
    if m is None:
        return {}
    key = m.group("key")
    canon = setup_label_key(key)
    out = {config_key(key): m.group("setting")} if canon is None or " " not in key else {}
    if canon is not None:
        out[canon] = m.group("setting")
    return out


@short_text_cache(8192)  # the document default, the section workloads, the text scopes and the setup sections ask it
def unrestricted(text: str) -> str:
    """The text without its clauses that give a value to some rows only ("All runs use an H200" gives it to all)."""
    low = lower_for_words(text)
    if low is not None and not any(map(low.__contains__, _ROWS_WORDS)):
        return text  # every line of a document comes here: a substring test, not the case-blind pattern, skips most
    out: list[str] = []
    pos = 0
    found = _ROWS_VERB_RE.finditer(text) if low is None else _ROWS_VERB_LOW_RE.finditer(low)
    for m in found:  # found once, then walked by hand: no pattern tries every start
        if m.start() < pos:
            continue
        lo, floor = m.start(), max(pos, m.start() - 120)
        while lo > floor and text[lo - 1] not in ".;:":
            lo -= 1
        hi, ceil = m.end(), min(len(text), m.end() + 300)
        while hi < ceil and text[hi] not in ".;":
            hi += 1
        clause = text[lo:hi]
        out += [text[pos:lo], clause if _ALL_RE.search(clause) else " "]
        pos = hi
    return "".join(out) + text[pos:] if out else text


_MODEL_END_RE = re.compile(r",|;|\s\(|（|\s-\s|\s(?:on|with|at|using|via)\s")  # ("X on one RTX 4090": the model ends)


def label_setup(text: str) -> dict[str, str]:
    """The setting of a "Label: value" line whose label names a setup key ("TP Size: 8" -> {"tp": "8"})."""
    return dict(_label_setup(text))  # a fresh dict: callers add to it


@short_text_cache(8192)  # (the line setup, heading, text and lead-in scopes ask a line: 4,254 asks, 2,529 texts)
def _label_setup(text: str) -> dict[str, str]:
    # (it needs a ":" or "=": every line asks; "ISL: 32,768" is one length)
    m = _LABEL_LINE_RE.match(joined_thousands(text)) if ":" in text or "=" in text else None
    if not m:
        return {}
    key = setup_label_key(m.group("label"))
    if key is None:  # ("Version: GEMV" among a run's settings: the kernel it ran, where a release would be no setting)
        return kernel_setting(m.group("label"), m.group("value").strip(" .*_"))
    value = m.group("value").strip(" .*_")
    if key in ("model", "draft_model"):
        value = _MODEL_END_RE.split(value)[0].strip()  # "Code Llama 34B Q4_K_M", "org/Model-8B (bf16)"
        if value.startswith(("/", "./", "~/")) and "path" in m.group("label").lower():
            value = value.rstrip("/").rsplit("/", 1)[-1]  # "Model Path: /fs/models/Foo-8B": the checkpoint Foo-8B
    value = _checked(key, value)
    value = whole_count(value)
    return {key: value} if value else {}


# "Decode 0. Batch size: 1, latency: ...", "bench (batch_size=128, qkv_len=512), flops: 448.1": a setting among
# the results of its own line (the look-ahead finds the ":" or "=" in one run of the key's characters, so that a word
# with none after it is left at once rather than tried at each of its key's lengths)
_INLINE_RE = re.compile(
    r"(?<![\w.])(?=(?=(?P<run>[A-Za-z_ '\"]{1,35}))(?P=run)[:=])"
    r"['\"]?(?P<key>[A-Za-z][A-Za-z_ ]{0,30}?)['\"]? {0,2}[:=] {0,40}['\"]?"
    r"(?P<value>\d[\d.]{0,12}(?![\w.])|[A-Za-z][\w./-]{0,60})"
)
"""(the key's run is taken whole by a look-ahead, which the engine does not go back into, and the ":" or "=" must
follow it: the greedy run gave back one character at a time at every word of a line, to find a joint none of its
characters can be)"""


def inline_settings(text: str) -> dict[str, str]:
    """The setup keys set on a line among other things ("Batch size: 1" beside "latency: 0.009 s")."""
    return dict(_inline_settings(text))


# an engine's own argument name and its number in prose: "with num_spec_tokens 4 and tp_size 2"
_SNAKE_SETTING_RE = re.compile(
    r"(?<![\w.-])(?P<key>[a-z][a-z0-9]{0,20}(?:_[a-z0-9]{1,20}){1,4}) {1,2}(?P<value>\d{1,7})(?![\w.])"
)
# what every match of each holds, found by a pattern that opens with a literal or a short class (the engine skips to
# it) instead of trying the key's run at every word: the last part of a snake name, its blank and digit; the ":" or
# "=" after a key's last character (looked behind for: the engine skips to the joints) and the value's first character
_SNAKE_TAIL_RE = re.compile(r"_[a-z0-9]{1,20} {1,2}\d")
_INLINE_JOINT_RE = re.compile(r"[:=](?<=[A-Za-z_ '\"][:=]) {0,40}['\"]?(?:\d|[A-Za-z])")


@short_text_cache(8192)
def _inline_settings(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    # ("(ctx1 TP=4 + gen4 TP=8)": each role's sizes, read by the layout's reader, never the run's one tp)
    head = without_layouts(text[:2000])[1]
    if "_" in text and _SNAKE_TAIL_RE.search(head):
        for m in _SNAKE_SETTING_RE.finditer(head):
            # ("max_batch_size 128" is the engine's limit, its own key; "num_spec_tokens 4" a label's)
            raw = canonical_key_name(m.group("key"))
            key = raw if raw in _NUMERIC_KEYS else setup_label_key(m.group("key").replace("_", " "))
            if key in _NUMERIC_KEYS and key in DEFAULT_KEYS:
                out.setdefault(key, m.group("value"))
    if ("=" not in text and ":" not in text) or not _INLINE_JOINT_RE.search(head):
        return out
    if "E" in head and (em := _EXPERTS_RE.search(head)) and _SHAPE_KEY_RE.search(head):
        out["experts"] = em.group("n")  # "TP=8 (E=64, N=512)": a MoE kernel's expert count
    for chain in _CHAINED_RE.finditer(head) if head.count("=") >= 2 else ():
        # "EP = DP = 4": one value for every key of the chain (each chain its own: "ISL=OSL=1024, conc = bs = 32")
        for part in chain.group("keys").split("=")[:-1]:
            if (key := _chain_key(_ROLE_RE.sub(" ", part).split())) in _INLINE_KEYS:
                out.setdefault(key, chain.group("value"))
    if "model" in head and (pm := _MODEL_PATH_RE.search(head)) is not None and _target_model(head, pm.start()):
        out["model"] = pm.group("name")  # "model='/data/ckpt/Qwen3-8B-FP8'" in a config dump: the checkpoint's folder
    for m in _INLINE_RE.finditer(head):
        key = setup_label_key(m.group("key").replace("_", " "))
        if key is None or key not in _INLINE_KEYS or key in out or _CLOCK_RE.match(head, m.start("value")):
            continue
        # ("..., GPU: AMD Foo X1:": a board's name of several words, to the mark that ends it)
        words = key == "gpu" and m.group("value")[:1].isalpha()
        value = _checked(key, _BOARD_END_RE.split(head[m.start("value") :], 1)[0] if words else m.group("value"))
        if value:
            # "dtype=float16" among model_args or a log's engine settings: the dtype it computes in (settle_precision)
            key = COMPUTE_DTYPE if m.group("key").strip().lower() == "dtype" else key
            out[key] = whole_count(value.rstrip("."))
            if key == "model" and (run := eval_run_setup(value)) is not None:
                out["model"] = run[0]  # ("openai__gpt-oss-20b-low_temp1.0_<time>": an eval run's name, its parts)
                out.update({k: v for k, v in run[1].items() if k not in out})
    return out


_FRACTION_RE, _MEASURED_RE = re.compile(r"^\d{1,9}\.\d*[1-9]"), re.compile(r"^\d{1,9}\.\d\d")  # ("48.00": measured)
# "Batch: 4:12.03 total": a stopwatch's reading (shell `time`'s minutes and seconds) after a label, no count
_CLOCK_RE = re.compile(r"\d{1,3}:\d{2}(?:[.:]\d{1,3})?(?!\d)")
_NUMERIC_KEYS = PARALLEL_KEYS | {"isl", "osl", "concurrency", "batch_size", "max_batch_size", "draft_len"}
_WORD_KEYS = {"quant": ("quant",), "kv_cache": ("kv_cache", "quant"), "spec_algo": ("spec_algo",)}


def setting_value(header: str, value: str) -> dict[str, str]:
    """A table's label column whose header names a setup key ("Model", "GPU", "TP"): {key: value} of a cell, and the
    kernel a model's cell names after the model ("Wren 7B GEMV"); {} where the cell sets nothing."""
    key = setup_label_key(header)
    if key is None or key not in DEFAULT_KEYS:
        return {}
    if key == "model" and scheme_only(value.strip(" *_`")):
        return {"quant": value.strip(" *_`")}  # ("W8A8" under "Checkpoint": the scheme of the page's one model)
    checked = _checked(key, value.strip(" *_`"))
    return {key: checked, **(row_kernel(value) | batch_tail(value)[1] if key == "model" else {})} if checked else {}


# (and llama.cpp's GGUF types: "Qwen3 Q4_K_M" is the model Qwen3 in that quantisation, which qualifiers read)
_PRECISION_TAIL_RE = re.compile(
    rf"(?<=\w)\s(?:\(\s?)?(?:{DTYPE_PATTERN}|w4a16|w8a8|w4a8|awq|gptq|{GGUF_QUANT})(?:\s?\))?$",
    re.IGNORECASE,
)
_FILE_SIZE_TAIL_RE = re.compile(r"\s?\(\s?\d{1,4}(?:\.\d{1,3})?\s?(?:GiB|GB|MiB|MB)\b[^()]{0,30}\)$")
_SETUP_PAREN_TAIL_RE = re.compile(r"(?<=\w)\s?\(([^()]{1,40})\)$")
_SIZE_END_RE = re.compile(r"\d(?:\.\d{1,2})?\s?[BbMm]\s?$")  # a name that ends in its parameter count: "Wren 7B"
_HUB_IN_PARENS_RE = re.compile(r"\(\s?`?(?P<id>[\w.-]{1,60}/[\w.-]{1,100})`?\s?\)")


# what follows a setting's number and is no part of it: "TP=8 (E=64, N=512)", "ISL: 16,384 for the short rerun"
_AFTER_NUMBER_RE = re.compile(
    r"\s\(|\s(?:with|over|via|using|across|through|for|on|in|when|where|and|but)\s", re.IGNORECASE
)
_INLINE_KEYS = DEFAULT_KEYS | {"experts"} | SERVER_LOAD_KEYS
# a config dump's quoted model path ("model='/models/Qwen3-8B'", MTP's the target's): its last folder, no draft's
_MODEL_PATH_RE = re.compile(
    r"(?<![\w.])model ?= ?['\"]/?(?:[\w.@+-]{1,80}/){1,12}"
    r"(?P<name>[A-Za-z][\w.+-]{0,80}\d[\w.+-]{0,80})/?['\"]"
)
_SPEC_METHOD_RE = re.compile(
    r"(?:SpeculativeConfig\(|speculative_config ?= ?\{?)[^)}]{0,200}?method ?[=:] ?['\"]?(?P<m>\w{1,24})"
)


def _target_model(head: str, at: int) -> bool:
    """Whether the model path at `at` is the run's: outside a speculative config, or inside one whose method drafts
    with the target's own layers (MTP)."""
    spec = head.rfind("peculative", 0, at)
    if spec < 0 or head.find(")", spec, at) >= 0:
        return True
    m = _SPEC_METHOD_RE.search(head, max(0, spec - 2))
    return m is not None and "mtp" in m.group("m").lower()


_BOARD_END_RE = re.compile(r"[,;:()]|\.(?:\s|$)")  # (a sentence's end: "GPU: Foo X1. Then ...")
# "EP = DP = 4", "batch size = concurrency = 1": keys of up to three words each, one value for all
# (a link may be a flag's name, "max-num-seqs", and say whose setting it is: "max-concurrency (client) = max-num-seqs
# (server) = 256", the client's load and the server's limit at one number)
_CHAINED_RE = re.compile(
    r"(?P<keys>(?:(?<![\w.-])[A-Za-z_][A-Za-z_-]{0,30}(?: [A-Za-z_][A-Za-z_-]{0,30}){0,2}"
    r"(?: ?\([A-Za-z ]{1,20}\))? ?= ?){2,4})(?P<value>\d{1,6})(?![\w.])"
)
_ROLE_RE = re.compile(r"\([A-Za-z ]{1,20}\)")


def _chain_key(words: list[str]) -> str | None:
    """The setup key a chain's link names: its last words that name one ("with batch size": batch_size), an engine's
    own argument by its own name ("max_batch_size" is the engine's limit)."""
    for k in range(min(len(words), 3), 0, -1):
        name = " ".join(words[-k:])
        # (one word by its canonical name: "conc", "bs"; an engine's "max_num_seqs" by its label's, its limit)
        raw = canonical_key_name(name) if k == 1 else None
        if (key := raw if raw in _NUMERIC_KEYS else setup_label_key(name.replace("_", " "))) is not None:
            return key
    return None


# a one-letter "E" is the experts only beside a kernel's other shape keys ("E=64, N=512"), as in a table's columns
_EXPERTS_RE = re.compile(r"(?<![\w.])E ?= ?(?P<n>\d{1,4})(?![\w.])")
_SHAPE_KEY_RE = re.compile(r"(?<![\w.])(?:N|K|M|topk|top_k) ?= ?\d")


_LOAD_NUMBER_RE = re.compile(r"\d{1,7}(?:\.\d{1,4})?(?![\w.])")


def _checked(key: str, value: str) -> str:
    """The value a setting label gives, when it is one ("Speculative decoding: share the pages" sets nothing):
    a number for a size, a setup word for a dtype or method, a GPU's name, a model's name or path."""
    if key in SWITCH_KEYS and (switched := switch_value(value)) is not None:
        return switched  # ("Expert parallel: enabled")
    if key in SIZELESS_SWITCHES:
        return ""
    if key in _NUMERIC_KEYS:
        # (a count is whole: "Concurrency: 27.85", bench_serving's "48.00" to two places, is what a run reached)
        if (
            not value[:1].isdigit()
            or _FRACTION_RE.match(value)
            or _CLOCK_RE.match(value)
            or (key == "concurrency" and _MEASURED_RE.match(value))
        ):
            return ""
        cut = _AFTER_NUMBER_RE.search(value)  # "TP=8 (E=64, N=512)": the number, not what follows it
        return value[: cut.start()] if cut else value
    if key in SERVER_LOAD_KEYS:  # ("1k/1k prompts: decode 42.1": a count or a share is a number)
        m = _LOAD_NUMBER_RE.match(value)
        return m.group(0) if m else ""
    if key == "request_rate":
        cut = _AFTER_NUMBER_RE.search(value)
        return "" if not states_rate(value) else value[: cut.start()] if cut else value
    if key == "gpu":
        # "GPU: 3x AMD Radeon AI PRO R9700 (32 GB)": a board the vocabulary does not know, named as printed
        # ("GPU: 4090D 24G VRAM": a GeForce by its number alone, which the label alone says is a board)
        return qualifiers(value).get("gpu", "") or device_as_printed(value) or labelled_card(value) or ""
    if key == "cpu":
        value = cpu_as_printed(value)  # ("CPU: cpu_model_name: AMD EPYC 9654": the processor, not the tool's field)
        # ("HOST=0.0.0.0", "http://host:8000", "Host: localhost": an address, no CPU)
        return value if any(ch.isalpha() for ch in value) and any(ch.isdigit() for ch in value) else ""
    if key in _WORD_KEYS:
        found = qualifiers(value)
        return next((found[k] for k in _WORD_KEYS[key] if k in found), "")
    if key == "model":
        value = model_in_cell(value).rstrip("/")  # ("Model: acme/Foo-8B/": the folder's slash, no part of its name)
        return value if any(ch.isdigit() or ch == "/" for ch in value) and not scheme_only(value) else ""
    if key == "draft_model" and THIS_CHANGE_RE.search(value):
        return ""  # "Draft: this PR branch `f9e8d7c6b`": the build a draft run used, no draft model
    return value


def row_kernel(cell: str) -> dict[str, str]:
    """The kernel a model's cell names after the model ("Wren 7B GEMV"): {"kernel": name}, else {}."""
    kernel = kernel_tail(cell) if "/" not in cell else None
    return {"kernel": kernel[1]} if kernel else {}


def model_in_cell(value: str) -> str:
    """The model a cell under "Model" names: the checkpoint its parentheses give ("Phi 3 14B
    (acme/Phi-3-14B-Instruct-FP8)"), else the cell; the name it prints where the two sizes disagree (a page's typo:
    "Kite 90B (acme/Kite-12B-FP8)" is no 12B model)."""
    hub = _HUB_IN_PARENS_RE.search(value) if "/" in value else None
    if hub is None:
        # ("Wren-8B FP16" over its row: the model, then the precision it ran in, which qualifiers read; "Qwen3-4B
        # Q4_K_M (2.32 GiB)": the file's size, no part of the name)
        name = _PRECISION_TAIL_RE.sub("", _FILE_SIZE_TAIL_RE.sub("", batch_tail(value)[0]))  # ("Wren-7B b1": batch 1)
        name = kernel[0] if (kernel := kernel_tail(name)) else name  # ("Wren 7B GEMV": the kernel, row_kernel's)
        name = bits[0] if (bits := bits_tail(name)) else name  # ("Mistral 7B 8bit": its width, the quant)
        if (parts := model_and_variant(name)) is not None:
            return parts[0]  # ("Qwen3-235B Prefix Cache TP8": the checkpoint; its setting and variant, the row's)
        tail = _SETUP_PAREN_TAIL_RE.search(name) if name.endswith(")") else None
        # ("V4 Flash (TP4)": the model, then the parallelism it ran at, which qualifiers read; "Wren 7B (fused)": the
        # model, then the variant the row's name keeps, as a lead-in's "Model: Wren 7B (fused)" is the model alone)
        aside = tail is not None and not has_digit(tail.group(1)) and _SIZE_END_RE.search(name[: tail.start()])
        return name[: tail.start()] if tail and (setup_only(tail.group(1)) or aside) else name
    name = (value[: hub.start()] + value[hub.end() :]).strip()
    sizes = parameter_counts(name)
    if sizes and not sizes & parameter_counts(hub.group("id")):
        return name
    return hub.group("id")


# the precision weights are converted to before the run: what the run computes in, not what was shipped
_CONVERTED_TO_RE = re.compile(
    r"\b(?:convert(?:ed|s)?|cast|upcast|dequanti[sz]ed|requanti[sz]ed)\s(?:\w+\s){0,2}?to\s(?P<dtype>"
    r"fp8|fp16|bf16|int8|int4|nvfp4|mxfp8|mxfp4|fp4)\b",
    re.IGNORECASE,
)


def line_setup(text: str) -> dict[str, str]:
    """Every setup a line states: its labelled setting, its setup words and the model it names."""
    return dict(_line_setup(text))


@short_text_cache(8192)
def _line_setup(text: str) -> dict[str, str]:
    values = label_setup(text)
    for k, v in [*inline_settings(text).items(), *qualifiers(text).items()]:
        values.setdefault(k, v)
    dtype_not_quant(values)
    eval_cap(text, values)  # "MMLU, 0 shots, `max_tokens=4096`": the eval's cap on its answers, no output length
    for k, v in stack_versions(text).items():
        values.setdefault(k, v)  # ("CANN: 8.2.RC1, PyTorch: 2.7.1": the software stack, vocab.software_stack)
    if "dataset" not in values and (dataset := named_dataset(text)) is not None:
        values["dataset"] = dataset  # "dataset `movies800times`": a set no list knows, named by its word
    if "dataset" not in values and (trace := replayed_trace(text)) is not None:
        values["dataset"] = trace  # "replays a chat trace (`org/chat-traces`)": the data its runs were served
    hub = hub_dataset(text) if "dataset" not in values else None
    if hub is not None and (hub[1] or hub[0] not in model_names(text)):
        values["dataset"] = hub[0]  # "Evaluated on [org/set](https://huggingface.co/datasets/org/set)", "on `org/set`"
    if "(" in text and (workload := parenthesised_workload(text)):
        for k, v in workload.items():  # "on ShareGPT (200 prompts, request-rate `inf`)": the bench's workload
            values.setdefault(k, v)
    if text.rstrip(" *_").endswith(":") and "(" in text and (engine := engine_in_parens(text)) is not None:
        values.setdefault("engine", engine)  # "E2E results (SGLang, MI355X, ...):": the engine its runs served on
    for key in varied_keys(text):
        values.pop(key, None)  # "going TP2 -> TP4 took ...": two runs' settings, neither the line's
    for key in respective_keys(text):
        values.pop(key, None)  # "with int8/int4 kv, 30% and 40% respectively": one dtype each value, none the line's
    if ("isl" in values or "osl" in values) and natural_lengths_beside(text):
        values.pop("isl", None)  # "at natural lengths and forced 512-token output": one run's length of two
        values.pop("osl", None)
    for key in item_label_keys(text) if values else ():
        values.pop(key, None)  # "decode +13.2%, prefill +16.8%, MTP3 +4.8%": the third item's label, its own
    if "quant" in values and "to " in text and (cm := _CONVERTED_TO_RE.search(text[:2000])):
        values["quant"] = cm.group("dtype").lower()  # "the FP4 weights were converted to FP8 at load time": FP8 runs
    if "model" not in values and "draft_model" not in values:
        models = model_names(text)
        if models and (hedged := passing_models(text)):
            models = [m for m in models if m not in hedged]  # "... whether Kimi2-1T behaves the same I cannot tell"
        if "/" in text and (folder := folder_checkpoint(text, models)):
            values["model"] = folder  # "`convert llama2 /data/meta-llama/Llama-2-7b-chat-hf`": the folder it loads
        elif models:
            values["model"] = models[0]
        elif family := listed_family(text):
            values["model"] = family  # "(DeepSeek NVFP4, 2xB300, TP=2)": the family the run's settings list names
        elif worded := worded_model(text):
            values["model"] = worded  # "model Whisper-Tiny": a name no family list holds, told by its word
    return values


_PARALLEL = frozenset(("tp", "pp", "ep", "dp", "dep", "cp", "dcp", "pcp"))


@short_text_cache(4096)  # (its caller copies it; the same lines recur across documents)
def own_words(text: str) -> dict[str, str]:
    """The setup words of a short line of output ("torch.float16 M=8  max_abs=2.2e-03"): its results' own. Not a
    sentence or a paragraph (the words of one clause are not another's), not a key the line gives two values
    ("FP8: 96.1, BF16: 96.3") nor one a later item of a list labels its own value with (grammar.item_labels), not a
    rank ("[TP0]")."""
    if len(text) > 100 or ". " in text or "; " in text or not has_digit(text):
        return {}
    found = qualifiers(text)
    # (most lines name no setup word: no second look; "decode +13%, MTP3 +4.8%": the third item's label its own)
    twice = named_twice(text) | item_label_keys(text) if found else frozenset()
    return {k: v for k, v in found.items() if k not in twice and not (k in _PARALLEL and v == "0")}
