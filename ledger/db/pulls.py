"""What `ledger fetch` stores beside document versions: PR metadata, comments' links, GitHub's head and
base at fetch time, version edit times, and the ETags of conditional requests.

Every function here writes only when something differs, so re-fetching an unchanged pull request
leaves the database as it was. `immediate(db)` wraps one PR's writes in one transaction (taking the
write lock at once); `write_version` inside it nests as a savepoint.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ledger.db.writes import DocumentIdentity, now_iso

META_COLUMNS: tuple[str, ...] = (
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
    "parent_id",
    "github_updated_at",
)
"""The document columns `ensure_document` keeps up to date (labels: a JSON list of names)."""


@contextmanager
def immediate(db: Database, tries: int = 6) -> Iterator[Database]:
    """One write transaction, begun IMMEDIATE (the lock is taken before anything is read)."""
    for attempt in range(tries):
        try:
            db.conn.execute("BEGIN IMMEDIATE")
            break
        except sqlite3.OperationalError as exc:
            if ("locked" not in str(exc) and "busy" not in str(exc)) or attempt == tries - 1:
                raise
            time.sleep(0.05 * (2**attempt))
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise
    else:
        db.conn.execute("COMMIT")


def ensure_document(db: Database, ident: DocumentIdentity, meta: dict[str, Any]) -> tuple[int, bool]:
    """The document's id, created if missing; its metadata columns set where they differ.

    Returns (id, whether anything was written). Unknown keys of `meta` are refused.
    """
    unknown = set(meta) - set(META_COLUMNS)
    if unknown:
        raise ValueError(f"not document metadata: {sorted(unknown)}")
    values = dict(meta)
    if isinstance(values.get("labels"), list | tuple):
        values["labels"] = json.dumps(list(values["labels"]), ensure_ascii=False)
    cur = db.execute(
        "INSERT OR IGNORE INTO documents (key, repo, pr, url, title, path, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [ident.key, ident.repo, ident.pr, ident.url, ident.title, ident.path, now_iso()],
    )
    wrote = cur.rowcount == 1
    row = db.execute(f"SELECT id, {', '.join(values) or 'id'} FROM documents WHERE key = ?", [ident.key]).fetchone()
    doc_id = int(row[0])
    changed = {k: v for (k, v), old in zip(values.items(), row[1:], strict=False) if v is not None and v != old}
    if changed:
        sets = ", ".join(f"{k} = ?" for k in changed)
        db.execute(f"UPDATE documents SET {sets}, fetched_at = ? WHERE id = ?", [*changed.values(), now_iso(), doc_id])
        wrote = True
    return doc_id, wrote


def record_head(
    db: Database,
    document_id: int,
    head_sha: str,
    base_sha: str | None,
    head_ref: str | None = None,
    base_ref: str | None = None,
) -> bool:
    """Remember a head/base pair GitHub reported for this PR; True when it was not known yet. (The UNIQUE
    constraint does not see two NULL bases as equal, hence the look first.)"""
    if db.execute(
        "SELECT 1 FROM github_heads WHERE document_id = ? AND head_sha = ? AND base_sha IS ?",
        [document_id, head_sha, base_sha],
    ).fetchone():
        return False
    cur = db.execute(
        "INSERT OR IGNORE INTO github_heads (document_id, head_sha, base_sha, head_ref, base_ref, first_seen_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [document_id, head_sha, base_sha, head_ref, base_ref, now_iso()],
    )
    return cur.rowcount == 1


def order_versions_by_time(db: Database, document_id: int, latest_sha: str | None = None) -> bool:
    """Renumber a document's versions by edit time (oldest first) when they are out of order, and point
    latest_version_id at the newest, or at the version whose text is `latest_sha` (an edit that went
    back to an earlier text is stored once, at its first time). Only when every version has an edit
    time (fetched ones do); a document with a file-ingested version keeps its ingestion order. True
    when something was rewritten."""
    rows = db.execute(
        "SELECT id, version, edited_at, sha256 FROM document_versions WHERE document_id = ? ORDER BY version",
        [document_id],
    ).fetchall()
    if not rows or any(r[2] is None for r in rows):
        return False
    wanted = sorted(rows, key=lambda r: (r[2], r[1]))
    wrote = False
    if [r[0] for r in wanted] != [r[0] for r in rows]:
        # Two passes: UNIQUE (document_id, version) forbids a swap in place.
        db.conn.executemany(
            "UPDATE document_versions SET version = ? WHERE id = ?", [(-(i + 1), r[0]) for i, r in enumerate(wanted)]
        )
        db.conn.executemany(
            "UPDATE document_versions SET version = ? WHERE id = ?", [(i + 1, r[0]) for i, r in enumerate(wanted)]
        )
        wrote = True
    latest = next((r[0] for r in rows if latest_sha is not None and r[3] == latest_sha), wanted[-1][0])
    cur = db.execute(
        "UPDATE documents SET latest_version_id = ? WHERE id = ? AND latest_version_id IS NOT ?",
        [latest, document_id, latest],
    )
    return wrote or cur.rowcount > 0


@dataclass(frozen=True)
class CacheEntry:
    """A conditional-request validator for one URL (and the next page it linked to)."""

    url: str
    etag: str | None = None
    last_modified: str | None = None
    next_url: str | None = None
    note: str | None = None


def cache_get(db: Database, url: str) -> CacheEntry | None:
    row = db.execute("SELECT url, etag, last_modified, next_url, note FROM http_cache WHERE url = ?", [url]).fetchone()
    return CacheEntry(*row) if row else None


def cache_put(db: Database, entries: Sequence[CacheEntry]) -> int:
    """Store validators; an entry equal to the stored one writes nothing. Returns the rows written."""
    written = 0
    for e in entries:
        if not (e.etag or e.last_modified):
            continue
        if cache_get(db, e.url) == e:
            continue
        db.execute(
            "INSERT INTO http_cache (url, etag, last_modified, next_url, note, stored_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (url) DO UPDATE SET etag = excluded.etag, "
            "last_modified = excluded.last_modified, next_url = excluded.next_url, note = excluded.note, "
            "stored_at = excluded.stored_at",
            [e.url, e.etag, e.last_modified, e.next_url, e.note, now_iso()],
        )
        written += 1
    return written


def known_document(db: Database, key: str) -> dict[str, Any] | None:
    """A document's row by key, with its number of versions and its newest version's claim count (None when
    it is not stored)."""
    cur = db.execute(
        "SELECT d.*, (SELECT COUNT(*) FROM document_versions v WHERE v.document_id = d.id) AS n_versions, "
        "(SELECT n_claims FROM document_versions v WHERE v.id = d.latest_version_id) AS latest_claims "
        "FROM documents d WHERE d.key = ?",
        [key],
    )
    row = cur.fetchone()
    if row is None:
        return None
    return dict(zip([d[0] for d in cur.description], row, strict=True))


def github_state(db: Database, document_id: int) -> dict[str, Any]:
    """GitHub's head/base for a fetched PR (newest and every one seen) next to the revisions its newest
    description states, so a report can say "stated head 13c21f460b, GitHub head 257d5f0"."""
    doc = db.execute(
        "SELECT head_sha, base_sha, latest_version_id FROM documents WHERE id = ?", [document_id]
    ).fetchone()
    if doc is None:
        return {}
    seen = [
        {"head": r[0], "base": r[1], "first_seen_at": r[2]}
        for r in db.execute(
            "SELECT head_sha, base_sha, first_seen_at FROM github_heads WHERE document_id = ? ORDER BY id",
            [document_id],
        )
    ]
    stated = [
        {"label": r[0], "head": r[1], "base": r[2]}
        for r in db.execute(
            "SELECT label, head, base FROM revisions WHERE version_id = ? AND (head IS NOT NULL OR base IS NOT NULL) "
            "ORDER BY line IS NULL, line, id",
            [doc[2]],
        )
    ]
    return {"github_head": doc[0], "github_base": doc[1], "seen": seen, "stated": stated}


def comments_of(db: Database, document_id: int, kind: str = "comment") -> list[dict[str, Any]]:
    """The documents of `kind` (comment, review, review-comment, checks) linked to a PR document, oldest first."""
    cur = db.execute(
        "SELECT id, key, author, authored_at, url, latest_version_id FROM documents "
        "WHERE parent_id = ? AND kind = ? ORDER BY authored_at, id",
        [document_id, kind],
    )
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]


Commit = tuple[str, str | None, str | None, str | None]
"""(sha, committed_at, author, first line of the message), oldest first."""


def sync_commits(db: Database, document_id: int, commits: Sequence[Commit]) -> bool:
    """Make `pr_commits` match the PR's commit list: new ones added, positions updated, ones no longer
    listed kept with current = 0 (a force push does not erase what was once tested). True when written."""
    stored = {
        r[0]: (r[1], r[2])
        for r in db.execute("SELECT sha, position, current FROM pr_commits WHERE document_id = ?", [document_id])
    }
    now = now_iso()
    wrote = False
    listed = set()
    for position, (sha, committed_at, author, message) in enumerate(commits, 1):
        listed.add(sha)
        old = stored.get(sha)
        if old is None:
            db.execute(
                "INSERT INTO pr_commits (document_id, sha, position, current, committed_at, author, message, "
                "first_seen_at) VALUES (?, ?, ?, 1, ?, ?, ?, ?)",
                [document_id, sha, position, committed_at, author, message, now],
            )
            wrote = True
        elif old != (position, 1):
            db.execute(
                "UPDATE pr_commits SET position = ?, current = 1 WHERE document_id = ? AND sha = ?",
                [position, document_id, sha],
            )
            wrote = True
    for sha, (_, current) in stored.items():
        if sha not in listed and current:
            db.execute("UPDATE pr_commits SET current = 0 WHERE document_id = ? AND sha = ?", [document_id, sha])
            wrote = True
    return wrote


def has_commits(db: Database, document_id: int) -> bool:
    """Whether the PR's commits were fetched."""
    return db.execute("SELECT 1 FROM pr_commits WHERE document_id = ? LIMIT 1", [document_id]).fetchone() is not None


