"""A damaged ledger or a full disk (issue 14, Low items): `ingest` does not append to a ledger that fails
`PRAGMA quick_check`; a corrupt cell costs its row of an export, not the export; a disk that fills up halfway
through an ingest keeps what was committed, exits 1, and says in one line what was not stored.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from ledger.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
V1, V2 = ROOT / "examples" / "pr-4821-v1.txt", ROOT / "examples" / "pr-4821-v2.txt"
runner = CliRunner()


def run(*args: str) -> Result:
    r = runner.invoke(app, list(args))
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
    assert "Traceback" not in r.stdout + r.stderr
    return r


def errors(r: Result) -> list[str]:
    return [line for line in r.stderr.splitlines() if not line.startswith(("ledger: warning:", "ledger: note:"))]


def _digest(db: Path) -> str:
    return hashlib.sha256(db.read_bytes()).hexdigest()


def _checkpointed(tmp_path: Path) -> Path:
    db = tmp_path / "l.db"
    assert run("ingest", str(V1), str(V2), "--repo", "example/trtllm", "--pr", "4821", "--db", str(db)).exit_code == 0
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return db


def test_ingest_refuses_a_ledger_that_fails_quick_check(tmp_path: Path) -> None:
    db = _checkpointed(tmp_path)
    conn = sqlite3.connect(db)
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    (root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'idx_claims_kind'").fetchone() or (None,)
    if root is None:
        (root,) = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY rootpage DESC LIMIT 1"
        ).fetchone()
    conn.close()
    with open(db, "r+b") as fh:  # a b-tree page's header and cell pointers overwritten: a torn write, a bad disk
        fh.seek((root - 1) * page_size)
        fh.write(b"\x0d" + b"\xff" * 63)
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA quick_check").fetchone()[0] != "ok"  # the damage is real
    conn.close()
    before = _digest(db)
    other = tmp_path / "other.md"
    other.write_text(V1.read_text().replace("71.65", "70.05"))
    r = run("ingest", str(other), "--db", str(db))
    assert r.exit_code == 2
    (line,) = errors(r)
    assert line.startswith(f"ledger: {db}: damaged: PRAGMA quick_check found ") and "not adding to it" in line, line
    assert _digest(db) == before


def test_a_corrupt_cell_costs_its_row_of_an_export_not_the_export(tmp_path: Path) -> None:
    db = _checkpointed(tmp_path)
    whole = [
        json.loads(line) for line in run("claims", "--all-versions", "--db", str(db), "-f", "jsonl").stdout.splitlines()
    ]
    conn = sqlite3.connect(db)
    ids = [r[0] for r in conn.execute("SELECT id FROM claims ORDER BY document_id, version_id, ordinal")]
    # written by another tool: SQLite stores any bytes as TEXT, and JSON columns hold whatever was put there
    conn.execute("UPDATE claims SET text = CAST(x'67736d386bff' AS TEXT) WHERE id = ?", [ids[3]])
    conn.execute("UPDATE claims SET config = '{not json' WHERE id = ?", [ids[10]])
    conn.commit()
    conn.close()
    for fmt in ("jsonl", "csv", "json", "table"):
        r = run("claims", "--all-versions", "--limit", "1000", "--db", str(db), "-f", fmt)
        assert r.exit_code == 0, (fmt, r.stderr)
        notes = [line for line in r.stderr.splitlines() if line.startswith("ledger: note:")]
        assert len(notes) == 2 and all("left out" in n for n in notes), (fmt, r.stderr)
        assert f"claim {ids[3]}" in notes[0] and f"claim {ids[10]}" in notes[1]
        if fmt == "jsonl":
            got = [json.loads(line) for line in r.stdout.splitlines()]
            assert len(got) == len(whole) - 2
            assert got == [c for i, c in enumerate(whole) if i not in (3, 10)]


# ---- a full disk -------------------------------------------------------------------------------------------------


def _documents(folder: Path, n: int) -> Path:
    folder.mkdir()
    base = V2.read_text()
    for i in range(n):
        (folder / f"doc{i:03d}.txt").write_text(base.replace("71.19", f"71.{i:02d}") + f"\nrun {i}\n")
    return folder


@pytest.fixture()
def small_disk(tmp_path: Path) -> Iterator[Path]:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a file system needs root")
    mnt = tmp_path / "disk"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(mnt)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def _check_full_disk_run(r: Result, db: Path, n_docs: int) -> int:
    assert r.exit_code == 1, r.stderr
    stored = r.stdout.splitlines()
    assert stored and all(line.startswith("new ") for line in stored)
    (line,) = errors(r)
    assert "the disk is full" in line and "not stored" in line and "run the same command again" in line, line
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT COUNT(*) FROM document_versions").fetchone()[0] == len(stored)
    finally:
        conn.close()
    assert len(stored) < n_docs
    return len(stored)


def test_a_full_disk_halfway_keeps_what_was_stored_and_says_what_was_not(tmp_path: Path, small_disk: Path) -> None:
    docs = _documents(tmp_path / "docs", 150)
    db = small_disk / "l.db"
    r = run("ingest", str(docs), "--db", str(db), "--workers", "1")
    stored = _check_full_disk_run(r, db, 150)
    subprocess.run(["mount", "-o", "remount,size=64m", str(small_disk)], check=True)  # room made
    again = run("ingest", str(docs), "--db", str(db), "--workers", "1")
    assert again.exit_code == 0, again.stderr
    words = [line.split()[0] for line in again.stdout.splitlines()]
    assert words.count("unchanged") == stored and words.count("new") == 150 - stored


def test_a_write_failing_with_enospc_is_the_same_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no small file system can be mounted: the OSError a full disk gives, injected at the write layer."""
    from ledger.db import writes

    real = writes.write_versions
    calls = []

    def filling(db: object, preps: list[object], *args: object, **kwargs: object) -> object:
        calls.append(len(preps))
        if len(calls) > 1:
            raise sqlite3.OperationalError("database or disk is full")
        return real(db, preps, *args, **kwargs)  # type: ignore[arg-type]

    import ledger.db
    import ledger.ingest.run

    monkeypatch.setattr(writes, "write_versions", filling)
    monkeypatch.setattr(ledger.db, "write_versions", filling, raising=False)
    monkeypatch.setattr(ledger.ingest.run, "BATCH_DOCS", 10)
    # batches close by count alone: on a loaded machine the half-second timer closed the first at nine documents
    monkeypatch.setattr(ledger.ingest.run, "BATCH_SECONDS", 3600.0)
    docs = _documents(tmp_path / "docs", 40)
    db = tmp_path / "l.db"
    r = run("ingest", str(docs), "--db", str(db), "--workers", "1")
    assert _check_full_disk_run(r, db, 40) == 10
    assert "doc010.txt" in errors(r)[0]


def test_a_text_cell_that_is_not_utf8_costs_its_row_of_sql(tmp_path: Path) -> None:
    db = _checkpointed(tmp_path)
    conn = sqlite3.connect(db)
    n = conn.execute("SELECT COUNT(*) FROM claims").fetchone()[0]
    conn.execute("UPDATE claims SET metric = CAST(x'ff' AS TEXT) WHERE id = (SELECT MIN(id) + 5 FROM claims)")
    conn.commit()
    conn.close()
    r = run("sql", "SELECT id, metric FROM claims ORDER BY id", "--db", str(db), "-f", "jsonl")
    assert r.exit_code == 0, r.stderr
    assert len(r.stdout.splitlines()) == n - 1
    assert r.stderr.splitlines() == [
        "ledger: note: row 6: a text cell is not valid UTF-8 (written by another tool?); left out of this answer"
    ]
