"""`ledger reextract`, `ledger merge` and `ledger export`: the ledger kept over upgrades, joined across writers and
handed to a columnar engine. Each command calls one function of ledger/store/."""

from __future__ import annotations

import sys
from enum import Enum
from typing import Annotated, Any

import typer

from ledger.cli.common import DEFAULT_DB, DbPath, err, errors, interrupted


class _Bar:
    """A rich progress bar on stderr, on a terminal only; lines printed meanwhile stay above it."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._bar: Any = None
        self._task: Any = None

    def start(self, total: int) -> None:
        if total < 3 or not sys.stderr.isatty():
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._bar = Progress(
            TextColumn(self.what),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
            redirect_stdout=sys.stdout.isatty(),
            redirect_stderr=True,
        )
        self._task = self._bar.add_task(self.what, total=total)
        self._bar.start()

    def advance(self, n: int = 1) -> None:
        if self._bar is not None:
            self._bar.advance(self._task, n)

    def __enter__(self) -> _Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()


def reextract(
    all_versions: Annotated[
        bool, typer.Option("--all", help="Every stored version, not only those another parser version wrote.")
    ] = False,
    older: Annotated[
        bool, typer.Option("--older", help="The versions another parser version wrote (the default).")
    ] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Only tell what would change; write nothing.")] = False,
    workers: Annotated[int | None, typer.Option("--workers", help="Parser processes (as for ingest).")] = None,
    db: DbPath = DEFAULT_DB,
) -> None:
    """Read the stored texts again with the installed extractors: per version what changed, and a total."""
    from ledger.store.reextract import reextract as run

    if all_versions and older:
        err("--all and --older: give one")
        raise typer.Exit(2)
    bar = _Bar("re-extracting")
    seen = failed = changed = 0
    totals = [0, 0, 0]
    with errors(), interrupted("each version is old or new; run the same command again for the rest"), bar:
        for r in run(db, mode="all" if all_versions else "older", dry_run=dry_run, workers=workers, on_start=bar.start):
            seen += 1
            bar.advance()
            if r.error:
                failed += 1
                err(r.summary())
                continue
            if r.change.any:
                changed += 1
                typer.echo(r.summary())
                for line in r.change.details:
                    typer.echo(f"    {line}")
            totals = [totals[0] + r.change.added, totals[1] + r.change.removed, totals[2] + r.change.changed]
    verb = "would change" if dry_run else "changed"
    typer.echo(
        f"{seen:,} version{'s' if seen != 1 else ''} read again: {changed:,} {verb} (claims +{totals[0]:,} "
        f"-{totals[1]:,} ~{totals[2]:,}), {seen - changed - failed:,} the same"
        + (f", {failed:,} failed" if failed else "")
    )
    if failed:
        raise typer.Exit(1)


def merge(
    sources: Annotated[list[str], typer.Argument(help="The ledgers to merge (only read).")],
    into: Annotated[str, typer.Option("--into", help="The ledger to merge them into (made if missing).")],
) -> None:
    """Merge ledgers: documents by key, versions by text sha256, fetched PR data and sync state kept. Twice is once."""
    from ledger.store.merge import merge as run

    bar = _Bar("merging")
    failed = False
    with errors(), interrupted("whole documents are merged; run the same command again for the rest"), bar:
        for m in run(sources, into, on_start=bar.start, on_progress=bar.advance):
            typer.echo(m.summary())
            for e in m.errors[:20]:
                err(e)
            failed = failed or bool(m.errors)
    if failed:
        raise typer.Exit(1)


class ExportFormat(str, Enum):
    parquet = "parquet"


def export(
    directory: Annotated[str, typer.Argument(help="The folder to write the files to (made if missing).")],
    format: Annotated[
        ExportFormat, typer.Option("--format", "-f", help="parquet (needs the parquet extra).")
    ] = ExportFormat.parquet,
    since: Annotated[
        str | None,
        typer.Option("--since", help="Only what was written (ingested, re-extracted, merged) since this date or time."),
    ] = None,
    name: Annotated[
        str | None,
        typer.Option("--name", help="The ledger's name in every row (default: the file's name without .db)."),
    ] = None,
    db: DbPath = DEFAULT_DB,
) -> None:
    """Write documents, versions, claims, revisions and support cells as Parquet, one file each."""
    from ledger.api import open_ledger
    from ledger.store.export import export as run

    with errors(), open_ledger(db) as book:
        done = run(book, directory, since=since, name=name)
    typer.echo(done.summary())


def register(app: typer.Typer) -> None:
    app.command("export")(export)
    app.command("reextract")(reextract)
    app.command("merge")(merge)