def resolve_commit(db: Database, document_id: int, prefix: str) -> dict[str, Any] | None:
    """The PR commit a stated sha (a prefix of 7+ hex digits) names, with its position among the current
    commits and how many there are; None when it is not one of the PR's commits."""
    p = prefix.strip().lower()
    if len(p) < 7 or not all(c in "0123456789abcdef" for c in p):
        return None
    cur = db.execute(
        "SELECT sha, position, current, committed_at, author, message, "
        "(SELECT COUNT(*) FROM pr_commits q WHERE q.document_id = c.document_id AND q.current = 1) "
        "AS n_current FROM pr_commits c WHERE document_id = ? AND substr(sha, 1, ?) = ? "
        "ORDER BY current DESC, position LIMIT 2",
        [document_id, len(p), p],
    )
    rows = cur.fetchall()
    if len(rows) != 1:
        return None
    return dict(zip([d[0] for d in cur.description], rows[0], strict=True))


@dataclass(frozen=True)
class SyncState:
    """Where the last sync of a repository (for one --state) ended; see migration 0007."""

    newest_updated_at: str | None = None
    cursor: str | None = None
    cursor_top: str | None = None


def sync_state(db: Database, repo: str, scope: str) -> SyncState:
    row = db.execute(
        "SELECT newest_updated_at, cursor, cursor_top FROM github_sync WHERE repo = ? AND scope = ?", [repo, scope]
    ).fetchone()
    return SyncState(*row) if row else SyncState()


def save_sync_state(db: Database, repo: str, scope: str, state: SyncState) -> None:
    """Store where the sync stands (in the caller's transaction, with the PRs it covers)."""
    db.execute(
        "INSERT INTO github_sync (repo, scope, newest_updated_at, cursor, cursor_top, synced_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (repo, scope) DO UPDATE SET "
        "newest_updated_at = excluded.newest_updated_at, cursor = excluded.cursor, "
        "cursor_top = excluded.cursor_top, synced_at = excluded.synced_at",
        [repo, scope, state.newest_updated_at, state.cursor, state.cursor_top, now_iso()],
    )


def stored_updated_at(db: Database, keys: Sequence[str]) -> dict[str, str | None]:
    """The updatedAt stored with each PR document of `keys` that is stored."""
    out: dict[str, str | None] = {}
    for start in range(0, len(keys), 500):
        chunk = list(keys[start : start + 500])
        marks = ", ".join("?" * len(chunk))
        for key, at in db.execute(f"SELECT key, github_updated_at FROM documents WHERE key IN ({marks})", chunk):
            out[key] = at
    return out
