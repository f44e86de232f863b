"""Run the registered extractors over one document."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ledger.model import Claim, ParseWarning
from ledger.parsers.base import Context, RevisionScope
from ledger.parsers.document import Document, read_document
from ledger.parsers.revisions import find_revisions, named_revisions

_DIGIT_RE = re.compile(r"\d")


@dataclass
class Extraction:
    """What one document yielded: its claims, in line order, and warnings for a partial read."""

    claims: list[Claim]
    warnings: list[ParseWarning] = field(default_factory=list)
    document: Document | None = None
    scopes: list[RevisionScope] = field(default_factory=list)
    """The revision scopes the claims were read under (the ledger stores them with the version)."""


def extract(text: str, path: str | None = None, fmt: str | None = None) -> Extraction:
    """Parse `text` (markdown or a rendered-page copy) into claims with provenance."""
    from ledger.parsers.registry import EXTRACTORS

    doc = read_document(text, path, fmt)
    ctx = Context(doc=doc, path=path)
    scopes = find_revisions(doc)
    ctx.set_scopes(scopes)
    ctx.named = named_revisions(doc)
    claims: list[Claim] = []
    warnings: list[ParseWarning] = []
    # Most prose lines hold no digit, and only a few extractors can claim anything without one:
    # one pass over each block saves every numeric extractor from scanning it.
    lines = doc.lines
    has_digit = [
        _DIGIT_RE.search("\n".join(lines[b.start - 1:b.end]) if b.end > b.start else lines[b.start - 1])
        is not None
        for b in doc.blocks
    ]
    with_digit = [b for b, d in zip(doc.blocks, has_digit, strict=True) if d]
    for ext in EXTRACTORS:
        ctx.parser = f"{ext.NAME}/{ext.VERSION}"
        kinds = ext.BLOCKS
        whole_code = "code" in kinds  # it reads code blocks whole: the lines found inside them are not its
        for block in with_digit if getattr(ext, "NEEDS_DIGIT", True) else doc.blocks:
            if block.kind not in kinds or (block.start in ctx.taken and block.kind == "table") or \
                    (whole_code and block.in_code and block.kind == "text"):
                continue
            try:
                claims.extend(ext.extract(block, ctx))
            except Exception as exc:  # an extractor bug must cost one block, not the document
                warnings.append(ParseWarning(block.start, f"{ext.NAME} failed ({type(exc).__name__}: {exc})"))
    claims.sort(key=lambda c: (c.source.line, c.source.line_end))
    # the reader's warnings, then any an extractor added to doc.warnings (a value cut short), then failures
    return Extraction(claims=claims, warnings=list(doc.warnings) + warnings, document=doc, scopes=scopes)
