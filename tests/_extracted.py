"""One extraction of each document per test process, for the tests that read every fixture and corpus document.

Six tests read them all (the goldens, the corpus scores, every extractor's precondition and marks, the claim
model's JSON form, compare's hard keys): each read every document again, about nine seconds of CPU for the
fixtures alone each time. They are marked SHARED_EXTRACTION, so that xdist runs them on one worker, and take each
document's claims from `extracted`, so that the worker extracts each text once.

The remembered claims are shared by every caller: read them, never change them (`copied` gives a caller that
changes claims its own). The cache is asked only with the registry and pipeline as shipped, never under a
monkeypatch (a patched reader's claims must not be remembered as the pipeline's)."""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

import pytest

from ledger.parsers import Extraction, extract

SHARED_EXTRACTION = pytest.mark.xdist_group("shared_extraction")
"""The tests that read every document: one worker runs them all, so that `extracted` serves them all."""


@functools.cache
def extracted(text: str, name: str) -> Extraction:
    """extract(text, path=name), remembered by text and name."""
    return extract(text, path=name)


def copied(result: Extraction) -> Extraction:
    """A copy of `result` whose claims and warning list its caller may change (extract_source stamps the engine on
    each claim in place and puts the file's warnings first)."""
    return replace(result, claims=[c.model_copy(deep=True) for c in result.claims], warnings=list(result.warnings))


def extract_remembered(text: str, path: str | None = None, **options: Any) -> Extraction:
    """`extract` as ledger.ingest.extracting calls it, a copy of the remembered extraction where no option is set
    (a format, a page, a repository: those texts are read otherwise, and anew)."""
    if path is None or any(v is not None for v in options.values()):
        return extract(text, path=path, **options)
    return copied(extracted(text, path))
