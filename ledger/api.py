"""The library face: `open_ledger(path)` and the `Ledger` it returns, one method per command.

    import ledger
    book = ledger.open_ledger("ledger.db")
    print(book.compare("example/trtllm#4821").render(show_all=True))

Each method is a thin call of the library function the CLI command calls, with the same arguments
as keywords, and raises the exceptions of `ledger.errors` where the command prints one line.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ledger.errors import UsageError

if TYPE_CHECKING:
    from ledger.compare import Comparison, NoiseModel, Trend
    from ledger.github import FetchEvents, FetchResult, GitHub
    from ledger.ingest.run import IngestResult
    from ledger.report import Report
    from ledger.store.export import Exported
    from ledger.store.merge import Merged
    from ledger.store.reextract import Reextracted
    from ledger.support.join import SupportAnswer


class Ledger:
    """A ledger database file. Reading methods never create it; `ingest` and `fetch` do."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)

    def __repr__(self) -> str:
        return f"Ledger({self.path!r})"

    def ingest(self, paths: Sequence[str] | str, **options: Any) -> list[IngestResult]:
        """Store documents (files, folders, "-"); options as `ledger.ingest.run.ingest` (repo, pr, title, url, fmt,
        max_bytes, workers). One result per document; a bad input is an "error" result, not an exception."""
        from ledger.ingest.run import ingest

        return ingest([paths] if isinstance(paths, str) else list(paths), self.path, **options)

    def claims(self, *, config: Mapping[str, str] | Sequence[str] | None = None,
               **filters: Any) -> list[dict[str, Any]]:
        """Stored claims in the contract's shape; filters as `ledger claims` (pr, repo, kind, metric, revision,
        search, document, all_versions, version, limit), `config` as {"mtp": "3"} or ["mtp=3"]."""
        from ledger.query import ClaimFilter, claims, parse_config

        pairs = list(config.items()) if isinstance(config, Mapping) else parse_config(list(config or []))
        return claims(self.path, ClaimFilter(config=pairs, **filters))

    def show(self, document: str, version: int | None = None) -> dict[str, Any]:
        """One document: identity, versions, and one version's sections, revisions and claim counts."""
        from ledger.query import show

        return show(self.path, document, version)

    def support(self, **filters: Any) -> SupportAnswer:
        """`ledger support`: the join (filters subject, feature, engine, value, document, evidence); `.matrices`
        are the matrices, `.rows()` one plain dict per source cell (engine, subject, feature, value, note, source)."""
        from ledger.support.join import support

        return support(self.path, **filters)

    def sql(self, query: str, timeout: float = 30.0) -> list[dict[str, Any]]:
        """One read-only SELECT (writes, ATTACH and extensions are refused)."""
        from ledger.query import sql

        return sql(self.path, query, timeout_s=timeout)

    def compare(self, *targets: str, noise: NoiseModel | None = None, **options: Any) -> Comparison:
        """`ledger compare`: options from_, to, by, order, input_format, kinds, model; `.render(fmt)` prints it."""
        from ledger.targets import run_compare

        return run_compare(list(targets), db=self.path, noise=noise, **options)

    def trend(self, metric: str, *targets: str, noise: NoiseModel | None = None, **options: Any) -> Trend:
        """`ledger trend`: options where, kinds, order, input_format."""
        from ledger.targets import run_trend

        return run_trend(metric, list(targets), db=self.path, noise=noise, **options)

    def report(self, pr: str, noise: NoiseModel | None = None, **options: Any) -> Report:
        """`ledger report`: what a reviewer reads about one pull request; `.render("markdown")` is fit to post."""
        from ledger.report import build_report

        return build_report(pr, db=self.path, noise=noise, **options)

    def fetch(self, *targets: str, client: GitHub | None = None, events: FetchEvents | None = None,
              **options: Any) -> list[FetchResult]:
        """`ledger fetch`: pull requests from GitHub (owner/repo#N, PR URLs, owner/repo) through `client`
        (`ledger.github.connect(...)`, else one from the environment); options as `ledger.github.fetch`
        (state, since, limit, comments, rest)."""
        from ledger.github import fetch

        return fetch(list(targets), self.path, client=client, events=events, **options)

    def reextract(self, *, mode: str = "older", dry_run: bool = False, workers: int | None = None
                  ) -> list[Reextracted]:
        """`ledger reextract`: stored versions read again by the installed extractors (mode "older": those another
        parser version wrote; "all": every one); one result per version, with what changed in its claims."""
        from ledger.store.reextract import reextract

        if mode not in ("older", "all"):
            raise UsageError(f"mode {mode!r}: expected older or all")
        return list(reextract(self.path, mode=mode, dry_run=dry_run, workers=workers))  # type: ignore[arg-type]

    def merge(self, *sources: str | os.PathLike[str]) -> list[Merged]:
        """`ledger merge SRC... --into` this ledger: one result per source."""
        from ledger.store.merge import merge

        return list(merge(list(sources), self.path))

    def export(self, directory: str | os.PathLike[str], *, since: str | None = None, name: str | None = None
               ) -> Exported:
        """`ledger export --format parquet DIRECTORY` (the parquet extra): one file per table, schema docs/export.md."""
        from ledger.store.export import export

        return export(self.path, directory, since=since, name=name)


def open_ledger(path: str | os.PathLike[str] = "ledger.db") -> Ledger:
    """The ledger at `path`. An existing file is checked now (NotALedger, SchemaTooNew); a missing one is
    created by the first `ingest` or `fetch`, and reading it before then raises UsageError."""
    p = Path(path)
    if p.exists():
        from ledger.db.reads import open_reader

        open_reader(p).close()
    return Ledger(p)


def discard_empty_ledger(path: str | os.PathLike[str]) -> bool:
    """Remove the ledger at `path` (and its -wal / -shm files) when it holds nothing: no document and no
    registered reference. The CLI calls it after a failed command that created the file; True if removed."""
    from ledger.db.targets import holds_nothing

    p = Path(path)
    if not holds_nothing(p):
        return False
    for q in (p, p.with_name(p.name + "-wal"), p.with_name(p.name + "-shm")):
        q.unlink(missing_ok=True)
    return True
