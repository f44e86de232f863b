"""Metric names: which kind a name is, which way is better, its canonical name and sample count."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ledger.memo import short_text_cache
from ledger.vocab.acceptance_words import ROUND_ACCEPTANCE
from ledger.vocab.change_words import COVERED_SHARE_RE, FALL_NOUN_RE, GAIN_NOUN_RE
from ledger.vocab.metric_table import BENCHMARKS, METRICS
from ledger.vocab.name_hints import config_hints
from ledger.vocab.run_stats import canonical_stat
from ledger.vocab.speed_names import BENCH_TEST_NAMES
from ledger.vocab.speed_names import SPEED_MEASURE_WORDS as SPEED_MEASURE_WORDS  # (read by the prose here)
from ledger.vocab.task_averages import task_average
from ledger.vocab.text import clean_name
from ledger.vocab.units import (
    RATIO_UNITS,
    is_measure_unit,
    is_performance_unit,
    is_share_unit,
    is_size_unit,
    is_time_unit,
    is_timing_unit,
    unit_higher_is_better,
)
from ledger.vocab.word_gate import WordGate

# Words that name a quality result besides the table's metrics ("acc", "pass@1", "BLEU") and the benchmarks the
# table does not hold ("cmmlu", "bbh")
_QUALITY_WORDS = (
    r"arc[-_ ]|accuracy|\bacc\b|\bacc[_ ]|exact[_ ]match|"
    r"(?<![a-z])score(?![a-z])|pass@\d|\bf1\b|bleu|rouge|\bem\b|strict[-_ ]match|flexible[-_ ]extract|"
    r"textvqa|ocrbench|lambada|bits_per_byte|\bbpb\b|cmmlu|ceval|bbh|drop\b|"
    r"swe-?bench|(?<!in)correct|"  # ("scored incorrect": a count of wrong answers, no score)
    # looser than the table's spellings, for the kind only: "mmlu" inside a task name, "math" alone
    r"mmlu|mbpp|math(?:500)?\b|aime|ruler|niah|"
    # how far a quantised layer's output is from the reference one ("error 1503.34" in GPTQ's log)
    r"(?<![\w-])(?:(?:abs|rel|mean|max|quant(?:isation|ization)?|reconstruction|layer)[ _-])?error(?![\w-])|"
    # how far a quantised model's token distribution moved (llama.cpp's perplexity tool)
    r"\bkld\b|kl[- ]?div|\bjsd\b|δp\b|same top[- ]?p|"
    r"(?<![a-z])(?:cer|wer)(?![a-z])|"  # a transcript's character or word error rate ("cp_cer", "WER")
    # how far a kernel's logits are from the reference implementation's
    r"logits?[_ ]diff|"
    # a training run's loss is its quality measure
    r"(?<![\w-])(?:train(?:ing)?[ _-]|val(?:idation)?[ _-]|eval[ _-]|final[ _-]|lm[ _-])?loss(?:es)?(?![\w-])"
)
# a test's recorded AL as YAML spells it ("ref_al: 2.73"); "min_al", the bar derived from it, is no measure
_AL_FIELD = r"(?<![a-z0-9])(?:ref|mean|avg|measured)_al(?![a-z0-9])"
# (searched only in names holding one of the words every match holds: vocab.word_gate; a name is asked of each)
_ACCURACY_RE = WordGate(
    re.compile("|".join([m.pattern for m in METRICS if m.kind == "accuracy"] + [_QUALITY_WORDS]), re.IGNORECASE)
)
_ACCEPTANCE_WORDS = (
    r"acceptance|accept(?:ed)?[ _](?:length|rate|len)|\bal\b|\[ar\]|mean accepted|"
    r"draft acceptance|"
    r"\bacc\.?[ _-]?len(?:gth)?\b|"
    r"(?:mean|median|avg|average|p\d{2})\s+(?:request\s+)?ar\b|\baccpt\w*\s*len|"
    r"^\s*(?:(?:mean|median|avg|average)\s)?accept(?![\w-])|(?<![\w.])a\.len\b|pos(?:ition(?:al)?)?[ _-]?accept|"
    # ("per-position 0.72 / 0.50 / 0.36": each draft position's rate, what a speculative decoder reports per position)
    r"\bper[ _-]position\b|"
    # the tokens a forward pass of the target emits ("avg_toks_fwd=3.21" by an acceptance rate): the acceptance length
    r"toks?_(?:per_)?fwd|tokens? per (?:fwd|forward)|"
    r"(?<![\w-])tau(?![\w²-])|"  # the papers' letter for the acceptance length, spelled (not "tau-bench")
    + _AL_FIELD
    + "|"
    + ROUND_ACCEPTANCE
)
"""The acceptance names whatever their case ("AL", "[AR]", "mean AR" among them), written in lower case."""
_CASED_AR = r"(?<![A-Za-z0-9_-])AR(?![\w-])(?!\s?[<>=≤≥]{1,2}\s?v?\d)"
"""An acceptance rate's "AR" alone, in capitals only ("ar" is a word's piece); never one held to a release
("AR<=0.13.1", "AR>0.13.1": a project's versions, AutoRound's, that the run was built with)."""
_ACCEPTANCE_RE = WordGate(re.compile(f"{_ACCEPTANCE_WORDS}|(?-i:{_CASED_AR})", re.IGNORECASE))
# (the two parts apart: the case-blind one has a case-sensitive copy for the lowered text, the capitals are looked
# for only in a text that holds them)
_ACCEPTANCE_WORDS_RE, _CASED_AR_RE = WordGate(re.compile(_ACCEPTANCE_WORDS, re.IGNORECASE)), re.compile(_CASED_AR)
TAU_RE = re.compile(r"(?<![\w-])τ(?![\w²-])")  # "mean accept τ" (not "τ-bench"): apart, the gates read ASCII words
PERF_HINT_RE = re.compile(  # (a name of speed, time or size, "Δ req/s": no score whatever stands beside it)
    r"throughput|(?<![a-z])tput(?![a-z])|latency|ttft|tpot|itl|(?<![0-9a-f])e2e(?![0-9a-f])|tok/s|tokens/s|req/s|tps|qps|duration|time|speed|"
    r"memory|\bms\b|\bus\b|µs|gib|\bgb\b|bandwidth|flops|step|kernel",
    re.IGNORECASE,
)


_LENGTH_UNITS = ("tokens", "token", "tok")


@short_text_cache(1024)
def kind_for_metric(metric: str, unit: str | None = None) -> str:
    """accuracy, acceptance or perf, from the metric's name and unit."""
    if is_acceptance_name(metric) and not is_size_unit(unit) and not _rate_or_time(unit):
        # ("AR MiB" in MiB: an all-reduce's bytes, an acceptance is a share or a length; "at simulated acceptance 5.5:
        # 1,012 tokens/s" a speed)
        return "acceptance"
    if is_performance_unit(unit) or (unit or "").lower() in _LENGTH_UNITS:
        return "perf"  # (a length in tokens beside a pass@1 score: how long the answers ran, a cost, no quality)
    if _ACCURACY_RE.holds(metric) and not PERF_HINT_RE.search(metric):
        return "accuracy"
    return "perf"


