"""A sweep grid whose rows are arms of one measure (report.arms): the arm the text proposes, against every other
arm column by column; none judged when no arm, or more than one, is marked."""

from __future__ import annotations

import pytest

from ledger.parsers import extract
from ledger.report.arms import AHEAD, BEHIND, LEVEL, arm_findings
from ledger.vocab.proposed_arms import marks_proposed, named_in

_NAMED_IN_TITLE = """# Pick the prefill chunk per load with TunedChunk

Output throughput (tok/s), mean of 3 runs:

Config | C=1 | C=4 | C=16 | C=64
-- | -- | -- | -- | --
Fixed chunk 256 | 90 | 300 | 900 | 2000
Fixed chunk 512 | 95 | 310 | 950 | 2300
TunedChunk | 101 | 330 | 955 | 2100
"""

_MARKED_OURS = """# Scheduler sweep

Mean TPOT (ms) per batch size:

Config | BS=1 | BS=8 | BS=32
-- | -- | -- | --
Round robin | 12.0 | 15.0 | 30.0
Least loaded | 11.5 | 14.0 | 26.0
Weighted (ours) | 10.0 | 14.1 | 27.5
"""


def test_the_arm_a_title_names_is_set_against_the_best_other_arm_per_column() -> None:
    summaries, columns = arm_findings(extract(_NAMED_IN_TITLE, "g.md").claims, {})
    assert [f.verdict for f in summaries] == [BEHIND]
    assert "ahead of every other arm at C=1, C=4" in summaries[0].text
    assert "level with the best other arm at C=16" in summaries[0].text
    assert "behind another arm at C=64 (Fixed chunk 512)" in summaries[0].text
    said = [(f.text.split("[")[1].split("]")[0], f.verdict) for f in columns]
    assert said == [("C=1", AHEAD), ("C=4", AHEAD), ("C=16", "level with the best other arm"), ("C=64", BEHIND)]


def test_a_label_marks_the_proposed_arm_and_a_time_is_better_lower() -> None:
    summaries, columns = arm_findings(extract(_MARKED_OURS, "g.md").claims, {})
    assert [f.verdict for f in summaries] == [BEHIND] and "Weighted (ours) against 2 other arms" in summaries[0].text
    assert [f.verdict for f in columns] == [AHEAD, "level with the best other arm", BEHIND]
    level = _MARKED_OURS.replace("| 27.5", "| 26.1")
    assert [f.verdict for f in arm_findings(extract(level, "g.md").claims, {})[0]] == [LEVEL]


@pytest.mark.parametrize(
    "text",
    [
        _MARKED_OURS.replace("Weighted (ours)", "Weighted"),  # no arm marked: no guess
        _NAMED_IN_TITLE.replace("Fixed chunk 256", "New chunker"),  # two marked: no guess
    ],
)
def test_no_arm_or_two_marked_is_no_verdict(text: str) -> None:
    assert arm_findings(extract(text, "g.md").claims, {}) == ([], [])


def test_the_words_that_mark_an_arm() -> None:
    assert [marks_proposed(a) for a in ("AutoSpec", "This PR", "Proposed", "new scheduler", "ours")] == [True] * 5
    assert [marks_proposed(a) for a in ("Static 1_1_2", "Default auto", "Baseline", "main", "renewed")] == [False] * 5
    assert named_in("AutoSpec", "Add AutoSpec to tune") and not named_in("Spec", "Add AutoSpec to tune")
