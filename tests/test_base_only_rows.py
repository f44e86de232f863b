"""A before/after row whose candidate cell is a dash or empty ("| Q6_K | 98 | - | - |"): the baseline was measured
and the candidate was not; the measured value is still a claim, on the base side, with no reference."""

from __future__ import annotations

from ledger.parsers import extract

_TABLE = """\
**Before**: 1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b
**After**: 9f8e7d6c5b4a39281706f5e4d3c2b1a098765432

## Decode speed in tokens per second

| model | quant | before | after | speedup |
|---|---|---|---|---|
| Wren-1B | Q4_K | 120 | 150 | 1.25x |
| Wren-1B | Q6_K | 98 | - | - |
| Wren-1B | F16 | 61 |  |  |
"""


def test_a_row_measured_on_the_base_side_alone_keeps_its_value_on_that_side() -> None:
    claims = [c for c in extract(_TABLE, path="x.md").claims if c.kind == "perf" and c.unit != "x"]
    got = {c.value: (c.reference, c.revision.label if c.revision else None, c.config.get("quant")) for c in claims}
    assert got == {150.0: (120.0, "After", "q4_k"), 98.0: (None, "Before", "q6_k"), 61.0: (None, "Before", "f16")}
    metrics = {c.metric for c in claims}
    assert len(metrics) == 1 and None not in metrics  # (one series, whatever its name)
    base = next(c for c in claims if c.value == 98.0)
    assert base.revision is not None and base.revision.head == "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b"
    assert base.source.text == "98"


def test_a_row_with_both_sides_measured_is_one_pair_and_nothing_more() -> None:
    text = _TABLE.replace("| 98 | - | - |", "| 98 | 110 | 1.12x |").replace("| 61 |  |  |", "| 61 | 70 | 1.15x |")
    perf = [c for c in extract(text, path="x.md").claims if c.kind == "perf" and c.unit != "x"]
    assert sorted(c.value for c in perf) == [70.0, 110.0, 150.0]