# A result in prose is named more loosely than a label: "scored", "the evals", "exact", "mathematics"
# (a "scoreboard" stall is a profiler's wait, no score)
_PROSE_QUALITY_RE = re.compile(r"eval|exact|(?<![a-z])scor(?:e[sd]?|ing)(?![a-z])|\bmath|ppl", re.IGNORECASE)


def _rate_or_time(unit: str | None) -> bool:
    """A rate or a duration ("tok/s", "ms"): no acceptance is measured in one."""
    return is_time_unit(unit) or (is_timing_unit(unit) and (unit or "").strip().lower() not in RATIO_UNITS)


def prose_kind(metric: str, unit: str | None) -> str:
    """The kind of a value prose names `metric`: a share ("%", "points") can be a score, a time or a rate
    cannot."""
    if is_acceptance_name(metric) and not is_size_unit(unit) and not _rate_or_time(unit):
        return "acceptance"  # ("at forced acceptance length 3.0: 640 tok/s": a speed, the acceptance its setting)
    if is_measure_unit(unit) and not is_share_unit(unit):
        return "perf"
    if (_ACCURACY_RE.holds(metric) or _PROSE_QUALITY_RE.search(metric)) and not PERF_HINT_RE.search(metric):
        return "accuracy"  # ("Throughput improvement (GSM8K, AGIEval)": a speed's gain on those sets, no score)
    return "perf"


def column_kind(metric: str, context: str, unit: str | None = None) -> str:
    """The kind of a value named `metric` under a heading or lead-in `context`: the name's own kind first ("GSM8K
    Acc" under "Speed tests" is an accuracy); the context speaks only for a name that says nothing of quality
    ("Invalid" under a gsm8k heading), or names a benchmark and no score of it ("gsm8k" under "Acceptance rate per
    task": the prompts the draft was accepted on)."""
    kind = kind_for_metric(metric, unit)
    if kind == "accuracy" and is_acceptance_name(context) and benchmark_alone(metric):
        return "acceptance"
    if kind != "perf" or _TOKEN_COUNT_RE.search(metric):
        return kind  # "Output tokens" beside a gsm8k score: what the eval generated, a cost, not a quality
    return kind_for_metric(f"{metric} {context}", unit)


