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


DASH_GROUPS = Path(__file__).parent / "fixtures" / "tables" / "dash_group_header.md"


def test_a_dash_in_a_group_row_continues_the_group_to_its_left() -> None:
    """ "| - | - | modelA | - | - |" over "| task | split | kv bf16 | kv fp8 | kv int4 |" (reader252 cause 2: the
    dashes were read as column names and the second header row was dropped, so no cell kept its model or cache)."""
    claims = extract(DASH_GROUPS.read_text(encoding="utf-8"), path=DASH_GROUPS.name).claims
    got = [(c.metric, c.value, c.reference, c.config.get("model"), c.config.get("kv_cache")) for c in claims]
    # (each group's kv bf16 column is the reference of its quantized siblings, and of no other group's)
    assert got[:4] == [
        ("arc-c / acc", 60.9, 61.2, "qwen2-7b-instruct", "fp8"),
        ("arc-c / acc", 59.8, 61.2, "qwen2-7b-instruct", "int4"),
        ("arc-c / acc", 70.1, 70.4, "gemma-2-9b-it", "fp8"),
        ("arc-c / acc", 69.5, 70.4, "gemma-2-9b-it", "int4"),
    ]
    assert len(claims) == 8 and all(c.config.get("column") != "-" for c in claims)
    # the dash under "split" is a missing label cell: it names nothing, and the metric takes no column's name
    assert {c.metric for c in claims} == {"arc-c / acc", "piqa / dev / acc"}


def test_a_dash_over_a_row_of_values_is_no_group() -> None:
    """A one-row header: the row under it holds values (a dash among them is a missing one), so nothing folds."""
    text = "| task | qwen2-7b-instruct | - |\n|---|---|---|\n| arc-c | 61.2 | - |\n| piqa | 77.0 | 76.8 |\n"
    claims = extract(text, path="t.md").claims
    assert [c.value for c in claims] == [61.2, 77.0, 76.8]
