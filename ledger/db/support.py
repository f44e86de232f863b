"""Reads for `ledger support`: the support and listing cells of every document's newest version, and the
claims of pull requests that may stand as evidence beside a cell. Values are bound parameters; the
library (ledger/support/join.py) does the joining."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ledger.db.reads import _like_escape, _refuse_nul, _rows
from ledger.errors import UsageError

if TYPE_CHECKING:
    from ledger.db.reads import Reader

_CELL_COLUMNS = (
    "c.id, c.kind, c.subject, c.feature, c.value, c.outcome_text, c.note, c.engine, c.architecture, "
    "c.models, c.config, c.line, c.line_end, c.text, c.section, c.source_path, c.document_id, "
    "v.version AS version, d.key AS document, d.repo, d.pr, d.url, d.title, d.path, "
    "d.engine AS document_engine"
)
_JOINS = "FROM claims c JOIN documents d ON d.id = c.document_id JOIN document_versions v ON v.id = c.version_id"
EVIDENCE_KINDS: tuple[str, ...] = ("support", "gate", "accuracy", "tests", "acceptance")
"""The claims that can stand beside a support cell: a PR's features table, its gates, accuracies, test counts and
acceptance lengths."""
MAX_ANCHORS = 64


def support_cells(db: Reader, document_id: int | None = None, version: int | None = None) -> list[dict[str, Any]]:
    """Every support and listing claim of the newest version of each document (or of one document), in
    document order, with the document's identity; `section` decoded. `version` (of `document_id`, which it needs)
    reads that document's cells as that version printed them instead of its newest: what a page said before."""
    if version is not None and document_id is None:
        raise UsageError("a version is one document's: name the document too")
    if version is not None and not _query(
        db, "SELECT 1 AS found FROM document_versions WHERE document_id = ? AND version = ?", [document_id, version]
    ):
        raise UsageError(f"the document has no version {version}")
    at = "c.version_id = d.latest_version_id" if version is None else "v.version = ?"
    sql = f"SELECT {_CELL_COLUMNS} {_JOINS} WHERE {at} AND c.kind IN ('support', 'listing')"
    params: list[Any] = [] if version is None else [version]
    if document_id is not None:
        sql += " AND c.document_id = ?"
        params.append(document_id)
    sql += " ORDER BY c.document_id, c.ordinal"
    return [_decoded(r) for r in _query(db, sql, params)]


def evidence_candidates(
    db: Reader, anchors: Sequence[str], kinds: Sequence[str] = EVIDENCE_KINDS
) -> list[dict[str, Any]]:
    """Claims of pull-request documents (newest versions) whose text, section, metric, config or subject, or whose
    document's title, holds one of `anchors` (case-blind substrings, matched literally): the candidates the
    library checks name an architecture and a feature. No anchors, no candidates."""
    anchors = [a for a in dict.fromkeys(a.lower() for a in anchors if a)][:MAX_ANCHORS]
    if not anchors:
        return []
    _refuse_nul(*anchors)
    fields = ("c.text", "c.section", "c.metric", "c.config", "c.subject", "d.title")
    ors = " OR ".join(f"{f} LIKE ? ESCAPE '\\'" for f in fields for _ in anchors)
    params: list[Any] = list(kinds)
    params += ["%" + _like_escape(a) + "%" for _ in fields for a in anchors]
    sql = (
        f"SELECT {_CELL_COLUMNS}, c.metric, c.outcome, c.config, c.revision_label, c.revision_head, "
        f"c.revision_base, c.passed, c.failed, c.skipped {_JOINS} "
        f"WHERE d.pr IS NOT NULL AND c.version_id = d.latest_version_id "
        f"AND c.kind IN ({', '.join('?' * len(kinds))}) AND ({ors}) ORDER BY c.document_id, c.ordinal"
    )
    return [_decoded(r) for r in _query(db, sql, params)]


def _query(db: Reader, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    try:
        return _rows(db, sql, params)
    except sqlite3.OperationalError as exc:
        raise UsageError(f"cannot run this query: {exc}") from exc


def _decoded(row: dict[str, Any]) -> dict[str, Any]:
    for key, empty in (("section", []), ("config", {})):
        raw = row.get(key)
        if isinstance(raw, str):
            try:
                row[key] = json.loads(raw) if raw else empty
            except ValueError:
                row[key] = empty
    return row
