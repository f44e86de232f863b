"""A release page's result table read by what its headers name (reader294's ktransformers page, invented fixtures in
tests/fixtures/compare_cases/): a column headed by the prompt it ran ("hi (2)", "1K (969)") is no engine's, where one
beside it that names an engine ("llama.cpp (8 experts)") is; and a header a later version corrects ("llama.cpp (8
experts)" -> "8K (7678)") keeps its column's series whole where the numbers under it did not move."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ledger.compare import RevisionRef, Snapshot, compare_series
from ledger.compare.align import Row
from ledger.parsers import extract

CASES = Path(__file__).parent / "fixtures" / "compare_cases"


def _rows(texts: list[str]) -> list[Row]:
    snaps = [
        Snapshot(RevisionRef(name=f"v{n}", document="page", version=n), extract(t, path="p.md").claims)
        for n, t in enumerate(texts, 1)
    ]
    return compare_series(snaps, versions=True)


def _texts(stem: str, n: int = 2) -> list[str]:
    return [(CASES / f"{stem}_v{i}.md").read_text() for i in range(1, n + 1)]


def test_a_prompt_column_is_no_engine_and_an_engine_column_beside_it_is_its_engine() -> None:
    claims = extract(_texts("engine_typo_head")[0], path="p.md").claims
    engines = {str(c.config.get("column")): c.config.get("engine") for c in claims}
    assert engines == {"hey (4)": None, "2K (2040)": None, "llama.cpp (8 experts)": "llama.cpp"}


def test_a_header_corrected_from_an_engine_to_a_prompt_keeps_its_columns_series() -> None:
    rows = _rows(_texts("engine_typo_head"))
    assert Counter(r.overall.verdict for r in rows if r.overall is not None) == Counter({"within noise": 6})
    fixed = [r for r in rows if dict(r.key.config).get("isl") == "8050"]
    assert [[c.value if c else None for c in r.cells] for r in fixed] == [[87.3, 87.3], [11.1, 11.1]]


def test_a_number_that_moved_with_its_header_is_another_series() -> None:
    v1, v2 = _texts("engine_typo_head")
    rows = _rows([v1, v2.replace("| 87.3 |", "| 64.0 |")])
    verdicts = Counter(r.overall.verdict for r in rows if r.overall is not None)
    # (the decode cell under the corrected header did not move: one series; the prefill one did: removed and new)
    assert verdicts == Counter({"within noise": 5, "removed": 1, "new": 1})