# (simple-evals' "chars" beside its "score": the answers' mean length in characters, a cost as tokens are)
_TOKEN_COUNT_RE = re.compile(r"\b(?:tokens?|chars|characters)\b", re.IGNORECASE)


def names_a_length(metric: str) -> bool:
    """The name counts what an eval generated ("Output tokens", simple-evals' "chars"): a cost of its answers, never a
    score of the benchmark it stands under."""
    return _TOKEN_COUNT_RE.search(metric) is not None


def is_accuracy_name(text: str) -> bool:
    return _ACCURACY_RE.holds(text)


@short_text_cache(4096)  # (every row, column and metric name is asked, by the tables and the prose)
def is_acceptance_name(text: str) -> bool:
    """Whether _ACCEPTANCE_RE matches in the text: its case-blind words through their case-sensitive copy in the
    lowered text (the whole pattern had none, for its capital "AR"), then the capital "AR" where the text holds one,
    then the letter τ (TAU_RE)."""
    return (
        _ACCEPTANCE_WORDS_RE.holds(text)
        or ("AR" in text and _CASED_AR_RE.search(text) is not None)
        or ("τ" in text and TAU_RE.search(text) is not None)
    )


# Counts of requests or answers that went wrong: fewer is better whatever the table's kind ("Request failures 0 -> 3"
# is a PR adding failures, "Unparseable answers", "Timed-out requests", "OOMs", "Dropped requests")
BAD_OUTCOMES = (
    r"fail(?:s|ed|ures?)?\b|invalid|unpars(?:e|ea)ble|malformed|\bempty\b|\bblank\b|incorrect|\bwrong\b|"
    r"time[sd]?[- ]?outs?\b|timed[- ]out|\boom(?:s|ed)?\b|out[- ]of[- ]memory|\bretr(?:y|ies|ied)\b|"
    r"\bdropped\b|\brejected\b|\baborted\b|\bcrash(?:es|ed)?\b|"
    # (answers cut at the token limit, refused: fewer is better, as a share too: "Truncated rate 5% -> 2%")
    r"\btruncat(?:ed|ions?)\b|\brefus(?:als?|ed)\b"
)
# a count of such outcomes ("Failed requests", "Request failures", "Dropped responses", "OOMs"): a result of the run,
# never its workload the way "Successful requests" or "Number of prompts" are
_COUNTED = r"(?:requests?|answers?|responses?|queries|prompts?|samples?|generations?|completions?|calls?|jobs?)"
_FAILURE_COUNT_RE = re.compile(
    r"(?:" + BAD_OUTCOMES + r")[\w -]{0,20}?\b" + _COUNTED + r"\b|\b" + _COUNTED + r"\s+(?:" + BAD_OUTCOMES + r")|"
    r"^\W{0,3}(?:errors|failures|time-?outs|ooms|crashes|retries)\W{0,3}$",
    re.IGNORECASE,
)


def names_failure_count(label: str) -> bool:
    """The label counts requests or answers that went wrong ("Failed requests", "Request failures", "Timeouts"):
    a lower-is-better result (LOWER_IS_BETTER_RE), whose noise is that of a count out of its population."""
    return len(label) <= 80 and _FAILURE_COUNT_RE.search(label) is not None


# the quality measures of the metric table that fall as the model gets closer to its reference (perplexity, the
# error statistics "MAE", "RMSE"): spelled by their rows, so that a row added there reads the right way here too
_LOWER_NAMED = "|".join(f"(?:{m.pattern})" for m in METRICS if m.kind == "accuracy" and not m.higher_is_better)
SCALE_QUALITY: frozenset[str] = frozenset(m.name for m in METRICS if m.kind == "accuracy" and not m.higher_is_better)
"""The table's quality measures that are no share of the items scored (perplexity, an error statistic "MAE"): no
0..100 scale bounds them, and their noise is a share of their size, not a number of points."""
LOWER_IS_BETTER_RE = re.compile(
    _LOWER_NAMED + "|"
    r"latency|ttft|tpot|itl|(?<![0-9a-f])e2el?(?![0-9a-f])|duration|time|\bms\b|\bus\b|µs|memory|mem\b|gib|\bgb\b|mib|"
    r"overhead|cost|size|error|diff|\bkld\b|kl[- ]?div|\bjsd\b|" + BAD_OUTCOMES + "|"
    r"(?<![a-z])rtf(?![a-z])|real[ -]time factor|"  # seconds of compute per second of audio
    # a profiler's costs: a kernel waits, misses, spills and issues less when it is better ("barrier-stall 14.1% ->
    # 6.1%", "L2 miss rate", "bank conflicts", "register spills", "executed instructions", "cycles")
    r"\bstall(?:s|ed)?\b|\bmiss(?:es)?\b|bank[- ]conflicts?|\bspill(?:s|ed)?\b|\bregisters?\b|\bregs\b|"
    r"\binstructions\b|\bcycles\b",
    re.IGNORECASE,
)


