"""A list of one benchmark's scores keyed by configuration (formats/configured_scores.py): each item an accuracy of
that benchmark under its label's setup, none another's reference; a list naming measures, or led by no score word,
is not one."""

from __future__ import annotations

from ledger.parsers import extract

LIST = "Recorded mmlu scores:\n\n- **without speculation:** 71.20\n- **MTP draft length 2:** 71.05\n"


def test_each_item_is_the_benchmarks_score_under_its_label() -> None:
    claims = extract(LIST, path="t.md").claims
    assert [(c.kind, c.metric, c.value, c.reference) for c in claims] == [
        ("accuracy", "mmlu", 71.2, None),
        ("accuracy", "mmlu", 71.05, None),
    ]
    assert claims[1].config.get("draft_len") == "2" and claims[1].config.get("spec_algo") == "mtp"


def test_items_naming_measures_are_no_configurations() -> None:
    text = "Recorded gsm8k scores:\n\n- **strict-match:** 0.91\n- **flexible-extract:** 0.93\n"
    assert all(c.metric != "gsm8k" for c in extract(text, path="t.md").claims)


def test_two_sides_under_the_task_alone_are_a_score_and_its_reference() -> None:
    # the precision the candidate's label names is its setup, not a revision; a side named alone is a revision
    text = "gpqa\n\n- Before BF16: 0.512\n- After FP8: 0.507\n\nmmlu\n\n- Before: 0.700\n- After: 0.705\n"
    claims = extract(text, path="t.md").claims
    assert [(c.metric, c.value, c.reference) for c in claims] == [("gpqa", 0.507, 0.512), ("mmlu", 0.705, 0.7)]
    assert claims[0].revision is None and claims[0].config.get("quant") == "fp8"
    assert claims[1].revision is not None and claims[1].revision.label == "After"


def test_a_task_alone_over_items_that_are_no_two_sides_is_no_list() -> None:
    text = "gsm8k\n\n- TP2: 0.91\n- TP4: 0.92\n"
    assert all(c.metric != "gsm8k" or c.config.get("task") != "gsm8k" for c in extract(text, path="t.md").claims)
