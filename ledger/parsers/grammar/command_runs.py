"""The scopes of a document's commands among themselves: a run's settings hold to the next run with results between
them, and the commands of one block keep only the settings they agree on.

Apart from setup.py because these read the commands of the whole document together, once every block's are known.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_scopes import results_between
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.reader.line_kinds import is_command_line
from ledger.vocab.flags import SERVER_COMMAND_RE

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


def relaunched(doc: Document, start: int, end: int) -> int | None:
    """The line, after `start` and up to `end`, of a server's launch that follows the scores of an earlier launch at or
    after `start`: a side a paste's comment names ("# baseline" over a launch and its scores) holds for that launch's
    runs, not for the next launch's (another arm, its own flags); one launch's several benchmark runs stay its own."""
    launched = None
    for no in range(start, end + 1):
        text = doc.line(no).strip()
        if len(text) > 4000 or not is_command_line(text) or not SERVER_COMMAND_RE.search(text):
            continue
        if launched is not None and results_between(doc, launched, no):
            return no
        launched = no
    return None


def command_end(doc: Document, block: Block, heads: Sequence[Block], end: int, last: int) -> int:
    """The last line the commands of code block `block` hold over: `end`, the line before the next head (of `heads`,
    in line order), or past the bold heads that come before any result of theirs ("**Bench Command**", "**Temperature
    = 0.0**" over the table the commands ran): a bold head labels the block under it and ends a command's setup only
    once results have followed the command; a heading or a turn's line ends it always.

        **Server Command**        vllm serve org/B --speculative-config '{"method": "eagle3", ...}'
        **Temperature = 0.0**     | Conc | Tok/s | ...: org/B's and eagle3's, not the section heading's model"""
    for head in heads:
        if head.start <= end:
            continue
        if head.kind != "text" or head.start != end + 1 or results_between(doc, block.end, head.start):
            break
        end = next((h.start - 1 for h in heads if h.start > head.start), last)
    return end


def with_settings(commands: list[SetupScope], held: dict[str, str]) -> list[SetupScope]:
    """The commands of a block with the settings the block states once (`held`: "--checkpoint=x.onnx", which the
    block's settings reader reads) under their own: what they ran with, over their whole scope."""
    for c in commands:
        c.values = {**{k: v for k, v in held.items() if k not in c.values}, **c.values}
    return commands
