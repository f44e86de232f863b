"""Runs named one by one inside one sentence, each before its value: "On main, run 1 gave 1843.2 tok/s, run 2 gave
1851.0 tok/s and run 3 gave 1838.7 tok/s of output throughput." Each value is that run (config `trial` = its
number, as parsers.grammar.declared_repeats numbers a run's own line or paste), and the measure is the one the
sentence names, after the values ("of output throughput") or before the first run ("Output throughput on main:"),
never the run's words ("run 1 gave"), which the reader otherwise takes for the name a value has right before it.
compare.trials then reads a side's numbered runs of one measure as one series.
"""

from __future__ import annotations

from typing import Any

from ledger.parsers.prose.metrics import SIGNED_OF_METRIC_RE, measure_after_pair, metric_before
from ledger.vocab.sides import ONE_RUN_RE, RUN_BEFORE_VALUE_RE

_KINDS = frozenset(("perf", "accuracy", "acceptance"))
_LOOK_BACK = 40
"""A run's name and its verb stand at most this many characters before the value."""


def named_runs(out: list[dict[str, Any]], text: str) -> None:
    """Where two or more values of the sentence each follow a run named by a different number, each is that run
    (config `trial`), named by the sentence's measure where the reader named it by the run's words."""
    if len(out) < 2 or ONE_RUN_RE.search(text) is None:
        return  # (most sentences name no run)
    runs: list[tuple[dict[str, Any], str, int]] = []
    prev = 0
    for c in out:
        m = RUN_BEFORE_VALUE_RE.search(text, max(prev, c["start"] - _LOOK_BACK), c["start"])
        prev = c["end"]
        if m is not None and c["kind"] in _KINDS and "trial" not in c["config"]:
            runs.append((c, m.group("n"), m.start()))
    if len(runs) < 2 or len({n for _, n, _ in runs}) < len(runs) or len({c["unit"] for c, _, _ in runs}) > 1:
        return  # (one run named, or one number twice: no series of runs the sentence lists)
    measure = _measure(text, runs[-1][0]["end"], runs[0][2])
    for c, n, _ in runs:
        c["config"]["trial"] = n
        if c["metric"] is None or ONE_RUN_RE.search(c["metric"]) is not None:
            c["metric"] = measure  # (None: named by its unit later, as any value no words name)


def _measure(text: str, end: int, first: int) -> str | None:
    """The measure the sentence names after its last run's value ("... 1838.7 tok/s of output throughput") or
    before its first run's name ("Output throughput on main: run 1 ..."), else None."""
    if (m := SIGNED_OF_METRIC_RE.match(text, end, end + 80)) is not None:
        return m.group(1)
    after = measure_after_pair(text, end)
    if after is not None:
        return after
    before = metric_before(text, first)
    return before if before is not None and ONE_RUN_RE.search(before) is None else None
