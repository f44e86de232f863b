"""A gate its sentence says a stage of the pull request met or failed carries that stage (gates.stage_gates), and a
gate an earlier stage failed is no failure of the change as it stands (report.stage_gates)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.parsers.pipeline import extract

FIX = Path(__file__).parent / "fixtures"
runner = CliRunner()


def _gates(rel: str) -> dict[str, tuple[str | None, str | None]]:
    path = FIX / rel
    claims = extract(path.read_text(encoding="utf-8"), str(path)).claims
    return {str(c.metric): (c.outcome, c.revision.label if c.revision else None) for c in claims if c.kind == "gate"}


def test_a_gate_takes_the_stage_its_sentence_names() -> None:
    gates = _gates("revisions/stage_heads_bare.md")
    assert gates["MMLU check"] == ("pass", "second head")
    assert gates["natural MMLU"] == ("fail", "post-rebase")  # ("that head failed": the sentence's stage)


def test_an_earlier_stage_failing_is_said_but_not_counted(tmp_path: Path) -> None:
    r = runner.invoke(
        app,
        ["report", str(FIX / "gates/earlier_stage_gate.md"), "--db", str(tmp_path / "x.db")],
        env={"COLUMNS": "200", "LEDGER_DB": ""},
    )
    assert r.exit_code == 0, r.stderr
    out = " ".join(r.stdout.split())
    assert "(1 fail)" not in out and "fail: MMLU" not in out
    assert "failed earlier: MMLU (failed on the earlier corrected-head stage" in out
