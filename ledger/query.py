"""Questions to the ledger as library calls: one function per read command of the CLI.

Each reads through the open ledger it is given (`ledger.open_ledger(path)`, or ledger.db.opened.OpenLedger):
its one read connection, which the caller closes. Read commands never create a database: a missing
ledger is an error, not an empty answer.
"""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ledger.db.reads import ClaimFilter
from ledger.errors import UsageError

if TYPE_CHECKING:
    from ledger.db.opened import OpenLedger

__all__ = ["ClaimFilter", "claims", "claims_page", "parse_config", "show", "sql", "sql_rows"]


def parse_config(pairs: Sequence[str]) -> list[tuple[str, str]]:
    """`key=value` options into pairs (`key=*`: the key with any value)."""
    out: list[tuple[str, str]] = []
    for p in pairs:
        key, sep, value = p.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--config {p!r}: expected key=value (for example mtp=3, or gpu=* for any value)")
        out.append((key.strip(), value.strip()))
    return out


def pull_filter(pr: str | None, repo: str | None) -> tuple[int | None, str | None]:
    """`--pr` as users type it (`4821`, `owner/name#4821`, a PR URL; `#4821` with `--repo`) as number and repo."""
    if pr is None:
        return None, repo
    p = pr.strip()
    if p.isdigit():
        return int(p), repo
    from ledger.identity import parse_pull

    ref = parse_pull(p, repo)
    if repo and repo.lower() != ref.repo.lower():
        raise UsageError(f"--pr {pr!r} names {ref.repo}, --repo says {repo}")
    return ref.number, ref.repo


def kinds_filter(kinds: Sequence[str] | None) -> tuple[str, ...]:
    """`--kind`, repeatable, each checked against the claims contract's kinds."""
    if not kinds:
        return ()  # without --kind the model (pydantic, ~60 ms to import) is not needed
    from ledger.model import check_kinds

    try:
        return check_kinds(list(kinds or []))
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def claims(book: OpenLedger, f: ClaimFilter) -> list[dict[str, Any]]:
    """Stored claims matching the filter, in the claims contract's shape."""
    import dataclasses

    from ledger.db.reads import claims as read_claims
    from ledger.db.setup import setup_index_current

    db = book.reader
    with _bad_values():
        if f.config:
            _check_pairs(f.config)
            if not setup_index_current(db):  # made by older rules: match by this code's, in Python
                return _with_setup(read_claims(db, dataclasses.replace(f, config=[], limit=None)), f)
        return read_claims(db, f)


def _check_pairs(pairs: Sequence[tuple[str, str]]) -> None:
    """A config pair SQLite could not bind (a NUL, undecodable bytes) is a usage error here too."""
    for k, v in pairs:
        try:
            (k + v).encode("utf-8")
        except UnicodeEncodeError:
            raise UsageError(f"--config {k[:100]!r}={v[:100]!r}: not valid text (undecodable bytes)") from None
        if "\x00" in k + v:
            raise UsageError(f"--config {k[:100]!r}={v[:100]!r}: a NUL character is no config value")


def _with_setup(rows: list[dict[str, Any]], f: ClaimFilter) -> list[dict[str, Any]]:
    """`--config` pairs matched as stored or as compare reads the setup (the keys compare prints)."""
    from ledger.compare.keys import matches_setup

    out = [r for r in rows if matches_setup(r, f.config)]
    return out[: f.limit] if f.limit is not None else out


def claims_page(book: OpenLedger, f: ClaimFilter, size: int) -> tuple[list[dict[str, Any]], int]:
    """The first `size` claims matching the filter, and how many match in all."""
    import dataclasses

    from ledger.db.reads import claims as read_claims
    from ledger.db.reads import count_claims
    from ledger.db.setup import setup_index_current

    db = book.reader
    with _bad_values():
        if f.config:
            _check_pairs(f.config)
            if not setup_index_current(db):
                every = _with_setup(read_claims(db, dataclasses.replace(f, config=[], limit=None)), f)
                return every[:size], len(every)
        rows = read_claims(db, dataclasses.replace(f, limit=size))
        return rows, (len(rows) if len(rows) < size else count_claims(db, f))


def show(book: OpenLedger, ref: str, version: int | None = None) -> dict[str, Any]:
    """One document: identity, versions, and one version's sections, revisions and claim counts."""
    from ledger.db.documents import document_overview

    with _bad_values():
        return document_overview(book.reader, ref, version)


