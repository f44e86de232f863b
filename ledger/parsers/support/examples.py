"""Examples are not results: a code block or table that prints a template ("Model: $model_name",
"--model <your-model>") shows what a tool's output looks like; nobody ran it, so its numbers are no claims.

A lead-in alone says too little ("Example usage and output:" introduces real runs as often as not): what
marks a template is a placeholder nobody filled in, or a lead-in that says the numbers are someone else's.
"""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import is_rendered_heading
from ledger.vocab.word_gate import WordGate

# "<your-model>", "<your_api_key>", "<model_name>", "<path/to/model>": a value left for the reader to fill in
_ANGLE_PLACEHOLDER_RE = re.compile(
    r"<(?:your[-_ ][\w./-]{1,40}|(?:model|model[-_ ]?(?:name|id|path)|path[-/_ ]to[\w./-]{0,40}|hf[-_]model))>",
    re.IGNORECASE,
)
# "Model: $model_name", "Model: ${MODEL}", "model = {model_name}": a label whose value is a variable
_VALUE_PLACEHOLDER_RE = re.compile(r"^[\w .()/-]{1,60}[:=]\s*(?:\$\{?[A-Za-z_]{2,40}\}?|\{[A-Za-z_]{2,40}\})\s*$")
# (searched only where one of its words stands: vocab.word_gate)
_NOT_OURS_RE = WordGate(
    re.compile(
        r"\b(?:your (?:numbers|results|output) (?:will|may|might) (?:differ|vary)|"
        r"(?:will|should) look something like|illustrative(?:\s+only)?|"
        # a tool's output described, not a run reported: "the results will be printed ... For
        # example,", "the tool prints a summary like this one:"
        r"(?:will|would) be (?:printed|shown|displayed)|"
        r"(?:like|such as) (?:this|this one|the following)\s*[:.,]?\s*$|for example\s*[:,]?\s*$)",
        re.IGNORECASE,
    )
)
# "| $seq_len | $num_requests |": a table of the values a recipe's variables take, not of results
_VARIABLE_HEADER_RE = re.compile(r"^\s*\$\{?[A-Za-z_]\w{0,40}\}?\s*$")
MAX_LINES = 400
"""Lines of a block looked at: a template is short, and the work per block stays bounded."""


def example_lines(doc: Document) -> frozenset[int]:
    """The lines of every code block or table that prints a template, not a run."""
    out: set[int] = set()
    for b in doc.blocks:
        if b.kind in ("code", "table") and not b.in_code and _is_template(doc, b):
            out.update(range(b.start, b.end + 1))
    if doc.format == "rendered":
        out.update(_rendered_samples(doc))
    return frozenset(out)


def _rendered_samples(doc: Document) -> set[int]:
    """A copied page has no fences: the tool output a lead-in calls a sample ("prints a summary like this one:") is
    the run of lines under it, up to the next blank line."""
    out: set[int] = set()
    lines = doc.lines
    for no, text in enumerate(lines, start=1):
        if not text.rstrip().endswith((":", ",")) or len(text) > 400 or not _NOT_OURS_RE.search(text):
            continue
        first = no + 1 if no < len(lines) and lines[no].strip() else no + 2
        last = first
        while last <= len(lines) and lines[last - 1].strip() and last - first < MAX_LINES:
            last += 1
        if last - first < 2:  # one line under "for example:" is a sentence's example, not a tool's output
            continue
        # the output goes on past its blank lines ("-- TPOT breakdown (ms)", then its lines) while no prose, lead-in,
        # heading or table comes
        while last - first < MAX_LINES and (more := _output_paragraph(lines, last + 1)) is not None:
            last = more
        out.update(range(first, last))
    return out


_PROSE_RE = re.compile(r"(?:[A-Za-z,;'()]+ ){5}[^\n]{0,400}?[a-z)][.!?](?:\s|$)")
"""Five words and a sentence's end: prose, not a tool's line."""


def _output_paragraph(lines: list[str], no: int) -> int | None:
    """Where the paragraph at line `no` (after one blank line) ends, when it still reads as the tool's output: no
    sentence, no lead-in ending in ":", no heading, no table row; None otherwise."""
    end = no
    while end <= len(lines) and lines[end - 1].strip() and end - no < MAX_LINES:
        text = lines[end - 1].strip()
        if "\t" in text or text.endswith(":") or _PROSE_RE.search(text[:400]) or is_rendered_heading(lines, end - 1):
            return None
        end += 1
    return end if end > no else None


def _is_template(doc: Document, block: Block) -> bool:
    lines = doc.lines[block.start - 1 : min(block.end, block.start - 1 + MAX_LINES)]
    if block.table is not None and any(_VARIABLE_HEADER_RE.match(h) for h in block.table.header):
        return True
    if any("<" in t and _ANGLE_PLACEHOLDER_RE.search(t) for t in lines):
        return True
    if any(("$" in t or "{" in t) and _VALUE_PLACEHOLDER_RE.match(t.strip()) for t in lines):
        return True
    for no in (block.start - 1, block.start - 2):
        above = doc.line(no).strip()
        if above:
            return _NOT_OURS_RE.search(above) is not None
    return False
