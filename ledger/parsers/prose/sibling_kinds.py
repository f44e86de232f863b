"""A share a line names by no known measure takes the kind of the scores beside it.

    FP8 index   : pass@1[avg-of-8] = 92.08%   pass@8 100.00%   majority@8 95.00%   no_answer 1.25%

"pass@1" is an accuracy by its name; "majority@8" and "no_answer" are shares of the same eval's answers, printed
beside it on one line, whatever reader took each of them."""

from __future__ import annotations

import itertools

from ledger.model import Claim
from ledger.parsers.prose.metrics import METRIC_RE
from ledger.vocab.metrics import PERF_HINT_RE


def kinds_of_siblings(claims: list[Claim]) -> list[Claim]:
    """The claims (sorted by line), each perf share of unknown name on a line that holds an accuracy in percent
    made an accuracy."""
    out: list[Claim] = []
    for _, group in itertools.groupby(claims, key=lambda c: c.source.line):
        line = list(group)
        scored = any(c.kind == "accuracy" and c.unit == "%" for c in line)
        out.extend(c.model_copy(update={"kind": "accuracy"}) if scored and _unnamed_share(c) else c for c in line)
    return out


def _unnamed_share(c: Claim) -> bool:
    # (a share the vocabulary names as a measure, "GPU utilisation 93%", "cache hit rate", keeps its kind, as does a
    # change of a speed beside an error rate: "Δ req/s +20.0%" then "WER 1.12%")
    m = c.metric or ""
    return c.kind == "perf" and c.unit == "%" and not METRIC_RE.search(m) and not PERF_HINT_RE.search(m)
