"""Opening a ledger: refuse what is not one, migrate what is older, never touch what is newer.

    open_database(path)                 read-write: WAL mode, busy timeout, pending migrations applied
    open_database(path, create=False)   the same, but a missing file is an error (read commands)
    open_readonly(path)                 a sqlite URI `mode=ro` connection with an authorizer that
                                        allows reading only (for `ledger sql`)

(`ledger.open_ledger` is the library's: an open ledger that holds its connection, over these.)

A ledger on read-only storage (a read-only mount, a folder its user cannot write) is refused by
open_database (ReadOnlyStorage: it would write) and read by open_readonly and db.reads.open_reader through
`reader_uri` (`mode=ro`, `immutable=1` when the folder cannot be written), with a LedgerNote saying so.

Every check runs before anything is written: a file that is not SQLite (NotALedger), a SQLite
database that holds other tables but no ledger, or a ledger written by newer code (SchemaTooNew).
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from sqlite_utils import Database

from ledger.db.schema import MIGRATION_NAMES, MIGRATION_SET, SCHEMA_VERSION, migrations
from ledger.db.storage import WRITE_REFUSED, reader_uri, readonly_storage
from ledger.errors import Damaged, DatabaseError, NotALedger, ReadOnlyStorage, SchemaTooNew

DEFAULT_BUSY_TIMEOUT_MS = 10_000
"""How long a writer waits for another writer's lock (override with LEDGER_BUSY_TIMEOUT_MS)."""


def busy_timeout_ms() -> int:
    try:
        return max(0, int(os.environ.get("LEDGER_BUSY_TIMEOUT_MS", DEFAULT_BUSY_TIMEOUT_MS)))
    except ValueError:
        return DEFAULT_BUSY_TIMEOUT_MS


def _check_file(path: Path, create: bool) -> None:
    """What a stat says of the path. The header is never read here with open(): closing any descriptor of the
    file drops every POSIX lock this process holds on it (SQLite's "How To Corrupt", section 2.2), so a process
    holding a connection would stop protecting it, and another could checkpoint and delete the WAL under it.
    SQLite reads the header itself on the first query, and _cannot_use names a file that is not a database."""
    if path.is_dir():
        raise NotALedger(f"{path}: is a directory, not a ledger database")
    if not path.exists() and not create:
        raise DatabaseError(f"{path}: no ledger database here (run `ledger ingest` first, or give --db)")


def _cannot_use(path: Path, exc: sqlite3.DatabaseError) -> DatabaseError:
    """An error of SQLite's as what it means: a file that cannot be opened is not a file that is not a ledger."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code == sqlite3.SQLITE_NOTADB or "file is not a database" in str(exc):
        return NotALedger(f"{path}: not a SQLite database (refusing to write to it)")
    if code == sqlite3.SQLITE_CANTOPEN or "unable to open" in str(exc):
        return DatabaseError(f"{path}: cannot open ({exc})")
    if code == sqlite3.SQLITE_CORRUPT or "malformed" in str(exc):
        return Damaged(f"{path}: damaged ({exc}); not adding to it: restore a copy, or try `sqlite3 {path} .recover`")
    if code == sqlite3.SQLITE_READONLY or "readonly database" in str(exc):
        return ReadOnlyStorage(f"{path}: {WRITE_REFUSED}")
    return NotALedger(f"{path}: not a usable SQLite database ({exc})")


def _check_schema(conn: sqlite3.Connection, path: Path) -> int:
    """The number of ledger migrations applied; raises when the database is not ours or too new."""
    try:
        user_version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as exc:
        raise _cannot_use(path, exc) from exc
    applied: list[str] = []
    if "_sqlite_migrations" in tables:
        applied = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM _sqlite_migrations WHERE migration_set = ? ORDER BY id", [MIGRATION_SET]
            )
        ]
    unknown = [name for name in applied if name not in MIGRATION_NAMES]
    if unknown or user_version > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"{path}: written by a newer ledger (schema {max(user_version, len(applied))}, this code knows "
            f"{SCHEMA_VERSION}); upgrade pr-evidence-ledger to use it"
        )
    user_tables = {t for t in tables if not t.startswith(("sqlite_", "_sqlite_"))}
    if user_tables and not applied:
        raise NotALedger(f"{path}: a SQLite database, but not a ledger (it has other tables)")
    return len(applied)


def open_database(path: str | os.PathLike[str], create: bool = True) -> Database:
    """Open (or create) a ledger for reading and writing, migrated to this code's schema."""
    p = Path(path)
    _check_file(p, create)
    if readonly_storage(p)[0]:
        raise ReadOnlyStorage(f"{p}: {WRITE_REFUSED}")
    timeout_s = busy_timeout_ms() / 1000
    try:
        conn = sqlite3.connect(str(p), timeout=timeout_s)
    except sqlite3.Error as exc:
        raise DatabaseError(f"{p}: cannot open ({exc})") from exc
    try:
        applied = _check_schema(conn, p)
        db = Database(conn, execute_plugins=False)
        db.execute(f"PRAGMA busy_timeout = {int(timeout_s * 1000)}")
        db.execute("PRAGMA foreign_keys = ON")
        # WAL before migrating: a new ledger's migrations then commit without an fsync each
        if db.journal_mode != "wal":
            _retry_locked(db.enable_wal)
        db.execute("PRAGMA synchronous = NORMAL")
        if applied < SCHEMA_VERSION:
            _migrate(db)
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise DatabaseError(f"{p}: {exc}") from exc
    except BaseException:
        conn.close()
        raise
    return db


