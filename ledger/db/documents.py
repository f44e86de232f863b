"""Reading documents back: a document's versions and what each holds, one version's text, a pull request's
own document, where a stored claim stands, a pull request's CI runs, and the list of every document.
(ledger/db/reads.py reads claims and finds a document by any name a user gives it; these functions share its
connection and helpers.)"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ledger.db.reads import _refuse_nul, _rows, resolve_document
from ledger.errors import UsageError

if TYPE_CHECKING:
    from ledger.db.reads import Reader


def document_overview(db: Reader, ref: str, version: int | None = None) -> dict[str, Any]:
    """One document: its identity, versions, and for one version (default: the newest) its sections,
    revisions with claim counts, claim counts by kind, and warnings."""
    doc = resolve_document(db, ref)
    versions = _rows(
        db,
        "SELECT v.id, v.version, v.sha256, v.ingested_at, v.parser_version, v.format, "
        "v.source_path, v.n_lines, v.n_claims, v.edited_at, v.editor, "
        "(SELECT COUNT(*) FROM warnings w WHERE w.version_id = v.id) AS n_warnings "
        "FROM document_versions v WHERE v.document_id = ? ORDER BY v.version",
        [doc["id"]],
    )
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
    sections = _rows(
        db, "SELECT line, kind, level, title, path FROM sections WHERE version_id = ? ORDER BY line", [vid]
    )
    for s in sections:
        s["path"] = json.loads(s["path"])
    out["sections"] = sections
    out["revisions"] = _rows(
        db,
        "SELECT r.label, r.head, r.base, r.line, (SELECT COUNT(*) FROM claims c WHERE c.revision_id = r.id) "
        "AS n_claims FROM revisions r WHERE r.version_id = ? ORDER BY r.line IS NULL, r.line, r.id",
        [vid],
    )
    out["counts"] = {
        r["kind"]: r["n"]
        for r in _rows(
            db, "SELECT kind, COUNT(*) AS n FROM claims WHERE version_id = ? GROUP BY kind ORDER BY n DESC, kind", [vid]
        )
    }
    out["warnings"] = _rows(db, "SELECT line, message FROM warnings WHERE version_id = ? ORDER BY id", [vid])
    return out


def pr_document(db: Reader, repo: str, number: int) -> dict[str, Any] | None:
    """The pull request `repo#number` itself (not one of its comments), or None, its `labels` a list. The repo
    matches case-insensitively; where several documents name the PR, the one keyed `repo#number` wins."""
    _refuse_nul(repo)
    found = _rows(
        db,
        "SELECT * FROM documents WHERE repo = ? COLLATE NOCASE AND pr = ? AND parent_id IS NULL ORDER BY id",
        [repo.strip(), number],
    )
    exact = [d for d in found if str(d["key"]).lower() == f"{repo.strip()}#{number}".lower()]
    if not found:
        return None
    doc = (exact or found)[0]
    return {**doc, "labels": _labels(doc.get("labels"))}


def _labels(stored: Any) -> list[Any]:
    """A PR's labels, stored as a JSON list of names; a value another tool left that is not JSON is one label."""
    if not stored:
        return []
    try:
        labels = json.loads(stored) if isinstance(stored, str) else stored
    except ValueError:
        return [stored]
    return labels if isinstance(labels, list) else [] if labels is None else [labels]


def version_text(db: Reader, document_id: int, version: int | None = None) -> dict[str, Any] | None:
    """One stored version of a document (default: its newest) with its text, or None."""
    where = "v.version = ?" if version is not None else "v.id = d.latest_version_id"
    params: list[Any] = [document_id] + ([version] if version is not None else [])
    found = _rows(
        db,
        "SELECT d.key, d.title, d.url, v.id, v.document_id, v.version, v.sha256, v.ingested_at, "
        "v.format, v.source_path, v.n_lines, v.n_claims, v.text, "
        "(SELECT MAX(version) FROM document_versions w WHERE w.document_id = d.id) AS n_versions "
        f"FROM documents d JOIN document_versions v ON v.document_id = d.id WHERE d.id = ? AND {where}",
        params,
    )
    return found[0] if found else None


def claim_location(db: Reader, claim_id: int) -> dict[str, Any] | None:
    """Where a stored claim stands: its document id, version number and lines, or None."""
    found = _rows(
        db,
        "SELECT c.document_id, v.version, c.line, c.line_end FROM claims c "
        "JOIN document_versions v ON v.id = c.version_id WHERE c.id = ?",
        [claim_id],
    )
    return found[0] if found else None


def ci_runs(db: Reader, pr_key: str) -> list[dict[str, Any]]:
    """The CI-bot runs of a pull request and its comments (the `ci_runs` view), in document order."""
    return _rows(db, "SELECT * FROM ci_runs WHERE pr_document = ? ORDER BY document_id, line, claim_id", [pr_key])


def documents(db: Reader) -> list[dict[str, Any]]:
    """Every document with its number of versions, newest version and claim count."""
    return _rows(
        db,
        "SELECT d.id, d.key, d.repo, d.pr, d.title, d.url, d.path, "
        "(SELECT COUNT(*) FROM document_versions v WHERE v.document_id = d.id) AS versions, "
        "(SELECT n_claims FROM document_versions v WHERE v.id = d.latest_version_id) AS claims "
        "FROM documents d ORDER BY d.id",
    )


def table_counts(db: Reader) -> dict[str, int]:
    return {
        t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
        for t in ("documents", "document_versions", "sections", "revisions", "claims", "warnings")
    }
