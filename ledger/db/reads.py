"""Reading the ledger back: claims in the contract's shape, and a document by any name a user gives it
(what a document holds, its versions and text, is read by ledger/db/documents.py).

Every value a user gives is a bound parameter; no filter value is ever spliced into SQL.

A read command needs neither sqlite-utils nor the pydantic model (their imports cost more than a
query): `open_reader` reads a ledger at this code's schema through a plain sqlite3 connection, and
the contract's field order is written out here (tests/test_reads_fast.py checks it against the model,
the writer's columns and the migrations).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from ledger.db.setup import config_term, setup_index_current
from ledger.errors import UsageError
from ledger.identity import pull_from_url

if TYPE_CHECKING:
    from sqlite_utils import Database

    Reader: TypeAlias = sqlite3.Connection | Database
    """What the read functions take: open_reader's connection or open_database's Database."""

CLAIM_FIELDS: tuple[str, ...] = (
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
    "revision",
    "config",
    "source",
    "stderr",
    "stddev",
    "printed",
    "note",
    "parser",
    "engine",
    "architecture",
    "models",
)
"""The contract's field order (ledger.model.Claim's), so stored claims print like extracted ones."""
STRUCTURED_FIELDS: tuple[str, ...] = ("revision", "config", "source")
"""Claim fields stored flattened into several columns; every other field has a column of its own (ledger/db/writes.py
SCALAR_FIELDS) or, when added to the model after the schema, a key in the `extra` JSON column."""
READ_MIGRATIONS: tuple[str, ...] = (
    "0001_initial",
    "0002_reference_values",
    "0003_github_fetch",
    "0004_pr_commits",
    "0005_fts_per_version",
    "0006_metric_in_claim_order",
    "0007_claim_stddev",
    "0008_github_sync",
    "0009_engine_identity",
    "0010_claims_fts_as_sqlite_utils",
    "0011_views",
    "0012_support_cells_engine",
    "0013_warning_message_without_line",
    "0014_claim_setup",
    "0015_reextract",
)
"""ledger.db.schema.MIGRATION_NAMES, the migrations this code knows: a ledger with exactly these applied needs no
migration to be read."""
READ_SCHEMA_VERSION = len(READ_MIGRATIONS)
"""ledger.db.schema.SCHEMA_VERSION."""
_HEX_RE = re.compile(r"[0-9a-fA-F]{4,40}")
_MEMO_SIZE = 4096
"""Decoded section and config texts kept while reading one query's rows (a bounded memo)."""


