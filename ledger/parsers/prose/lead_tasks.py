"""The benchmark a list's lead-in names, for the scores its items give by their filter or measure alone.

    Acme-7B 200-sample GSM8K, FP8 KV cache:                  <- the lead-in names the benchmark
    - fused: strict-match 83.50% / flexible-extract 84.50%   <- gsm8k's strict-match and flexible-extract scores
    - legacy: strict-match 93.00% / flexible-extract 93.50%

The lead-in is the paragraph right above the list that ends with a colon; it names one benchmark (named_benchmark).
A score whose own name names a benchmark, or that is no benchmark's (a perplexity), keeps what it has; a speed in
the list is no score of it.
"""

from __future__ import annotations

import bisect
import re

from ledger.model import Claim
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.prose.metrics import METRIC_BREAK_RE, clause_start
from ledger.parsers.reader.document import Document
from ledger.vocab.metrics import GENERIC_SCORE, OWN_MEASURE_RE, named_benchmark, normalise_metric


def _item_tasks(doc: Document) -> dict[int, str]:
    """Each line of a list whose lead-in names a benchmark -> that benchmark. One pass over the blocks."""
    out: dict[int, str] = {}
    blocks = doc.blocks
    k = 1
    while k < len(blocks):
        if blocks[k].kind != "item" or blocks[k].in_code:
            k += 1
            continue
        j = k
        while j < len(blocks) and blocks[j].kind == "item" and not blocks[j].in_code:
            j += 1  # (the list's items, up to the first block that is not one)
        lead = blocks[k - 1]
        if (
            lead.kind == "text"
            and not lead.in_code
            and blocks[k].start - lead.end <= 2
            and lead.text.rstrip(" *_").endswith(":")
            and (task := named_benchmark(lead.text[-300:]))
        ):
            out.update((no, task) for b in blocks[k:j] for no in range(b.start, b.end + 1))
        k = j
    return out


def lead_tasks(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each accuracy of a list item that names no benchmark given the one its list's lead-in names."""
    if not any(c.kind == "accuracy" and "task" not in c.config for c in claims):
        return claims
    tasks = _item_tasks(doc)
    for c in claims:
        task = tasks.get(c.source.line)
        metric = c.metric or ""
        if task and c.kind == "accuracy" and "task" not in c.config and _names_no_task(metric):
            c.config["task"] = task
    return claims


def heading_tasks(claims: list[Claim]) -> list[Claim]:
    """The claims, each score or acceptance that names no benchmark given the one its own sub-heading names
    ("## Run 2 (task: passkey)" over "- this PR: acceptance length 5.65"): the run it comes from, which compare must
    keep apart from the gsm8k run's (the title names the change, never a run's task)."""
    named: dict[str, str | None] = {}  # (each heading read once, however many claims stand under it)
    for c in claims:
        section = c.source.section
        if len(section) < 2 or c.kind not in ("accuracy", "acceptance") or {"task", "dataset"} & c.config.keys():
            continue
        if section[-1] not in named:
            named[section[-1]] = named_benchmark(section[-1])
        if (task := named[section[-1]]) and _names_no_task(c.metric or ""):
            c.config["task" if c.kind == "accuracy" else "dataset"] = task
    return claims


def thread_task(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each score of a later comment named by its measure alone ("Accuracy: 0.944" in a re-run's
    comment) given the one benchmark the thread's scores name, all in earlier turns ("GSM8K accuracy 0.941" in the
    first run): the re-run measured that benchmark, and its score is the same series. Two benchmarks named, or one
    named in the bare score's own turn (where its own text says what that score is), leave it unnamed."""
    starts = [a for a, _ in turn_bounds(doc)]
    named: dict[str, int] = {}  # each benchmark named -> the last turn naming it
    bare: list[tuple[Claim, int]] = []
    for c in claims:
        if c.kind != "accuracy":
            continue
        turn = bisect.bisect_right(starts, c.source.line) - 1
        task = named_benchmark(c.config.get("task") or c.metric or "")
        if task is not None:
            named[task] = max(named.get(task, turn), turn)
        elif not {"task", "dataset"} & c.config.keys() and normalise_metric(c.metric, c.kind).name == GENERIC_SCORE:
            bare.append((c, turn))
    if len(named) == 1:
        ((task, last),) = named.items()
        for c, turn in bare:
            if turn > last:
                c.config["task"] = task
    return claims


_RUN_REACH = 12
# a value a tool printed on its own line ("Latency: 519.545 s"); a table's row or a sentence is no run's printout
_PRINTED_RE = re.compile(r"[A-Za-z][\w ()/@%.-]{0,48}:\s{0,40}-?\d")
"""How many lines a run's printed block is read up and down from a speed for its scores' task (a block stays small)."""


def run_tasks(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each speed of an eval run's printed block ("Accuracy: 0.952 / Latency: 519.5 s / Output
    throughput: 247.7 token/s") given the task its scores were given: one run printed them, so the latency is the
    gsm8k run's as the accuracy is. The block is the printed "Label: value" lines around it, unbroken; a block whose
    scores name two tasks gives none."""
    tasks = {c.source.line: c.config["task"] for c in claims if c.kind == "accuracy" and "task" in c.config}
    if not tasks:
        return claims
    for c in claims:
        own = c.kind != "perf" or {"task", "dataset"} & c.config.keys()
        if not own and (task := _block_task(doc, c.source.line, tasks)) is not None:
            c.config["task"] = task
    return claims


def _block_task(doc: Document, line: int, tasks: dict[int, str]) -> str | None:
    """The one task the scores of `line`'s block name, else None."""
    found: set[str] = set()
    for step in (-1, 1):
        no = line
        # (a printout pasted as a quote, "> Latency: 15.5 s", is the run's printout still)
        while abs(no - line) <= _RUN_REACH and _PRINTED_RE.match(doc.line(no).strip().lstrip("> ")):
            if no in tasks:
                found.add(tasks[no])
            no += step
    return found.pop() if len(found) == 1 else None


def clause_tasks(out: list[dict], text: str) -> None:
    """Each score or acceptance of a sentence that names no benchmark given the one its clause names before it
    ("GSM8K, 5-shot: strict and flexible exact match both 0.91", "GSM8K runs on 4x H200: accuracy 0.95 with 3.1 mean
    acceptance"): the series is that benchmark's, as a list's lead-in makes it (lead_tasks); an acceptance length
    measured on it takes it as its dataset, as heading_tasks gives it (the run's questions, not a score's task), unless
    it is a score's own name there ("gsm8k 91.2, acceptance length 2.41": a test's two results, the run not said)."""
    scored: set[str | None] | None = None
    for c in out:
        kind, config = c["kind"], c["config"]
        if "task" in config or kind not in ("accuracy", "acceptance") or (kind == "acceptance" and "dataset" in config):
            continue
        if not _names_no_task(c["metric"] or "") or not (
            task := named_benchmark(text[clause_start(text, c["start"], METRIC_BREAK_RE) : c["start"]])
        ):
            continue
        if kind == "acceptance":
            if scored is None:
                scored = {named_benchmark(o["metric"]) for o in out if o["kind"] == "accuracy" and o["metric"]}
            if task in scored:
                continue
        c["config"] = {**config, ("task" if kind == "accuracy" else "dataset"): task}


def _names_no_task(metric: str) -> bool:
    """A score's name names no benchmark and is not measured on its own text ("q6_k PPL")."""
    return not named_benchmark(metric) and not OWN_MEASURE_RE.search(metric)
