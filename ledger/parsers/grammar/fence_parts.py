"""The parts of one code block that hold different runs' output: an lm-eval table pasted with a serving benchmark's
console under it in one fence, or two consoles, each under its own banner. A setting the block prints once
("Maximum request concurrency: 16") is its part's (the console's), never the eval's above it.

A part opens at a tool's output header (a serving console's "==== Serving Benchmark Result ====" banner, lm-eval's
"|Tasks|Version|" header or the "vllm (pretrained=...)" line over it) or at a command line, once the part before has
printed an output header and some of that output: a command, a tool's preamble and the banner over its results stay
one part, so a command still sets up the output under it.

The settings each part prints once (one_valued, block_settings) live here too: they are what a part holds.
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.line_setup import inline_settings
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.document import Block, Document, is_command_line
from ledger.parsers.reader.json_records import json_records
from ledger.parsers.reader.line_kinds import is_shell_command

# "============ Serving Benchmark Result ============": a title between rules of "=" (a rule alone, or the dashes
# around a console's subsections, "-----Time to First Token-----", open nothing)
_RULE_BANNER_RE = re.compile(r"^[ \t]{0,8}={3,}[ \t]{0,4}[A-Za-z][^=\n]{1,60}={3,}[ \t]{0,8}$")
# lm-eval's table header ("|Tasks|Version|...", "|  Task  |Version|"; its "|Groups|" table follows the tasks' of one
# run) and the line it prints over it, naming the model's client and arguments ("vllm (pretrained=org/X,...)")
_EVAL_HEADER_RE = re.compile(r"^[ \t]{0,8}\|[ \t]{0,8}Tasks?[ \t]{0,8}\|", re.IGNORECASE)
_EVAL_ARGS_RE = re.compile(r"^[ \t]{0,8}[\w-]{1,40}[ \t]\((?:pretrained|model|base_url)=")


def output_header(line: str) -> bool:
    """A line that opens a tool's printed results: a console's banner, lm-eval's table header or its arguments."""
    return bool(_RULE_BANNER_RE.match(line) or _EVAL_HEADER_RE.match(line) or _EVAL_ARGS_RE.match(line))


def fence_parts(doc: Document, block: Block) -> list[tuple[int, int]]:
    """The (first, last) lines of each part of code block `block` (see the module's words); one part for a block of
    one run's output, or any other block."""
    if block.end - block.start < 2:
        return [(block.start, block.end)]
    starts = [block.start]
    printed = shown = False  # the part has printed an output header; output has followed it
    for no in range(block.start, block.end + 1):
        line = doc.line(no)
        header = output_header(line)
        if header or is_shell_command(line):
            if printed and shown:
                starts.append(no)
                printed = shown = False
            printed = printed or header
        elif printed and line.strip() and not is_command_line(line):
            shown = True
    ends = [s - 1 for s in starts[1:]] + [block.end]
    return list(zip(starts, ends, strict=True))


def part_of(parts: list[tuple[int, int]], no: int) -> tuple[int, int]:
    """The part line `no` stands in (the whole first part for a line outside every part)."""
    return next(((a, b) for a, b in parts if a <= no <= b), parts[0])


def block_settings(doc: Document, block: Block, held: dict[tuple[int, int], dict[str, str]]) -> list[SetupScope]:
    """The settings a block prints once among its results ('"max_concurrency": 1' in a JSON report): a key
    with one value in the whole block holds for all of it, or in the whole of its part where the block holds two
    tools' outputs (`held`, by fence_parts)."""
    out = [SetupScope(first, last, values) for (first, last), values in held.items() if values]
    for first, last in json_records(doc, block):
        # a JSON dump of per-model records: each record's own model and settings hold for its numbers only
        values = held[part_of(list(held), first)]
        own = {k: v for k, v in one_valued(doc, first, last).items() if k not in values}
        if own:
            out.append(SetupScope(first, last, own))
    return out


def one_valued(doc: Document, first: int, last: int) -> dict[str, str]:
    """The setup keys lines first..last set, each to one value only; a settings line ending in a colon below the
    part's first line ("dtype=bf16  batch=64:" between two tables) leads in what follows it, not the lines above."""
    seen: dict[str, set[str]] = {}
    for no in range(first, last + 1):
        text = doc.setup_line(no)
        if no > first and text.rstrip().endswith(":"):
            continue
        for key, value in inline_settings(text).items():
            seen.setdefault(key, set()).add(value)
    return {k: next(iter(vs)) for k, vs in seen.items() if len(vs) == 1}
