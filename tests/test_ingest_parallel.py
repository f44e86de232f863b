"""Bulk ingest parses in worker processes; what it stores must not depend on how many there are."""

from __future__ import annotations

from pathlib import Path

import pytest

from db import open_ledger
from ledger.ingest import PARALLEL_MIN_FILES, ingest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _corpus(folder: Path, n: int) -> None:
    texts = sorted(p.read_text(encoding="utf-8") for p in EXAMPLES.glob("*.txt"))
    assert texts, "the bundled examples are missing"
    folder.mkdir()
    for i in range(n):
        # distinct numbers so that no two documents share a hash
        body = texts[i % len(texts)].replace("96.", f"9{i % 10}.") + f"\ncopy {i}\n"
        (folder / f"doc{i:03d}.txt").write_text(body, encoding="utf-8")
    (folder / "empty.txt").write_text("", encoding="utf-8")  # one bad file in the batch


def _stored(db_path: Path) -> list[tuple[object, ...]]:
    db = open_ledger(db_path, create=False)
    try:
        return [tuple(r) for r in db.execute(
            "SELECT d.key, v.version, c.line, c.kind, c.metric, c.value, c.reference, c.text FROM claims c "
            "JOIN document_versions v ON v.id = c.version_id JOIN documents d ON d.id = v.document_id "
            "ORDER BY d.key, c.line, c.kind, c.metric, c.value").fetchall()]
    finally:
        db.close()


def test_parallel_ingest_stores_what_serial_ingest_stores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "docs"
    _corpus(folder, PARALLEL_MIN_FILES + 6)
    monkeypatch.setenv("LEDGER_WORKERS", "1")
    serial = ingest([str(folder)], tmp_path / "serial.db")
    monkeypatch.setenv("LEDGER_WORKERS", "2")
    parallel = ingest([str(folder)], tmp_path / "parallel.db")
    assert [(r.path, r.status, r.claims) for r in serial] == [(r.path, r.status, r.claims) for r in parallel]
    assert sum(r.status == "error" for r in parallel) == 1  # the empty file, reported, not fatal
    rows = _stored(tmp_path / "parallel.db")
    assert rows and rows == _stored(tmp_path / "serial.db")
    # a second parallel run finds every text stored already and writes nothing
    again = ingest([str(folder)], tmp_path / "parallel.db")
    assert {r.status for r in again} == {"unchanged", "error"}
    assert _stored(tmp_path / "parallel.db") == rows
