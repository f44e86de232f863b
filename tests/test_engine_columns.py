"""Value columns that each name a thing compared ("MLC LLM (tok/sec) | FooInfer (tok/sec)"): the rate is the measure
its unit names, the column's name the engine (or the variant) it ran on, never the metric."""

from __future__ import annotations

from ledger.parsers import extract


def _claims(text: str) -> list[tuple[str, float | None, dict[str, str]]]:
    return [(c.metric or "", c.value, dict(c.config)) for c in extract(text, path="x.md").claims]


def test_columns_naming_engines_are_the_engine_and_the_unit_the_measure() -> None:
    text = """\
| Model | GPU | MLC LLM (tok/sec) | FooInfer (tok/sec) |
|---|---|---|---|
| Orca-2-7B | L40S | 140.2 | 118.9 |
"""
    got = {v: (m, cfg.get("engine")) for m, v, cfg in _claims(text)}
    assert got == {140.2: ("throughput", "MLC LLM"), 118.9: ("throughput", "FooInfer")}


def test_columns_naming_unknown_arms_are_variants() -> None:
    text = """\
| Model | GPU | FooServe (tok/s) | BarServe (tok/s) |
|---|---|---|---|
| Orca-2-7B | A10 | 88.0 | 97.5 |
"""
    got = {v: (m, cfg.get("variant")) for m, v, cfg in _claims(text)}
    assert got == {88.0: ("throughput", "FooServe"), 97.5: ("throughput", "BarServe")}


def test_columns_naming_the_rate_keep_their_names() -> None:
    text = """\
| Model | GPU | Prefill (tok/s) | Decode (tok/s) |
|---|---|---|---|
| Orca-2-7B | A10 | 9000.0 | 97.5 |
"""
    got = {v: (m, cfg.get("variant")) for m, v, cfg in _claims(text)}
    assert got[9000.0][1] is None and got[97.5][1] is None
    assert got[9000.0][0] != got[97.5][0]


_SIZES = """\
| Model | GPU | FooServe (tok/s) | BarServe (tok/s) |
|---|---|---|---|
| Orca2-7B | A10 | 61.5 | 55.0 |

## Refreshed on an L40S

FooServe:
- 7B: 140.2 token/sec
- 13B: 88.4 token/sec
"""


def test_a_bare_size_under_a_family_named_above_in_its_turn_is_that_familys_model() -> None:
    got = {v: cfg.get("model") for _, v, cfg in _claims(_SIZES)}
    assert got[140.2] == "Orca2-7B" and got[88.4] == "Orca2-13B"


def test_a_bare_size_with_no_family_or_two_families_above_stays_as_stated() -> None:
    alone = _SIZES[_SIZES.index("## Refreshed") :]
    assert {v: cfg.get("model") for _, v, cfg in _claims(alone)}[88.4] == "13B"
    two = _SIZES.replace(
        "| Orca2-7B | A10 | 61.5 | 55.0 |", "| Orca2-7B | A10 | 61.5 | 55.0 |\n| Wren-7B | A10 | 60.1 | 54.2 |"
    )
    assert {v: cfg.get("model") for _, v, cfg in _claims(two)}[88.4] == "13B"


def _paired(text: str) -> dict[float | None, tuple[str, str | None, float | None]]:
    return {
        c.value: (c.metric or "", c.config.get("variant"), c.reference)
        for c in extract(text, path="x.md").claims
        if c.unit != "%"
    }


def test_paired_columns_naming_their_arms_keep_the_measure_and_the_arm_apart() -> None:
    # (a gain column pairs the two arms: the second is measured against the first, in the rate both spell)
    text = """\
| Concurrency | Alpha tok/s | Beta tok/s | Gain |
|---:|---:|---:|---:|
| 1 | 100.0 | 110.0 | 10.0% |
| 8 | 700.0 | 770.0 | 10.0% |
"""
    assert _paired(text) == {110.0: ("throughput", "Beta", 100.0), 770.0: ("throughput", "Beta", 700.0)}
    gains = {c.metric for c in extract(text, path="x.md").claims if c.unit == "%"}
    assert gains == {"throughput Gain"}


def test_paired_columns_naming_their_arms_before_a_named_measure_keep_that_measure() -> None:
    text = """\
| Batch | Alpha TPOT (ms) | Beta TPOT (ms) | Speedup |
|---|---|---|---|
| 1 | 10.0 | 9.0 | 1.11x |
"""
    assert _paired(text)[9.0] == ("TPOT", "Beta", 10.0)


def test_paired_columns_of_two_phases_or_settings_name_no_arm() -> None:
    # (two phases, or two settings the vocabulary reads, are no arms of one comparison)
    for heads in ("Prefill tok/s | Decode tok/s", "TP1 tok/s | TP2 tok/s", "Mean TTFT | P99 TTFT"):
        text = f"| Batch | {heads} | Gain |\n|---|---|---|---|\n| 1 | 100.0 | 110.0 | 10.0% |\n"
        assert all(variant is None for _, variant, _ in _paired(text).values()), heads


def test_unpaired_columns_naming_their_arms_before_a_bare_unit_are_variants() -> None:
    text = "| Batch | Alpha tok/s | Beta tok/s |\n|---|---|---|\n| 1 | 100.0 | 110.0 |\n"
    got = {v: (m, cfg.get("variant")) for m, v, cfg in _claims(text)}
    assert got == {100.0: ("throughput", "Alpha"), 110.0: ("throughput", "Beta")}
    phases = "| Batch | Prefill tok/s | Decode tok/s |\n|---|---|---|\n| 1 | 100.0 | 110.0 |\n"
    assert all(cfg.get("variant") is None for _, _, cfg in _claims(phases))