# quality measured as a distance from the reference model: smaller is better
_LOWER_QUALITY_RE = re.compile(
    _LOWER_NAMED
    + r"|error|(?<![a-z])(?:cer|wer)(?![a-z])|diff|\bkld\b|kl[- ]?div|\bjsd\b|rms δp|\bloss(?:es)?\b|"
    + BAD_OUTCOMES,
    re.IGNORECASE,
)


THROUGHPUT_RE = re.compile(r"throughput|(?<![a-z])tput(?![a-z])", re.IGNORECASE)
"""A throughput by its name or its abbreviation ("Output TPUT"): better the higher."""


def higher_is_better(metric: str, unit: str | None, kind: str) -> bool:
    """Direction of goodness: accuracy, acceptance, throughput and speed-ups go up."""
    if kind in ("accuracy", "acceptance"):
        return not _LOWER_QUALITY_RE.search(metric)
    # (a gain word, or a speed-up glued into a name: "decode_speedup"; a share its samples covered: "TTFT coverage")
    if (
        "speedup" in metric.lower()
        or "speed-up" in metric.lower()
        or GAIN_NOUN_RE.search(metric)
        or COVERED_SHARE_RE.search(metric[-20:])
    ):
        return True  # ("TTFT improvement": however its measure reads, an improvement is better the higher it is)
    if (fall := FALL_NOUN_RE.search(metric)) is not None:
        # ("TTFT reduction": the size of a fall, better the larger where the measure is better the lower)
        return not higher_is_better(metric[: fall.start()] + metric[fall.end() :], unit, kind)
    by_unit = unit_higher_is_better(unit)
    if by_unit is not None:
        return by_unit
    u = (unit or "").lower()
    if "/s" in u or "tps" in u or THROUGHPUT_RE.search(metric):
        return True
    return not LOWER_IS_BETTER_RE.search(metric)


# a rate's name, which a time is never a value of ("offline throughput: 24.60 s to 22.84 s per 1000 requests")
_RATE_NAME_RE = re.compile(r"(?:throughput|(?<![a-z])tput|speed|tps|goodput|tok(?:en)?s?/s|qps|rps)\s*$", re.IGNORECASE)


def names_a_rate(metric: str, words: int | None = None) -> bool:
    """The name is a rate's ("throughput", "output throughput", "decode speed"): a time cannot be one. `words`: at
    most that many words ("offline throughput", not a sentence ending in one)."""
    if words is not None and len(metric.split()) > words:
        return False
    return _RATE_NAME_RE.search(metric[-40:]) is not None


BENCHMARK_SAMPLES: dict[str, int] = {m.name: m.samples for m in METRICS if m.samples is not None}
"""Test-split sizes of well-known benchmarks, from the metric table."""

