"""A results page whose next version splits its table into release sections ("Results of V<=1.4.0") and renames a
method row ("enable_tuning" then "Rounding+tuning") in the same step: the older version's series, stated without
the release, is the newer version's one series of that measure, column and remaining setup the release alone sets
apart (tests/fixtures/release_pages/renamed_method_v1..v2). Where two sections both hold such a row (two releases),
no candidate is the one: the series stays removed and new, never joined to a guess."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ledger.compare import RevisionRef, Snapshot, compare_series
from ledger.compare.align import Row
from ledger.parsers import extract

PAGES = Path(__file__).parent / "fixtures" / "release_pages"


def _rows(*texts: str) -> list[Row]:
    snaps = []
    for n, text in enumerate(texts, 1):
        claims = extract(text, path=f"renamed_method_v{n}.md").claims
        snaps.append(Snapshot(RevisionRef(name=f"v{n}", document="page", version=n), claims))
    return compare_series(snaps, versions=True)


def _page(n: int) -> str:
    return (PAGES / f"renamed_method_v{n}.md").read_text()


def _verdicts(rows: list[Row]) -> Counter[str]:
    return Counter(r.overall.verdict for r in rows if r.overall is not None)


def test_a_series_renamed_as_its_version_gained_a_release_section_is_one_series() -> None:
    rows = _rows(_page(1), _page(2))
    assert _verdicts(rows) == Counter({"within noise": 8, "new": 4})
    tuned = [
        r
        for r in rows
        if dict(r.key.config).get("model") == "mistral7b"
        and dict(r.key.config).get("quant") == "q3_k_s"
        and "tuning" in r.variant
        and "baseline" not in r.variant
    ]
    assert len(tuned) == 1
    assert [c.value if c else None for c in tuned[0].cells] == [0.6877, 0.6877]
    assert dict(tuned[0].key.config)["release"] == "<=1.4.0"
    assert "renamed" in tuned[0].steps[0].reason


def test_two_release_sections_that_both_hold_the_renamed_row_join_neither() -> None:
    both = _page(2).replace("| **Rounding+tuning** |q4_k_m|", "| **Rounding+tuning** |q3_k_s|")
    verdicts = _verdicts(_rows(_page(1), both))
    assert verdicts["removed"] == 4
    assert verdicts["new"] == 8


def test_a_row_renamed_before_the_release_sections_came_keeps_its_series_beside_a_renamed_one() -> None:
    """v1 names the plain rows "original" (a side word, under the "(100%)" row a result of its own), v2 "plain RTN",
    v3 splits the table by release and renames the tuned rows: the series are the same four pairs, none removed."""
    first = _page(1).replace("**plain RTN**", "**original**")
    verdicts = _verdicts(_rows(first, _page(1), _page(2)))
    assert verdicts["removed"] == 0
    assert verdicts["new"] == 4
