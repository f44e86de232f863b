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
