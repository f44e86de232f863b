"""Building the datasette that `ledger serve` runs: the ledger file, read-only, with the ledger's plugin.

    ds = make_datasette("ledger.db")          checked like every command checks a ledger, then served
    status, text = get(ds, "/-/ledger/pr/NVIDIA/TensorRT-LLM/20144")
    serve(ds, host="127.0.0.1", port=8001, open_browser=False)

datasette opens the file with `mode=ro` for reading and the plugin makes every connection `query_only`, so a
server can run beside an ingest (WAL: readers see the last committed batch, never a half-written one).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ledger.errors import UsageError

__all__ = ["check_ledger", "get", "make_datasette", "serve"]


def check_ledger(path: str | os.PathLike[str]) -> Path:
    """The ledger at `path`, refused with the message every command gives (missing, not SQLite, not a ledger,
    too new). An older ledger is migrated first, as every command does; after that the server only reads."""
    from ledger.db.reads import open_reader

    reader = open_reader(path)
    reader.close()
    return Path(path).resolve()


def make_datasette(
    path: str | os.PathLike[str], settings: dict[str, Any] | None = None, *, allow_sql: bool = False
) -> Any:
    """A datasette over the ledger at `path` with the ledger's plugin registered (the entry point registers it
    where the package is installed; a source checkout registers it here). Arbitrary SQL (`?sql=`) is off unless
    `allow_sql`: a page on the network should not be a query engine for anyone who can reach it; where it is
    on, each statement is bounded in time (1 s), length and value size, as `ledger sql` is."""
    from datasette.app import Datasette
    from datasette.plugins import pm

    import ledger.web.plugin as plugin

    resolved = check_ledger(path)
    if not pm.is_registered(plugin):
        pm.register(plugin, name="ledger")
    _quiet_errors()
    return Datasette(
        [str(resolved)], settings={"default_allow_sql": allow_sql, "sql_time_limit_ms": 1000, **(settings or {})}
    )


def _quiet_errors() -> None:
    """datasette's error handler prints a rich traceback, with local variables, for every 4xx when rich is
    importable (the ledger's CLI depends on rich), and fails outright on a 404 of a POST, whose exception is
    never raised (rich then has no traceback to print): the server answers 404, not 500, and keeps its console
    for real errors. The switch is datasette's own module global (0.65 and the 1.0 alphas)."""
    import datasette.handle_exception as handler

    handler.rich = None


def get(ds: Any, path: str) -> tuple[int, str]:
    """One response of the server, without a socket: (status, body)."""

    async def fetch() -> tuple[int, str]:
        await ds.invoke_startup()
        response = await ds.client.get(path)
        return response.status_code, response.text

    return asyncio.run(fetch())


def serve(ds: Any, host: str, port: int, open_browser: bool = False, allow_hosts: Sequence[str] = ()) -> None:
    """Run the server until interrupted (uvicorn, as `datasette serve` runs it), answering only requests that
    name it by the address it serves on or one of `allow_hosts` (ledger.web.guard says why)."""
    import uvicorn

    from ledger.web.guard import allowed_hosts, host_guard

    asyncio.run(ds.invoke_startup())
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/-/ledger"
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, [url]).start()
    try:
        uvicorn.run(
            host_guard(ds.app(), allowed_hosts(host, port, allow_hosts)), host=host, port=port, log_level="warning"
        )
    except OSError as exc:  # the port is taken, the address is not ours
        raise UsageError(f"cannot serve on {host}:{port} ({exc.strerror or exc})") from exc
