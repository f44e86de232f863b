"""A lead-in's name for the block under it: the variant or arm it names."""

from __future__ import annotations

import pytest

from ledger.parsers import extract
from ledger.parsers.grammar.lead_ins import lead_in_setup
from ledger.parsers.grammar.setting_leads import setting_lead


def test_a_result_lead_naming_a_setting_with_or_without_it_names_its_arm() -> None:
    text = (
        "# Skip the draft under heavy load\n\n"
        "Results with cutoff = 96:\n```\nOutput token throughput (tok/s):   4410.7\nAccept length:   3.10\n```\n\n"
        "Results without cutoff:\n```\nOutput token throughput (tok/s):   3702.2\nAccept length:   3.85\n```\n"
    )
    arms = [c.config.get("variant") for c in extract(text, path="t.md").claims]
    assert arms == ["with cutoff = 96"] * 2 + ["without cutoff"] * 2
    assert lead_in_setup("Result w/o the cutoff:") == {"variant": "w/o the cutoff"}
    assert lead_in_setup("Results with the rest of the team:") == {}  # (a sentence, no setting named)


def test_the_arm_with_a_setting_off_is_the_baseline_of_the_arm_with_it_on() -> None:
    text = (
        "# Skip the draft under heavy load\n\n"
        "Results with cutoff = 96:\n```\nOutput token throughput (tok/s):   4410.7\nAccept length:   3.10\n```\n\n"
        "Results without cutoff:\n```\nOutput token throughput (tok/s):   3702.2\nAccept length:   3.85\n```\n\n"
        "With EAGLE:\n```\nMean TTFT (ms):   81.5\n```\n\nW/O EAGLE:\n```\nMean TTFT (ms):   95.0\n```\n"
    )
    refs = [(c.config.get("variant"), c.value, c.reference) for c in extract(text, path="t.md").claims]
    assert refs == [
        ("with cutoff = 96", 4410.7, 3702.2),
        ("with cutoff = 96", 3.1, 3.85),
        ("without cutoff", 3702.2, None),
        ("without cutoff", 3.85, None),
        ("with EAGLE", 81.5, 95.0),
        ("W/O EAGLE", 95.0, None),
    ]


def test_two_arms_that_both_have_a_setting_on_leave_each_other_alone() -> None:
    text = (
        "# Skip the draft under heavy load\n\n"
        "Results with cutoff = 96:\n```\nOutput token throughput (tok/s):   4410.7\n```\n\n"
        "Results with cutoff = 48:\n```\nOutput token throughput (tok/s):   3702.2\n```\n\n"
        "Results without warmup:\n```\nOutput token throughput (tok/s):   3100.0\n```\n"
    )
    assert [c.reference for c in extract(text, path="t.md").claims] == [None, None, None]


def test_a_using_lead_names_its_arm_by_the_value_it_uses_and_no_arm_is_the_other_s_baseline() -> None:
    table = "| Tasks | Metric | Value |\n|---|---|---:|\n| gpqa | exact_match | {} |\n"
    text = (
        "# Scales for the indexer\n\n"
        "Using E4M3 (`scale_fmt=None`) to quantise the keys:\n\n" + table.format("77.1") + "\n"
        "Using UE8M0 (`scale_fmt=ue8m0`) to quantise the keys:\n\n" + table.format("79.4") + "\n"
        "Using FP8 for the cache:\n\n" + table.format("78.0") + "\n"
    )
    claims = extract(text, path="t.md").claims
    assert [(c.value, c.config.get("variant"), c.config.get("quant"), c.reference) for c in claims] == [
        (77.1, "E4M3", None, None),
        (79.4, "UE8M0", None, None),
        (78.0, None, "fp8", None),
    ]
    assert lead_in_setup("Using the nightly image, we ran the eval:") == {}  # (names no setting)
    assert lead_in_setup("Using Python to time it:") == {}


_ARMS = (
    "## Motivation\ngsm8k 100 questions 8-shot\n"
    "before (radix cache + overlap):\n```\nAccuracy: 0.812\nLatency: 55.1 s\n```\n"
    "after (radix cache + overlap + fix):\n```\nAccuracy: 0.934\nLatency: 52.0 s\n```\n"
    "{lead}\n```\nAccuracy: 0.941\nLatency: 50.3 s\n```\n"
)


