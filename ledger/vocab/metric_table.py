"""The metric table: one row per metric the ledger knows by name, with its spellings, kind, direction and, for a
benchmark of known size, how many items it scores.

The names' patterns of ledger/vocab/metrics.py (canonical names, benchmark alternations, the prose reader's
names) and the sample counts compare's noise model uses are built from these rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["accuracy", "acceptance", "perf"]


@dataclass(frozen=True)
class Metric:
    """One metric."""

    name: str
    """Canonical name, as stored and compared ("gsm8k", "acceptance length", "ttft")."""
    pattern: str
    """Its spellings: a case-blind regex, one alternative per spelling, no "|" outside a group."""
    kind: Kind
    higher_is_better: bool
    samples: int | None = None
    """Items in the split usually scored, where the benchmark has a fixed size (compare's noise from it)."""
    benchmark: bool = False
    """A named quality benchmark: a lead-in line or a test's name naming it gives a table or a value its metric."""


def _bench(name: str, pattern: str, samples: int | None = None) -> Metric:
    return Metric(name, pattern, "accuracy", True, samples, benchmark=True)


# First match wins when a label is named: acceptance before accuracy ("acc" is both), mmlu-pro before mmlu.
METRICS: tuple[Metric, ...] = (
    Metric("acceptance rate", r"accept(?:ance|ed)?[ _-]?rate|\bar\b|\[ar\]", "acceptance", True),
    Metric(
        "acceptance length",
        r"accept(?:ance|ed)?[ _-]?len(?:gth)?|\bal\b|mean accepted|\bacc\.?[ _-]?len(?:gth)?\b|"
        r"(?<![\w.])a\.len\b|accepted tokens per step|tokens per step",
        "acceptance",
        True,
    ),
    # a benchmark's variant, edition or subset is a benchmark of its own, before the name it extends ("GSM8K
    # Platinum" is GSM8K's revised test set, "AIME 2025" another year's problems, "MATH-500" a subset of MATH)
    _bench("gsm8k-platinum", r"gsm[ _-]?8k[ _-]?platinum", 1209),
    _bench("gsm8k", r"gsm[ _-]?8k", 1319),
    _bench("mmlu-pro", r"mmlu[ _-]?pro", 12032),
    _bench("mmlu", r"\bmmlu|_mmlu", 14042),
    _bench("mmmu", r"mmmu", 900),  # validation split
    _bench("gpqa-diamond", r"gpqa[ _-]?diamond", 198),
    _bench("gpqa", r"gpqa", 198),  # (diamond, as most threads score it unnamed)
    _bench("humaneval", r"human[ _-]?eval", 164),
    _bench("mbpp", r"\bmbpp", 500),
    _bench("math500", r"math[ _-]?500", 500),
    _bench("aime2024", r"\baime[ _-]?(?:20)?24(?!\d)", 30),
    _bench("aime2025", r"\baime[ _-]?(?:20)?25(?!\d)", 30),
    _bench("aime2026", r"\baime[ _-]?(?:20)?26(?!\d)", 30),
    _bench("aime", r"\baime(?![a-z])", 30),  # one year (not "we aimed to ...")
    _bench("ifeval", r"ifeval", 541),
    _bench("longbench", r"longbench"),
    _bench("ruler", r"\bruler\b"),
    _bench("passkey", r"pass[ _-]?key"),
    # a needle planted in a long filler text, found or not at each context length ("Needle in a haystack", "NIAH")
    _bench("niah", r"\bniah\b|needle[ _-]?in[ _-]?a[ _-]?haystack"),
    _bench("mt-bench", r"mt[ _-]?bench"),
    _bench("hellaswag", r"hellaswag", 10042),
    _bench("winogrande", r"winogrande", 1267),
    _bench("arc-challenge", r"arc[ _-]?(?:challenge|c)\b", 1172),
    # ARC by its split's name is the one above; bare, the set a serving guide draws prompts from (not Intel's Arc
    # GPUs: "Intel Arc", "Arc A770", "Arc Pro B60")
    _bench("arc-easy", r"arc[ _-]?(?:easy|e)\b", 2376),
    _bench("arc", r"(?<!intel )\barc\b(?![ _-]?(?:[ab]\d{2,3}|pro\b|gpus?\b|graphics))"),
    _bench("truthfulqa", r"truthful[ _-]?qa", 817),
    # OpenCompass's usual suite beside MMLU and GSM8K (RACE by its two school levels: "race" alone is a word)
    _bench("ceval", r"\bc-?eval\b", 1346),  # validation split
    _bench("triviaqa", r"trivia[ _-]?qa(?![ _-]?(?:mini|lite|sample)\b)"),  # (a subset is another set)
    _bench("race-middle", r"\brace[ _-]middle\b", 1436),
    _bench("race-high", r"\brace[ _-]high\b", 3498),
    _bench("piqa", r"\bpiqa\b", 1838),
    _bench("boolq", r"\bboolq\b", 3270),  # (SuperGLUE's; validation split)
    _bench("agieval", r"\bagi[ _-]?eval\b"),
    _bench("chartqa", r"chartqa", 2500),
    _bench("mathvista", r"mathvista", 1000),  # testmini
    _bench("livecodebench-v5", r"livecodebench[ _-]?v5(?!\d)"),
    _bench("livecodebench-v6", r"livecodebench[ _-]?v6(?!\d)"),
    _bench("livecodebench", r"livecodebench"),
    _bench("docvqa", r"docvqa"),
    # the agentic and long-context suites reasoning models are scored on (Artificial Analysis' index among them);
    # tau-bench by its ASCII spelling only ("τ" alone is an acceptance's letter)
    _bench("scicode", r"\bscicode\b"),
    _bench("aa-lcr", r"\baa[ _-]?lcr\b"),
    _bench("tau2-bench", r"\btau[ _-]?2[ _-]?bench"),
    _bench("tau-bench", r"\btau[ _-]?bench"),
    _bench("swe-bench", r"\bswe[ _-]?bench"),
    _bench("terminal-bench", r"\bterminal[ _-]?bench"),
    _bench("bfcl", r"\bbfcl\b"),
    _bench("hle", r"\bhle\b|humanity'?s[ _-]last[ _-]exam"),
    _bench("ifbench", r"\bifbench\b"),
    # the vision-language benchmarks release pages score quantised VLMs on (not "GQA": grouped-query attention too)
    _bench("pope", r"\bpope\b"),
    _bench("mmbench", r"mmbench"),
    _bench("seed-bench", r"seed[ _-]?bench"),
    _bench("vqav2", r"vqa[ _-]?v2"),
    # a score named by its measure alone ("Acc", "acc", "Accuracy:", "Acc."): one measure however spelt, the task
    # beside it telling the benchmark; a name saying more ("normalized accuracy", "acc_norm") is its own
    Metric("accuracy", r"^(?:acc|accuracy)\.?(?: ?\([%a-z ]{1,12}\))?$", "accuracy", True),
    # wikitext is scored by its perplexity: "wikitext 7.61" is a perplexity
    Metric("perplexity", r"perplexity|\bppl\b|wikitext", "accuracy", False),
    # how far a kernel's or a quantised layer's output is from the reference one, by its error statistic ("After
    # MAE", "RMSE"): smaller is better, as for any distance from the reference (root mean square before mean square)
    Metric("rmse", r"(?<![a-z])rmse(?![a-z])|root[ _-]mean[ _-]squared?[ _-]error", "accuracy", False),
    Metric("mse", r"(?<![a-z])mse(?![a-z])|mean[ _-]squared?[ _-]error", "accuracy", False),
    Metric("mae", r"(?<![a-z])mae(?![a-z])|mean[ _-]abs(?:olute)?[ _-]error", "accuracy", False),
    Metric("ttft", r"ttft|time to first token", "perf", False),
    Metric("tpot", r"tpot|time per output token", "perf", False),
    Metric("itl", r"\bitl\b|inter[ -]token latency", "perf", False),
    Metric("e2el", r"e2el|e2e latency|end[ -]to[ -]end latency", "perf", False),
    # (a rate by its initials, "RPS", "PRM": the unit, req/s or req/min, keeps the two apart)
    Metric(
        "request throughput", r"request throughput|req/(?:s|min)|(?<![a-z])(?:rps|prs|rpm|prm)(?![a-z])", "perf", True
    ),
    # sglang.bench_serving's "Peak output token throughput (tok/s)" beside its "Output token throughput": the best
    # moment's rate, no mean over the run; a series of its own, never compared with the mean
    Metric("peak output throughput", r"peak output (?:token )?(?:throughput|tput)", "perf", True),
    # ("401.50 output tokens/s": the rate's own words name it)
    # ("Output TPUT": throughput's abbreviation, as serving reports print it; "OTPS / GPU": output tokens per second)
    Metric(
        "output throughput",
        r"output (?:token )?(?:throughput|tput)|output tok(?:en)?s?/s(?:ec)?\b|(?<![a-z])otps(?![a-z])",
        "perf",
        True,
    ),
    Metric("total throughput", r"total (?:token )?(?:throughput|tput)|total tok(?:en)?s?/s(?:ec)?\b", "perf", True),
)
"""Every metric known by name, in the order a label is matched against them."""

BENCHMARKS: tuple[Metric, ...] = tuple(m for m in METRICS if m.benchmark)
