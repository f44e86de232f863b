"""The setup in force at each line of a document: scopes (a heading's section, a lead-in's block, a turn's setup
section), nested, the innermost winning; see grammar.setup for how they are found."""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ledger.parsers.grammar.model_values import settled_model
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.moe_models import model_class
from ledger.vocab.setup_keys import overlay

CLASS_PREFIX = "class:"
"""The tasks' index's names for a class of models' own settings ("class:moe"), apart from every eval's name."""


@dataclass
class SetupScope:
    """A setup (key -> value) in force from line `start` to line `end` (1-based, inclusive)."""

    start: int
    end: int
    values: dict[str, str]
    task: str = ""
    """The eval whose results alone the values set up ("": every result's): one of several eval commands in a
    block, each over its own task's rows (eval_commands.task_owned)."""


@dataclass
class SetupIndex:
    """The setup in force at each line: the merged values of the scopes that hold it, innermost last."""

    scopes: list[SetupScope] = field(default_factory=list)
    default: dict[str, str] = field(default_factory=dict)
    """The setup the whole document gives one value per key: under every scope, for measured results only (a
    support matrix's cells name no run)."""
    reach: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict)
    """The runs of lines (first, last, value) a key of the default holds over, where narrower than the document:
    one a turn or a section states holds from its start on, not into a later turn's rerun on a setup of its own
    (grammar.default_reach)."""
    beside: dict[str, list[tuple[int, tuple[str, ...], int]]] = field(default_factory=dict)
    """The lines that state each key of the default, with the models each names and the heading over it
    (default_reach.Beside): a key only lines below a result state, each beside another model or under a later
    heading, is their runs' setup, not that of a result that states its own model."""
    title: int = 0
    """The line of the document's title (0: none): a result it states sums up the body, which `beside` never keeps
    from it ("(+4~11% throughput)" on the board of the microbenchmark section below)."""
    lent: SetupIndex | None = None
    """The workloads sections lend the sections after them ("## Test Plan" over "## Test Result", a how-to's
    "then generates 32 tokens" over the page's tables), by line: among the scopes above too, where a table's own
    lengths take them back (parsers.base)."""
    evals: SetupIndex | None = None
    """The load a line naming an accuracy eval states ("MMLU via lm_eval (num_concurrent=16, batch_size=16)" in a
    test plan), by line: the setup of the accuracy results there, never of the serving runs beside them
    (parsers.base)."""
    derived: SetupIndex | None = None
    """The setup a results table states for all its rows, over the lines below it in its section: for the results
    derived from its runs only (grammar.table_wide; parsers.base)."""
    names_gpu: bool = False
    """Some scope names an accelerator: a CPU named beside it is the host, never the device (set by build)."""
    printed: frozenset[str] = frozenset()
    """The default's keys stated only inside pastes ("Maximum request concurrency: 64" in a serving benchmark's
    output): a run's own settings, the document's for its other results of that kind at most (parsers.base)."""
    scored: frozenset[str] = frozenset()
    """The default's keys only an eval command states (its client, "lm_eval --model hf"): how the page's scores were
    taken, never its other results' (a quantize time, a checkpoint's size; parsers.base)."""
    windows: dict[int, str] = field(default_factory=dict)
    """The lengths sentences describing a windowed evaluation state, by line ("We evaluate perplexity on C4 for 4096
    context lengths"): the perplexities they govern were taken over that window, no serving load (parsers.base)."""
    tasks: dict[str, SetupIndex] = field(default_factory=dict)
    """The setup of the results of one eval only, by task, by line: the settings one of several eval commands in a
    block states for itself ("--parallel 32" on the gsm8k script, "--num-examples 256" on the mmlu run), which the
    other eval's rows under the block did not run with (eval_commands.task_owned); and under CLASS_PREFIX and a class
    of models ("class:moe"), the settings a method section states for that class alone (setup_sections.class_setups)."""
    _at_line: list[int] = field(default_factory=list)
    _merged: list[dict[str, str]] = field(default_factory=list)

    @classmethod
    def build(cls, scopes: list[SetupScope], nlines: int) -> SetupIndex:
        """The index of `scopes`: at each line, the scopes that hold it merged in order, the one starting last (the
        shorter of two starting together) innermost. Only the scopes that hold the line: a command's setup that
        holds past the end of the lead-in it starts under ("**Server Command**" over its block) keeps none of it."""
        # (a model file's path, "--model ~/w/X-Q4_K_M.gguf", is the model it holds in every scope, whichever reader)
        scopes = sorted(
            (SetupScope(s.start, s.end, settled_model(s.values)) for s in scopes), key=lambda s: (s.start, -s.end)
        )
        idx = cls(scopes)
        idx.names_gpu = any("gpu" in s.values for s in scopes)
        if not scopes:
            return idx
        at = [-1] * (nlines + 2)
        merged: list[dict[str, str]] = []
        stack: list[int] = []  # the scopes holding the line, in order
        tops: list[int] = []  # the merged setup of stack[: i + 1], for each i
        ends: list[tuple[int, int]] = []  # heap of (end, scope index) of the stack's scopes
        nxt = 0
        for line in range(0, nlines + 1):
            gone: set[int] = set()
            while ends and ends[0][0] < line:
                gone.add(heapq.heappop(ends)[1])
            if gone:
                # the scopes after the first one gone are merged again without it (most often none: nested scopes
                # end before the ones they stand in)
                first = next(i for i, k in enumerate(stack) if k in gone)
                stack = [k for k in stack if k not in gone]
                del tops[first:]
                for k in stack[first:]:
                    tops.append(len(merged))
                    merged.append(overlay(merged[tops[-2]] if len(tops) > 1 else {}, scopes[k].values))
            while nxt < len(scopes) and scopes[nxt].start <= line:
                if scopes[nxt].end >= line:
                    stack.append(nxt)
                    heapq.heappush(ends, (scopes[nxt].end, nxt))
                    tops.append(len(merged))
                    merged.append(overlay(merged[tops[-2]] if len(tops) > 1 else {}, scopes[nxt].values))
                nxt += 1
            at[line] = tops[-1] if tops else -1
        idx._at_line, idx._merged = at, merged
        return idx

    def default_at(self, line: int, model: str | None = None, kind: str | None = None) -> dict[str, str]:
        """The default's keys that reach `line`, for a result of `model` (None: it states none). Not a key that only
        lines below it state, each beside another model ("On Heron-Max (TP=8 EP=8, MTP=1):" over its own run; where
        neither the result nor the document names one, every model a line names is another), or under a heading
        below it (an "### End-to-end serving" paragraph under a kernel table: that section's runs). The board is
        the machine's, the document's for a result of no model of its own, unless a section below names it for a
        result that has one (a "## Speed" section's config link naming GB200); for a gate (`kind`) ("All unit tests
        passed" under "## Test Result"), never a board only a later section's runs name."""
        out = self._default_at(line, model, kind == "gate")
        if kind != "accuracy" and self.scored:  # ("lm_eval --model hf": the client of the scores alone)
            return {k: v for k, v in out.items() if k not in self.scored}
        return out

    def _default_at(self, line: int, model: str | None, gate: bool) -> dict[str, str]:
        """default_at for every kind of result (a `gate` or not)."""
        if not self.reach and not self.beside:
            return self.default
        out: dict[str, str] = {}
        # (a result that names no model is of the document's, where it has one: a line below naming that model
        # states this result's setup too, one under a later heading naming none only its own section's)
        mine = _letters(model) if model else None
        ours = mine or (_letters(self.default["model"]) if "model" in self.default else None)
        judged = bool(self.beside) and line != self.title
        board = judged and (model is not None or "model" not in self.default)
        for key, value in self.default.items():  # (in the default's order: a claim's config keeps it)
            if key == "gpu" and board and _others_below(self.beside.get(key, ()), line, mine, headed=gate):
                continue
            if judged and key not in ("model", "gpu") and _others_below(self.beside.get(key, ()), line, ours):
                continue
            if key not in self.reach:
                out[key] = value
            elif (held := next((v for a, z, v in self.reach[key] if a <= line <= z), None)) is not None:
                out[key] = held
        return out

    def at(self, line: int, kind: str | None = None) -> dict[str, str]:
        """The setup in force at `line`; for an accuracy result (`kind`), under it the load its eval states."""
        if kind == "accuracy" and self.evals is not None and (load := self.evals.at(line)):
            return {**load, **self.at(line)}
        if 0 <= line < len(self._at_line):
            i = self._at_line[line]
            got = self._merged[i] if i >= 0 else {}
            if kind == "support" and "backend" in got:
                # a support cell's backend is its matrix's scope (parsers.support.scopes reads the headings by the
                # page's engine), not a runtime a results heading names ("### Test 1: PyTorch Backend")
                return {k: v for k, v in got.items() if k != "backend"}
            return got
        return {}

    def for_task(
        self, line: int, own_keys: Mapping[str, str], metric: str | None = None, task: str | None = None
    ) -> dict[str, str]:
        """The setup at `line` that the command of the result's eval (its own `task` key, else `task`, else the
        eval `metric` names, if any) states for its own results alone ({}: none): an eval command's own settings,
        for its task's results only; and a class of models' own settings for a result of that class (by the model
        its own keys name, a "Model" row's or a model's column, else the scope's)."""
        if not self.tasks:
            return {}
        task = own_keys.get("task") or task or named_benchmark(metric or "")
        model = own_keys.get("model")
        own = self.tasks.get(task_name(task)) if task else None
        out = own.at(line) if own is not None else {}
        if self.classed:
            here = self.at(line)
            kin = self.tasks.get(CLASS_PREFIX + model_class(model or here.get("model", "")))
            if kin is not None:
                # (a MoE table under a method section's "For MoE models: --ep $ep_size": its runs', under their own
                # scopes)
                out = {**{k: v for k, v in kin.at(line).items() if k not in here}, **out}
        return out

    @property
    def classed(self) -> bool:
        """Some class of models has settings of its own (a "class:" entry of `tasks`): only then is a result's model
        class asked."""
        return any(name.startswith(CLASS_PREFIX) for name in self.tasks)


def task_name(task: str) -> str:
    """One spelling of an eval's name, as a command or a result's row gives it ("--eval-name MMLU", "mmlu")."""
    return named_benchmark(task) or task.strip().lower()


def _letters(name: str) -> str:
    return "".join(filter(str.isalnum, name.lower()))


def _others_below(
    stated: Sequence[tuple[int, tuple[str, ...], int]], line: int, model: str | None, headed: bool = True
) -> bool:
    """Every line of `stated` (line, the models it names, the heading over it) is below `line`, and names models
    none of them `model` (one spelling inside the other counts as the same: "Heron-Max" and "acme/Heron-Max-7B"; a
    result of no model: any), or names none under a heading below `line` (for a result of a model only, unless
    `headed`: any result)."""
    if not stated:
        return False
    for no, names, head in stated:  # (loops, not generators: most answers are known at the first line)
        if no <= line:
            return False
        if not names and ((model is None and not headed) or head <= line):
            return False
        for m in names:
            if model is not None and (model in (n := _letters(m)) or n in model):
                return False
    return True
