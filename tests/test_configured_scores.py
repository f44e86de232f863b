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
