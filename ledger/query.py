"""Questions to the ledger as library calls: one function per read command of the CLI.

Each opens the ledger, reads, and closes it. Read commands never create a database: a missing
ledger is an error, not an empty answer.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ledger.db.reads import ClaimFilter
from ledger.errors import UsageError

__all__ = ["ClaimFilter", "claims", "claims_page", "parse_config", "show", "sql", "support"]


def parse_config(pairs: Sequence[str]) -> list[tuple[str, str]]:
    """`key=value` options into pairs (`key=*`: the key with any value)."""
    out: list[tuple[str, str]] = []
    for p in pairs:
        key, sep, value = p.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--config {p!r}: expected key=value (for example mtp=3, or gpu=* for any value)")
        out.append((key.strip(), value.strip()))
    return out


def claims(db_path: str | os.PathLike[str], f: ClaimFilter) -> list[dict[str, Any]]:
    """Stored claims matching the filter, in the claims contract's shape."""
    from ledger.db.reads import claims as read_claims
    from ledger.db.reads import open_reader

    db = open_reader(db_path)
    try:
        with _bad_values():
            return read_claims(db, f)
    finally:
        db.close()


def claims_page(db_path: str | os.PathLike[str], f: ClaimFilter, size: int) -> tuple[list[dict[str, Any]], int]:
    """The first `size` claims matching the filter, and how many match in all (one reader)."""
    import dataclasses

    from ledger.db.reads import claims as read_claims
    from ledger.db.reads import count_claims, open_reader

    db = open_reader(db_path)
    try:
        with _bad_values():
            rows = read_claims(db, dataclasses.replace(f, limit=size))
            return rows, (len(rows) if len(rows) < size else count_claims(db, f))
    finally:
        db.close()


def show(db_path: str | os.PathLike[str], ref: str, version: int | None = None) -> dict[str, Any]:
    """One document: identity, versions, and one version's sections, revisions and claim counts."""
    from ledger.db.reads import document_overview, open_reader

    db = open_reader(db_path)
    try:
        with _bad_values():
            return document_overview(db, ref, version)
    finally:
        db.close()


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


def support(db_path: str | os.PathLike[str], subject: str | None = None, feature: str | None = None,
            document: str | None = None, value: str | None = None) -> list[dict[str, Any]]:
    """Support-matrix claims: subject and feature match as case-insensitive substrings."""
    f = ClaimFilter(kind="support", subject=subject, feature=feature, document=document)
    rows = claims(db_path, f)
    if value:
        want = value.strip().lower()
        rows = [c for c in rows if str(c.get("value") or c.get("outcome_text") or "").lower() == want]
    return rows


def support_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Support claims as display rows."""
    out = []
    for c in rows:
        src = c.get("source") or {}
        out.append({
            "subject": c.get("subject"), "feature": c.get("feature"),
            "value": c.get("value") if c.get("value") is not None else c.get("outcome_text"),
            "note": c.get("note"), "document": src.get("document"), "line": src.get("line"),
        })
    return out


def sql(db_path: str | os.PathLike[str], query: str, timeout_s: float = 30.0,
        max_rows: int | None = None) -> list[dict[str, Any]]:
    """Run one read-only statement: the database is opened with mode=ro, and writes, ATTACH,
    PRAGMAs that change state and load_extension are refused by an authorizer."""
    from ledger.db import open_readonly

    if not query.strip():
        raise UsageError("sql: give a SELECT statement")
    conn = open_readonly(db_path, timeout_s=timeout_s)
    try:
        with _bad_values():
            cur = conn.execute(query)
        if cur.description is None:
            return []
        names = [d[0] for d in cur.description]
        fetched = cur.fetchmany(max_rows) if max_rows is not None else cur.fetchall()
        return [dict(zip(names, row, strict=True)) for row in fetched]
    except sqlite3.Warning as exc:  # "You can only execute one statement at a time."
        raise UsageError(f"sql: {exc}") from exc
    except sqlite3.Error as exc:
        message = str(exc)
        if "interrupted" in message:
            message = f"stopped after {timeout_s:g} s (raise --timeout)"
        elif "not authorized" in message or "readonly" in message or "read-only" in message:
            message = f"refused, the ledger is read-only here ({message})"
        raise UsageError(f"sql: {message}") from exc
    finally:
        conn.close()
