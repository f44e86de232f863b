"""Readers that ask a block's surroundings only where the block holds what they are for (issue 21, one reader pass):
most blocks handed to the prose and key/value readers claim nothing, and what the lines around them say is read
only for a block that does. The claims are the same either way (the goldens and benchmarks/snapshot.py)."""

from __future__ import annotations

import pytest

from ledger.parsers import extract
from ledger.parsers.kv import context as kv_context
from ledger.parsers.prose import sentences

_WRAPPED = (
    "# Kernel notes\n\n"
    "The fused kernel now builds for sm_90 and sm_100 targets, and the dispatcher picks the tile shape from\n"
    "the problem size at launch time rather than from a table that was filled in by hand for each device.\n"
    "Decode latency on the long prompts went from 41.0 ms to 37.5 ms once the new tiles were in place for\n"
    "the whole batch.\n"
)


def test_the_wrapped_sentence_around_a_line_is_read_only_for_a_line_holding_a_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []
    real = sentences.wrapped_context

    def counted(ctx: object, line: int) -> tuple[str, str]:
        asked.append(line)
        return real(ctx, line)  # type: ignore[arg-type]

    monkeypatch.setattr(sentences, "wrapped_context", counted)
    claims = extract(_WRAPPED, path="wrapped.md").claims
    # line 3 holds digits but no number ("sm_90", "sm_100" are names): its neighbours are never read
    assert 3 not in asked
    assert asked == [5]
    assert [(c.source.line, c.value, c.reference) for c in claims] == [(5, 37.5, 41.0)]


_PASTE = (
    "## Build\n\n```\nmake -j8 all\ncmake --build build-2 --target install\n```\n\n```\nthroughput: 812.5 tok/s\n```\n"
)


def test_the_heading_and_lead_in_of_a_printed_block_are_read_only_for_a_block_that_claims(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []
    real = kv_context.heading_above

    def counted(block: kv_context.Block, ctx: object) -> list[str]:
        asked.append(block.start)
        return real(block, ctx)  # type: ignore[arg-type]

    monkeypatch.setattr(kv_context, "heading_above", counted)
    claims = extract(_PASTE, path="paste.md").claims
    assert asked == [8]  # the build commands' block claims nothing: its section is never read
    assert [(c.source.line, c.metric, c.value) for c in claims] == [(9, "throughput", 812.5)]
