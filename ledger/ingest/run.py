"""Ingest: read documents, extract their claims, store them in batches, each document whole or not at all.

    results = ingest(["pr.md", "docs/"], "ledger.db", repo="NVIDIA/TensorRT-LLM", pr=1234)

Each path (a file, a folder of text files, or "-" for stdin) gives one `IngestResult`. A file that
cannot be read (missing, empty, binary, over the size limit) gives an "error" result with a
one-line message and the rest of the batch still goes in; text that is not valid UTF-8 is decoded
with replacement characters and a warning. A text already stored for the same document is not
parsed again and writes nothing ("unchanged"); a changed text is a new version, the old one stays.

A document is named by `--repo`/`--pr` (key "owner/name#N"), else by `--url` (a GitHub pull-request
URL gives the repo and number), else by its path as given ("-" reads stdin, named "<stdin>").
"""

from __future__ import annotations

import itertools
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ledger.errors import DiskFull, InputError, NotFound, UsageError
from ledger.identity import STDIN_NAME, document_key, parse_repo, pull_from_url
from ledger.ingest.prepare import parser_version
from ledger.ingest.workers import CHUNK, PARALLEL_MIN_FILES, Job, parse, parse_remote, received, worker_pool

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from sqlite_utils import Database

    from ledger.db import PreparedVersion, WriteResult
    from ledger.ingest.sources import SourceText
    from ledger.model import ParseWarning

STDIN = "-"

Status = Literal["new", "new_version", "unchanged", "error"]


@dataclass
class IngestResult:
    """What happened to one input: stored, unchanged, or refused (with the reason)."""

    path: str
    status: Status
    document: str | None = None
    """The document's key ("owner/name#N", a URL or a path)."""
    document_id: int | None = None
    version: int | None = None
    sha256: str | None = None
    claims: int = 0
    warnings: list[ParseWarning] = field(default_factory=list)
    """What reading and parsing the text warned of (`ledger.messages.warning_line` prints one)."""
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.status != "error"

    def summary(self) -> str:
        """One line for the terminal: names and paths neutralised (a newline in a file name forges no line)."""
        from ledger.neutral import terminal

        if self.status == "error":
            return terminal(f"error       {self.error}")
        label = {"new": "new", "new_version": "new version", "unchanged": "unchanged"}[self.status]
        warn = f", {len(self.warnings)} warning{'s' if len(self.warnings) != 1 else ''}" if self.warnings else ""
        where = "" if self.path == self.document else f"  ({self.path})"
        return terminal(
            f"{label:<12}{self.document} v{self.version}  sha256 {(self.sha256 or '')[:12]}  "
            f"{self.claims} claims{warn}{where}"
        )


def check_identity(repo: str | None, pr: int | None, url: str | None) -> tuple[str | None, int | None]:
    """Validate --repo/--pr/--url; a GitHub PR URL fills in a missing repo and number."""
    if url:
        found = pull_from_url(url)
        if found is not None:
            repo = repo or found.repo
            pr = pr if pr is not None else found.number
    if repo is not None:
        repo = parse_repo(repo)
    if pr is not None and pr <= 0:
        raise UsageError(f"--pr {pr}: expected a positive pull-request number")
    return repo, pr


def inputs(paths: Sequence[str]) -> Iterator[str | IngestResult]:
    """Each file to read, in order (folders walked for their text files), or the error of a folder
    without any."""
    from ledger.ingest.sources import walk

    for raw in paths:
        if raw != STDIN and Path(raw).is_dir():
            found = False
            for f in walk([raw]):
                found = True
                yield f
            if not found:
                yield IngestResult(
                    raw, "error", error=f"{raw}: no text documents in this folder (.md, .markdown, .txt, .text, .rst)"
                )
        else:
            yield raw


