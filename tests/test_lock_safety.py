"""Opening the ledger never drops this process's locks on it.

POSIX drops every lock a process holds on a file when it closes ANY descriptor of that file (SQLite's
"How To Corrupt An SQLite Database File", section 2.2). A library call that sniffed the header with
`open()`/`close()` while the process held a connection made that connection invisible to other processes:
an ingest then checkpointed and removed `-wal`/`-shm` under a running `ledger serve` ("database disk image is
malformed" on every request until restart). The locks are read from /proc/locks, as the kernel holds them.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.api import open_ledger
from ledger.db import open_database, open_readonly
from ledger.db.reads import open_reader

LOCKS = Path("/proc/locks")
pytestmark = pytest.mark.skipif(not LOCKS.exists(), reason="no /proc/locks on this system to read the locks from")


def _locks_on(path: Path) -> int:
    """How many POSIX locks this process holds on the file (not on its -wal or -shm)."""
    st = os.stat(path)
    inode = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    me = str(os.getpid())
    return sum(
        1
        for line in LOCKS.read_text().splitlines()
        if line.split()[4:6] == [me, inode] or (line.split()[5:7] == [me, inode])
    )


def _reading(path: Path) -> sqlite3.Connection:
    """A connection inside a read transaction: it holds a lock on the database file for as long as it reads."""
    conn = sqlite3.connect(path)
    conn.execute("BEGIN")
    conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    return conn


@pytest.fixture()
def ledger_file(tmp_path: Path) -> Path:
    path = tmp_path / "ledger.db"
    open_database(path).conn.close()
    return path


@pytest.mark.parametrize(
    "opener",
    [
        lambda p: open_database(p).conn,
        lambda p: open_database(p, create=False).conn,
        open_readonly,
        open_reader,
        lambda p: open_ledger(p).reader,
    ],
    ids=["open_database", "open_database-existing", "open_readonly", "open_reader", "ledger.open_ledger"],
)
def test_opening_again_keeps_the_locks_a_reader_holds(
    ledger_file: Path, opener: Callable[[Path], sqlite3.Connection]
) -> None:
    reader = _reading(ledger_file)
    held = _locks_on(ledger_file)
    assert held >= 1, "a reading connection holds a lock on the file (else this test proves nothing)"
    second = opener(ledger_file)
    try:
        assert _locks_on(ledger_file) >= held
    finally:
        second.close()
        reader.close()


def test_closing_an_open_ledger_keeps_the_locks_a_reader_holds(ledger_file: Path) -> None:
    """`with open_ledger(path) as book:` closes the book's connection at the end; SQLite keeps the descriptor while
    another connection of the process holds a lock, so the reader stays protected."""
    reader = _reading(ledger_file)
    held = _locks_on(ledger_file)
    with open_ledger(ledger_file) as book:
        assert book.sql("SELECT COUNT(*) AS n FROM documents") == [{"n": 0}]
        assert book.claims() == []
    assert not book.is_open
    assert _locks_on(ledger_file) >= held
    reader.close()


def test_a_python_open_and_close_would_drop_them(ledger_file: Path) -> None:
    """The hazard itself, so the test above can fail: one open()/close() and the reader's lock is gone."""
    reader = _reading(ledger_file)
    held = _locks_on(ledger_file)
    with ledger_file.open("rb") as fh:
        fh.read(16)
    assert _locks_on(ledger_file) < held
    reader.close()
