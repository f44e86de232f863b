"""The scopes of a document's commands among themselves: a run's settings hold to the next run with results between
them, and the commands of one block keep only the settings they agree on.

Apart from setup.py because these read the commands of the whole document together, once every block's are known.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import pairwise

from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_scopes import results_between, turn_bounds
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.reader.line_kinds import is_command_line
from ledger.vocab.flags import EVAL_CLIENT_KEY, SERVER_COMMAND_RE, runs_eval

Reach = list[tuple[int, int, str]]
"""The lines a key of the default holds over, as (first line, last line, value) runs (grammar.default_reach)."""
TurnValues = tuple[int, int, dict[str, str]]
"""(first line, last line, values): a turn's own setup values."""

INLINE_CODE_RE = re.compile(r"`([^`\n]{4,400})`")
"""A span of inline code, as a sentence quotes a command in it."""


def quoted_commands(text: str) -> list[str]:
    """ "method: ngram cmd: `python3 spec_decode.py --method ngram ...`": the commands of runs a line of prose
    quotes, whose output follows it as a fenced command's does."""
    return [span for span in INLINE_CODE_RE.findall(text[:2000]) if is_command_line(span)] if "`" in text else []


def quotes_command(text: str) -> bool:
    return bool(quoted_commands(text))


def runs_a_command(line: str) -> bool:
    """The line is, or quotes, the command of a run (no server's launch: it serves every run after it)."""
    return (is_command_line(line.strip()) or quotes_command(line)) and not SERVER_COMMAND_RE.search(line)


def prose_runs(doc: Document, scopes: list[SetupScope], runs: list[SetupScope]) -> list[SetupScope]:
    """`runs` and the scopes a prose line opens that is, or quotes, the command of a run (no server's launch: it
    serves every run after it): each holds to the next run, as a fenced command does (runs_to_the_next)."""
    prose = {b.start for b in doc.blocks if b.kind in ("text", "item") and not b.in_code}
    known = {id(r) for r in runs}
    found = [s for s in scopes if s.start in prose and id(s) not in known and runs_a_command(doc.line(s.start))]
    return runs + found


def runs_to_the_next(doc: Document, runs: list[SetupScope]) -> None:
    """ "run_eval.py --eval-name mmlu", its scores, then "bench_serving.py --random-input 4096": each run's settings
    hold to the next run, not over the other's results (a server's launch holds for both; two commands with no
    results between them list the runs whose results follow both)."""
    ordered = sorted(runs, key=lambda r: r.start)
    for a, b in pairwise(ordered):
        if a.start < b.start <= a.end and set(a.values) != set(b.values) and results_between(doc, a.start, b.start):
            a.end = b.start - 1


def agreed(doc: Document, commands: list[SetupScope], at: Sequence[int], block_end: int) -> list[SetupScope]:
    """One block's commands (each on line `at[i]`) without the keys they disagree on: two `lm_eval` lines, one per
    model, list the runs; neither model holds for the results below both. A command that prints its own runs before
    the next one (a launch, its scores, then the next launch) keeps its value over those runs: an inner scope's."""
    seen: dict[str, set[str]] = {}
    for c in commands:
        for k, v in c.values.items():
            seen.setdefault(k, set()).add(v)
    split = {k for k, vs in seen.items() if len(vs) > 1}
    if not split:
        return commands
    out = [SetupScope(c.start, c.end, {k: v for k, v in c.values.items() if k not in split}) for c in commands]
    for key in split:
        stating = [i for i, c in enumerate(commands) if key in c.values]  # (a bench run under a launch states none)
        ends = [at[j] - 1 for j in stating[1:]] + [block_end]
        own = [results_between(doc, at[i], z + 1) for i, z in zip(stating, ends, strict=True)]
        for n, i in enumerate(stating):
            # (the last one's output is its own only where the one before it printed its own too)
            if own[n] and (n + 1 < len(stating) or n == 0 or own[n - 1]):
                out.append(
                    SetupScope(commands[i].start, max(commands[i].start, ends[n]), {key: commands[i].values[key]})
                )
    return [c for c in out if c.values]


def launch_steps(doc: Document, start: int, end: int) -> tuple[list[int], list[int]]:
    """The lines of the server launches in the paste from `start` to `end`, and the indexes (among them) of those that
    follow an earlier launch's scores: read once a paste, since every comment naming a side in it asks (relaunched)."""
    launches = []
    for no in range(start, end + 1):
        text = doc.line(no).strip()
        if len(text) <= 4000 and is_command_line(text) and SERVER_COMMAND_RE.search(text):
            launches.append(no)
    return launches, [k for k in range(1, len(launches)) if results_between(doc, launches[k - 1], launches[k])]


def relaunched(steps: tuple[list[int], list[int]], start: int) -> int | None:
    """The line, after `start`, of a server's launch that follows the scores of an earlier launch at or after `start`
    (`steps`: its paste's launch_steps): a side a paste's comment names ("# baseline" over a launch and its scores)
    holds for that launch's runs, not for the next launch's (another arm, its own flags); one launch's several
    benchmark runs stay its own."""
    launches, after_scores = steps
    first = bisect_left(launches, start)
    if first >= len(launches):
        return None
    k = bisect_right(after_scores, first)
    return launches[after_scores[k]] if k < len(after_scores) else None


