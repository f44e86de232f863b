"""A lead-in's name for the block under it: the variant or arm it names."""

from __future__ import annotations

from ledger.parsers import extract
from ledger.parsers.grammar.lead_ins import lead_in_setup


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
