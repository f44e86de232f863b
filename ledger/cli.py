"""The command line: a thin layer where every command calls one library function.

Library errors (ledger.errors.LedgerError) become a one-line message and a non-zero exit here;
nothing below this module prints or exits. Heavy imports live inside the commands.
"""

from __future__ import annotations

import json
import sys
from enum import Enum
from typing import Annotated

import typer

from ledger import __version__
from ledger.errors import LedgerError

app = typer.Typer(
    name="ledger",
    help="Parse the evidence in LLM-serving pull requests into a queryable SQLite ledger.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


class ExtractFormat(str, Enum):
    jsonl = "jsonl"
    json = "json"
    table = "table"


def _err(message: str) -> None:
    typer.echo(f"ledger: {message}", err=True)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ledger {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Parse the evidence in LLM-serving pull requests into a queryable SQLite ledger."""


@app.command()
def extract(
    paths: Annotated[list[str], typer.Argument(help="Documents to parse (markdown or rendered-page text).")],
    format: Annotated[ExtractFormat, typer.Option("--format", "-f", help="Output format.")] = ExtractFormat.jsonl,
    input_format: Annotated[str | None, typer.Option("--input-format",
                                                     help="markdown or rendered (default: sniffed).")] = None,
) -> None:
    """Parse documents and print their claims (no database). JSON lines follow the claims contract."""
    from ledger.extracting import extract_file

    failed = 0
    rows: list[dict] = []
    for path in paths:
        try:
            result = extract_file(path, fmt=input_format)
        except LedgerError as exc:
            _err(str(exc))
            failed += 1
            continue
        for w in result.warnings:
            _err(f"warning: {w}")
        for claim in result.claims:
            d = claim.model_dump(mode="json")
            if format is ExtractFormat.jsonl:
                sys.stdout.write(json.dumps(d, ensure_ascii=False) + "\n")
            else:
                rows.append(d)
    if format is ExtractFormat.json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
    elif format is ExtractFormat.table:
        from ledger.render import claims_table

        claims_table(rows)
    if failed == len(paths):
        raise typer.Exit(2)


def main() -> None:
    try:
        app()
    except LedgerError as exc:
        _err(str(exc))
        sys.exit(2)
    except BrokenPipeError:
        sys.exit(0)
