"""Writing a document version: everything of one version in ONE transaction, or nothing.

The caller (ledger/ingest/run.py) parses first, outside any transaction, and hands over a
`PreparedVersion`; this module never parses. The transaction's first statement is a write, so
it takes SQLite's write lock at once (waiting up to the busy timeout) and the "is this text
already stored?" check inside it cannot race another writer.
"""

from __future__ import annotations

import errno
import json
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Literal

from sqlite_utils import Database

from ledger.db.reads import CLAIM_FIELDS, STRUCTURED_FIELDS
from ledger.db.setup import SetupRow, insert_setups, keep_current, setup_of

if TYPE_CHECKING:  # a read command imports this module and needs no pydantic
    from ledger.model import ParseWarning

CLAIM_COLUMNS: tuple[str, ...] = (
    "document_id",
    "version_id",
    "ordinal",
    "kind",
    "metric",
    "value",
    "high",
    "approx",
    "unit",
    "reference",
    "outcome",
    "outcome_text",
    "sha",
    "passed",
    "failed",
    "skipped",
    "subject",
    "feature",
    "revision_id",
    "revision_label",
    "revision_head",
    "revision_base",
    "config",
    "source_path",
    "line",
    "line_end",
    "text",
    "section",
    "stderr",
    "stddev",
    "printed",
    "note",
    "parser",
    "engine",
    "architecture",
    "models",
    "extra",
)
SCALAR_FIELDS: tuple[str, ...] = tuple(f for f in CLAIM_FIELDS if f not in STRUCTURED_FIELDS)
"""Claim fields stored in a column of their own; `revision`, `config` and `source` are flattened;
any other field of the claim (added to the model later) goes into the `extra` JSON column."""

Status = Literal["new", "new_version", "unchanged"]


@dataclass
class DocumentIdentity:
    """Who a document is: a PR (repo + number), a URL, or a file path. `key` is unique."""

    key: str
    repo: str | None = None
    pr: int | None = None
    url: str | None = None
    title: str | None = None
    path: str | None = None
    engine: str | None = None
    """The engine the document speaks for, by its short name (ledger.vocab.engines); a document of a repository
    (a fetched PR) speaks for that repository's engine unless told otherwise, another repository for its name."""
    repo_path: str | None = None
    """For a file of a repository (a docs page): its path there."""

    def __post_init__(self) -> None:
        if self.engine is None and self.repo:
            from ledger.vocab.engines import engine_of_repo

            self.engine = engine_of_repo(self.repo)


@dataclass
class PreparedVersion:
    """One parsed text of a document, ready to store."""

    identity: DocumentIdentity
    sha256: str
    text: str
    parser_version: str
    claims: list[dict[str, Any]]
    """Claims in the contract's JSON shape (Claim.model_dump(mode="json")), in document order."""
    format: str | None = None
    source_path: str | None = None
    sections: list[tuple[int, str, int, str, Sequence[str]]] = field(default_factory=list)
    """(line, kind, level, title, path) for headings and comment authors."""
    revisions: list[tuple[str | None, str | None, str | None, int | None, int | None]] = field(default_factory=list)
    """(label, head, base, line, line_end) for each revision label line."""
    warnings: list[ParseWarning] = field(default_factory=list)
    """Stored as they are: each warning's line and message (the `warnings` table)."""
    edited_at: str | None = None
    """When this text was written where it came from (a GitHub edit's time); None for files."""
    editor: str | None = None
    """Who wrote this text (a GitHub login), when known."""
    rows: ClaimRows | None = None
    """The claims already turned into table rows (`pack`), in place of `claims`."""
    ingested_at: str | None = None
    """When the text was first stored (a version merged from another ledger keeps its time); None: now."""

    @property
    def n_claims(self) -> int:
        return len(self.rows.tails) if self.rows is not None else len(self.claims)

    def pack(self) -> PreparedVersion:
        """Turn the claims into table rows now: a parser process does this work for the writer, and rows
        cross a process boundary faster than dicts do."""
        if self.rows is None:
            self.rows, self.claims = claim_rows(self.claims), []
        return self


RevKey = tuple[str | None, str | None, str | None]


@dataclass
class ClaimRows:
    """Claims as rows of the claims table (columns CLAIM_ROW_COLUMNS), less the three ids only the
    writer knows: document, version, revision (`revisions` holds each row's revision key instead)."""

    tails: list[tuple[Any, ...]]
    revisions: list[RevKey | None]
    setups: list[SetupRow] = field(default_factory=list)
    """Each claim's canonical setup (ledger.db.setup), the rows of `claim_setup`; parallel to `tails`."""