# Canonical metric names, first match wins. Acceptance before accuracy ("acc" is both).
_METRIC_PATTERNS: tuple[tuple[str, str], ...] = tuple((m.name, m.pattern) for m in METRICS)
_METRIC_RES = tuple((name, re.compile(p, re.IGNORECASE)) for name, p in _METRIC_PATTERNS)
_ANY_METRIC_RE = re.compile("|".join(f"(?:{p})" for _, p in _METRIC_PATTERNS), re.IGNORECASE)
_ANY_METRIC_GATE = WordGate(_ANY_METRIC_RE)  # (its searches, only where one of its words stands: vocab.word_gate)
STAT_RE = re.compile(r"\b(mean|median|avg|average|p50|p90|p95|p99|p99\.9|std|min|max)\b", re.IGNORECASE)
LOAD_WORDS = r"(?:saturated|steady-state|single-request|single-stream)"
"""The load a measure was taken under, written as part of its name ("saturated throughput", "single-request TTFT")."""
# the statistic, the load and the phase a measure's name is taken at, written right before it ("P99 TTFT", "p50 ITL",
# "Median E2E latency", "Decode latency", "saturated throughput", "single-request TTFT"): part of its name, so a P99
# never keys with a mean, nor a saturated run's throughput with one request's (searched in a short window)
MEASURE_PREFIX_BEFORE_RE = re.compile(
    r"(?<![\w.-])(?:(?:p\d{1,2}(?:\.\d{1,2})?|median|mean|avg|average|max|min)\s)?"
    r"(?:" + LOAD_WORDS + r"\s)?"
    r"(?:(?:e2e|end-to-end|prefill|decode)\s)?$",
    re.IGNORECASE,
)
_VARIANT_STOP = frozenset(
    (
        "a",
        "an",
        "and",
        "the",
        "of",
        "on",
        "over",
        "with",
        "without",
        "w/",
        "w/o",
        "in",
        "at",
        "for",
        "to",
        "by",
        "from",
        "result",
        "results",
        "value",
        "values",
        "test",
        "tests",
        "check",
        "checks",
        "gate",
        "gates",
        "run",
        "runs",
        "score",
        "accuracy",
        "acc",
        "metric",
        "tok",
        "s",
        "gpu",
        "user",
        "per",
        # units printed in a label: "TTFT (ms)", "throughput (tok/s)"
        "ms",
        "us",
        "ns",
        "sec",
        "secs",
        "seconds",
        "min",
        "tokens",
        "token",
        "req",
        "gib",
        "gb",
        "mib",
        "mb",
        "x",
        "pct",
    )
)
PHASE_OF_VERB = {
    "encoded": "encode",
    "decoded": "decode",
    "generated": "generation",
    "prefilled": "prefill",
    "evaluated": "eval",
    "processed": "processing",
}
"""The phase a console line's verb names when it reports a count done in a time ("decoded 136 tokens in 28.9
seconds"): the name of that time and of the rates after it ("decode time", "decode speed")."""
SPREAD_WORDS = r"(?:std|stdev|stddev|std\.? ?dev\.?|standard dev(?:\.|iation)?|σ|sigma)"
"""A standard deviation's names: a key of the value it spreads ("± 0.4", "std 0.4"), never a claim."""
RANGE_WORDS = r"(?:range|spread|min(?:imum)?\s?(?:-|to|/)\s?max(?:imum)?|half[- ]range)"
"""What a "±" is when a text says it spans its runs' values ("the min-to-max range of the repeats"): a spread."""
PLUS_MINUS = r"(?:±|\+/-|\+-)"
"""The plus-minus sign as typed: "±", "+/-", "+-"."""
STDERR_WORDS = r"(?:sem|s\.e\.m\.?|s\.e\.|stderr|std\.? ?err(?:or)?|standard error)"
"""A standard error's names ("71.2% (SEM 0.35%)", "stderr 0.7"): the uncertainty of the value it follows, no claim."""
_WORD_RE = re.compile(r"[a-z0-9][a-z0-9.+-]{0,40}")
RUN_ID_RE = re.compile(r"#\s?\d{1,9}")
RUN_NAME_RE = re.compile(
    r"\b(?:runs|trials|repeats|repetitions|seeds)\b|\b(?:run|trial|rep|repeat|seed|attempt)[ _#-]?\d{1,3}\b",
    re.IGNORECASE,
)
"""Words that say values are repeated runs of one measure ("3 trials", "run 2", "seed 1"): not "samples", a count of
what one run scored, nor "round", a revision's."""


STATISTIC_MEASURES = ("ttft", "tpot", "itl", "e2el")


"""The measures a serving benchmark reports by statistic: its name keeps the statistic ("p99 ttft", "mean itl")."""


def split_statistic(name: str) -> tuple[str, str]:
    """A canonical metric name's statistic and the measure it is of: "p99 ttft" -> ("p99", "ttft"); "ttft" and
    "gsm8k" name none -> ("", name)."""
    stat, _, measure = name.partition(" ")
    if measure in STATISTIC_MEASURES and STAT_RE.fullmatch(stat):
        return stat, measure
    return "", name


@dataclass(frozen=True)
class MetricName:
    """A metric's canonical name, the configuration its words carry, and what is left."""

    name: str
    hints: tuple[tuple[str, str], ...]
    residual: str


@functools.lru_cache(maxsize=4096)
def names_known_measure(text: str) -> bool:
    """The text is a measure of the table and nothing else, a statistic of it at most ("TTFT", "mean TPOT",
    "output throughput"; not "Kernel time per shape" nor "Same kernel on a P40")."""
    t = text.strip(" *_`:")[:60]
    m = _ANY_METRIC_GATE.search(t)
    return m is not None and not STAT_RE.sub("", t[: m.start()] + t[m.end() :]).strip(" ,-_")


