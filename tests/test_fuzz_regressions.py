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
from ledger.parsers.reader.document import split_lines

CASES: list[tuple[str, str, str | None, str | None]] = [
    # table_roles.column_roles: a tab-separated row with more cells than its header, two value columns and a
    # delta column past the header's end -> IndexError on the header (found in the first minutes of the run)
    ("row wider than header, delta past its end", ")\tSpeedup\nN\t\t5\t", None, "rendered"),
    ("the same as markdown", ")\tSpeedup\nN\t\t5\t", "fuzz.md", None),
    # table_cells._NUMERIC_CELL_RE: a number, a run of blanks, then letters too long for a unit: the pattern's
    # adjacent optional blanks split the run every way (polynomial; the fuzzer's 5.6 KB input took 22 s)
    (
        "blank run inside a numeric-looking cell",
        "| model | Δ |\n| --- | --- |\n| a | +5.1" + " " * 64 + "L" * 17 + " |\n",
        "fuzz.md",
        None,
    ),
    # the same pattern on a long digit run that fails at its end: split between two numbers (quadratic)
    ("digit run inside a cell", "| model | Δ |\n| --- | --- |\n| a | " + "1" * 20_000 + "! |\n", "fuzz.md", None),
    # formats.commits: a tab table whose header joins a later line's shas ("result<br/>Final head (13c21f460b, ...)")
    # claimed them on the header's line with the joined cell as its text, which that line does not print
    # (test_robustness's hypothesis run, session 38)
    (
        "sha of a joined header on its own line",
        "check\tresult\ncheck\tresult\ncheck\tresult\nFinal head (13c21f460b, rebased on main af3e5eb257):\n"
        "\t\t\t| mean TTFT (ms) | 84.3 | 78.1 | −7.37 % |\n",
        "fuzz.md",
        None,
    ),
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
        assert c.source.text in "\n".join(lines[c.source.line - 1 : c.source.line_end])


def test_the_fuzzers_hostile_seeds_hold() -> None:
    """The shapes issue 14's attacker used are seeds of the fuzzer; each passes its whole check as it stands."""
    import importlib.util
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "fuzz" / "fuzz_extract.py"
    spec = importlib.util.spec_from_file_location("fuzz_extract", script)
    assert spec is not None and spec.loader is not None
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    seeds = fuzz.hostile_seeds()
    assert len(seeds) >= 10 and any(s.startswith(b"gsm8k 1.5 1.5") for s in seeds)
    for data in seeds:
        fuzz.check(data)  # raises a Finding (or the escaping exception) when a property breaks


SUPPORT_PROSE_CUTS: list[tuple[str, str | None, str | None]] = [
    # issue 14's 30-minute atheris run: 27 findings, all this one bug; two shapes, minimised (from 6.5 and 4.3 KB)
    (
        "Row in e table: KimiK3ForConditionalGeneration and KimiLinearForCausalLM (footnote: Bla, Molmo, "
        "PaliGemma, InternVL, Voxtral. 'Sliding Window Attention' column in the\ufffdey-9    \nT",
        "fuzz.md",
        "rendered",
    ),
    (
        "confirmed in e table: Deepsencurrent requests:                1000.00   \nTotal token throughput (tok/s):"
        "          3733.19   \n---------------Time to First Token----------------      \nand SForC",
        None,
        None,
    ),
]


@pytest.mark.parametrize(("text", "path", "fmt"), SUPPORT_PROSE_CUTS, ids=["one line", "three lines"])
def test_support_prose_text_cut_at_a_newline_stays_in_its_lines(text: str, path: str | None, fmt: str | None) -> None:
    result = extract(text, path=path, fmt=fmt)
    lines = split_lines(text)
    assert result.claims
    for c in result.claims:
        assert c.source.text in "\n".join(lines[c.source.line - 1 : c.source.line_end]), (c.parser, c.source.text)
