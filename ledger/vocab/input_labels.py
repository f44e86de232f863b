"""Labels whose numbers are a run's inputs, not its results ("Batch size", "max_tokens", "Successful requests",
"RAM"), the bar a result is held to ("Accuracy threshold"), and the phrases that name a side of a comparison
("main", "this branch", "without the fix"). Read through ledger.vocab.setup, which re-exports them."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from ledger.vocab.word_gate import WordGate

# The machine a run used: "RAM: 16 x 64GB", "MEM: 6 * 64GB", "GPU: 2*Titan RTX", "CPU: ...", "Driver: 550.54"
_MACHINE_LABEL = (
    r"(?:ram|mem|vram|cpu|(?:micro)?processor|gpus?|disk|storage|network|nic|interconnect|hardware|machine|host|os|driver|"
    r"cuda|platform|device)\s*$"
)
MACHINE_LABEL_RE = re.compile(_MACHINE_LABEL, re.IGNORECASE)
# Labels whose numbers are inputs of a run, not results.
CONFIG_LABEL_RE = re.compile(
    r"^(?:number of|num[_ ]|#\s*|n[_ ]?(?:prompts|requests|samples)|total (?:input|output|generated|prompt)"
    r" tokens|successful requests|failed requests|completed|(?:traffic )?request rate|rate\b|"
    # (trtllm-bench's "Issue Rate (req/sec)": the rate it sent requests at, no result)
    r"issue rate|"
    # (trtllm-bench's "Max Runtime Batch Size", "Max Runtime Tokens": the limits the runtime was given)
    r"max(?:imum)?[_ ](?:runtime[_ ])?(?=(?:num|batch|seq|tokens?|len|length|concurrency|model|draft|context|"
    r"position|requests?|running|prompts?|input|output|new|total|size|workers?|threads?|retries|loras?|bs|jobs))|"
    r"concurrency|conc\b|batch[_ ]?size|bs\b|isl\b|osl\b|input[_ ]len|output[_ ]len|seq(?:uence)?[_ ]len|"
    r"prompt[_ ]len|(?:input|output|prompt|generation)[_ ](?:sequence[_ ])?len(?:gth)?|"
    r"tp\b|tp[_ ]size|pp\b|ep\b|dp\b|world[_ ]size|gpus?\b|nodes?\b|seed\b|temperature|"
    r"top[-_ ]?[pk]\b|min[-_ ]?p\b|n[_-]?shot|shots?\b|version|stderr|std\b|samples\b|questions\b|tokens\b|"
    r"dataset|model\b|tensor[_ ]parallel|pipeline[_ ]parallel|kv[_ ]cache[_ ]free|free[_ ]gpu|"
    r"chunk|page[_ ]size|block[_ ]size|tokens[_ ]per[_ ]block|warmup|iterations?\b|runs?\b|rounds?\b|repeat|"
    # ("pairs", "reps", "trials": how many repetitions a mean or a paired change is over, the count of its spread)
    r"pairs\b|reps\b|repetitions?\b|trials?\b|"
    r"draft[_ ]len|num[_ ]draft|spec[_ ]|max[_ ]tokens|context[_ ]len|date|port\b|rank|layers?\b|"
    r"total (?:number|count)|count\b|total requests|requests\b|prompts\b|"
    r"total (?:input|output) (?:len|length)|benchmark duration \(iterations\)|"
    r"accepted tokens|draft tokens|drafted tokens|emitted tokens|proposals\b|burstiness|failed\b|"
    # "Errors: 0", "errors (count)": a count; "error between bases/M" is a measured difference
    r"errors?(?=\s*(?:$|[(:]|count\b|total\b))|"
    # "Encoder/Language memory fraction: 0.60": the share of memory a server is given (SGLang's mem_fraction_static)
    r"(?:[\w/.-]{1,24}[ _]){0,3}mem(?:ory)?[_ ]fraction\b|"
    # ("Codebook size, bits" over "16", "Group width, bits": a width in bits a quantizer is built with, no result)
    r"[\w ()-]{1,40}?,\s?bits?$|" + _MACHINE_LABEL + ")",
    re.IGNORECASE,
)
SIDE_PHRASE = (
    r"(?:main|master|baseline|base|upstream|original|reference|ref|old|new|pr|ours|patched|fixed|"
    r"candidate|proposed|"
    r"this (?:pr|branch|repo|change|patch|commit)|(?:before|after|with|without)"
    r"(?: (?:the |this )?(?:pr|fix|patch|changes?|commit|optimi[sz]ation))?)"
)
"""A phrase that names a side of a comparison ("main", "this branch", "before the PR", "without the fix")."""
BASELINE_LABEL_RE = re.compile(
    r"^(?:baseline|before|main\b|original|reference|ref\b|w/o|without|old\b|base\b|previous|prior|"
    r"non-speculative|eager\b|default\b|upstream\b|master\b)",
    re.IGNORECASE,
)


# What a label measures once it has named its setting word: "Max reserved memory", "Warmup time",
# "Maximum error", "tokens per second" are results that merely start like a setting.
RESULT_AFTER_SETTING_RE = re.compile(
    r"latency|\btimes?\b|throughput|memory|\bmem\b|error|\berr\b|diff|accuracy|score|speed|bandwidth|ttft|"
    r"tpot|\bitl\b|(?<![0-9a-f])e2e(?![0-9a-f])|per second|per sec\b|/s\b|tflops|gflops|duration|elapsed|usage|"
    r"\b(?:mean|median|avg|average|std|standard dev)",  # "Runs 2-5 Mean": a statistic of the runs
    re.IGNORECASE,
)


_MODELLED_LABEL_RE = re.compile(
    r"(?:ideal|theoretical|roofline|predicted|expected)\b|arithmetic intensity\b", re.IGNORECASE
)
BAR_WORDS = r"(?:threshold|cut-?off|pass(?:ing)? (?:bar|mark)|floor|required|target)s?"
"""The bar a result is held to: a key of the results beside it (`threshold`), never a result."""
_BAR_LABEL_RE = re.compile(r"(?<![\w-])" + BAR_WORDS + "$", re.IGNORECASE)


# "SLO TPOT", "TPOT bound", "Latency target", "Memory budget": the limit a run's result is held to, over cells that
# state it with its sign ("< 50ms", "TPOT < 40ms"): a condition of the runs, never a result of them
_LIMIT_HEAD_RE = re.compile(
    r"(?<![\w-])(?:slos?|bounds?|limits?|budgets?|caps?|" + BAR_WORDS + r")(?![\w-])", re.IGNORECASE
)
_SIGNED_BOUND_RE = re.compile(r"^(?:[A-Za-z][\w/-]{0,15} ?)?(?:<=?|>=?|[≤≥])[ ]?\d")


def limit_column(head: str, cells: list[str]) -> bool:
    """A header naming a limit over cells that each state one by its sign (see _LIMIT_HEAD_RE)."""
    bounds = [c.strip(" *_`") for c in cells if c.strip(" *_`")]
    return bool(bounds) and bool(_LIMIT_HEAD_RE.search(head)) and all(_SIGNED_BOUND_RE.match(b) for b in bounds)


def is_config_label(label: str) -> bool:
    """A label whose numbers are inputs of a run ("Batch size", "max_tokens", "Successful requests")."""
    core = label.strip(" *`_-=[]").strip()
    if _BAR_LABEL_RE.search(core) or _MODELLED_LABEL_RE.match(core):
        # "Accuracy threshold", "pass cutoff": the bar a result is held to; "Ideal time", "Arithmetic
        # intensity": what a model of the kernel predicts, not what was measured
        return True
    m = CONFIG_LABEL_RE.match(core)
    return m is not None and not RESULT_AFTER_SETTING_RE.search(core, m.end())


OPEN_BOUND_RE = re.compile(
    r"(?<=\d)\+(?![\w.])|\s?(?:and|or) (?:above|up|more|higher|larger|greater|beyond|over)\b"
    # "at concurrency 1/16/64", "batch 1, 8 and 32": the first of a list of values is no one setting of the runs
    r"|(?<=\d)(?: ?/ ?\d{1,6}(?![\w.])|, ?\d{1,6}(?:, ?\d|,? (?:and|or) \d))"
    # "at batch 1 and 32": a pair of values, both swept (not "TP8 and 2 nodes", a second setting counted by its noun,
    # nor "EAGLE3 and 4 speculative tokens", a name's digit)
    r"|(?<![a-z]\d)(?<![a-z]\d\d)(?<=\d) (?:and|or|&) \d{1,6}(?![\w%]|\.\d)"
    r"(?! ?(?:nodes?|gpus?|cards?|devices?|ranks?|x\b|×))",
    re.IGNORECASE,
)
"""After a setting's value: "8 and above", "64+" bound the runs it speaks of, "1/16/64" lists them: no one setting."""
_SETTING_RANGE_RE = re.compile(r"(?<=\d)(?: ?[–—] ?| to |-)(?P<high>\d{1,6})(?![\w%]|\.\d|-\d)")
# before a setting's value written ahead of its word ("3.5k–160k context", "1 to 64 concurrent requests"): the low end
# of the range the runs span, the value being its high end
_RANGE_LOW_END_RE = re.compile(r"(?<![\w.])(?P<low>\d{1,6}(?:\.\d{1,2})?[kK]?)(?: ?[–—] ?| to |-)$")
_RANGED_BEFORE = frozenset(("isl", "osl", "concurrency", "batch_size", "threads"))
"""The counts and lengths a range may be written for ahead of their word ("2k–48k context", "1-8 threads")."""


