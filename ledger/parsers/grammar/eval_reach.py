"""How far an eval's settings reach: the shots, samples, sampling and answer cap a sentence states for an eval set
up its scores, the table or paste it leads included, and never the serving runs a later paragraph or turn reports.

    GPQA on Qwen3-32B, 198 questions, 5 shots, `max_new_tokens=8192`, temperature 0.6.   the eval's setup: its
    | Branch | GPQA |                                                                   table's scores'
    ...
    [turn 0 by author, continued]
    Serving throughput went up `+7.4%` ...                                               no shots, no cap, no
                                                                                         temperature: a serving run

The model and the machine the sentence names hold on as before; the eval's own keys hold further on only for the
accuracy results there (the index's `evals`: a later table of the same eval's scores keeps them).
"""

from __future__ import annotations

import re
from itertools import pairwise

from ledger.parsers.grammar.eval_lines import evaluates
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import ends_in_colon, is_command_line
from ledger.vocab.flags import EVAL_CAP_KEY, EVAL_LOAD_KEYS, EVAL_SETTING_KEYS
from ledger.vocab.output_caps import states_output_cap

_PRINTED_RE = re.compile(r"[\w\"'][^:\n]{0,60}: {0,4}[-+]?\d")
"""A line a tool printed, opening on its first value ("Accuracy: 0.912  Latency: 38.4 s"): the eval's output."""

_EVAL_OWN = EVAL_SETTING_KEYS | EVAL_LOAD_KEYS
"""The keys an eval's sentence states for its scores alone, past the block it leads."""
Spans = list[tuple[int, int, dict[str, str]]]
"""Setup values by the lines they hold over: (first line, last line, values)."""


def eval_scopes(doc: Document, scopes: list[SetupScope], evals: Spans) -> list[SetupScope]:
    """`scopes` with each one an eval's sentence opens cut after the block it leads: past it, its eval keys hold
    for accuracy results alone (added to `evals`), its other keys for every result. An output cap the sentence
    states is the eval's cap on its answers (`max_tokens`), no serving output length."""
    out: list[SetupScope] = []
    for s in scopes:
        text = doc.setup_line(s.start) if s.start > 0 else ""
        held = s.values.keys() & EVAL_SETTING_KEYS
        if not (held or "osl" in s.values) or not text or not evaluates(text, line_setup(text)):
            out.append(s)
            continue
        values = dict(s.values)
        if "osl" in values and states_output_cap(text):
            values[EVAL_CAP_KEY] = values.pop("osl")  # ("... `max_tokens=4096`": the eval's cap, kept as its own)
        cut = _led_end(doc.blocks, s.start)
        if cut is None and _leads_sections(doc.blocks, s.start, s.end):
            cut = s.start  # ("**Setup:** ..." over "### Quality" and "### Speed": the eval's keys, its scores' alone)
        if cut is None or cut >= s.end:
            out.append(SetupScope(s.start, s.end, values, s.task))
            continue
        own = {k: v for k, v in values.items() if k in _EVAL_OWN}  # (its client threads too: "128 threads")
        rest = {k: v for k, v in values.items() if k not in _EVAL_OWN}
        out.append(SetupScope(s.start, cut, values, s.task))
        if rest:
            out.append(SetupScope(cut + 1, s.end, rest, s.task))
        if own and not s.task:
            evals.append((cut + 1, s.end, own))
    return out


def _led_end(blocks: list[Block], line: int) -> int | None:
    """The line before the first paragraph of prose after the sentence on `line` (None: none follows, or the line
    is a command's or a fence's). What stands between is the eval's own: the table, list or
    paste it leads, a side's label over its output ("BEFORE:", "After the fix:"), the lines of its own paragraph."""
    k = next((i for i, b in enumerate(blocks) if b.start <= line <= b.end), None)
    if k is None or blocks[k].in_code or blocks[k].kind not in ("text", "item") or is_command_line(blocks[k].text):
        return None  # (a command's settings hold over its output, wherever it is printed)
    return next(
        (
            b.start - 1
            for a, b in pairwise(blocks[k:])
            if b.start > a.end + 1 and _prose(b) and not ends_in_colon(b.text)
        ),
        None,
    )


def _prose(block: Block) -> bool:
    """A paragraph of prose: no table, fence, command or printed "Label: value" line."""
    text = block.text.lstrip()
    return block.kind == "text" and not block.in_code and not is_command_line(text) and not _PRINTED_RE.match(text)


def _leads_sections(blocks: list[Block], start: int, end: int) -> bool:
    """The scope of the sentence on line `start` holds over a heading of its own section's: sub-sections, each
    of results of its own kind, none of them the block the sentence leads."""
    return any(b.kind == "heading" and start < b.start <= end for b in blocks)
