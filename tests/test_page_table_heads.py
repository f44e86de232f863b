"""A release page's result table read by what its headers name (reader294's ktransformers page, invented fixtures in
tests/fixtures/compare_cases/): a column headed by the prompt it ran ("hi (2)", "1K (969)") is no engine's, where one
beside it that names an engine ("llama.cpp (8 experts)") is; and a header a later version corrects ("llama.cpp (8
experts)" -> "8K (7678)") keeps its column's series whole where the numbers under it did not move."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from ledger.compare import RevisionRef, Snapshot, compare_series
from ledger.compare.align import Row
from ledger.parsers import extract
from ledger.vocab.setup import qualifiers
from ledger.vocab.setup_keys import HARD_KEYS, canonical_key_name
from ledger.vocab.setup_names import setup_at_release

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


@pytest.mark.parametrize(
    ("label", "experts"),
    [
        ("6 experts", "6"),
        ("KTrans (8 experts) Prefill token/s", "8"),
        ("selectively using 4 active experts", "4"),
        ("8 of 128 experts", None),  # (a router's share of a model's whole set)
        ("64 experts per layer", None),  # (the model's architecture)
    ],
)
def test_an_expert_count_is_a_runs_setup(label: str, experts: str | None) -> None:
    assert qualifiers(label).get("experts") == experts


@pytest.mark.parametrize(
    ("label", "setup"),
    [
        ("6 experts V0.2.1", {"experts": "6", "release": "v0.2.1"}),
        ("TP4 (v1.5.0)", {"tp": "4", "release": "v1.5.0"}),
        ("v1.5.0", {}),  # (a release alone: no setup beside it)
        ("V0.2.1 decode", {}),  # (a release and a part of the measure)
        ("6 experts", {}),  # (no release: setup_stated's)
    ],
)
def test_a_group_label_states_its_setup_at_one_release(label: str, setup: dict[str, str]) -> None:
    assert setup_at_release(label) == setup


def test_a_group_row_of_experts_at_a_release_is_its_rows_setup_never_their_measure() -> None:
    text = (Path(__file__).parent / "fixtures" / "release_pages" / "expert_group_rows.md").read_text()
    claims = extract(text, path="p.md").claims
    grouped = [c for c in claims if c.source.line < 17]
    assert {c.metric for c in grouped} == {"Prefill token/s", "Decode token/s"}
    runs = {(c.config.get("experts"), c.config.get("release")) for c in grouped}
    assert runs == {("4", "v1.4.0"), ("4", "v1.5.0"), ("8", "v1.5.0")}
    # (a row's own "(8 experts)" is its setup too; the row keeps its words, as "TP2 Prefill token/s" does)
    assert {c.config.get("experts") for c in claims if c.source.line > 20} == {"8", "4"}
    assert canonical_key_name("release") in HARD_KEYS
