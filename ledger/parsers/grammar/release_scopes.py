"""The release a page's data was measured on, where the page says so: a release page keeps its tables across
versions, and a sentence tells which release measured them.

    ## Peak Throughput
    All data was generated using version 0.9.0          v0.9.0 holds from here to the end of "Peak Throughput"
    ### L40S GPUs (FP8)<sup>*</sup>
    <sup>* The following data is from v0.5.</sup>       v0.5 holds over the L40S table (the later scope wins)

A statement holds over the rest of its section: up to the next heading of its section's level or above (in a
rendered copy, whose headings have no levels, the next heading).
"""

from __future__ import annotations

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.reader.blocks import Document
from ledger.vocab.releases import release_label


def release_scopes(doc: Document) -> list[RevisionScope]:
    """One scope per sentence naming the release its section's data was measured on."""
    out: list[RevisionScope] = []
    level = 0  # the level of the section the walk is in (0: above every heading)
    for k, b in enumerate(doc.blocks):
        if b.kind == "heading" and not b.in_code:
            level = b.level
            continue
        if b.kind != "text" or b.in_code or (label := release_label(b.text)) is None:
            continue
        end = next(
            (
                h.start - 1
                for h in doc.blocks[k + 1 :]
                if h.kind == "heading" and not h.in_code and (h.level <= level or doc.format != "markdown")
            ),
            len(doc.lines),
        )
        out.append(RevisionScope(start=b.start, end=end, revision=Revision(label=label)))
    return out