def open_reader(path: str | os.PathLike[str]) -> Reader:
    """A ledger opened for reading. One at this code's schema (every migration applied, WAL) is read through a
    plain sqlite3 connection; anything else (missing, not a ledger, older or newer) goes through
    db.connection.open_database(create=False), which migrates or refuses it with its own messages."""
    p = Path(path)
    # never open()/close() the file itself to sniff it: that drops this process's locks on it (see
    # db.connection._check_file); a file that is not a database fails the first PRAGMA below instead
    fast = p.is_file()
    if fast:
        from ledger.db.storage import reader_uri

        conn = None
        uri = reader_uri(p)  # a ledger on read-only storage: mode=ro (and immutable=1), with a note
        try:
            conn = sqlite3.connect(uri or str(p), uri=uri is not None, timeout=_busy_timeout_s())
            fast = (
                conn.execute("PRAGMA user_version").fetchone()[0] == READ_SCHEMA_VERSION
                and (uri is not None or conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal")
                and tuple(
                    r[0]
                    for r in conn.execute(
                        "SELECT name FROM _sqlite_migrations WHERE migration_set = 'ledger' ORDER BY id"
                    )
                )
                == READ_MIGRATIONS
            )
        except sqlite3.Error:
            fast = False
        if fast and conn is not None:
            return conn
        if conn is not None:
            conn.close()
    from ledger.db.connection import open_database

    return open_database(p, create=False)


def _busy_timeout_s() -> float:
    """ledger.db.connection.busy_timeout_ms() in seconds (LEDGER_BUSY_TIMEOUT_MS, default 10 s)."""
    try:
        return max(0, int(os.environ.get("LEDGER_BUSY_TIMEOUT_MS", 10_000))) / 1000
    except ValueError:
        return 10.0


@dataclass
class ClaimFilter:
    """Which claims to read. Empty fields do not filter; the defaults read the newest version of every document."""

    pr: int | None = None
    repo: str | None = None
    kind: str | None = None
    kinds: tuple[str, ...] = ()
    """Any of these kinds (`--kind` repeated); combined with `kind` by AND."""
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
    results_first: bool = False
    """Each document's results (every kind but commit) before its commits, each in the text's order; a PR lists
    dozens of commit hashes before any number otherwise."""


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _glob_to_like(text: str) -> str:
    return "%".join(_like_escape(part) for part in text.split("*"))


def fts_query(text: str) -> str:
    """A user's words as an FTS5 query that cannot be a syntax error: each word a quoted phrase."""
    words = [w for w in re.split(r"\s+", text.strip()) if w][:64]
    return " ".join('"' + w.replace('"', '""') + '"' for w in words)


def _rows(db: Reader, sql: str, params: list[Any] | tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    cur = db.execute(sql, list(params))
    names = [d[0] for d in cur.description]
    return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]


def claims(db: Reader, f: ClaimFilter) -> list[dict[str, Any]]:
    """Stored claims matching `f`, in document order, in the claims contract's shape."""
    return list(iter_claims(db, f))


def _refuse_nul(*values: str | None) -> None:
    """SQLite's LIKE stops reading a pattern at a NUL, so '%a\\0b%' would match like '%a%': refuse it."""
    if any(v is not None and "\x00" in v for v in values):
        raise UsageError("a filter value holds a NUL character")


def count_claims(db: Reader, f: ClaimFilter) -> int:
    """How many stored claims match `f` (its limit aside), without reading them."""
    joins, where, params = _claims_where(db, f)
    sql = f"SELECT COUNT(*) FROM claims c {joins}" + (" WHERE " + " AND ".join(where) if where else "")
    try:
        return int(db.execute(sql, params).fetchone()[0])
    except sqlite3.OperationalError as exc:
        raise UsageError(f"cannot run this query: {exc}") from exc


_JOINS = "JOIN documents d ON d.id = c.document_id JOIN document_versions v ON v.id = c.version_id"


def _claims_where(db: Reader, f: ClaimFilter) -> tuple[str, list[str], list[Any]]:
    """The joins, WHERE terms and parameters that select the claims matching `f`."""
    _refuse_nul(
        f.repo,
        f.kind,
        f.metric,
        f.revision,
        f.search,
        f.document,
        f.subject,
        f.feature,
        *(part for pair in f.config for part in pair),
    )
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
    if f.kinds:
        where.append(f"c.kind IN ({', '.join('?' for _ in f.kinds)})")
        params.extend(k.strip().lower() for k in f.kinds)
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
    indexed = bool(f.config) and setup_index_current(db)
    for key, value in f.config:
        config_term(key, value, indexed, where, params)
    if f.search and f.search.strip():
        where.append("c.id IN (SELECT rowid FROM claims_fts WHERE claims_fts MATCH ?)")
        params.append(fts_query(f.search))
    if f.subject:
        where.append("c.subject LIKE ? ESCAPE '\\'")
        params.append("%" + _like_escape(f.subject.strip()) + "%")
    if f.feature:
        where.append("c.feature LIKE ? ESCAPE '\\'")
        params.append("%" + _like_escape(f.feature.strip()) + "%")
    return _JOINS, where, params


def iter_claims(db: Reader, f: ClaimFilter) -> Iterator[dict[str, Any]]:
    joins, where, params = _claims_where(db, f)
    sql = (
        "SELECT c.*, d.key AS document_key, v.sha256 AS document_sha256, v.version AS document_version "
        f"FROM claims c {joins}"
    )
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY c.document_id, v.version, " + ("c.kind = 'commit', " if f.results_first else "") + "c.ordinal"
    if f.limit is not None:
        sql += " LIMIT ?"
        params.append(max(0, f.limit))
    try:
        cur = db.execute(sql, params)
    except sqlite3.OperationalError as exc:
        raise UsageError(f"cannot run this query: {exc}") from exc
    names = [d[0] for d in cur.description]
    decode = claim_decoder(names)
    i_id = names.index("id")
    for row in tolerant_rows(db, cur, sql, params, lambda row, n: f"claim {row[i_id]}"):
        try:
            yield decode(row)
        except (ValueError, TypeError, AttributeError) as exc:  # a JSON cell (config, section, extra) not ours
            _left_out(f"claim {row[i_id]}", f"a JSON cell does not read as ours ({type(exc).__name__}: {exc})")


def _left_out(what: str, why: str) -> None:
    import warnings

    from ledger.errors import LedgerNote

    warnings.warn(f"{what}: {why}; left out of this answer", LedgerNote, stacklevel=4)


def tolerant_rows(
    db: Reader, cur: sqlite3.Cursor, sql: str, params: Sequence[Any], name: Callable[[Sequence[Any], int], str]
) -> Iterator[Sequence[Any]]:
    """The cursor's rows; when one holds text that is not valid UTF-8 (SQLite stores what another tool gives
    it; Python's sqlite3 then fails the whole read at that row), the query is read again from the start with
    lenient decoding, the rows already given are passed over, and each row with such a cell is left out
    with a LedgerNote. The usual path costs nothing: the slow one runs only after the error."""
    given = 0
    try:
        for row in cur:
            given += 1
            yield row
        return
    except sqlite3.OperationalError as exc:
        if "decode" not in str(exc):
            raise
    conn: sqlite3.Connection = db if isinstance(db, sqlite3.Connection) else db.conn
    bad = [False]

    def lenient(raw: bytes) -> str:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            bad[0] = True
            return raw.decode("utf-8", errors="replace")

    saved = conn.text_factory
    conn.text_factory = lenient
    try:
        rows = conn.execute(sql, params)
        for n, row in enumerate(rows):
            was_bad, bad[0] = bad[0], False
            if n < given:
                continue
            if was_bad:
                _left_out(name(row, n), "a text cell is not valid UTF-8 (written by another tool?)")
                continue
            yield row
    finally:
        conn.text_factory = saved


def claim_decoder(names: Sequence[str]) -> Callable[[Sequence[Any]], dict[str, Any]]:
    """A function from one row of `SELECT c.*, document_key, document_sha256, document_version` (columns `names`)
    to the claim, exactly as claim_from_row builds it from the row as a dict, without building that dict: the
    contract's fields are picked in their order in one step and the structured ones replaced in place."""
    at = {n: i for i, n in enumerate(names)}
    if any(n not in at and n not in STRUCTURED_FIELDS for n in CLAIM_FIELDS):  # a field kept only in `extra`
        return lambda row: claim_from_row(dict(zip(names, row, strict=True)))
    stand_in = {"revision": "revision_id", "config": "config", "source": "line"}  # replaced below; keeps the order
    pick = itemgetter(*(at[stand_in.get(n, n)] for n in CLAIM_FIELDS))
    i_extra, i_rev, i_label, i_head, i_base = (
        at[n] for n in ("extra", "revision_id", "revision_label", "revision_head", "revision_base")
    )
    i_config, i_path, i_line, i_end, i_text, i_section = (
        at[n] for n in ("config", "source_path", "line", "line_end", "text", "section")
    )
    i_key, i_doc, i_version, i_sha = (
        at[n] for n in ("document_key", "document_id", "document_version", "document_sha256")
    )
    loads = json.loads
    sections: dict[str, Any] = {}  # claims of one document, and copies of one text, share their sections
    configs: dict[str, Any] = {}

    def memo_loads(memo: dict[str, Any], text: str) -> Any:
        """json.loads, remembered (a bounded memo): callers copy what they hand out."""
        value = memo.get(text)
        if value is None:
            if len(memo) >= _MEMO_SIZE:
                memo.clear()
            value = memo[text] = loads(text)
        return value

    def decode(row: Sequence[Any]) -> dict[str, Any]:
        raw_extra = row[i_extra]
        extra: dict[str, Any] = loads(raw_extra) if raw_extra else {}
        src_extra = extra.pop("source", None) or {}
        out = dict(zip(CLAIM_FIELDS, pick(row), strict=True))
        out["approx"] = bool(out["approx"])
        out["revision"] = (
            None if row[i_rev] is None else {"label": row[i_label], "head": row[i_head], "base": row[i_base]}
        )
        config = row[i_config]
        if not config or config == "{}":
            out["config"] = {}
        else:
            cfg = memo_loads(configs, config)
            out["config"] = dict(cfg) if isinstance(cfg, dict) else cfg  # each claim its own object
        section = row[i_section]
        if not section or section == "[]":
            path: Any = []
        else:
            path = memo_loads(sections, section)
            path = list(path) if isinstance(path, list) else path
        out["source"] = {
            "path": row[i_path],
            "line": row[i_line],
            "line_end": row[i_end],
            "text": row[i_text],
            "section": path,
            **src_extra,
            "document": row[i_key],
            "document_id": row[i_doc],
            "version": row[i_version],
            "sha256": row[i_sha],
        }
        if extra:
            out.update(extra)
        return out

    return decode


def claim_from_row(row: dict[str, Any]) -> dict[str, Any]:
    """One claims row back into the contract's shape; source also names its document and content hash."""
    extra: dict[str, Any] = json.loads(row["extra"]) if row.get("extra") else {}
    src_extra = extra.pop("source", None) or {}
    out: dict[str, Any] = {}
    for name in CLAIM_FIELDS:
        if name == "revision":
            out[name] = (
                None
                if row["revision_id"] is None
                else {"label": row["revision_label"], "head": row["revision_head"], "base": row["revision_base"]}
            )
        elif name == "config":
            out[name] = json.loads(row["config"] or "{}")
        elif name == "source":
            out[name] = {
                "path": row["source_path"],
                "line": row["line"],
                "line_end": row["line_end"],
                "text": row["text"],
                "section": json.loads(row["section"] or "[]"),
                **src_extra,
                "document": row["document_key"],
                "document_id": row["document_id"],
                "version": row["document_version"],
                "sha256": row["document_sha256"],
            }
        elif name == "approx":
            out[name] = bool(row["approx"])
        elif name in row:  # a column of its own (ledger/db/writes.py SCALAR_FIELDS)
            out[name] = row[name]
        else:
            out[name] = extra.pop(name, None)
    out.update(extra)
    return out


def resolve_document(db: Reader, ref: str) -> dict[str, Any]:
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
    pull = pull_from_url(ref)  # a PR's web, Enterprise or API URL names its document `owner/name#N`
    if pull is not None:
        found = _rows(db, "SELECT * FROM documents WHERE key = ?", [pull.key])
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
    found = _rows(
        db, "SELECT * FROM documents WHERE key LIKE ? ESCAPE '\\' ORDER BY id LIMIT 6", ["%" + _like_escape(ref) + "%"]
    )
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(str(d["key"]) for d in found[:5])
        raise UsageError(f"{ref!r} matches several documents ({names}); give one of them")
    raise UsageError(f'no document matches {ref!r} (list them: ledger sql "SELECT id, key FROM documents")')
