"""Which values `ledger trend METRIC` is about, and the series each goes in.

The query is read as the metric vocabulary reads a label (ledger.vocab.metrics), never as a printed string: "TTFT",
"Time to First Token" and "ttft" are one measure. A measure a serving benchmark reports by statistic keeps it in
its series: "mean TTFT" asks for the mean alone, a bare "TTFT" for each statistic, one series apiece, drawn side by
side (a p99 never continues a mean). A benchmark ("gsm8k") is its score: a score its text names by the measure
alone under the benchmark's task ("exact_match" of task gsm8k) is in it, a time or a rate measured on the task is
another quantity, drawn only when its kind is asked for (`--kind perf`) and otherwise counted in a note.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ledger.compare.keys import Key
from ledger.vocab.metric_table import BENCHMARKS, METRICS
from ledger.vocab.metrics import is_change_name, normalise_metric, split_statistic
from ledger.vocab.outcomes import names_bad_outcome

TRENDED_KINDS = ("accuracy", "acceptance", "perf")
_BENCHMARK_NAMES = frozenset(m.name for m in BENCHMARKS)
_NAMED_MEASURES = frozenset(m.name for m in METRICS) - {"accuracy"}
"""Metrics of their own: a value so named under a benchmark's task is that measure, not the benchmark's score
("accuracy" alone is the score: the task beside it tells which)."""
FAILED_ANSWERS = "failed answers: "
"""How pick marks a share of an eval's failed answers among the other quantities it counts."""
STAT_ORDER = ("", "mean", "p50", "median", "p90", "p95", "p99", "p99.9", "std", "min", "max")


@dataclass(frozen=True)
class MetricQuery:
    """A trend's metric as asked, read by the vocabulary."""

    asked: str
    measures: frozenset[str]
    """The canonical measures it names, without their statistic ("ttft", "gsm8k")."""
    statistic: str
    """The statistic asked ("mean", "p99"); "" asks for every one."""
    benchmark: str
    """The benchmark it names ("gsm8k"), or ""."""


def metric_query(asked: str) -> MetricQuery:
    """The query "mean TTFT" -> measure ttft, statistic mean; "GSM8K" -> measure and benchmark gsm8k."""
    names = [normalise_metric(asked, kind).name for kind in ("perf", "accuracy")]
    split = [split_statistic(n) for n in names]
    statistic = next((s for s, _ in split if s), "")
    bench = next((n for n in names if n in _BENCHMARK_NAMES), "")
    return MetricQuery(asked, frozenset(m for _, m in split), statistic, bench)


def pick(q: MetricQuery, key: Key, variant: str, kinds: list[str] | None) -> tuple[Key, str] | str | None:
    """The series (key, variant) a value of this key goes in; None when the query is not about it; for a quantity
    measured on the asked benchmark that is not its score, that quantity's unit family (to be counted)."""
    if key.kind not in TRENDED_KINDS:
        return None
    stat, measure = split_statistic(key.metric)
    if measure in q.measures and (not q.statistic or stat == q.statistic):
        if q.benchmark and key.kind != "accuracy" and not (kinds and key.kind in kinds):
            return key.unit or key.kind  # ("gsm8k time: 655 s": a time the eval took, not its score)
        return key, variant
    task = dict(key.config).get("task")
    if not q.benchmark or key.kind != "accuracy" or not task or key.metric in _NAMED_MEASURES | _BENCHMARK_NAMES:
        return None
    if normalise_metric(task, "accuracy").name != q.benchmark:
        return None
    if names_bad_outcome(key.metric):
        return f"{FAILED_ANSWERS}{key.metric}"  # ("Invalid: 0.000" beside gsm8k's "Accuracy": unparsable answers)
    # the benchmark's score named by its measure ("exact_match" under task gsm8k): keyed as a score named by the
    # benchmark with the measure as its variant is ("gsm8k exact_match"), so the two spellings are one series
    config = tuple((k, v) for k, v in key.config if k != "task")
    measure_words = "" if key.metric == "accuracy" else key.metric
    return Key(key.kind, q.benchmark, key.unit, config), " ".join(w for w in (measure_words, variant) if w)


def own_baseline_changes(key: Key, variant: str, docs: Sequence[str]) -> bool:
    """A series of changes ("Delta +3.9%", a speed-up) gathered from several documents: each is its own text's gain
    over its own baseline (one PR's 0.20.0, the next's 0.25.1), so a smaller one later is no fall of anything; drawn,
    never judged as a history."""
    return len(docs) > 1 and (is_change_name(variant) or is_change_name(key.metric))


def statistic_rank(key: Key) -> int:
    """Where a series' statistic stands among a measure's (unstated, mean, median, ..., max)."""
    stat = split_statistic(key.metric)[0]
    return STAT_ORDER.index(stat) if stat in STAT_ORDER else len(STAT_ORDER)


def query_notes(q: MetricQuery, keys: Iterable[Key], others: dict[str, int]) -> list[str]:
    """What a reader of the trend is told of the query's reach: the statistics drawn apart, the other quantities
    measured on a benchmark left out."""
    notes = []
    stats = sorted({split_statistic(k.metric)[0] for k in keys}, key=lambda s: STAT_ORDER.index(s))
    if not q.statistic and len(stats) > 1:
        said = ", ".join(s or "unstated" for s in stats)
        notes.append(
            f"note: {q.asked!r} names no statistic: one series per statistic ({said}), never mixed "
            f"(ask 'mean {q.asked}' for one)"
        )
    failed = {u.removeprefix(FAILED_ANSWERS): n for u, n in others.items() if u.startswith(FAILED_ANSWERS)}
    units = {u: n for u, n in others.items() if not u.startswith(FAILED_ANSWERS)}
    if units:
        said = ", ".join(f"{n} in {unit}" for unit, n in sorted(units.items()))
        notes.append(
            f"note: values measured on {q.benchmark} that are not its score left out ({said}): --kind perf draws them"
        )
    if failed:
        said = ", ".join(f"{n} {name!r}" for name, n in sorted(failed.items()))
        notes.append(
            f"note: shares of {q.benchmark}'s answers that failed, not its score, left out ({said}; lower is better): "
            "ask for them by name"
        )
    return notes


__all__ = ["MetricQuery", "metric_query", "own_baseline_changes", "pick", "query_notes", "statistic_rank"]
