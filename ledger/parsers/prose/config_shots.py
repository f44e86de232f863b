"""The shot count a turn's eval harness config name gives the scores of its benchmark.

    Completed three GSM8K runs on the full test set.         <- the scores: gsm8k's, shots unsaid
    | Run | Accuracy |
    | base | 97.19% |
    - harness `gsm8k_gen_4_shot_cot_chat_prompt`, stock scorer  <- the run's config: gsm8k at 4 shots

A config name (vocab.eval_config_names) is the run's setup in one token, wherever its turn states it, before the
scores or after them; it holds for that turn's scores of its own benchmark only (another comment's runs, or another
benchmark's, may have been given other shots). A turn naming two shot counts for one benchmark gives neither.
"""

from __future__ import annotations

import bisect

from ledger.model import Claim
from ledger.parsers.grammar.setup_scopes import turn_bounds
from ledger.parsers.reader.document import Document
from ledger.vocab.eval_config_names import eval_config_names
from ledger.vocab.metrics import named_benchmark


def _turn_shots(doc: Document) -> list[dict[str, str]]:
    """Each turn's benchmarks -> the one shot count its config names give it (a benchmark given two: absent)."""
    out: list[dict[str, str]] = []
    for first, last in turn_bounds(doc):
        said: dict[str, set[str]] = {}
        for no in range(first, last + 1):
            for task, shots in eval_config_names(doc.line(no)):
                said.setdefault(task, set()).add(shots)
        out.append({task: shots.pop() for task, shots in said.items() if len(shots) == 1})
    return out


def config_shots(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each score of a benchmark (by its task or its own name) its turn's harness config name states
    given that name's shots; a score of no benchmark, in a turn whose config names state one, is that benchmark's."""
    if not any(c.kind == "accuracy" and "n_shot" not in c.config for c in claims):
        return claims
    if not any("shot" in line.lower() for line in doc.lines):
        return claims
    firsts = [first for first, _ in turn_bounds(doc)]
    shots = _turn_shots(doc)
    for c in claims:
        if c.kind != "accuracy" or "n_shot" in c.config:
            continue
        named = shots[max(0, bisect.bisect_right(firsts, c.source.line) - 1)]
        task = (c.config.get("task") or "").lower() or named_benchmark(c.metric or "")
        if task is None and len(named) == 1:
            task = next(iter(named))
            c.config["task"] = task
        if task is not None and task in named:
            c.config["n_shot"] = named[task]
    return claims
