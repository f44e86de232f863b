"""`ledger support`: registered into the main app by cli.py. One library call (ledger.support.join.support).

Exit codes: 0 (also when nothing matches: the answer says so); 2 usage error or a bad ledger.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ledger.cli.common import DEFAULT_DB, DbPath
from ledger.cli.common import errors as _errors
from ledger.output.formats import Format


def support_cmd(
    subject: Annotated[
        str | None,
        typer.Option(
            "--subject", help="Architecture or model: features x engines for it (a class, a model name, a family)."
        ),
    ] = None,
    feature: Annotated[
        str | None, typer.Option("--feature", help="Feature, any engine's spelling: architectures x engines for it.")
    ] = None,
    engine: Annotated[str | None, typer.Option("--engine", help="Only this engine's cells.")] = None,
    value: Annotated[str | None, typer.Option("--value", help="yes, no, partial, n/a, untested, absent.")] = None,
    document: Annotated[str | None, typer.Option("--document", help="Document id, key, path or URL.")] = None,
    version: Annotated[
        int | None,
        typer.Option("--version", min=1, help="With --document: that document's cells as this version printed them."),
    ] = None,
    evidence: Annotated[
        bool,
        typer.Option(
            "--evidence", help="Beside each cell, the engine's PR claims naming the architecture and the feature."
        ),
    ] = False,
    format: Annotated[
        Format, typer.Option("--format", "-f", help="table (matrices), or rows: json, jsonl, csv, markdown.")
    ] = Format.table,
    db: DbPath = DEFAULT_DB,
) -> None:
    """Which engines support an architecture with a feature: the support cells of every engine's documents,
    joined (feature spellings, grouped and marked class names, model names), each traced to its line."""
    from ledger.api import open_ledger
    from ledger.support.join import support
    from ledger.support.render import write_support

    with _errors(), open_ledger(db) as book:
        answer = support(
            book,
            subject=subject,
            feature=feature,
            engine=engine,
            value=value,
            document=document,
            evidence=evidence,
            version=version,
        )
    write_support(answer, format)


def register(app: typer.Typer) -> None:
    """Add `support` to the main app."""
    app.command("support")(support_cmd)
