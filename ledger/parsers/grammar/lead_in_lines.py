"""The lines of the lead-ins over a block: a short line ending in a colon, a caption, an item right over a paste or
a table, a sub-heading over one of its section's tables, and a lead-in announcing the next arm over its prose result
(grammar.colon_leads). What they state is that block's setup, never the document's default (document_default)."""

from __future__ import annotations

from ledger.parsers.grammar.colon_leads import leads_prose
from ledger.parsers.grammar.setup_scopes import heads_section
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.reader.line_kinds import bold_field


def lead_in_lines(doc: Document) -> set[int]:
    """The lines of the lead-ins over a block ("ISL 8000, OSL 1000, batch 1:" over a log): they state the setup
    of that block only, which its own scope carries; results before it or elsewhere were not run so. A paragraph
    of prose that ends in a colon ("I compared A and B on Llama 3.1 8B. Results:") tells the whole thread."""
    out: set[int] = set()
    blocks = doc.blocks
    first_heading = next((b.start for b in blocks if b.kind == "heading"), 0)
    for k, b in enumerate(blocks[:-1]):
        if b.kind == "heading" and b.start != first_heading and not b.in_code and heads_section(doc, b, first_heading):
            out.add(b.start)  # "### Phi-3-mini tp=1" over one of three tables: its section's, not the document's
            continue  # (its GPU excepted: document_default)
        nxt = blocks[k + 1]
        if (
            (
                (b.kind == "text" and b.text.rstrip().endswith(":") and ". " not in b.text)
                or caption_line(doc, b, nxt)
                # "* V0 org/Model kv-cache-dtype fp8" over its paste (grammar/setup's item scope); not the last field
                # of a list of them ("- **Hardware**: X" under "- **Parallel mode**: TP1"): the page's, as the others
                or (b.kind == "item" and not _listed_field(blocks, k))
            )
            # (in a paste, "dtype=bf16  batch=64:" between two of its tables: the one below's)
            and (not b.in_code or (nxt.kind == "table" and k > 0 and blocks[k - 1].kind == "table" and nxt.in_code))
            and len(b.text) <= 100
            and nxt.kind in ("code", "table")
            and nxt.start - b.end <= 2
        ):
            out.update(range(b.start, b.end + 1))
        elif leads_prose(blocks, k):
            out.add(b.start)  # "Next, Medusa heads on the same prompts:" over its result's line (grammar.colon_leads)
    return out


def caption_line(doc: Document, b: Block, nxt: Block) -> bool:
    """ "FP4 M3, 8k/1k, eagle model <link>": a paragraph of one line right over its table is its caption, colon or
    none (not the last line of a device listing over a console's table, which the lines above it continue)."""
    return (
        b.kind == "text"
        and nxt.kind == "table"
        and b.start == b.end == nxt.start - 1
        and ". " not in b.text
        and not doc.line(b.start - 1).strip()
    )


def _listed_field(blocks: list[Block], k: int) -> bool:
    """Item k is a bold "name: value" field right under another of its list's: one of a page's stated fields."""
    above = blocks[k - 1] if k > 0 else None
    return (
        bold_field(blocks[k].text)
        and above is not None
        and above.kind == "item"
        and above.end >= blocks[k].start - 1
        and bold_field(above.text)
    )
