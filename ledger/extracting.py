"""Extraction as a library call: a path in, claims out (no database)."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import Extraction, extract
from ledger.sources import SourceText, read_path


def extract_source(src: SourceText, fmt: str | None = None, name: str | None = None) -> Extraction:
    result = extract(src.text, path=name or Path(src.path).name, fmt=fmt)
    result.warnings[:0] = src.warnings
    return result


def extract_file(path: str, fmt: str | None = None) -> Extraction:
    return extract_source(read_path(path), fmt=fmt)
