"""Tables of two or more sides read the right way round (reader342's compare threads): an "A/B" ratio column of
times printed as a speed-up names its candidate by its numbers, whatever the title or indentation says."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers import extract


def _claims(text: str) -> list[Claim]:
    return extract(text, path="t.md").claims


def _pairs(text: str) -> list[tuple[str | None, float | None, float | None]]:
    return [(c.metric, c.value, c.reference) for c in _claims(text) if c.unit != "x"]


RATIO_OF_TIMES = (
    "# Route small-M matmuls\n\n```\n"
    "   M    mine (us)  theirs (us)  mine/theirs\n"
    "   1       2.00         5.00       2.50x  mine\n"
    "  16       6.00         4.80       0.80x  theirs\n```\n"
)


def test_a_ratio_printed_as_the_other_sides_time_over_this_ones_makes_this_side_the_candidate() -> None:
    # 5.00 / 2.00 = 2.50x: mine's speed-up over theirs, so theirs is the baseline (never the candidate)
    assert _pairs(RATIO_OF_TIMES) == [("mine", 2.0, 5.0), ("mine", 6.0, 4.8)]


def test_a_ratio_printed_as_this_sides_time_over_the_others_makes_the_other_the_candidate() -> None:
    text = RATIO_OF_TIMES.replace("2.50x", "0.40x").replace("0.80x", "1.25x")  # mine's time over theirs
    assert _pairs(text) == [("theirs", 5.0, 2.0), ("theirs", 4.8, 6.0)]


def test_a_tag_every_row_label_opens_with_leaves_each_rows_side_to_the_rest() -> None:
    text = (
        "# Cache\n\n| Version | Output (tok/s) |\n|---|---|\n"
        "| v3. main branch | 400.0 |\n| v3. this PR (30% hit rate) | 520.0 |\n"
    )
    (c,) = _claims(text)
    assert (c.metric, c.value, c.reference) == ("Output", 520.0, 400.0)
    assert c.revision is not None and c.revision.label == "this PR (30% hit rate)"


def test_a_tag_that_names_no_side_is_left_on_the_labels() -> None:
    from ledger.parsers.tables.label_prefixes import shared_tag

    assert shared_tag(["llama_8b", "llama_70b"]) == ""  # (no rest names a baseline: the labels stay whole)
    assert shared_tag(["main", "main_v2"]) == ""
    assert shared_tag(["sglang_original", "sglang_optimized"]) == "sglang_"


def test_each_variant_is_measured_against_the_base_row_of_its_own_settings() -> None:
    text = (
        "# Tune\n\n| Config | Concurrency | Output tok/s |\n|---|---|---|\n"
        "| new_v2 | 4 | 33.0 |\n| new | 4 | 31.0 |\n| original | 4 | 25.0 |\n"
        "| new_v2 | 16 | 93.0 |\n| new | 16 | 90.0 |\n| original | 16 | 70.0 |\n"
    )
    got = [(c.value, c.reference, c.config.get("concurrency")) for c in _claims(text)]
    assert got == [(33.0, 25.0, "4"), (31.0, 25.0, "4"), (93.0, 70.0, "16"), (90.0, 70.0, "16")]


GRID = "# Kernel\n\n### heads=8\n\n| sl | bs=1 | bs=8 |\n|---|---|---|\n| 4K | {a} | {b} |\n| 16K | {c} | {d} |\n"


def test_a_grid_of_settings_over_ratios_is_measured_in_speed_ups_never_by_its_coordinates() -> None:
    got = [
        (c.metric, c.config.get("isl"), c.config.get("batch_size"))
        for c in _claims(GRID.format(a=1.4, b=1.2, c=1.9, d=0.9))
    ]
    assert got == [("speedup", "4K", "1"), ("speedup", "4K", "8"), ("speedup", "16K", "1"), ("speedup", "16K", "8")]


def test_a_grid_of_settings_over_other_numbers_is_no_speed_up() -> None:
    assert all(c.metric != "speedup" for c in _claims(GRID.format(a=120.5, b=98.0, c=300.1, d=250.0)))


def test_a_heading_after_the_results_gives_its_machine_to_its_own_section_alone() -> None:
    text = GRID.format(a=1.4, b=1.2, c=1.9, d=0.9) + "\n### End to end (B300)\n\nNext comment.\n"
    assert all("gpu" not in c.config for c in _claims(text))
