"""The records of a JSON dump pasted in a code block: an eval harness's list of per-model results.

    [
      {
        "model": "acme/Foo-8B",
        "metrics": {"en": 0.801, "score": 0.801},
        "score": 0.801
      },
      {
        "model": "acme/Baz-7B",
        ...

Each record is one run: its own keys ("model", a setting) set up only the numbers inside it. The records are the
objects at the outermost depth where more than one object opens (the list's items, or a dict's values when the dump
is one object of records). Braces inside strings are skipped; a record the paste leaves open (the text cut short)
runs to the block's end.
"""

from __future__ import annotations

from ledger.parsers.reader.blocks import Block, Document

MAX_LINE = 2_000
"""A longer line is no pretty-printed JSON: its braces are not counted."""


def json_records(doc: Document, block: Block) -> list[tuple[int, int]]:
    """The (first, last) lines of each record of a pretty-printed JSON dump in a code block; [] where there are not
    two records (a single object is the block's own: its keys hold for all of it)."""
    if block.kind != "code":
        return []
    opened: list[tuple[int, int]] = []  # (line, depth) of each object still open
    spans: dict[int, list[tuple[int, int]]] = {}  # depth -> records closed at it
    depth = 0
    for no in range(block.start, block.end + 1):
        text = doc.line(no)
        if len(text) > MAX_LINE or ("{" not in text and "}" not in text):
            continue
        quoted = False
        for ch in text:
            if ch == '"':
                quoted = not quoted
            elif quoted:
                continue
            elif ch == "{":
                opened.append((no, depth))
                depth += 1
            elif ch == "}" and opened:
                start, d = opened.pop()
                depth = d
                spans.setdefault(d, []).append((start, no))
    for start, d in opened:  # (cut short: open to the block's end)
        spans.setdefault(d, []).append((start, block.end))
    for d in sorted(spans):
        if len(spans[d]) >= 2:
            return sorted(spans[d])
    return []


def json_dump_records(doc: Document, block: Block) -> list[tuple[int, int]]:
    """The records of a JSON dump in a code block: json_records, or the whole block where it holds one object (its
    first line of text opens it)."""
    records = json_records(doc, block)
    if records or block.kind != "code":
        return records
    first = next((doc.line(no).strip() for no in range(block.start + 1, block.end + 1) if doc.line(no).strip()), "")
    return [(block.start, block.end)] if first in ("[", "{", "[{", "[ {") else []
