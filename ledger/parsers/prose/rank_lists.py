"""Values listed rank by rank inside one sentence, each after its rank's name: "rank 0 waited about 420 seconds,
rank 1 about 260 seconds", "GPU0: 81.2 ms, GPU1: 79.9 ms". Each value is that rank's (config `rank`, a soft key
whose value compare pairs rank to rank as a variant: vocab.setup_keys), and the measure is the one the sentence
names once for all (before the first rank, after the last value, or its verb: "waited" a wait time), never the
rank's words ("rank 1", "GPU0"), which the reader otherwise takes for the name a value has right before it.

Apart from sentence_runs.py because a rank is a place the work ran, not a repeat: one run's ranks are never
averaged as trials are.
"""

from __future__ import annotations

from typing import Any

from ledger.parsers.prose.sentence_runs import named_runs, numbered_values
from ledger.vocab.rank_words import ONE_RANK_RE, RANK_BEFORE_VALUE_RE, WAIT_MEASURE, WAIT_VERB_RE
from ledger.vocab.units import canonical_unit, measure_of_unit


def numbered_lists(out: list[dict[str, Any]], text: str) -> None:
    """A sentence's values listed one by one after their runs' numbers (sentence_runs), then after their ranks'."""
    named_runs(out, text)
    rank_runs(out, text)


def rank_runs(out: list[dict[str, Any]], text: str) -> None:
    """Where two or more values of the sentence each follow a rank named by a different number, in one unit ("s" and
    "seconds" are one), each is that rank's (config `rank`), named by the sentence's measure where the reader named
    it by the rank's words or its unit alone."""
    words = (ONE_RANK_RE, RANK_BEFORE_VALUE_RE)
    found = numbered_values(out, text, "rank", words, lambda u: canonical_unit(u, "perf"))
    if found is None:
        return  # (one rank named, or one number twice: no list of ranks)
    ranks, measure = found
    if measure is None and WAIT_VERB_RE.search(text, ranks[0][2], ranks[-1][0]["end"]):
        measure = WAIT_MEASURE  # ("rank 0 waited about 420 seconds, ...": the verb names the measure)
    for c, n, _ in ranks:
        c["config"]["rank"] = n
        metric = c["metric"]
        # (None, or a name its unit alone gave it, "latency" of "236 s", or the rank's words)
        if metric is None or metric == measure_of_unit(c["unit"]) or ONE_RANK_RE.search(metric) is not None:
            # (None: named by its unit later; "The step time was GPU0": the words before the rank)
            cut = ONE_RANK_RE.search(metric or "")
            own = (metric or "")[: cut.start()].strip(" :,") if cut else ""
            c["metric"] = measure or own or None