def setting_range(text: str, start: int, end: int, value: str, key: str) -> str | None:
    """The range a setting's value read at text[start:end] is an end of, as one value ("4-256"), else None: after
    it ("concurrency 4–256", "batch 1 to 64", "TP 2-8"; not "MTP 3-1-4", a method's three numbers), or, for a count
    or a length written ahead of its word, before it ("3.5k–160k context": no run at 160k alone)."""
    if value.isdigit() and key != "draft_len" and (after := _SETTING_RANGE_RE.match(text, end)) is not None:
        return f"{value}-{after.group('high')}"
    if key in _RANGED_BEFORE and text[start : start + 1].isdigit():
        before = _RANGE_LOW_END_RE.search(text, max(0, start - 14), start)
        return f"{before.group('low')}-{value}" if before is not None else None
    return None


_PART_MARKS = "()[]{}*_`'\",.:;!?"
"""Around a slashed word's part, no part of its setting ("(8GPU", "1319-sample):", "**MTP=1")."""
# the shapes of a setting written as one short word: a count and its noun ("8GPU", "1319-sample"), a name and its
# number ("MTP=1", "TP2", "bf16", "H100"); only these are read (a word's every part read costs every slashed word)
_SETTING_PART_RE = re.compile(
    r"\d{1,6}-?[A-Za-z]{1,12}|[A-Za-z][A-Za-z_]{0,19} ?[=:]? ?\d{1,6}(?:\.\d{1,3})?[A-Za-z]{0,3}"
)


