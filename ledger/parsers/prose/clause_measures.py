"""The names a value's own clause gives it, read once the sentence's values are all known: what a factor reduced
("cuts memory needs by 3x": memory needs' reduction, not the sentence's subject), a size compared or saved ("the
weights are 3x smaller", "saves 2GB VRAM"), the ratios' and changes' nouns (ratio_names), and the time an activity
takes ("Expect this to take 10 minutes" under "Quantization"). Apart so the reader (sentences) makes one call: the
reductions and sizes first, so two factors of one sentence are two measures before the ratios' names are read."""

from __future__ import annotations

from typing import Any

from ledger.parsers.prose.activity_times import activity_times
from ledger.parsers.prose.clause_speeds import clause_speeds
from ledger.parsers.prose.compared_runs import compared_runs
from ledger.parsers.prose.metrics import holds_metric
from ledger.parsers.prose.per_device_rates import per_device_rates
from ledger.parsers.prose.ratio_names import name_ratios
from ledger.parsers.prose.reduced_by import reduced_by_factors
from ledger.parsers.prose.size_changes import size_changes
from ledger.parsers.prose.time_parts import time_parts
from ledger.vocab.measure_qualifiers import MEASURE_QUALIFIER_RE
from ledger.vocab.metrics import prose_kind
from ledger.vocab.protocol_windows import RUN_DURATION, served_over
from ledger.vocab.units import is_time_unit


def clause_measures(out: list[dict[str, Any]], text: str, section: tuple[str, ...]) -> None:
    """Name the values `out` of `text` (under the heading path `section`) by what their own clauses say; a share its
    clause names a score's change of is a score's ("within 2% accuracy drop": an accuracy, whatever the words before
    it named)."""
    named = [c.get("metric") for c in out]
    reduced_by_factors(out, text)  # ("by 2x while reducing memory by 3x": the 3x is memory's, not the subject's)
    size_changes(out, text)  # ("the weights are 3x smaller": a size reduction, no speed-up; "saves 2 GB": a saving)
    name_ratios(out, text, holds_metric)
    clause_speeds(out, text)  # ("Prefill is 1.5x faster and decode 1.1x faster": decode's own speed-up)
    activity_times(out, text, section)  # ("Expect this to take 10 minutes": the section's activity)
    time_parts(out, text)  # ("18 ms of host time (4.0 ms building the graph ...)": each time the part its words name)
    per_device_rates(out, text)  # ("TPOT = 31.5ms, each card averages 610 TPS": one card's throughput)
    compared_runs(out, text)  # ("Compared to 4.51 tokens/s in llama.cpp": that engine's throughput)
    served_durations(out, text)  # ("20,120 requests over 3,628.0 s": how long the run took)
    qualified_measures(out, text)  # ("TTFT coverage 0.9985": the samples' coverage, no latency)
    for c, was in zip(out, named, strict=True):
        if c.get("metric") != was and c.get("kind") == "perf" and c.get("unit") in _SHARES:
            c["kind"] = prose_kind(c.get("metric") or "", c.get("unit"))


_SHARES = ("%", "pp", "point", "points")


def served_durations(out: list[dict[str, Any]], text: str) -> None:
    """ "6,450 requests over 1,912.4 s": the time a run took to serve the work counted before it (vocab.protocol_windows
    .served_over) is the run's duration, whatever the words before the count named."""
    for c in out:
        start, end = c["start"], c["end"]
        if is_time_unit(c.get("unit")) and served_over(text, text[max(0, start - 24) : start], start, end):
            c["metric"] = RUN_DURATION


def qualified_measures(out: list[dict[str, Any]], text: str) -> None:
    """ "TTFT coverage 0.9985": a value whose measure's name is followed by a qualifier (vocab.measure_qualifiers) is
    the qualified measure's, not the latency's its first word names."""
    for c in out:
        start = c["start"]
        m = MEASURE_QUALIFIER_RE.search(text, max(0, start - 48), start)
        metric = c.get("metric") or ""
        if m is not None and metric.lower().endswith(m.group("measure").lower()):
            c["metric"] = f"{metric} {' '.join(m.group('qualifier').lower().split())}"
