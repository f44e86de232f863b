"""The command line: a thin layer where every command calls one library function.

Library errors (ledger.errors.LedgerError) become a one-line message and a non-zero exit here;
nothing below this module prints or exits. Heavy imports live inside the commands, and `main()`
builds only the command it runs (see `_app_for`): typer builds each command's parameters from its
signature when the app runs, and the compare and fetch modules are imported only for their commands.

Over 400 lines because it holds the five core commands (extract, ingest, claims, show, sql) beside that
dispatcher; every other command lives in a `cli_<name>.py` module of its own, registered in _LAZY_COMMANDS.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from enum import Enum
from typing import Annotated, Any

import typer

from ledger import __version__
from ledger.cli.common import DEFAULT_DB, DbPath, db_named, warning_line
from ledger.cli.common import err as _err
from ledger.cli.common import errors as _errors
from ledger.cli.common import interrupted as _interrupted
from ledger.errors import LedgerError
from ledger.output.formats import Format, GroupBy

_SETTINGS: dict[str, Any] = {
    "name": "ledger",
    "help": "Parse the evidence in LLM-serving pull requests into a queryable SQLite ledger.",
    "no_args_is_help": True,
    "pretty_exceptions_enable": False,
    "add_completion": True,
    "rich_markup_mode": None,  # help text is plain: "[noise], [samples]" is printed, not taken for markup
    "context_settings": {"help_option_names": ["-h", "--help"]},
}
_app = typer.Typer(**_SETTINGS)
"""This module's commands; `app` (every command) and `main()` (the one it runs) are built from it."""
_LAZY_COMMANDS: dict[str, str] = {
    "compare": "ledger.cli.compare",
    "trend": "ledger.cli.compare",
    "report": "ledger.cli.compare",
    "documents": "ledger.cli.compare",
    "references": "ledger.cli.compare",
    "fetch": "ledger.cli.github",
    "support": "ledger.cli.support",
    "serve": "ledger.cli.web",
    "reextract": "ledger.cli.store",
    "merge": "ledger.cli.store",
    "export": "ledger.cli.store",
}
"""Commands of the other command modules (each has `register(app)`), by name."""


class ExtractFormat(str, Enum):
    jsonl = "jsonl"
    json = "json"
    table = "table"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ledger {__version__}")
        raise typer.Exit()


