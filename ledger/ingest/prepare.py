"""One text into a version ready to store: the library step ingest (files) and fetch (GitHub's texts)
both call, so a text parses to the same claims, sections and revisions whichever way it came in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ledger.db import DocumentIdentity, PreparedVersion
    from ledger.ingest.sources import SourceText


def parser_version() -> str:
    """The extractor registry as 'name/version;...': what produced a version's claims."""
    from ledger.parsers.registry import EXTRACTORS

    return ";".join(f"{e.NAME}/{e.VERSION}" for e in EXTRACTORS)


def prepare_version(
    src: SourceText,
    identity: DocumentIdentity,
    parser_version: str,
    *,
    fmt: str | None = None,
    name: str | None = None,
    source_path: str | None = None,
) -> PreparedVersion:
    """Parse one text into a PreparedVersion (claims, sections, revision lines, warnings); no database.

    Shared by `ingest` (files) and `fetch` (GitHub's descriptions, comments and reviews). Parser errors
    propagate: the caller decides what one failed document costs.
    """
    from ledger.db import PreparedVersion
    from ledger.identity import names_a_repository_file
    from ledger.ingest.extracting import extract_source

    # (a file of a repository reads as a page; other names as their file name says, a pull request's as one)
    page = True if names_a_repository_file(identity.key, identity.repo_path) else None
    extraction = extract_source(src, fmt=fmt, name=name, page=page, repo=identity.repo)
    doc = extraction.document
    sections: list[tuple[int, str, int, str, Sequence[str]]] = []
    revisions: list[tuple[str | None, str | None, str | None, int | None, int | None]] = []
    if doc is not None:
        sections = [
            (b.start, b.kind, b.level, b.text, b.section) for b in doc.blocks if b.kind in ("heading", "comment")
        ]
        revisions = [
            (s.revision.label, s.revision.head, s.revision.base, s.start, s.end) for s in extraction.scopes
        ]  # the pipeline's own scan, not a second one
    from ledger.ingest.engines import stamp_engine

    claims = [c.to_json_dict() for c in extraction.claims]
    identity.engine = stamp_engine(identity.engine, claims)  # the document's engine, on its claims
    return PreparedVersion(
        identity=identity,
        sha256=src.sha256,
        text=src.text,
        parser_version=parser_version,
        claims=claims,
        format=doc.format if doc is not None else fmt,
        source_path=source_path,
        sections=sections,
        revisions=revisions,
        warnings=list(extraction.warnings),
    )
