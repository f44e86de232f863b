"""A console table's two-level header: a group row ("| S_PP t/s | S_TG t/s |") over the sides of each group
("| original | this pr |"), each group cell as wide as the sub-columns under it (issue 26, realprs9b cause 11: the
groups were dropped, so 12 values lost their metric, unit, reference and side, and the setting columns under the
blank sub-cells became claims named "256")."""

from __future__ import annotations

from pathlib import Path

from ledger.parsers import extract

FIXTURE = Path(__file__).parent / "fixtures" / "tables" / "console_group_header.md"


def test_each_group_names_its_sub_columns_and_the_base_side_is_the_reference() -> None:
    claims = extract(FIXTURE.read_text(encoding="utf-8"), path=FIXTURE.name).claims
    got = [(c.source.line, c.metric, c.value, c.unit, c.reference) for c in claims]
    assert got == [
        (10, "S_PP t/s", 88.45, "t/s", 61.2),
        (10, "S_TG t/s", 14.35, "t/s", 14.1),
        (11, "S_PP t/s", 101.3, "t/s", 70.85),
        (11, "S_TG t/s", 66.95, "t/s", 48.6),
    ]
    assert {(c.config.get("isl"), c.config.get("osl")) for c in claims} == {("256", "64")}
    assert [c.config.get("batch_size") for c in claims] == ["1", "1", "8", "8"]


def test_a_group_row_that_spans_only_some_columns_does_not_raise() -> None:
    """A line above whose borders stand on the header's but start further right ("    | S t/s |" over
    "| B | a | b |") covers only some columns: the others keep their own names."""
    text = (
        "```\n      |   S t/s   |  T s |\n|     | old | new |  x   |\n|-----|-----|-----|------|\n"
        "| 1   | 2.0 | 3.0 | 4.5  |\n```\n"
    )
    claims = extract(text, path="t.md").claims
    assert [(c.value, c.reference) for c in claims] == [(3.0, 2.0), (4.5, None)]


def test_batched_bench_cache_size_column_is_a_setting_under_a_group_row() -> None:
    """batched-bench's N_KV (the tokens the cache holds: (PP + TG) x B) is the run's size, never a result."""
    text = (
        "```\n|  PP |  TG |  B | N_KV |    S_TG t/s    |\n"
        "|     |     |    |      | before | after |\n"
        "|-----|-----|----|------|--------|-------|\n"
        "| 128 | 128 |  4 | 1024 |  52.65 | 61.32 |\n```\n"
    )
    claims = extract(text, path="t.md").claims
    assert [(c.metric, c.value, c.reference, c.config.get("batch_size")) for c in claims] == [
        ("S_TG t/s", 61.32, 52.65, "4")
    ]
