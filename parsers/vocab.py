"""Words that decide a claim's kind, a metric's direction and an outcome's meaning."""

from __future__ import annotations

import re

from ledger.parsers.memo import short_text_cache

_ACCURACY_RE = re.compile(
    r"gsm8k|gsm-8k|mmlu|mmmu|gpqa|human[- ]?eval|mbpp|math(?:500)?\b|aime|arc[-_ ]|hellaswag|winogrande|"
    r"truthfulqa|ifeval|longbench|ruler|niah|pass ?key|passkey|accuracy|\bacc\b|\bacc[_ ]|exact[_ ]match|"
    r"\bscore\b|pass@\d|\bf1\b|bleu|rouge|\bem\b|strict-match|flexible-extract|mt-?bench|chartqa|"
    r"docvqa|textvqa|mathvista|ocrbench|lambada|perplexity|\bppl\b|wikitext|cmmlu|ceval|bbh|drop\b|"
    r"livecodebench|swe-?bench|correct",
    re.IGNORECASE,
)
_ACCEPTANCE_RE = re.compile(
    r"acceptance|accept(?:ed)? (?:length|rate|len)|\bAL\b|\[AR\]|mean accepted|draft acceptance|"
    r"accept_len|acc_len|accept rate",
    re.IGNORECASE,
)
_PERF_HINT_RE = re.compile(
    r"throughput|latency|ttft|tpot|itl|e2e|tok/s|tokens/s|req/s|tps|qps|duration|time|speed|"
    r"memory|\bms\b|\bus\b|µs|gib|\bgb\b|bandwidth|flops|step|kernel",
    re.IGNORECASE,
)


@short_text_cache(1024)
def kind_for_metric(metric: str, unit: str | None = None) -> str:
    """accuracy, acceptance or perf, from the metric's name and unit."""
    if _ACCEPTANCE_RE.search(metric):
        return "acceptance"
    if unit and unit.lower() in ("ms", "us", "µs", "s", "tok/s", "tokens/s", "req/s", "x", "×", "gib", "gb",
                                 "mib", "mb"):
        return "perf"
    if _ACCURACY_RE.search(metric) and not _PERF_HINT_RE.search(metric):
        return "accuracy"
    return "perf"


def is_accuracy_name(text: str) -> bool:
    return bool(_ACCURACY_RE.search(text))


def is_acceptance_name(text: str) -> bool:
    return bool(_ACCEPTANCE_RE.search(text))


LOWER_IS_BETTER_RE = re.compile(
    r"latency|ttft|tpot|itl|e2el?|duration|time|\bms\b|\bus\b|µs|memory|mem\b|gib|\bgb\b|mib|"
    r"perplexity|\bppl\b|overhead|cost|size|error|diff",
    re.IGNORECASE,
)


def higher_is_better(metric: str, unit: str | None, kind: str) -> bool:
    """Direction of goodness: accuracy, acceptance, throughput and speed-ups go up."""
    if kind in ("accuracy", "acceptance"):
        return not re.search(r"perplexity|\bppl\b|error|diff", metric, re.IGNORECASE)
    u = (unit or "").lower()
    if u in ("x", "×") or "speedup" in metric.lower() or "speed-up" in metric.lower():
        return True
    if u in ("ms", "us", "µs", "s", "ns", "min", "gib", "gb", "mib", "mb"):
        return False
    if "/s" in u or "tps" in u or "throughput" in metric.lower():
        return True
    return not LOWER_IS_BETTER_RE.search(metric)


# Outcome words, longest first; the value is the contract's outcome.
OUTCOME_PHRASES: tuple[tuple[str, str], ...] = (
    ("needs follow-up", "not_verified"), ("not measured", "not_verified"), ("not covered", "not_verified"),
    ("not verified", "not_verified"), ("not tested", "not_verified"), ("unverified", "not_verified"),
    ("untested", "not_verified"), ("not rerun", "not_run"), ("not re-run", "not_run"), ("not run", "not_run"),
    ("did not run", "not_run"), ("were not run", "not_run"), ("bitwise identical", "pass"),
    ("bit-exact", "pass"), ("identical", "pass"), ("did not boot", "fail"), ("timed out", "fail"),
    ("waived", "waived"), ("skipped", "skipped"), ("success", "pass"), ("passed", "pass"), ("passes", "pass"),
    ("pass", "pass"), ("clean", "pass"), ("green", "pass"), ("ok", "pass"), ("failure", "fail"),
    ("failed", "fail"), ("fails", "fail"), ("fail", "fail"), ("unstable", "fail"), ("hangs", "fail"),
    ("hang", "fail"), ("timeout", "fail"), ("aborted", "fail"), ("✅", "pass"), ("✔", "pass"),
    ("❌", "fail"), ("✗", "fail"),
)
_OUTCOME_RE = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(p) for p, _ in OUTCOME_PHRASES) + r")(?![\w-])", re.IGNORECASE
)
_OUTCOME_MAP = {p: o for p, o in OUTCOME_PHRASES}


