"""A rerun of a check inherits the setup stated for its first run (grammar.rerun_setups), on its own revision."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers import extract
from ledger.vocab.rerun_words import states_rerun

_FIXTURE = Path(__file__).parent / "fixtures" / "setup" / "rerun_inherits_setup.md"


@pytest.mark.parametrize(
    ("text", "rerun"),
    [
        ("Reran after the rebase on 7be2d41: gsm8k 0.951, same command.", True),
        ("Re-tested on the latest commit c0ffee9 with TP=4: accuracy 0.948.", True),
        ("I moved the sync out of the loop and ran it again: 1910.5 tok/s.", True),
        ("Same command on the final head:", True),
        # asked for, promised, denied, or a CI job's: no run of the check
        ("Could you rerun it on one H100 as well? MMLU there was 0.702 for me.", False),
        ("I'll re-run this after the weekend.", False),
        ("These numbers have not been rerun on the rebased head.", False),
        ("Rerun the failed CI please.", False),
        ("Re-running tests now.", False),
        ("Accuracy check on Qwen3-30B-A3B, 2xH200, TP=2:", False),
    ],
)
def test_rerun_words(text: str, rerun: bool) -> None:
    assert states_rerun(text) is rerun


def _by_line() -> dict[int, dict[str, str]]:
    claims = extract(_FIXTURE.read_text(encoding="utf-8"), path="x.md").claims
    return {c.source.line: c.config for c in claims if c.kind == "accuracy" and c.metric != "Invalid"}


def test_a_rerun_takes_the_first_runs_setup_and_keeps_its_own_revision_and_restated_keys() -> None:
    got = _by_line()
    first = {"model": "Qwen3-30B-A3B", "gpu": "2xH200", "tp": "2", "task": "gsm8k", "n_shot": "5"}
    assert got[8] == first
    assert got[14] == first  # "Reran after the rebase": the first run's setup
    assert got[18] == {**first, "tp": "4"}  # "with TP=4, otherwise the same command": its own TP
    assert got[37] == first  # a rerun's paste under its lead-in: the run it repeats, not the TP=4 rerun
    claims = extract(_FIXTURE.read_text(encoding="utf-8"), path="x.md").claims
    heads = {c.source.line: c.revision.head if c.revision else None for c in claims if c.kind == "accuracy"}
    assert (heads[18], heads[37]) == ("c0ffee9", "9d8e7f6")


def test_a_rerun_only_asked_for_or_of_another_check_inherits_nothing() -> None:
    got = _by_line()
    assert "n_shot" not in got[42] and got[42].get("model") is None  # "Could you rerun ...? MMLU there was 0.702"
    assert "task" not in got[30]  # MMLU in another turn: no rerun of the gsm8k check
