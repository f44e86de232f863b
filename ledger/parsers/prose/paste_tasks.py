"""The benchmark a paste's scores name, for its other scores that name none:

    Average accuracy 67.71 (576) - health            <- a category's score: the benchmark's (task mmlu)
    Average accuracy 53.32 (1296) - STEM
    MMLU weighted average accuracy: 65.06 (4104)     <- the score that names the benchmark

An evaluation script prints its per-category or per-subset scores by their measure alone, next to a line that names
the benchmark; read a line at a time, they are scores of nothing, and every benchmark's "Average accuracy" would be
one series. The paste is a run of lines without a blank; its scores that name a benchmark (by their name or their
task) name one, or none is given. Only a score named by a generic word on a line naming no benchmark takes it (a
dataset's own name, a perplexity, a line of several benchmarks' numbers keep what they have), and a table's cells
are left to the table's reader.
"""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers.prose.metrics import GENERIC_NAME_RE
from ledger.parsers.reader.document import Document
from ledger.vocab.metrics import OWN_MEASURE_RE, is_benchmark_name, named_benchmark


def _benchmark(c: Claim) -> str | None:
    return c.config.get("task") or named_benchmark(c.metric or "")


def _generic_score(c: Claim) -> bool:
    """The score is named by a score's generic word ("Average accuracy", "exact_match"), never a dataset of its own
    ("wikitext 7.61") nor a measure of its own (a perplexity). (Its line must name no benchmark either: "GSM8K (95.6)
    and MMLU (87.2)" says whose each number is by its place.)"""
    metric = (c.metric or "").replace("_", " ")
    return GENERIC_NAME_RE.search(metric) is not None and not OWN_MEASURE_RE.search(metric)


def paste_tasks(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each accuracy that names no benchmark given the one the other scores of its paste name."""
    # (a table's cells are named by their columns, each its own benchmark's: "TextVQA" beside "POPE" is no POPE score)
    scores = [
        c for c in claims if c.kind == "accuracy" and c.source.line == c.source.line_end and "column" not in c.config
    ]
    pending = [c for c in scores if _benchmark(c) is None and _generic_score(c)]
    plain: dict[int, bool] = {}  # line -> it names no benchmark (asked once a line: a line may hold many scores)
    for c in pending:
        if c.source.line not in plain:
            plain[c.source.line] = not is_benchmark_name(doc.line(c.source.line))
    pending = [c for c in pending if plain[c.source.line]]
    if not pending or len(pending) == len(scores):
        return claims
    lines = {c.source.line for c in scores}
    run_of: dict[int, int] = {}  # a score's line -> the first line of its run of lines without a blank
    first = min(lines)
    while first > 1 and doc.line(first - 1).strip():
        first -= 1
    start = first
    for no in range(first, max(lines) + 1):  # (one pass from the first score's run to the last score)
        if not doc.line(no).strip():
            start = no + 1
        elif no in lines:
            run_of[no] = start
    named: dict[int, set[str]] = {}
    for c in scores:
        if (bench := _benchmark(c)) is not None:
            named.setdefault(run_of[c.source.line], set()).add(bench)
    for c in pending:
        benches = named.get(run_of[c.source.line], set())
        if len(benches) == 1:
            c.config["task"] = next(iter(benches))
    return claims
