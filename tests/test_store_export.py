"""`ledger export --format parquet`: the files read back through DuckDB give the rows `ledger claims --format jsonl`
gives, carry their schema's version, read as one table across ledgers, and `--since` exports only what is new."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from _ledger_dump import ROOT
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.db.opened import OpenLedger
from ledger.db.writes import now_iso
from ledger.errors import UsageError
from ledger.ingest.run import ingest
from ledger.store.export import EXPORT_SCHEMA_VERSION, SETUP_KEYS, TABLES, export
from ledger.vocab.setup_keys import HARD_KEYS

pq = pytest.importorskip("pyarrow.parquet", reason="the parquet extra (pyarrow) is not installed")
duckdb = pytest.importorskip("duckdb", reason="duckdb (a test extra) is not installed")

PR_V1, PR_V2 = ROOT / "examples" / "pr-4821-v1.txt", ROOT / "examples" / "pr-4821-v2.txt"
SUPPORT = ROOT / "examples" / "vllm-supported-models.md"


def _ledger(db: Path) -> None:
    for r in ingest([str(PR_V1), str(PR_V2)], db, repo="example/trtllm", pr=4821, workers=1):
        assert r.ok
    assert ingest([str(SUPPORT)], db, workers=1)[0].ok


def _rows(sql: str, *params: Any) -> list[dict[str, Any]]:
    cur = duckdb.connect().execute(sql, list(params))
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]


def _as_exported(c: dict[str, Any]) -> dict[str, Any]:
    """A claim of `ledger claims --format jsonl` as its row of claims.parquet should read."""
    src, rev, value = c["source"], c["revision"] or {}, c["value"]
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return {
        "document_key": src["document"],
        "document_id": src["document_id"],
        "version": src["version"],
        "kind": c["kind"],
        "metric": c["metric"],
        "value_number": float(value) if number else None,
        "value_text": value if isinstance(value, str) else None,
        "high": c["high"],
        "approx": c["approx"],
        "unit": c["unit"],
        "reference": c["reference"],
        "outcome": c["outcome"],
        "outcome_text": c["outcome_text"],
        "sha": c["sha"],
        "passed": c["passed"],
        "failed": c["failed"],
        "skipped": c["skipped"],
        "subject": c["subject"],
        "feature": c["feature"],
        "revision_label": rev.get("label"),
        "revision_head": rev.get("head"),
        "revision_base": rev.get("base"),
        "engine": c["engine"],
        "architecture": c["architecture"],
        "models": c["models"],
        "stderr": c["stderr"],
        "stddev": c["stddev"],
        "printed": c["printed"],
        "note": c["note"],
        "parser": c["parser"],
        "source_path": src["path"],
        "line": src["line"],
        "line_end": src["line_end"],
        "text": src["text"],
        "section": src["section"],
        "config": c["config"],
    }


def test_the_claims_file_read_through_duckdb_gives_the_rows_claims_jsonl_gives(tmp_path: Path) -> None:
    db, out = tmp_path / "team.db", tmp_path / "out"
    _ledger(db)
    r = CliRunner().invoke(app, ["export", "--format", "parquet", str(out), "--db", str(db)])
    assert r.exit_code == 0, r.stderr
    assert r.stdout.startswith(f"{out}: 2 documents, 3 versions, ")
    jsonl = CliRunner().invoke(app, ["claims", "--format", "jsonl", "--db", str(db)])
    expected = [_as_exported(json.loads(line)) for line in jsonl.stdout.splitlines()]
    rows = _rows(
        "SELECT * FROM read_parquet(?) WHERE latest ORDER BY document_id, version, ordinal", str(out / "claims.parquet")
    )
    assert len(rows) == len(expected) > 50
    got = [{k: (json.loads(row[k]) if k == "config" else row[k]) for k in expected[0]} for row in rows]
    assert got == expected
    assert {row["ledger"] for row in rows} == {"team"}
    gpu = [row for row in rows if row["setup_gpu"]]
    assert gpu and all(json.loads(row["setup"])["gpu"] == row["setup_gpu"] for row in gpu)  # the canonical setup
    every = _rows("SELECT COUNT(*) AS n FROM read_parquet(?)", str(out / "claims.parquet"))[0]["n"]
    assert every > len(rows)  # older versions' claims too, with latest false
    cells = _rows(
        "SELECT subject, feature, value FROM read_parquet(?) ORDER BY claim_id", str(out / "support_cells.parquet")
    )
    assert len(cells) > 20 and all(c["subject"] for c in cells)


def test_each_file_carries_its_schema_version_and_the_documented_columns(tmp_path: Path) -> None:
    db, out = tmp_path / "l.db", tmp_path / "out"
    _ledger(db)
    export(OpenLedger(db), out)
    for table, columns in TABLES.items():
        schema = pq.read_schema(out / f"{table}.parquet")
        assert schema.metadata[b"ledger.export_schema"] == str(EXPORT_SCHEMA_VERSION).encode()
        assert schema.names == [c for c, _ in columns]
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["export_schema"] == EXPORT_SCHEMA_VERSION and manifest["rows"]["documents"] == 2
    docs = (ROOT / "docs" / "export.md").read_text(encoding="utf-8")
    for table, columns in TABLES.items():  # every column is documented
        assert f"`{table}.parquet`" in docs
        assert all(f"`{c}`" in docs for c, _ in columns if not c.startswith("setup_")), table
    # a canonical setup key added since schema 1 needs a column of its own, and so a new schema version
    assert set(HARD_KEYS) <= set(SETUP_KEYS)


def test_duckdb_reads_the_exports_of_several_ledgers_as_one_table(tmp_path: Path) -> None:
    for name in ("runner1", "runner2"):
        db = tmp_path / f"{name}.db"
        _ledger(db)
        export(OpenLedger(db), tmp_path / "exports" / name)
    rows = _rows(
        "SELECT ledger, COUNT(*) AS n FROM read_parquet(?) WHERE latest GROUP BY ledger ORDER BY ledger",
        str(tmp_path / "exports" / "*" / "claims.parquet"),
    )
    assert [r["ledger"] for r in rows] == ["runner1", "runner2"] and rows[0]["n"] == rows[1]["n"] > 0


def test_since_exports_only_what_was_written_since(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    assert ingest([str(PR_V1)], db, repo="example/trtllm", pr=4821, workers=1)[0].ok
    between = now_iso()
    assert ingest([str(SUPPORT)], db, workers=1)[0].ok
    done = export(OpenLedger(db), tmp_path / "inc", since=between)
    assert done.rows["documents"] == 1 and done.rows["versions"] == 1
    keys = {
        r["document_key"]
        for r in _rows("SELECT document_key FROM read_parquet(?)", str(tmp_path / "inc" / "claims.parquet"))
    }
    assert keys == {str(SUPPORT)}
    assert export(OpenLedger(db), tmp_path / "later", since="2999-01-01").rows == dict.fromkeys(TABLES, 0)
    from ledger.store.reextract import reextract

    after = now_iso()
    assert export(OpenLedger(db), tmp_path / "none", since=after).rows["versions"] == 0
    assert len(list(reextract(db, mode="all", workers=1))) == 2  # re-extracted versions are new to an export
    assert export(OpenLedger(db), tmp_path / "again", since=after).rows["versions"] == 2
    with pytest.raises(UsageError, match="expected a date or time"):
        export(OpenLedger(db), tmp_path / "bad", since="last tuesday")


def test_without_pyarrow_the_command_says_which_extra_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "l.db"
    _ledger(db)
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    r = CliRunner().invoke(app, ["export", str(tmp_path / "out"), "--db", str(db)])
    assert r.exit_code == 2 and "pr-evidence-ledger[parquet]" in r.stderr
