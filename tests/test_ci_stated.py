"""A thread with no CI bot result and no head: `report` says what the text does state (report.ci_stated), a run a
trigger command started with the build it links, and the CI verdicts written in prose, never "no CI run"."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.parsers import extract
from ledger.report.ci_stated import prose_ci, triggered_run

FIX = Path(__file__).parent / "fixtures" / "report"


def test_a_trigger_command_and_its_build_link_are_a_run_without_result() -> None:
    lines = ["Numbers above.", "", "/test all", "", "Watching https://github.com/o/r/actions/runs/998877 now"]
    words, line = triggered_run(lines)
    assert (line, "/test all" in words, "998877" in words, "not in the thread" in words) == (3, True, True, True)


def test_a_slash_in_prose_is_no_trigger() -> None:
    assert triggered_run(["We run /ci run-style checks nightly.", "see builds/12"]) == ("", 0)


def test_ci_verdicts_in_prose_are_the_state_worst_first() -> None:
    text = "- All CUDA CI tests passed\n- Most of ROCm CI tests passed, the rest is unrelated to this change.\n"
    stated = prose_ci(extract(text, path="t.md").claims)
    assert stated is not None and stated[0] == "waived" and "CUDA CI tests: pass" in stated[1]


def test_report_says_the_run_was_triggered_not_that_there_is_none(tmp_path: Path) -> None:
    args = ["report", str(FIX / "ci_triggered_no_result.md"), "--db", str(tmp_path / "x.db")]
    r = CliRunner().invoke(app, args, env={"COLUMNS": "200", "LEDGER_DB": ""})
    assert r.exit_code == 0, r.stderr
    assert "no CI run" not in r.stdout and "CI triggered (/ci run, build 4242)" in r.stdout
