"""A results section stated for a range of its tool's releases: the range is the section's `release` setup, so two
sections' same rows never meet as one series (reader353 cause 2)."""

from __future__ import annotations

import pytest

from ledger.parsers.grammar.heading_setup import section_heading_setup
from ledger.vocab.release_ranges import release_range


@pytest.mark.parametrize(
    ("title", "want"),
    [
        ("Results of V>0.12.3", ">0.12.3"),
        ("Results of V<=0.12.3", "<=0.12.3"),
        ("Numbers for release 2.1 and later", ">=2.1"),
        ("Scores with version 0.9 or earlier", "<=0.9"),
        ("Results of version ≥ 1.2", ">=1.2"),
        ("Results on Llama-3.1-8B", None),
        ("Throughput of v2 kernels", None),  # (no dotted release, no range)
    ],
)
def test_a_heading_states_its_release_range(title: str, want: str | None) -> None:
    assert release_range(title) == want


def test_the_range_is_the_sections_release() -> None:
    assert section_heading_setup("Results of V>0.12.3")["release"] == ">0.12.3"


def test_a_long_hostile_heading_is_read_at_once() -> None:
    assert release_range("v" + "1." * 5000 + " and " * 2000) is None