@_app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Parse the evidence in LLM-serving pull requests into a queryable SQLite ledger."""


@_app.command()
def extract(
    paths: Annotated[list[str], typer.Argument(help="Documents to parse (markdown or rendered-page text).")],
    format: Annotated[ExtractFormat, typer.Option("--format", "-f", help="Output format.")] = ExtractFormat.jsonl,
    input_format: Annotated[
        str | None, typer.Option("--input-format", help="markdown or rendered (default: sniffed).")
    ] = None,
    engine: Annotated[
        str | None,
        typer.Option("--engine", help="The engine the documents speak for (default: what their name or text says)."),
    ] = None,
    page: Annotated[
        bool,
        typer.Option(
            "--page",
            help="The documents are files of a repository (a docs page), not pull requests, as ingest --repo-path "
            "reads them (default: only a README is).",
        ),
    ] = False,
) -> None:
    """Parse documents and print their claims (no database). JSON lines follow the claims contract."""
    from ledger.ingest.engines import given_engine
    from ledger.ingest.extracting import extract_file

    failed = 0
    rows: list[dict] = []
    with _errors():
        engine = given_engine(engine, None, None)
    for path in paths:
        try:
            result = extract_file(path, fmt=input_format, engine=engine, page=page or None)
        except LedgerError as exc:
            _err(str(exc))
            failed += 1
            continue
        for w in result.warnings:
            _err(warning_line(path, w))
        for claim in result.claims:
            d = claim.model_dump(mode="json")
            if format is ExtractFormat.jsonl:
                import json

                from ledger.neutral import json_text

                sys.stdout.write(json_text(json.dumps(d, ensure_ascii=False)) + "\n")
            else:
                rows.append(d)
    if format is ExtractFormat.json:
        from ledger.output.rows import dumps_indented

        typer.echo(dumps_indented(rows))
    elif format is ExtractFormat.table:
        from ledger.output.terminal import claims_table

        claims_table(rows)
    if failed == len(paths):
        raise typer.Exit(2)


# ---- the ledger commands: each opens the database through one library call --------------------------


@_app.command()
def ingest(
    paths: Annotated[list[str], typer.Argument(help="Files, folders (their .md/.txt files), or - for stdin.")],
    repo: Annotated[str | None, typer.Option("--repo", help="Name the document: OWNER/NAME.")] = None,
    pr: Annotated[
        str | None,
        typer.Option("--pr", help="Name the document: the pull request, N (with --repo), OWNER/NAME#N or a PR URL."),
    ] = None,
    title: Annotated[str | None, typer.Option("--title", help="The document's title.")] = None,
    url: Annotated[
        str | None, typer.Option("--url", help="The document's URL (a PR URL also gives repo and number).")
    ] = None,
    input_format: Annotated[
        str | None, typer.Option("--input-format", help="markdown or rendered (default: sniffed).")
    ] = None,
    max_bytes: Annotated[
        int | None, typer.Option("--max-bytes", help="Refuse larger files (default 20 MB, env LEDGER_MAX_BYTES).")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            help="Parser processes for 24+ files (default: one per CPU, at most 4; env LEDGER_WORKERS; 1: none).",
        ),
    ] = None,
    from_gh: Annotated[
        bool,
        typer.Option(
            "--from-gh",
            help="The files are JSON from `gh api --paginate --slurp repos/O/R/pulls` or `gh pr view --json ...`.",
        ),
    ] = False,
    from_github_to_sqlite: Annotated[
        bool,
        typer.Option(
            "--from-github-to-sqlite", help="The files are github-to-sqlite databases (pull_requests, issue_comments)."
        ),
    ] = False,
    engine: Annotated[
        str | None,
        typer.Option(
            "--engine",
            help="The engine the documents speak for (default: --repo's, --url's, else what their text says).",
        ),
    ] = None,
    repo_path: Annotated[
        str | None,
        typer.Option("--repo-path", help="The file's path in --repo: the document is then keyed OWNER/NAME:PATH."),
    ] = None,
    db: DbPath = DEFAULT_DB,
) -> None:
    """Parse documents and store their claims; one summary line per document.

    Without --repo/--pr a document is named by its path. Exit 0: all stored (or unchanged);
    1: some inputs failed; 2: nothing could be ingested.
    """
    if from_gh or from_github_to_sqlite:  # pull requests others already read from GitHub
        from ledger.cli.github import ingest_github

        ingest_github(paths, db, repo, "gh" if from_gh else "github-to-sqlite")
        return
    from ledger.errors import DiskFull
    from ledger.ingest.run import iter_ingest

    progress = _Progress()
    seen = failed = 0
    with _errors(), _interrupted("what is committed stays; run the same command again to ingest the rest"), progress:
        from ledger.query import pull_filter

        number, repo = pull_filter(pr, repo)
        try:
            seen, failed = _ingest_lines(
                iter_ingest(
                    paths,
                    db,
                    repo=repo,
                    pr=number,
                    title=title,
                    url=url,
                    fmt=input_format,
                    max_bytes=max_bytes,
                    workers=workers,
                    engine=engine,
                    repo_path=repo_path,
                    on_start=progress.start if sys.stderr.isatty() else None,
                ),
                progress,
            )
        except DiskFull as exc:  # what was committed stays: 1 when some inputs were stored, as for any failed input
            _err(str(exc))
            raise typer.Exit(1 if exc.done else 2) from None
    if failed and failed == seen:
        raise typer.Exit(2)
    if failed:
        raise typer.Exit(1)


def _ingest_lines(results: Iterable[Any], progress: _Progress) -> tuple[int, int]:
    """Print one line per result; how many there were, and how many failed."""
    seen = failed = 0
    for r in results:
        seen += 1
        progress.advance()
        if r.ok:
            progress.echo(r.summary())
            for w in r.warnings[:5]:
                _err(warning_line(r.path, w))
            if len(r.warnings) > 5:
                _err(warning_line(r.path, f"... and {len(r.warnings) - 5} more (ledger show {r.document})"))
        else:
            failed += 1
            _err(str(r.error))
    return seen, failed


class _Progress:
    """A rich progress bar on stderr, shown only for several files on a terminal."""

    def __init__(self) -> None:
        self._bar: Any = None
        self._task: Any = None

    def start(self, total: int) -> None:
        if total < 3 or not sys.stderr.isatty():
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        # Summary lines stay on stdout: when it is the same terminal, rich prints them above the bar.
        self._bar = Progress(
            TextColumn("ingesting"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
            redirect_stdout=sys.stdout.isatty(),
            redirect_stderr=True,
        )
        self._task = self._bar.add_task("ingest", total=total)
        self._bar.start()

    def advance(self) -> None:
        if self._bar is not None:
            self._bar.advance(self._task)

    def echo(self, line: str) -> None:
        typer.echo(line)

    def __enter__(self) -> _Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()


@_app.command()
def claims(
    pr: Annotated[str | None, typer.Option("--pr", help="The pull request: N, OWNER/NAME#N or a PR URL.")] = None,
    repo: Annotated[str | None, typer.Option("--repo", help="OWNER/NAME.")] = None,
    kind: Annotated[
        list[str] | None,
        typer.Option(
            "--kind", help="accuracy, acceptance, perf, tests, gate, commit, support, constraint (repeatable)."
        ),
    ] = None,
    metric: Annotated[
        str | None, typer.Option("--metric", help="Metric name, case-insensitive; * is a wildcard.")
    ] = None,
    revision: Annotated[str | None, typer.Option("--revision", help="Revision label or head sha prefix.")] = None,
    config: Annotated[
        list[str] | None,
        typer.Option("--config", help="key=value in the claim's config (repeatable; key=* for any value)."),
    ] = None,
    search: Annotated[str | None, typer.Option("--search", help="Full-text search over claim text.")] = None,
    document: Annotated[str | None, typer.Option("--document", help="Document id, key, path or URL.")] = None,
    all_versions: Annotated[
        bool, typer.Option("--all-versions", help="Every stored version, not only the newest.")
    ] = False,
    doc_version: Annotated[
        int | None, typer.Option("--doc-version", help="This version number of the documents.")
    ] = None,
    limit: Annotated[int | None, typer.Option("--limit", help="At most this many claims.")] = None,
    format: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.table,
    group_by: Annotated[
        GroupBy, typer.Option("--group-by", help="Split table/markdown output into groups.")
    ] = GroupBy.none,
    document_order: Annotated[
        bool,
        typer.Option(
            "--document-order",
            help="table/markdown in the text's order, commits where they stand (default: results first, then commits).",
        ),
    ] = False,
    db: DbPath = DEFAULT_DB,
) -> None:
    """Stored claims, filtered; a table lists each document's results first, then its commits. --format jsonl prints
    the claims contract (as `extract` does, in the text's order)."""
    from ledger.api import open_ledger
    from ledger.output.rows import write_claims
    from ledger.query import ClaimFilter, claims_page, kinds_filter, parse_config, pull_filter
    from ledger.query import claims as read_claims

    with _errors(), open_ledger(db) as book:
        number, repo = pull_filter(pr, repo)
        f = ClaimFilter(
            pr=number,
            repo=repo,
            kinds=kinds_filter(kind),
            metric=metric,
            revision=revision,
            config=parse_config(config or []),
            search=search,
            document=document,
            all_versions=all_versions,
            version=doc_version,
            limit=limit,
            results_first=not document_order and format in (Format.table, Format.markdown),
        )
        if format is Format.table and limit is None:
            # A terminal table of thousands of rows is slow to lay out and read by no one: a page, and the count.
            rows, total = claims_page(book, f, TABLE_ROWS)
        else:
            rows = read_claims(book, f)
            total = len(rows)
    write_claims(rows, format, group_by)
    if total > len(rows):
        _err(f"{len(rows)} of {total:,} claims shown: --limit N for more, --format jsonl or csv for all")


TABLE_ROWS = 50
"""The table format shows at most this many claims unless --limit says otherwise."""


@_app.command()
def show(
    doc: Annotated[str, typer.Argument(help="Document id, key (OWNER/NAME#N), path, URL or #N.")],
    doc_version: Annotated[
        int | None, typer.Option("--doc-version", help="Show this version (default: newest).")
    ] = None,
    format: Annotated[Format, typer.Option("--format", "-f", help="table or json.")] = Format.table,
    db: DbPath = DEFAULT_DB,
) -> None:
    """One document: its versions, sections, revisions and claim counts by kind."""
    from ledger.api import open_ledger
    from ledger.output.rows import clean, md_cell, write_rows
    from ledger.query import show as read_show

    with _errors(), open_ledger(db) as book:
        info = read_show(book, doc, doc_version)
    if format in (Format.json, Format.jsonl):
        from ledger.output.rows import dumps_indented

        typer.echo(dumps_indented(info, indent=2 if format is Format.json else None))
        return
    d = info["document"]
    fmt = Format.table if format is Format.table else format
    head = (
        f"document {d['id']}: {d['key']}"
        + (f" [{d['engine']}]" if d.get("engine") else "")
        + (f" - {d['title']}" if d.get("title") else "")
        + (f"  {d['url']}" if d.get("url") else "")
    )
    typer.echo(md_cell(head) if fmt is Format.markdown else clean(head))  # a fetched title is text, never markup
    edited = any(v.get("edited_at") for v in info["versions"])  # fetched from GitHub: when and by whom
    write_rows(
        [
            {
                "version": v["version"],
                "sha256": v["sha256"][:12],
                "ingested_at": v["ingested_at"][:19],
                **({"edited_at": v.get("edited_at") or "", "editor": v.get("editor") or ""} if edited else {}),
                "format": v["format"],
                "lines": v["n_lines"],
                "claims": v["n_claims"],
                "warnings": v["n_warnings"],
                "source": v["source_path"],
            }
            for v in info["versions"]
        ],
        fmt,
        title="versions",
    )
    write_rows(
        [{"line": s["line"], "section": "  " * max(0, len(s["path"]) - 1) + s["title"]} for s in info["sections"]]
        or [{"section": "(none)"}],
        fmt,
        title=f"sections (version {info['version']})",
    )
    write_rows(info["revisions"] or [{"revision": "(none)"}], fmt, title=f"revisions (version {info['version']})")
    write_rows(
        [{"kind": k, "claims": n} for k, n in info["counts"].items()],
        fmt,
        title=f"claims by kind (version {info['version']})",
    )
    if info["warnings"]:
        write_rows(info["warnings"], fmt, title="warnings")


@_app.command("sql")
def sql_command(
    query: Annotated[str, typer.Argument(help="One SELECT statement.")],
    format: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.table,
    timeout: Annotated[float, typer.Option("--timeout", help="Stop the query after this many seconds.")] = 30.0,
    db: DbPath = DEFAULT_DB,
) -> None:
    """Read-only SQL over the ledger (opened read-only; writes, ATTACH and extensions are refused)."""
    import itertools

    from ledger.api import Ledger
    from ledger.output.rows import write_rows
    from ledger.query import sql_rows

    with _errors():
        rows = sql_rows(Ledger(db), query, timeout_s=timeout, on_stuck=_stuck)  # its own read-only connection
        try:
            if format in (Format.table, Format.markdown):  # laid out whole: a bounded number of rows
                shown = list(itertools.islice(rows, SQL_TABLE_ROWS + 1))
                write_rows(shown[:SQL_TABLE_ROWS], format)
                if len(shown) > SQL_TABLE_ROWS:
                    _err(f"the first {SQL_TABLE_ROWS:,} rows are shown: --format jsonl or csv for all")
            else:
                write_rows(rows, format)  # streamed as read
        finally:
            rows.close()


def _stuck(message: str) -> None:
    """The deadline passed inside one call of SQLite's C that no interrupt reaches: say so and end the process."""
    import os

    _err(message)
    sys.stderr.flush()
    os._exit(2)


SQL_TABLE_ROWS = 1000
"""`ledger sql` renders at most this many rows as a table or markdown (100,000 rows took 30 s to lay out)."""


def _register(target: typer.Typer, module_names: set[str]) -> None:
    from importlib import import_module

    for module_name in sorted(module_names):  # cli_compare: compare, trend, references; cli_github: fetch
        import_module(module_name).register(target)


_registered: set[str] = set()
"""The command modules already registered into `_app`."""


def _full_app() -> typer.Typer:
    """Every command: this module's and the other command modules' (each registered once)."""
    pending = set(_LAZY_COMMANDS.values()) - _registered
    if pending:
        _registered.update(pending)
        _register(_app, pending)
    return _app


def __getattr__(name: str) -> Any:
    if name == "app":  # `from ledger.cli.app import app`: the whole command line (tests, typer's tools)
        return _full_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _command_name(info: Any) -> str:
    return str(info.name or typer.main.get_command_name(info.callback.__name__))


def _app_for(args: list[str]) -> typer.Typer:
    """The app `main()` runs for these arguments: only the command they name, or none for `--version` (an
    eager option that exits before any command runs); every command when they name none (help, errors).
    The chosen command is built exactly as in the full app, so its help, errors and output are the same."""
    own = {_command_name(c) for c in _app.registered_commands}
    name = args[0] if args else ""
    if name != "--version" and name not in own and name not in _LAZY_COMMANDS:
        return _full_app()
    small = typer.Typer(**_SETTINGS)
    small.registered_callback = _app.registered_callback
    if name in _LAZY_COMMANDS:
        _register(small, {_LAZY_COMMANDS[name]})
    else:
        small.registered_commands = list(_app.registered_commands)
    small.registered_commands = [c for c in small.registered_commands if _command_name(c) == name]
    small.registered_groups = [g for g in small.registered_groups if g.name == name]
    return small


def main() -> None:
    from pathlib import Path

    args = sys.argv[1:]
    db = db_named(args)
    existed = Path(db).exists()
    code: int | str | None = 0
    try:
        command = typer.main.get_command(_app_for(args))
        if args[:1] != ["--version"]:
            from ledger.cli.params import install

            install(command)  # option values converted without building pydantic adapters (ledger/cli/params.py)
        command()
    except SystemExit as exc:
        code = exc.code
        raise
    except LedgerError as exc:
        _err(str(exc))
        code = 2
        sys.exit(2)
    except BrokenPipeError:
        sys.exit(0)
    except MemoryError:  # outside a command's errors(): while printing a very large answer
        _err("out of memory: ask for less (a --limit, fewer or smaller values)")
        code = 2
        sys.exit(2)
    finally:
        if code not in (0, None) and not existed and Path(db).exists():
            from ledger.api import discard_empty_ledger

            discard_empty_ledger(db)  # a failed command leaves no empty ledger.db behind
