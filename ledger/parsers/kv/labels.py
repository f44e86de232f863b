"""What the label of a printed value names: a measured result, a setting or workload count, a baseline.

    Mean TTFT (ms)              -> measured            Batch size, Successful requests   -> a setting, a count
    gpu_memory_utilization      -> a setting           mean_ttft_ms                      -> measured, in ms
    Baseline (non-speculative)  -> a baseline          Mean KLD (console output)         -> an open-world name

Every reader of printed output in ledger/parsers/kv/lines.py and ledger/parsers/kv/spaced.py asks these, so they
stand apart from the readers; the closed vocabulary they draw on is ledger.vocab's.
"""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.parsers.grammar.pairs import Pair
from ledger.vocab.metrics import is_acceptance_name, named_benchmark, names_a_metric
from ledger.vocab.setup import BASELINE_LABEL_RE, SIDE_PHRASE, is_config_label
from ledger.vocab.sides import BASE_SIDE_RE, side_of
from ledger.vocab.units import is_time_unit

_COUNT_LABEL_RE = re.compile(
    r"\b(?:tokens?|requests?|prompts?|samples?|items?|queries|questions|proposals?|drafts?|iterations?|"
    r"sequences?|seqs?|req)\b|^#|concurren|batch",
    re.IGNORECASE,
)
_RATE_WORDS_RE = re.compile(
    r"throughput|latency|time|/s|per\b|speed|rate\b|duration|length|ttft|tpot|itl", re.IGNORECASE
)
# What names a measured value besides the metrics of the vocabulary (names_a_metric): kinds of result, statistics,
# rates ("e2e", "p99", "per second", "usage")
_MEASURED_RE = re.compile(
    r"throughput|latency|itl|e2e|time|duration|speed|score|acc\b|rate|length|"
    r"p\d{2}|mean|median|average|avg|min|max|std|tps|qps|memory|speedup|bandwidth|diff|error|"
    r"exact|match|pass@|ppl|tflops|gbps|usage\b|"
    r"per (?:second|sec\b|gpu|token|step|iteration)|/s\b|/sec\b|similarity",
    re.IGNORECASE,
)
_SNAKE_UNIT_RE = re.compile(r"_(ms|us|s|sec)(?:_(?:total|mean|avg|median|p\d{2}|max|min))?$")
_TRAILING_BRACKET_RE = re.compile(r"\s*[(\[][^()\[\]]{1,30}[)\]]\s*$")
_ACCEPT_LEN_RE = re.compile(r"accept\w*\s+len", re.IGNORECASE)
_TRAILING_PAREN_RE = re.compile(r"\s*\([^()]{0,40}\)\s*$")
_EXTREME_RESULT_RE = re.compile(
    r"(?:max|min|peak)(?:\b|_).{0,30}?(?:ttft|tpot|itl|e2el?|latency|throughput|(?<![a-z])time|diff|err)", re.IGNORECASE
)  # ("Max Runtime Batch Size": the runtime's limit, no time)
# snake_case keys are settings (a YAML or argparse dump) unless they name a result
SNAKE_RE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")
# the share of answers or lookups that ended one way ("stop_rate: 0.998" under an eval's summary, "hit_rate"),
# measured; not the rate a run is given ("request_rate", "learning_rate", "sample_rate")
_OUTCOME_RATE = (
    r"(?:^|_)(?:stop|finish|invalid|error|success|pass|hit|miss|refusal|truncat(?:ion|ed)|timeout|abort(?:ed)?|"
    r"fail(?:ure|ed)?|match|parse|empty|answer(?:ed)?|extract(?:ion|ed)?)_rate$"
)
_SNAKE_RESULT_RE = re.compile(
    r"throughput|latency|ttft|tpot|itl|e2el|accuracy|acc(?:_norm)?$|score|exact_match|diff|err(?:or)?$|"
    # "max_abs= 4.1e-05", "mean_rel": how far an output is from the reference
    r"^(?:max|mean|avg)_(?:abs|rel)$|"
    r"acceptance|accept_len|speedup|duration|elapsed|_ms$|_us$|_sec$|_s$|tok_s|tokens_per_s|tps|qps|tflops|gbps|"
    # "wall_s_total", "e2e_ms_mean": a time unit inside the key, then its aggregate
    r"_(?:ms|us|s|sec)_(?:total|mean|avg|median|p\d{2}|max|min)$|^wall_|"
    r"^(?:peak|max|reserved|allocated)_(?:memory|mem|vram)|" + _OUTCOME_RATE,
    re.IGNORECASE,
)
OUTCOME_RATE_RE = re.compile(_OUTCOME_RATE, re.IGNORECASE)