def ingest(
    paths: Sequence[str],
    db: str | os.PathLike[str],
    *,
    repo: str | None = None,
    pr: int | None = None,
    title: str | None = None,
    url: str | None = None,
    stdin: bytes | str | None = None,
    fmt: str | None = None,
    max_bytes: int | None = None,
    on_start: Callable[[int], None] | None = None,
    on_result: Callable[[IngestResult], None] | None = None,
    workers: int | None = None,
    engine: str | None = None,
    repo_path: str | None = None,
) -> list[IngestResult]:
    """Ingest files, folders or stdin ("-") into the ledger at `db`; one result per document read.

    `workers`: parser processes for a big batch (default: LEDGER_WORKERS, else one per CPU, at most 4;
    1 parses in this process). The stored rows do not depend on it. `iter_ingest` takes the same
    arguments and yields the results instead of keeping them (memory stays flat at any batch size).

    Raises only for what stops the whole batch: a bad ledger file (NotALedger, SchemaTooNew) or
    bad arguments (UsageError). Everything about one input becomes that input's result.
    """
    results = []
    for result in iter_ingest(
        paths,
        db,
        repo=repo,
        pr=pr,
        title=title,
        url=url,
        stdin=stdin,
        fmt=fmt,
        max_bytes=max_bytes,
        on_start=on_start,
        workers=workers,
        engine=engine,
        repo_path=repo_path,
    ):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results


def iter_ingest(
    paths: Sequence[str],
    db: str | os.PathLike[str],
    *,
    repo: str | None = None,
    pr: int | None = None,
    title: str | None = None,
    url: str | None = None,
    stdin: bytes | str | None = None,
    fmt: str | None = None,
    max_bytes: int | None = None,
    on_start: Callable[[int], None] | None = None,
    workers: int | None = None,
    engine: str | None = None,
    repo_path: str | None = None,
) -> Iterator[IngestResult]:
    """`ingest`, one result at a time, each once its document is committed (or refused)."""
    from ledger.db import check_whole, open_database

    if not paths:
        raise UsageError("nothing to ingest: give files, folders, or - for stdin")
    repo, pr = check_identity(repo, pr, url)
    from ledger.ingest.engines import given_engine

    naming = _Naming(given_engine(engine, repo, url), _repo_path(repo_path, repo, pr))
    if fmt is not None and fmt not in ("markdown", "rendered"):
        raise UsageError(f"--input-format {fmt!r}: expected markdown or rendered")
    if max_bytes is not None and max_bytes <= 0:
        raise UsageError(f"--max-bytes {max_bytes}: expected a positive number of bytes")
    if workers is not None and workers < 1:
        raise UsageError(f"--workers {workers}: expected 1 or more")
    # The inputs are walked as they are ingested (no list of 100,000 paths); the first few tell
    # whether a worker pool pays, and only a progress bar (on_start) costs a second, counting walk.
    stream = inputs(paths)
    head = list(itertools.islice(stream, PARALLEL_MIN_FILES))
    n_head = sum(1 for item in head if isinstance(item, str))
    with worker_pool(n_head, workers) as pool:
        ledger_db = open_database(db)  # after the workers are forked: no child inherits a connection
        try:
            check_whole(ledger_db, db)  # nothing is added to a damaged file
            if on_start is not None:
                on_start(sum(1 for _ in inputs(paths)) if len(head) == PARALLEL_MIN_FILES else len(head))
            version = parser_version()
            loads = (
                item
                if isinstance(item, IngestResult)
                else _load(
                    ledger_db,
                    item,
                    repo=repo,
                    pr=pr,
                    title=title,
                    url=url,
                    stdin=stdin,
                    max_bytes=max_bytes,
                    naming=naming,
                )
                for item in itertools.chain(head, stream)
            )
            done = 0
            try:
                for result in _prepare_and_write(ledger_db, loads, version, fmt, pool):
                    done += 1
                    yield result
            except DiskFull as exc:
                for stored in exc.results:
                    done += 1
                    yield stored  # type: ignore[misc]
                total = sum(1 for _ in inputs(paths))
                raise DiskFull(
                    f"{db}: the disk is full: {total - done:,} of {total:,} inputs not stored, from "
                    f"{exc.first} on; free space and run the same command again (what is stored is "
                    "skipped as unchanged)",
                    exc.first,
                    done,
                ) from None
        finally:
            ledger_db.close()


BATCH_DOCS = 64
BATCH_SECONDS = 0.5
"""A batch of parsed documents is written in one transaction when it holds this many documents or is
this old: one commit per document cost more than its rows, and half a second keeps the summary lines
(printed after the commit) flowing."""


