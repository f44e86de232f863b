"""Reading the ledger back: claims in the contract's shape, documents and their versions.

Every value a user gives is a bound parameter; no filter value is ever spliced into SQL.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from db.writes import SCALAR_FIELDS
from ledger.errors import UsageError
from ledger.model import Claim

CLAIM_FIELDS: tuple[str, ...] = tuple(Claim.model_fields)
"""The contract's field order (the model's), so stored claims print like extracted ones."""
_HEX_RE = re.compile(r"[0-9a-fA-F]{4,40}")


@dataclass
class ClaimFilter:
    """Which claims to read. Empty fields do not filter; the defaults read the newest version of every document."""

    pr: int | None = None
    repo: str | None = None
    kind: str | None = None
    metric: str | None = None
    """Case-insensitive; `*` is a wildcard ("*ttft*")."""
    revision: str | None = None
    """A revision label (case-insensitive) or a prefix (4+ hex digits) of the revision's head sha."""
    config: list[tuple[str, str]] = field(default_factory=list)
    """key=value pairs that must all be in the claim's config (value `*`: the key with any value)."""
    search: str | None = None
    """Full-text search over claim text, metric, note and section (words, all must match)."""
    document: str | None = None
    """A document id, key, path or URL (see resolve_document)."""
    subject: str | None = None
    """Substring of the support subject (case-insensitive)."""
    feature: str | None = None
    """Substring of the support feature (case-insensitive)."""
    version: int | None = None
    """Read this version number of the documents instead of the newest."""
    all_versions: bool = False
    limit: int | None = None


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _glob_to_like(text: str) -> str:
    return "%".join(_like_escape(part) for part in text.split("*"))


def fts_query(text: str) -> str:
    """A user's words as an FTS5 query that cannot be a syntax error: each word a quoted phrase."""
    words = [w for w in re.split(r"\s+", text.strip()) if w][:64]
    return " ".join('"' + w.replace('"', '""') + '"' for w in words)


def _rows(db: Database, sql: str, params: list[Any] | tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    cur = db.execute(sql, list(params))
    names = [d[0] for d in cur.description]
    return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]


def claims(db: Database, f: ClaimFilter) -> list[dict[str, Any]]:
    """Stored claims matching `f`, in document order, in the claims contract's shape."""
    return list(iter_claims(db, f))


def _refuse_nul(*values: str | None) -> None:
    """SQLite's LIKE stops reading a pattern at a NUL, so '%a\\0b%' would match like '%a%': refuse it."""
    if any(v is not None and "\x00" in v for v in values):
        raise UsageError("a filter value holds a NUL character")


def iter_claims(db: Database, f: ClaimFilter) -> Iterator[dict[str, Any]]:
    _refuse_nul(f.repo, f.kind, f.metric, f.revision, f.search, f.document, f.subject, f.feature,
                *(part for pair in f.config for part in pair))
    where: list[str] = []
    params: list[Any] = []
    if f.document is not None:
        doc = resolve_document(db, f.document)
        where.append("c.document_id = ?")
        params.append(doc["id"])
    if f.version is not None:
        where.append("v.version = ?")
        params.append(f.version)
    elif not f.all_versions:
        where.append("c.version_id = d.latest_version_id")
    if f.pr is not None:
        where.append("d.pr = ?")
        params.append(f.pr)
    if f.repo:
        where.append("d.repo = ? COLLATE NOCASE")
        params.append(f.repo)
    if f.kind:
        where.append("c.kind = ?")
        params.append(f.kind.strip().lower())
    if f.metric:
        if "*" in f.metric:
            where.append("c.metric LIKE ? ESCAPE '\\'")
            params.append(_glob_to_like(f.metric))
        else:
            where.append("c.metric = ? COLLATE NOCASE")
            params.append(f.metric.strip())
    if f.revision:
        r = f.revision.strip()
        if _HEX_RE.fullmatch(r):
            where.append("(c.revision_label = ? COLLATE NOCASE OR c.revision_head LIKE ? ESCAPE '\\')")
            params.extend([r, _like_escape(r.lower()) + "%"])
        else:
            where.append("c.revision_label = ? COLLATE NOCASE")
            params.append(r)
    for key, value in f.config:
        if value == "*":
            where.append("EXISTS (SELECT 1 FROM json_each(c.config) j WHERE j.key = ?)")
            params.append(key)
        else:
            where.append("EXISTS (SELECT 1 FROM json_each(c.config) j WHERE j.key = ? AND j.value = ? COLLATE NOCASE)")
            params.extend([key, value])
    if f.search and f.search.strip():
        where.append("c.id IN (SELECT rowid FROM claims_fts WHERE claims_fts MATCH ?)")
        params.append(fts_query(f.search))
    if f.subject:
        where.append("c.subject LIKE ? ESCAPE '\\'")
        params.append("%" + _like_escape(f.subject.strip()) + "%")
    if f.feature:
        where.append("c.feature LIKE ? ESCAPE '\\'")
        params.append("%" + _like_escape(f.feature.strip()) + "%")
    sql = ("SELECT c.*, d.key AS document_key, v.sha256 AS document_sha256, v.version AS document_version "
           "FROM claims c JOIN documents d ON d.id = c.document_id JOIN document_versions v ON v.id = c.version_id")
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY c.document_id, v.version, c.ordinal"
    if f.limit is not None:
        sql += " LIMIT ?"
        params.append(max(0, f.limit))
    try:
        cur = db.execute(sql, params)
    except sqlite3.OperationalError as exc:
        raise UsageError(f"cannot run this query: {exc}") from exc
    names = [d[0] for d in cur.description]
    for row in cur:
        yield claim_from_row(dict(zip(names, row, strict=True)))


