"""Rows of one ledger into another (`ledger merge`), with no parsing: documents by key, versions by content sha256,
and what `ledger fetch` keeps beside them (PR metadata, heads, commits, ETags, sync state). Each function writes only
what differs, so merging a ledger twice writes nothing the second time.

A source ledger is read through a plain read-only connection; a column or table an older ledger lacks reads as NULL
or as nothing.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from ledger.db.setup import setup_of
from ledger.db.stored import StoredVersion, claim_tuples
from ledger.db.writes import CLAIM_ROW_COLUMNS, ClaimRows, DocumentIdentity, PreparedVersion

_IDENTITY = ("repo", "pr", "url", "title", "path", "engine", "repo_path")
"""Document columns a merge fills where the destination has none."""
_FETCHED = (
    "title",
    "url",
    "author",
    "state",
    "merged_at",
    "labels",
    "authored_at",
    "head_sha",
    "base_sha",
    "kind",
    "github_updated_at",
    "fetched_at",
)
"""Document columns GitHub gave: the more recently fetched side's win."""


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]


def _select(
    conn: sqlite3.Connection, table: str, wanted: tuple[str, ...], rest: str = "", params: tuple[Any, ...] = ()
) -> list[dict[str, Any]]:
    have = set(_columns(conn, table))
    if not have:
        return []
    cols = ", ".join(c if c in have else f"NULL AS {c}" for c in wanted)
    cur = conn.execute(f"SELECT {cols} FROM {table} {rest}", params)
    return [dict(zip(wanted, row, strict=True)) for row in cur.fetchall()]


DOC_COLUMNS = ("id", "key", "created_at", "parent_id", *_IDENTITY, *(c for c in _FETCHED if c not in _IDENTITY))
VERSION_COLUMNS = (
    "id",
    "version",
    "sha256",
    "ingested_at",
    "parser_version",
    "format",
    "source_path",
    "text",
    "edited_at",
    "editor",
)


def source_documents(src: sqlite3.Connection) -> list[dict[str, Any]]:
    return _select(src, "documents", DOC_COLUMNS, "ORDER BY id")


def source_versions(src: sqlite3.Connection, doc_id: int) -> list[dict[str, Any]]:
    return _select(src, "document_versions", VERSION_COLUMNS, "WHERE document_id = ? ORDER BY version", (doc_id,))


def merge_document(db: Database, doc: dict[str, Any], parent_id: int | None) -> tuple[int, bool]:
    """The destination's id of document `doc` (a source row), made if missing; identity columns it lacks filled, and
    GitHub's columns taken when the source fetched them later. Returns (id, whether anything was written)."""
    cols = ["key", "created_at", "parent_id", *_IDENTITY, *(c for c in _FETCHED if c not in _IDENTITY)]
    values = [parent_id if c == "parent_id" else doc[c] for c in cols]
    cur = db.execute(
        f"INSERT OR IGNORE INTO documents ({', '.join(cols)}) VALUES ({', '.join('?' for _ in cols)})", values
    )
    row = db.execute(
        f"SELECT id, fetched_at, parent_id, {', '.join(_IDENTITY)} FROM documents WHERE key = ?", [doc["key"]]
    ).fetchone()
    if cur.rowcount == 1:
        return int(row[0]), True
    changes = {c: doc[c] for c, have in zip(_IDENTITY, row[3:], strict=True) if have is None and doc[c] is not None}
    if parent_id is not None and row[2] is None:
        changes["parent_id"] = parent_id
    if doc["fetched_at"] and (row[1] is None or doc["fetched_at"] > row[1]):
        changes.update({c: doc[c] for c in _FETCHED if doc[c] is not None})
    if changes:
        db.execute(
            f"UPDATE documents SET {', '.join(f'{c} = ?' for c in changes)} WHERE id = ?", [*changes.values(), row[0]]
        )
    return int(row[0]), bool(changes)


