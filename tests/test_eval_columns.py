"""The score columns of evals no metric name lists, typed by the known eval beside them (tables.eval_columns)."""

from __future__ import annotations

from ledger.parsers import extract


def _kinds(table: str) -> dict[str, str]:
    return {c.config.get("column", ""): c.kind for c in extract(table).claims}


_HEAD = "| Build | GPQA | Zephyrus |\n|---|---|---|\n"


def test_a_column_of_scores_beside_a_known_eval_is_an_accuracy() -> None:
    assert _kinds(_HEAD + "| fp8 | 61.2 | 44.0 |\n") == {"GPQA": "accuracy", "Zephyrus": "accuracy"}


def test_a_column_past_the_score_range_or_with_a_unit_stays_what_it_was() -> None:
    assert _kinds(_HEAD + "| fp8 | 61.2 | 2410 |\n")["Zephyrus"] == "perf"
    assert _kinds(_HEAD + "| fp8 | 61.2 | 44.0 ms |\n")["Zephyrus"] == "perf"


def test_a_table_that_also_measures_speed_lends_no_kind() -> None:
    table = "| Build | GPQA | Zephyrus | Decode tok/s |\n|---|---|---|---|\n| fp8 | 61.2 | 44.0 | 2410 |\n"
    assert _kinds(table)["Zephyrus"] == "perf"


def test_no_known_eval_no_inference() -> None:
    assert _kinds("| Build | Zephyrus | Boreas |\n|---|---|---|\n| fp8 | 44.0 | 51.5 |\n")["Zephyrus"] == "perf"
