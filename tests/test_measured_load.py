"""A serving benchmark's measured load ("Peak concurrent requests: 71", "Concurrency: 58.20", the mean in flight) is a
result of the run; the load it was set to ("Max request concurrency: 64", a whole "Concurrency: 64") stays its
setup (kv.labels.measured_load)."""

from __future__ import annotations

from ledger.parsers import extract

_BLOCK = (
    "```\n============ Serving Benchmark Result ============\n"
    "Max request concurrency:                 64\n"
    "Output token throughput (tok/s):         900.5\n"
    "Peak concurrent requests:                71\n"
    "Concurrency:                             58.20\n```\n"
)


def test_the_measured_load_lines_are_results_under_the_set_concurrency() -> None:
    got = [(c.metric, c.value, c.config.get("concurrency")) for c in extract(_BLOCK, path="t.md").claims]
    assert got == [
        ("Output token throughput (tok/s)", 900.5, "64"),
        ("Peak concurrent requests", 71.0, "64"),
        ("Concurrency", 58.2, "64"),
    ]


def test_a_whole_concurrency_is_the_setting_not_a_result() -> None:
    text = "```\nConcurrency:                             32\nOutput token throughput (tok/s):         512.0\n```\n"
    got = [(c.metric, c.config.get("concurrency")) for c in extract(text, path="t.md").claims]
    assert got == [("Output token throughput (tok/s)", "32")]
