"""The one reader pass over a document's lines (reader.line_facts) gives each extractor the blocks the pipeline gave
it before it existed: every block of its kinds, none an example opens, with a digit in one of its lines where it
needs one, and none of the text lines inside code where it reads code blocks whole; in document order."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers import registry
from ledger.parsers.reader.document import Document, read_document
from ledger.parsers.reader.line_facts import line_facts
from ledger.parsers.reader.prose_examples import _holds_digit
from ledger.parsers.support.examples import example_lines
from ledger.vocab.text import has_digit

FIXTURES = Path(__file__).parent / "fixtures"
DOCUMENTS = [p for p in sorted(FIXTURES.rglob("*")) if p.is_file() and p.suffix != ".json"]


def _walked(doc: Document, kinds: frozenset[str], needs_digit: bool, examples: frozenset[int]) -> list[int]:
    """The blocks the pipeline's own walk kept (each block's lines asked for a digit, every block tried)."""
    lines, whole_code = doc.lines, "code" in kinds
    return [
        i
        for i, b in enumerate(doc.blocks)
        if (not needs_digit or any(map(has_digit, lines[b.start - 1 : b.end])))
        and b.kind in kinds
        and b.start not in examples
        and not (whole_code and b.in_code and b.kind == "text")
    ]


def test_each_extractor_is_given_the_blocks_the_pipelines_walk_gave_it() -> None:
    shapes = {(frozenset(e.BLOCKS), getattr(e, "NEEDS_DIGIT", True)) for e in registry.EXTRACTORS}
    given = 0
    for path in DOCUMENTS:
        doc = read_document(path.read_text(encoding="utf-8", errors="replace"), path.name)
        facts = line_facts(doc)
        examples = example_lines(doc)
        facts.set_examples(examples)
        for no, line in enumerate(doc.lines, 1):
            assert facts.digit(no) == has_digit(line), (path.name, no)
        index = {id(b): i for i, b in enumerate(doc.blocks)}
        for kinds, needs in shapes:
            got = [index[id(b)] for b in facts.blocks_for(kinds, needs, "code" in kinds)]
            assert got == _walked(doc, kinds, needs, examples), (path.name, sorted(kinds), needs)
            # (with their texts, joined once per shape for every extractor of it: each the block's own lines)
            paired = facts.texts_for(kinds, needs, "code" in kinds)
            assert [index[id(b)] for b, _ in paired] == got
            assert all(t == "\n".join(doc.lines[b.start - 1 : max(b.end, b.start)]) for b, t in paired), path.name
            given += len(got)
    assert given > 1000


def test_the_facts_are_those_of_the_document_asked() -> None:
    one = read_document("# A\n\nno digit here\n", "a.md")
    two = read_document("# B\n\nTTFT 12.3 ms\n", "b.md")
    assert not line_facts(one).blocks_for(frozenset({"text"}))
    assert [b.start for b in line_facts(two).blocks_for(frozenset({"text"}))] == [3]
    assert line_facts(two) is line_facts(two)


@pytest.mark.parametrize("line", ["", "no digits", "TTFT 12.3 ms", "x² only", "٣ arabic-indic", "fullwidth ３", "é 7"])
def test_a_line_holds_a_digit_as_isdigit_says(line: str) -> None:
    assert _holds_digit(line) == any(c.isdigit() for c in line)
