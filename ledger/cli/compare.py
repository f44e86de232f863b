"""`ledger compare`, `ledger trend` and `ledger references`: typer declarations over ledger.compare.

Registered into the main app by cli.py. Each command calls one library function and prints what it
returns; library errors become one line here. Exit codes: 0 no regression; 1 a regression (only with
--fail-on-regression); 2 usage or input error; 3 nothing to compare.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import typer

from ledger.cli.common import DEFAULT_DB, DbPath, warning_line
from ledger.cli.common import err as _err
from ledger.cli.common import errors as _errors

EXIT_REGRESSION = 1
EXIT_USAGE = 2
EXIT_NOTHING = 3


class CompareFormat(str, Enum):
    table = "table"
    json = "json"
    markdown = "markdown"


class Order(str, Enum):
    auto = "auto"
    document = "document"
    reverse = "reverse"


class By(str, Enum):
    auto = "auto"
    sections = "sections"
    versions = "versions"


def register(app: typer.Typer) -> None:
    """Add compare, trend and the references group to the main app."""
    app.command("compare")(compare_cmd)
    app.command("trend")(trend_cmd)
    app.command("report")(report_cmd)
    app.command("documents")(documents_cmd)
    refs = typer.Typer(help="Registered accuracy references (TensorRT-LLM reference YAML files).", no_args_is_help=True)
    refs.command("import")(references_import_cmd)
    refs.command("list")(references_list_cmd)
    app.add_typer(refs, name="references")


def _notes(notes: list[str]) -> None:
    for n in notes:
        _err(n)


def compare_cmd(
    targets: Annotated[
        list[str] | None,
        typer.Argument(
            help="One document (its revision sections, or its stored versions) or several (compared in order): "
            "files, or ledger documents like owner/name#N."
        ),
    ] = None,
    pr: Annotated[
        str | None,
        typer.Option("--pr", help="The pull request as `claims` takes it: N (with --repo), OWNER/NAME#N or a PR URL."),
    ] = None,
    from_: Annotated[
        str | None, typer.Option("--from", help="Oldest revision: label, sha prefix, version number or position.")
    ] = None,
    to: Annotated[str | None, typer.Option("--to", help="Newest revision (same forms as --from).")] = None,
    format: Annotated[
        CompareFormat, typer.Option("--format", "-f", help="table, json or markdown.")
    ] = CompareFormat.table,
    fail_on_regression: Annotated[
        bool, typer.Option("--fail-on-regression", help="Exit 1 when any verdict is a regression.")
    ] = False,
    threshold: Annotated[
        list[str] | None,
        typer.Option(
            "--threshold",
            "-t",
            help="Override a threshold: perf=3%, accuracy=1.0, acceptance=0.1, gsm8k=1.2, ttft=5%, z=2.58. Repeatable.",
        ),
    ] = None,
    samples: Annotated[
        list[str] | None,
        typer.Option("--samples", help="Sample count of a benchmark for the binomial noise: gsm8k=1319. Repeatable."),
    ] = None,
    config: Annotated[str | None, typer.Option("--config", help="TOML file: [noise], [samples], [thresholds].")] = None,
    z: Annotated[float | None, typer.Option("--z", help="Standard errors that count as noise (default 1.96).")] = None,
    by: Annotated[
        By,
        typer.Option(
            "--by",
            help="For one stored document: auto (its revisions over every "
            "version), sections (the newest version's) or versions.",
        ),
    ] = By.auto,
    order: Annotated[
        Order,
        typer.Option(
            "--order",
            help="Revision sections' order in the text (auto reads the labels: 'Final head' first means newest first).",
        ),
    ] = Order.auto,
    kind: Annotated[list[str] | None, typer.Option("--kind", "-k", help="Only these kinds (repeatable).")] = None,
    input_format: Annotated[str | None, typer.Option("--input-format", help="markdown or rendered.")] = None,
    model: Annotated[
        str | None,
        typer.Option("--model", help="The model of claims that do not name one (for registered reference checks)."),
    ] = None,
    show_all: Annotated[bool, typer.Option("--all", help="Every series, not only the changed ones.")] = False,
    repo: Annotated[str | None, typer.Option("--repo", help="OWNER/NAME for targets given as a PR number.")] = None,
    db: DbPath = DEFAULT_DB,
) -> None:
    """Line up comparable claims across revisions and judge each: regression, improvement, within noise,
    new, missing, not comparable, insufficient data, with the threshold used.

    Exit 0: no regression; 1: a regression (with --fail-on-regression); 2: usage or input error;
    3: nothing to compare.
    """
    from ledger.api import Ledger
    from ledger.compare import noise_from_options
    from ledger.targets import run_compare

    targets = [*(targets or []), *([pr] if pr else [])]
    if not targets:
        raise typer.BadParameter("name what to compare: files or documents, or --pr N --repo OWNER/NAME")
    with _errors(EXIT_USAGE), Ledger(db) as book:  # opened on first read: comparing files needs no ledger
        noise = noise_from_options(threshold or [], samples or [], config, z)
        result = run_compare(
            targets,
            book=book,
            noise=noise,
            from_=from_,
            to=to,
            by=by.value,
            order=order.value,
            input_format=input_format,
            kinds=kind,
            model=model,
            repo=repo,
        )
    _notes(result.notes)
    if not result.compared:
        _err("nothing to compare: fewer than two revisions with comparable claims")
        raise typer.Exit(EXIT_NOTHING)
    typer.echo(result.render(format.value, show_all=show_all), nl=False)
    if result.has_regression and fail_on_regression:
        raise typer.Exit(EXIT_REGRESSION)


def _target(given: str | None, pr: str | None, what: str) -> str:
    """The positional target, else `--pr` (N with --repo, owner/repo#N, a PR URL), as `claims --pr` takes it."""
    if given and pr:
        raise typer.BadParameter(f"give the {what} once: as an argument or as --pr")
    target = given or pr
    if not target:
        raise typer.BadParameter(f"name the {what}: an argument, or --pr N --repo OWNER/NAME")
    return target


def report_cmd(
    target: Annotated[
        str | None,
        typer.Argument(
            metavar="PR", help="The pull request: a ledger document (owner/repo#N, a PR URL, #N) or a file."
        ),
    ] = None,
    pr: Annotated[
        str | None,
        typer.Option("--pr", help="The pull request as `claims` takes it: N (with --repo), OWNER/NAME#N or a PR URL."),
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Also every series, the findings each section keeps back, and CI by commit.")
    ] = False,
    format: Annotated[
        CompareFormat, typer.Option("--format", "-f", help="table, markdown (fit to post as a PR comment) or json.")
    ] = CompareFormat.table,
    fail_on_regression: Annotated[
        bool, typer.Option("--fail-on-regression", help="Exit 1 on a regression or a value below its reference.")
    ] = False,
    threshold: Annotated[list[str] | None, typer.Option("--threshold", "-t", help="As for compare.")] = None,
    samples: Annotated[list[str] | None, typer.Option("--samples", help="As for compare.")] = None,
    z: Annotated[float | None, typer.Option("--z", help="As for compare.")] = None,
    config: Annotated[str | None, typer.Option("--config", help="As for compare (a noise TOML).")] = None,
    model: Annotated[str | None, typer.Option("--model", help="As for compare.")] = None,
    repo: Annotated[str | None, typer.Option("--repo", help="OWNER/NAME when PR is a number.")] = None,
    history: Annotated[
        bool,
        typer.Option(
            "--history",
            help="Also judge its values against those the repository's "
            "merged PRs stated for the same setup (ledger fetch "
            "OWNER/REPO --state merged keeps them).",
        ),
    ] = False,
    history_days: Annotated[int, typer.Option("--history-days", min=1, help="The window of --history, in days.")] = 30,
    comment_on: Annotated[
        str,
        typer.Option(
            "--comment-on",
            help="With --post: create the comment always, on a "
            "change, or on an alert (an existing one is "
            "always updated).",
        ),
    ] = "always",
    post: Annotated[
        bool,
        typer.Option(
            "--post",
            help="Also post the markdown report as the PR's one sticky "
            "comment (created once, then updated; needs GH_TOKEN).",
        ),
    ] = False,
    api_url: Annotated[
        str | None,
        typer.Option(
            "--api-url", envvar="LEDGER_GITHUB_API", help="GitHub API root for --post (env LEDGER_GITHUB_API)."
        ),
    ] = None,
    db: DbPath = DEFAULT_DB,
) -> None:
    """What a reviewer reads about one pull request: regressions and values below their reference first,
    gates that failed, were waived or not verified, evidence on an older head, CI on commits no claim
    names, then counts.

    Exit 0: no regression; 1: a regression (with --fail-on-regression); 2: usage or input error;
    3: nothing to report.
    """
    from ledger.api import Ledger
    from ledger.compare import noise_from_options
    from ledger.report import build_report

    pr = _target(target, pr, "pull request")
    with _errors(EXIT_USAGE), Ledger(db) as book:
        noise = noise_from_options(threshold or [], samples or [], config, z)
        report = build_report(
            pr, book=book, noise=noise, model=model, repo=repo, history_days=history_days if history else None
        )
    _notes(report.comparison.notes)
    if not report.compared:
        _err("nothing to report: no comparable claims, references or gates")
        raise typer.Exit(EXIT_NOTHING)
    typer.echo(report.render(format.value, show_all=show_all), nl=False)
    if post:
        from ledger.sticky import creates_comment, post_sticky

        with _errors(EXIT_USAGE):
            posted = post_sticky(
                pr, report.render("markdown"), api_url=api_url, repo=repo, create=creates_comment(report, comment_on)
            )
        _err(posted.line())
    if report.has_regression and fail_on_regression:
        raise typer.Exit(EXIT_REGRESSION)


def trend_cmd(
    metric: Annotated[str, typer.Argument(help="The metric: gsm8k, MMMU, 'acceptance length', TTFT ...")],
    targets: Annotated[
        list[str] | None, typer.Argument(help="Files or ledger documents (default: every document in the ledger).")
    ] = None,
    where: Annotated[
        list[str] | None, typer.Option("--where", "-w", help="Configuration filter KEY=VALUE (mtp=1, kv_cache=fp8).")
    ] = None,
    kind: Annotated[list[str] | None, typer.Option("--kind", "-k", help="Only these kinds.")] = None,
    format: Annotated[CompareFormat, typer.Option("--format", "-f")] = CompareFormat.table,
    order: Annotated[Order, typer.Option("--order")] = Order.auto,
    input_format: Annotated[str | None, typer.Option("--input-format")] = None,
    threshold: Annotated[list[str] | None, typer.Option("--threshold", "-t", help="As for compare.")] = None,
    z: Annotated[float | None, typer.Option("--z", help="As for compare.")] = None,
    fail_on_regression: Annotated[
        bool, typer.Option("--fail-on-regression", help="Exit 1 when a latest value regressed.")
    ] = False,
    mix: Annotated[
        bool,
        typer.Option(
            "--mix", help="Join one setup's values across documents even when no model is stated (with a note)."
        ),
    ] = False,
    show_all: Annotated[bool, typer.Option("--all", help="Also draw the series with one point.")] = False,
    db: DbPath = DEFAULT_DB,
) -> None:
    """A metric's values across revisions (oldest first) or documents, one chart per comparable series,
    and the latest value judged against the earlier ones (their spread sets the threshold once there
    are four or more)."""
    from ledger.api import Ledger
    from ledger.compare import noise_from_options
    from ledger.targets import run_trend

    with _errors(EXIT_USAGE), Ledger(db) as book:  # one connection for every document the trend reads
        noise = noise_from_options(threshold or [], [], None, z)
        result = run_trend(
            metric,
            targets or [],
            book=book,
            where=where or [],
            kinds=kind,
            order=order.value,
            input_format=input_format,
            noise=noise,
            mix=mix,
        )
    _notes(result.notes)
    if not result.series and not result.single:
        _err(f"no values of {metric!r} found")
        raise typer.Exit(EXIT_NOTHING)
    typer.echo(result.render(format.value, show_all=show_all), nl=False)
    if fail_on_regression and result.has_regression:
        raise typer.Exit(EXIT_REGRESSION)


def documents_cmd(
    format: Annotated[str, typer.Option("--format", "-f", help="table, json, jsonl, csv or markdown.")] = "table",
    db: DbPath = DEFAULT_DB,
) -> None:
    """What the ledger holds: every document with its key, title, versions and claims."""
    from ledger.api import Ledger
    from ledger.output.formats import Format
    from ledger.output.rows import write_rows
    from ledger.query import documents

    with _errors(EXIT_USAGE), Ledger(db) as book:
        try:
            fmt = Format(format)
        except ValueError:
            raise typer.BadParameter(f"{format!r}: table, json, jsonl, csv or markdown") from None
        rows = documents(book)
    if not rows:
        _err("the ledger holds no document (ledger ingest PATH, or ledger fetch OWNER/REPO#N)")
        raise typer.Exit(EXIT_NOTHING)
    write_rows(
        [
            {
                "id": d["id"],
                "document": d["key"],
                "title": d.get("title") or "",
                "versions": d["versions"],
                "claims": d["claims"],
            }
            for d in rows
        ],
        fmt,
    )


def references_import_cmd(
    files: Annotated[list[str], typer.Argument(help="Reference YAML files (TensorRT-LLM references/<task>.yaml).")],
    benchmark: Annotated[
        str | None, typer.Option("--benchmark", help="The benchmark (default: from the file name).")
    ] = None,
    db: DbPath = DEFAULT_DB,
) -> None:
    """Store accuracy references; compare then checks claims whose model and configuration match."""
    from ledger.errors import LedgerError
    from ledger.neutral import terminal
    from ledger.references import import_references

    failed = 0
    with _errors(EXIT_USAGE):
        for r in import_references(db, files, benchmark):
            if isinstance(r, LedgerError):
                _err(str(r))
                failed += 1
                continue
            for w in r.file.warnings[:5]:
                _err(warning_line(r.path, w))
            typer.echo(terminal(f"{r.path}: {r.stored} {r.file.benchmark} references for {r.models} models"))
    if failed:
        raise typer.Exit(EXIT_USAGE)


def references_list_cmd(
    model: Annotated[str | None, typer.Option("--model", help="Substring of the model name.")] = None,
    db: DbPath = DEFAULT_DB,
) -> None:
    """List registered references (model names and files are outside text: printed neutralised)."""
    from ledger.api import Ledger
    from ledger.neutral import terminal
    from ledger.references import load_registered

    with Ledger(db) as book:
        regs = load_registered(book)
    if model:
        regs = [r for r in regs if model.lower() in r.model.lower()]
    if not regs:
        _err("no registered references (ledger references import FILE)")
        raise typer.Exit(EXIT_NOTHING)
    for r in regs:
        cfg = ", ".join(f"{k}={v}" for k, v in r.config)
        typer.echo("\t".join(terminal(part) for part in (r.benchmark, r.model, f"{r.accuracy:g}", cfg, r.source)))
