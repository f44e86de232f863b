"""Inputs the fuzzer (fuzz/fuzz_extract.py) found, minimised, kept so the bugs stay fixed.

Each case is (minimised input, path, format) exactly as the fuzz harness ran it (its `shape()` picks the
path and format from the input's length). A finding is an exception out of `extract`, an extractor
failure the pipeline caught (a " failed (" warning: a block's claims lost to a bug), a claim whose
provenance does not point at its text, or an input that takes too long.
"""

from __future__ import annotations

import time

import pytest

from ledger.model import CLAIMS_ADAPTER
from ledger.parsers import extract
from ledger.parsers.document import split_lines

CASES: list[tuple[str, str, str | None, str | None]] = [
    # tables._column_roles: a tab-separated row with more cells than its header, two value columns and a
    # delta column past the header's end -> IndexError on the header (found in the first minutes of the run)
    ("row wider than header, delta past its end", ")\tSpeedup\nN\t\t5\t", None, "rendered"),
    ("the same as markdown", ")\tSpeedup\nN\t\t5\t", "fuzz.md", None),
    # tables._NUMERIC_CELL_RE: a number, a run of blanks, then letters too long for a unit: the pattern's
    # adjacent optional blanks split the run every way (polynomial; the fuzzer's 5.6 KB input took 22 s)
    ("blank run inside a numeric-looking cell",
     "| model | Δ |\n| --- | --- |\n| a | +5.1" + " " * 64 + "L" * 17 + " |\n", "fuzz.md", None),
    # the same pattern on a long digit run that fails at its end: split between two numbers (quadratic)
    ("digit run inside a cell", "| model | Δ |\n| --- | --- |\n| a | " + "1" * 20_000 + "! |\n", "fuzz.md", None),
]


@pytest.mark.parametrize(("why", "text", "path", "fmt"), CASES, ids=[c[0] for c in CASES])
def test_fuzz_finding_stays_fixed(why: str, text: str, path: str | None, fmt: str | None) -> None:
    start = time.process_time()
    result = extract(text, path=path, fmt=fmt)
    assert time.process_time() - start < 5, why
    assert not [w for w in result.warnings if " failed (" in w.message], result.warnings
    lines = split_lines(text)
    CLAIMS_ADAPTER.validate_python([c.model_dump() for c in result.claims])
    for c in result.claims:
        assert 1 <= c.source.line <= c.source.line_end <= len(lines)
        assert c.source.text in "\n".join(lines[c.source.line - 1:c.source.line_end])
