"""What each line of a read document is, found in one pass for every reader that asks (issue 21's one-pass shape).

The pipeline used to ask, for each block, whether any of its lines holds a digit, and then, for each of the eighteen
extractors, walk every block to keep the kinds that extractor reads. Here the lines are read once: which hold a digit
(kept as running counts, so a block's answer is one subtraction), and the blocks an extractor of a given shape reads
(its block kinds, whether it needs a digit, whether it reads code whole) are listed once per shape and document, in
document order, for every extractor of that shape. Readers of single lines (grammar.line_scopes) ask the same facts.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection

from ledger.memo import last_document
from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.text import has_digit
from ledger.vocab.word_gate import LoweredLines, WordGate

PRINTED_LOWERED = "line_facts.printed_lowered"
"""Document.derived's key of the printed lines' lowering, where read_document lowered them already (LineFacts reads it
instead of lowering the document again)."""


class LineFacts:
    """The facts of one document's lines (see the module docstring); build with `line_facts(doc)`."""

    __slots__ = (
        "_blocks",
        "_digits_to",
        "_doc",
        "_examples",
        "_held",
        "_lines",
        "_lowered",
        "_paired",
        "_shapes",
        "_texts",
    )

    def __init__(self, doc: Document) -> None:
        self._doc = doc
        self._held: dict[tuple[WordGate, bool], frozenset[int]] = {}
        self._lowered: dict[bool, LoweredLines] = {}  # (by `setup`: the lines as printed, or as the setup reads them)
        self._lines = doc.lines
        self._texts: dict[tuple[int, int], str] = {}
        # _digits_to[n]: how many of the first n lines hold a digit (what `\d` finds)
        self._digits_to = [0, *itertools.accumulate(map(has_digit, doc.lines))]
        self._blocks = doc.blocks
        self._shapes: dict[tuple[frozenset[str], bool, bool], list[Block]] = {}
        self._paired: dict[tuple[frozenset[str], bool, bool], list[tuple[Block, str]]] = {}
        self._examples: frozenset[int] = frozenset()

    def digit(self, no: int) -> bool:
        """Whether line `no` (from 1) holds a digit."""
        return self._digits_to[no] != self._digits_to[no - 1]

    def digit_in(self, start: int, end: int) -> bool:
        """Whether any of lines start..end (from 1, both included) holds a digit."""
        return self._digits_to[end] != self._digits_to[start - 1]

    def text(self, block: Block) -> str:
        """The block's lines joined by newlines, as its extractors' preconditions read it (a table's or a code
        block's joined once for all of them)."""
        if block.start >= block.end:
            return self._lines[block.start - 1] if 0 < block.start <= len(self._lines) else ""
        key = (block.start, block.end)
        got = self._texts.get(key)
        if got is None:
            got = self._texts[key] = "\n".join(self._lines[block.start - 1 : block.end])
        return got

    def holding(self, gate: WordGate, setup: bool = False) -> frozenset[int]:
        """The lines (from 1) that may hold a match of `gate`'s pattern, as printed or, with `setup`, as the setup
        readers read them (Document.setup_line): found once per document and gate by one pass over its lines
        (WordGate.lines_holding); a reader walking every line asks its pattern of these alone."""
        key = (gate, setup)
        got = self._held.get(key)
        if got is None:
            low = self._lowered.get(setup)
            if low is None:  # (lowered and joined once per document for every gate: 1% of extraction)
                low = self._lowered[setup] = self._setup_lowered() if setup else self._printed_lowered()
            got = self._held[key] = gate.lines_holding(low)
        return got

    def _printed_lowered(self) -> LoweredLines:
        """The printed lines lowered: read_document's lowering where it left one (PRINTED_LOWERED), else anew."""
        low = self._doc.derived.get(PRINTED_LOWERED)
        return low if isinstance(low, LoweredLines) and len(low) == len(self._lines) else LoweredLines(self._lines)

    def _setup_lowered(self) -> LoweredLines:
        """The lines as the setup readers read them, lowered: the printed lines' lowering, where the few lines the
        setup reads otherwise (Document.setup_texts: blanked examples, a YAML file's nested keys) are ones no word test
        tells (LoweredLines.with_unknown), each asked of its pattern by the reader, not a second whole lowering."""
        printed = self._lowered.get(False)
        if printed is None:
            printed = self._lowered[False] = self._printed_lowered()
        lines, n = self._lines, len(self._lines)
        return printed.with_unknown(no for no, t in self._doc.setup_texts.items() if 0 < no <= n and t != lines[no - 1])

    def set_examples(self, examples: frozenset[int]) -> None:
        """The lines the pipeline gives no extractor (support.examples: a template's numbers)."""
        if examples != self._examples:
            self._examples = examples
            self._shapes.clear()
            self._paired.clear()

    def blocks_for(self, kinds: Collection[str], needs_digit: bool = True, whole_code: bool = False) -> list[Block]:
        """The blocks an extractor reading `kinds` reads, in document order: none an example opens, with a digit in
        one of its lines where it `needs_digit`, and none of the text lines found inside code where it reads code
        blocks whole (`whole_code`). A table another extractor took is the pipeline's to skip (taken as it goes)."""
        shape = (frozenset(kinds), needs_digit, whole_code)
        got = self._shapes.get(shape)
        if got is None:
            kinds, examples, to, last = shape[0], self._examples, self._digits_to, len(self._digits_to) - 1
            got = [
                b
                for b in self._blocks
                if b.kind in kinds
                and b.start not in examples
                and (not needs_digit or to[min(b.end, last)] != to[min(b.start, last + 1) - 1])
                and not (whole_code and b.in_code and b.kind == "text")
            ]
            self._shapes[shape] = got
        return got

    def texts_for(
        self, kinds: Collection[str], needs_digit: bool = True, whole_code: bool = False
    ) -> list[tuple[Block, str]]:
        """blocks_for's blocks, each with its text (`text`): joined once per shape for every extractor of that shape,
        not once per extractor asking its marks and preconditions."""
        shape = (frozenset(kinds), needs_digit, whole_code)
        got = self._paired.get(shape)
        if got is None:
            text = self.text
            got = self._paired[shape] = [(b, text(b)) for b in self.blocks_for(kinds, needs_digit, whole_code)]
        return got


@last_document
def line_facts(doc: Document) -> LineFacts:
    """The facts of `doc`'s lines, found once for every reader of the extraction that asks."""
    return LineFacts(doc)
