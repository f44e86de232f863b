"""A table of one value per row whose row labels name a side and a measure ("| main decode tok/s | 470.1 |" over
"| PR decode tok/s | 512.4 |", as bench and eval bots print them): a side's row is the reference of the other
side's row of the same measure only, never of every row under it, and the side word is no revision
(tables.side_rows.measure_sides)."""

from __future__ import annotations

from ledger.parsers import extract

_BOT = (
    "## Bench bot report\n\n| measure | value |\n|---|---|\n"
    "| branch prefill tok/s | 7120.5 |\n| baseline prefill tok/s | 6800.0 |\n| branch decode tok/s | 415.2 |\n"
    "| ratio vs baseline | 1.05x |\n| draft tokens accepted | 2.75 |\n| main TTFT (ms) | 88.0 |\n"
    "| PR TTFT (ms) | 81.5 |\n| commit | `5f0e7d21c` |\n"
)


def _values(text: str) -> dict[float, tuple[float | None, str | None, str | None]]:
    out = {}
    for c in extract(text, path="t.md").claims:
        if c.value is not None:
            rev = c.revision
            out[c.value] = (c.reference, c.metric, rev.label if rev and not rev.head else None)
    return out


def test_a_side_row_is_the_reference_of_the_other_sides_row_of_the_same_measure_only() -> None:
    got = _values(_BOT)
    assert got[7120.5][0] == 6800.0
    assert got[81.5][0] == 88.0
    assert [got[v][0] for v in (415.2, 1.05, 2.75)] == [None, None, None]
    assert 6800.0 not in got and 88.0 not in got  # (each base value is its twin's reference)


def test_the_side_word_is_taken_off_the_measure_and_names_no_revision() -> None:
    got = _values(_BOT)
    assert "branch" not in (got[7120.5][1] or "").lower() and "prefill" in (got[7120.5][1] or "")
    assert "pr" not in (got[81.5][1] or "").lower().split()
    assert {got[v][2] for v in (7120.5, 415.2, 81.5)} == {None}  # (all rows on the commit row's head)


def test_a_side_at_the_labels_end_pairs_as_well_and_a_comparison_is_no_side() -> None:
    text = (
        "| metric | value |\n|---|---|\n| decode tok/s (main) | 300.0 |\n| decode tok/s (this PR) | 330.0 |\n"
        "| speedup vs main | 1.10x |\n| peak memory GiB | 21.5 |\n"
    )
    got = _values(text)
    assert got[330.0][0] == 300.0
    assert got[1.10][0] is None and got[21.5][0] is None


def test_rows_of_one_side_alone_pair_nothing() -> None:
    text = "| metric | value |\n|---|---|\n| PR decode tok/s | 330.0 |\n| PR prefill tok/s | 9100.0 |\n"
    assert [r for r, _, _ in _values(text).values()] == [None, None]


def test_the_commit_row_of_a_value_column_names_the_run_by_its_sha_not_by_the_word_value() -> None:
    revs = {(c.revision.label, c.revision.head) for c in extract(_BOT, path="t.md").claims if c.revision}
    assert revs == {("5f0e7d21c", "5f0e7d21c")}
