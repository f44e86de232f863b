"""sglang.bench_serving prints a run's mean output rate and its peak one: two series, each compared with its own."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.vocab.metrics import normalise_metric

FIX = Path(__file__).parent / "fixtures" / "report"


def test_the_peak_rate_is_a_series_of_its_own() -> None:
    assert normalise_metric("Peak output token throughput (tok/s)", "perf").name == "peak output throughput"
    assert normalise_metric("Output token throughput (tok/s)", "perf").name == "output throughput"


def test_peak_is_compared_with_peak_and_mean_with_mean(tmp_path: Path) -> None:
    args = ["compare", str(FIX / "peak_and_mean_output.md"), "-f", "json", "--db", str(tmp_path / "x.db")]
    r = CliRunner().invoke(app, args, env={"LEDGER_DB": ""})
    assert r.exit_code == 0, r.stderr
    pairs = {
        (v["old"]["value"], v["new"]["value"])
        for row in json.loads(r.stdout)["rows"]
        if (v := row["verdict"]).get("old") and v.get("new")
    }
    assert pairs == {(2210.4, 2298.75), (2804.0, 2790.0)}