def snake_unit(label: str) -> str | None:
    """ "mean_ttft_ms" -> "ms": a unit spelled into a snake_case key; "tokens_per_sec_per_gpu" -> "tok/s/gpu": a rate
    spelled out (its "_sec" the rate's time, never the value's unit)."""
    if not SNAKE_RE.match(label):
        return None
    if (r := _SNAKE_RATE_RE.search(label)) is not None:
        return f"{_RATE_OF[r.group('what')[:3].lower()]}{'/gpu' if r.group('gpu') else ''}"
    m = _SNAKE_UNIT_RE.search(label)
    return m.group(1) if m else None


# "tokens_per_sec", "output_tokens_per_second_per_gpu", "requests_per_s": a rate named in words
_SNAKE_RATE_RE = re.compile(
    r"(?P<what>tok(?:en)?s?|req(?:uest)?s?)_per_s(?:ec(?:ond)?)?(?P<gpu>_per_gpu)?$", re.IGNORECASE
)
_RATE_OF = {"tok": "tok/s", "req": "req/s"}


@short_text_cache(4096)  # labels repeat from line to line and document to document
def measured(label: str) -> bool:
    """The label names a measured quantity (_MEASURED_RE, a long case-blind alternation, or an acceptance name)."""
    return (
        _MEASURED_RE.search(label) is not None
        or is_acceptance_name(label)
        or names_a_metric(label)
        or (SNAKE_RE.match(label) is not None and _SNAKE_RESULT_RE.search(label) is not None)
    )


_PHASE_RE = re.compile(r"\b(?:warm-?up|compil(?:e|ation)|load(?:ing)?|start-?up|prefill|capture)\b", re.IGNORECASE)


@short_text_cache(4096)
def is_config(label: str, unit: str | None) -> bool:
    """Run inputs and workload counts: "Successful requests", "Batch size", "Number of draft tokens"."""
    core = _TRAILING_BRACKET_RE.sub("", label)
    if is_acceptance_name(core):
        return False  # "Mean Request AR", "Accepted length": a result, whatever counter word it holds
    if SNAKE_RE.match(core):
        return not _SNAKE_RESULT_RE.search(core)  # "gpu_memory_utilization: 0.9" is a setting
    if _EXTREME_RESULT_RE.match(core):
        return False  # "Max ITL (ms)", "Min TTFT": an extreme of a measured series, not a max_* setting
    if is_time_unit(unit) and _PHASE_RE.search(core):
        return False  # "Time, Warmup: 0.44 seconds": how long a phase took (a "warmup: 10" counts iterations)
    if is_config_label(core):
        return True
    if unit is not None and unit.lower() in ("tokens", "token", "tok"):
        # "Average Input Length (tokens)", "Accepted: 1234 tokens": workload; an acceptance length is a result
        return not _ACCEPT_LEN_RE.search(label)
    if unit is not None:
        return False  # "With the draft model: 101.12 s" is a measured time
    return bool(_COUNT_LABEL_RE.search(core)) and not _RATE_WORDS_RE.search(label)


_BASELINE_END_RE = re.compile(r"(?:^|\s)(?:before|baseline|main|master|old|original|ref(?:erence)?)$", re.IGNORECASE)


_BASELINE_PAREN_RE = re.compile(
    r"\(\s*(?:base|baseline|before|main|master|old|original|ref(?:erence)?)\s*\)\s*$", re.IGNORECASE
)


# one side's bracket, an operator, then the other's ("PPL(Q)/PPL(base)", "PPL(Q) - PPL(base)"): a measure of both
_OF_BOTH_SIDES_RE = re.compile(r"\)\s{0,2}[/\-−÷]\s{0,2}[\w ]{0,30}\(")


@short_text_cache(4096)
def is_baseline_label(label: str) -> bool:
    """ "Baseline (non-speculative)", "Before", "main", "TTFT before", "Mean PPL(base)": the value a later one
    (or the one just above) is compared with."""
    if _OF_BOTH_SIDES_RE.search(label):
        return False  # "Mean PPL(Q)/PPL(base)", "PPL(Q)-PPL(base)": a ratio or a difference of the two sides
    if _BASELINE_PAREN_RE.search(label):
        return True
    core = _TRAILING_PAREN_RE.sub("", label).strip()
    if BASELINE_LABEL_RE.match(core) or _BASELINE_END_RE.search(core):
        return True
    # ("Legacy threaded server", "Stock build": an arm opening with any word the sides' vocabulary gives the base)
    return BASE_SIDE_RE.match(core) is not None and side_of(core) == "base"


_SIDE_LEAD_RE = re.compile(f"^{SIDE_PHRASE}" + r"[\s,:]+", re.IGNORECASE)