@dataclass
class WriteResult:
    status: Status
    document_id: int
    version_id: int
    version: int
    n_claims: int


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def find_version(db: Database, key: str, sha256: str) -> WriteResult | None:
    """The stored version of document `key` with this text, if any (a read; no lock taken)."""
    row = db.execute(
        "SELECT d.id, v.id, v.version, v.n_claims FROM documents d JOIN document_versions v ON v.document_id = d.id "
        "WHERE d.key = ? AND v.sha256 = ?",
        [key, sha256],
    ).fetchone()
    if row is None:
        return None
    return WriteResult("unchanged", row[0], row[1], row[2], row[3])


def write_version(db: Database, prep: PreparedVersion, tries: int = 6) -> WriteResult:
    """Store `prep` as a new version of its document, in one transaction; unchanged text writes nothing."""
    result = write_versions(db, [prep], tries)[0]
    if isinstance(result, Exception):
        raise result
    return result


def write_versions(db: Database, preps: Sequence[PreparedVersion], tries: int = 6) -> list[WriteResult | sqlite3.Error]:
    """Store several prepared versions in ONE transaction, one result each, in order.

    A batch commits once (a commit, with the full-text index's segment flush, costs more than the
    rows of a typical document), yet no document is ever half stored: each version is written inside
    its own savepoint, so a statement that fails for one document undoes that document only and
    becomes its result. A locked database (another writer past the busy timeout) retries the batch.
    """
    for attempt in range(tries):
        try:
            with db.atomic():
                keep_current(db)  # a ledger whose setup index older rules made is rebuilt before it grows
                results: list[WriteResult | sqlite3.Error] = []
                for prep in preps:
                    results.append(_write_one(db, prep))
                    if isinstance(results[-1], sqlite3.Error) and is_disk_full(results[-1]):
                        # the disk is full: the versions after this one are not tried, so what is stored is the
                        # run before it, as the caller reports
                        results += [results[-1]] * (len(preps) - len(results))
                        break
                if not db.conn.in_transaction:
                    # a full disk can end the whole transaction (SQLite rolls it back): the batch is not stored,
                    # and its error, not a COMMIT of nothing, is what the caller hears
                    raise next(
                        (r for r in results if isinstance(r, sqlite3.Error)),
                        sqlite3.OperationalError("database or disk is full"),
                    )
                return results
        except sqlite3.OperationalError as exc:
            if not is_lock_error(exc) or attempt == tries - 1:
                raise
            time.sleep(0.05 * (2**attempt))
    raise AssertionError("unreachable")


def is_disk_full(exc: BaseException) -> bool:
    """SQLITE_FULL, or the ENOSPC / EDQUOT of the OS underneath."""
    if isinstance(exc, OSError):
        return exc.errno in (errno.ENOSPC, errno.EDQUOT)
    return getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "disk is full" in str(exc)


def is_lock_error(exc: sqlite3.Error) -> bool:
    message = str(exc)
    return "locked" in message or "busy" in message


def _write_one(db: Database, prep: PreparedVersion) -> WriteResult | sqlite3.Error:
    try:
        with db.atomic():  # a savepoint inside the batch's transaction
            return _write(db, prep)
    except sqlite3.Error as exc:
        if isinstance(exc, sqlite3.OperationalError) and is_lock_error(exc):
            raise
        return exc