@pytest.mark.parametrize(
    ("lead", "setup"),
    [
        # an engine switch set on top of the run above, longer than a short label, no colon
        (
            "radix cache + overlap + SGLANG_ENABLE_SCHEDULE_OVERLAP=false",
            {
                "variant": "radix cache + overlap + SGLANG_ENABLE_SCHEDULE_OVERLAP=false",
                "env": "SGLANG_ENABLE_SCHEDULE_OVERLAP=false",
            },
        ),
        ("baseline + --disable-radix-cache:", {"variant": "baseline + --disable-radix-cache"}),
        ("radix cache + CUDA graphs off", {"variant": "radix cache + CUDA graphs off"}),
    ],
)
def test_a_bare_setting_line_leads_a_third_arm_and_ends_the_side_above(lead: str, setup: dict[str, str]) -> None:
    claims = extract(_ARMS.format(lead=lead), path="t.md").claims
    got = [(c.value, c.reference, c.revision.label if c.revision else None) for c in claims]
    # (the after side keeps its references; the third arm is no side's, and the text names it no baseline)
    assert got[2:] == [(0.934, 0.812, "after"), (52.0, 55.1, "after"), (0.941, None, None), (50.3, None, None)]
    assert {k: claims[-1].config.get(k) for k in setup} == setup


@pytest.mark.parametrize("line", ["TP4 + EP gives 12% more throughput", "radix cache + overlap", "FP4 + DCP4"])
def test_a_line_that_holds_a_plus_is_no_setting_lead(line: str) -> None:
    assert setting_lead(line) is None


def test_sibling_items_naming_arms_over_one_measure_are_variants_and_no_default_leaves_them_unpaired() -> None:
    text = "MMLU score (of acme/Coder-9B):\n* slow backend:\nAccuracy: 0.700\n* quick backend:\nAccuracy: 0.720\n"
    claims = extract(text, path="t.md").claims
    assert [(c.value, c.config.get("variant"), c.config.get("task"), c.reference) for c in claims] == [
        (0.7, "slow backend", "mmlu", None),
        (0.72, "quick backend", "mmlu", None),
    ]
    assert lead_in_setup("`--attention-backend triton`:") == {"attention": "triton"}
    assert lead_in_setup("`--detok-backend turbo`:") == {"variant": "turbo"}


@pytest.mark.parametrize("gap", ["\n", "\n\n"])
def test_a_colon_lead_naming_a_method_sets_up_the_prose_result_under_it_and_no_other(gap: str) -> None:
    # (invented: each lead-in names the arm of the one result line under it, not the document's setup)
    text = (
        "# Cheaper verify step\n\nPlain decoding on Kestrel-7B came to 38.5 tok/s.\n\n"
        f"After that, Medusa heads over the same prompts:{gap}Decode speed came to 58.0 tok/s.\n\n"
        f"Next with FP8 KV cache:{gap}Decode speed came to 61.5 tok/s.\n"
    )
    got = {c.value: c.config for c in extract(text, path="t.md").claims}
    assert got[38.5].get("spec_algo", "none") == "none" and "kv_cache" not in got[38.5]
    assert got[58.0]["spec_algo"] == "medusa" and "kv_cache" not in got[58.0]
    assert got[61.5]["kv_cache"] == "fp8" and all(c["model"] == "Kestrel-7B" for c in got.values())


def test_a_colon_lead_that_opens_no_next_arm_tells_the_whole_thread() -> None:
    text = "Runs from one H200 with Kestrel-7B:\n\nDecode came to 38.5 tok/s.\n\nLater, decode came to 41.0 tok/s.\n"
    assert all(c.config.get("gpu") == "1xH200" for c in extract(text, path="t.md").claims)


def test_a_label_that_is_a_benchmarks_name_sets_the_task_not_a_variant() -> None:
    # a CI log's "GSM8K:" over its latency, score and throughput lines: the eval those lines ran, no arm
    text = (
        "```\n[e2e] accuracy check passed\nMMLU:\nTotal latency: 31.5 s\nScore: 0.712\n"
        "Output throughput: 2210.4 token/s\n```\n"
    )
    got = [(c.value, c.config.get("task"), c.config.get("variant")) for c in extract(text, path="t.md").claims]
    assert got == [(31.5, "mmlu", None), (0.712, "mmlu", None), (2210.4, "mmlu", None)]
    assert lead_in_setup("**GSM8K (200 examples):**") == {"task": "gsm8k", "samples": "200"}
    # (a measure beside the name, or a model, keeps the label an arm's)
    assert lead_in_setup("GSM8K Acc:") == {"variant": "GSM8K Acc"}
    assert lead_in_setup("Qwen3-8B GSM8K:")["variant"] == "Qwen3-8B GSM8K"


def test_a_lead_in_that_is_one_setting_s_value_names_no_variant() -> None:
    assert lead_in_setup("L40S", colon=False) == {"gpu": "L40S"}
    assert lead_in_setup("H200:") == {"gpu": "H200"}
