"""Ingest: read documents, extract their claims, store each document version in one transaction.

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

import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ledger.errors import InputError, LedgerError, NotFound, UsageError

if TYPE_CHECKING:
    from concurrent.futures import Future

    from sqlite_utils import Database

    from db import DocumentIdentity, PreparedVersion
    from ledger.sources import SourceText

STDIN = "-"
STDIN_NAME = "<stdin>"
_REPO_RE = re.compile(r"[A-Za-z0-9][\w.-]{0,99}/[\w.-]{1,100}")
_PR_URL_RE = re.compile(r"https?://[^/\s]{1,200}/([\w.-]{1,100}/[\w.-]{1,100})/pulls?/(\d{1,9})(?:[/?#][^\s]*)?")

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
    warnings: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.status != "error"

    def summary(self) -> str:
        """One line for the terminal."""
        if self.status == "error":
            return f"error       {self.error}"
        label = {"new": "new", "new_version": "new version", "unchanged": "unchanged"}[self.status]
        warn = f", {len(self.warnings)} warning{'s' if len(self.warnings) != 1 else ''}" if self.warnings else ""
        where = "" if self.path == self.document else f"  ({self.path})"
        return (f"{label:<12}{self.document} v{self.version}  sha256 {(self.sha256 or '')[:12]}  "
                f"{self.claims} claims{warn}{where}")


def parser_version() -> str:
    """The extractor registry as 'name/version;...': what produced a version's claims."""
    from parsers.registry import EXTRACTORS

    return ";".join(f"{e.NAME}/{e.VERSION}" for e in EXTRACTORS)


def check_identity(repo: str | None, pr: int | None, url: str | None) -> tuple[str | None, int | None]:
    """Validate --repo/--pr/--url; a GitHub PR URL fills in a missing repo and number."""
    if url:
        m = _PR_URL_RE.fullmatch(url.strip())
        if m:
            repo = repo or m.group(1)
            pr = pr if pr is not None else int(m.group(2))
    if repo is not None and not _REPO_RE.fullmatch(repo):
        raise UsageError(f"--repo {repo!r}: expected OWNER/NAME")
    if pr is not None and pr <= 0:
        raise UsageError(f"--pr {pr}: expected a positive pull-request number")
    return repo, pr


def document_key(path: str, repo: str | None, pr: int | None, url: str | None) -> str:
    if repo and pr is not None:
        return f"{repo}#{pr}"
    if pr is not None:
        return f"#{pr}"
    if url:
        return url.strip()
    name = STDIN_NAME if path == STDIN else os.path.normpath(path)
    return f"{repo}:{name}" if repo else name


def expand(paths: Sequence[str]) -> tuple[list[str], list[IngestResult]]:
    """Paths to files (folders walked for their text files); a folder without any is an error."""
    from ledger.sources import walk

    files: list[str] = []
    errors: list[IngestResult] = []
    for raw in paths:
        if raw != STDIN and Path(raw).is_dir():
            found = list(walk([raw]))
            if not found:
                errors.append(IngestResult(raw, "error", error=f"{raw}: no text documents in this folder "
                                                              "(.md, .markdown, .txt, .text, .rst)"))
            files.extend(found)
        else:
            files.append(raw)
    return files, errors


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
) -> list[IngestResult]:
    """Ingest files, folders or stdin ("-") into the ledger at `db`; one result per document read.

    Raises only for what stops the whole batch: a bad ledger file (NotALedger, SchemaTooNew) or
    bad arguments (UsageError). Everything about one input becomes that input's result.
    """
    from db import open_ledger

    if not paths:
        raise UsageError("nothing to ingest: give files, folders, or - for stdin")
    repo, pr = check_identity(repo, pr, url)
    if fmt is not None and fmt not in ("markdown", "rendered"):
        raise UsageError(f"--input-format {fmt!r}: expected markdown or rendered")
    if max_bytes is not None and max_bytes <= 0:
        raise UsageError(f"--max-bytes {max_bytes}: expected a positive number of bytes")
    ledger_db = open_ledger(db)
    try:
        files, results = expand(paths)
        if on_start is not None:
            on_start(len(files) + len(results))
        for r in results:
            if on_result is not None:
                on_result(r)
        version = parser_version()
        loads = (_load(ledger_db, path, repo=repo, pr=pr, title=title, url=url, stdin=stdin,
                       max_bytes=max_bytes) for path in files)
        for result in _prepare_and_write(ledger_db, loads, version, fmt, _workers(len(files))):
            results.append(result)
            if on_result is not None:
                on_result(result)
    finally:
        ledger_db.close()
    return results


