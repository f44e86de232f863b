"""Parsing for ingest in worker processes: how many workers (`workers_for`), the pool (forked before the
database is opened, with the parsers already imported), and the jobs that cross to it and back. The ingest
process reads, checks for unchanged texts and writes (ledger/ingest/run.py); the workers only parse."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ledger.errors import LedgerError
from ledger.ingest.prepare import prepare_version

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from ledger.db import DocumentIdentity, PreparedVersion
    from ledger.ingest.sources import SourceText


PARALLEL_MIN_FILES = 24
"""Below this many files a worker pool costs more than it saves."""


def workers_for(n_files: int, requested: int | None) -> int:
    """How many processes parse: `requested`, else LEDGER_WORKERS, else one per usable CPU (at most 4),
    for a batch of PARALLEL_MIN_FILES or more; 1 means parse in this process.

    Parallel by default: this process only reads and writes (SQLite has one writer anyway), so even on
    2 cores it overlaps with the parsers. Measured here, 2,000 documents on a busy 2-core machine:
    serial 10.7-13.3 s, two workers 8.4-8.8 s.
    """
    if requested is None:
        env = os.environ.get("LEDGER_WORKERS", "").strip()
        if env.isdigit():
            requested = int(env)
        else:
            cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
            requested = min(cpus, 4)
    if requested <= 1 or n_files < PARALLEL_MIN_FILES:
        return 1
    return min(requested, 16)


@contextmanager
def worker_pool(n_files: int, requested: int | None) -> Iterator[Executor | None]:
    """A pool of parser processes when workers_for() asks for more than one, else None.

    On Linux the workers are forked from this process before it opens the database or starts a
    thread, with the parsers already imported: a worker costs a fork, not a fresh interpreter that
    imports and compiles everything again. Elsewhere (macOS, Windows), or when the caller runs other
    threads (a fork copies whatever locks they hold), they are spawned.
    """
    workers = workers_for(n_files, requested)
    if workers <= 1:
        yield None
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from ledger.parsers import extract

    extract("# warm\n\n| a | b |\n|---|---|\n| 1 | 2 |\n", fmt="markdown")  # import and build in the parent
    import threading

    method = "fork" if sys.platform.startswith("linux") and threading.active_count() == 1 else "spawn"
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context(method),
        initializer=_worker_init,
        initargs=(os.getpid(),),
    )
    try:
        if method == "fork":
            pool.submit(int).result()  # forks every worker now, while this process has no thread or database
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


@dataclass
class Job:
    """A document read, hashed and not yet stored: what a worker needs to parse it."""

    path: str
    src: SourceText
    identity: DocumentIdentity
    name: str


CHUNK = 8
"""Documents per task sent to a parser worker."""


def _worker_init(parent: int) -> None:
    """A worker dies with its parent: a killed ingest must not leave parsers running. It ignores
    Ctrl-C, which the terminal sends to every process of the group: the ingest process handles it
    (stops, keeps what is committed, says so) and shuts the workers down, without a traceback each."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        import contextlib
        import ctypes

        with contextlib.suppress(OSError, AttributeError, TypeError):
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the parent died while this worker was still starting
        os._exit(0)


def received(job: Job, outcome: PreparedVersion | str) -> PreparedVersion | str:
    if not isinstance(outcome, str):
        outcome.text = job.src.text  # the worker sent it back without the text this process holds
    return outcome


def parse_remote(jobs: list[Job], version: str, fmt: str | None) -> list[PreparedVersion | str]:
    """parse in a worker: claims go back as table rows, and the text not at all (the parent holds it)."""
    outcomes = [parse(job, version, fmt) for job in jobs]
    for outcome in outcomes:
        if not isinstance(outcome, str):
            outcome.text = ""
            outcome.pack()
    return outcomes


def parse(job: Job, version: str, fmt: str | None) -> PreparedVersion | str:
    """Parse one document; a failure becomes its one-line message (it must cross a process boundary)."""
    try:
        return prepare_version(job.src, job.identity, version, fmt=fmt, name=job.name, source_path=job.path)
    except LedgerError as exc:
        return f"{job.path}: {exc}"
    except Exception as exc:  # a parser bug must cost this document, not the batch, and never a traceback
        return f"{job.path}: could not be parsed ({type(exc).__name__}: {exc})"
