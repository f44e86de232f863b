"""A score averaged over several tasks, as a metric names them: "average accuracy (lambada_openai, hellaswag, piqa,
winogrande, mmlu)", "mean accuracy (arc_easy, boolq, piqa)". The average is a measure of its own: neither its first
nor its last task, so its canonical name lists every task ("avg(arc-easy, boolq, piqa)"), in one order whatever
order the page printed them in."""

from __future__ import annotations

import re

from ledger.vocab.metric_table import BENCHMARKS

_AVERAGE_RE = re.compile(r"\b(?:average|avg|mean)\b[\w .-]{0,40}?\((?P<tasks>[^()]{3,300})\)", re.IGNORECASE)
_PART_RE = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)")
_TASK_RE = re.compile(r"[A-Za-z][\w.-]{1,40}")
_BENCHMARK_RES = tuple((b.name, re.compile(rf"^(?:{b.pattern})$", re.IGNORECASE)) for b in BENCHMARKS)


def task_average(text: str) -> tuple[str, int, int] | None:
    """The canonical name of an average over two or more tasks, at least one of them a benchmark we know, and the
    span that names it in `text`; None for any other metric ("accuracy (gsm8k)", "mean TTFT (ms)")."""
    m = _AVERAGE_RE.search(text[:400])
    if m is None:
        return None
    parts = [p.strip(" `*_") for p in _PART_RE.split(m.group("tasks").strip())]
    if len(parts) < 2 or not all(_TASK_RE.fullmatch(p) for p in parts):
        return None
    names = [_benchmark(p) for p in parts]
    if all(n is None for n in names):
        return None
    tasks = sorted({n or p.lower().replace("_", "-") for n, p in zip(names, parts, strict=True)})
    return f"avg({', '.join(tasks)})", m.start(), m.end()


def _benchmark(task: str) -> str | None:
    return next((name for name, rx in _BENCHMARK_RES if rx.match(task)), None)
