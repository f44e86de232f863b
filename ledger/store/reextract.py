"""`ledger reextract`: the stored texts read again by the installed extractors, so an upgrade reaches every version
already in the ledger (fetched texts included: no request is made).

    for r in reextract("ledger.db"):          # the versions another parser version wrote
        print(r.summary())

Each version is read as it was first read (its name for the parsers, its format, its document's engine, the
warnings of reading its bytes) and parsed in the ingest workers; its claims, sections, revisions and warnings are
replaced in one transaction with the few others of its chunk, so a killed run leaves each version old or new, and
running it again does the rest. Fetched metadata, edit history and ETags are not touched.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.errors import UsageError
from ledger.identity import STDIN_NAME
from ledger.ingest.prepare import parser_version
from ledger.ingest.workers import CHUNK, worker_pool
from ledger.store.diff import Change, claim_changes

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from sqlite_utils import Database

    from ledger.db.stored import Mode, StoredVersion
    from ledger.db.writes import PreparedVersion


@dataclass
class Job:
    """A stored version to read again: its text and what it was read as."""

    version_id: int
    version: int
    key: str
    text: str
    sha256: str
    name: str
    fmt: str | None
    given_engine: str | None
    """The engine its identity names (a repository's, a URL's); else its text says, or the document keeps its own."""
    engine: str | None
    notes: list[tuple[int | None, str]] = field(default_factory=list)
    """The warnings of reading its bytes, kept as they were."""


@dataclass
class Reextracted:
    """One version read again (or, with an error, left as it was)."""

    key: str
    version: int
    change: Change = field(default_factory=Change)
    error: str | None = None

    def summary(self) -> str:
        from ledger.neutral import terminal

        if self.error:
            return terminal(f"error       {self.key} v{self.version}: {self.error}")
        label = "changed" if self.change.any else "same"
        return terminal(f"{label:<12}{self.key} v{self.version}  {self.change.counts()}")


def job_for(sv: StoredVersion) -> Job:
    from ledger.ingest.engines import given_engine
    from ledger.ingest.sources import reading_warning

    if sv.fetched:
        name = sv.key
    elif sv.source_path in (None, "-"):
        name = STDIN_NAME
    else:
        name = Path(sv.source_path).name
    notes = [(line, m) for line, m in sv.warnings if reading_warning(m)]
    return Job(
        sv.version_id,
        sv.version,
        sv.key,
        sv.text,
        sv.sha256,
        name,
        "markdown" if sv.fetched else sv.format,
        given_engine(None, sv.repo, sv.url),
        sv.engine,
        notes,
    )


def parse_job(job: Job, version: str) -> PreparedVersion | str:
    """One stored version read again, its claims as table rows; a failure is its one-line message."""
    from ledger.db.writes import DocumentIdentity
    from ledger.errors import LedgerError
    from ledger.ingest.engines import stamp_engine
    from ledger.ingest.prepare import prepare_version
    from ledger.ingest.sources import SourceText
    from ledger.model import ParseWarning

    src = SourceText(job.name, job.text, job.sha256, [ParseWarning(line, m) for line, m in job.notes])
    try:
        prep = prepare_version(
            src, DocumentIdentity(key=job.key, engine=job.given_engine), version, fmt=job.fmt, name=job.name
        )
    except LedgerError as exc:
        return str(exc)
    except Exception as exc:  # a parser bug costs this version (it stays as it was), never the run
        return f"could not be parsed ({type(exc).__name__}: {exc})"
    if prep.identity.engine is None and job.engine:  # an engine the user gave (--engine) that the text does not say
        prep.identity.engine = stamp_engine(job.engine, prep.claims)
    return prep.pack()


def parse_remote(jobs: list[Job], version: str) -> list[PreparedVersion | str]:
    """parse_job in a worker: the text does not travel back (the parent holds it)."""
    outcomes = [parse_job(job, version) for job in jobs]
    for outcome in outcomes:
        if not isinstance(outcome, str):
            outcome.text = ""
    return outcomes


def reextract(
    db: str | os.PathLike[str],
    *,
    mode: Mode = "older",
    dry_run: bool = False,
    workers: int | None = None,
    on_start: Callable[[int], None] | None = None,
) -> Iterator[Reextracted]:
    """Read stored versions again: those another parser version wrote (`older`) or every one (`all`); one result
    per version, once it is committed. `dry_run` parses and tells what would change, and writes nothing."""
    from ledger.db import check_whole, open_database
    from ledger.db.stored import finish_run, versions_to_read

    if workers is not None and workers < 1:
        raise UsageError(f"--workers {workers}: expected 1 or more")
    version = parser_version()
    ledger_db = open_database(db, create=False)
    try:
        check_whole(ledger_db, db)
        ids = versions_to_read(ledger_db, mode, version, record=not dry_run)
    finally:
        ledger_db.close()
    with worker_pool(len(ids), workers) as pool:
        ledger_db = open_database(db, create=False)  # after the workers are forked: no child inherits a connection
        try:
            if on_start is not None:
                on_start(len(ids))
            yield from _run(ledger_db, ids, version, dry_run, pool)
            if not dry_run:
                finish_run(ledger_db, mode)
        finally:
            ledger_db.close()


def _run(db: Database, ids: list[int], version: str, dry_run: bool, pool: Executor | None) -> Iterator[Reextracted]:
    """Parse in the workers CHUNK versions at a time, a few chunks ahead; compare and write here, in order."""
    from concurrent.futures.process import BrokenProcessPool

    from ledger.db.stored import stored_versions

    pending: deque[tuple[list[Job], Future[list[PreparedVersion | str]] | None]] = deque()
    window = 2 * getattr(pool, "_max_workers", 1) + 1
    start = 0
    while start < len(ids) or pending:
        while start < len(ids) and len(pending) < window:
            jobs = [job_for(sv) for sv in stored_versions(db, ids[start : start + CHUNK])]
            start += CHUNK
            fut = None
            if pool is not None:
                try:
                    fut = pool.submit(parse_remote, jobs, version)
                except BrokenProcessPool:
                    pool = None  # the rest is parsed here: a dead worker costs speed, not versions
            pending.append((jobs, fut))
        jobs, fut = pending.popleft()
        outcomes: list[PreparedVersion | str] | None = None
        if fut is not None:
            try:
                outcomes = fut.result()
            except BrokenProcessPool:
                outcomes = None
        if outcomes is None:
            outcomes = [parse_job(j, version) for j in jobs]
        yield from _store(db, jobs, outcomes, dry_run)


def _store(
    db: Database, jobs: list[Job], outcomes: list[PreparedVersion | str], dry_run: bool
) -> Iterator[Reextracted]:
    from ledger.db.stored import claim_tuples, holds_already, rewrite_versions

    results: list[Reextracted] = []
    writes: list[tuple[int, PreparedVersion, bool]] = []
    for job, outcome in zip(jobs, outcomes, strict=True):
        if isinstance(outcome, str):
            results.append(Reextracted(job.key, job.version, error=outcome))
            continue
        outcome.text = job.text
        old = claim_tuples(db, job.version_id)
        assert outcome.rows is not None
        results.append(Reextracted(job.key, job.version, claim_changes(old[0], outcome.rows.tails)))
        writes.append((job.version_id, outcome, holds_already(db, job.version_id, outcome, old)))
    if writes and not dry_run:
        rewrite_versions(db, writes)  # the chunk's versions in one transaction
    yield from results
