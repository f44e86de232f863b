"""A side's word alone on its line, over the block its run printed ("this PR" over a table, "OLD" over a paste), or
over short labels of that side's tables ("THIS PR", then "GSM8K" over one table and "MMLU" over the next)."""

from __future__ import annotations

import re
from dataclasses import replace

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.named_revisions import named_at
from ledger.parsers.grammar.revision_labels import BARE_SIDE_LINE_RE, RESULT_LINE_RE
from ledger.parsers.grammar.setup_sides import setup_side
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.reader.line_kinds import is_command_line
from ledger.vocab.sides import side_alone, side_of


def bare_side(block: Block, nxt: Block, named: dict[str | int, Revision]) -> Revision | None:
    """ "this pr" alone over its block: that block's side, and only that block's (no colon opens a list); "After"
    right over its value's line ("10.4 us"), that line's."""
    lone_value = nxt.kind == "text" and nxt.start == block.end + 1 and RESULT_LINE_RE.match(nxt.text) is not None
    if (nxt.kind not in ("code", "table") and not lone_value) or nxt.start - block.end > 2:
        return None
    sm = BARE_SIDE_LINE_RE.match(block.text)
    sided = setup_side(block.text) if sm is None else None  # ("BEFORE, 1k/2k": the side, then its runs' setup)
    label = sm.group("label").strip() if sm is not None else sided.label if sided is not None else None
    if not label:
        return None
    known = named_at(named, block.start).get(label.lower())
    return known if known is not None and known.head else Revision(label=label, head=None, base=None)


_COMMENT_MARKS = ("//", "--", "###", "##", "#")
"""The marks a paste's comment line opens with (the longest first)."""


def comment_side_alone(text: str) -> Revision | None:
    """The side a paste's comment line names and nothing else ("// baseline", "# reference run", "-- this PR:"): the
    side of the run printed under it ("baseline" is a side's word there, never the name of a setup's variant)."""
    line = text.strip()
    mark = next((m for m in _COMMENT_MARKS if line.startswith(m)), None)
    label = line[len(mark) :].strip().rstrip(":").strip() if mark is not None and len(line) <= 60 else ""
    words = label.split()
    side = " ".join(words[:-1] if len(words) > 1 and words[-1].lower() in ("run", "runs") else words)
    if not label[:1].isalpha() or not side_alone(side):
        return None
    return Revision(label=" ".join(words), head=None, base=None)


_NOTES_MAX = 6
"""Items of notes a side's label may stand over before its block ("main has no loader for X", "expect a gap")."""


def bare_scope(
    doc: Document, idx: int, nxt: Block, named: dict[str | int, Revision], before: RevisionScope | None = None
) -> RevisionScope | None:
    """A side word alone on its line: over the one block under it (past a short list of notes on that side), or
    over the tables under its labels; or, right after such a base side's block (`before`, the last scope read), a
    short label alone over a block like it: the other arm ("**Baseline**" then "**With cache**")."""
    block = doc.blocks[idx]
    after = idx + 1
    while nxt.kind == "item" and not nxt.in_code and after - idx <= _NOTES_MAX and after + 1 < len(doc.blocks):
        after += 1
        nxt = doc.blocks[after]
    if nxt.kind not in ("code", "table") or after == idx + 1:
        nxt = doc.blocks[idx + 1]
    else:
        block = replace(block, end=doc.blocks[after - 1].end)  # (the notes are the label's: its block is past them)
    if (out := _output_after_command(doc, nxt)) is not None:
        block, nxt = replace(block, end=nxt.end), out  # ("**Before**", its bench command, then what it printed)
    side = bare_side(block, nxt, named) or _second_arm(doc, block, nxt, before)
    if side is not None:
        return RevisionScope(start=block.start, end=nxt.end, revision=side)
    return _side_over_labels(doc, idx, named)


# a short label alone on its line, bold or plain, no colon: "**With cache**", "New kernel"
_ARM_LABEL_RE = re.compile(r"^[*_]{0,2}(?P<label>[A-Za-z][\w .+/-]{1,38}?)[*_]{0,2}$")


_ARM_GAP = 4
"""Blank lines allowed between a base side's block and the next arm's label (a paste often ends in spare ones)."""


def _second_arm(doc: Document, block: Block, nxt: Block, before: RevisionScope | None) -> Revision | None:
    """The arm a short label names over a block right after a base side's bare label and its block (only blank
    lines between them): the candidate the base ran against, not more of the base's runs."""
    if before is None or before.revision.head is not None or side_of(before.revision.label or "") != "base":
        return None
    m = _ARM_LABEL_RE.match(block.text.strip()) if "\n" not in block.text.strip() else None
    gap = range(before.end + 1, block.start)
    if m is None or not (0 < block.start - before.end <= _ARM_GAP) or nxt.kind not in ("code", "table"):
        return None
    if any(doc.line(no).strip() for no in gap):
        return None
    label = m.group("label").strip()
    return None if side_of(label) == "base" else Revision(label=label, head=None, base=None)


def _output_after_command(doc: Document, b: Block) -> Block | None:
    """The block right under `b` where `b` holds a command alone (a fence of command lines, or one line that is a
    command in a code span): the output that command printed, which the side's label over both is the side of."""
    if b.kind == "code":  # (a fence's lines between its marks; a line in a code span alone is its own block)
        lines = [b.start] if b.start == b.end else range(b.start + 1, min(b.end, b.start + 12))
        inner = [doc.line(no).strip().strip("`") for no in lines]
        ran = bool(inner) and all(not t or is_command_line(t) or t.startswith("--") for t in inner) and any(inner)
    else:
        ran = b.kind == "text" and not b.in_code and b.start == b.end and is_command_line(b.text.strip().strip("`"))
    if not ran:
        return None
    out = next((x for x in doc.blocks if x.start > b.end and not x.in_code), None)
    return out if out is not None and out.kind in ("code", "table") and out.start - b.end <= 2 else None


def _side_over_labels(doc: Document, idx: int, named: dict[str | int, Revision]) -> RevisionScope | None:
    """ "THIS PR" alone on a line, then short label lines ("GSM8K", "KV UNQUANTIZED") over the tables of that side:
    the side holds to the next side line, heading or comment (each table under it has a label of its own)."""
    blocks = doc.blocks
    sm = BARE_SIDE_LINE_RE.match(blocks[idx].text)
    if sm is None:
        return None
    j = idx + 1
    while j < len(blocks) and j - idx <= 3 and blocks[j].kind == "text" and len(blocks[j].text) <= 40:
        j += 1
    if j >= len(blocks) or blocks[j].kind not in ("table", "code") or j == idx + 1:
        return None
    end = len(doc.lines)
    for b in blocks[j + 1 :]:
        if b.kind in ("heading", "comment") or (b.kind == "text" and BARE_SIDE_LINE_RE.match(b.text)):
            end = b.start - 1
            break
    label = sm.group("label").strip()
    known = named_at(named, blocks[idx].start).get(label.lower())
    rev = known if known is not None and known.head else Revision(label=label, head=None, base=None)
    return RevisionScope(start=blocks[idx].start, end=end, revision=rev)