def normalise_metric(metric: str | None, kind: str) -> MetricName:
    """`"MTP1 gsm8k over FP8 KV / acceptance length"` (acceptance) -> acceptance length, draft_len=1, kv=fp8."""
    text = clean_name(metric or "")
    if kind == "gate":
        name = RUN_ID_RE.sub("", re.sub(r"\([^)]{0,200}\)", " ", text))
        name = " ".join(name.replace("[", " ").replace("]", " ").split())
        hints, _ = config_hints(name)
        return MetricName(name or "(unnamed gate)", tuple(sorted(hints.items())), "")
    hints, rest = config_hints(text)
    pos = _POSITION_RE.search(rest) if kind == "acceptance" else None
    if pos is not None:
        # "acceptance at pos 3", "Acceptance rate at token 2": the draft position's own rate, one series a position
        hints = {**hints, "position": pos.group(1)}
        rest = rest[: pos.start()] + " " + rest[pos.end() :]
    found = task_average(rest) if kind == "accuracy" else None
    order = _METRIC_RES if kind != "accuracy" else _METRIC_RES[2:] + _METRIC_RES[:2]
    for name, rx in () if found is not None else order:
        m = rx.search(rest)
        if m:
            if kind == "acceptance" and not name.startswith("acceptance"):
                continue
            found = (name, m.start(), m.end())
            break
    if found is not None:
        name, a, b = found
        if kind == "perf":
            stat = STAT_RE.search(rest)
            if stat and name in STATISTIC_MEASURES:
                name = f"{canonical_stat(stat.group(1))} {name}"
                # the statistic is the name's now, never a variant too ("avg" of one table and "mean" of another
                # are one series); blanked, not cut, so the measure's span stays where it was found
                rest = rest[: stat.start()] + " " * (stat.end() - stat.start()) + rest[stat.end() :]
        residual = rest[:a] + " " + rest[b:]
    else:
        name = " ".join(_WORD_RE.findall(re.sub(r"\([^)]{0,200}\)", " ", rest)))
        if not name:
            name = kind
        residual = " ".join(re.findall(r"\(([^)]{0,200})\)", rest))
        if kind == "acceptance":
            name = "acceptance length"
    if pos is not None and name == "acceptance length":
        name = "acceptance rate"  # (a position accepts its draft token or not: a rate, never a length)
    return MetricName(name, tuple(sorted(hints.items())), variant_words(residual))


_POSITION_HEAD_RE = re.compile(r"(?:draft )?(?:pos(?:ition)?|token) ?#?\d{1,2}", re.IGNORECASE)


def draft_position(head: str) -> bool:
    """A column named for a draft position alone ("Position 0", "Pos 1", "token #2"): in a speculative-decoding
    table, that position's acceptance rate."""
    return _POSITION_HEAD_RE.fullmatch(head.strip()[:40]) is not None


_POSITION_RE = re.compile(r"\b(?:at\s{1,3})?(?:draft\s{1,3})?(?:pos(?:ition)?|token)\s{0,3}[#=]?\s{0,3}(\d{1,2})\b")


def variant_words(text: str) -> str:
    """What is left of a label once configuration words, metric names, "test" and filler are gone."""
    _, rest = config_hints(clean_name(text))
    rest = _ANY_METRIC_RE.sub(" ", rest)
    words = []
    for w in re.split(r"[^a-z0-9.+]+", rest):
        w = w.strip(".")
        if w.startswith("test") and len(w) > 4:
            w = w[4:]
        if len(w) > 1 and w not in _VARIANT_STOP and w != "test":
            words.append(w)
    return " ".join(dict.fromkeys(words))


# State gauges a server logs while it runs ("GPU KV cache usage: 41.2%", "token usage: 0.52", "mamba usage"):
# how full something is at that moment, not a result. A measured rate ("Prefix cache hit rate") is a result,
# and so is a size a run reached ("Peak memory usage: 71 GB").
_GAUGE_RE = WordGate(
    re.compile(
        r"(?:kv(?:[ _-]?cache)?|cache|token|tokens|mamba|block|blocks|slot|slots|page|pages|swap|queue)\s*"
        r"(?:usage|utili[sz]ation|occupancy)\b|^(?:running|waiting|pending|swapped)\b",
        re.IGNORECASE,
    )
)


def is_gauge_name(label: str) -> bool:
    """A server's state gauge ("GPU KV cache usage", "token usage", "Running"), never a claim."""
    return _GAUGE_RE.search(label) is not None


