"""The code blocks a question asks about: "Separate question: why is" over a command, "Why does this give another
number?" over another one. The command is what the author wonders at, set apart from the run the text reports, so
its settings are not the setup of the results stated before it (a command after the results otherwise tells how they
were taken: "Reproduce with:"). The document default reads none of its lines."""

from __future__ import annotations

from ledger.parsers.reader.blocks import Document
from ledger.vocab.presupposed import asks_about

_LEAD_LINES = 3
"""The lines of the paragraph over a block read as its lead-in (a question is a sentence or two)."""


def asked_pastes(doc: Document) -> set[int]:
    """The lines of each code block whose lead-in (the paragraph right over it, one blank line between at most)
    asks about it (vocab.presupposed.asks_about)."""
    out: set[int] = set()
    for b in doc.blocks:
        if b.kind == "code" and asks_about(_lead_in(doc, b.start)):
            out.update(range(b.start, b.end + 1))
    return out


def _lead_in(doc: Document, start: int) -> str:
    """The text of the paragraph over line `start` (its last lines, up to _LEAD_LINES), "" where a fence, a heading
    or more than one blank line stands between."""
    no = start - 1
    if no >= 1 and not doc.line(no).strip():
        no -= 1
    lines: list[str] = []
    while no >= 1 and len(lines) < _LEAD_LINES and (text := doc.line(no).strip()):
        if text.startswith(("```", "~~~", "#", "|")):
            break
        lines.insert(0, text)
        no -= 1
    return " ".join(lines)