def check_whole(db: Database, path: str | os.PathLike[str]) -> None:
    """Raise Damaged when the ledger fails `PRAGMA quick_check` (the b-trees' structure, every page read once:
    about a second a gigabyte), before a command adds to it."""
    try:
        problems = [str(r[0]) for r in db.execute("PRAGMA quick_check(3)").fetchall()]
    except sqlite3.DatabaseError as exc:
        problems = [str(exc)]
    if problems != ["ok"]:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise Damaged(
            f"{path}: damaged: PRAGMA quick_check found {problems[0]}{more}; not adding to it: restore a "
            f"copy, or try `sqlite3 {path} .recover`"
        )


def _migrate(db: Database, tries: int = 8) -> None:
    """Apply pending migrations. Two processes opening a new ledger at once both see the same
    migrations pending; the second one's attempt fails ("already exists", "duplicate column", or the unique record of
    the migration) and rolls back, and its retry finds nothing left to do."""
    for attempt in range(tries):
        try:
            if not migrations.pending(db):
                return
            # all of it under one write lock: the table of applied migrations is created, then indexed, in two
            # statements, and another opener between them recorded migrations twice
            db.execute("BEGIN IMMEDIATE")
            try:
                migrations.apply(db)
            except BaseException:
                db.conn.rollback()
                raise
            db.conn.commit()
            return
        except (sqlite3.OperationalError, sqlite3.IntegrityError) as exc:
            message = str(exc)
            racing = any(word in message for word in ("already exists", "duplicate column", "UNIQUE", "locked", "busy"))
            if not racing or attempt == tries - 1:
                raise
            time.sleep(0.02 * (2**attempt))


def _retry_locked(fn: Callable[[], object], tries: int = 5) -> None:
    """Run fn(), retrying when another process holds the lock longer than the busy timeout."""
    for attempt in range(tries):
        try:
            fn()
            return
        except sqlite3.OperationalError as exc:
            if ("locked" not in str(exc) and "busy" not in str(exc)) or attempt == tries - 1:
                raise
            time.sleep(0.05 * (2**attempt))


def _connect_ro(p: Path, query_only: bool = False) -> sqlite3.Connection:
    """An existing ledger opened through a mode=ro URI (read-only storage as `reader_uri` says), its schema
    checked; library errors become one DatabaseError naming the file."""
    _check_file(p, create=False)
    uri = reader_uri(p) or f"file:{quote(str(p.resolve()))}?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=busy_timeout_ms() / 1000)
        _check_schema(conn, p)
        if query_only:
            conn.execute("PRAGMA query_only = ON")
    except sqlite3.DatabaseError as exc:
        raise _cannot_use(p, exc) from exc
    return conn


def open_source(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """A ledger to merge from (`ledger merge`), opened read-only: it is never written, nor migrated (db.merge reads a
    column an older ledger lacks as NULL)."""
    p = Path(path)
    conn = _connect_ro(p)
    if conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'documents'").fetchone()[0] == 0:
        conn.close()
        raise DatabaseError(f"{p}: an empty ledger (nothing to merge)")
    return conn


# Authorizer action codes a read-only session may use; everything else (writes, ATTACH, DETACH,
# PRAGMA that change state, creating or dropping anything) is denied.
_READ_ACTIONS = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, sqlite3.SQLITE_RECURSIVE}
_DENIED_FUNCTIONS = {"load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"}


def _authorizer(action: int, arg1: str | None, arg2: str | None, dbname: str | None, source: str | None) -> int:
    if action == sqlite3.SQLITE_FUNCTION:
        return sqlite3.SQLITE_DENY if (arg2 or "").lower() in _DENIED_FUNCTIONS else sqlite3.SQLITE_OK
    if action in _READ_ACTIONS:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_PRAGMA:
        name = (arg1 or "").lower()
        if name in _TABLE_PRAGMAS or (name in _READ_PRAGMAS and arg2 is None):
            return sqlite3.SQLITE_OK
        return sqlite3.SQLITE_DENY
    # FTS5 checks its schema with an internal statement that names sqlite_master's columns for update;
    # the connection is mode=ro and query_only, so nothing can be written through it.
    if action == sqlite3.SQLITE_UPDATE and arg1 == "sqlite_master" and source is None:
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


_TABLE_PRAGMAS = {"table_info", "table_xinfo", "index_list", "index_info", "index_xinfo", "foreign_key_list"}
_READ_PRAGMAS = {
    "user_version",
    "schema_version",
    "data_version",
    "page_count",
    "page_size",
    "journal_mode",
    "compile_options",
    "database_list",
    "table_list",
}


DEFAULT_MAX_VALUE_BYTES = 64 * 1024 * 1024
"""The largest string or blob a read-only session may make (SQLITE_LIMIT_LENGTH): `randomblob(1e9)` and
`printf('%.*c', 1e9, 'x')` fail at once instead of asking for gigabytes."""


def open_readonly(
    path: str | os.PathLike[str], timeout_s: float = 30.0, max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES
) -> sqlite3.Connection:
    """A connection that can only read: sqlite URI mode=ro, query_only, and a deny-by-default authorizer.

    No value may be longer than `max_value_bytes` (SQLITE_LIMIT_LENGTH). `timeout_s` is kept for callers that
    stop a statement themselves (ledger.query.sql interrupts it from a watchdog thread at the deadline).
    """
    p = Path(path)
    conn = _connect_ro(p, query_only=True)
    if hasattr(conn, "setlimit"):  # Python 3.11+
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, max_value_bytes)
    conn.set_authorizer(_authorizer)
    return conn
