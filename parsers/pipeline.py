"""Run the registered extractors over one document."""

from __future__ import annotations

from dataclasses import dataclass, field

from ledger.model import Claim
from parsers.base import Context
from parsers.document import Document, read_document
from parsers.revisions import find_revisions


@dataclass
class Extraction:
    """What one document yielded: its claims, in line order, and warnings for a partial read."""

    claims: list[Claim]
    warnings: list[str] = field(default_factory=list)
    document: Document | None = None


def extract(text: str, path: str | None = None, fmt: str | None = None) -> Extraction:
    """Parse `text` (markdown or a rendered-page copy) into claims with provenance."""
    from parsers.registry import EXTRACTORS

    doc = read_document(text, path, fmt)
    ctx = Context(doc=doc, path=path)
    ctx.set_scopes(find_revisions(doc))
    claims: list[Claim] = []
    warnings: list[str] = []
    for ext in EXTRACTORS:
        ctx.parser = f"{ext.NAME}/{ext.VERSION}"
        for block in doc.blocks:
            if block.kind not in ext.BLOCKS or (block.start in ctx.taken and block.kind == "table"):
                continue
            try:
                claims.extend(ext.extract(block, ctx))
            except Exception as exc:  # an extractor bug must cost one block, not the document
                warnings.append(f"line {block.start}: {ext.NAME} failed ({type(exc).__name__}: {exc})")
    claims.sort(key=lambda c: (c.source.line, c.source.line_end))
    # the reader's warnings, then any an extractor added to doc.warnings (a value cut short), then failures
    return Extraction(claims=claims, warnings=list(doc.warnings) + warnings, document=doc)
