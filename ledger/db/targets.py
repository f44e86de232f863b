"""Reads for comparisons: a stored document with every version's claims, its linked documents' claims,
the heads GitHub reported, and the registered accuracy references.

Rows come back in the claims contract's shape (dicts, as db.reads gives them); ledger.compare turns
them into claims. Every value is a bound parameter. Each read takes the open ledger's connection
(`OpenLedger.reader`): a trend over every document reads them all through one.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ledger.db.documents import documents
from ledger.db.reads import ClaimFilter, claims, resolve_document

if TYPE_CHECKING:
    from sqlite_utils import Database

    from ledger.db.reads import Reader


@dataclass
class StoredDocument:
    """One ledger document as compare reads it."""

    key: str
    versions: list[tuple[int | None, list[dict[str, Any]]]]
    """(version number, its claims), oldest first; one (None, []) entry when no version has claims."""
    linked: list[dict[str, Any]] = field(default_factory=list)
    """Claims of the documents linked to this one (a fetched PR's comments: the CI bot's runs)."""
    heads: list[str] = field(default_factory=list)
    """The head sha GitHub reported when the PR was fetched."""
    version_times: dict[int, str] = field(default_factory=dict)
    """Version number -> when its text was written (the edit's time for a fetched PR, else when ingested)."""
    children: list[dict[str, Any]] = field(default_factory=list)
    """The linked documents one by one, oldest first: key, kind, author, authored_at, their claims, and the
    first 200 characters of their text (`starts_with`)."""
    text: str = ""
    """The newest version's text."""


def stored_document(db: Reader, ref: str) -> StoredDocument:
    """Every stored version's claims of the document `ref` names (id, key, path, URL, #N)."""
    doc = resolve_document(db, ref)
    rows = claims(db, ClaimFilter(document=str(doc["id"]), all_versions=True))
    by_version: dict[int | None, list[dict[str, Any]]] = {}
    for r in rows:
        by_version.setdefault((r.get("source") or {}).get("version"), []).append(r)
    for (stored,) in db.execute("SELECT version FROM document_versions WHERE document_id = ?", [doc["id"]]):
        by_version.setdefault(int(stored), [])  # a version that states nothing is one (its cells all gone)
    versions = sorted(by_version.items(), key=lambda kv: kv[0] or 0) or [(None, [])]
    linked: list[dict[str, Any]] = []
    children: list[dict[str, Any]] = []
    if "parent_id" in doc:
        when = "authored_at" if "authored_at" in doc else "NULL"
        for child_id, key, kind, author, at, head in db.execute(
            f"SELECT d.id, d.key, {'d.kind' if 'kind' in doc else 'NULL'}, "
            f"{'d.author' if 'author' in doc else 'NULL'}, {when}, "
            "(SELECT substr(v.text, 1, 200) FROM document_versions v WHERE v.id = d.latest_version_id) "
            f"FROM documents d WHERE d.parent_id = ? ORDER BY {when} IS NULL, {when}, d.id",
            [doc["id"]],
        ).fetchall():
            rows = claims(db, ClaimFilter(document=str(child_id)))
            linked += rows
            children.append(
                {
                    "key": key,
                    "kind": kind,
                    "author": author,
                    "authored_at": at,
                    "claims": rows,
                    "starts_with": head or "",
                }
            )
    heads = [str(doc["head_sha"])] if doc.get("head_sha") else []
    cols = {r[1] for r in db.execute("PRAGMA table_info(document_versions)").fetchall()}
    when_v = "COALESCE(edited_at, ingested_at)" if "edited_at" in cols else "ingested_at"
    times = {
        int(v): str(at)
        for v, at in db.execute(
            f"SELECT version, {when_v} FROM document_versions WHERE document_id = ?", [doc["id"]]
        ).fetchall()
        if at
    }
    latest = db.execute(
        "SELECT v.text FROM documents d JOIN document_versions v ON v.id = d.latest_version_id WHERE d.id = ?",
        [doc["id"]],
    ).fetchone()
    text = str(latest[0]) if latest and latest[0] is not None else ""
    return StoredDocument(str(doc.get("key") or ref), versions, linked, heads, times, children, text)


def document_ids(db: Reader) -> list[int]:
    """Every document's id, in ingest order."""
    return [int(d["id"]) for d in documents(db)]


def registered_references(db: Reader) -> list[dict[str, Any]]:
    """Every row of `reference_values` in import order (config decoded); [] for a ledger from before the table."""
    try:
        rows = db.execute(
            "SELECT benchmark, model, config, accuracy, source FROM reference_values ORDER BY id"
        ).fetchall()
    except sqlite3.OperationalError:  # no such table: a ledger older than registered references
        return []
    out = []
    for benchmark, model, config, accuracy, source in rows:
        try:
            cfg = json.loads(config or "{}")
        except ValueError:
            cfg = {}
        out.append(
            {
                "benchmark": benchmark,
                "model": model,
                "config": cfg if isinstance(cfg, dict) else {},
                "accuracy": accuracy,
                "source": source,
            }
        )
    return out


def store_references(db: Database, rows: list[dict[str, Any]], source: str) -> int:
    """Replace the references previously imported from `source` with `rows` (one transaction); returns the count.

    `db` is open_database's (migrated) Database; each row: benchmark, model, config (a dict), accuracy."""
    from datetime import datetime, timezone

    from ledger.errors import DatabaseError

    if "reference_values" not in db.table_names():
        raise DatabaseError("this ledger has no reference_values table (run a newer ledger to migrate it)")
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    benchmarks = sorted({r["benchmark"] for r in rows})
    stored = [
        {
            "benchmark": r["benchmark"],
            "model": r["model"],
            "config": json.dumps(r["config"], sort_keys=True),
            "accuracy": r["accuracy"],
            "source": source,
            "imported_at": now,
        }
        for r in rows
    ]
    with db.conn:
        for b in benchmarks:
            db.execute("DELETE FROM reference_values WHERE source = ? AND benchmark = ?", [source, b])
        if stored:
            db.table("reference_values").insert_all(stored)
    return len(stored)


def holds_nothing(path: str | os.PathLike[str]) -> bool:
    """The file is a ledger with no document and no registered reference (a just-created, empty one).
    False for anything else, including a file that is not a ledger or cannot be read."""
    try:
        conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
        try:
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "documents" not in names:
                return False
            held = conn.execute("SELECT COUNT(*) FROM documents").fetchone()[0]
            if "reference_values" in names:
                held += conn.execute("SELECT COUNT(*) FROM reference_values").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error:
        return False
    return held == 0


def merged_pulls(db: Reader, repo: str, since: str) -> list[tuple[str, str]]:
    """(key, merged_at) of `repo`'s pull requests merged at or after `since` (ISO 8601 UTC), oldest merge first:
    the main line's recent history. [] for a ledger that holds none (or predates fetched metadata)."""
    try:
        rows = db.execute(
            "SELECT key, merged_at FROM documents WHERE repo = ? AND merged_at >= ? "
            "AND parent_id IS NULL AND (kind = 'pr' OR kind IS NULL) ORDER BY merged_at, id",
            [repo, since],
        ).fetchall()
    except sqlite3.OperationalError:  # a ledger of ingested files only, from before `ledger fetch`
        return []
    return [(str(k), str(at)) for k, at in rows]


def document_urls(db: Reader, keys: list[str]) -> dict[str, str]:
    """Document key -> the URL GitHub gave it (a PR's page, a comment's `#issuecomment-ID`), for those that have one."""
    if not keys:
        return {}
    out: dict[str, str] = {}
    for i in range(0, len(keys), 500):  # bound the number of bound parameters per statement
        chunk = keys[i : i + 500]
        marks = ", ".join("?" for _ in chunk)
        for key, url in db.execute(
            f"SELECT key, url FROM documents WHERE key IN ({marks}) AND url IS NOT NULL", chunk
        ).fetchall():
            out[str(key)] = str(url)
    return out