def parted_settings(text: str, keys: Callable[[str], Collection[str]]) -> str:
    """The text with each slash that joins two settings into one word written as a ";" ("8GPU/MTP=1/1319-sample":
    a GPU count, a draft length and a sample count, each read as it would be alone). A slash otherwise joins
    alternatives or values of one kind ("H100/H200", "FP8/BF16", "1k/1k", "tok/s", "conc 1/16/64", OPEN_BOUND_RE),
    so it parts only two sides that each read some setup key alone (`keys`) and no key of the one is the other's;
    never inside a link ("https://host/8gpu/tp2")."""
    chars: list[str] | None = None
    slash = text.find("/")
    while slash >= 0:  # (each word holding a slash once: "8GPU/MTP=1/1319-sample", blanks around it)
        start = max(text.rfind(" ", 0, slash), text.rfind("\t", 0, slash)) + 1
        end = min((e for e in (text.find(" ", slash), text.find("\t", slash)) if e >= 0), default=len(text))
        word, slash = text[start:end], text.find("/", end)
        parts = [p.strip(_PART_MARKS) for p in word.split("/")]
        if "://" in word or len(parts) > 9:
            continue  # a link's path; a path of many folders
        read = [frozenset(keys(p)) if _SETTING_PART_RE.fullmatch(p) else frozenset() for p in parts]
        at = start - 1
        for i in range(len(parts) - 1):
            at = text.index("/", at + 1)
            if read[i] and read[i + 1] and not read[i] & read[i + 1]:
                chars = chars or list(text)
                chars[at] = ";"
    return text if chars is None else "".join(chars)