def command_end(doc: Document, block: Block, heads: Sequence[Block], end: int, last: int) -> int:
    """The last line the commands of code block `block` hold over: `end`, the line before the next head (of `heads`,
    in line order), or past the bold heads that come before any result of theirs ("**Bench Command**", "**Temperature
    = 0.0**" over the table the commands ran): a bold head labels the block under it and ends a command's setup only
    once results have followed the command; a heading or a turn's line ends it always.

        **Server Command**        vllm serve org/B --speculative-config '{"method": "eagle3", ...}'
        **Temperature = 0.0**     | Conc | Tok/s | ...: org/B's and eagle3's, not the section heading's model

    A block that launches a server holds past the bold heads of the client runs after it ("**GSM8K**:" over one
    bench script's output, "**MMLU**:" over another's): every run it served is on its flags, to the next heading."""
    serves = any(
        SERVER_COMMAND_RE.search(doc.line(no)) for no in range(block.start, min(block.end, block.start + 40) + 1)
    )
    for k, head in enumerate(heads):
        if head.start <= end:
            continue
        if head.kind != "text" or head.start != end + 1 or (results_between(doc, block.end, head.start) and not serves):
            break
        end = heads[k + 1].start - 1 if k + 1 < len(heads) else last  # (heads are in line order)
    return end


def with_settings(commands: list[SetupScope], held: dict[str, str]) -> list[SetupScope]:
    """The commands of a block with the settings the block states once (`held`: "--checkpoint=x.onnx", which the
    block's settings reader reads) under their own: what they ran with, over their whole scope."""
    for c in commands:
        c.values = {**{k: v for k, v in held.items() if k not in c.values}, **c.values}
    return commands


Said = list[tuple[int, str, str, bool]]
"""(line, key, value, counted) of each setup value a line states (grammar.default_reach.Statement)."""


def paired_runs(doc: Document, said: Said) -> tuple[list[int], bool]:
    """The lines of `said` that are, or quote, a run's command, and whether the page pastes its runs as
    command-then-output pairs (two commands or more, results after each)."""
    ran = sorted({no for no, _, _, _ in said if runs_a_command(doc.setup_line(no))})
    pairs = pairwise([*ran, len(doc.lines) + 1])
    return ran, len(ran) >= 2 and all(results_between(doc, a, b) for a, b in pairs)


def from_the_first_run(doc: Document, default: dict[str, str], said: Said, reach: dict[str, Reach]) -> None:
    """A page that pastes runs as command-then-output pairs ("method: ngram cmd: `...`" over its stats, then the next):
    a key only the commands state is theirs, and holds in each turn of the thread that holds such a command from its
    first command on; an output printed before the first command is a run the page does not show the command of, and
    a later comment's outputs pasted with no command of theirs ("[bob]" over a run of some other method) are not the
    earlier turn's runs. (A single command under its output, "to reproduce: ...", pairs nothing and still reaches
    the output above it.) `reach` is narrowed in place."""
    ran, paired = paired_runs(doc, said)
    if not paired:
        return
    last = len(doc.lines)
    turns = turn_bounds(doc)
    for key in default:
        own = [no for no, k, _, counted in said if k == key and counted]
        if not all(no in ran for no in own) or (key == EVAL_CLIENT_KEY and all(reproduces_eval(doc, no) for no in own)):
            continue  # (an eval's client where the page tells how its scores were taken: every score's)
        # (a key no line states: from the first command, as the runs are)
        spans = _command_turns(turns, own) if own else [(ran[0], last)]
        held = reach.get(key) or [(1, last, default[key])]
        reach[key] = [(max(a, s), min(z, e), v) for a, z, v in held for s, e in spans if max(a, s) <= min(z, e)]


def reproduces_eval(doc: Document, no: int) -> bool:
    """Line `no` runs an eval in a section that holds no table ("## Evaluation" and its `lm_eval --model hf`
    command under the score tables): how the page's scores were taken, its client theirs, not a later run's."""
    if not runs_eval(doc.setup_line(no)):
        return False
    heads = [b.start for b in doc.blocks if b.kind in ("heading", "comment")]
    i = bisect_right(heads, no)
    start, end = heads[i - 1] if i > 0 else 0, heads[i] if i < len(heads) else len(doc.lines) + 1
    return not any(b.kind == "table" and start <= b.start < end for b in doc.blocks)


def _command_turns(turns: list[tuple[int, int]], own: list[int]) -> list[tuple[int, int]]:
    """The turns holding a line of `own`, each from its first such line on."""
    out: list[tuple[int, int]] = []
    for a, z in turns:
        inside = [no for no in own if a <= no <= z]
        if inside:
            out.append((inside[0], z))
    return out


def turns_from_the_first_run(doc: Document, said: Said, scopes: list[TurnValues]) -> list[TurnValues]:
    """A turn's own values (`scopes`: first line, last line, values) on a page of command-then-output pairs: a key
    only the turn's commands state holds from the first of them on, not over the output printed above it (a run of
    some other method the turn does not show the command of)."""
    ran, paired = paired_runs(doc, said)
    if not paired:
        return scopes
    out: list[TurnValues] = []
    for a, z, values in scopes:
        starts: dict[int, dict[str, str]] = {}
        for k, v in values.items():
            own = [no for no, key, _, counted in said if key == k and counted and a <= no <= z]
            starts.setdefault(own[0] if own and all(no in ran for no in own) else a, {})[k] = v
        out.extend((s, z, vals) for s, vals in sorted(starts.items()))
    return out