def side_named_measure(label: str) -> str | None:
    """The measure a baseline's label names before the side in its brackets ("Mean PPL(base)" -> "mean ppl"), else
    None ("Baseline (non-speculative)": a side and its note, which any next measure's value is compared with)."""
    if not _BASELINE_PAREN_RE.search(label):
        return None
    core = _TRAILING_PAREN_RE.sub("", label).strip()
    return core.lower() if core and not is_baseline_label(core) else None


def same_measure(a: str, b: str) -> bool:
    """ "Mean PPL(Q)" and "Mean PPL(base)", "Mean TTFT (ms)" and "before pr Mean TTFT (ms)": one measure, the
    sides named in brackets at the end or in words at the start."""
    core_a, core_b = (_SIDE_LEAD_RE.sub("", _TRAILING_PAREN_RE.sub("", x).strip()).lower() for x in (a, b))
    return bool(core_a) and core_a == core_b


_IDENTIFIER_LABEL_RE = re.compile(
    r"\b(?:id|pid|tid|port|rank|seed|epoch|step|steps|iter(?:ation)?s?|idx|index|version|build|commit|date|time ?stamp|"
    r"year|line|lines|line no|col|column|device|gpu|node|worker|thread|process|batch ?id|request ?id|run|trial|"
    r"shape|dim|size|num|count|total|n)\b",
    re.IGNORECASE,
)


def open_world_label(label: str) -> bool:
    """A name that may label a result in tool output: words, not an identifier, a position or a size."""
    core = label.strip()
    return (
        2 <= len(core) <= 60
        and any(ch.isalpha() for ch in core)
        and not _IDENTIFIER_LABEL_RE.search(core)
        and not SNAKE_RE.match(core)
    )


_ACCEPTED_COUNT_RE = re.compile(r"^(?:acc|accepted|n_acc(?:epted)?|n_accept)$", re.IGNORECASE)
_DRAFTED_RE = re.compile(r"^(?:draft|drafted|n_draft(?:ed)?|gen_drafts?)$", re.IGNORECASE)


def accepted_count(label: str, value: float, labels: list[str]) -> bool:
    """ "draft=  16 acc=  12": next to a count of drafted tokens, an integer "acc" counts the accepted ones
    (llama.cpp's speculative counters); it is no accuracy and no acceptance rate."""
    return (
        value == int(value)
        and _ACCEPTED_COUNT_RE.match(label.strip()) is not None
        and any(_DRAFTED_RE.match(x.strip()) for x in labels)
    )


def is_rate_label(label: str) -> bool:
    return label.strip().lower() in ("rate", "acc_rate", "accept_rate")


def drafts_counted(labels: list[str]) -> bool:
    """The labels count drafted tokens ("draft= 120 acc= 98 rate=0.817"): their "rate" is the acceptance rate."""
    return any(_DRAFTED_RE.match(x.strip()) for x in labels)


# "  code_python   pred= 192 draft=   0 acc=   0 rate=n/a tok/s=39.9": a name, then the run's key=value fields
_FIELD_ROW_RE = re.compile(r"^\s{0,8}(?P<row>[A-Za-z_][\w.-]{0,40})\s+(?=[A-Za-z_][\w/.%-]{0,30}=)")


def field_row(text: str) -> str | None:
    """The name a line of "key=value" fields opens with, which of the runs it is (a prompt, a case, a shape)."""
    m = _FIELD_ROW_RE.match(text) if text.count("=") >= 2 else None
    return m.group("row") if m else None


# "GPQA: Average accuracy: 0.354", "**HumanEval**: pass@1: 0.811": a name and its colon alone before the first pair
_LEAD_NAME_RE = re.compile(
    r"^[\s*_`>-]{0,6}(?P<name>[A-Za-z][\w.+-]{0,30}(?: [\w.+-]{1,20}){0,2})[*_`]{0,2}\s?:\s{0,4}$"
)


def task_lead(text: str, pairs: list[Pair]) -> str:
    """The benchmark a line names alone with its colon before its first pair with a value (a pair without one, "GPQA:",
    then that pair): the task the pair's score is of ("GPQA: Average accuracy: 0.354" is GPQA's average accuracy,
    "MBPP: pass@1: 0.702" MBPP's pass@1, two series, never one), else "". A name that is no benchmark ("Eval: mean
    latency") names none."""
    if len(pairs) < 2 or pairs[0].value is not None or not 0 < (first := pairs[1].label_start) <= 60:
        return ""
    m = _LEAD_NAME_RE.match(text, 0, first)
    return m.group("name") if m is not None and named_benchmark(m.group("name")) else ""
