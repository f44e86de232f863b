"""The rows `ledger export` writes, read in batches (memory stays flat at any ledger size): documents, versions,
claims (with their canonical setup), revisions and support cells, all of them or those written since a time.

"Written since" is a version's extraction time (ingest, `reextract` or `merge`, migration 0015), else its ingest
time; a document is in when it was made or fetched since, or one of its versions is.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ledger.db.setup import setup_index_current, setup_of

if TYPE_CHECKING:
    from ledger.db.reads import Reader

BATCH = 10_000
"""Rows read (and handed on) at a time; versions, which carry their text, VERSION_BATCH at a time."""
VERSION_BATCH = 500

_WRITTEN = "COALESCE(v.extracted_at, v.ingested_at) >= :since"
_DOC_IN = (
    "(:since IS NULL OR d.created_at >= :since OR d.fetched_at >= :since OR EXISTS (SELECT 1 FROM "
    "document_versions v WHERE v.document_id = d.id AND " + _WRITTEN + "))"
)
_VERSION_IN = f"(:since IS NULL OR {_WRITTEN})"

QUERIES: dict[str, str] = {
    "documents": f"""SELECT d.id AS document_id, d.key, d.repo, d.pr, d.url, d.title, d.path, d.repo_path, d.engine,
        d.kind, p.key AS parent_key, d.author, d.state, d.merged_at, d.labels, d.authored_at, d.head_sha, d.base_sha,
        d.github_updated_at, d.fetched_at, d.created_at,
        (SELECT version FROM document_versions lv WHERE lv.id = d.latest_version_id) AS latest_version,
        (SELECT COUNT(*) FROM document_versions n WHERE n.document_id = d.id) AS n_versions
        FROM documents d LEFT JOIN documents p ON p.id = d.parent_id WHERE {_DOC_IN} ORDER BY d.id""",
    "versions": f"""SELECT v.id AS version_id, d.key AS document_key, v.document_id, v.version, v.sha256,
        v.id = d.latest_version_id AS latest, v.ingested_at, v.extracted_at, v.edited_at, v.editor, v.parser_version,
        v.format, v.source_path, v.n_lines, v.n_claims, v.text
        FROM document_versions v JOIN documents d ON d.id = v.document_id WHERE {_VERSION_IN}
        ORDER BY v.document_id, v.version""",
    "claims": f"""SELECT c.id AS claim_id, d.key AS document_key, c.document_id, v.version, c.version_id,
        c.version_id = d.latest_version_id AS latest, c.ordinal, c.kind, c.metric,
        CASE WHEN typeof(c.value) IN ('integer', 'real') THEN c.value END AS value_number,
        CASE WHEN typeof(c.value) = 'text' THEN c.value END AS value_text, c.high, c.approx, c.unit,
        c.reference, c.outcome, c.outcome_text, c.sha, c.passed, c.failed, c.skipped, c.subject, c.feature,
        c.revision_label, c.revision_head, c.revision_base, c.engine, c.architecture, c.models, c.stderr, c.stddev,
        c.printed, c.note, c.parser, c.source_path, c.line, c.line_end, c.text, c.section, c.config, c.extra
        FROM claims c JOIN documents d ON d.id = c.document_id JOIN document_versions v ON v.id = c.version_id
        WHERE {_VERSION_IN} ORDER BY c.version_id, c.ordinal""",
    "revisions": f"""SELECT r.id AS revision_id, d.key AS document_key, v.document_id, v.version, r.version_id,
        v.id = d.latest_version_id AS latest, r.label, r.head, r.base, r.line, r.line_end
        FROM revisions r JOIN document_versions v ON v.id = r.version_id JOIN documents d ON d.id = v.document_id
        WHERE {_VERSION_IN} ORDER BY r.version_id, r.id""",
    "support_cells": f"""SELECT s.claim_id, s.document AS document_key, s.document_id, s.version, s.engine,
        s.subject, s.feature, CAST(s.value AS TEXT) AS value, s.note, s.line, s.text, s.section
        FROM support_cells s JOIN claims c ON c.id = s.claim_id JOIN document_versions v ON v.id = c.version_id
        WHERE {_VERSION_IN} ORDER BY s.document_id, s.line, s.claim_id""",
}
"""Each exported table's rows; `:since` (an ISO 8601 time, or NULL for all) picks an incremental export. Claims and
revisions come in the order of their version's index (each version's together, no sort of every claim)."""


@dataclass
class Batch:
    """Rows of one exported table: `columns` by name, each a list; for claims, `setups`: each row's canonical setup
    (a dict, empty for most claims)."""

    columns: dict[str, list[Any]]
    setups: list[dict[str, str]] | None = None

    def __len__(self) -> int:
        return len(next(iter(self.columns.values()), []))


def export_batches(db: Reader, table: str, since: str | None) -> Iterator[Batch]:
    """The rows of one exported table, a batch at a time, as columns."""
    conn: sqlite3.Connection = db if isinstance(db, sqlite3.Connection) else db.conn
    cur = conn.execute(QUERIES[table], {"since": since})
    names = [d[0] for d in cur.description]
    indexed = table == "claims" and setup_index_current(conn)
    while rows := cur.fetchmany(VERSION_BATCH if table == "versions" else BATCH):
        columns = dict(zip(names, (list(col) for col in zip(*rows, strict=True)), strict=True))
        setups = _setups(conn, columns, indexed) if table == "claims" else None
        yield Batch(columns, setups)


def _setups(conn: sqlite3.Connection, columns: dict[str, list[Any]], indexed: bool) -> list[dict[str, str]]:
    """Each claim's setup: from the setup index when this code's rules made it, else made here as they would."""
    if not indexed:
        out = []
        for kind, metric, raw in zip(columns["kind"], columns["metric"], columns["config"], strict=True):
            try:
                config = json.loads(raw or "{}")
            except ValueError:
                config = {}
            out.append(dict(setup_of({"kind": kind, "metric": metric, "config": config})))
        return out
    at = {cid: i for i, cid in enumerate(columns["claim_id"])}
    found: list[dict[str, str]] = [{} for _ in at]
    for cid, key, value in conn.execute(
        "SELECT claim_id, key, value FROM claim_setup WHERE claim_id IN "
        "(SELECT value FROM json_each(?)) ORDER BY claim_id, key",
        [json.dumps(columns["claim_id"])],
    ):
        found[at[cid]][key] = value
    return found
