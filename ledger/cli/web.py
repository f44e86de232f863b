"""`ledger serve`: the web view of the ledger (datasette with the ledger's plugin), read-only, on loopback.

datasette is an optional extra (`pip install 'pr-evidence-ledger[web]'`) and is imported only inside the
command. Exit codes: 0 served (or `--get` answered 2xx/3xx); 1 `--get` answered 4xx/5xx; 2 a refused ledger,
a usage error or datasette missing.
"""

from __future__ import annotations

import ipaddress
from typing import Annotated

import typer

from ledger.cli.common import DEFAULT_DB, DbPath
from ledger.cli.common import err as _err
from ledger.cli.common import errors as _errors
from ledger.errors import UsageError


def register(app: typer.Typer) -> None:
    app.command("serve")(serve_cmd)


def serve_cmd(
    host: Annotated[
        str,
        typer.Option(
            "--host", help="Address to listen on (default loopback; 0.0.0.0 exposes the ledger to the network)."
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8001,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            help="A further Host name to answer (a name the server is reached by, as NAME or "
            "NAME:PORT); others get 421, so no other site's page can read the ledger through "
            "DNS rebinding.",
        ),
    ] = None,
    allow_sql: Annotated[
        bool,
        typer.Option(
            "--allow-sql",
            help="Let pages run arbitrary read-only SQL (?sql=), each statement bounded to 1 s; off by default.",
        ),
    ] = False,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the ledger's pages in a browser.")] = False,
    get: Annotated[
        str | None,
        typer.Option("--get", help="Print the response to one path (for example /-/ledger/pr/OWNER/NAME/N) and exit."),
    ] = None,
    db: DbPath = DEFAULT_DB,
) -> None:
    """Serve the ledger's pages and tables (datasette) read-only: PR pages with every claim linked to its
    line, comparisons, trend charts, the support matrix; /-/ledger lists them."""
    with _errors():
        if not 0 < port < 65536:
            raise UsageError(f"--port {port}: not a port number (1-65535)")
        _check_host(host)
        try:
            import datasette  # noqa: F401  (the server imports it only when it starts: ask here, once)

            from ledger.web.server import get as get_one
            from ledger.web.server import make_datasette, serve
        except ImportError:
            raise UsageError("the web view needs the web extra: pip install 'pr-evidence-ledger[web]'") from None
        ds = make_datasette(db, allow_sql=allow_sql)
        if get is not None:
            status, text = get_one(ds, get if get.startswith("/") else "/" + get)
            typer.echo(text, nl=not text.endswith("\n"))
            if status >= 400:
                raise typer.Exit(1)
            return
        if not _is_loopback(host):
            _err(f"note: serving on {host}: anyone who can reach this address can read the ledger")
        typer.echo(f"ledger: serving {db} read-only at http://{host}:{port}/-/ledger (Ctrl-C stops)", err=True)
        try:
            serve(ds, host, port, open_browser, allow_hosts=allow_host or ())
        except KeyboardInterrupt:
            raise typer.Exit(0) from None


def _check_host(host: str) -> None:
    if not host.strip() or any(c.isspace() for c in host):
        raise UsageError(f"--host {host!r}: not an address")


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