def stored_shas(db: Database, doc_id: int) -> set[str]:
    return {r[0] for r in db.execute("SELECT sha256 FROM document_versions WHERE document_id = ?", [doc_id])}


def source_stored(src: sqlite3.Connection, doc: dict[str, Any], v: dict[str, Any]) -> StoredVersion:
    """A source version as `ledger reextract` reads a stored one (to parse it again)."""
    warnings = [
        (r[0], r[1])
        for r in src.execute("SELECT line, message FROM warnings WHERE version_id = ? ORDER BY id", [v["id"]])
    ]
    return StoredVersion(
        v["id"],
        v["version"],
        doc["key"],
        doc["repo"],
        doc["url"],
        doc["engine"],
        doc["kind"] is not None,
        v["format"],
        v["source_path"],
        v["sha256"],
        v["text"],
        warnings,
    )


_KIND, _METRIC, _UNIT, _CONFIG = (CLAIM_ROW_COLUMNS.index(c) for c in ("kind", "metric", "unit", "config"))


def copied_version(src: sqlite3.Connection, doc: dict[str, Any], v: dict[str, Any]) -> PreparedVersion:
    """A source version with everything read from it, as stored there (its parser version is this code's)."""
    from ledger.model import ParseWarning

    vid = v["id"]
    tails, revisions = claim_tuples(src, vid)
    named = {r for r in revisions if r is not None}
    rev_lines = [
        (r[0], r[1], r[2], r[3], r[4])
        for r in src.execute(
            "SELECT label, head, base, line, line_end FROM revisions"
            " WHERE version_id = ? AND line IS NOT NULL ORDER BY id",
            [vid],
        )
    ]
    # a revision only claims name (no label line) is made again from the claims; one no claim names is kept too
    rev_lines += [
        r
        for r in src.execute(
            "SELECT label, head, base, NULL, NULL FROM revisions WHERE version_id = ? AND line IS NULL ORDER BY id",
            [vid],
        )
        if (r[0], r[1], r[2]) not in named
    ]
    sections = [
        (r[0], r[1], r[2], r[3], json.loads(r[4]))
        for r in src.execute(
            "SELECT line, kind, level, title, path FROM sections WHERE version_id = ? ORDER BY id", [vid]
        )
    ]
    warnings = [
        ParseWarning(r[0], r[1])
        for r in src.execute("SELECT line, message FROM warnings WHERE version_id = ? ORDER BY id", [vid])
    ]
    setups = [
        setup_of({"kind": t[_KIND], "metric": t[_METRIC], "unit": t[_UNIT], "config": json.loads(t[_CONFIG] or "{}")})
        for t in tails
    ]
    return PreparedVersion(
        identity=DocumentIdentity(key=doc["key"], engine=doc["engine"]),
        sha256=v["sha256"],
        text=v["text"],
        parser_version=v["parser_version"],
        claims=[],
        format=v["format"],
        source_path=v["source_path"],
        sections=sections,
        revisions=rev_lines,
        warnings=warnings,
        edited_at=v["edited_at"],
        editor=v["editor"],
        rows=ClaimRows(tails, revisions, setups),
        ingested_at=v["ingested_at"],
    )


def order_by_time(db: Database, doc_id: int) -> None:
    """Number a document's versions by when they were written (edit time, else ingest time) and point its newest
    version at the last: versions merged in from another ledger take their place in its history."""
    rows = db.execute(
        "SELECT id, version FROM document_versions WHERE document_id = ? "
        "ORDER BY COALESCE(edited_at, ingested_at), ingested_at, version",
        [doc_id],
    ).fetchall()
    if [r[1] for r in rows] != list(range(1, len(rows) + 1)):
        # two passes: UNIQUE (document_id, version) forbids a swap in place
        db.conn.executemany(
            "UPDATE document_versions SET version = ? WHERE id = ?", [(-(i + 1), r[0]) for i, r in enumerate(rows)]
        )
        db.conn.executemany(
            "UPDATE document_versions SET version = ? WHERE id = ?", [(i + 1, r[0]) for i, r in enumerate(rows)]
        )
    if rows:
        db.execute(
            "UPDATE documents SET latest_version_id = ? WHERE id = ? AND latest_version_id IS NOT ?",
            [rows[-1][0], doc_id, rows[-1][0]],
        )