def _write(db: Database, prep: PreparedVersion) -> WriteResult:
    ident = prep.identity
    now = now_iso()
    cur = db.execute(
        "INSERT OR IGNORE INTO documents (key, repo, pr, url, title, path, engine, repo_path, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [ident.key, ident.repo, ident.pr, ident.url, ident.title, ident.path, ident.engine, ident.repo_path, now],
    )
    created = cur.rowcount == 1
    doc_id = db.execute("SELECT id FROM documents WHERE key = ?", [ident.key]).fetchone()[0]
    if not created:
        existing = db.execute(
            "SELECT id, version, n_claims FROM document_versions WHERE document_id = ? AND sha256 = ?",
            [doc_id, prep.sha256],
        ).fetchone()
        if existing is not None:
            return WriteResult("unchanged", doc_id, existing[0], existing[1], existing[2])
        # A new text may name the document more fully (a title, URL or engine given this time).
        db.execute(
            "UPDATE documents SET title = COALESCE(?, title), url = COALESCE(?, url), "
            "engine = COALESCE(?, engine) WHERE id = ? "
            "AND (COALESCE(?, title) IS NOT title OR COALESCE(?, url) IS NOT url "
            "OR COALESCE(?, engine) IS NOT engine)",
            [ident.title, ident.url, ident.engine, doc_id, ident.title, ident.url, ident.engine],
        )
    number = db.execute(
        "SELECT COALESCE(MAX(version), 0) + 1 FROM document_versions WHERE document_id = ?", [doc_id]
    ).fetchone()[0]
    cur = db.execute(
        "INSERT INTO document_versions (document_id, version, sha256, ingested_at, parser_version, format, "
        "source_path, n_lines, n_claims, text, edited_at, editor, extracted_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            doc_id,
            number,
            prep.sha256,
            prep.ingested_at or now,
            prep.parser_version,
            prep.format,
            prep.source_path,
            n_lines(prep.text),
            prep.n_claims,
            prep.text,
            prep.edited_at,
            prep.editor,
            now,
        ],
    )
    version_id = int(cur.lastrowid or 0)
    write_contents(db, doc_id, version_id, prep)
    db.execute("UPDATE documents SET latest_version_id = ? WHERE id = ?", [version_id, doc_id])
    return WriteResult("new" if created else "new_version", doc_id, version_id, number, prep.n_claims)


def n_lines(text: str) -> int:
    return text.count("\n") + (0 if text.endswith("\n") else 1)


def write_contents(db: Database, doc_id: int, version_id: int, prep: PreparedVersion) -> None:
    """What was read from a stored version's text: its sections, revisions, claims (with their setup rows and
    full-text index) and warnings."""
    conn = db.conn
    conn.executemany(
        "INSERT INTO sections (version_id, line, kind, level, title, path) VALUES (?, ?, ?, ?, ?, ?)",
        [(version_id, *row) for row in section_rows(prep)],
    )
    rows = prep.rows if prep.rows is not None else claim_rows(prep.claims)
    rev_ids = _write_revisions(db, version_id, prep, rows)
    conn.executemany(_INSERT_CLAIM, _claim_rows(rows, doc_id, version_id, rev_ids))
    insert_setups(conn, version_id, rows.setups)
    # The full-text index is filled here, one statement per version, rather than by a trigger per
    # row: the same rows, at a third of the cost (migration 0005 dropped the insert trigger).
    conn.execute(
        "INSERT INTO claims_fts (rowid, text, metric, note, section) "
        "SELECT id, text, metric, note, section FROM claims WHERE version_id = ?",
        [version_id],
    )
    conn.executemany(
        "INSERT INTO warnings (version_id, line, message) VALUES (?, ?, ?)",
        [(version_id, w.line, w.message) for w in prep.warnings],
    )


def replace_contents(db: Database, versions: Sequence[tuple[int, PreparedVersion, bool]]) -> None:
    """Stored versions read again (`ledger reextract`): for each (version id, new reading, `same`), everything
    `write_contents` wrote replaced, in the caller's transaction, unless it is the `same` (then only its parser
    version is new). Their texts, times and places among the versions stay.

    Every old row goes before any new one is written, claims in rowid order, so the full-text index sees its rowids
    rise within the transaction (FTS5 flushes its pending changes when they do not)."""
    conn = db.conn
    redo = [vid for vid, _, same in versions if not same]
    if redo:
        marks = ", ".join("?" for _ in redo)
        old = [(r[0],) for r in conn.execute(f"SELECT id FROM claims WHERE version_id IN ({marks}) ORDER BY id", redo)]
        conn.executemany("DELETE FROM claim_setup WHERE claim_id = ?", old)
        conn.executemany("DELETE FROM claims WHERE id = ?", old)
        for table in ("revisions", "sections", "warnings"):  # after the claims, which name their revisions
            conn.execute(f"DELETE FROM {table} WHERE version_id IN ({marks})", redo)
    now = now_iso()
    for version_id, prep, same in versions:
        doc_id = conn.execute("SELECT document_id FROM document_versions WHERE id = ?", [version_id]).fetchone()[0]
        if not same:
            write_contents(db, doc_id, version_id, prep)
        conn.execute(
            "UPDATE document_versions SET parser_version = ?, format = ?, n_claims = ?, extracted_at = ? WHERE id = ?",
            [prep.parser_version, prep.format, prep.n_claims, now, version_id],
        )
        if prep.identity.engine:
            conn.execute(
                "UPDATE documents SET engine = ? WHERE id = ? AND engine IS NULL", [prep.identity.engine, doc_id]
            )