def claim_from_row(row: dict[str, Any]) -> dict[str, Any]:
    """One claims row back into the contract's shape; source also names its document and content hash."""
    extra: dict[str, Any] = json.loads(row["extra"]) if row.get("extra") else {}
    src_extra = extra.pop("source", None) or {}
    out: dict[str, Any] = {}
    for name in CLAIM_FIELDS:
        if name == "revision":
            out[name] = None if row["revision_id"] is None else {
                "label": row["revision_label"], "head": row["revision_head"], "base": row["revision_base"]}
        elif name == "config":
            out[name] = json.loads(row["config"] or "{}")
        elif name == "source":
            out[name] = {
                "path": row["source_path"], "line": row["line"], "line_end": row["line_end"], "text": row["text"],
                "section": json.loads(row["section"] or "[]"), **src_extra,
                "document": row["document_key"], "document_id": row["document_id"],
                "version": row["document_version"], "sha256": row["document_sha256"],
            }
        elif name == "approx":
            out[name] = bool(row["approx"])
        elif name in SCALAR_FIELDS:
            out[name] = row[name]
        else:
            out[name] = extra.pop(name, None)
    out.update(extra)
    return out


def resolve_document(db: Database, ref: str) -> dict[str, Any]:
    """A document by id, key ('owner/name#N'), path, URL, or '#N' (a PR number, when only one document has it)."""
    ref = ref.strip()
    _refuse_nul(ref)
    if ref.isdigit():
        found = _rows(db, "SELECT * FROM documents WHERE id = ?", [int(ref)])
        if found:
            return found[0]
    for column in ("key", "path", "url"):
        found = _rows(db, f"SELECT * FROM documents WHERE {column} = ?", [ref])
        if len(found) == 1:
            return found[0]
    m = re.fullmatch(r"#?(\d{1,9})", ref)
    if m:
        found = _rows(db, "SELECT * FROM documents WHERE pr = ? ORDER BY id", [int(m.group(1))])
        if len(found) > 1:  # a fetched PR's comments carry its number too: '#N' names the PR itself
            found = [d for d in found if d.get("parent_id") is None] or found
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            names = ", ".join(str(d["key"]) for d in found[:5])
            raise UsageError(f"{ref!r} names {len(found)} documents ({names}); give one of them")
    found = _rows(db, "SELECT * FROM documents WHERE key LIKE ? ESCAPE '\\' ORDER BY id LIMIT 6",
                  ["%" + _like_escape(ref) + "%"])
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(str(d["key"]) for d in found[:5])
        raise UsageError(f"{ref!r} matches several documents ({names}); give one of them")
    raise UsageError(f"no document matches {ref!r} (list them: ledger sql \"SELECT id, key FROM documents\")")


def document_overview(db: Database, ref: str, version: int | None = None) -> dict[str, Any]:
    """One document: its identity, versions, and for one version (default: the newest) its sections,
    revisions with claim counts, claim counts by kind, and warnings."""
    doc = resolve_document(db, ref)
    versions = _rows(db, "SELECT v.id, v.version, v.sha256, v.ingested_at, v.parser_version, v.format, "
                         "v.source_path, v.n_lines, v.n_claims, v.edited_at, v.editor, "
                         "(SELECT COUNT(*) FROM warnings w WHERE w.version_id = v.id) AS n_warnings "
                         "FROM document_versions v WHERE v.document_id = ? ORDER BY v.version", [doc["id"]])
    chosen = next((v for v in versions if v["id"] == doc["latest_version_id"]), versions[-1] if versions else None)
    if version is not None:
        chosen = next((v for v in versions if v["version"] == version), None)
        if chosen is None:
            raise UsageError(f"{doc['key']} has no version {version} (it has {len(versions)})")
    out: dict[str, Any] = {"document": doc, "versions": versions, "version": chosen["version"] if chosen else None}
    if chosen is None:
        out.update(sections=[], revisions=[], counts={}, warnings=[])
        return out
    vid = chosen["id"]
    sections = _rows(db, "SELECT line, kind, level, title, path FROM sections WHERE version_id = ? ORDER BY line",
                     [vid])
    for s in sections:
        s["path"] = json.loads(s["path"])
    out["sections"] = sections
    out["revisions"] = _rows(
        db, "SELECT r.label, r.head, r.base, r.line, (SELECT COUNT(*) FROM claims c WHERE c.revision_id = r.id) "
            "AS n_claims FROM revisions r WHERE r.version_id = ? ORDER BY r.line IS NULL, r.line, r.id", [vid])
    out["counts"] = {r["kind"]: r["n"] for r in _rows(
        db, "SELECT kind, COUNT(*) AS n FROM claims WHERE version_id = ? GROUP BY kind ORDER BY n DESC, kind",
        [vid])}
    out["warnings"] = _rows(db, "SELECT line, message FROM warnings WHERE version_id = ? ORDER BY id", [vid])
    return out


def documents(db: Database) -> list[dict[str, Any]]:
    """Every document with its number of versions, newest version and claim count."""
    return _rows(db, "SELECT d.id, d.key, d.repo, d.pr, d.title, d.url, d.path, "
                     "(SELECT COUNT(*) FROM document_versions v WHERE v.document_id = d.id) AS versions, "
                     "(SELECT n_claims FROM document_versions v WHERE v.id = d.latest_version_id) AS claims "
                     "FROM documents d ORDER BY d.id")


def table_counts(db: Database) -> dict[str, int]:
    return {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
            for t in ("documents", "document_versions", "sections", "revisions", "claims", "warnings")}
