"""`ledger merge SRC... --into DST`: ledgers written apart (CI runners, teams) joined into one.

    for m in merge(["runner1.db", "runner2.db"], "all.db"):
        print(m.summary())

Documents are joined by their key, versions by the sha256 of their text: a version in both is stored once, and a
document's versions are numbered by when they were written (edit time, else ingest time). A version written by
this code's extractors is copied as it is; one another parser version wrote is parsed again on the way in.
Fetched PR data (metadata, heads, commits), ETags and sync state come along. Merging twice adds nothing.

DST is written a few documents per transaction in WAL mode, so readers of DST read on meanwhile and see whole
documents; a killed merge leaves whole documents, and running it again does the rest. Sources are only read.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ledger.errors import UsageError
from ledger.ingest.prepare import parser_version

if TYPE_CHECKING:
    from sqlite_utils import Database

    from ledger.db.writes import PreparedVersion

DOCS_PER_TRANSACTION = 64


@dataclass
class Merged:
    """What one source brought into the destination."""

    source: str
    documents: int = 0
    """Documents the destination did not have."""
    versions: int = 0
    """Versions it did not have (copied, or parsed again)."""
    reparsed: int = 0
    """... of which another parser version had written (parsed again by this code's extractors)."""
    updated: int = 0
    """Documents it had whose metadata or fetched PR data the source added to."""
    fetch_state: int = 0
    """ETags and sync states taken from the source."""
    errors: list[str] = field(default_factory=list)

    def summary(self) -> str:
        from ledger.neutral import terminal

        return terminal(
            f"{self.source}: {self.documents:,} new documents, {self.versions:,} new versions "
            f"({self.reparsed:,} parsed again), {self.updated:,} documents updated, "
            f"{self.fetch_state:,} fetch records" + (f", {len(self.errors):,} errors" if self.errors else "")
        )


def merge(
    sources: Sequence[str | os.PathLike[str]],
    into: str | os.PathLike[str],
    *,
    on_start: Callable[[int], None] | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> Iterator[Merged]:
    """Merge each source ledger into `into` (made if missing), one result per source once it is all committed."""
    from ledger.db import check_whole, open_database
    from ledger.db.connection import open_source
    from ledger.db.merge import same_file

    if not sources:
        raise UsageError("nothing to merge: give one or more ledgers, and --into the ledger to merge them into")
    for s in sources:
        if same_file(s, into):
            raise UsageError(f"{s}: is the ledger merged into (--into); give another")
    opened = [open_source(s) for s in sources]  # every source checked before anything is written
    try:
        dst = open_database(into)
        try:
            check_whole(dst, into)
            if on_start is not None:
                on_start(sum(src.execute("SELECT COUNT(*) FROM documents").fetchone()[0] for src in opened))
            version = parser_version()
            for path, src in zip(sources, opened, strict=True):
                yield _merge_one(dst, src, Merged(os.fspath(path)), version, on_progress)
        finally:
            dst.close()
    finally:
        for src in opened:
            src.close()


def _merge_one(
    dst: Database, src: sqlite3.Connection, out: Merged, version: str, on_progress: Callable[[int], None] | None
) -> Merged:
    from ledger.db.merge import batches, merge_fetch_state, source_documents
    from ledger.db.pulls import immediate

    src.execute("BEGIN")  # one snapshot of the source, whoever writes to it meanwhile
    try:
        # a PR before its comments, which name it
        docs = sorted(source_documents(src), key=lambda d: (d["parent_id"] is not None, d["id"]))
        ids: dict[int, int] = {}
        for batch in batches(docs, DOCS_PER_TRANSACTION):
            with immediate(dst):
                for doc in batch:
                    ids[doc["id"]] = _merge_document(dst, src, doc, ids.get(doc["parent_id"] or -1), version, out)
            if on_progress is not None:
                on_progress(len(batch))
        with immediate(dst):
            out.fetch_state = merge_fetch_state(dst, src)
    finally:
        src.rollback()
    return out


def _merge_document(
    dst: Database, src: sqlite3.Connection, doc: dict[str, Any], parent_id: int | None, version: str, out: Merged
) -> int:
    from ledger.db.merge import merge_document, merge_pull_data, order_by_time, source_versions, stored_shas
    from ledger.db.writes import write_versions

    before = dst.execute("SELECT fetched_at FROM documents WHERE key = ?", [doc["key"]]).fetchone()
    doc_id, wrote = merge_document(dst, doc, parent_id)
    if before is None:
        out.documents += 1
    have = stored_shas(dst, doc_id)
    preps = []
    for v in source_versions(src, doc["id"]):
        if v["sha256"] in have:
            continue
        have.add(v["sha256"])
        prep = _incoming(src, doc, v, version, out)
        if prep is not None:
            preps.append(prep)
    for prep, result in zip(preps, write_versions(dst, preps), strict=True):
        if isinstance(result, Exception):
            out.errors.append(f"{doc['key']}: a version (sha256 {prep.sha256[:12]}) could not be stored ({result})")
        else:
            out.versions += 1
    if preps:
        order_by_time(dst, doc_id)
    newer = bool(doc["fetched_at"]) and (before is None or before[0] is None or doc["fetched_at"] > before[0])
    if merge_pull_data(dst, src, doc["id"], doc_id, newer) or (wrote and before is not None):
        out.updated += 1
    return doc_id


def _incoming(
    src: sqlite3.Connection, doc: dict[str, Any], v: dict[str, Any], version: str, out: Merged
) -> PreparedVersion | None:
    """A source version as it is to be stored: copied when this code's extractors wrote it (or its claims are not
    its text's), else parsed again as `ledger reextract` reads a stored version."""
    from ledger.db.merge import copied_version, source_stored
    from ledger.db.stored import NOT_FROM_TEXT
    from ledger.store.reextract import job_for, parse_job

    if v["parser_version"] == version or doc["kind"] in NOT_FROM_TEXT:
        return copied_version(src, doc, v)
    outcome = parse_job(job_for(source_stored(src, doc, v)), version)
    if isinstance(outcome, str):
        out.errors.append(f"{doc['key']} v{v['version']}: {outcome}")
        return None
    out.reparsed += 1
    outcome.source_path, outcome.edited_at, outcome.editor = v["source_path"], v["edited_at"], v["editor"]
    outcome.ingested_at = v["ingested_at"]
    return outcome
