"""A group row that names a data set ("| **GSM8K** | | |" over the rows measured on it) is the dataset of the rows
under it (the task of an accuracy), never a word of their measure; a group row that names a statistic ("| **p99** |
| |") names the measure of every cell under it, a cell paired with its baseline column too (reader273 cause 2: the
Base/Suffix pairs of a speculative-decoding page lost the group, so five datasets' TPOT rows were one series, and a
page whose groups swap places between versions paired one dataset's runs with another's)."""

from __future__ import annotations

from pathlib import Path

from ledger.api import Ledger
from ledger.parsers import extract
from ledger.targets import run_compare

CASES = Path(__file__).parent / "fixtures" / "compare_cases"


def test_a_group_row_naming_a_data_set_is_the_dataset_of_its_rows() -> None:
    text = (CASES / "dataset_groups_v1.md").read_text(encoding="utf-8")
    claims = extract(text, path="dataset_groups_v1.md").claims
    got = {(c.source.line, c.config.get("dataset")) for c in claims}
    assert got == {(10, "mbpp"), (11, "mbpp"), (13, "gsm8k"), (14, "gsm8k")}
    # (the measure is the column's, whichever set it ran on)
    assert {c.metric for c in claims} == {"TPOT", "Draft TPS", "Accept Rate"}, {c.metric for c in claims}
    assert [c.reference for c in claims if c.source.line == 13 and c.metric == "TPOT"] == [21.6]


def test_groups_that_swap_places_between_versions_keep_their_own_series(tmp_path: Path) -> None:
    v1, v2 = (str(CASES / f"dataset_groups_v{n}.md") for n in (1, 2))
    result = run_compare([v1, v2], book=Ledger(tmp_path / "none.db"))
    verdicts = [r.overall.verdict for r in result.rows if r.overall is not None]
    assert verdicts and all(v == "within noise" for v in verdicts), verdicts


def test_a_statistic_group_names_the_paired_cells_under_it_too() -> None:
    text = (
        "| Concurrency | Base TTFT(ms) | Patched TTFT(ms) |\n|---|---|---|\n"
        "| **median** | | |\n| 16 | 120.0 | 101.0 |\n| **p99** | | |\n| 16 | 410.0 | 388.0 |\n"
    )
    claims = extract(text, path="t.md").claims
    assert [(c.metric, c.value, c.reference) for c in claims] == [
        ("median TTFT", 101.0, 120.0),
        ("p99 TTFT", 388.0, 410.0),
    ]
