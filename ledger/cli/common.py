"""The CLI's edge, shared by every command module: the one `--db` option, one-line messages and the
error-to-exit mapping."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from ledger.errors import LedgerError
from ledger.messages import warning_line

__all__ = ["DEFAULT_DB", "EXIT_USAGE", "DbPath", "db_named", "err", "errors", "interrupted", "warning_line"]

_DB_FLAG, _DB_ENV = "--db", "LEDGER_DB"
DbPath = Annotated[str, typer.Option(_DB_FLAG, envvar=_DB_ENV, help=f"The ledger database (env {_DB_ENV}).")]
"""The `--db` option of every command that uses the ledger, declared once."""
DEFAULT_DB = "ledger.db"


def db_named(args: list[str]) -> str:
    """The ledger file the arguments name as DbPath reads them (`--db PATH`, `--db=PATH`, LEDGER_DB, ./ledger.db),
    before any command runs: `main` removes the empty ledger a failed command created."""
    import os

    for i, a in enumerate(args):
        if a == _DB_FLAG and i + 1 < len(args):
            return args[i + 1]
        if a.startswith(_DB_FLAG + "="):
            return a[len(_DB_FLAG) + 1 :]
    return os.environ.get(_DB_ENV) or DEFAULT_DB


EXIT_USAGE = 2
"""Usage or input error, a refused ledger, a database error."""


def err(message: str) -> None:
    """One line on stderr, prefixed with the program's name; a file name, title or server message in it is
    neutralised (no control characters, no line break that could forge another line)."""
    from ledger.neutral import terminal

    typer.echo(f"ledger: {terminal(message)}", err=True)


@contextmanager
def errors(code: int = EXIT_USAGE) -> Iterator[None]:
    """Library errors become one line on stderr and exit `code`; never a traceback. A LedgerNote (a ledger opened
    read-only because its storage is) becomes one line, `ledger: note: ...`."""
    import sqlite3
    import warnings

    from ledger.errors import LedgerNote

    said: set[str] = set()  # a command that opens the ledger twice says it once

    def show(message: Warning | str, category: type[Warning], *args: object, **kwargs: object) -> None:
        if issubclass(category, LedgerNote):
            if str(message) not in said:
                said.add(str(message))
                err(f"note: {message}")
        else:
            shown(message, category, *args, **kwargs)  # type: ignore[arg-type]

    shown = warnings.showwarning
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always", LedgerNote)
            warnings.showwarning = show
            yield
    except LedgerError as exc:
        err(str(exc))
        raise typer.Exit(code) from None
    except sqlite3.Error as exc:
        err(f"database error: {exc}")
        raise typer.Exit(code) from None
    except MemoryError:
        err("out of memory: ask for less (a --limit, fewer or smaller values)")
        raise typer.Exit(code) from None


@contextmanager
def interrupted(what_now: str) -> Iterator[None]:
    """Ctrl-C becomes one line saying what state the ledger is in, and exit 130 (128 + SIGINT)."""
    try:
        yield
    except KeyboardInterrupt:
        err(f"interrupted: {what_now}")
        raise typer.Exit(130) from None
