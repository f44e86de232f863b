"""The release a page's data was measured on, where the page says so: a release page keeps its tables across
versions, and a sentence tells which release measured them.

    ## Peak Throughput
    All data was generated using version 0.9.0          v0.9.0 holds from here to the end of "Peak Throughput"
    ### L40S GPUs (FP8)<sup>*</sup>
    <sup>* The following data is from v0.5.</sup>       v0.5 holds over the L40S table (the later scope wins)

A statement holds over the rest of its section: up to the next heading of its section's level or above. A rendered
copy's headings have no levels: there a statement whose own lines hold no table leads the sections after it, and
holds over them while each holds a table.

A page's statement that reaches no table (a methods section at the end: "The data collected for the v0.21 benchmarks
was run with this file") speaks for the page's tables wherever they stand: it holds over the whole page, below every
scope a table's own section states ("to reproduce the numbers here, use v0.20" over one table). Only on a page (a
thread's comment speaks for itself), only a paragraph's (a changelog's item names its own release), and only where
every such statement names one release.
"""

from __future__ import annotations

import itertools

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.project_versions import version_line_scopes
from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.releases import release_label


def release_scopes(doc: Document) -> list[RevisionScope]:
    """One scope per sentence naming the release its section's data was measured on, and per version line naming
    the page's own build beside the engine it builds on (grammar.project_versions)."""
    out: list[RevisionScope] = version_line_scopes(doc)
    tables = [b.start for b in doc.blocks if b.kind == "table" and not b.in_code]
    tableless: set[str] = set()  # the releases a page's paragraph names where its reach holds no table
    level = 0  # the level of the section the walk is in (0: above every heading)
    blocks = [b for b in doc.blocks if not b.in_code]
    for k, b in enumerate(blocks):
        if b.kind == "heading":
            level = b.level
            # (a rendered copy's short line between blank lines reads as a heading: "All data was generated
            # using version 0.8.0" is still the statement)
            if doc.format == "markdown" or (label := release_label(b.text)) is None:
                continue
        elif b.kind not in ("text", "item") or (label := release_label(b.text)) is None:
            continue
        rest = blocks[k + 1 :]
        if doc.format == "markdown":
            end = next((h.start - 1 for h in rest if h.kind == "heading" and h.level <= level), len(doc.lines))
        elif not any(h.kind == "heading" for h in blocks[1:k]):
            end = len(doc.lines)  # a copied page's statement under its title, above every section: the whole page's
        else:
            end = _rendered_end(rest, len(doc.lines))
        out.append(RevisionScope(start=b.start, end=end, revision=Revision(label=label)))
        if doc.page and b.kind == "text" and not any(b.start <= t <= end for t in tables):
            tableless.add(label)
    if len(tableless) == 1 and tables:
        out.append(RevisionScope(start=1, end=len(doc.lines), revision=Revision(label=tableless.pop())))
    return out


def _rendered_end(rest: list[Block], last: int) -> int:
    """The last line a rendered copy's statement holds over: its own lines up to the next heading, and when they
    hold no table, each following section that holds a table of the first one's shape (a family of tables under
    one lead, one per board: the same first header cell, as many columns)."""
    heads = [i for i, b in enumerate(rest) if b.kind == "heading"] + [len(rest)]
    end = rest[heads[0]].start - 1 if heads[0] < len(rest) else last
    if any(b.kind == "table" for b in rest[: heads[0]]):
        return end
    family: tuple[int, str] | None = None
    for a, z in itertools.pairwise(heads):
        shapes = {_shape(b) for b in rest[a + 1 : z] if b.kind == "table"}
        family = family or next(iter(shapes), None)
        if family is None or family not in shapes:
            break
        end = rest[z].start - 1 if z < len(rest) else last
    return end


def _shape(block: Block) -> tuple[int, str]:
    header = block.table.header if block.table is not None else []
    return len(header), (header[0].strip().lower() if header else "")