PARALLEL_MIN_FILES = 24
"""Below this many files a worker pool costs more than it saves."""


def _workers(n_files: int) -> int:
    """How many processes parse: LEDGER_WORKERS (default 1) for a batch of PARALLEL_MIN_FILES or more.

    Serial by default: measured here (2 cores, other work on the machine, modules compiled afresh in
    every spawned process), 400 documents took 2.7-3.0 s with one process and 4.6-4.8 s with two.
    """
    env = os.environ.get("LEDGER_WORKERS", "").strip()
    if not env.isdigit() or int(env) <= 1 or n_files < PARALLEL_MIN_FILES:
        return 1
    return min(int(env), 16)


@dataclass
class _Job:
    """A document read, hashed and not yet stored: what a worker needs to parse it."""

    path: str
    src: SourceText
    identity: DocumentIdentity
    name: str


def _prepare_and_write(db: Database, loads: Iterable[_Job | IngestResult], version: str, fmt: str | None,
                       workers: int) -> Iterator[IngestResult]:
    """Parse jobs (in worker processes when workers > 1) and write each in input order.

    Reading, the unchanged-text check and every write stay in this process, so the database has one
    writer and each version is still one transaction; at most a few jobs per worker are in flight,
    so memory stays flat however many files there are.
    """
    if workers <= 1:
        for item in loads:
            yield item if isinstance(item, IngestResult) else _finish(db, item, _parse(item, version, fmt))
        return
    import multiprocessing
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor

    window = 4 * workers
    pending: deque[tuple[_Job | IngestResult, Future[PreparedVersion | str] | None]] = deque()
    # spawn, not fork: forking a process that runs the pool's threads and holds a SQLite connection
    # can deadlock a child; and not forkserver, whose server outlives a killed ingest. Spawned
    # workers are our own children, so the parent-death signal below reaches them.
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_worker_init,
                             initargs=(os.getpid(),)) as pool:
        for item in loads:
            fut = None if isinstance(item, IngestResult) else pool.submit(_parse, item, version, fmt)
            pending.append((item, fut))
            while len(pending) >= window:
                yield _drain(db, pending.popleft())
        while pending:
            yield _drain(db, pending.popleft())


def _worker_init(parent: int) -> None:
    """A worker dies with its parent: a killed ingest must not leave parsers running."""
    if sys.platform.startswith("linux"):
        import contextlib
        import ctypes
        import signal

        with contextlib.suppress(OSError, AttributeError, TypeError):
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the parent died while this worker was still starting
        os._exit(0)


def _drain(db: Database, entry: tuple[_Job | IngestResult, Future[PreparedVersion | str] | None]) -> IngestResult:
    item, fut = entry
    if isinstance(item, IngestResult) or fut is None:
        return item  # type: ignore[return-value]
    try:
        outcome = fut.result()
    except Exception as exc:  # a worker that died (killed, out of memory) costs its document only
        outcome = f"{item.path}: could not be parsed ({type(exc).__name__}: {exc})"
    return _finish(db, item, outcome)


