"""The full-text index as sqlite-utils creates it, and the views of the canned questions (migrations 0010, 0011)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from sqlite_utils import Database

from ledger.db.connection import open_database
from ledger.db.reads import ClaimFilter, claims
from ledger.db.schema import CLAIMS_FTS_SQL, VIEWS
from ledger.ingest.run import ingest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = [str(ROOT / "examples" / "pr-4821-v1.txt"), str(ROOT / "examples" / "pr-4821-v2.txt")]


def _ledger(tmp_path: Path) -> Path:
    db = tmp_path / "ledger.db"
    assert all(r.ok for r in ingest(EXAMPLES, db, repo="example/trtllm", pr=4821))
    return db


def test_fts_is_declared_exactly_as_sqlite_utils_enable_fts_declares_it(tmp_path: Path) -> None:
    scratch = Database(tmp_path / "scratch.db")
    scratch["claims"].create({"id": int, "text": str, "metric": str, "note": str, "section": str}, pk="id")
    scratch["claims"].enable_fts(["text", "metric", "note", "section"], tokenize="unicode61 remove_diacritics 2")
    assert scratch["claims_fts"].schema == CLAIMS_FTS_SQL
    ledger = open_database(_ledger(tmp_path))
    assert ledger["claims_fts"].schema == CLAIMS_FTS_SQL
    assert ledger["claims"].detect_fts() == "claims_fts"


def test_sqlite_utils_search_and_the_ledger_search_agree(tmp_path: Path) -> None:
    db = _ledger(tmp_path)
    ledger = open_database(db)
    via_utils = {row["id"] for row in ledger["claims"].search("gsm8k", columns=["id"])}
    via_ledger = {c["source"]["line"] for c in claims(ledger, ClaimFilter(search="gsm8k", all_versions=True))}
    assert via_utils and len(via_utils) == len(claims(ledger, ClaimFilter(search="gsm8k", all_versions=True)))
    assert via_ledger
    cli = subprocess.run(
        [sys.executable, "-m", "sqlite_utils", "search", str(db), "claims", "gsm8k", "-c", "id"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert {row["id"] for row in json.loads(cli.stdout)} == via_utils


def test_an_older_ledger_gets_the_new_index_rebuilt_and_the_views(tmp_path: Path) -> None:
    db = _ledger(tmp_path)
    conn = sqlite3.connect(db)
    n_claims = conn.execute("SELECT COUNT(*) FROM claims").fetchone()[0]
    # take the ledger back to schema 9: the old declaration, no views, and an index that a rebuild must refill
    conn.executescript("""
        DROP VIEW pr_claims; DROP VIEW metric_values; DROP VIEW support_cells; DROP VIEW ci_runs;
        DROP TABLE claims_fts;
        CREATE VIRTUAL TABLE claims_fts USING fts5(text, metric, note, section, content='claims', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2');
        DELETE FROM _sqlite_migrations WHERE name IN ('0010_claims_fts_as_sqlite_utils', '0011_views',
                                                       '0012_support_cells_engine');
        PRAGMA user_version = 9;
    """)
    conn.close()
    ledger = open_database(db)
    assert ledger["claims"].detect_fts() == "claims_fts"
    hits = ledger.execute("SELECT COUNT(*) FROM claims_fts WHERE claims_fts MATCH 'gsm8k'").fetchone()[0]
    assert hits == len(claims(ledger, ClaimFilter(search="gsm8k", all_versions=True))) > 0
    assert ledger.execute("SELECT COUNT(*) FROM metric_values").fetchone()[0] > 0
    assert ledger.execute("SELECT COUNT(*) FROM claims").fetchone()[0] == n_claims


def test_new_claims_are_indexed_and_deleted_ones_leave_the_index(tmp_path: Path) -> None:
    db = _ledger(tmp_path)
    ledger = open_database(db)
    assert (
        ledger.execute("SELECT COUNT(*) FROM claims_fts").fetchone()[0]
        == ledger.execute("SELECT COUNT(*) FROM claims").fetchone()[0]
    )
    before = ledger.execute("SELECT COUNT(*) FROM claims_fts WHERE claims_fts MATCH 'gsm8k'").fetchone()[0]
    with ledger.atomic():
        ledger.execute(
            "DELETE FROM claims WHERE id = (SELECT MIN(rowid) FROM claims_fts WHERE claims_fts MATCH 'gsm8k')"
        )
    assert ledger.execute("SELECT COUNT(*) FROM claims_fts WHERE claims_fts MATCH 'gsm8k'").fetchone()[0] == before - 1
    ledger.execute("INSERT INTO claims_fts (claims_fts) VALUES ('integrity-check')")  # raises when out of step


def test_views_answer_what_the_library_answers(tmp_path: Path) -> None:
    db = _ledger(tmp_path)
    ledger = open_database(db)
    assert set(VIEWS) <= set(ledger.view_names())
    newest = claims(ledger, ClaimFilter(repo="example/trtllm"))
    assert ledger.execute("SELECT COUNT(*) FROM pr_claims").fetchone()[0] == len(newest)
    every = claims(ledger, ClaimFilter(all_versions=True))
    numeric = [
        c for c in every if c["kind"] in ("accuracy", "acceptance", "perf") and isinstance(c["value"], (int, float))
    ]
    rows = ledger.execute("SELECT claim_id, version, value, latest FROM metric_values").fetchall()
    assert len(rows) == len(numeric)
    assert sorted(r[2] for r in rows) == sorted(c["value"] for c in numeric)
    assert {r[1] for r in rows} == {1, 2} and {r[3] for r in rows} == {0, 1}
    assert ledger.execute("SELECT COUNT(*) FROM support_cells").fetchone()[0] == 0
    assert "engine" in {c.name for c in ledger["support_cells"].columns}
