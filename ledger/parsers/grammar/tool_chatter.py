"""The status lines llama.cpp's tools print between a side's label and its results ("This branch:" / "Loading
model..." / "Warm-up took: 0.21 seconds" / the llama-bench table): what the tool was doing, no result, and no words
that end the label's reach. The label is read as if it stood right over the table, and a warm-up time the tool
prints there is no result of the run (vocab.llama_tools names the lines)."""

from __future__ import annotations

from dataclasses import replace

from ledger.model import Claim
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.reader.line_kinds import ends_in_colon
from ledger.vocab.llama_tools import tool_status_line, warm_up_time

_MAX_LABEL = 80
"""Characters of a side's label line over the tool's status lines."""


def _status_only(doc: Document, start: int, end: int) -> bool:
    return all(tool_status_line(doc.line(no)) for no in range(start, end + 1))


def past_chatter(doc: Document, idx: int) -> Block | None:
    """The block after block `idx`, past the paragraphs of a tool's status lines alone ("Running benchmark..." /
    "Heat up time: 0.31 seconds, please wait..." over the table): the results they lead to."""
    for b in doc.blocks[idx + 1 : idx + 8]:
        if b.kind != "text" or b.in_code or not _status_only(doc, b.start, b.end):
            return b
    return doc.blocks[idx + 8] if idx + 8 < len(doc.blocks) else None


def chatter_lead(doc: Document, block: Block) -> Block:
    """A paragraph whose first line is a label ("This branch:") and whose other lines are a tool's status lines, as
    its label alone; any other block as it is."""
    first = doc.line(block.start)
    if block.end == block.start or len(first) > _MAX_LABEL or not ends_in_colon(first):
        return block
    return replace(block, text=first.strip()) if _status_only(doc, block.start + 1, block.end) else block


def _in_chatter(doc: Document, no: int) -> bool:
    """Line `no` stands among the tool's status lines or right over its table."""
    return any(tool_status_line(doc.line(k)) or doc.line(k).lstrip().startswith("|") for k in (no - 1, no + 1))


def without_warm_up_times(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims but the warm-up times a tool prints among its status lines ("Heat up time: 0.31 seconds, please
    wait..." over a llama-bench table): how long it warmed up before it measured, no result."""
    return [
        c
        for c in claims
        if not (
            c.kind == "perf"
            and c.source
            and tool_status_line(line := doc.line(c.source.line))
            and warm_up_time(line)
            and _in_chatter(doc, c.source.line)
        )
    ]
