"""Extraction as a library call: a path in, claims out (no database)."""

from __future__ import annotations

from pathlib import Path

from ledger.ingest.sources import SourceText, read_path
from ledger.parsers import Extraction, extract


def extract_source(
    src: SourceText,
    fmt: str | None = None,
    name: str | None = None,
    engine: str | None = None,
    page: bool | None = None,
    repo: str | None = None,
) -> Extraction:
    """Claims of one text; every claim speaks for `engine` if given, else for the engine its cells name
    (ledger/ingest/engines.py). `page`: the text is a file of a repository (None: its name says, a README is);
    `repo`: the repository it belongs to."""
    from ledger.ingest.engines import stamp_engine

    result = extract(src.text, path=name or Path(src.path).name, fmt=fmt, page=page, repo=repo)
    result.warnings[:0] = src.warnings
    stamp_engine(engine, [c.__dict__ for c in result.claims])  # the claims' own fields, set in place
    return result


def extract_file(path: str, fmt: str | None = None, engine: str | None = None, page: bool | None = None) -> Extraction:
    return extract_source(read_path(path), fmt=fmt, engine=engine, page=page)