_IDS = ("document_id", "version_id", "revision_id")
CLAIM_ROW_COLUMNS = tuple(c for c in CLAIM_COLUMNS if c not in _IDS)
_INSERT_CLAIM = (
    f"INSERT INTO claims ({', '.join(_IDS + CLAIM_ROW_COLUMNS)}) VALUES ({', '.join('?' * len(CLAIM_COLUMNS))})"
)
_json = json.JSONEncoder(ensure_ascii=False).encode
_KNOWN = frozenset(SCALAR_FIELDS) | frozenset(STRUCTURED_FIELDS)
_SOURCE_COLUMNS = frozenset(("path", "line", "line_end", "text", "section"))


def revision_rows(
    prep: PreparedVersion, rows: ClaimRows
) -> list[tuple[str | None, str | None, str | None, int | None, int | None]]:
    """The revisions rows of a version, in order: each label line's (one per key), then those only claims name."""
    out: dict[RevKey, tuple[str | None, str | None, str | None, int | None, int | None]] = {}
    for label, head, base, line, line_end in prep.revisions:
        out.setdefault((label, head, base), (label, head, base, line, line_end))
    for named in rows.revisions:  # a revision only claims name (no label line of its own)
        if named is not None and named not in out:
            out[named] = (*named, None, None)
    return list(out.values())


def section_rows(prep: PreparedVersion) -> list[tuple[int, str, int, str, str]]:
    return [(line, kind, level, title, _json(list(path))) for line, kind, level, title, path in prep.sections]


def _write_revisions(db: Database, version_id: int, prep: PreparedVersion, rows: ClaimRows) -> dict[RevKey, int]:
    sql = "INSERT INTO revisions (version_id, label, head, base, line, line_end) VALUES (?, ?, ?, ?, ?, ?)"
    return {
        (r[0], r[1], r[2]): int(db.execute(sql, [version_id, *r]).lastrowid or 0) for r in revision_rows(prep, rows)
    }


def _claim_rows(rows: ClaimRows, doc_id: int, version_id: int, rev_ids: dict[RevKey, int]) -> Iterable[tuple[Any, ...]]:
    for tail, key in zip(rows.tails, rows.revisions, strict=True):
        yield (doc_id, version_id, None if key is None else rev_ids.get(key), *tail)


def claim_rows(claims: Iterable[dict[str, Any]]) -> ClaimRows:
    """Contract-shaped claims (dicts) as claims-table rows: scalar fields in their columns, revision
    and source flattened, config and section as JSON, any field the schema has no column for in `extra`."""
    tails: list[tuple[Any, ...]] = []
    revisions: list[RevKey | None] = []
    setups: list[SetupRow] = []
    sections: dict[tuple[str, ...], str] = {}  # most claims of a version share a few heading paths
    for ordinal, c in enumerate(claims):
        rev = c.get("revision") or None
        rkey: RevKey = (rev.get("label"), rev.get("head"), rev.get("base")) if rev else (None, None, None)
        revisions.append(rkey if rev else None)
        src = c.get("source") or {}
        extra = {k: c[k] for k in c.keys() - _KNOWN}
        src_extra = {k: src[k] for k in src.keys() - _SOURCE_COLUMNS}
        if src_extra:
            extra["source"] = src_extra
        path = tuple(src.get("section") or ())
        section = sections.get(path)
        if section is None:
            section = sections[path] = _json(list(path))
        config = c.get("config")
        setups.append(setup_of(c))
        line = src.get("line", 0)
        tails.append(
            (
                ordinal,
                c["kind"],
                c.get("metric"),
                c.get("value"),
                c.get("high"),
                1 if c.get("approx") else 0,
                c.get("unit"),
                c.get("reference"),
                c.get("outcome"),
                c.get("outcome_text"),
                c.get("sha"),
                c.get("passed"),
                c.get("failed"),
                c.get("skipped"),
                c.get("subject"),
                c.get("feature"),
                rkey[0],
                rkey[1],
                rkey[2],
                _json(config) if config else "{}",
                src.get("path"),
                line,
                src.get("line_end", line),
                src.get("text", ""),
                section,
                c.get("stderr"),
                c.get("stddev"),
                c.get("printed"),
                c.get("note"),
                c.get("parser"),
                c.get("engine"),
                c.get("architecture"),
                c.get("models"),
                _json(extra) if extra else None,
            )
        )
    return ClaimRows(tails, revisions, setups)
