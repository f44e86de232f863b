"""tests/_extracted.py: the extraction the tests that read every document share is the pipeline's own, a caller's
copy is its own, and every test taking it runs in its xdist group (on another worker it would extract all again)."""

from __future__ import annotations

import ast
from pathlib import Path

from _extracted import copied, extract_remembered, extracted

from ledger.parsers import extract

TESTS = Path(__file__).parent
TEXT = "# Results\n\n| model | gsm8k |\n|---|---|\n| Qwen3-8B | 91.2 |\n\nDecode went from 41.2 to 38.9 ms.\n"


def test_a_remembered_extraction_is_the_pipelines_and_is_made_once() -> None:
    first = extracted(TEXT, "shared.md")
    assert first.claims and first.claims == extract(TEXT, path="shared.md").claims
    assert extracted(TEXT, "shared.md") is first
    assert extracted(TEXT, "other.md") is not first  # (the name is the document's: a claim's source path)


def test_a_copy_can_be_changed_without_changing_what_is_remembered() -> None:
    mine = copied(extracted(TEXT, "shared.md"))
    mine.claims[0].engine = "vLLM"
    mine.warnings.append(mine.warnings[0] if mine.warnings else None)  # type: ignore[arg-type]
    again = extracted(TEXT, "shared.md")
    assert again.claims[0].engine is None and None not in again.warnings
    assert extract_remembered(TEXT, path="shared.md").claims == again.claims


def test_an_option_is_read_anew() -> None:
    assert (
        extract_remembered(TEXT, path="README.md", page=True).claims
        == extract(TEXT, path="README.md", page=True).claims
    )


def _takers() -> dict[str, list[str]]:
    """Each test that takes the shared extraction (calls `extracted` or `extract_remembered`, itself or through
    functions of its module), and its marks with its module's."""
    found: dict[str, list[str]] = {}
    for path in sorted(TESTS.glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if "_extracted" not in text or path.name == Path(__file__).name:
            continue
        tree = ast.parse(text)
        functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
        calls = {name: {n.id for n in ast.walk(f) if isinstance(n, ast.Name)} for name, f in functions.items()}
        takes = {
            a.asname or a.name
            for n in tree.body
            if isinstance(n, ast.ImportFrom) and n.module == "_extracted"
            for a in n.names
            if a.name in ("extracted", "extract_remembered")
        }
        grown = True
        while grown:  # a function calling one that takes it takes it too
            more = {name for name, names in calls.items() if names & takes} - takes
            takes |= more
            grown = bool(more)
        module = [
            ast.unparse(n.value)
            for n in tree.body
            if isinstance(n, ast.Assign) and ast.unparse(n).startswith("pytestmark")
        ]
        for name, f in functions.items():
            if name.startswith("test_") and name in takes:
                found[f"{path.name}::{name}"] = [ast.unparse(d) for d in f.decorator_list] + module
    return found


def test_every_test_taking_the_shared_extraction_runs_in_its_group() -> None:
    takers = _takers()
    assert len(takers) >= 6, takers
    loose = [name for name, marks in takers.items() if not any("SHARED_EXTRACTION" in m for m in marks)]
    assert not loose, f"mark these @SHARED_EXTRACTION (tests/_extracted.py): {loose}"