def _parse(job: _Job, version: str, fmt: str | None) -> PreparedVersion | str:
    """Parse one document; a failure becomes its one-line message (it must cross a process boundary)."""
    try:
        return prepare_version(job.src, job.identity, version, fmt=fmt, name=job.name, source_path=job.path)
    except LedgerError as exc:
        return f"{job.path}: {exc}"
    except Exception as exc:  # a parser bug must cost this document, not the batch, and never a traceback
        return f"{job.path}: could not be parsed ({type(exc).__name__}: {exc})"


def _read(path: str, stdin: bytes | str | None, max_bytes: int | None) -> SourceText:
    from ledger.sources import decode, read_path
    from ledger.sources import max_bytes as default_limit

    if path != STDIN:
        return read_path(path, limit=max_bytes)
    limit = default_limit() if max_bytes is None else max_bytes
    if stdin is None:
        stdin = sys.stdin.buffer.read(limit + 1)
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    return decode(data, STDIN_NAME, limit)


def _load(db: Database, path: str, *, repo: str | None, pr: int | None, title: str | None, url: str | None,
          stdin: bytes | str | None, max_bytes: int | None) -> _Job | IngestResult:
    """Read and hash one input; a result when it is unreadable or already stored, else a job to parse."""
    from db import DocumentIdentity, find_version

    try:
        src = _read(path, stdin, max_bytes)
    except InputError as exc:
        return IngestResult(path, "error", error=str(exc))
    except OSError as exc:
        return IngestResult(path, "error", error=str(NotFound(path, exc.strerror or str(exc))))
    key = document_key(path, repo, pr, url)
    stored = find_version(db, key, src.sha256)
    if stored is not None:
        return IngestResult(path, "unchanged", key, stored.document_id, stored.version, src.sha256, stored.n_claims,
                            list(src.warnings))
    name = STDIN_NAME if path == STDIN else Path(path).name
    identity = DocumentIdentity(key=key, repo=repo, pr=pr, url=url, title=title,
                                path=None if path == STDIN or pr is not None else os.path.normpath(path))
    return _Job(path, src, identity, name)


def _finish(db: Database, job: _Job, prep: PreparedVersion | str) -> IngestResult:
    """Write a parsed document (one transaction), or report why it could not be parsed."""
    from db import write_version

    key = job.identity.key
    if isinstance(prep, str):
        return IngestResult(job.path, "error", key, error=prep)
    written = write_version(db, prep)
    return IngestResult(job.path, written.status, key, written.document_id, written.version, job.src.sha256,
                        written.n_claims, list(prep.warnings))


def prepare_version(src: SourceText, identity: DocumentIdentity, parser_version: str, *, fmt: str | None = None,
                    name: str | None = None, source_path: str | None = None) -> PreparedVersion:
    """Parse one text into a PreparedVersion (claims, sections, revision lines, warnings); no database.

    Shared by `ingest` (files) and `ledger fetch` (GitHub descriptions and comments). Parser errors
    propagate: the caller decides what one failed document costs.
    """
    from db import PreparedVersion
    from ledger.extracting import extract_source

    extraction = extract_source(src, fmt=fmt, name=name)
    doc = extraction.document
    sections: list[tuple[int, str, int, str, Sequence[str]]] = []
    revisions: list[tuple[str | None, str | None, str | None, int | None, int | None]] = []
    if doc is not None:
        sections = [(b.start, b.kind, b.level, b.text, b.section) for b in doc.blocks
                    if b.kind in ("heading", "comment")]
        revisions = [(s.revision.label, s.revision.head, s.revision.base, s.start, s.end)
                     for s in extraction.scopes]  # the pipeline's own scan, not a second one
    return PreparedVersion(
        identity=identity, sha256=src.sha256, text=src.text, parser_version=parser_version,
        claims=[c.model_dump(mode="json", warnings=False) for c in extraction.claims],
        format=doc.format if doc is not None else fmt, source_path=source_path, sections=sections,
        revisions=revisions, warnings=list(extraction.warnings),
    )
