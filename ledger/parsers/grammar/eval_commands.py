"""The eval a command runs, and the settings of several eval commands in one block: each one's own settings set
up its own task's results only ("--parallel 32" on the gsm8k script, "--num-examples 256" on the mmlu run, over a
table of both evals' rows); the settings they all state alike reach every result.

Apart from command_runs because these scope settings by the task a result names, not by the lines it stands on."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledger.parsers.grammar.eval_clauses import clause_tasks as clause_tasks  # (grammar.setup reads it here)
from ledger.parsers.grammar.eval_reach import eval_scopes as eval_scopes  # (grammar.setup reads it here)
from ledger.parsers.grammar.setup_index import SetupIndex, SetupScope, task_name
from ledger.vocab.metrics import named_benchmark

Said = list[tuple[int, str, str, bool]]
"""(line, key, value, counted) of each setup value a line states (grammar.default_reach.Statement)."""

_SCRIPT_RE = re.compile(r"(?:^|\s)(?P<path>[\w./-]{1,200}\.py)(?![\w.])")
# "python -m sglang.test.few_shot_gsm8k": a module run as a script, named for the eval it runs as a script's path is
_MODULE_RE = re.compile(r"^python[\d.]{0,6}\s+-m\s+(?P<path>[\w.]{1,200})(?=\s|$)")
# gpt_oss.evals' "--eval gpqa": the eval a harness runs, named by a flag whose value is a benchmark we know
_EVAL_FLAG_RE = re.compile(r"(?:^|\s)--eval[= ]['\"]?(?P<name>[A-Za-z][\w.-]{1,40})")


def named_eval(text: str) -> str | None:
    """The eval a command runs by its script's path ("benchmark/gsm8k/bench_sglang.py"), its module
    ("-m sglang.test.few_shot_gsm8k") or an "--eval" flag's value; None for none we know."""
    sm = _SCRIPT_RE.search(text[:400]) if ".py" in text[:400] else None
    if sm is not None and (bench := named_benchmark(sm.group("path"))):
        return bench
    mm = _MODULE_RE.match(text[:400]) if " -m " in text[:30] else None
    if mm is not None and (bench := named_benchmark(mm.group("path"))):
        return bench
    ev = _EVAL_FLAG_RE.search(text[:4000]) if "--eval" in text else None
    return named_benchmark(ev.group("name")) if ev is not None else None


def task_owned(commands: list[SetupScope]) -> list[SetupScope]:
    """One block's eval commands, each naming its own task (a gsm8k script with "--parallel 32", then "run_eval
    --eval-name mmlu --num-examples 256"), over the rows of both: each command's settings set up its own task's
    results only, as scopes of that task (SetupScope.task); the commands keep what they all state alike (the
    server's model). A block of one eval, or two runs of one task, is read as before. The commands are narrowed in
    place; the task's scopes are returned."""
    tasked = [c for c in commands if c.values.get("task")]
    names = [task_name(c.values["task"]) for c in tasked]
    if len(tasked) < 2 or len(set(names)) < len(names):
        return []
    first, rest = tasked[0].values, tasked[1:]
    shared = {k for k, v in first.items() if all(c.values.get(k) == v for c in rest)}
    out: list[SetupScope] = []
    for c, name in zip(tasked, names, strict=True):
        own = {k: v for k, v in c.values.items() if k not in shared}
        c.values = {k: v for k, v in c.values.items() if k in shared}
        out.append(SetupScope(c.start, c.end, own, task=name))
    return out


def untasked(scopes: list[SetupScope], owned: Sequence[SetupScope]) -> list[SetupScope]:
    """`scopes` (a block's settings stated once: "--parallel 32" on one command of it) without the keys of the
    block's eval commands' own settings (`owned`), which hold for their own task's results alone."""
    gated = {k for s in owned for k in s.values}
    if not gated:
        return scopes
    out = [SetupScope(s.start, s.end, {k: v for k, v in s.values.items() if k not in gated}) for s in scopes]
    return [s for s in out if s.values]


def task_settings(
    scopes: Sequence[SetupScope], said: Said, owned: Sequence[SetupScope], last: int
) -> dict[str, SetupIndex]:
    """The index of each task's own scopes (`owned`: the task_owned scopes of a document's blocks; SetupIndex.tasks),
    after dropping from `scopes` (in place) a value every line stating it within the scope is one of those eval
    commands': "--parallel 32" on the gsm8k script is that eval's, not the section's or the turn's, whose mmlu rows
    ran without it."""
    at = {(s.start, k, v) for s in owned for k, v in s.values.items()}
    if not at:
        return {}
    gated = {(k, v) for _, k, v in at}
    lines: dict[tuple[str, str], list[int]] = {}
    for no, k, v, _ in said:
        if (k, v) in gated:
            lines.setdefault((k, v), []).append(no)
    for sc in scopes:
        drop = set()
        for k, v in sc.values.items():
            inside = [no for no in lines.get((k, v), ()) if sc.start <= no <= sc.end]
            if inside and all((no, k, v) in at for no in inside):
                drop.add(k)
        if drop:
            sc.values = {k: v for k, v in sc.values.items() if k not in drop}
    by_task: dict[str, list[SetupScope]] = {}
    for s in owned:
        by_task.setdefault(s.task, []).append(s)
    return {task: SetupIndex.build(scopes, last) for task, scopes in by_task.items()}
