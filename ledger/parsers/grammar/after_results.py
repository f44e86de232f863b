"""The lines that state a setup after results their section already printed: they lead what follows them (the next
table, the next run), never the results above, so the document default does not count them.

    | task | bf16 | int4 |          the section's first results
    - max concurrency: 32          stated after them, right over the next table: that table's setup, not the
    - tp: 2                        accuracy rows' above
    | metric | bf16 | int4 |

A turn's setup section ("## Test configuration", a "<details>" fold titled so) is read apart and holds over its
whole turn wherever it stands (grammar.setup_sections): none of its lines is one of these.
"""

from __future__ import annotations

from collections.abc import Iterator

from ledger.memo import last_document
from ledger.parsers.grammar.line_setup import DEFAULT_KEYS, line_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_sections import setup_section_lines
from ledger.parsers.grammar.varied import states_result
from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.setup_labels import states_settings


@last_document  # (the setup reader and the document default both ask it)
def after_results(doc: Document) -> frozenset[int]:
    """The lines outside pastes that stand below a result of their own section (a heading's or a turn's part down to
    the next heading or turn), outside the turn's setup sections, that are items of a list standing right over a
    table or a paste (that block's setup). A plain line of setup after a table ("Measured on one
    H100.") still tells of the results above it."""
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
    from the item to that block's end: "- max concurrency: 32" sets up the table under its list, none above it."""
    out: list[SetupScope] = []
    ends = list_ends(doc.blocks)
    for k, b in enumerate(doc.blocks):
        if b.kind != "item" or b.start not in after or states_result(b.text[:300]):
            continue
        end = ends.get(k)
        stated = {key: v for key, v in line_setup(b.text[:400]).items() if key in DEFAULT_KEYS}
        if end is not None and stated:
            out.append(SetupScope(b.start, end, stated))
    return out


def list_ends(blocks: list[Block]) -> dict[int, int]:
    """For each item (by block index) of a list that stands right over a table or a paste, a blank line at most between
    each, the last line of that table or paste. One pass from the end: an item's list ends where the next item's does
    (asking each item to walk to its list's end cost the square of a long list)."""
    out: dict[int, int] = {}
    for j in range(len(blocks) - 2, -1, -1):
        b, nxt = blocks[j], blocks[j + 1]
        if b.kind != "item" or nxt.start - b.end > 2:
            continue
        if nxt.kind == "item":
            if j + 1 in out:
                out[j] = out[j + 1]
        elif nxt.kind in ("table", "code"):
            out[j] = nxt.end
    return out


def _leading_items(blocks: list[Block]) -> set[int]:
    return {k for k in list_ends(blocks) if not blocks[k].in_code}


def is_result(b: Block) -> bool:
    """A table of measured rows (not one of settings), or a line of prose or an item that states a result."""
    if b.kind == "table":
        table = b.table
        return table is not None and not states_settings(table.header, [r.cells for r in table.rows])
    return b.kind in ("text", "item") and states_result(b.text[:300])
