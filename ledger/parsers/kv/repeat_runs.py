"""An eval repeated N times, as SGLang's run_eval prints it, under a line naming its benchmark:

    gpqa with the thinking checkpoint                 <- the lead-in names the benchmark
    Repeat: 8, mean: 0.772                            <- the mean of the 8 runs: "gpqa mean"
    Scores: ['0.747', '0.783', ...]                   <- one score per run: "gpqa score (1)", ...

A reader of the lines alone gives "mean" and "Scores (k)", of no benchmark, perf as any bare name in a paste;
the mean is the benchmark's score over its runs (task, stat mean, how many runs), its spread the runs'
sample standard deviation; each run's score keeps its place and takes the benchmark too. The two lines are an eval's
printout by their shape: with no benchmark named, the mean is still an accuracy ("mean score") and the runs its scores
("score (k)"). A "Repeat:" line alone is an eval's mean where the lead-in names a benchmark or the mean is a share
(0 to 1); else it may be a mean of anything. The lead-in is the first line above the "Repeat:" line that is neither
blank, a fence nor a rule ("====", "----": a paste's banner), a few lines up at most; it names one benchmark
(named_benchmark) or none.
"""

from __future__ import annotations

import re
import statistics

from ledger.model import Claim
from ledger.parsers.reader.document import Document
from ledger.vocab.metrics import named_benchmark

_REPEAT_RE = re.compile(r"^\W{0,8}Repeat:[ \t]{0,4}(?P<n>\d{1,4}),[ \t]{0,4}mean:", re.IGNORECASE)
_SCORES_RE = re.compile(r"^\W{0,8}Scores:[ \t]{0,4}\[", re.IGNORECASE)
_SKIPPED_RE = re.compile(r"^[ \t]*(?:[`~]{3,}[\w-]*|[=+*#_-]{3,})[ \t]*$")  # a fence or a banner's rule
_LEAD_REACH = 4


def _lead_task(doc: Document, no: int) -> str | None:
    """The benchmark the first line that is text above line `no` names, within _LEAD_REACH lines."""
    for k in range(no - 1, max(0, no - 1 - _LEAD_REACH), -1):
        line = doc.line(k)
        if not line.strip() or _SKIPPED_RE.match(line):
            continue
        return named_benchmark(line)
    return None


def repeat_runs(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, the mean and scores of each "Repeat: N, mean: X" / "Scores: [...]" pair named as above."""
    # (a unit says a time or a rate was printed, never a score: "mean: 1.2 s" is no eval's)
    means = [c for c in claims if c.unit is None and (c.metric or "").lower() == "mean"]
    if not means:
        return claims
    on_line: dict[int, list[Claim]] = {}  # the bare numbers of one line each (a list of scores), in their order
    for c in claims:
        if c.unit is None and c.kind in ("accuracy", "perf") and c.source.line == c.source.line_end:
            on_line.setdefault(c.source.line, []).append(c)
    for mean in means:
        no = mean.source.line
        m = _REPEAT_RE.match(doc.line(no))
        if m is None:
            continue
        paired = no < len(doc.lines) and _SCORES_RE.match(doc.line(no + 1)) is not None
        task = mean.config.get("task") or _lead_task(doc, no)
        if not (paired or task or (isinstance(mean.value, float) and 0 <= mean.value <= 1)):
            continue  # ("Repeat: 6, mean: 1830.5" alone, under no benchmark: a mean of anything)
        scores = on_line.get(no + 1, []) if paired else []
        repeats = m.group("n")
        mean.kind = "accuracy"
        mean.config.update(stat="mean", repeats=repeats)
        mean.metric = f"{task} mean" if task else "mean score"
        if task:
            mean.config["task"] = task
        values = [c.value for c in scores if isinstance(c.value, float)]
        if len(values) == int(repeats) > 1 and mean.stddev is None:  # (a list of the runs it is the mean of)
            mean.stddev = round(statistics.stdev(values), 6)
        for k, c in enumerate(scores, 1):
            c.kind = "accuracy"
            c.config["repeats"] = repeats
            c.metric = f"{task} score ({k})" if task else f"score ({k})"
            if task:
                c.config["task"] = task
    return claims