CASE_ODD = ("\u0130", "\u0131", "\u017f", "\u212a")
"""İ ı ſ K: the only characters beyond ASCII that match an ASCII letter ignoring case or lower to ASCII
(tests/test_gates.py checks every code point). Without them, an ASCII word is in text.lower() exactly
when an IGNORECASE pattern of that word finds it in text."""


def lower_for_words(text: str) -> str | None:
    """text lowered, for substring tests standing in for IGNORECASE patterns of ASCII words; None where
    such a test could disagree with the pattern (ask the pattern there)."""
    if text.isascii() or not any(map(text.__contains__, CASE_ODD)):
        return text.lower()
    return None


def find_outcome(text: str) -> tuple[str, str, int, int] | None:
    """The first outcome word in text: (outcome, words as printed, start, end)."""
    m = _OUTCOME_RE.search(text)
    if not m:
        return None
    return _OUTCOME_MAP[m.group(1).lower()], m.group(1), m.start(1), m.end(1)


def outcome_of(word: str) -> str | None:
    """The contract outcome of a CI state or verdict word (SUCCESS -> pass)."""
    return _OUTCOME_MAP.get(word.strip().lower())


# Labels whose numbers are inputs of a run, not results.
CONFIG_LABEL_RE = re.compile(
    r"^(?:number of|num[_ ]|#\s*|n[_ ]?(?:prompts|requests|samples)|total (?:input|output|generated|prompt)"
    r" tokens|successful requests|failed requests|completed|request rate|rate\b|max(?:imum)?[_ ]|"
    r"concurrency|batch[_ ]?size|bs\b|isl\b|osl\b|input[_ ]len|output[_ ]len|seq(?:uence)?[_ ]len|"
    r"prompt[_ ]len|tp\b|tp[_ ]size|pp\b|ep\b|dp\b|world[_ ]size|gpus?\b|nodes?\b|seed\b|temperature|"
    r"top[_ ]?[pk]\b|n[_-]?shot|shots?\b|version|stderr|std\b|samples\b|questions\b|tokens\b|"
    r"dataset|model\b|tensor[_ ]parallel|pipeline[_ ]parallel|kv[_ ]cache[_ ]free|free[_ ]gpu|"
    r"chunk|page[_ ]size|block[_ ]size|tokens[_ ]per[_ ]block|warmup|iterations?\b|runs?\b|repeat|"
    r"draft[_ ]len|num[_ ]draft|spec[_ ]|max[_ ]tokens|context[_ ]len|date|port\b|rank|layers?\b|"
    r"total (?:number|count)|count\b|total requests|requests\b|prompts\b|"
    r"total (?:input|output) (?:len|length)|benchmark duration \(iterations\)|"
    r"accepted tokens|draft tokens|drafted tokens|emitted tokens|proposals\b)",
    re.IGNORECASE,
)
BASELINE_LABEL_RE = re.compile(
    r"^(?:baseline|before|main\b|original|reference|ref\b|w/o|without|old\b|base\b|previous|prior|"
    r"non-speculative|eager\b|default\b)",
    re.IGNORECASE,
)


def is_config_label(label: str) -> bool:
    return bool(CONFIG_LABEL_RE.match(label.strip(" *`_-=[]").strip()))


# Qualifiers written in row names, column headers and clauses, as normalised config keys.
_QUALIFIER_RES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("mtp", re.compile(r"\bMTP[ -]?(\d{1,2})\b|\b(no) MTP\b", re.IGNORECASE)),
    ("kv_cache", re.compile(r"\b(FP8|NVFP4|FP4|MXFP4|bf16|fp16|int8|int4)[ -]KV\b", re.IGNORECASE)),
    ("concurrency", re.compile(r"\bcon(?:currency)?[ =:]?(\d{1,5})\b", re.IGNORECASE)),
    ("gpu", re.compile(r"\b(GB300|GB200|B300|B200|H200|H100|H800|H20|A100|A10G?|L40S?|L4|MI300X|MI325X|MI355X|"
                       r"RTX ?\d{4}|DGX[ -]Spark)\b", re.IGNORECASE)),
    ("tp", re.compile(r"\bTP[ =]?(\d{1,3})\b", re.IGNORECASE)),
    ("ep", re.compile(r"\bEP[ =]?(\d{1,3})\b", re.IGNORECASE)),
    ("draft", re.compile(r"\bdraft(?:[ _]len(?:gth)?)?[ =]?(\d{1,2})\b", re.IGNORECASE)),
    ("state", re.compile(r"\b(bf16|fp32|fp16)(?: GDN| SSM| recurrent)? state\b", re.IGNORECASE)),
)


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
    for key, rx in _QUALIFIER_RES:
        m = rx.search(s)
        if not m:
            continue
        val = next((g for g in m.groups() if g), "")
        if key == "mtp" and val.lower() == "no":
            val = "0"
        out[key] = val.upper() if key == "gpu" else val.lower()
    return out
