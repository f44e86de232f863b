"""A table's caption or sub-heading that names a statistic of the latencies under it ("Mean latency (ms):", "P99
(ms)", "**Median**", "### P90 latency") names each latency cell by it, as a column "Mean TTFT (ms)" would; a rate
beside them, a cell with a statistic of its own and a statistic of runs ("Median of 3 runs:") take nothing
(tables.frame_stats, vocab.run_stats.caption_stat)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers.grammar.lead_ins import lead_in_setup
from ledger.parsers.pipeline import extract
from ledger.parsers.tables.frame_stats import frame_statistic
from ledger.vocab.metrics import normalise_metric
from ledger.vocab.run_stats import caption_stat

FIX = Path(__file__).parent / "fixtures" / "tables" / "statistic_caption_measures.md"


def _named() -> dict[tuple[int, float], str]:
    claims = extract(FIX.read_text(encoding="utf-8"), path=FIX.name).claims
    return {(c.source.line, c.value or 0.0): normalise_metric(c.metric, c.kind).name for c in claims}


def test_each_latency_under_a_statistic_caption_is_that_statistic_and_nothing_else_is() -> None:
    named = _named()
    assert named[(11, 52.4)] == "mean ttft" and named[(11, 8.8)] == "mean itl"
    assert named[(11, 861.0)] == "output throughput"  # (a rate beside the latencies: no mean of it is stated)
    assert named[(18, 131.7)] == "p99 ttft"
    assert named[(25, 49.0)] == "p50 ttft" and named[(25, 11.2)] == "p99 tpot"  # (its own column's P99 stays)
    assert named[(46, 91.5)] == "p90 ttft"  # ("### P90 latency" over rows of measures)
    assert named[(40, 50.1)] == "ttft"  # ("Median of 3 runs:": the runs' statistic, no request percentile)


def test_the_caption_is_the_unit_of_cells_that_print_none_and_no_variant() -> None:
    claims = [c for c in extract(FIX.read_text(encoding="utf-8"), path=FIX.name).claims if c.source.line == 18]
    assert {c.unit for c in claims} == {"ms"}
    assert not any("variant" in c.config for c in claims)  # ("P99 (ms)" over the table names no arm)
    assert lead_in_setup("P99 (ms)", colon=False) == {} and lead_in_setup("**Median:**") == {}


@pytest.mark.parametrize(
    ("caption", "want"),
    [
        ("Mean latency (ms)", ("Mean", "ms")),
        ("P99 (ms)", ("P99", "ms")),
        ("Median", ("Median", None)),
        ("Latency, p99 (ms)", ("p99", "ms")),
        ("P90 latencies in ms", ("P90", "ms")),
        ("Median of 3 runs", None),
        ("Mean TTFT (ms)", None),  # (a measure's own caption: the measure's reader names it)
        ("Mean throughput over the runs", None),
    ],
)
def test_a_statistic_caption_is_read_whole(caption: str, want: tuple[str, str | None] | None) -> None:
    assert caption_stat(caption) == want


def test_a_statistic_in_a_rate_or_in_the_page_title_names_no_latency() -> None:
    assert frame_statistic("P99 (tok/s):", ["Title"]) is None
    assert frame_statistic("", ["P99"]) is None  # (the page's title heads everything, no one table)
    found = frame_statistic("Results below:", ["Title", "2. P99 latency"])
    assert found is not None and found.stat == "P99"
