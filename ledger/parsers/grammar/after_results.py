"""The lines that state a setup after results their section already printed: they lead what follows them (the next
table, the next run), never the results above, so the document default does not count them.

    | task | bf16 | int4 |          the section's first results
    - max concurrency: 32          stated after them, right over the next table: that table's setup, not the
    - tp: 2                        accuracy rows' above
    | metric | bf16 | int4 |

    | shape | ours (us) | previous (us) |     a turn's results, then a program (a unit test, a benchmark script):
    ```python                                  its settings hold over itself and the output pasted right under it
    x = torch.randn(..., dtype=torch.float16)  (an "Output:" line between at most), or, in a later section of its
    ```                                        own, over that section, whose results it ran; never the ones above

A turn's setup section ("## Test configuration", a "<details>" fold titled so) is read apart and holds over its
whole turn wherever it stands (grammar.setup_sections): none of its lines is one of these.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from ledger.memo import last_document
from ledger.parsers.grammar.line_setup import DEFAULT_KEYS, line_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_sections import setup_section_lines
from ledger.parsers.grammar.varied import WORKLOAD_KEYS, states_result
from ledger.parsers.reader.blocks import Block, Document, Table
from ledger.parsers.reader.program_code import is_program
from ledger.vocab.setup_labels import states_settings
from ledger.vocab.sides import side_of
from ledger.vocab.units import UNITS, measure_of_unit


@last_document  # (the setup reader and the document default both ask it)
def after_results(doc: Document) -> frozenset[int]:
    """The lines outside pastes that stand below a result of their own section (a heading's or a turn's part down to
    the next heading or turn), outside the turn's setup sections, that are items of a list standing right over a
    table or a paste (that block's setup), and the lines of the programs below their turn's results (programs_after).
    A plain line of setup after a table ("Measured on one H100.") still tells of the results above it."""
    setup = setup_section_lines(doc)
    blocks = doc.blocks
    leading = _leading_items(blocks)
    out: set[int] = set()
    seen = False  # a result printed since the section's start
    for k, b in section_blocks(blocks):
        if b is None:
            seen = False
        elif seen and b.kind in ("text", "item") and b.start not in setup and k in leading:
            out.update(range(b.start, b.end + 1))
        seen = seen or (b is not None and is_result(b))
    out.update(no for k, (last, _) in programs_after(doc).items() for no in range(blocks[k].start, last + 1))
    return frozenset(out)


def section_blocks(blocks: list[Block]) -> Iterator[tuple[int, Block | None]]:
    """The blocks outside pastes with their index, and (index, None) at each heading or turn line: a section's
    start, where what its results were is read anew."""
    for k, b in enumerate(blocks):
        if b.kind in ("heading", "comment") and not b.in_code:
            yield k, None
        elif not b.in_code and b.kind != "code":
            yield k, b


def leading_scopes(doc: Document, after: frozenset[int]) -> list[SetupScope]:
    """The setup each item of `after` (a list after its section's results, right over a table or a paste) states,
    from the item to that block's end: "- max concurrency: 32" sets up the table under its list, none above it; and
    each program's after its turn's results (program_scopes)."""
    out = program_scopes(doc)
    ends = list_ends(doc.blocks)
    for k, b in enumerate(doc.blocks):
        if b.kind not in ("item", "text") or b.start not in after or states_result(b.text[:300]):
            continue
        end = ends.get(k)
        stated = {key: v for key, v in line_setup(b.text[:400]).items() if key in DEFAULT_KEYS}
        if end is not None and stated:
            out.append(SetupScope(b.start, end, stated))
    return out + trailing_captions(doc)


# "these runs", "the table above": a sentence that speaks of what stands over it
_DESCRIBES_RE = re.compile(
    r"\b(?:these|those)\s(?:[\w-]{1,20}\s)?(?:runs?|results?|numbers?|measurements?|benchmarks?|tests?|were|are)\b"
    r"|\b(?:above|this table)\b",
    re.IGNORECASE,
)
# a change or a decimal the sentence restates ("by ~4.2%", "5.0"): the numbers a table of results printed
_RESTATED_RE = re.compile(r"(?<![\w.])\d{1,6}(?:\.\d{1,4})?(?=\s?%)|(?<![\w.])\d{1,6}\.\d{1,4}(?![\w.])")
_CELL_NUMBER_RE = re.compile(r"\d{1,9}(?:\.\d{1,6})?")
_RATES = sorted((u for u in UNITS if measure_of_unit(u) == "throughput"), key=len, reverse=True)
# "64+ t/s", "118.5 tok/s": a number the sentence prints as a rate (the units compare reads as throughput)
_RATE_RE = re.compile(
    r"(?<![\w.])(\d{1,6}(?:\.\d{1,3})?)\+?\s?(?:" + "|".join(map(re.escape, _RATES)) + r")(?![\w/])", re.IGNORECASE
)
_WRAPPED = 6
"""The most lines of one wrapped paragraph read under a table."""


def wrapped_end(blocks: list[Block], k: int) -> int:
    """The index of the last block of the paragraph opening at block `k`: a paragraph wrapped over lines is a text
    block per line, read on while each starts where the last ended (at most `_WRAPPED` more)."""
    z = k
    while z + 1 < len(blocks) and z - k < _WRAPPED and blocks[z + 1].kind == "text":
        if blocks[z + 1].start != blocks[z].end + 1:
            break
        z += 1
    return z


def trailing_captions(doc: Document) -> list[SetupScope]:
    """The setup a sentence right under a table of results states of it ("... by ~4.2% on a long-context (32k)
    decode workload", "these were 16k-context runs"): a sentence that speaks of the table (a demonstrative, "above")
    or restates a number it printed, and leads nothing below it (no table or paste right under it, no colon)."""
    blocks, out = doc.blocks, []
    for k in range(1, len(blocks)):
        first, table = blocks[k], blocks[k - 1]
        if first.kind != "text" or first.in_code or table.kind != "table" or table.table is None:
            continue
        if first.start - table.end > 2:
            continue
        z = wrapped_end(blocks, k)
        nxt, b = (blocks[z + 1] if z + 1 < len(blocks) else None), blocks[z]
        text = " ".join(t.text[:300] for t in blocks[k : z + 1])
        if (nxt is not None and nxt.kind in ("table", "code") and nxt.start - b.end <= 2) or text.endswith(":"):
            continue  # (a lead-in of what follows it)
        if "?" in text:
            continue  # ("Could an M4 Max reach 500 GB/s here?": no run of the table)
        # (a workload alone: a board or a layout the sentence names may be one row's, "the tp4 check scored 92.07")
        stated = {key: v for key, v in line_setup(text).items() if key in WORKLOAD_KEYS}
        if not stated or not is_result(table):
            continue
        cells = _cell_numbers(table.table)
        if _own_rate(text, cells):
            continue  # ("111k context still at 64+ t/s": a rate the table does not print, its own run's workload)
        if _DESCRIBES_RE.search(text) or _restates(text, cells):
            out.append(SetupScope(table.start, b.end, stated))  # (and the sentence's own changes)
    return out


def _own_rate(text: str, cells: set[float]) -> bool:
    """The sentence prints a rate the table does not: a result of its own, and the workload it states is that
    result's, not the table's."""
    said = [float(m.group(1)) for m in _RATE_RE.finditer(text)] if "/" in text or " per " in text else []
    return bool(said) and not set(said) <= cells


def _cell_numbers(table: Table) -> set[float]:
    cells = " ".join(c[:60] for r in table.rows[:100] for c in r.cells[:20])
    return {float(m.group(0)) for m in _CELL_NUMBER_RE.finditer(cells)}


def _restates(text: str, cells: set[float]) -> bool:
    """The sentence restates a number the table printed ("~5%" of "+5.0%")."""
    said = {float(m.group(0)) for m in _RESTATED_RE.finditer(text)}
    return bool(said & cells)


def list_ends(blocks: list[Block]) -> dict[int, int]:
    """For each item (by block index) of a list that stands right over a table or a paste, a blank line at most between
    each, the last line of that table or paste; and for a setup line under an after side's label right over a list
    of items, the list's last line. One pass from the end: an item's list ends where the next item's does
    (asking each item to walk to its list's end cost the square of a long list)."""
    out: dict[int, int] = {}
    items_end: dict[int, int] = {}  # the last line of the run of items each item opens
    for j in range(len(blocks) - 2, -1, -1):
        b, nxt = blocks[j], blocks[j + 1]
        if b.kind == "item":
            items_end[j] = items_end.get(j + 1, nxt.end) if nxt.kind == "item" and nxt.start - b.end <= 2 else b.end
        if nxt.start - b.end > 2:
            continue
        if b.kind == "text" and nxt.kind == "item" and b.start == b.end and _under_head_label(blocks, j):
            # "After the PR:", then "(H200 TP8, conc=4)" over its bullets: the setup of the side that label opens,
            # not of the before side's results above it
            out[j] = items_end.get(j + 1, nxt.end)
        elif b.kind != "item":
            continue
        elif nxt.kind == "item":
            if j + 1 in out:
                out[j] = out[j + 1]
        elif nxt.kind in ("table", "code"):
            out[j] = nxt.end
    return out


def _under_head_label(blocks: list[Block], j: int) -> bool:
    """The block before block `j` is a line of its own that labels the new side ("After the PR:"), a blank line at
    most between."""
    if j == 0 or (prev := blocks[j - 1]).kind != "text" or prev.start != prev.end or blocks[j].start - prev.end > 2:
        return False
    label = prev.text.strip(" *_")
    return label.endswith(":") and len(label) <= 60 and side_of(label[:-1]) == "head"


def _leading_items(blocks: list[Block]) -> set[int]:
    return {k for k in list_ends(blocks) if not blocks[k].in_code}


def is_result(b: Block) -> bool:
    """A table of measured rows (not one of settings), or a line of prose or an item that states a result."""
    if b.kind == "table":
        table = b.table
        return table is not None and not states_settings(table.header, [r.cells for r in table.rows])
    return b.kind in ("text", "item") and states_result(b.text[:300])


_MAX_LINES = 200
"""How many of a program's lines are read for its settings."""


@last_document  # (the document default and the setup reader both ask it)
def programs_after(doc: Document) -> dict[int, tuple[int, int]]:
    """Block index -> (the program's last line, the last line its setup holds over), for each program below a result
    of its turn: to the end of the output under it where its own section printed results above it, else to the end
    of its section."""
    setup = setup_section_lines(doc)
    blocks = doc.blocks
    heads = [b.start for b in blocks if b.kind in ("heading", "comment") and not b.in_code]
    out: dict[int, tuple[int, int]] = {}
    in_turn = in_section = False  # a result printed since the turn's start, since the section's
    for k, b in enumerate(blocks):
        if b.in_code:
            continue
        if b.kind in ("heading", "comment"):
            in_turn, in_section = in_turn and b.kind == "heading", False
        elif b.kind == "code":
            if in_turn and b.start not in setup and is_program(doc, b):
                nxt = bisect.bisect_right(heads, b.start)
                end = _output_end(doc, k) if in_section else (heads[nxt] - 1 if nxt < len(heads) else len(doc.lines))
                out[k] = (b.end, end)
        elif is_result(b):
            in_turn = in_section = True
    return out


def program_scopes(doc: Document) -> list[SetupScope]:
    """The setup each program below its turn's results states, over what it ran (programs_after); a key it gives two
    values names none."""
    out: list[SetupScope] = []
    for k, (last, end) in programs_after(doc).items():
        stated: dict[str, set[str]] = {}
        for no in range(doc.blocks[k].start, min(last, doc.blocks[k].start + _MAX_LINES) + 1):
            for key, value in line_setup(doc.setup_line(no)[:400]).items():
                if key in DEFAULT_KEYS:
                    stated.setdefault(key, set()).add(value)
        values = {key: vals.pop() for key, vals in stated.items() if len(vals) == 1}
        if values:
            out.append(SetupScope(doc.blocks[k].start, end, values))
    return out


def _output_end(doc: Document, k: int) -> int:
    """The last line of the output pasted right under the program blocks[k] (an "Output:" line between at most), or
    its own last line."""
    blocks = doc.blocks
    end = above = blocks[k].end  # (above: the last line of the block over the next one)
    for nxt in (b for b in blocks[k + 1 : k + 40] if not b.in_code):
        if nxt.kind == "code" and nxt.start - above <= 2 and not is_program(doc, nxt):
            end = above = nxt.end
        elif (
            nxt.kind == "text"
            and nxt.start - above <= 2
            and end == above == blocks[k].end
            and nxt.text.rstrip().endswith(":")
        ):
            above = nxt.end  # ("Output:")
        else:
            break
    return end
