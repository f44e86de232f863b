"""A release page's result table read by what its headers name (reader294's ktransformers page, invented fixtures in
tests/fixtures/compare_cases/): a column headed by the prompt it ran ("hi (2)", "1K (969)") is no engine's, where one
beside it that names an engine ("llama.cpp (8 experts)") is; and a header a later version corrects ("llama.cpp (8
experts)" -> "8K (7678)") keeps its column's series whole where the numbers under it did not move."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract

CASES = Path(__file__).parent / "fixtures" / "compare_cases"


def _texts(stem: str, n: int = 2) -> list[str]:
    return [(CASES / f"{stem}_v{i}.md").read_text() for i in range(1, n + 1)]


def test_a_prompt_column_is_no_engine_and_an_engine_column_beside_it_is_its_engine() -> None:
    claims = extract(_texts("engine_typo_head")[0], path="p.md").claims
    engines = {str(c.config.get("column")): c.config.get("engine") for c in claims}
    assert engines == {"hey (4)": None, "2K (2040)": None, "llama.cpp (8 experts)": "llama.cpp"}
