"""The datasette plugin: the ledger's pages as routes, and the ledger's file kept read-only.

Hooks:
    register_routes       /-/ledger, /-/ledger/pr/{owner}/{name}/{number}, /-/ledger/compare, /-/ledger/trend,
                          /-/ledger/doc/{id}/v{n}, /-/ledger/support, /-/ledger/claim/{id} (a redirect to its line)
    prepare_connection    every connection to a ledger database is `query_only`: even datasette's write
                          connection cannot change the file (reads are `mode=ro` already)
    permission_allowed    (0.65) / permission_resources_sql (1.0 alphas): the write actions are denied, so no
                          page offers them; the version switch is `DATASETTE_1` below
    render_cell           a claim's `line` in the views (pr_claims, metric_values, support_cells, ci_runs) and
                          the claims table's `line` link to the line of the stored text
"""

from __future__ import annotations

import sqlite3
from typing import Any

from datasette import hookimpl
from datasette.version import __version__ as DATASETTE_VERSION
from markupsafe import Markup, escape

from ledger.web import views
from ledger.web.data import PREFIX, doc_href

DATASETTE_1 = int(DATASETTE_VERSION.split(".")[0]) >= 1
"""datasette 1.0 (alphas today) replaced the permission_allowed hook by permission_resources_sql."""
WRITE_ACTIONS = frozenset((
    "insert-row", "delete-row", "update-row", "upsert-row", "create-table", "create-view", "alter-table",
    "set-column-type", "drop-table", "drop-view", "execute-write-sql", "store-query", "update-query", "delete-query",
))
"""datasette's actions that change a database (0.65 and 1.0 names); denied for every actor."""
LINKED_VIEWS = frozenset(("pr_claims", "metric_values", "support_cells", "ci_runs"))


MAX_SQL_CHARS = 20_000
"""The longest statement a served connection prepares (when arbitrary SQL is allowed at all)."""


@hookimpl
def register_routes() -> list[tuple[str, Any]]:
    p = PREFIX.replace("-", r"\-")
    # ids and numbers of at most 18 digits: every one fits SQLite's 64-bit INTEGER, and a longer one matches no
    # route (a 404) instead of an OverflowError deep in a query (a 500)
    return [
        (rf"^{p}/?$", views.index),
        (rf"^{p}/pr/(?P<owner>[^/]+)/(?P<name>[^/]+)/(?P<number>[0-9]{{1,18}})/?$", views.pr),
        (rf"^{p}/doc/(?P<document_id>[0-9]{{1,18}})/v(?P<version>[0-9]{{1,18}})/?$", views.doc),
        (rf"^{p}/claim/(?P<claim_id>[0-9]{{1,18}})/?$", views.claim),
        (rf"^{p}/compare/?$", views.compare),
        (rf"^{p}/trend/?$", views.trend),
        (rf"^{p}/support/?$", views.support),
    ]


@hookimpl
def prepare_jinja2_environment(env: Any, datasette: Any) -> None:
    """Every value a page prints, ours and datasette's, without bidi and control characters: a document title
    with U+202E must not reverse what the page says after it (the CLI neutralises them the same way)."""
    from ledger.neutral import page_text

    def finalize(value: Any) -> Any:
        return value if isinstance(value, Markup) else page_text(value)

    env.finalize = finalize


@hookimpl
def asgi_wrapper(datasette: Any) -> Any:
    """Every response, the ledger's pages and datasette's alike, says nosniff and refuses other origins."""
    from ledger.web.guard import with_headers

    return with_headers


@hookimpl
def prepare_connection(conn: sqlite3.Connection, database: str, datasette: Any) -> None:
    if views.is_ledger(conn):
        conn.execute("PRAGMA query_only = ON")
    # the bounds `ledger sql` has: no value past the limit (randomblob(1e9) fails at once instead of taking a
    # gigabyte), no statement longer than a page of SQL; datasette's sql_time_limit_ms bounds the time
    if hasattr(conn, "setlimit"):  # Python 3.11+
        from ledger.query import max_value_bytes

        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, max_value_bytes())
        conn.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, MAX_SQL_CHARS)


if DATASETTE_1:
    @hookimpl
    def permission_resources_sql(datasette: Any, actor: Any, action: str) -> Any:
        if action not in WRITE_ACTIONS:
            return None
        from datasette.permissions import PermissionSQL

        return PermissionSQL.deny("the ledger is served read-only")
else:
    @hookimpl
    def permission_allowed(datasette: Any, actor: Any, action: str, resource: Any) -> bool | None:
        return False if action in WRITE_ACTIONS else None


@hookimpl
def render_cell(row: Any, value: Any, column: str, table: str | None, database: str, datasette: Any) -> Any:
    if value is None:
        return None
    ledger = views.ledger_database(datasette)
    if ledger is None or ledger.name != database:
        return None
    if table in LINKED_VIEWS and column == "line":
        keys = row.keys() if hasattr(row, "keys") else []
        if "document_id" in keys and "version" in keys:
            href = doc_href(row["document_id"], row["version"], value)
            return Markup(f'<a href="{escape(href)}">{escape(str(value))}</a>')
    if table == "claims" and column == "line" and hasattr(row, "keys") and "id" in list(row.keys()):
        return Markup(f'<a href="{PREFIX}/claim/{int(row["id"])}">{escape(str(value))}</a>')
    return None
