"""Runs named one by one inside one sentence, each before its value: "On main, run 1 gave 1843.2 tok/s, run 2 gave
1851.0 tok/s and run 3 gave 1838.7 tok/s of output throughput." Each value is that run (config `trial` = its
number, as parsers.grammar.declared_repeats numbers a run's own line or paste), and the measure is the one the
sentence names, after the values ("of output throughput") or before the first run ("Output throughput on main:"),
never the run's words ("run 1 gave"), which the reader otherwise takes for the name a value has right before it.
compare.trials then reads a side's numbered runs of one measure as one series.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ledger.parsers.prose.metrics import SIGNED_OF_METRIC_RE, measure_after_pair, metric_before
from ledger.vocab.sides import ONE_RUN_RE, RUN_BEFORE_VALUE_RE

_KINDS = frozenset(("perf", "accuracy", "acceptance"))
_LOOK_BACK = 40
"""A run's (a rank's) name and its verb stand at most this many characters before the value."""
Numbered = list[tuple[dict[str, Any], str, int]]
"""Each value with the number its run or rank is named by and where that name starts."""


def named_runs(out: list[dict[str, Any]], text: str) -> None:
    """Where two or more values of the sentence each follow a run named by a different number, each is that run
    (config `trial`), named by the sentence's measure where the reader named it by the run's words."""
    found = numbered_values(out, text, "trial", (ONE_RUN_RE, RUN_BEFORE_VALUE_RE), lambda u: u)
    if found is None:
        return  # (one run named, or one number twice: no series of runs the sentence lists)
    runs, measure = found
    for c, n, _ in runs:
        c["config"]["trial"] = n
        if c["metric"] is None or ONE_RUN_RE.search(c["metric"]) is not None:
            c["metric"] = measure  # (None: named by its unit later, as any value no words name)


def numbered_values(
    out: list[dict[str, Any]],
    text: str,
    key: str,
    words: tuple[re.Pattern[str], re.Pattern[str]],
    unit_of: Callable[[str | None], str | None],
) -> tuple[Numbered, str | None] | None:
    """The sentence's values each after a different number of one kind of name (`words`: the name anywhere, and the
    name with its verb right before a value: a run, a rank), none already keyed `key`, all in one unit (`unit_of`
    says which units are one), with the measure the sentence names for them all; None where fewer than two."""
    one, before_value = words
    if len(out) < 2 or one.search(text) is None:
        return None  # (most sentences name no run nor rank)
    found: Numbered = []
    prev = 0
    for c in out:
        m = before_value.search(text, max(prev, c["start"] - _LOOK_BACK), c["start"])
        prev = c["end"]
        if m is not None and c["kind"] in _KINDS and key not in c["config"]:
            found.append((c, m.group("n"), m.start()))
    if (
        len(found) < 2
        or len({n for _, n, _ in found}) < len(found)
        or len({unit_of(c["unit"]) for c, _, _ in found}) > 1
    ):
        return None
    return found, numbered_measure(text, found[-1][0]["end"], found[0][2], one)


def numbered_measure(text: str, end: int, first: int, one: re.Pattern[str]) -> str | None:
    """The measure the sentence names after its last value ("... 1838.7 tok/s of output throughput") or before its
    first run's or rank's name ("Output throughput on main: run 1 ..."; never the name itself), else None."""
    if (m := SIGNED_OF_METRIC_RE.match(text, end, end + 80)) is not None:
        return str(m.group(1))
    after = measure_after_pair(text, end)
    if after is not None:
        return after
    before = metric_before(text, first)
    return before if before is not None and one.search(before) is None else None
