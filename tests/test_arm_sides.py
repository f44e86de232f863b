"""The baseline arm recognised as the baseline side (reader322's cause 3): interleaved arm columns under a sentence
that names the baseline arm, and a side-less block that differs from the "This PR" block in one switch."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.model import Claim
from ledger.parsers import extract

FIX = Path(__file__).parent / "fixtures" / "tables"


def _claims(name: str) -> list[Claim]:
    path = FIX / name
    return extract(path.read_text(), path=str(path)).claims


def test_the_named_baseline_arms_cells_are_references_and_thousands_are_values() -> None:
    claims = [c for c in _claims("interleaved_arm_columns.md") if c.kind == "perf"]
    first = {(c.source.line, c.value): c.reference for c in claims if c.source.line in (7, 8)}
    # (the direct arm is the baseline the sentence names: no claim of its own, each its partner's reference)
    assert first == {(7, 1871.0): 1904.0, (7, 0.31): 0.54, (8, 8915.0): 5230.0, (8, 0.822): 21.7}
    # "against a plain svc route": the route arm's columns are the picker's references
    assert {c.value: c.reference for c in claims if c.source.line == 16} == {3480.0: 3120.0, 22.9: 24.1}
    # two arms the text ranks neither way stay two series, and "3,120" is a result, never a setting
    unranked = [c for c in claims if c.source.line == 22]
    assert sorted(c.value for c in unranked if c.value) == [22.9, 24.1, 3120.0, 3480.0]
    assert all(c.reference is None and "alpha_output" not in c.config for c in unranked)


def test_a_block_without_the_switch_is_the_side_this_pr_is_judged_against() -> None:
    claims = _claims("switched_blocks_sides.md")
    labels = {c.source.line: c.revision.label if c.revision else None for c in claims if c.kind == "perf"}
    assert labels[8] == "overlap off" and labels[16] == "This PR"
    assert all("overlap" not in c.config for c in claims)
    r = CliRunner().invoke(app, ["compare", str(FIX / "switched_blocks_sides.md"), "-f", "json"], env={"LEDGER_DB": ""})
    assert r.exit_code == 0, r.stderr
    verdicts = {row["metric"]: row["verdict"]["verdict"] for row in json.loads(r.stdout)["rows"]}
    assert verdicts and set(verdicts.values()) == {"improvement"}