# The accuracy benchmarks of the metric table ("gsm8k" .. "livecodebench"): a name a lead-in line can give a
# table whose columns only say "Score"
_BENCHMARK_NAMES = tuple(m.name for m in BENCHMARKS)
# one named group per benchmark ("b3" -> "gsm8k"), so a match says which one it found
BENCHMARK_ALTERNATION = "|".join(
    f"(?P<b{k}>{p})" for k, (name, p) in enumerate(_METRIC_PATTERNS) if name in _BENCHMARK_NAMES
)
_BENCHMARK_GROUPS = {f"b{k}": name for k, (name, _) in enumerate(_METRIC_PATTERNS) if name in _BENCHMARK_NAMES}
_LEADING_BENCHMARK_RE = re.compile(
    r"^[\s*_`#>-]{0,6}(?:" + BENCHMARK_ALTERNATION + r")[\w-]{0,12}(?![\w-])", re.IGNORECASE
)


def leading_benchmark(text: str) -> str | None:
    """The benchmark a line opens with ("**gsm8k** (200 examples)", "GPQA diamond results:"), as printed."""
    m = _LEADING_BENCHMARK_RE.match(text)
    if not m:
        return None
    return text[m.start(m.lastindex or 0) : m.end()].strip("*_` ") if m.lastindex else None


GENERIC_SCORE = "accuracy"
"""The canonical name of a score named by its measure alone ("Acc", "Accuracy:", "acc."): the metric table's row."""


def scored_metric(metric: str, task: str | None) -> str:
    """The metric a score of canonical name `metric` measured on `task` is: a score named by its measure alone is
    its task's benchmark when the table knows it (a console's "Accuracy: 0.93" under "Loading gsm8k dataset" and a
    table's "Acc" cell in its gsm8k row are one gsm8k series), any other metric itself."""
    return task if metric == GENERIC_SCORE and task in _BENCHMARK_NAMES else metric


_BENCHMARK_IN_RE = WordGate(re.compile(BENCHMARK_ALTERNATION, re.IGNORECASE))  # (vocab.word_gate)


@short_text_cache(1024)  # each cell's name of a table
def benchmark_alone(name: str) -> bool:
    """The name holds a benchmark and no measure of quality ("MT-Bench EAGLE3", "2 tokens (gsm8k)", not "GSM8K Acc"):
    the data a run used, whatever was measured on it."""
    if named_benchmark(name) is None:
        return False
    return not _ACCURACY_RE.holds(_BENCHMARK_IN_RE.pattern.sub(" ", name[:400].replace("_", " ")))


# an eval harness's dataset key, "cmmlu,-,naive_average,gen" or "gsm8k,02f245,accuracy,gen" (OpenCompass's
# summary rows): the dataset's name, then its config's hash (or "-"), the measure and the mode
_DATASET_KEY_RE = re.compile(r"^([A-Za-z][\w.-]{0,60}),(?:-|[0-9a-f]{4,16}),[\w.-]{1,40},(?:gen|ppl|ll|clp)$")


@short_text_cache(2048)  # (each row label of an eval's output, again by each reader of it)
def dataset_key_name(label: str) -> str | None:
    """The dataset an eval harness's key names ("cmmlu,-,naive_average,gen" -> "cmmlu"); None for another label."""
    m = _DATASET_KEY_RE.match(label.strip()[:200])
    return m.group(1) if m else None


# a measure that is no score of a benchmark: a perplexity or a divergence is measured on its own text
OWN_MEASURE_RE = re.compile(r"\b(?:perplexity|ppl|kld|kl[- ]?div(?:ergence)?)\b", re.IGNORECASE)


@short_text_cache(4096)  # the same lead-ins and names are asked again by each table under them
def named_benchmark(text: str) -> str | None:
    """The one accuracy benchmark a name holds ("test_gsm8k_full_accuracy" -> "gsm8k"); None for none or two."""
    found = {
        _BENCHMARK_GROUPS[m.lastgroup] for m in _BENCHMARK_IN_RE.finditer(text[:400].replace("_", " ")) if m.lastgroup
    }
    return found.pop() if len(found) == 1 else None