@contextmanager
def _bad_values() -> Iterator[None]:
    """A value SQLite cannot bind is a usage error, not a traceback: a number past 64 bits, or text
    that is not valid Unicode (undecodable bytes in an argument arrive as lone surrogates)."""
    try:
        yield
    except OverflowError as exc:
        raise UsageError(f"a number is too large ({exc})") from exc
    except UnicodeEncodeError as exc:
        raise UsageError("a value holds bytes that are not valid UTF-8 text") from exc


def sql(book: OpenLedger, query: str, timeout_s: float = 30.0, max_rows: int | None = None) -> list[dict[str, Any]]:
    """Run one read-only statement and return its rows (at most `max_rows`); see `sql_rows`."""
    rows = sql_rows(book, query, timeout_s)
    try:
        return list(itertools.islice(rows, max_rows) if max_rows is not None else rows)
    finally:
        rows.close()


def max_value_bytes() -> int:
    """The largest value a query may make: 64 MB, or twice the document size limit when that is larger (a
    stored text must still be readable whole)."""
    from ledger.db.connection import DEFAULT_MAX_VALUE_BYTES
    from ledger.ingest.sources import max_bytes

    return max(DEFAULT_MAX_VALUE_BYTES, 2 * max_bytes())


STUCK_GRACE_S = 2.0
"""How long after the interrupt a statement may go on (inside one call of SQLite's C, which no interrupt
reaches) before `on_stuck` is called."""


def sql_rows(
    book: OpenLedger, query: str, timeout_s: float = 30.0, on_stuck: Callable[[str], None] | None = None
) -> Generator[dict[str, Any], None, None]:
    """Run one read-only statement, yielding its rows as they are read (memory stays flat at any count).

    The statement runs on a connection of its own, not the book's shared reader (that one must stay free of the
    watchdog's interrupt and the authorizer): opened with mode=ro, and writes, ATTACH, PRAGMAs that change state
    and load_extension are refused by an authorizer. At `timeout_s` after the start a watchdog thread interrupts
    the statement (`sqlite3_interrupt`, checked between any two VM steps, so a costly function per row cannot outlast it
    by more than one call), and no value may be larger than `max_value_bytes()` (SQLITE_LIMIT_LENGTH). One
    call can still run on (`printf('%.*c', 2147483647, 'x')` is 10 s of C): when the statement has not stopped
    STUCK_GRACE_S after the interrupt, `on_stuck(message)` is called from the watchdog thread (the CLI prints
    the message and ends the process; a library caller may do what it can).
    Errors are UsageErrors of one line, raised where they happen (before the first row or while reading).
    """
    import threading

    from ledger.db import open_readonly
    from ledger.db.reads import tolerant_rows

    if not query.strip():
        raise UsageError("sql: give a SELECT statement")
    limit = max_value_bytes()
    conn = open_readonly(book.path, timeout_s=timeout_s, max_value_bytes=limit)
    timed_out = threading.Event()
    lock = threading.Lock()  # the watchdog never interrupts a connection that is being closed
    closed = False

    stopped = f"stopped after {timeout_s:g} s (raise --timeout)"

    def stuck() -> None:
        if not closed and on_stuck is not None:
            on_stuck(f"sql: {stopped}")

    grace = threading.Timer(STUCK_GRACE_S, stuck)
    grace.daemon = True

    def stop() -> None:
        with lock:
            if not closed:
                timed_out.set()
                conn.interrupt()
                grace.start()

    watchdog = threading.Timer(max(timeout_s, 0.0), stop)
    watchdog.daemon = True
    watchdog.start()
    try:
        with _bad_values():
            cur = conn.execute(query)
            if cur.description is None:
                return
            names = [d[0] for d in cur.description]
            for row in tolerant_rows(conn, cur, query, (), lambda row, n: f"row {n + 1}"):
                yield dict(zip(names, row, strict=True))
    except sqlite3.Warning as exc:  # "You can only execute one statement at a time."
        raise UsageError(f"sql: {exc}") from exc
    except sqlite3.Error as exc:
        message = str(exc)
        if "interrupted" in message or timed_out.is_set():
            message = stopped
        elif "too big" in message:
            message = f"a value is over the {limit // (1024 * 1024):,} MB limit ({message})"
        elif "not authorized" in message or "readonly" in message or "read-only" in message:
            message = f"refused, the ledger is read-only here ({message})"
        raise UsageError(f"sql: {message}") from exc
    except MemoryError as exc:
        raise UsageError("sql: out of memory: select fewer or smaller values") from exc
    finally:
        watchdog.cancel()
        with lock:
            closed = True
            grace.cancel()
            conn.close()


def documents(book: OpenLedger) -> list[dict[str, Any]]:
    """Every document in the ledger: id, key, title, versions, claims of the newest version."""
    from ledger.db.documents import documents as read_documents

    return read_documents(book.reader)
