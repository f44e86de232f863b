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


def _by_value(text: str) -> dict[float | None, tuple[str, str | None, str | None, float | None]]:
    return {
        c.value: (c.metric or "", c.unit, c.config.get("engine") or c.config.get("variant"), c.reference)
        for c in extract(text, path="x.md").claims
    }


def test_columns_named_by_their_arm_alone_keep_the_captions_measure_and_take_the_arm() -> None:
    # (the measure is stated once, in the lead-in's first clause with its unit; each column is an engine's run)
    text = """\
Decode throughput (tok/s), Wren-8B on 2x L40S, 1024 in / 256 out:

| Concurrency | Kestrel | vLLM |
|---:|---:|---:|
| 16 | 812.0 | 700.5 |
"""
    assert _by_value(text) == {
        812.0: ("Decode throughput", "tok/s", "Kestrel", None),
        700.5: ("Decode throughput", "tok/s", "vLLM", None),
    }


def test_columns_named_by_their_arm_take_it_under_a_row_per_measure() -> None:
    text = "| Metric | Kestrel | SGLang |\n|---|---|---|\n| Mean TTFT (ms) | 61.0 | 70.2 |\n"
    assert {v: (m, arm) for v, (m, _, arm, _) in _by_value(text).items()} == {
        61.0: ("Mean TTFT", "Kestrel"),
        70.2: ("Mean TTFT", "SGLang"),
    }


def test_columns_naming_workloads_models_or_no_engine_take_no_arm() -> None:
    # (one of the arms must be an engine the vocabulary knows: "chat | summarise" are workloads, models are setups)
    for heads in ("chat | summarise", "Llama-3.1-8B | Qwen3-8B", "Triton | Heron"):
        text = f"Decode throughput (tok/s):\n\n| Batch | {heads} |\n|---|---|---|\n| 1 | 100.0 | 110.0 |\n"
        assert all(arm is None for _, _, arm, _ in _by_value(text).values()), heads


def test_no_measure_anywhere_leaves_the_column_as_the_name() -> None:
    text = "| Batch | Kestrel | vLLM |\n|---|---|---|\n| 1 | 100.0 | 110.0 |\n"
    assert {m for m, _, _, _ in _by_value(text).values()} == {"Kestrel", "vLLM"}


def test_paired_arms_sharing_only_a_bracketed_rate_are_that_rate_and_the_change_is_the_arms() -> None:
    text = """\
| Conc | Heron (tok/s/GPU) | Kestrel (tok/s/GPU) | Δ% |
|---|---|---|---|
| 64 | 400.0 | 440.0 | +10.0% |
"""
    got = _by_value(text)
    assert got[440.0] == ("throughput", "tok/s/GPU", "Kestrel", 400.0)
    assert got[10.0] == ("throughput Δ%", "%", "Kestrel", None)
    # (the arm's lone run, its partner's cell "—", is the arm's throughput all the same)
    lone = text.replace("| 64 | 400.0 | 440.0 | +10.0% |", "| 64 | 400.0 | 440.0 | +10.0% |\n| 512 | — | 901.0 | — |")
    assert _by_value(lone)[901.0] == ("throughput", "tok/s/GPU", "Kestrel", None)
    # (a feature switched off and on is the sides' reading, no pair of arms; a compute rate an implementation's)
    off_on = text.replace("Heron (", "w/o draft (").replace("Kestrel (", "w/ draft (")
    assert _by_value(off_on)[440.0][2] is None


def test_a_change_after_release_columns_is_their_shared_measures_change() -> None:
    # (not "0.7.2 out tok/s Delta", nor the heading's "Speed Delta": the two releases share "out tok/s")
    text = """\
## Speed

| Case | 0.7.2 out tok/s | 0.7.4 out tok/s | Delta |
|---|---|---|---|
| c=8 | 402.6 | 396.1 | -1.61% |
"""
    claims = {c.value: c for c in extract(text, path="x.md").claims}
    assert claims[396.1].metric == "out tok/s" and claims[396.1].reference == 402.6
    assert claims[-1.61].metric == "out tok/s Delta"
    assert claims[-1.61].revision is not None and claims[-1.61].revision.label == "v0.7.4"


def test_time_columns_naming_a_known_library_are_its_latency_and_unnamed_modes_keep_their_names() -> None:
    text = """\
| tokens | Triton (us) | PyTorch (us) |
|---|---|---|
| 8 | 1.8 | 7.1 |

| tokens | Eager (ms) | Graphed (ms) |
|---|---|---|
| 8 | 4.0 | 2.5 |
"""
    got = {v: (m, cfg.get("engine")) for m, v, cfg in _claims(text)}
    assert got[1.8] == ("latency", "Triton") and got[7.1] == ("latency", "PyTorch")
    assert got[2.5] == ("Graphed", None)  # (eager is the graphed run's baseline: two modes of one kernel)


def test_a_heading_s_activity_words_are_no_part_of_the_measure() -> None:
    table = "| tokens | Triton | PyTorch |\n|---|---|---|\n| 8 | 2.4 | 7.9 |\n"
    text = f"# Router\n\n## Speed Tests and Profiling\n\n{table}"
    assert {(m, cfg.get("engine")) for m, _, cfg in _claims(text)} == {("Speed", "Triton"), ("Speed", "PyTorch")}
