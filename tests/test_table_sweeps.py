"""A table whose header row is a sweep: bare numbers over the columns ("|  | 1 | 2 | 4 |") with the sides or setups
as rows. The numbers are the values of one setting, named by the corner cell or by the words above the table that
name what was swept ("for batch sizes 1 to 8"); never a measure called "2". Found as reader batch 17's
llama.cpp#27828 (three grids of batch sizes 1..8 under master / PR rows, 48 values named "1".."8")."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers import extract


def _claims(text: str) -> list[Claim]:
    return extract(text, path="t.md").claims


def _rows(text: str) -> list[tuple[float | None, float | None, str | None, str | None]]:
    return [(c.value, c.reference, c.metric, c.config.get("batch_size")) for c in _claims(text)]


GRID = "|        | 1 | 2 | 4 |\n|---|---|---|---|\n| master | 90.5 | 170.0 | 230.2 |\n| PR | 91.0 | 182.4 | 251.7 |\n"


def test_the_sweep_the_prose_names_is_the_header_rows_setting() -> None:
    text = (
        f"# Faster small-batch decode\n\nTimed with one RTX 3090, decode speed in t/s for batch sizes 1 to 4.\n\n{GRID}"
    )
    got = _rows(text)
    assert [g[3] for g in got] == ["1", "2", "4"]
    assert [g[:2] for g in got] == [(91.0, 90.5), (182.4, 170.0), (251.7, 230.2)]
    # the measure comes from the words that state it, the unit's, never the column's number
    assert {g[2] for g in got} == {"throughput"}
    assert {c.unit for c in _claims(text)} == {"t/s"}


def test_the_corner_cell_names_the_header_rows_setting_not_the_rows() -> None:
    text = "# Faster small-batch decode\n\n" + GRID.replace("|        |", "| batch size |", 1)
    got = _rows(text)
    # "batch size" in the corner is what the numbers across are; the rows are sides, never "batch size PR"
    assert [g[3] for g in got] == ["1", "2", "4"]
    assert all(not (g[2] or "").strip().isdigit() for g in got)


def test_a_sweep_named_in_the_overview_reaches_the_grids_under_later_headings() -> None:
    text = (
        "# Decode kernel for old boards\n\n## Overview\n\nThe new path wins at every batch size up to 4.\n\n"
        "## Numbers\n\nOne P100, 150 W cap.\n\n### Q4_0\n\n" + GRID + "\n### Q8_0\n\n" + GRID
    )
    got = _claims(text)
    assert [c.config.get("batch_size") for c in got] == ["1", "2", "4"] * 2
    assert [c.config.get("quant") for c in got] == ["q4_0"] * 3 + ["q8_0"] * 3
    assert all(c.config.get("gpu") == "1xP100" for c in got)  # "One P100": one board, counted
    assert all(not (c.metric or "").isdigit() for c in got)


def test_a_sweep_nothing_names_keeps_its_numbers_as_columns_and_names_no_setting() -> None:
    text = "# Faster small-batch decode\n\nSpeed in t/s:\n\n" + GRID
    got = _claims(text)
    assert [c.config.get("column") for c in got] == ["1", "2", "4"]
    assert all(c.config.get("batch_size") is None and c.metric == "throughput" for c in got)


def test_two_settings_named_above_leave_the_axis_unnamed() -> None:
    # "batch sizes" and "concurrency" both stated: which one the numbers are is not said, so neither is guessed
    text = "# Sweep\n\nBatch sizes and concurrency both varied; t/s below.\n\n" + GRID
    assert all(c.config.get("batch_size") is None and c.config.get("concurrency") is None for c in _claims(text))


def test_a_concurrency_sweep_under_a_heading_that_names_it() -> None:
    text = "# Sched change\n\n### Output throughput (tok/s) by concurrency\n\n" + GRID.replace("master", "main")
    got = _claims(text)
    assert [c.config.get("concurrency") for c in got] == ["1", "2", "4"]
    assert {c.metric for c in got} == {"Output throughput"}


def test_a_year_or_a_model_size_header_is_no_sweep_of_a_setting() -> None:
    text = (
        "# Sizes\n\nBatch size 8 everywhere.\n\n| model | 7 | 13 | 70 |\n|---|---|---|---|\n"
        "| main | 1.0 | 2.0 | 3.0 |\n| PR | 1.1 | 2.1 | 3.1 |\n"
    )
    # a stated batch size of 8 is the whole text's: the columns are not batch sizes 7, 13, 70
    assert {c.config.get("batch_size") for c in _claims(text)} == {"8"}


def test_side_columns_over_rows_of_a_setting_name_no_measure_after_a_side() -> None:
    text = (
        "# Sched change\n\n| concurrency | master | PR |\n|---|---|---|\n| 1 | 101.5 | 102.0 |\n| 2 | 180.2 | 195.4 |\n"
    )
    got = [(c.metric, c.value, c.reference, c.config.get("concurrency")) for c in _claims(text)]
    assert got == [("value", 102.0, 101.5, "1"), ("value", 195.4, 180.2, "2")]


def test_a_header_of_depths_over_one_row_of_results_is_a_sweep_not_the_measure() -> None:
    """ "| 0 | 4 K | 16 K | 64 K |" over one row of gains: each column a context length ("4 K" is 4K), never the
    claim's measure (a measure called "4 K" would be one of a kind in every comparison)."""
    from pathlib import Path

    path = Path(__file__).parent / "fixtures" / "tables" / "depth_header_one_row.md"
    claims = _claims(path.read_text(encoding="utf-8"))
    assert [(c.value, c.config.get("isl")) for c in claims] == [(0.8, "0"), (1.4, "4K"), (3.1, "16K"), (6.2, "64K")]
    assert not any(c.metric in ("0", "4 K", "16 K", "64 K") for c in claims)


CUT = (
    "# Bump kernels\n\n[turn 0 by someone, continued]\n| kernels | layout | 1 | 2 | 4 | 8 |\n"
    "| --- | --- | --- | --- | --- | --- |\n"
    "| 1.2.0 | dep8 | 10.2 | 19.5 | 35.1 | 60.3 |\n| 1.3.0 | dep8 | 10.4 | 19.9 | 35.6 | 61.0 |\n"
)


def test_a_row_named_by_its_setup_under_an_unnamed_sweep_names_no_measure() -> None:
    # (a chunk cut from the heading that said what the table measured: "dep8" is its layout, "1" its column)
    got = _claims(CUT)
    assert len(got) == 8
    assert {c.metric for c in got} == {"value"}
    assert all(c.config.get("dp") == "8" and c.config.get("ep") == "8" for c in got)
    assert "concurrency" not in got[0].config  # (nothing says what the numbers are: an unnamed axis)


def test_doubling_numbers_over_a_speed_nothing_names_are_concurrencies() -> None:
    got = _claims(CUT.replace("[turn 0 by someone, continued]", "## Output throughput (tok/s)\n"))
    assert [c.config.get("concurrency") for c in got[:4]] == ["1", "2", "4", "8"]
    assert {c.metric for c in got} == {"Output throughput"}
    # a ratio over the same numbers is no speed of a load
    ratio = "# x\n\n## Speed-up\n\n| model | 1 | 2 | 4 |\n| --- | --- | --- | --- |\n| Qwen3-8B | 1.2x | 1.1x | 1.0x |"
    assert all("concurrency" not in c.config for c in _claims(ratio))
