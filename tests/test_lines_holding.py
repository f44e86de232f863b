"""The readers that walk a document's lines for a gated pattern ask it only of the lines one pass of its words finds
(WordGate.lines_holding, over texts lowered and joined once: LoweredLines): the same lines, the same answers, as a
test of every line."""

from __future__ import annotations

import re

from ledger.parsers.reader import dispatch_branches, prose_examples
from ledger.vocab.word_gate import LoweredLines, WordGate

_LINES = [
    "## Results",
    "Suppose a request decodes 1,000 tokens and 600 of them are accepted.",
    "If we pin TP=4 the throughput drops to 812 tok/s.",
    "This path would also suit EP-only deployments with 8 ranks.",
    "The kernel is a strong fit for P/D-disaggregated serving at 32k context.",
    "We keep FlashInfer for decode while falling back to Triton for mixed batches and",
    "FP8 KV cache; the runs below used BF16 weights.",
    "Throughput: 1234.5 tok/s (ÅNGSTRÖM ſtrange ſpelling 12)",
    "",
    "Imagine a batch of 64 requests, say 2k tokens each.",
    "`if x: return 3`",
]


def _each_line(gate: WordGate, texts: list[str]) -> frozenset[int]:
    return frozenset(no for no, t in enumerate(texts, 1) if gate.search(t) is not None)


def test_the_lines_found_lowered_once_are_those_found_from_the_texts() -> None:
    low = LoweredLines(_LINES)
    assert len(low) == len(_LINES)
    for pattern in (prose_examples.PROSPECT_RE, prose_examples._SUPPOSE_RE, dispatch_branches._PRECISION):
        held = pattern.lines_holding(low)
        assert held == pattern.lines_holding(_LINES)
        assert _each_line(pattern, _LINES) <= held  # (every line holding a match is among them)
    ungated = WordGate(re.compile(r"\d+"))  # (no words: every line)
    assert ungated.lines_holding(low) == frozenset(range(1, len(_LINES) + 1))


def test_the_lines_blanked_are_those_a_test_of_every_line_blanks() -> None:
    skip = {11}
    supposed = prose_examples.supposed_blanked(_LINES, skip)
    assert sorted(supposed) == [2, 10]  # ("If we pin ...": how the writer ran it; line 11 is code)
    prospects = prose_examples.prospect_blanked(_LINES, skip)
    assert sorted(prospects) == [4, 5]
    assert "suit EP-only" not in prospects[4] and prospects[4].startswith("This path ")
    branches = dispatch_branches.branch_blanked(_LINES, skip)
    assert sorted(branches) == [7]  # (the rule's branch wraps onto the next line: its FP8 blanked, BF16 kept)
    assert "FP8" not in branches[7] and "BF16" in branches[7]


def test_one_lowering_serves_readers_that_rewrite_lines_between_them() -> None:
    """read_document lowers the prose once for its three blankers: a line one of them rewrote is counted unknown
    (LoweredLines.with_unknown), so the next gate asks its pattern of it, and each reader blanks what it would have
    blanked from lines lowered anew."""
    low = LoweredLines(_LINES)
    changed = low.with_unknown([1, 3])
    assert changed.unknown == low.unknown | {1, 3} and low.unknown == LoweredLines(_LINES).unknown  # (a copy)
    for pattern in (prose_examples.PROSPECT_RE, dispatch_branches._PRECISION):
        assert pattern.lines_holding(changed) >= {1, 3}
    texts, skip = list(_LINES), {11}
    for reader in (prose_examples.supposed_blanked, prose_examples.prospect_blanked, dispatch_branches.branch_blanked):
        fresh = reader(list(texts), skip)
        assert reader(texts, skip, low) == fresh
        for no, blanked in fresh.items():
            texts[no - 1] = blanked
        low = low.with_unknown(fresh)


def test_the_setup_lines_gated_are_the_printed_ones_and_those_the_setup_reads_otherwise() -> None:
    """LineFacts lowers the printed lines once; the lines the setup reads otherwise (Document.setup_texts) are asked of
    each pattern whatever the printed line holds, so no line the setup text matches is missed."""
    from ledger.parsers.reader.document import read_document
    from ledger.parsers.reader.line_facts import LineFacts

    doc = read_document("\n".join(_LINES[:8]), path="x.md")
    doc.setup_texts = {3: "a strong fit for serving", 5: "plain words"}  # (3 printed without the prospect's words)
    facts = LineFacts(doc)
    held = facts.holding(prose_examples.PROSPECT_RE, setup=True)
    setup = [doc.setup_line(no) for no in range(1, len(doc.lines) + 1)]
    assert _each_line(prose_examples.PROSPECT_RE, setup) <= held and {3, 5} <= held
    assert facts.holding(prose_examples.PROSPECT_RE) == prose_examples.PROSPECT_RE.lines_holding(doc.lines)
