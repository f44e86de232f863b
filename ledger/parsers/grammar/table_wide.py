"""The setup a results table states for all its rows, for the lines below it that derive from its runs:

    | Batch | Metric | Baseline | EAGLE-3 | Speedup |       one drafting method (the control arm names none)
    | B=1   | TPOT (ms) | 8.18 | 5.89 | 1.39x |
    Acceptance rate: 40.0% | Acceptance length: 2.4      the EAGLE-3 runs' acceptance: eagle3's
    - 31B 8-bit: 12.3 / 8.2 = 1.50x                      the drafted arm's speed-up over the plain one

Only what the table says of every row: the one drafting method its header and cells name (an arm naming none is the
control the method is measured against), the one benchmark its header or every row names. A row's own values (its
model, its batch) are that row's and never reach below. Held to the end of the table's section (the next heading or
turn), the next table or paste, or a paragraph naming another method or benchmark (another run's lead-in); given
only to the results a table's runs derive (an acceptance figure, a speed-up ratio), under every narrower scope
(parsers.base).
"""

from __future__ import annotations

import re

from ledger.parsers.grammar.setup_index import SetupIndex, SetupScope
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import ends_in_colon
from ledger.vocab.drafting_words import METHOD_WORDS
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.setup import qualifiers
from ledger.vocab.text import has_digit
from ledger.vocab.units import RATIO_UNITS
from ledger.vocab.word_gate import WordGate

_METHOD_RE = re.compile("|".join(re.escape(w) for w in METHOD_WORDS), re.IGNORECASE)
"""The quick look: a cell naming no drafting method's word is not asked for its setup."""
_METHOD = WordGate(_METHOD_RE)  # (a case-blind alternation tried at every character: asked of the lowered cell)
_ROWS = 200
"""How many rows of a table are read for what all of them state (a longer table is a sweep: the same answer)."""


def derives(kind: str, unit: str | None) -> bool:
    """A result a table's runs derive: an acceptance figure, or a speed-up ("1.50x") of one arm over another."""
    return kind == "acceptance" or (kind == "perf" and unit in RATIO_UNITS)


def derived_index(doc: Document) -> SetupIndex | None:
    """The index of the table-wide setups over the lines each holds (see the module); None for none."""
    scopes: list[SetupScope] = []
    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.kind == "table" and not b.in_code and b.table is not None and (values := _all_rows(b)):
            scopes.extend(_below(blocks, k, values))
    return SetupIndex.build(scopes, len(doc.lines)) if scopes else None


def _all_rows(b: Block) -> dict[str, str]:
    """The drafting method and the benchmark the table b names for all its rows."""
    assert b.table is not None
    rows = [r.cells for r in b.table.rows[:_ROWS]]
    methods = {
        spec
        for cells in (b.table.header, *rows)
        for cell in cells
        if len(cell) <= 200 and _METHOD.holds(cell) and (spec := qualifiers(cell).get("spec_algo")) != "none"
        if spec is not None
    }
    out = {"spec_algo": methods.pop()} if len(methods) == 1 else {}
    head = {named_benchmark(cell) for cell in b.table.header} - {None}
    named = [{named_benchmark(cell) for cell in cells} - {None} for cells in rows]
    found = head.union(*named)
    if len(found) == 1 and (head or all(named)):
        out["dataset"] = str(found.pop())
    return out


def _below(blocks: list[Block], k: int, values: dict[str, str]) -> list[SetupScope]:
    """The scopes of the blocks under the table blocks[k] that its setup holds (see the module): a block naming a
    benchmark of its own keeps it (the sentence readers give it), one leading in another run ends the reach."""
    out: list[SetupScope] = []
    for b in blocks[k + 1 :]:
        if b.kind in ("heading", "comment", "table", "code"):
            break
        text = b.text[:400]
        bench = named_benchmark(text)
        spec = qualifiers(text).get("spec_algo") if _METHOD_RE.search(text) else None
        other = (spec is not None and spec != values.get("spec_algo")) or (bench not in (None, values.get("dataset")))
        if other and b.kind == "text" and (ends_in_colon(text) or not has_digit(text)):
            break  # ("Next, MT-Bench with Medusa:" over its own results)
        out.append(SetupScope(b.start, b.end, {k: v for k, v in values.items() if k != "dataset" or bench is None}))
    return out