# Column and key names that set a run up (a pandas frame's inputs, a sweep's parameters): snake_case or
# single-word names built of these parts. A name that also names a measured quantity is not an input.
_INPUT_PART_RE = re.compile(
    r"(?:^|_)(?:size|sizes|cnt|count|num|n|len|length|rate|ratio|dim|dims|shape|batch|bs|seq|seqlen|tokens?|"
    r"m|k|heads?|experts?|topk|top_k|ctx|context|isl|osl|tp|ep|pp|dp|world|rank|page|block|blocks|"
    r"chunk|layers?|hidden|width|depth|step|steps|iters?|warmup|provider|dtype|mode|hdim|headdim|causal|"
    # attention kernels' shapes: KV length, head counts of queries and keys
    r"kv|kvlen|qlen|klen|nh|nkv|nq|hq|hkv|qo)(?:_|$)",
    re.IGNORECASE,
)
# (searched only where one of its words stands: vocab.word_gate)
_MEASURED_PART_RE = WordGate(
    re.compile(
        r"latency|time|ms\b|us\b|_ms|_us|_s$|tflops|gflops|gbps|gb/s|tb/s|bandwidth|throughput|speed|tok/s|"
        r"accuracy|acc\b|score|err|diff|mem|memory|bytes|"
        # ("avg_tokens" beside a score: how long the answers ran, a mean of what was generated; no input's mean)
        r"^(?:avg|mean|median)_(?:(?:output|gen|generated|completion|answer|response)_)?(?:tokens|len|length)$",
        re.IGNORECASE,
    )
)


def is_input_name(name: str) -> bool:
    """A column or key that sets up the run (batch_size, miss_rate, M, hdim) rather than measuring it."""
    n = name.strip()
    if _MEASURED_PART_RE.search(n):
        return False
    if is_config_label(n.replace("_", " ")):
        return True
    return " " not in n and bool(_INPUT_PART_RE.search(n))


# A row or key whose numbers count or size the workload: "Output sequence length", "Total input tokens",
# "Number of calls", "Successful requests", "Batch size", bench_serving's "Total generated tokens (retokenized)",
# in its console output or retyped as a table's rows. Names ("model-3", "TP4 run") are not.
_WORKLOAD_RE = re.compile(
    # ("Processed Prompts": how many the run got through, as "prompts processed" is)
    r"^(?:(?:input|output|prompt|generation|generated|retokenized|total|avg|average|mean|processed)\s+)*"
    # ("Prompt Length | 128", "Token Generation Length | 256": a Metric/Value table's setup rows)
    r"(?:(?:sequence|seq)\s+len(?:gth)?|(?:token\s+)?(?:prompt|generation|context)\s+len(?:gth)?|tokens?|requests?|prompts?|samples?|calls?|batch\s+size|concurrency|"
    r"(?:number|num|#)\s+of\s+\w+(?:\s+\w+)?|successful requests|failed requests|input len(?:gth)?|"
    r"output len(?:gth)?|isl|osl|(?:tokens?|requests?|prompts?|samples?)\s+(?:generated|processed|sent|"
    r"completed|decoded))\s*(?:\([^()]{0,20}\))?$",
    re.IGNORECASE,
)


def is_workload_label(label: str) -> bool:
    """A label whose numbers count or size the workload, not results of it."""
    core = label.strip(" *`_-=[]:").replace("_", " ")
    return bool(_WORKLOAD_RE.match(core)) and not RESULT_AFTER_SETTING_RE.search(core)


TOTAL_PAREN_RE = re.compile(r"\(\s{0,3}(?:total|sum|overall|all requests)\s{0,3}\)\s{0,3}$", re.IGNORECASE)
"""A header's closing parenthesis saying its numbers are a run's sum ("Prompt tokens (total)"), never one request's."""


# "Measured selections", "Tried configs", "Runs", "Problems": how many runs a row's result was taken over, or how
# many items it scored: the row's sample count, never a result ("Solved problems", "Passed runs" count outcomes)
_COUNT_HEAD_RE = re.compile(
    r"^(?!(?:solved|passed|failed|correct|wrong|resolved|successful|completed|accepted|rejected|skipped)\b)"
    r"(?:[a-z-]{1,16} ){0,2}(?:(?P<runs>selections|configs|configurations|runs|trials|seeds|attempts|repeats)|"
    r"(?P<items>samples|problems|questions|examples))(?: \((?:n|#|count)\))?$",
    re.IGNORECASE,
)


def count_column_key(head: str) -> str | None:
    """The setup key a count column's header gives its cells ("Measured selections" -> "repeats", how many runs the
    row's value is the pick or mean of; "Problems" -> "samples"), or None for a header that counts nothing."""
    m = _COUNT_HEAD_RE.match(head.strip(" *_`"))
    return None if m is None else "repeats" if m.group("runs") else "samples"
