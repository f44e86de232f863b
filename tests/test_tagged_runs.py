"""A run list printing its unit once after the last run ("A1 301.4, B1 318.9, and A2 300.8 tok/s"): every tagged
run's value is in that unit (prose.sibling_units.tagged_runs)."""

from __future__ import annotations

from ledger.parsers.prose.sibling_units import tagged_runs


def test_a_run_list_prints_its_unit_once_for_every_tagged_run() -> None:
    text = "results were A1 301.4, B1 318.9, and A2 300.8 tok/s"
    out = [
        {"start": text.index(v), "end": text.index(v) + len(v), "unit": u, "metric": m}
        for v, u, m in (("301.4", None, "x"), ("318.9", None, "x"), ("300.8", "tok/s", "throughput"))
    ]
    tagged_runs(out, text)
    assert [c["unit"] for c in out] == ["tok/s"] * 3
    plain = "sizes were 4, 8 and 16 GiB"  # (no run tags: a list of settings keeps its own reading)
    out = [
        {"start": plain.index(v), "end": plain.index(v) + len(v), "unit": u, "metric": None}
        for v, u in (("4", None), ("8", None))
    ]
    tagged_runs(out, plain)
    assert [c["unit"] for c in out] == [None, None]
