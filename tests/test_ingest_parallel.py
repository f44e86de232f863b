"""Bulk ingest parses in worker processes; what it stores must not depend on how many there are."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.db import open_database
from ledger.db.writes import CLAIM_ROW_COLUMNS
from ledger.ingest.run import PARALLEL_MIN_FILES, ingest

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
    db = open_database(db_path, create=False)
    try:
        columns = ", ".join(f"c.{name}" for name in CLAIM_ROW_COLUMNS)  # every column but the row ids
        return [
            tuple(r)
            for r in db.execute(
                f"SELECT d.key, v.version, v.text, r.label, r.head, {columns} FROM claims c "
                "JOIN document_versions v ON v.id = c.version_id JOIN documents d ON d.id = v.document_id "
                "LEFT JOIN revisions r ON r.id = c.revision_id ORDER BY d.key, v.version, c.ordinal"
            ).fetchall()
        ]
    finally:
        db.close()


def test_parallel_ingest_stores_what_serial_ingest_stores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "docs"
    _corpus(folder, PARALLEL_MIN_FILES + 6)
    monkeypatch.setenv("LEDGER_WORKERS", "1")
    serial = ingest([str(folder)], tmp_path / "serial.db")
    monkeypatch.delenv("LEDGER_WORKERS")
    parallel = ingest([str(folder)], tmp_path / "parallel.db", workers=2)
    assert [(r.path, r.status, r.claims) for r in serial] == [(r.path, r.status, r.claims) for r in parallel]
    assert sum(r.status == "error" for r in parallel) == 1  # the empty file, reported, not fatal
    rows = _stored(tmp_path / "parallel.db")
    assert rows and rows == _stored(tmp_path / "serial.db")
    # a second parallel run finds every text stored already and writes nothing
    again = ingest([str(folder)], tmp_path / "parallel.db")
    assert {r.status for r in again} == {"unchanged", "error"}
    assert _stored(tmp_path / "parallel.db") == rows


def test_worker_count_comes_from_the_argument_then_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from ledger.ingest.workers import workers_for

    monkeypatch.setenv("LEDGER_WORKERS", "3")
    assert workers_for(PARALLEL_MIN_FILES, None) == 3
    assert workers_for(PARALLEL_MIN_FILES, 1) == 1
    assert workers_for(PARALLEL_MIN_FILES - 1, None) == 1  # a small batch is not worth a pool
    monkeypatch.setenv("LEDGER_WORKERS", "1")
    assert workers_for(10_000, None) == 1
    monkeypatch.delenv("LEDGER_WORKERS")
    assert 1 <= workers_for(10_000, None) <= 4


def test_a_worker_that_dies_costs_speed_not_documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A parser process killed mid-batch (out of memory, a signal): the documents it held, and the rest,
    are parsed by the ingest process itself; every document is stored as a serial ingest stores it."""
    import os

    import ledger.ingest.workers as workers_module

    folder = tmp_path / "docs"
    _corpus(folder, PARALLEL_MIN_FILES + 6)
    serial = ingest([str(folder)], tmp_path / "serial.db", workers=1)
    parent = os.getpid()
    real_parse = workers_module.parse

    def parse_or_die(job: workers_module.Job, version: str, fmt: str | None) -> object:
        if os.getpid() != parent and job.name == "doc007.txt":
            os._exit(9)  # the worker vanishes without a word, as under the OOM killer
        return real_parse(job, version, fmt)

    monkeypatch.setattr(workers_module, "parse", parse_or_die)  # the forked workers inherit it
    parallel = ingest([str(folder)], tmp_path / "parallel.db", workers=2)
    assert [(r.path, r.status, r.claims) for r in parallel] == [(r.path, r.status, r.claims) for r in serial]
    assert _stored(tmp_path / "parallel.db") == _stored(tmp_path / "serial.db")


def test_a_caller_with_threads_gets_spawned_workers_and_the_same_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forking a process that runs other threads can copy a lock one of them holds into a worker:
    with a thread running, ingest spawns its workers instead, and stores the same rows."""
    import multiprocessing
    import threading

    methods: list[str | None] = []
    real_get_context = multiprocessing.get_context

    def recording(method: str | None = None) -> object:
        methods.append(method)
        return real_get_context(method)

    monkeypatch.setattr(multiprocessing, "get_context", recording)

    folder = tmp_path / "docs"
    _corpus(folder, PARALLEL_MIN_FILES + 2)
    serial = ingest([str(folder)], tmp_path / "serial.db", workers=1)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()
    try:
        threaded = ingest([str(folder)], tmp_path / "threaded.db", workers=2)
    finally:
        stop.set()
        other.join()
    assert [(r.path, r.status, r.claims) for r in threaded] == [(r.path, r.status, r.claims) for r in serial]
    assert _stored(tmp_path / "threaded.db") == _stored(tmp_path / "serial.db")
    assert methods == ["spawn"]
