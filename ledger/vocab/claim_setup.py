"""What setup a claim states, canonical: the one reading shared by compare's keys and the ledger's setup index.

A claim's setup is read from its config (every key `ledger.vocab.setup.key_class` calls hard, each value made
canonical by `ledger.vocab.canonical`), from the setup words in its soft keys' names (row, column, gate: "FP8 KV
con128") and from those in its metric ("MTP1 gsm8k"). What remains of the row and variant names is its *variant*,
which tells claims of one setup apart and never makes two setups one. compare keys on it (`ledger.compare.keys`);
the ledger stores it per claim (`ledger.db.setup`), so `claims --config` finds what compare would line up.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ledger.vocab.canonical import canonical_items
from ledger.vocab.change_words import GAIN_NOUN_RE
from ledger.vocab.metrics import (
    BENCHMARK_SAMPLES,
    named_benchmark,
    names_failure_count,
    normalise_metric,
    scored_metric,
    variant_words,
)
from ledger.vocab.name_hints import config_hints
from ledger.vocab.setup import LONG_CONTEXT_RE
from ledger.vocab.setup_keys import IGNORED_KEYS, SIDE_SETTING, SOFT_KEYS, canonical_key_name, key_class
from ledger.vocab.subtasks import benchmark_subtask
from ledger.vocab.text import MAX_NAME, clean_name


@dataclass(frozen=True)
class ClaimSetup:
    """A claim's normalised metric, canonical setup (sorted pairs) and variant words."""

    metric: str
    config: tuple[tuple[str, str], ...]
    variant: str


def setup_items(kind: str, metric: str | None, config: Mapping[str, Any] | None) -> tuple[tuple[str, str], ...]:
    """The canonical setup of a claim with these fields, as (key, value) pairs."""
    items = tuple((str(k), str(v)) for k, v in (config or {}).items())
    return read_setup(kind, metric, items).config


@functools.lru_cache(maxsize=8192)
def read_setup(kind: str, metric: str | None, config_items: tuple[tuple[str, str], ...]) -> ClaimSetup:
    """The setup of a claim with these fields (all it reads); cached, as the versions of a PR repeat most claims'."""
    mn = normalise_metric(metric, kind)
    name, residual = _change_named(mn.name, mn.residual)
    config: dict[str, str] = {}
    variants: list[str] = [residual] if residual else []
    subtask: tuple[str, str] | None = None  # (the task's benchmark, its subtask: "mmlu_anatomy" -> mmlu, anatomy)
    # the keys a side's label set are what the sides compare: "BEFORE: backend A" against "AFTER: backend B"
    compared = {canonical_key_name(n.strip()) for k, v in config_items if k == SIDE_SETTING for n in v.split(",")}
    for k, v in config_items:
        ck = canonical_key_name(k)
        if ck in compared:
            continue
        if ck in SOFT_KEYS:
            hints, rest = config_hints(clean_name(v))
            for hk, hv in hints.items():
                config.setdefault(hk, hv)
            # (a "| Scenario |" column's rows, "no adapter" / "one adapter", are read under workload: two series)
            if ck in ("row", "variant", "case", "setting", "workload"):
                words = variant_words(rest)
                if words:
                    variants.append(words)
            elif ck == "rank" and v.strip().isdigit():
                variants.append(f"rank {v.strip()}")  # (each rank's value its own, paired rank with rank)
            continue
        if ck == "task":
            task = _task(kind, v, mn.name)
            if task:
                config["task"] = task
            if kind == "accuracy" and benchmark_subtask(v):
                subtask = (named_benchmark(v) or "", benchmark_subtask(v))
            continue
        if ck not in IGNORED_KEYS:  # hard: named in the table, or a setup key the table does not know yet
            for hk, hv in canonical_items(ck, v):
                if hk == ck:
                    config[hk] = hv
                else:  # what a value implies ("8xH100": the count) yields to the key stated on its own
                    config.setdefault(hk, hv)
    for hk, hv in mn.hints:
        config.setdefault(hk, hv)
    if kind in ("acceptance", "perf"):
        texts = [metric or ""]
        # (a row naming a checkpoint the setup holds, "org/M-eagle3-long-context" under "Draft model", names no
        # workload: the draft was trained for long inputs, the run's prompts are the benchmark's)
        named = {clean_name(v) for k, v in config_items if canonical_key_name(k) in _CHECKPOINT_KEYS}
        texts += [v for k, v in config_items if canonical_key_name(k) in SOFT_KEYS and clean_name(v) not in named]
        if any(LONG_CONTEXT_RE.search(t[:MAX_NAME]) for t in texts):
            config.setdefault("task", "long-context")
    if config.get("draft_len") == "0":
        config.pop("draft_len")
    metric_name = scored_metric(name, config.get("task")) if kind == "accuracy" else name
    if metric_name != name:
        config.pop("task")  # ("Accuracy" on gsm8k: the gsm8k score, as a "GSM8K Acc" cell names it)
    if subtask is not None and subtask[0] == metric_name:
        # a subject of the benchmark scored is a series of its own ("ceval-valid_accountant" and "..._art_studies"
        # are two measures of ceval, never one series's values told apart by nothing)
        config["task"] = subtask[1]
    split = BENCHMARK_SAMPLES.get(metric_name) or BENCHMARK_SAMPLES.get(config.get("task", ""))
    if kind not in ("accuracy", "acceptance") and not names_failure_count(metric or ""):
        # an eval's sample count says nothing of a speed measured beside it; a count of failures keeps its population
        config.pop("samples", None)
    elif split and config.get("samples", "").isdigit() and int(config["samples"]) >= split:
        # the whole split is no setting of its own ("gsm8k (1319 samples)" is every gsm8k run's), and more than the
        # split holds is another benchmark's count ("full gsm8k (1319 samples)" beside the same run's MMMU score)
        config.pop("samples")
    stated = _stated_words(config_items) if variants else frozenset()
    variant = " ".join(w for w in dict.fromkeys(" ".join(variants).split()) if w not in stated)
    return ClaimSetup(metric_name, tuple(sorted(config.items())), variant)


