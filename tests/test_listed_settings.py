"""A heading's settings listed after commas ("## H100, K=4096, N=128", "### Speedup, heads=64").

See grammar.heading_setup.listed_settings.
"""

from __future__ import annotations

from ledger.parsers.grammar.heading_setup import listed_settings, section_heading_setup


def test_listed_shape_is_the_sections_setup() -> None:
    values = section_heading_setup("H100, K=4096, N=128")
    assert values["gpu"] == "H100" and values["dim_k"] == "4096" and values["dim_n"] == "128"


def test_measure_keeps_its_name_without_the_setting() -> None:
    assert listed_settings("Speedup, heads=64") == ("Speedup", {"heads": "64"})


def test_a_part_that_is_no_setting_leaves_the_heading_whole() -> None:
    assert listed_settings("Results, n=3 runs") == ("Results, n=3 runs", {})
    assert listed_settings("Qwen3-8B, acc=0.91") == ("Qwen3-8B, acc=0.91", {})
    # (a parenthesis's list is the bracket reader's)
    assert listed_settings("Accuracy (mmlu, N=120, greedy)")[1] == {}


def test_hostile_list_is_linear() -> None:
    title = ", ".join(["a=1"] * 60) + ", " + "x" * 5000
    assert listed_settings(title)[1] == {}
