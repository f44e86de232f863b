"""A sentence that opens with a lead-in clause ("For example, with 8k prompts on two L40S cards, ...", "At 16k
tokens on a desktop CPU, ...") names its value by the measure's own words after that clause, never by the clause:
the clause's setup is read where the setup readers read it, not kept in the measure's name."""

from __future__ import annotations

import pytest

from ledger.parsers import extract


@pytest.mark.parametrize(
    ("line", "metric"),
    [
        ("In short, at 16k tokens on a desktop CPU, prompt processing is 2.1X faster.", "prompt processing"),
        ("For example, with 8k prompts on two L40S cards, prefill runs about 1.4X faster than the base.", "prefill"),
        ("At batch 64 on one H100, decode gets about 1.2X faster than before.", "decode"),
    ],
)
def test_a_lead_in_clause_is_no_part_of_the_measure_name(line: str, metric: str) -> None:
    claims = [c for c in extract(f"# Faster attention\n\n{line}\n", "l.md").claims if c.kind == "perf"]
    assert [(c.metric or "").startswith(metric) and "," not in (c.metric or "") for c in claims] == [True]


def test_a_name_with_a_comma_of_its_own_keeps_it() -> None:
    text = "# Faster attention\n\nPrefill, decode and sampling together are 1.3X faster now.\n"
    claims = extract(text, "l.md").claims
    assert [c.metric for c in claims if c.kind == "perf"] != ["sampling together speedup"]


@pytest.mark.parametrize(
    "line",
    [
        "For instance, at 16k tokens on a Threadripper-3970X CPU, PP is about 1.5X faster for `Foo-8B`, and 1.9X "
        "faster for `Bar-3B` than on main.",
        "At 16k tokens, PP is about 1.5X faster than main.",
        "In practice, at batch 8, TG is about 1.2x faster than the base build.",
    ],
)
def test_a_short_speed_name_after_a_lead_in_names_the_speedup(line: str) -> None:
    """ "PP" and "TG" (llama.cpp's prompt and generation speeds) after a lead-in clause are the measure the ratio
    speeds up, neither a unit's name (percentage points) nor the bare comparative after the value ("faster")."""
    claims = [c for c in extract(f"# Faster attention\n\n{line}\n", "l.md").claims if c.kind == "perf"]
    assert claims and all(c.metric in ("PP speedup", "TG speedup") for c in claims)
    assert claims[0].metric == ("TG speedup" if "TG" in line else "PP speedup")


def test_a_lowercase_phase_word_names_its_own_change_and_the_next_value_keeps_its_measure() -> None:
    # "prefill" written as a word is no llama.cpp "PP": the share after it keeps the measure it names, with its sign
    text = "**In short: same decode speed, +45% prefill at 2K, 60% less KV memory.**\n"
    got = [(c.metric, c.value) for c in extract(text, path="t.md").claims]
    assert got == [("prefill", 45.0), ("KV memory", -60.0)], got
