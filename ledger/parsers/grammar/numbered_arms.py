"""Numbered arms: "1. tuned kernel" and "2. stock release", each alone on its list item over the results its run
printed (quoted lines, a paste, a table). Each item is the side of all of its results, up to the next arm, not of the
first line alone; the arm a side's word names the base of ("stock", "upstream", "main") is the other's baseline."""

from __future__ import annotations

import re

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.revision_labels import RESULT_LINE_RE
from ledger.parsers.reader.document import Block, Document
from ledger.vocab.sides import RESULTS_NOUN, SIDE_NOTE, sides_of

# "1. tuned kernel", "2) Upstream nightly": an ordered item's number (the reader drops it from the item's text)
_NUMBERED_RE = re.compile(r"^\s{0,3}(?P<n>\d{1,2})[.)]\s")
# an arm's name: a few words, no value, no sentence ("1. This PR adds a flow for X." is a point of the description);
# a note on the arm may follow in brackets ("fused kernel (this PR)"), and the noun of what it printed after a comma
# ("original kernel, results:")
_ARM_NAME_RE = re.compile(
    r"^[*_`]{0,2}(?P<name>[A-Za-z][\w.+/-]{0,30}(?: [\w.+/-]{1,30}){0,3}" + SIDE_NOTE + r")"
    r"(?:,\s{1,3}" + RESULTS_NOUN + r")?[*_`]{0,2}:?[*_`]{0,2}$",
    re.IGNORECASE,
)


def _arm_number(doc: Document, block: Block) -> int | None:
    """The number of an ordered item that names an arm and nothing else, else None."""
    if block.kind != "item" or block.in_code or block.level != 0 or block.end != block.start:
        return None
    m = _NUMBERED_RE.match(doc.line(block.start))
    return int(m.group("n")) if m is not None and _ARM_NAME_RE.match(block.text.strip()) else None


def _results_end(doc: Document, idx: int) -> int | None:
    """The last line of the results right under the item at `idx` (result lines, a paste, a table), None when no
    result follows it."""
    end = None
    for b in doc.blocks[idx + 1 :]:
        if b.in_code:
            continue  # (a paste's lines: the paste's block holds them)
        if b.start - (end or doc.blocks[idx].end) > 2:
            break
        if b.kind in ("code", "table") or (b.kind == "text" and RESULT_LINE_RE.match(b.text)):
            end = b.end
            continue
        break
    return end


def numbered_arm_scopes(doc: Document) -> dict[int, RevisionScope]:
    """The scopes of numbered arms, by their item's first line: two arms or more, numbered one after another, each
    over results, where a side's word names one of them (two arms no side names are setups, not sides)."""
    out: dict[int, RevisionScope] = {}
    run: list[tuple[Block, int]] = []  # (arm item, its results' last line) of the run of arms being read
    expect = 1
    for idx, block in enumerate(doc.blocks):
        n = _arm_number(doc, block)
        if n is None:
            continue
        end = _results_end(doc, idx)
        if n != expect or end is None or (run and block.start - run[-1][1] > 3):
            _close(run, out)
            run, expect = [], 1
            if n != 1 or end is None:
                continue
        run.append((block, end))
        expect = n + 1
    _close(run, out)
    return out


def _close(run: list[tuple[Block, int]], out: dict[int, RevisionScope]) -> None:
    """Keep a finished run of arms when it is two or more and a side's word names one."""
    labels = [_arm_name(b.text) for b, _ in run]
    if len(run) < 2 or not any(sides_of(labels)):
        return
    for (block, end), label in zip(run, labels, strict=True):
        rev = Revision(label=label, head=None, base=None)
        out[block.start] = RevisionScope(start=block.start, end=end, revision=rev)


def _arm_name(text: str) -> str:
    m = _ARM_NAME_RE.match(text.strip())
    return (m.group("name") if m is not None else text).strip().strip("*_`").rstrip(":").strip()
