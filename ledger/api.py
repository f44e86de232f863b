"""The library face: `open_ledger(path)` and the `Ledger` it returns, one method per command.

    import ledger
    with ledger.open_ledger("ledger.db") as book:
        print(book.compare("example/trtllm#4821").render(show_all=True))

A `Ledger` is an open ledger (ledger.db.opened.OpenLedger): it holds one read connection, which every reading
method shares and `close()` (or the end of the `with`) closes. Each method is a thin call of the library function
the CLI command calls, given the open ledger and the command's options as typed keywords, and raises the
exceptions of `ledger.errors` where the command prints one line.

The results of `compare`, `trend`, `report` and `support` (Comparison, Trend, Report, SupportAnswer) are typed;
each one's `to_dict()` is its JSON shape, plain data: what `--format json` prints (a trend's `series`, a support
answer's `statements`) and what the web pages and their `.json` twins serve.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ledger.db.opened import OpenLedger
from ledger.errors import UsageError

if TYPE_CHECKING:
    from ledger.compare import Comparison, NoiseModel, Trend
    from ledger.github import FetchEvents, FetchResult, GitHub
    from ledger.github.rest import State
    from ledger.ingest.run import IngestResult
    from ledger.report import Report
    from ledger.store.export import Exported
    from ledger.store.merge import Merged
    from ledger.store.reextract import Reextracted
    from ledger.support.join import SupportAnswer


class Ledger(OpenLedger):
    """A ledger database file, held open: every reading method shares one connection (opened on first use) until
    `close()` or the end of a `with`. Reading methods never create the file; `ingest` and `fetch` do."""

    def ingest(
        self,
        paths: Sequence[str] | str,
        *,
        repo: str | None = None,
        pr: int | None = None,
        title: str | None = None,
        url: str | None = None,
        fmt: str | None = None,
        max_bytes: int | None = None,
        workers: int | None = None,
        engine: str | None = None,
        repo_path: str | None = None,
        stdin: bytes | str | None = None,
        on_start: Callable[[int], None] | None = None,
        on_result: Callable[[IngestResult], None] | None = None,
    ) -> list[IngestResult]:
        """Store documents (files, folders, "-"), as `ledger ingest`. One result per document; a bad input is an
        "error" result, not an exception."""
        from ledger.ingest.run import ingest

        self.close()  # the workers are forked: no child inherits the reader
        return ingest(
            [paths] if isinstance(paths, str) else list(paths),
            self.path,
            repo=repo,
            pr=pr,
            title=title,
            url=url,
            fmt=fmt,
            max_bytes=max_bytes,
            workers=workers,
            engine=engine,
            repo_path=repo_path,
            stdin=stdin,
            on_start=on_start,
            on_result=on_result,
        )

    def claims(
        self,
        *,
        pr: int | None = None,
        repo: str | None = None,
        kind: str | None = None,
        kinds: Sequence[str] = (),
        metric: str | None = None,
        revision: str | None = None,
        config: Mapping[str, str] | Sequence[str] | None = None,
        search: str | None = None,
        document: str | None = None,
        version: int | None = None,
        all_versions: bool = False,
        limit: int | None = None,
    ) -> list[dict[str, Any]]:
        """Stored claims in the contract's shape, filtered as `ledger claims`; `config` as {"mtp": "3"} or
        ["mtp=3"]."""
        from ledger.query import ClaimFilter, claims, parse_config

        pairs = list(config.items()) if isinstance(config, Mapping) else parse_config(list(config or []))
        return claims(
            self,
            ClaimFilter(
                pr=pr,
                repo=repo,
                kind=kind,
                kinds=tuple(kinds),
                metric=metric,
                revision=revision,
                config=pairs,
                search=search,
                document=document,
                version=version,
                all_versions=all_versions,
                limit=limit,
            ),
        )

    def show(self, document: str, version: int | None = None) -> dict[str, Any]:
        """One document: identity, versions, and one version's sections, revisions and claim counts."""
        from ledger.query import show

        return show(self, document, version)

    def support(
        self,
        *,
        subject: str | None = None,
        feature: str | None = None,
        engine: str | None = None,
        value: str | None = None,
        document: str | None = None,
        evidence: bool = False,
        version: int | None = None,
    ) -> SupportAnswer:
        """`ledger support`: the join; `.matrices` are the matrices, `.rows()` one plain dict per source cell
        (engine, subject, feature, value, note, source), `.to_dict()` the JSON shape (matrices and rows).
        `version`: `document`'s cells as that version printed them."""
        from ledger.support.join import support

        return support(
            self,
            subject=subject,
            feature=feature,
            engine=engine,
            value=value,
            document=document,
            evidence=evidence,
            version=version,
        )

    def sql(self, query: str, timeout: float = 30.0) -> list[dict[str, Any]]:
        """One read-only SELECT (writes, ATTACH and extensions are refused)."""
        from ledger.query import sql

        return sql(self, query, timeout_s=timeout)

    def compare(
        self,
        *targets: str,
        noise: NoiseModel | None = None,
        from_: str | None = None,
        to: str | None = None,
        by: str = "auto",
        order: str = "auto",
        input_format: str | None = None,
        kinds: list[str] | None = None,
        model: str | None = None,
        repo: str | None = None,
        stored_only: bool = False,
    ) -> Comparison:
        """`ledger compare`: `.render(fmt)` prints it, `.to_dict()` is its JSON shape. `stored_only`: targets name
        ledger documents, never files."""
        from ledger.targets import run_compare

        return run_compare(
            list(targets),
            book=self,
            noise=noise,
            from_=from_,
            to=to,
            by=by,
            order=order,
            input_format=input_format,
            kinds=kinds,
            model=model,
            repo=repo,
            stored_only=stored_only,
        )

    def trend(
        self,
        metric: str,
        *targets: str,
        noise: NoiseModel | None = None,
        where: list[str] | None = None,
        kinds: list[str] | None = None,
        order: str = "auto",
        input_format: str | None = None,
        mix: bool = False,
        stored_only: bool = False,
    ) -> Trend:
        """`ledger trend`: the metric across the targets' revisions (every document of the ledger without one);
        `.to_dict(show_all=...)` is its JSON shape."""
        from ledger.targets import run_trend

        return run_trend(
            metric,
            list(targets),
            book=self,
            noise=noise,
            where=where,
            kinds=kinds,
            order=order,
            input_format=input_format,
            mix=mix,
            stored_only=stored_only,
        )

    def report(
        self,
        pr: str,
        noise: NoiseModel | None = None,
        *,
        input_format: str | None = None,
        model: str | None = None,
        repo: str | None = None,
        stored_only: bool = False,
        history_days: int | None = None,
    ) -> Report:
        """`ledger report`: what a reviewer reads about one pull request; `.render("markdown")` is fit to post,
        `.to_dict()` is its JSON shape."""
        from ledger.report import build_report

        return build_report(
            pr,
            book=self,
            noise=noise,
            input_format=input_format,
            model=model,
            repo=repo,
            stored_only=stored_only,
            history_days=history_days,
        )

    def fetch(
        self,
        *targets: str,
        client: GitHub | None = None,
        events: FetchEvents | None = None,
        state: State = "open",
        since: str | None = None,
        limit: int | None = None,
        comments: bool = True,
        rest: bool = False,
        window_days: int | None = None,
    ) -> list[FetchResult]:
        """`ledger fetch`: pull requests from GitHub (owner/repo#N, PR URLs, owner/repo) through `client`
        (`ledger.github.connect(...)`, else one from the environment)."""
        from ledger.github import fetch

        self.close()
        return fetch(
            list(targets),
            self.path,
            client=client,
            events=events,
            state=state,
            since=since,
            limit=limit,
            comments=comments,
            rest=rest,
            window_days=window_days,
        )

    def reextract(self, *, mode: str = "older", dry_run: bool = False, workers: int | None = None) -> list[Reextracted]:
        """`ledger reextract`: stored versions read again by the installed extractors (mode "older": those another
        parser version wrote; "all": every one); one result per version, with what changed in its claims."""
        from ledger.store.reextract import reextract

        if mode not in ("older", "all"):
            raise UsageError(f"mode {mode!r}: expected older or all")
        self.close()  # the workers are forked: no child inherits the reader
        return list(reextract(self.path, mode=mode, dry_run=dry_run, workers=workers))  # type: ignore[arg-type]

    def merge(self, *sources: str | os.PathLike[str]) -> list[Merged]:
        """`ledger merge SRC... --into` this ledger: one result per source."""
        from ledger.store.merge import merge

        self.close()
        return list(merge(list(sources), self.path))

    def export(
        self, directory: str | os.PathLike[str], *, since: str | None = None, name: str | None = None
    ) -> Exported:
        """`ledger export --format parquet DIRECTORY` (the parquet extra): one file per table, schema docs/export.md."""
        from ledger.store.export import export

        return export(self, directory, since=since, name=name)


def open_ledger(path: str | os.PathLike[str] = "ledger.db") -> Ledger:
    """The ledger at `path`, held open: `with open_ledger(path) as book:` closes its connection at the end. An
    existing file is checked now (NotALedger, SchemaTooNew) and its connection kept for the reads that follow; a
    missing one is created by the first `ingest` or `fetch`, and reading it before then raises DatabaseError."""
    book = Ledger(path)
    if Path(path).exists():
        _ = book.reader
    return book


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
