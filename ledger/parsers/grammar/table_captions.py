"""A table's caption under it: what the table was run with and on, or what its cells are.

    | model | main | PR |
    | Wren-8B | 14.1 | 12.9 |
    Table 1: TPOT (ms) on 8xH200, concurrency 64      <- this table's measure and setup, not the next table's

Known by its shape, never by its place alone: a plain sentence between two tables leads the one below it."""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Block, Document

# "Executed with 8 threads on a c5.metal instance ...", "Measured on one H100 with CUDA 12": a caption under a table
_CAPTION_RE = re.compile(
    r"^\W{0,3}(?:executed|measured|run|ran|benchmarked|tested|obtained|collected|timed)\s(?:with|on|using|in)\b",
    re.IGNORECASE,
)


# a caption known by its shape: "Table 2: TPOT (ms) on 8xH200", "Figure 3.", numbered as a report numbers them...
_NUMBERED_CAPTION_RE = re.compile(r"^[*_]{0,2}(?:table|figure|fig\.)\s{1,3}\d{1,3}[a-z]?[*_]{0,2}\s{0,2}[:.]", re.I)
# ... one that points up ("Above: decode latency on B200", "*Above - ...*"), or a line in italics alone ("*Decode
# latency (ms) on B200*"; bold is a head's, and a colon introduces what follows)
_ABOVE_CAPTION_RE = re.compile(r"^[*_]{0,2}(?:above|table above|\^)\s{0,2}[:,-]", re.IGNORECASE)
# ... or small print right under it ("<sub>Preliminary results. vLLM v0.9.1 | B200 FP4.</sub>"): a page's note of what
# the table above ran on
_SMALL_PRINT_RE = re.compile(r"^<sub>", re.IGNORECASE)
_ITALIC_LINE_RE = re.compile(r"^(?:\*[^*\s][^*]{0,300}\*|_[^_\s][^_]{0,300}_)$")


def captioned_table(blocks: list[Block], k: int) -> Block | None:
    """The table right above block k when block k is its caption (what the table was run with and on, or what its
    cells are), else None. A caption is known by its shape, never by its place alone (a plain sentence between two
    tables leads the one below it): "Measured on one H100 ...", a line pointing up or in italics alone, and a
    numbered "Table 2: ..." unless the table above has its own numbered caption over it (the page captions its
    tables above them: this one is the next table's)."""
    b = blocks[k]
    if k == 0 or b.kind != "text" or b.in_code:
        return None
    above = blocks[k - 1]
    if above.kind != "table" or b.start - above.end > 2:
        return None
    text = b.text.strip()
    if _CAPTION_RE.match(text[:40]) and not _leads_next(blocks, k, text):
        return above
    if _ABOVE_CAPTION_RE.match(text[:20]) or _SMALL_PRINT_RE.match(text[:10]):
        return above
    if b.start == b.end and _ITALIC_LINE_RE.match(text) and not text.rstrip("*_ ").endswith(":"):
        return above
    if _NUMBERED_CAPTION_RE.match(text[:20]):
        over = blocks[k - 2] if k >= 2 else None
        numbered_over = (
            over is not None
            and over.kind == "text"
            and above.start - over.end <= 2
            and _NUMBERED_CAPTION_RE.match(over.text.strip()[:20]) is not None
        )
        return None if numbered_over else above
    return None


def _leads_next(blocks: list[Block], k: int, text: str) -> bool:
    """ "Measured on 4x A100 with ISL 1024:" between two tables: a colon introduces the table right below it, so the
    sentence is that table's lead-in, not the caption of the one above."""
    nxt = blocks[k + 1] if k + 1 < len(blocks) else None
    return (
        text.rstrip("*_ ").endswith(":")
        and nxt is not None
        and nxt.kind in ("table", "code")
        and nxt.start - blocks[k].end <= 2
    )


def caption_lead(text: str) -> str:
    """A caption read as the lead-in of its table: "Table 1: TPOT (ms) on 8xH200" -> "TPOT (ms) on 8xH200:", its
    number or pointer and its italics left out (the table readers read a lead-in's measure and unit off its colon)."""
    rest = text.strip().strip("*_").strip()
    if (m := _NUMBERED_CAPTION_RE.match(rest) or _ABOVE_CAPTION_RE.match(rest)) is not None:
        rest = rest[m.end() :].strip().strip("*_").strip()
    return f"{rest.rstrip('.:').rstrip()}:" if rest else ""


def small_print(text: str) -> bool:
    """ "<sub>...</sub>": a caption that notes the stack of the page's runs as well as its table's (the document's
    setup reads it too, where any other caption is its table's alone)."""
    return _SMALL_PRINT_RE.match(text.strip()[:10]) is not None


def caption_lines(doc: Document) -> frozenset[int]:
    """The lines of the captions under tables (captioned_table): each its table's own setup, no section's. Small
    print is not one of them: "<sub>TensorRT-LLM v0.5.0 | H200 FP8</sub>" notes the stack of the page's runs too."""
    blocks = doc.blocks
    return frozenset(
        no
        for k, b in enumerate(blocks)
        if captioned_table(blocks, k) is not None and not small_print(b.text)
        for no in range(b.start, b.end + 1)
    )
