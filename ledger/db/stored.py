"""Stored versions read back for `ledger reextract`: which versions to read again, what their text was read as,
and the claims they hold now (as claims-table rows, to tell what a new reading changed). It never parses.

Documents of kind `checks` are never read again: their claims are GitHub's check results, not their text's.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from sqlite_utils import Database

from ledger.db.setup import keep_current
from ledger.db.writes import (
    CLAIM_ROW_COLUMNS,
    PreparedVersion,
    RevKey,
    claim_rows,
    is_lock_error,
    now_iso,
    replace_contents,
    revision_rows,
    section_rows,
)

Mode = Literal["older", "all"]

NOT_FROM_TEXT = ("checks",)
"""Document kinds whose claims are not read from their text (GitHub's check results)."""


@dataclass
class StoredVersion:
    """What reading a stored version again needs: its text and what it was read as."""

    version_id: int
    version: int
    key: str
    repo: str | None
    url: str | None
    engine: str | None
    """The document's settled engine."""
    fetched: bool
    """Read from GitHub (its name for the parsers is its key, its format markdown)."""
    format: str | None
    source_path: str | None
    sha256: str
    text: str
    warnings: list[tuple[int | None, str]]
    """Every warning stored with the version, in order."""


def _selectable() -> str:
    kinds = ", ".join(f"'{k}'" for k in NOT_FROM_TEXT)
    return f"document_id IN (SELECT id FROM documents WHERE kind IS NULL OR kind NOT IN ({kinds}))"


def versions_to_read(db: Database, mode: Mode, parser_version: str, record: bool) -> list[int]:
    """The ids of the versions to read again, oldest first: those another parser version wrote (`older`), or every
    one (`all`). An `all` run is recorded when `record`: a run killed midway is continued by the next one (the
    versions extracted since it began are done), until `finish_run`."""
    if mode == "older":
        sql = f"SELECT id FROM document_versions WHERE parser_version IS NOT ? AND {_selectable()} ORDER BY id"
        return [r[0] for r in db.execute(sql, [parser_version]).fetchall()]
    started = now_iso()
    if record:
        with db.atomic():
            db.execute("DELETE FROM reextract_runs WHERE mode = 'all' AND parser_version IS NOT ?", [parser_version])
            db.execute(
                "INSERT OR IGNORE INTO reextract_runs (mode, parser_version, started_at) VALUES ('all', ?, ?)",
                [parser_version, started],
            )
        started = db.execute("SELECT started_at FROM reextract_runs WHERE mode = 'all'").fetchone()[0]
    sql = (
        f"SELECT id FROM document_versions WHERE COALESCE(extracted_at, ingested_at) < ? AND {_selectable()} "
        "ORDER BY id"
    )
    return [r[0] for r in db.execute(sql, [started]).fetchall()]


def holds_already(
    db: Database, version_id: int, prep: PreparedVersion, old: tuple[list[tuple[Any, ...]], list[RevKey | None]]
) -> bool:
    """The version as stored (`old`: its claim_tuples) holds exactly the rows `prep` would write."""
    rows = prep.rows if prep.rows is not None else claim_rows(prep.claims)
    if rows.tails != old[0] or rows.revisions != old[1]:
        return False
    stored = [
        db.execute(f"SELECT {cols} FROM {table} WHERE version_id = ? ORDER BY id", [version_id]).fetchall()
        for table, cols in (
            ("sections", "line, kind, level, title, path"),
            ("revisions", "label, head, base, line, line_end"),
            ("warnings", "line, message"),
        )
    ]
    return stored == [section_rows(prep), revision_rows(prep, rows), [(w.line, w.message) for w in prep.warnings]]


def rewrite_versions(db: Database, preps: Sequence[tuple[int, PreparedVersion, bool]], tries: int = 6) -> None:
    """Each (version id, its new reading, whether it `holds_already` that) replaced in ONE transaction: a killed run
    leaves every version old or new."""
    # Deleting a version's revisions would make SQLite look for claims naming each one, a scan of the whole claims
    # table (claims.revision_id has no index): replace_contents deletes the claims first, so nothing can dangle.
    db.conn.execute("PRAGMA foreign_keys = OFF")
    try:
        for attempt in range(tries):
            try:
                with db.atomic():
                    keep_current(db)
                    replace_contents(db, preps)
                return
            except sqlite3.OperationalError as exc:
                if not is_lock_error(exc) or attempt == tries - 1:
                    raise
                time.sleep(0.05 * (2**attempt))
    finally:
        db.conn.execute("PRAGMA foreign_keys = ON")


def finish_run(db: Database, mode: Mode) -> None:
    with db.atomic():
        db.execute("DELETE FROM reextract_runs WHERE mode = ?", [mode])


def stored_versions(db: Database, ids: Sequence[int]) -> list[StoredVersion]:
    """The versions `ids`, in that order, with their texts and warnings."""
    if not ids:
        return []
    marks = ", ".join("?" for _ in ids)
    rows = db.execute(
        "SELECT v.id, v.version, d.key, d.repo, d.url, d.engine, d.kind IS NOT NULL, v.format, v.source_path, "
        "v.sha256, v.text "
        f"FROM document_versions v JOIN documents d ON d.id = v.document_id WHERE v.id IN ({marks})",
        list(ids),
    )
    found = {
        r[0]: StoredVersion(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6]), r[7], r[8], r[9], r[10], [])
        for r in rows.fetchall()
    }
    for vid, line, message in db.execute(
        f"SELECT version_id, line, message FROM warnings WHERE version_id IN ({marks}) ORDER BY id", list(ids)
    ):
        found[vid].warnings.append((line, message))
    return [found[i] for i in ids if i in found]


_CLAIM_SELECT = (
    f"SELECT {', '.join('c.' + c for c in CLAIM_ROW_COLUMNS)}, r.label, r.head, r.base, c.revision_id "
    "FROM claims c LEFT JOIN revisions r ON r.id = c.revision_id WHERE c.version_id = ? ORDER BY c.ordinal"
)


def claim_tuples(db: Database | Any, version_id: int) -> tuple[list[tuple[Any, ...]], list[RevKey | None]]:
    """A stored version's claims as claims-table rows (CLAIM_ROW_COLUMNS, as `writes.claim_rows` makes them) and
    each one's revision key (None: no revision). `db` may be a plain sqlite3 connection (another ledger, read)."""
    tails: list[tuple[Any, ...]] = []
    revisions: list[RevKey | None] = []
    width = len(CLAIM_ROW_COLUMNS)
    for row in db.execute(_CLAIM_SELECT, [version_id]).fetchall():
        tails.append(tuple(row[:width]))
        revisions.append(None if row[width + 3] is None else (row[width], row[width + 1], row[width + 2]))
    return tails, revisions