def merge_pull_data(db: Database, src: sqlite3.Connection, src_id: int, doc_id: int, newer: bool) -> int:
    """A fetched PR's heads and commits from the source; `newer`: the source fetched the PR later, so its view of
    which commits are current wins. Returns the rows written."""
    wrote = 0
    for h in _select(
        src,
        "github_heads",
        ("head_sha", "base_sha", "head_ref", "base_ref", "first_seen_at"),
        "WHERE document_id = ? ORDER BY id",
        (src_id,),
    ):
        if (
            db.execute(
                "SELECT 1 FROM github_heads WHERE document_id = ? AND head_sha = ? AND base_sha IS ?",
                [doc_id, h["head_sha"], h["base_sha"]],
            ).fetchone()
            is None
        ):
            db.execute(
                "INSERT INTO github_heads (document_id, head_sha, base_sha, head_ref, base_ref, first_seen_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [doc_id, *h.values()],
            )
            wrote += 1
    cols = ("sha", "position", "current", "committed_at", "author", "message", "first_seen_at")
    for c in _select(src, "pr_commits", cols, "WHERE document_id = ? ORDER BY id", (src_id,)):
        cur = db.execute(
            f"INSERT OR IGNORE INTO pr_commits (document_id, {', '.join(cols)}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [doc_id, *c.values()],
        )
        if cur.rowcount == 0 and newer:
            cur = db.execute(
                "UPDATE pr_commits SET position = ?, current = ? WHERE document_id = ? AND sha = ? "
                "AND (position IS NOT ? OR current IS NOT ?)",
                [c["position"], c["current"], doc_id, c["sha"], c["position"], c["current"]],
            )
        wrote += cur.rowcount
    return wrote


def merge_fetch_state(db: Database, src: sqlite3.Connection) -> int:
    """ETags (the later stored wins) and repository sync state (the pass that reached further wins: the merged ledger
    holds every PR either side read). Returns the rows written."""
    wrote = 0
    for e in _select(src, "http_cache", ("url", "etag", "last_modified", "next_url", "note", "stored_at")):
        cur = db.execute(
            "INSERT INTO http_cache (url, etag, last_modified, next_url, note, stored_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (url) DO UPDATE SET etag = excluded.etag, "
            "last_modified = excluded.last_modified, next_url = excluded.next_url, note = excluded.note, "
            "stored_at = excluded.stored_at WHERE excluded.stored_at > http_cache.stored_at",
            list(e.values()),
        )
        wrote += cur.rowcount
    cols = ("repo", "scope", "newest_updated_at", "cursor", "cursor_top", "synced_at")
    for s in _select(src, "github_sync", cols):
        cur = db.execute(
            "INSERT INTO github_sync (repo, scope, newest_updated_at, cursor, cursor_top, synced_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (repo, scope) DO UPDATE SET "
            "newest_updated_at = excluded.newest_updated_at, cursor = excluded.cursor, "
            "cursor_top = excluded.cursor_top, synced_at = excluded.synced_at "
            "WHERE COALESCE(excluded.newest_updated_at, '') > COALESCE(github_sync.newest_updated_at, '')",
            list(s.values()),
        )
        wrote += cur.rowcount
    return wrote


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    pa, pb = Path(a), Path(b)
    try:
        return pa.exists() and pb.exists() and os.path.samefile(pa, pb)
    except OSError:
        return False


def batches(items: list[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    for at in range(0, len(items), size):
        yield items[at : at + size]
