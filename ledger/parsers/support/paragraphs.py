"""Sentences that run over several lines: a wrapped paragraph, and a list of names under a lead.

    Rows confirmed in the architecture table:      <- a lead ending with a colon
    - DeepSeekV3ForCausalLM                        <- read on as "...table: DeepSeekV3ForCausalLM, Qwen3ForCausalLM"
    - Qwen3ForCausalLM

A document's blocks are one line each; the support reader joins them back into the sentence they continue,
keeping each line's offsets so a claim's span still names its lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.parsers.reader.document import Document

MAX_TEXT = 20_000
"""Longer lines are read up to this many characters."""


@dataclass
class Paragraphs:
    """Lines that continue a sentence from the line above (a wrapped paragraph or list item)."""

    ends: dict[int, int]
    """First line -> last line of a paragraph that spans lines."""
    continuations: set[int]
    """Lines read as part of the paragraph that starts above them."""
    list_lines: set[int]
    """Continuations that are list items under a lead ending with a colon ("...table:" then "- A")."""


def read_paragraphs(doc: Document, block_kinds: frozenset[str]) -> Paragraphs:
    """The paragraphs that start in a block of `block_kinds` and run over several lines."""
    kinds = {b.start: b.kind for b in doc.blocks if b.end == b.start}
    ends: dict[int, int] = {}
    cont: set[int] = set()
    items: set[int] = set()
    line = doc.line
    for b in doc.blocks:
        if b.kind not in block_kinds or b.start in cont:
            continue
        raw = line(b.start)
        if len(raw) > MAX_TEXT:
            continue
        n = b.start
        last = raw  # line n
        while kinds.get(n + 1) == "text" and not last.rstrip().endswith((".", "!", "?")) and n - b.start < 200:
            following = line(n + 1)
            if len(following) > MAX_TEXT:
                break
            n += 1
            cont.add(n)
            last = following
        if last.rstrip().endswith(":") and _LIST_LEAD_RE.search(last):
            m = n + 1 if line(n + 1).strip() else n + 2
            while kinds.get(m) == "item" and len(line(m)) <= MAX_TEXT and m - b.start < 400:
                cont.add(m)
                items.add(m)
                n = m
                m += 1
        if n > b.start:
            ends[b.start] = n
    return Paragraphs(ends, cont, items)


_LIST_LEAD_RE = re.compile(r"\b(?:table|matrix|column|reads|states|says)\b[^:]{0,60}:\s*$", re.IGNORECASE)
_BULLET_PREFIX_RE = re.compile(r"^[ \t]*(?:[-*+•◦▪‣]|\d{1,3}[.)])[ \t]+")


def list_text(doc: Document, first: int, last: int, list_lines: set[int]) -> str:
    """Lines first..last joined with the offsets of "\n".join: a wrapped sentence reads on, list items
    under a lead become comma-separated names."""
    out: list[str] = []
    for no in range(first, last + 1):
        raw = doc.line(no)[:MAX_TEXT]
        sep = "," if no - 1 in list_lines else " "
        if no in list_lines:
            bm = _BULLET_PREFIX_RE.match(raw)
            if bm:
                raw = " " * bm.end() + raw[bm.end() :]
            stop = re.search(r"[.;]\s*$", raw)
            if stop:
                raw = raw[: stop.start()] + " " * (len(raw) - stop.start())
        out.append((sep if no > first else "") + raw)
    return "".join(out)
