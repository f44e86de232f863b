"""A page's opening claim of two ratios against one baseline, restated in another version: each ratio is its own
series (the speed-up, the memory reduction), both against the baseline the sentence names, so the raised speed-up is
one series changed and the memory reduction one series unchanged (issue 26; reader241's cause G)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ledger.cli.app import app


def test_two_ratios_against_one_baseline_pair_across_versions(tmp_path: Path) -> None:
    texts = [
        "# tinyquant\n\ntinyquant speeds up checkpoints by 2x while cutting memory needs by 3x relative to BF16.\n",
        "# tinyquant\n\ntinyquant speeds up checkpoints by 3x and cuts memory needs by 3x relative to BF16.\n",
    ]
    paths = []
    for i, text in enumerate(texts, 1):
        paths.append(tmp_path / f"v{i}.md")
        paths[-1].write_text(text, encoding="utf-8")
    db = str(tmp_path / "ledger.db")
    runner = CliRunner()
    args = ["--repo", "acme/tinyquant", "--repo-path", "README.md", "--db", db]
    assert runner.invoke(app, ["ingest", *map(str, paths), *args]).exit_code == 0
    r = runner.invoke(
        app, ["compare", "acme/tinyquant:README.md", "--by", "versions", "--all", "--db", db, "-f", "json"]
    )
    assert r.exit_code == 0, r.output
    got = {
        (row["metric"], row["config"].get("against")): ([v["value"] for v in row["values"]], row["verdict"]["verdict"])
        for row in json.loads(r.stdout)["rows"]
    }
    assert got == {
        ("tinyquant speeds up checkpoints", "bf16"): ([2.0, 3.0], "improvement"),
        ("memory needs reduction", "bf16"): ([3.0, 3.0], "within noise"),
    }