def _top_level_alternatives(pattern: str) -> list[str]:
    """ "a|b(?:c|d)" -> ["a", "b(?:c|d)"]: the spellings of one metric pattern, each a whole regex."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(pattern):
        if ch == "(" and pattern[i - 1 : i] != "\\":
            depth += 1
        elif ch == ")" and pattern[i - 1 : i] != "\\":
            depth -= 1
        elif ch == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
    out.append(pattern[start:])
    return out


# What names a measurement in prose besides the benchmarks: kinds of result, the serving metrics and rates
_PROSE_METRIC_WORDS = (
    "accuracy",
    "exact[_ ]match",
    # lm-eval's GSM8K filters: the number after one is the exact-match score under it ("main: strict-match 76.90")
    "strict[-_ ]match",
    "flexible[-_ ]extract",
    r"(?<![a-z])score[sd]?(?![a-z])",  # ("long-scoreboard stall": a profiler's wait, no score)
    r"pass@\d",
    r"\bf1\b",
    "acceptance (?:length|rate)s?",
    "accept(?:ance|ed)? len(?:gth)?",
    r"\bAL\b",
    _AL_FIELD,
    "acceptance",
    r"\bper[- ]position\b",  # ("per-position 0.72 / 0.50": the draft positions' acceptance rates)
    "throughput",
    r"\btput\b",  # (throughput's abbreviation: "Output TPUT +26%")
    "latency",
    # an eval's wall time, set beside its score ("MMLU 68%, eval time 31.0s"): its own measure, no serving latency
    r"\beval(?:uation)? (?:wall )?times?\b",
    "ttft",
    "tpot",
    r"\bitl\b",
    "e2el?",
    "tok/s",
    "speed-?up",
    "bandwidth",
    # how far a kernel's logits are from the reference ("max `logits_diff` 0.0020" beside its assert threshold)
    r"logits?[_ ]diff",
    *BENCH_TEST_NAMES,
)
# a phrase that ends on a measure's noun ("the prefix cache hit rate", "the gain", "run time"): it names a measure
_MEASURE_NOUNS = (
    r"(?:rate|ratio|time|duration|latency|throughput|tput|gain|speed-?up|speed|usage|memory|accuracy|score|bandwidth|"
    r"utili[sz]ation|length)s?"
)
MEASURE_NOUN_END_RE = re.compile(r"\b" + _MEASURE_NOUNS + "$", re.IGNORECASE)
MEASURE_NOUN_RE = re.compile(r"\b" + _MEASURE_NOUNS + r"\b", re.IGNORECASE)
"""A measure's generic noun anywhere in the words ("peak memory on H100", "Wall Duration change")."""
# a benchmark's name may go on with its year or split ("AIME25", "MMLU-Pro" is its own entry)
_YEAR_TAIL = r"(?:\d{1,4})?"
PROSE_METRIC_NAMES: tuple[str, ...] = tuple(
    [
        spelling + (_YEAR_TAIL if spelling[-1:].isalpha() and spelling[-2:-1] != "\\" else "")
        for name, pattern in _METRIC_PATTERNS
        if name in _BENCHMARK_NAMES or name == "perplexity"
        for spelling in _top_level_alternatives(pattern)
    ]
    + list(_PROSE_METRIC_WORDS)
)
"""Every name the prose reader takes for a metric: each benchmark of the metric table in each of its spellings,
and the words of _PROSE_METRIC_WORDS. One alternative each, no "|" outside a group."""

_QUALITY_NAME_RE = WordGate(
    re.compile(
        "|".join(f"(?:{p})" for name, p in _METRIC_PATTERNS if name in _BENCHMARK_NAMES or name == "perplexity"),
        re.IGNORECASE,
    )
)
"""Through its case-sensitive copy in the lowered text (vocab.word_gate): asked of every paragraph's last 400
characters and of every claim's line by the sentence tasks, the case-blind alternation cost ~100 us a text."""


def is_benchmark_name(text: str) -> bool:
    """A quality benchmark (or perplexity) of the metric table is named in text: its result is accuracy."""
    return _QUALITY_NAME_RE.holds(text)


def names_a_metric(text: str) -> bool:
    """A metric of the table, in any of its spellings, or a quality word ("acc", "pass@1", "BLEU") is named."""
    return _ANY_METRIC_GATE.search(text) is not None or _ACCURACY_RE.holds(text)


def last_metric_named(text: str) -> str | None:
    """The canonical name of the last metric `text` mentions ("it prints `ppl: 5.81`" -> perplexity), or None."""
    last = None
    for m in _ANY_METRIC_GATE.finditer(text):
        last = m
    if last is None:
        return None
    return next((name for name, rx in _METRIC_RES if rx.search(last.group(0))), None)


# "Accept length Δ", "throughput change", "TTFT delta": a value that is a difference of two levels, not a level
_CHANGE_NAME_RE = re.compile(r"Δ|\b(?:delta|diff|change|speed-?up|uplift|improvement)\b", re.IGNORECASE)


def is_change_name(text: str) -> bool:
    """Whether a metric's name or its column's header names a change (a difference or ratio of two levels)."""
    return _CHANGE_NAME_RE.search(text[:300]) is not None