class _Batch:
    """Parsed documents waiting to be written, and results waiting for them (to keep input order)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.entries: list[tuple[Job | IngestResult, PreparedVersion | str | None]] = []
        self.started = 0.0

    def add(self, item: Job | IngestResult, outcome: PreparedVersion | str | None) -> list[IngestResult]:
        if not self.entries:
            self.started = time.monotonic()
        self.entries.append((item, outcome))
        if len(self.entries) >= BATCH_DOCS or time.monotonic() - self.started >= BATCH_SECONDS:
            return self.flush()
        return []

    def flush(self) -> list[IngestResult]:
        from ledger.db import PreparedVersion, write_versions
        from ledger.db.writes import is_disk_full

        entries, self.entries = self.entries, []
        preps = [o for _, o in entries if isinstance(o, PreparedVersion)]
        try:
            outcomes = write_versions(self.db, preps) if preps else []
        except (sqlite3.OperationalError, OSError) as exc:
            if not is_disk_full(exc):
                raise
            raise DiskFull(str(exc), first=str(entries[0][0].path)) from exc  # the batch was rolled back
        full = next((i for i, w in enumerate(outcomes) if isinstance(w, Exception) and is_disk_full(w)), None)
        if full is not None:  # written in part: the documents before the first that did not fit stand
            first = preps[full].source_path or ""
            kept = self._results(
                entries[: next(i for i, (_, o) in enumerate(entries) if o is preps[full])], outcomes[:full]
            )
            raise DiskFull(str(outcomes[full]), first=first, results=list(kept))
        return self._results(entries, outcomes)

    @staticmethod
    def _results(
        entries: list[tuple[Job | IngestResult, PreparedVersion | str | None]],
        outcomes: Sequence[WriteResult | Exception],
    ) -> list[IngestResult]:
        from ledger.db import PreparedVersion

        written = iter(outcomes)
        results = []
        for item, outcome in entries:
            if isinstance(item, IngestResult):
                results.append(item)
            elif isinstance(outcome, PreparedVersion):
                results.append(_result(item, outcome, next(written)))
            else:
                results.append(IngestResult(item.path, "error", item.identity.key, error=str(outcome)))
        return results


def _prepare_and_write(
    db: Database, loads: Iterable[Job | IngestResult], version: str, fmt: str | None, pool: Executor | None
) -> Iterator[IngestResult]:
    """Parse jobs (in worker processes when there is a pool) and write them in batches, in input order.

    Reading, the unchanged-text check and every write stay in this process, so the database has one
    writer; at most a few jobs per worker are in flight, so memory stays flat however many files
    there are.
    """
    batch = _Batch(db)
    if pool is None:
        for item in loads:
            yield from batch.add(item, None if isinstance(item, IngestResult) else parse(item, version, fmt))
        yield from batch.flush()
        return
    from collections import deque
    from concurrent.futures.process import BrokenProcessPool

    # Jobs go to the workers CHUNK at a time (a task's round trip costs about as much as parsing a
    # small document), and enough are in flight that the workers go on while a batch is written.
    window = BATCH_DOCS + CHUNK * getattr(pool, "_max_workers", 2)
    pending: deque[tuple[list[Job | IngestResult], Future[list[PreparedVersion | str]] | None]] = deque()
    in_flight = 0

    def collect() -> Iterator[tuple[Job | IngestResult, PreparedVersion | str | None]]:
        nonlocal in_flight
        items, fut = pending.popleft()
        in_flight -= len(items)
        jobs = [i for i in items if isinstance(i, Job)]
        outcomes: list[PreparedVersion | str] | None = None
        if fut is not None:
            try:
                outcomes = [received(j, o) for j, o in zip(jobs, fut.result(), strict=True)]
            except BrokenProcessPool:
                pass  # a worker died (killed, out of memory): these documents are parsed here instead
            except Exception as exc:
                outcomes = [f"{j.path}: could not be parsed ({type(exc).__name__}: {exc})" for j in jobs]
        parsed = iter(outcomes if outcomes is not None else [parse(j, version, fmt) for j in jobs])
        for item in items:
            yield item, None if isinstance(item, IngestResult) else next(parsed)

    def send(items: list[Job | IngestResult]) -> None:
        nonlocal pool, in_flight
        jobs = [i for i in items if isinstance(i, Job)]
        fut = None
        if jobs and pool is not None:
            try:
                fut = pool.submit(parse_remote, jobs, version, fmt)
            except BrokenProcessPool:
                pool = None  # the rest is parsed in this process: a dead worker costs speed, not documents
        pending.append((items, fut))
        in_flight += len(items)

    chunk: list[Job | IngestResult] = []
    for item in loads:
        chunk.append(item)
        if len(chunk) >= CHUNK:
            send(chunk)
            chunk = []
        while in_flight >= window:
            for entry in collect():
                yield from batch.add(*entry)
    if chunk:
        send(chunk)
    while pending:
        for entry in collect():
            yield from batch.add(*entry)
    yield from batch.flush()


def _read(path: str, stdin: bytes | str | None, max_bytes: int | None) -> SourceText:
    from ledger.ingest.sources import decode, read_path
    from ledger.ingest.sources import max_bytes as default_limit

    if path != STDIN:
        return read_path(path, limit=max_bytes)
    limit = default_limit() if max_bytes is None else max_bytes
    if stdin is None:
        stdin = sys.stdin.buffer.read(limit + 1)
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    return decode(data, STDIN_NAME, limit)


@dataclass(frozen=True)
class _Naming:
    """What names an ingested document beyond repo/PR/URL: its engine and its path in its repository."""

    engine: str | None = None
    repo_path: str | None = None


def _repo_path(repo_path: str | None, repo: str | None, pr: int | None) -> str | None:
    """--repo-path: the file's path in --repo, which keys the document `owner/name:path` (a docs page is a
    document of its repository; without it the key is the path as given)."""
    if repo_path is None:
        return None
    p = repo_path.strip().lstrip("/")
    if not repo or pr is not None:
        raise UsageError(
            "--repo-path names a file of --repo (and a file of a repository is no pull request: leave out --pr)"
        )
    if not p or len(p) > 1000 or any(not ch.isprintable() for ch in p) or ".." in p.split("/"):
        raise UsageError(f"--repo-path {repo_path[:200]!r}: expected a path inside the repository")
    return p


def _load(
    db: Database,
    path: str,
    *,
    repo: str | None,
    pr: int | None,
    title: str | None,
    url: str | None,
    stdin: bytes | str | None,
    max_bytes: int | None,
    naming: _Naming | None = None,
) -> Job | IngestResult:
    """Read and hash one input; a result when it is unreadable or already stored, else a job to parse."""
    from ledger.db import DocumentIdentity, find_version

    try:
        src = _read(path, stdin, max_bytes)
    except InputError as exc:
        return IngestResult(path, "error", error=str(exc))
    except OSError as exc:
        return IngestResult(path, "error", error=str(NotFound(path, exc.strerror or str(exc))))
    if path != STDIN:
        path = src.path  # a name that is not UTF-8 is stored and shown escaped from here on (sources.display_name)
    naming = naming or _Naming()
    key = document_key(path, repo, pr, url, repo_path=naming.repo_path)
    stored = find_version(db, key, src.sha256)
    if stored is not None:
        return IngestResult(
            path, "unchanged", key, stored.document_id, stored.version, src.sha256, stored.n_claims, list(src.warnings)
        )
    name = STDIN_NAME if path == STDIN else Path(path).name
    identity = DocumentIdentity(
        key=key,
        repo=repo,
        pr=pr,
        url=url,
        title=title,
        engine=naming.engine,
        repo_path=naming.repo_path,
        path=None if path == STDIN or pr is not None else os.path.normpath(path),
    )
    return Job(path, src, identity, name)


def _result(job: Job, prep: PreparedVersion, written: WriteResult | Exception) -> IngestResult:
    key = job.identity.key
    if isinstance(written, Exception):  # a statement failed for this document; the batch's others stand
        return IngestResult(job.path, "error", key, error=f"{job.path}: could not be stored ({written})")
    return IngestResult(
        job.path,
        written.status,
        key,
        written.document_id,
        written.version,
        job.src.sha256,
        written.n_claims,
        list(prep.warnings),
    )
