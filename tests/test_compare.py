"""ledger.compare: keys, the noise model, verdicts, alignment across revisions, references."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.compare import (
    NoiseModel,
    RegisteredReference,
    RevisionRef,
    Snapshot,
    check_references,
    claim_key,
    compare,
    compare_series,
    implausible,
    select_window,
    split_revisions,
    stated_vs_tested,
)
from ledger.errors import UsageError
from ledger.model import Claim, Revision, Source
from ledger.references import benchmark_from_path, parse_reference_yaml
from ledger.vocab.metrics import BENCHMARK_SAMPLES, normalise_metric

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SEED = SHARED / "seeds" / "004_efc56196d8c007cd.txt"


def mk(
    kind: str,
    metric: str | None,
    value: float | None = None,
    *,
    line: int = 1,
    rev: tuple[str | None, str | None, str | None] | None = None,
    **kw: Any,
) -> Claim:
    revision = Revision(label=rev[0], head=rev[1], base=rev[2]) if rev else None
    return Claim(
        kind=kind,
        metric=metric,
        value=value,
        revision=revision,  # type: ignore[arg-type]
        source=Source(path="t.md", line=line, line_end=line, text=f"{metric} {value}"),
        **kw,
    )


def snap(name: str, *claims: Claim) -> Snapshot:
    return Snapshot(RevisionRef(name=name), list(claims))


def verdicts(pairs: list[Any]) -> dict[str, str]:
    return {p.key.metric: p.verdict for p in pairs}


# ---- names and keys ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["gsm8k", "GSM8K", "test_gsm8k", "gsm8k result", "**GSM-8K**", "gsm8k Value"])
def test_gsm8k_synonyms_share_one_name(text: str) -> None:
    assert normalise_metric(text, "accuracy").name == "gsm8k"


def test_metric_words_carry_configuration() -> None:
    m = normalise_metric("MTP1 gsm8k over FP8 KV / acceptance length", "acceptance")
    assert m.name == "acceptance length"
    assert dict(m.hints) == {"draft_len": "1", "kv_cache": "fp8"}
    assert normalise_metric("Mean TTFT (ms)", "perf").name == "mean ttft"
    assert normalise_metric("Median TTFT (ms)", "perf").name == "p50 ttft"
    assert normalise_metric("acc_len", "acceptance").name == "acceptance length"


def test_gate_names_drop_run_numbers_and_keep_their_config() -> None:
    a = normalise_metric("PR_Github #79774 [ run ]", "gate")
    b = normalise_metric("PR_Github #80019 [ run ]", "gate")
    assert a.name == b.name
    assert dict(normalise_metric("test_mtp3_long_context_passkey", "gate").hints) == {"draft_len": "3"}


def test_config_aliases_and_values_are_canonical() -> None:
    c = mk(
        "perf",
        "con128 tok/s/GPU",
        2122,
        unit="tok/s/GPU",
        config={"kv_cache_dtype": "FP8", "mtp": "3", "hardware": "GB300", "quant_algo": "NVFP4"},
    )
    key, variant = claim_key(c)
    assert dict(key.config) == {
        "kv_cache": "fp8",
        "draft_len": "3",
        "gpu": "gb300",
        "quant": "nvfp4",
        "concurrency": "128",
    }
    assert variant == ""


def test_row_words_become_a_variant_not_a_key() -> None:
    key, variant = claim_key(
        mk(
            "accuracy",
            "gsm8k (MTP3, CUTEDSL experts)",
            96.3,
            config={"row": "MTP3, CUTEDSL experts", "column": "gsm8k"},
        )
    )
    assert key.metric == "gsm8k" and dict(key.config) == {"draft_len": "3"}
    assert variant == "cutedsl experts"


def test_gate_config_counts_but_the_gate_name_does_not_split_series() -> None:
    k1, _ = claim_key(mk("accuracy", "gsm8k", 96.25, config={"gate": "test_gsm8k"}))
    k2, _ = claim_key(mk("accuracy", "gsm8k", 95.75))
    k3, _ = claim_key(mk("accuracy", "gsm8k", 95.98, config={"gate": "test_mtp1_gsm8k_mmmu_and_video"}))
    assert k1 == k2
    assert dict(k3.config) == {"draft_len": "1"}


# ---- noise -------------------------------------------------------------------------------------------


def test_binomial_threshold_for_gsm8k_with_its_1319_samples() -> None:
    pairs = compare(snap("a", mk("accuracy", "gsm8k", 96.25)), snap("b", mk("accuracy", "gsm8k", 96.25)))
    t = pairs[0].threshold
    assert t is not None and "binomial n=1319" in t.basis
    se = math.sqrt(0.9625 * 0.0375 / 1319) * 100
    assert t.value == pytest.approx(1.96 * math.sqrt(2) * se)
    assert BENCHMARK_SAMPLES["gsm8k"] == 1319


@pytest.mark.parametrize("metric", ["t/s vs base", "TTFT reduction", "throughput change"])
def test_two_changes_against_a_base_differ_by_points_and_their_noise_is_the_levels_share(metric: str) -> None:
    # ("+0.44%" then "+0.26%" under "vs base": the levels moved 0.18 of a point against their base; 2% of 0.35 called it
    # a regression)
    near = compare(snap("a", mk("perf", metric, 0.44, unit="%")), snap("b", mk("perf", metric, 0.26, unit="%")))[0]
    assert near.verdict == "within noise" and near.threshold is not None and near.threshold.value == 2.0
    far = compare(snap("a", mk("perf", metric, 8.33, unit="%")), snap("b", mk("perf", metric, 0.83, unit="%")))[0]
    assert far.verdict == "regression"  # (a TTFT reduction, too: the larger the better)
    level = compare(
        snap("a", mk("perf", "gpu util", 44.0, unit="%")), snap("b", mk("perf", "gpu util", 26.0, unit="%"))
    )
    assert level[0].threshold is not None and level[0].threshold.basis == "default perf"  # a level keeps its share


def test_binomial_threshold_in_fraction_scale() -> None:
    p = compare(snap("a", mk("accuracy", "gsm8k", 0.7712)), snap("b", mk("accuracy", "gsm8k", 0.7712)))[0]
    assert p.threshold is not None
    assert p.threshold.value == pytest.approx(1.96 * math.sqrt(2) * math.sqrt(0.7712 * 0.2288 / 1319))


def test_config_sample_count_wins_over_the_benchmark_size() -> None:
    a = mk("accuracy", "gsm8k", 80.0, config={"limit": "250"})
    p = compare(snap("a", a), snap("b", a))[0]
    assert p.threshold is not None and "n=250" in p.threshold.basis


def test_stated_stderr_is_used_and_scaled_to_percent() -> None:
    a = mk("accuracy", "mmlu", 68.4, stderr=0.0038)
    b = mk("accuracy", "mmlu", 67.0, stderr=0.0038)
    p = compare(snap("a", a), snap("b", b))[0]
    assert p.threshold is not None and p.threshold.basis.startswith("stated stderr")
    assert p.threshold.value == pytest.approx(1.96 * math.sqrt(2) * 0.38)
    assert p.verdict == "regression"


def test_a_stated_spread_sets_the_threshold_where_no_stderr_or_sample_count_does() -> None:
    """ "30.5 ± 0.2 tok/s" over three runs each: the runs' spread is the noise, not 2% of the mean; a sample
    count, where one is known, still wins (the binomial error of gsm8k's 1319 questions)."""
    tight = compare(
        snap("a", mk("perf", "output throughput", 30.5, unit="tok/s", stddev=0.2)),
        snap("b", mk("perf", "output throughput", 31.2, unit="tok/s", stddev=0.2)),
    )[0]
    assert tight.threshold is not None and tight.threshold.basis == "stated spread, z=1.96"
    assert tight.threshold.value == pytest.approx(1.96 * math.sqrt(2) * 0.2)
    assert tight.verdict == "improvement"  # (+2.3%: the default 2% calls it noise only just; the runs do not)
    one_side = compare(
        snap("a", mk("perf", "output throughput", 30.5, unit="tok/s", stddev=0.9)),
        snap("b", mk("perf", "output throughput", 31.2, unit="tok/s")),
    )[0]
    assert one_side.verdict == "within noise" and one_side.threshold is not None
    assert one_side.threshold.value == pytest.approx(1.96 * math.sqrt(2) * 0.9)
    counted = compare(
        snap("a", mk("accuracy", "gsm8k", 0.81, stddev=0.39)), snap("b", mk("accuracy", "gsm8k", 0.86, stddev=0.35))
    )[0]
    assert counted.threshold is not None and "binomial n=1319" in counted.threshold.basis
    assert counted.verdict == "improvement"


def test_default_thresholds_per_kind() -> None:
    acc = compare(
        snap("a", mk("accuracy", "custom eval score", 70.0)), snap("b", mk("accuracy", "custom eval score", 70.4))
    )[0]
    assert acc.verdict == "within noise" and acc.threshold is not None and acc.threshold.value == 0.5
    al = compare(
        snap("a", mk("acceptance", "acceptance length", 2.50)), snap("b", mk("acceptance", "acceptance length", 2.44))
    )[0]
    assert al.verdict == "regression" and al.threshold is not None and al.threshold.display == "±0.05"
    tput = compare(
        snap("a", mk("perf", "output throughput", 1000, unit="tok/s")),
        snap("b", mk("perf", "output throughput", 1015, unit="tok/s")),
    )[0]
    assert tput.verdict == "within noise" and tput.threshold is not None and tput.threshold.display == "±2%"


def test_overrides_from_flags_and_toml() -> None:
    noise = NoiseModel.from_toml('[noise]\nperf = "5%"\nz = 2.58\n[samples]\ngsm8k = 500\n[thresholds]\nttft = "10%"\n')
    assert noise.perf_rel == pytest.approx(0.05) and noise.z == 2.58 and noise.samples["gsm8k"] == 500
    p = compare(
        snap("a", mk("perf", "Mean TTFT (ms)", 40.0, unit="ms")),
        snap("b", mk("perf", "Mean TTFT (ms)", 43.0, unit="ms")),
        noise,
    )[0]
    assert p.verdict == "within noise"  # "ttft = 10%" covers mean, median and p99 TTFT
    noise.set_threshold("Mean TTFT", "5%")
    p = compare(
        snap("a", mk("perf", "Mean TTFT (ms)", 40.0, unit="ms")),
        snap("b", mk("perf", "Mean TTFT (ms)", 43.0, unit="ms")),
        noise,
    )[0]
    assert p.verdict == "regression" and p.threshold is not None and p.threshold.basis == "configured"
    with pytest.raises(UsageError):
        noise.set_threshold("perf", "lots")
    with pytest.raises(UsageError):
        NoiseModel.from_toml("[noise\n")


# ---- verdicts ----------------------------------------------------------------------------------------


def test_accuracy_lowered_beyond_noise_is_a_regression() -> None:
    v = verdicts(compare(snap("v1", mk("accuracy", "gsm8k", 96.25)), snap("v2", mk("accuracy", "gsm8k", 93.10))))
    assert v == {"gsm8k": "regression"}


def test_accuracy_within_noise() -> None:
    v = verdicts(compare(snap("v1", mk("accuracy", "gsm8k", 96.25)), snap("v2", mk("accuracy", "gsm8k", 95.75))))
    assert v == {"gsm8k": "within noise"}


def test_direction_lower_is_better_for_latency_and_units_convert() -> None:
    v = verdicts(
        compare(
            snap("a", mk("perf", "Mean TTFT (ms)", 40.0, unit="ms")),
            snap("b", mk("perf", "Mean TTFT (ms)", 48.0, unit="ms")),
        )
    )
    assert v == {"mean ttft": "regression"}
    p = compare(
        snap("a", mk("perf", "e2e latency", 1.2, unit="s")), snap("b", mk("perf", "e2e latency", 1190, unit="ms"))
    )[0]
    assert p.verdict == "within noise" and "converted" in p.reason


_RELATIVE = """# Overlap the push

#### Relative Results vs Upstream Baseline

Positive means better than baseline.

| Metric | PR plain | PR overlapped |
|---|---:|---:|
| Mean TTFT | -1.0% | +{ttft}% |
"""


def test_a_relative_tables_sign_rule_sets_the_direction_and_each_arm_is_its_own_series() -> None:
    """Under "Positive means better than baseline." a TTFT change of +15% then +20% is a larger improvement (TTFT
    fell further), never a longer TTFT; each PR arm lines up with itself, and the heading is no revision."""
    from ledger.parsers import extract

    old, new = (extract(_RELATIVE.format(ttft=t), path="rel.md").claims for t in ("15.0", "20.0"))
    assert all(c.revision is None for c in old)
    assert {(c.metric, c.config.get("variant")) for c in old} == {
        ("Mean TTFT improvement", "plain"),
        ("Mean TTFT improvement", "overlapped"),
    }
    got = {(p.variant.split()[-1], p.verdict, p.key.unit) for p in compare(snap("1", *old), snap("2", *new))}
    assert got == {("plain", "within noise", "%"), ("overlapped", "improvement", "%")}


def test_fraction_and_percent_are_the_same_accuracy() -> None:
    p = compare(snap("a", mk("accuracy", "gsm8k", 0.9625)), snap("b", mk("accuracy", "gsm8k", 96.1)))[0]
    assert p.verdict == "within noise" and "percent" in p.reason


def test_changed_config_is_not_comparable_with_the_reason() -> None:
    a = mk("accuracy", "gsm8k", 95.9, config={"kv_cache": "fp8"})
    b = mk("accuracy", "gsm8k", 91.0, config={"kv_cache": "nvfp4"})
    pairs = compare(snap("v1", a), snap("v2", b))
    assert [p.verdict for p in pairs] == ["not comparable"]
    assert "kv_cache fp8 vs nvfp4" in pairs[0].reason


def test_removed_gate_is_missing_and_an_added_one_is_new() -> None:
    old = snap("v1", mk("gate", "test_gsm8k", outcome="pass"), mk("gate", "mypy", outcome="pass"))
    new = snap("v2", mk("gate", "test_gsm8k", outcome="pass"), mk("gate", "test_mmmu", outcome="pass"))
    v = verdicts(compare(old, new))
    assert v == {"test_gsm8k": "within noise", "mypy": "missing", "test_mmmu": "new"}


@pytest.mark.parametrize(
    ("a", "b", "want"),
    [
        ("pass", "fail", "regression"),
        ("fail", "pass", "improvement"),
        ("pass", "waived", "regression"),
        ("pass", "not_run", "insufficient data"),
        ("fail", "fail", "within noise"),
    ],
)
def test_gate_outcomes(a: str, b: str, want: str) -> None:
    p = compare(snap("1", mk("gate", "test_x", outcome=a)), snap("2", mk("gate", "test_x", outcome=b)))[0]
    assert p.verdict == want


def test_test_counts_compare_failures() -> None:
    p = compare(
        snap("1", mk("tests", "unittest/_torch", passed=1213, skipped=43)),
        snap("2", mk("tests", "unittest/_torch", passed=1210, failed=3)),
    )[0]
    assert p.verdict == "regression" and "failed 0 -> 3" in p.reason
    p = compare(snap("1", mk("tests", "suite", passed=3444)), snap("2", mk("tests", "suite", passed=1213)))[0]
    # fewer cases run is its own finding: coverage, neither noise nor a regression
    assert p.verdict == "fewer tests" and "coverage: 3,444 -> 1,213 cases, -65%" in p.reason


def test_missing_value_is_insufficient_data() -> None:
    p = compare(snap("1", mk("accuracy", "gsm8k", None)), snap("2", mk("accuracy", "gsm8k", 95.0)))[0]
    assert p.verdict == "insufficient data"


def test_implausible_values_are_left_out() -> None:
    bad = mk("acceptance", "MTP1 gsm8k / acceptance length", 96.36)
    assert implausible(bad, claim_key(bad)[0])
    ok = mk("acceptance", "MTP1 gsm8k / acceptance length", 1.969)
    pairs = compare(snap("1", ok), snap("2", bad, ok))
    assert [p.verdict for p in pairs] == ["within noise"]


def test_a_change_of_a_bounded_measure_is_not_held_to_its_bounds() -> None:
    # a table's delta column: "Accept length | 5.62 | 5.63 | ~0" and "GPQA | 87.6 | 86.8 | -0.82"
    flat = mk("acceptance", "Accept length Δ", 0.0, config={"column": "Δ"})
    drop = mk("accuracy", "GPQA change", -0.82)
    assert implausible(flat, claim_key(flat)[0]) is None
    assert implausible(drop, claim_key(drop)[0]) is None
    level = mk("acceptance", "Accept length", 0.0)
    assert implausible(level, claim_key(level)[0]) == "acceptance length 0 outside 0..64"


def test_an_acceptance_in_percent_is_a_rate_not_a_length() -> None:
    # llama.cpp's speculative example prints "accept    = 32.143%": the share of drafted tokens accepted
    rate = mk("acceptance", "accept", 32.143, unit="%", config={"draft_len": "8"})
    assert implausible(rate, claim_key(rate)[0]) is None
    wild = mk("acceptance", "accept", 132.0, unit="%", config={"draft_len": "8"})
    assert implausible(wild, claim_key(wild)[0]) is not None


def test_several_claims_of_one_key_pair_by_variant() -> None:
    old = snap(
        "1",
        mk("accuracy", "gsm8k (MTP3)", 95.75, config={"row": "MTP3"}),
        mk("accuracy", "gsm8k (MTP3, CUTEDSL experts)", 96.32, config={"row": "MTP3, CUTEDSL experts"}),
    )
    new = snap(
        "2",
        mk("accuracy", "gsm8k (MTP3, CUTEDSL experts)", 92.0, config={"row": "MTP3, CUTEDSL experts"}),
        mk("accuracy", "gsm8k (MTP3)", 95.70, config={"row": "MTP3"}),
    )
    got = {(p.variant, p.verdict) for p in compare(old, new)}
    assert got == {("", "within noise"), ("cutedsl experts", "regression")}


# ---- properties --------------------------------------------------------------------------------------

_METRICS = {
    "accuracy": ["gsm8k", "MMLU", "MMMU", "custom score"],
    "acceptance": ["acceptance length", "acceptance rate"],
    "perf": ["Output throughput", "Mean TTFT (ms)", "con128 tok/s/GPU", "speed-up"],
}
_UNITS = {"Output throughput": "tok/s", "Mean TTFT (ms)": "ms", "con128 tok/s/GPU": "tok/s/GPU", "speed-up": "x"}


@st.composite
def claims_st(draw: st.DrawFn) -> Claim:
    kind = draw(st.sampled_from(["accuracy", "acceptance", "perf", "gate", "tests"]))
    cfg = draw(
        st.dictionaries(
            st.sampled_from(["kv_cache", "mtp", "gpu"]), st.sampled_from(["fp8", "nvfp4", "1", "3", "b200"]), max_size=2
        )
    )
    if kind == "gate":
        return mk(
            "gate",
            draw(st.sampled_from(["test_gsm8k", "mypy", "videos"])),
            outcome=draw(st.sampled_from(["pass", "fail", "waived", "not_run"])),
            config=cfg,
        )
    if kind == "tests":
        return mk(
            "tests",
            draw(st.sampled_from(["unit", "cpu only"])),
            passed=draw(st.integers(0, 5000)),
            failed=draw(st.integers(0, 50)),
            config=cfg,
        )
    metric = draw(st.sampled_from(_METRICS[kind]))
    if kind == "accuracy":
        value = draw(st.floats(0.0, 100.0, allow_nan=False))
    elif kind == "acceptance":
        value = draw(st.floats(1.0, 4.0, allow_nan=False))
        cfg.pop("mtp", None)
    else:
        value = draw(st.floats(0.01, 1e5, allow_nan=False))
    return mk(kind, metric, value, unit=_UNITS.get(metric), config=cfg)


@settings(max_examples=60, deadline=None)
@given(st.lists(claims_st(), max_size=12))
def test_a_revision_compared_with_itself_is_all_within_noise(claims: list[Claim]) -> None:
    pairs = compare(snap("a", *claims), snap("a again", *claims))
    assert all(p.verdict == "within noise" for p in pairs), [(p.key, p.verdict, p.reason) for p in pairs]
    assert len(pairs) == len(claims)


@st.composite
def two_sides(draw: st.DrawFn) -> tuple[list[Claim], list[Claim]]:
    base = draw(st.lists(claims_st(), max_size=8))
    other: list[Claim] = []
    for c in base:
        if c.kind in ("accuracy", "acceptance", "perf") and c.value is not None and draw(st.booleans()):
            factor = draw(st.floats(0.5, 1.5, allow_nan=False))
            other.append(c.model_copy(update={"value": c.value * factor}))
        elif c.kind == "gate" and draw(st.booleans()):
            other.append(c.model_copy(update={"outcome": draw(st.sampled_from(["pass", "fail", "waived"]))}))
        elif draw(st.integers(0, 5)):
            other.append(c)
    return base, other


_SWAP = {"regression": "improvement", "improvement": "regression", "new": "missing", "missing": "new"}


@settings(max_examples=60, deadline=None)
@given(two_sides())
def test_swapping_old_and_new_swaps_regression_and_improvement(sides: tuple[list[Claim], list[Claim]]) -> None:
    a, b = sides
    fwd = compare(snap("a", *a), snap("b", *b))
    back = compare(snap("b", *b), snap("a", *a))

    def tally(pairs: list[Any], swap: bool) -> list[tuple[str, str]]:
        out = []
        for p in pairs:
            # fewer cases run is a finding one way only (more cases is no news): both read as no change here; a
            # waiver excuses the newer side's regression only, so "waived" one way is a regression swapped back
            verdict = "regression" if p.verdict == "waived" else p.verdict
            v = "within noise" if verdict == "fewer tests" else _SWAP.get(verdict, verdict) if swap else verdict
            out.append((p.key.label(), v))
        return sorted(out)

    assert tally(fwd, False) == tally(back, True)


# ---- series, revisions, windows ----------------------------------------------------------------------


def _three_revisions() -> list[Claim]:
    final, review, first = (
        ("Final head", "13c21f460b", "af3e5eb257"),
        ("Review fixes", "6b039cb3c6", None),
        ("Before the rebase", "dcff1146d0", "72cd8b57a3"),
    )
    return [
        mk("accuracy", "gsm8k", 96.25, rev=final, line=10, reference=96.36),
        mk("accuracy", "MMMU", 57.89, rev=final, line=11, config={"gate": "test_mtp1_gsm8k_mmmu_and_video"}),
        mk("acceptance", "acceptance length", 1.971, rev=final, line=12, config={"context": "test_mtp1_x"}),
        mk("accuracy", "gsm8k", 96.17, rev=review, line=20),
        mk("acceptance", "MTP1 gsm8k / acceptance length", 1.963, rev=review, line=21),
        mk("accuracy", "gsm8k", 95.98, rev=first, line=30),
        mk("accuracy", "MMMU, MTP1", 59.67, rev=first, line=31),
        mk("acceptance", "MTP1 gsm8k / acceptance length", 1.969, rev=first, line=32),
        mk("gate", "PR_Github #1 [ run ]", outcome="pass", rev=("CI", "257d5f0", None), line=40),
    ]


def test_one_side_named_with_and_without_its_preposition_is_one_revision() -> None:
    # "9.1 ms/t with this PR" in one bullet, "30.5 ms/t for master and this PR" in the next: one PR, not two
    claims = [
        mk("perf", "latency", 9.0, rev=("master", None, None)),
        mk("perf", "latency", 9.1, line=2, rev=("with this PR", None, None)),
        mk("perf", "prefill", 30.5, line=3, rev=("this PR", None, None)),
        mk("perf", "prefill", 30.5, line=3, rev=("master", None, None)),
    ]
    assert [s.ref.label for s in split_revisions(claims)] == ["master", "with this PR"]
    assert [len(s.claims) for s in split_revisions(claims)] == [2, 2]


def test_split_revisions_orders_newest_first_text_oldest_first() -> None:
    snaps = split_revisions(_three_revisions(), "pr")
    assert [s.ref.label for s in snaps] == ["Before the rebase", "Review fixes", "Final head"]
    assert [s.ref.label for s in split_revisions(_three_revisions(), "pr", order="document")] == [
        "Final head",
        "Review fixes",
        "Before the rebase",
    ]


def test_each_turn_calling_its_own_head_current_keeps_the_threads_order() -> None:
    # a thread's turns, each naming the head it ran on "latest" or "current" as of its own date: the earlier turn's
    # head is the older revision, not the newest because its label's words come first
    claims = [
        mk("perf", "output tok/s", 744.0, rev=("body for the latest stacked head", "4e3d2c1b0a99", "0f9e8d7c6b5a")),
        mk("commit", "6d5c4b3a2910", line=12, rev=("PR head", "6d5c4b3a2910", None)),
        mk("perf", "output tok/s", 751.0, line=25, rev=("PR", "8a7b6c5d4e3f", None)),
    ]
    assert [s.ref.head for s in split_revisions(claims)] == ["4e3d2c1b0a99", "6d5c4b3a2910", "8a7b6c5d4e3f"]


def test_base_links_order_revisions() -> None:
    claims = [
        mk("accuracy", "gsm8k", 96.0, rev=("abc1234def", "abc1234def", "0123abc456"), line=1),
        mk("accuracy", "gsm8k", 96.1, rev=("fed4321cba", "fed4321cba", "abc1234def"), line=2),
    ]
    assert [s.ref.head for s in split_revisions(claims)] == ["abc1234def", "fed4321cba"]
    assert [s.ref.head for s in split_revisions(claims[::-1])] == ["abc1234def", "fed4321cba"]


def test_series_lines_up_metrics_across_revisions() -> None:
    rows = compare_series(split_revisions(_three_revisions(), "pr"))
    by = {(r.key.metric, dict(r.key.config).get("draft_len")): r for r in rows}
    g = by[("gsm8k", None)]
    assert [c.value if c else None for c in g.cells] == [95.98, 96.17, 96.25]
    assert g.overall is not None and g.overall.verdict == "within noise"
    assert len(g.steps) == 2
    m = by[("mmmu", "1")]
    assert [c.value if c else None for c in m.cells] == [59.67, None, 57.89]
    a = by[("acceptance length", "1")]
    assert [c.value if c else None for c in a.cells] == [1.969, 1.963, 1.971]


def test_select_window_by_label_sha_and_position() -> None:
    snaps = split_revisions(_three_revisions(), "pr")
    assert [s.ref.label for s in select_window(snaps, "6b039c", None)] == ["Review fixes", "Final head"]
    assert [s.ref.label for s in select_window(snaps, "1", "review fixes")] == ["Before the rebase", "Review fixes"]
    with pytest.raises(UsageError):
        select_window(snaps, "nope", None)
    with pytest.raises(UsageError):
        select_window(snaps, "Final head", "Before the rebase")


def test_stated_versus_tested() -> None:
    tested, measured = stated_vs_tested(_three_revisions())
    assert [(t.sha, t.gates, t.covered_by) for t in tested] == [("257d5f0", {"pass": 1}, [])]
    assert "Final head 13c21f460b" in measured
    covered = [*_three_revisions(), mk("accuracy", "gsm8k", 96.0, rev=("Merged", "257d5f0e11", None), line=50)]
    tested, _ = stated_vs_tested(covered)
    assert tested[0].covered_by == ["Merged 257d5f0e11"]


# ---- references --------------------------------------------------------------------------------------


def test_stated_reference_below_by_more_than_noise_is_flagged() -> None:
    s = snap("r", mk("accuracy", "gsm8k", 93.0, reference=96.36), mk("accuracy", "MMMU", 58.3, reference=59.22))
    checks = {c.key.metric: c.verdict for c in check_references(s)}
    assert checks == {"gsm8k": "regression", "mmmu": "within noise"}


_YAML = """\
# accuracy references for a toy benchmark
acme/Toy-7B-Instruct:
  - accuracy: 80.10
  - quant_algo: FP8
    kv_cache_quant_algo: FP8
    accuracy: 79.50 # measured on H100
  - spec_dec_algo: MTP
    accuracy: 80.00
this line is not yaml at all
acme/Other:
  - extra_acc_spec: temperature=0.8
    accuracy: 12.5
"""


def test_reference_yaml_reads_models_and_configs() -> None:
    parsed = parse_reference_yaml(_YAML, "gsm8k", source="gsm8k.yaml")
    assert [(r.model, r.accuracy, dict(r.config)) for r in parsed.references] == [
        ("acme/Toy-7B-Instruct", 80.10, {}),
        ("acme/Toy-7B-Instruct", 79.50, {"quant": "fp8", "kv_cache": "fp8"}),
        ("acme/Toy-7B-Instruct", 80.00, {"spec_algo": "mtp"}),
        ("acme/Other", 12.5, {"extra": "temperature=0.8"}),
    ]
    assert [(w.line, w.message[:9]) for w in parsed.warnings] == [(9, "not read:")]
    assert benchmark_from_path("x/trtllm-accuracy-references-gsm8k.yaml") == "gsm8k"
    assert benchmark_from_path("references/mmlu.yaml") == "mmlu"


def test_registered_reference_checks_a_matching_claim() -> None:
    regs = parse_reference_yaml(_YAML, "gsm8k", source="gsm8k.yaml").references
    fp8 = mk("accuracy", "gsm8k", 76.0, config={"model": "acme/Toy-7B-Instruct", "quant": "FP8", "kv_cache": "fp8"})
    plain = mk("accuracy", "gsm8k", 80.3, config={"model": "Toy-7B-Instruct"})
    mtp = mk("accuracy", "gsm8k", 79.9, config={"model": "Toy-7B-Instruct", "mtp": "3"})
    other = mk("accuracy", "gsm8k", 10.0, config={"model": "unknown-model"})
    checks = check_references(snap("r", fp8, plain, mtp, other), registered=regs)
    got = [(c.claim.value, c.reference, c.verdict, c.origin) for c in checks]
    assert got == [
        (76.0, 79.5, "regression", "registered: gsm8k.yaml"),
        (80.3, 80.1, "within noise", "registered: gsm8k.yaml"),
        (79.9, 80.0, "within noise", "registered: gsm8k.yaml"),
    ]


def test_reference_reader_survives_hostile_input() -> None:
    for text in [
        "",
        ":::\n- - -\n",
        "a:\n  - accuracy: nan-ish\n",
        "x" * 100_000,
        "- accuracy: 1\n" * 50,
        "m:\n  - accuracy: [1, 2]\n",
        "\x00\x01",
    ]:
        parse_reference_yaml(text, "gsm8k")
    assert RegisteredReference("gsm8k", "m", 1.0).benchmark == "gsm8k"


# ---- the seed ----------------------------------------------------------------------------------------


@pytest.mark.skipif(not SEED.is_file(), reason="../shared/seeds is not present")
def test_seed_lines_up_gsm8k_mmmu_and_acceptance_across_revision_sections() -> None:
    from ledger.ingest.extracting import extract_file

    claims = extract_file(str(SEED)).claims
    snaps = split_revisions(claims, SEED.name)
    labels = [s.ref.label or "" for s in snaps]
    assert labels[-1] == "Final head"
    assert labels.index("Before the rebase") < labels.index("d0b2d5dfa6") < labels.index("Review fixes")
    rows = compare_series(snaps)

    def spans(metric: str) -> list[set[str]]:
        return [
            {labels[i] for i, c in enumerate(r.cells) if c is not None}
            for r in rows
            if r.key.metric == metric and sum(c is not None for c in r.cells) >= 2
        ]

    assert any({"Final head", "d0b2d5dfa6", "Before the rebase"} <= s for s in spans("gsm8k"))
    assert any({"Final head", "d0b2d5dfa6"} <= s for s in spans("mmmu"))
    assert any(len(s) >= 3 for s in spans("acceptance length"))
    for r in rows:
        if r.overall is not None and r.overall.verdict in ("regression", "improvement", "within noise"):
            assert r.overall.threshold is not None and r.overall.threshold.display


def test_hostile_names_are_read_quickly() -> None:
    import time

    start = time.process_time()
    for s in ["mtp" * 20000, "(" * 50000, "[" * 50000 + "](", "kv " * 30000, "con" + "1" * 50000, "a_" * 50000]:
        for kind in ("perf", "accuracy", "gate", "acceptance"):
            c = mk(kind, s, 1.0, config={"row": s, "gate": s, "mtp": s, "model": s})
            compare(snap("a", c), snap("b", c))
    assert time.process_time() - start < 5.0


def test_numbered_labels_order_by_their_number() -> None:
    claims = [
        mk("accuracy", "gsm8k", 90.0 + i, rev=(f"Round {n}", None, None), line=i) for i, n in enumerate([2, 3, 1])
    ]
    assert [s.ref.label for s in split_revisions(claims)] == ["Round 1", "Round 2", "Round 3"]


def test_task_config_does_not_split_a_benchmark_but_long_context_does() -> None:
    k1, _ = claim_key(mk("accuracy", "gsm8k exact_match", 0.77, config={"task": "gsm8k"}))
    k2, _ = claim_key(mk("accuracy", "GSM8K", 77.0))
    assert k1 == k2
    a1, _ = claim_key(mk("acceptance", "acceptance length", 3.9, config={"task": "long-context passkey"}))
    a2, _ = claim_key(mk("acceptance", "acceptance length", 3.9))
    assert a1 != a2 and dict(a1.config)["task"] == "long-context"
    _, unit_variant = claim_key(mk("perf", "TTFT (ms) result", 41.2, unit="ms", config={"row": "TTFT (ms)"}))
    assert unit_variant == ""


def test_a_renamed_gate_with_the_same_config_still_lines_up() -> None:
    old = snap("1", mk("gate", "long-context passkey, MTP3 with IndexShare", outcome="pass"))
    new = snap("2", mk("gate", "test_mtp3_long_context_passkey", outcome="fail"))
    [p] = compare(old, new)
    assert p.verdict == "regression" and "renamed" in p.reason
    other = snap("2", mk("gate", "test_mtp7_long_context_passkey", outcome="pass"))
    assert sorted(p.verdict for p in compare(old, other)) == ["missing", "new"]


@settings(max_examples=40, deadline=None)
@given(st.lists(claims_st(), max_size=10))
def test_a_series_of_one_revision_repeated_is_all_within_noise(claims: list[Claim]) -> None:
    rows = compare_series([snap("r1", *claims), snap("r2", *claims), snap("r3", *claims)])
    assert all(r.overall is not None and r.overall.verdict == "within noise" for r in rows)
    assert all(c is not None for r in rows for c in r.cells)


def test_latest_value_against_a_wandering_history() -> None:
    from ledger.compare import latest_against_history

    hist = [mk("perf", "output throughput", v, unit="tok/s") for v in (1000, 1080, 950, 1040, 990, 1010)]
    key = claim_key(hist[0])[0]
    p = latest_against_history(key, [*hist, mk("perf", "output throughput", 940, unit="tok/s")])
    assert (
        p is not None
        and p.verdict == "within noise"
        and "spread of 6 earlier values" in (p.threshold.basis if p.threshold else "")
    )
    p = latest_against_history(key, [*hist, mk("perf", "output throughput", 700, unit="tok/s")])
    assert p is not None and p.verdict == "regression"
    p = latest_against_history(key, hist[:2])
    assert p is not None and p.verdict == "improvement" and p.old is hist[0]


def test_perplexity_is_relative_and_lower_is_better() -> None:
    p = compare(
        snap("a", mk("accuracy", "wikitext perplexity", 5.80)), snap("b", mk("accuracy", "wikitext perplexity", 5.95))
    )[0]
    assert p.verdict == "regression" and p.threshold is not None and p.threshold.display == "±1%"


@pytest.mark.parametrize("metric", ["KLD", "Mean KLD", "KL divergence", "JSD (this PR)", "RMS Δp"])
def test_divergence_from_the_reference_model_is_lower_is_better(metric: str) -> None:
    # a quantised model whose distribution moved further from the reference got worse
    p = compare(snap("a", mk("accuracy", metric, 0.0120)), snap("b", mk("accuracy", metric, 0.0630)))[0]
    assert p.verdict == "regression"


def test_a_change_printed_in_percent_moves_in_points() -> None:
    """A change column's values are percentages themselves ("TTFT change -11.5 %" on one build, "9.0 %" on the
    next): their difference is in points, never a percentage of a percentage ("+178.3%")."""
    from ledger.compare.render import _delta_cell

    old = mk("perf", "TTFT change", -11.5, unit="%", rev=("v1", None, None))
    new = mk("perf", "TTFT change", 9.0, unit="%", rev=("v2", None, None), line=2)
    [pair] = [p for p in compare(snap("v1", old), snap("v2", new)) if p.old is not None and p.new is not None]
    assert _delta_cell(pair) == "+20.5 pp"
    plain = compare(snap("v1", mk("perf", "TTFT", 40.0, unit="ms")), snap("v2", mk("perf", "TTFT", 44.0, unit="ms")))
    assert _delta_cell(plain[0]) == "+10.0%"  # a value's change stays relative


def test_a_share_of_the_baseline_may_pass_100() -> None:
    """A quantised score above its baseline's ("0.7466 (100.62%)"): its share is a real level, never a mis-read
    rate (reader353 cause 11); a plain accuracy above 100 still is one."""
    share = mk("accuracy", "mean score (% of baseline)", 100.62, unit="%")
    assert implausible(share, claim_key(share)[0]) is None
    plain = mk("accuracy", "mean score", 100.62, unit="%")
    assert implausible(plain, claim_key(plain)[0]) is not None
