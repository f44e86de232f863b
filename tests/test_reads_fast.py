"""The read path's shortcuts (issue 6, figure 4) give exactly what the slow path gave.

ledger/db/reads.py spells out the contract's field order and the schema version so a read command loads neither
the pydantic model nor sqlite-utils; these tests hold those copies to the originals, and the row decoder
to claim_from_row.
"""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ledger.db import DocumentIdentity, PreparedVersion, open_database, write_version
from ledger.db.reads import (
    CLAIM_FIELDS,
    READ_MIGRATIONS,
    READ_SCHEMA_VERSION,
    STRUCTURED_FIELDS,
    ClaimFilter,
    claim_decoder,
    claim_from_row,
    claims,
    open_reader,
)
from ledger.db.schema import MIGRATION_NAMES, SCHEMA_VERSION
from ledger.db.writes import SCALAR_FIELDS
from ledger.errors import DatabaseError, NotALedger, SchemaTooNew
from ledger.model import Claim

ROOT = Path(__file__).resolve().parent.parent


def test_the_copies_match_the_model_the_writer_and_the_migrations() -> None:
    assert tuple(Claim.model_fields) == CLAIM_FIELDS
    assert [f for f in CLAIM_FIELDS if f not in STRUCTURED_FIELDS] == list(SCALAR_FIELDS)
    assert READ_MIGRATIONS == MIGRATION_NAMES
    assert READ_SCHEMA_VERSION == SCHEMA_VERSION


def _claim(line: int, **over: Any) -> dict[str, Any]:
    c: dict[str, Any] = {
        "kind": "accuracy",
        "metric": "gsm8k",
        "value": 71.19,
        "high": None,
        "approx": False,
        "unit": "%",
        "reference": 71.8,
        "outcome": None,
        "outcome_text": None,
        "sha": None,
        "passed": None,
        "failed": None,
        "skipped": None,
        "subject": None,
        "feature": None,
        "revision": {"label": "Final head", "head": "b7a3e2d915", "base": None},
        "config": {"mtp": "3"},
        "source": {
            "path": "pr.md",
            "line": line,
            "line_end": line,
            "text": f"gsm8k 71.19 line {line}",
            "section": ["Tests", "Final head"],
        },
        "stderr": None,
        "stddev": None,
        "printed": "71.19",
        "note": None,
        "parser": "prose/1",
        "engine": None,
        "architecture": None,
        "models": None,
    }
    c.update(over)
    return c


def _ledger(path: Path) -> None:
    db = open_database(path)
    batch = [
        _claim(3),
        _claim(
            4,
            revision=None,
            config={},
            approx=True,
            value="yes",
            kind="support",
            subject="Llama",
            source={"path": None, "line": 4, "line_end": 5, "text": "Llama | yes", "section": []},
        ),
        _claim(6, comparator=">="),  # a field the model may gain later: kept in `extra`
        _claim(
            7,
            config={"mtp": "3"},
            source={
                "path": "pr.md",
                "line": 7,
                "line_end": 7,
                "text": "t",
                "section": ["Tests", "Final head"],
                "column": 2,
            },
        ),
    ]
    text = "fast path"
    write_version(
        db,
        PreparedVersion(
            identity=DocumentIdentity(key="example/x#1", repo="example/x", pr=1),
            sha256=hashlib.sha256(text.encode()).hexdigest(),
            text=text,
            parser_version="prose/1",
            claims=batch,
            format="markdown",
            source_path="pr.md",
            sections=[],
            revisions=[("Final head", "b7a3e2d915", None, 2, 2)],
            warnings=[],
        ),
    )
    db.close()


def test_decoder_equals_claim_from_row(tmp_path: Path) -> None:
    _ledger(tmp_path / "l.db")
    conn = sqlite3.connect(tmp_path / "l.db")
    cur = conn.execute(
        "SELECT c.*, d.key AS document_key, v.sha256 AS document_sha256, v.version AS "
        "document_version FROM claims c JOIN documents d ON d.id = c.document_id "
        "JOIN document_versions v ON v.id = c.version_id ORDER BY c.id"
    )
    names = [d[0] for d in cur.description]
    rows = cur.fetchall()
    decode = claim_decoder(names)
    for row in rows:
        slow = claim_from_row(dict(zip(names, row, strict=True)))
        fast = decode(row)
        assert fast == slow
        assert list(fast) == list(slow) and list(fast["source"]) == list(slow["source"])  # the same key order
    first, second = decode(rows[0]), decode(rows[0])
    first["source"]["section"].append("x")
    first["config"]["y"] = "1"
    assert second["source"]["section"] == ["Tests", "Final head"] and second["config"] == {"mtp": "3"}


def test_open_reader_reads_a_current_ledger_without_sqlite_utils(tmp_path: Path) -> None:
    _ledger(tmp_path / "l.db")
    reader = open_reader(tmp_path / "l.db")
    assert isinstance(reader, sqlite3.Connection)
    assert [c["source"]["line"] for c in claims(reader, ClaimFilter())] == [3, 4, 6, 7]
    reader.close()
    code = (
        "import sys; from ledger import query; from ledger.db.opened import OpenLedger; "
        f"n = len(query.claims(OpenLedger({str(tmp_path / 'l.db')!r}), query.ClaimFilter(metric='gsm8k'))); "
        "print(n, 'sqlite_utils' in sys.modules, 'ledger.model' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.split() == ["4", "False", "False"]


def test_open_reader_leaves_the_rest_to_open_database(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="no ledger database"):
        open_reader(tmp_path / "missing.db")
    assert not (tmp_path / "missing.db").exists()
    notes = tmp_path / "notes.db"
    notes.write_text("not a database\n" * 30)
    with pytest.raises(NotALedger, match="not a SQLite database"):
        open_reader(notes)
    _ledger(tmp_path / "old.db")
    conn = sqlite3.connect(tmp_path / "old.db")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")  # looks older: open_database checks and migrates it
    conn.close()
    reader = open_reader(tmp_path / "old.db")
    assert not isinstance(reader, sqlite3.Connection)
    assert len(claims(reader, ClaimFilter())) == 4
    reader.close()
    conn = sqlite3.connect(tmp_path / "old.db")
    conn.execute("UPDATE _sqlite_migrations SET name = '0005_someone_elses' WHERE name = ?", [MIGRATION_NAMES[-1]])
    conn.commit()
    conn.close()
    with pytest.raises(SchemaTooNew):  # an applied migration this code does not know: refused as before
        open_reader(tmp_path / "old.db")