def _change_named(name: str, residual: str) -> tuple[str, str]:
    """ "TPOT Gain" is a gain of TPOT, a series of its own ("tpot gain", better the higher), never TPOT's values told
    apart by the word "gain": the gain word joins the measure's name. (A fall's size, "TTFT reduction", stays the
    measure's signed change in %, its sign turned: compare.keys pairs it with a "TTFT change".)"""
    word = GAIN_NOUN_RE.search(residual) if residual else None
    if word is None or GAIN_NOUN_RE.search(name):
        return name, residual
    rest = f"{residual[: word.start()]} {residual[word.end() :]}".split()
    return f"{name} {word.group(0).lower()}", " ".join(rest)


_WORD_SPLIT_RE = re.compile(r"[^a-z0-9.+]+")  # (as metrics.variant_words splits a label)


def _stated_words(config_items: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """The words the claim's own settings spell ("Vicuna 7B" under Model, "GEMM" under Version): a row named by its
    setting columns alone ("Vicuna 7B / GEMM") is that setup, no variant of it, as the same run stated in a lead-in
    over a table without those columns is."""
    return frozenset(
        w
        for k, v in config_items
        if key_class(k) == "hard"
        for w in _WORD_SPLIT_RE.split(clean_name(str(v))[:MAX_NAME])
        if w
    )


_CHECKPOINT_KEYS = frozenset(("model", "draft_model"))


def _task(kind: str, value: str, metric: str) -> str:
    """The test or task a value comes from, as a setup key: a throughput or an acceptance length of a gsm8k run
    is not one of a passkey run. An accuracy's task is the benchmark its metric already names (lm-eval's rows
    name both), so there it adds nothing unless the metric names none; every long-context workload (passkey,
    RULER, needle) is one."""
    v = value[:MAX_NAME]
    if LONG_CONTEXT_RE.search(v):
        return "long-context" if kind in ("acceptance", "perf") else ""
    name = normalise_metric(v, "accuracy").name
    if kind == "accuracy" and named_benchmark(metric):
        return ""
    # ("flexible-extract" under a turn that names GSM8K: the benchmark its metric does not name)
    return "" if not name or name == metric else name
