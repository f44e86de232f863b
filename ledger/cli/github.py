"""`ledger fetch`: registered into the main app by cli.py.

Exit codes: 0 every pull request fetched (or unchanged); 1 some failed (listed at the end); 2 usage
error, a bad ledger, or nothing could be fetched; 130 interrupted (re-run to continue: what was
stored stays, nothing is duplicated).
"""

from __future__ import annotations

import sys
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ledger.cli.common import DEFAULT_DB, DbPath, warning_line
from ledger.cli.common import err as _err
from ledger.cli.common import errors as _errors
from ledger.cli.common import interrupted as _interrupted

if TYPE_CHECKING:
    from ledger.github import FetchResult
    from ledger.github.sync import SyncSummary


class PullState(str, Enum):
    open = "open"
    closed = "closed"
    merged = "merged"
    all = "all"


class _Bar:
    """A rich progress bar on stderr for a bulk fetch on a terminal; summaries stay on stdout."""

    def __init__(self) -> None:
        self._bar: Any = None
        self._task: Any = None

    def start(self, total: int | None) -> None:
        if (total is not None and total < 2) or not sys.stderr.isatty():
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._bar = Progress(
            TextColumn("fetching"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            TextColumn("{task.fields[points]}"),
            console=Console(stderr=True),
            transient=True,
            redirect_stdout=sys.stdout.isatty(),
            redirect_stderr=True,
        )
        self._task = self._bar.add_task("fetch", total=total, points="")
        self._bar.start()

    def advance(self) -> None:
        if self._bar is not None:
            self._bar.advance(self._task)

    def sync(self, done: int, total: int | None, summary: SyncSummary) -> None:
        """A repository's sync: PRs gone through (of the repository's total), points spent and left."""
        if self._bar is None:
            self.start(total)
        if self._bar is not None:
            left = f", {summary.remaining:,} left" if summary.remaining is not None else ""
            self._bar.update(self._task, completed=done, total=total, points=f"{summary.points} points{left}")

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


def fetch_cmd(
    targets: Annotated[
        list[str],
        typer.Argument(help="OWNER/REPO#N, pull-request URLs, or OWNER/REPO (its PRs, with --state/--since/--limit)."),
    ],
    state: Annotated[
        PullState, typer.Option("--state", help="For OWNER/REPO: open, closed, merged or all.")
    ] = PullState.open,
    since: Annotated[
        str | None, typer.Option("--since", help="For OWNER/REPO: PRs updated on or after this date (YYYY-MM-DD).")
    ] = None,
    limit: Annotated[
        int | None, typer.Option("--limit", help="For OWNER/REPO: at most this many PRs (most recently updated first).")
    ] = None,
    window: Annotated[
        int | None,
        typer.Option(
            "--window",
            help="For OWNER/REPO: only PRs updated in the last DAYS days, yet incremental (its place is kept).",
        ),
    ] = None,
    api_url: Annotated[
        str | None,
        typer.Option(
            "--api-url",
            envvar="LEDGER_GITHUB_API",
            help="GitHub API root (env LEDGER_GITHUB_API; GitHub Enterprise: https://HOST/api/v3).",
        ),
    ] = None,
    no_comments: Annotated[bool, typer.Option("--no-comments", help="Skip the PRs' comments (REST).")] = False,
    rest: Annotated[
        bool,
        typer.Option(
            "--rest",
            help="For OWNER/REPO: list and fetch its PRs one at a time through REST instead of the bulk GraphQL sync.",
        ),
    ] = False,
    max_wait: Annotated[
        float, typer.Option("--max-wait", help="Longest wait for a rate limit, in seconds; longer gives up.")
    ] = 900.0,
    db: DbPath = DEFAULT_DB,
) -> None:
    """Fetch pull requests from GitHub: the description's edit history as document versions (oldest first),
    comments as documents linked to the PR, and the head/base sha GitHub reports.

    A token comes from GH_TOKEN, GITHUB_TOKEN or `gh auth token`; without one only the current
    description is stored. Re-fetching an unchanged PR costs no rate limit and writes nothing.
    Exit 0: all fetched; 1: some PRs failed; 2: nothing could be fetched; 130: interrupted.
    """
    from ledger.github import FetchEvents, connect, fetch

    bar = _Bar()
    failed: list[FetchResult] = []
    summaries: list[SyncSummary] = []

    def on_result(r: FetchResult) -> None:
        if not summaries_started:
            bar.advance()
        if r.ok:
            typer.echo(r.summary())
            for w in r.warnings[:3]:
                _err(warning_line(r.ref, w))
        else:
            failed.append(r)  # reported together at the end

    summaries_started = False

    def on_progress(done: int, total: int | None, summary: SyncSummary) -> None:
        nonlocal summaries_started
        summaries_started = True
        bar.sync(done, total, summary)

    with _errors(), _interrupted("what was stored stays; run the same command again to fetch the rest"):
        try:
            events = FetchEvents(
                note=lambda m: _err(f"note: {m}"),
                start=bar.start,
                result=on_result,
                summary=summaries.append,
                progress=on_progress,
            )
            with connect(api_url=api_url, max_wait=max_wait) as gh:
                results = fetch(
                    targets,
                    db,
                    client=gh,
                    state=state.value,
                    since=since,
                    limit=limit,
                    comments=not no_comments,
                    rest=rest,
                    events=events,
                    window_days=window,
                )
        finally:
            bar.stop()  # before any message: the bar would be drawn over it
    _fetch_outcome(results, failed, summaries)


def _fetch_outcome(results: list[FetchResult], failed: list[FetchResult], summaries: list[SyncSummary]) -> None:
    """Say what a fetch did, failures together at the end, and exit with its status (0, 1 or 2)."""
    for summary in summaries:
        typer.echo(summary.line())
        if summary.stopped:
            _err(f"stopped: {summary.stopped}")
    if not results:
        if not summaries:
            typer.echo("no pull requests matched")
        if any(s.stopped for s in summaries):
            raise typer.Exit(1)
        return
    if failed:
        if len(results) > 1:
            _err(f"{len(failed)} of {len(results)} pull requests failed:")
        for r in failed:
            _err(f"{'  ' if len(results) > 1 else ''}{r.ref}: {r.error}")
        raise typer.Exit(2 if len(failed) == len(results) else 1)
    if any(s.stopped for s in summaries):
        raise typer.Exit(1)


def ingest_github(paths: list[str], db: str, repo: str | None, source: str) -> None:
    """`ledger ingest --from-gh FILE...` / `--from-github-to-sqlite DB...`: pull requests others already read
    from GitHub, one line each; exit 0 all stored, 1 some failed, 2 none could be."""
    from ledger.github.offline import ingest_gh_json, ingest_github_to_sqlite

    failed: list[FetchResult] = []

    def on_result(r: FetchResult) -> None:
        if r.ok:
            typer.echo(r.summary())
            for w in r.warnings[:3]:
                _err(warning_line(r.ref, w))
        else:
            failed.append(r)
            _err(str(r.error))

    reader = ingest_gh_json if source == "gh" else ingest_github_to_sqlite
    with _errors(), _interrupted("what is committed stays; run the same command again to ingest the rest"):
        results = reader(paths, db, repo=repo, on_result=on_result)
    if failed:
        raise typer.Exit(2 if len(failed) == len(results) else 1)


def register(app: typer.Typer) -> None:
    """Add `fetch` to the main app."""
    app.command("fetch")(fetch_cmd)
