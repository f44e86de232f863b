"""A rerun inherits its setup: a later paragraph or turn that says it ran the same check again ("Reran after the
rebase: gsm8k 0.951", "Re-tested on the latest commit c0ffee9, same command: accuracy 0.948", or such a lead-in over
the paste of the rerun) ran it as the first run was set up, on its own revision. Each of its values takes the setup
keys of the latest earlier value of the same measure (the first run's model, board, parallelism, task, shots, ...;
where that value is a rerun's itself, the run it repeats), but a key the rerun states itself: its words say what
changed ("with TP=4, otherwise the same command").

    Accuracy check on Qwen3-30B-A3B, 2xH200, TP=2, gsm8k 5-shot:     the first run's setup, over its paste
    ... Accuracy: 0.947
    Reran after the rebase on 7be2d41: gsm8k 0.951                   model, gpu, tp, task, n_shot of the first run

Apart from the setup scopes (grammar.setup_scopes): those read where a text's setup reaches, and a comment's setup
is its turn's alone; this reads what a rerun's words say of the values of another turn, once every value is read.
"""

from __future__ import annotations

import bisect

from ledger.model import Claim
from ledger.parsers.grammar.line_setup import RUN_SETUP_KEYS
from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.metrics import GENERIC_SCORE, named_benchmark, normalise_metric
from ledger.vocab.rerun_words import RERUN_KEYS, states_rerun

_KINDS = frozenset({"accuracy", "perf", "acceptance"})
_CARRIED = RUN_SETUP_KEYS | RERUN_KEYS
_LEAD_GAP = 2
"""How many lines may stand between a lead-in and the paste or table it leads."""
_LOOK_BACK = 200
"""How many claims back a rerun's first run is looked for (a page of many reruns of checks never run before stays
linear: 2,000 did not, the hostile text's 1,800 reruns each read all before it; a rerun restates a run of its own
thread, a few screens up)."""


def rerun_setups(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each value a rerun's paragraph (or the lead-in over its paste or table) states given the setup
    keys it lacks of the latest earlier value of its measure (see the module)."""
    if not any(c.kind in _KINDS for c in claims):
        return claims
    starts = [b.start for b in doc.blocks]
    marked: dict[int, int | None] = {}  # block index -> where its rerun's words start (None: no rerun)
    origin: dict[int, Claim] = {}  # id of a rerun's value -> the first run's value it repeats
    for i, c in enumerate(claims):
        if c.kind not in _KINDS:
            continue
        k = bisect.bisect_right(starts, c.source.line) - 1
        while k >= 0 and doc.blocks[k].in_code:  # (a line read inside a paste: the paste's block holds it)
            k -= 1
        if k < 0 or doc.blocks[k].end < c.source.line:
            continue
        if k not in marked:
            marked[k] = _rerun_start(doc.blocks, k)
        at = marked[k]
        if at is None:
            continue
        first = _first_run(claims, i, at)
        if first is None:
            continue
        first = origin.get(id(first), first)  # (a rerun of a rerun: the run both repeat, as it was set up)
        origin[id(c)] = first
        own = c.config.keys()
        c.config.update({key: v for key, v in first.config.items() if key in _CARRIED and key not in own})
    return claims


def _rerun_start(blocks: list[Block], k: int) -> int | None:
    """The first line of the words that say block k's values are a rerun: its own paragraph's, or the lead-in's over a
    paste or a table; None where neither says so."""
    b = blocks[k]
    if b.kind in ("text", "item") and not b.in_code:
        return b.start if states_rerun(b.text) else None
    if b.kind not in ("code", "table"):
        return None
    lead = next((blocks[j] for j in range(k - 1, max(-1, k - 3), -1) if not blocks[j].in_code), None)
    if lead is None or lead.kind != "text" or b.start - lead.end > _LEAD_GAP:
        return None
    return lead.start if states_rerun(lead.text) else None


def _first_run(claims: list[Claim], i: int, before: int) -> Claim | None:
    """The latest claim above line `before` that measures what claim i does (_same_check), else None."""
    rerun = claims[i]
    for j in range(i - 1, max(-1, i - 1 - _LOOK_BACK), -1):
        c = claims[j]
        if c.source.line < before and c.kind == rerun.kind and _same_check(rerun, c):
            return c
    return None


def _same_check(rerun: Claim, c: Claim) -> bool:
    """The two values measure one thing: one measure by name ("Output token throughput (tok/s)" and "output token
    throughput"), or a score of one benchmark, named by the benchmark or by a generic score over its task ("gsm8k"
    and "Accuracy" under task gsm8k), never another measure of that task ("Invalid")."""
    name, other = _name(rerun), _name(c)
    if name == other:
        return True
    if rerun.kind != "accuracy":
        return False
    bench = _benchmark(rerun)
    return bench is not None and bench == _benchmark(c) and {name, other} <= {bench, GENERIC_SCORE}


def _name(c: Claim) -> str:
    return normalise_metric(c.metric or "", c.kind).name


def _benchmark(c: Claim) -> str | None:
    return named_benchmark(c.config.get("task") or c.metric or "")
