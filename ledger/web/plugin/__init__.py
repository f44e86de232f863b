"""The datasette plugin: the ledger's pages as routes, and the ledger's file kept read-only.

Hooks:
    register_routes       /-/ledger, /-/ledger/pr/{owner}/{name}/{number}, /-/ledger/compare, /-/ledger/trend,
                          /-/ledger/doc/{id}/v{n}, /-/ledger/support, /-/ledger/claim/{id} (a redirect to its line);
                          every page but the redirect has a `.json` twin, as datasette's tables do, serving the
                          data it shows (application/json, the pages' guard headers, errors as JSON with the
                          page's status: 404 for what the ledger does not hold, 400 for a bad parameter):
                            /-/ledger.json                          the documents listed
                            /-/ledger/pr/{owner}/{name}/{number}.json  the PR: its versions, revisions, CI runs,
                                                                    claims, comments, Report.to_dict() and
                                                                    Comparison.to_dict()
                            /-/ledger/doc/{id}/v{n}.json            the page of lines, each with its claims
                            /-/ledger/compare.json?target=...       Comparison.to_dict() (ledger compare --format json)
                            /-/ledger/trend.json?metric=...         Trend.to_dict(show_all=True)
                            /-/ledger/support.json?subject=...      SupportAnswer.to_dict()
    prepare_connection    every connection to a ledger database is `query_only`: even datasette's write
                          connection cannot change the file (reads are `mode=ro` already)
    permission_allowed    (0.65) / permission_resources_sql (1.0 alphas): the write actions are denied, so no
                          page offers them; the version switch is `DATASETTE_1` below
    render_cell           a claim's `line` in the views (pr_claims, metric_values, support_cells, ci_runs) and
                          the claims table's `line` link to the line of the stored text
    extra_css_urls        a ledger table's page folds its column descriptions (static/tables.css)
    get_metadata          (0.65) the ledger's tables described (ledger.web.plugin.metadata): column meanings and
                          units, documents shown by their key, `_search` on the views through the claims' index
    prepare_jinja2_environment
                          every printed value neutralised; `ledger_reorder`, which templates/_table.html calls so
                          a ledger table's page shows its reader's first columns first (other databases unchanged)
"""

from __future__ import annotations

import functools
import sqlite3
from typing import Any

from datasette import hookimpl
from datasette.version import __version__ as DATASETTE_VERSION
from markupsafe import Markup, escape

from ledger.web import views
from ledger.web.data import PREFIX, doc_href
from ledger.web.plugin import metadata

DATASETTE_1 = int(DATASETTE_VERSION.split(".")[0]) >= 1
"""datasette 1.0 (alphas today) replaced the permission_allowed hook by permission_resources_sql."""
WRITE_ACTIONS = frozenset(
    (
        "insert-row",
        "delete-row",
        "update-row",
        "upsert-row",
        "create-table",
        "create-view",
        "alter-table",
        "set-column-type",
        "drop-table",
        "drop-view",
        "execute-write-sql",
        "store-query",
        "update-query",
        "delete-query",
    )
)
"""datasette's actions that change a database (0.65 and 1.0 names); denied for every actor."""
LINKED_VIEWS = frozenset(("pr_claims", "metric_values", "support_cells", "ci_runs"))


MAX_SQL_CHARS = 20_000
"""The longest statement a served connection prepares (when arbitrary SQL is allowed at all)."""

LIKE_PATTERN_CHARS = 64
"""The longest LIKE or GLOB pattern a served connection matches. One call compares the pattern at every place
of the value, inside SQLite's C where no time limit reaches: a 64-character pattern over the largest text a
ledger stores (20 MB) is about a second; datasette's filters (`?text__contains=`) are such calls, on by default."""


@hookimpl
def register_routes() -> list[tuple[str, Any]]:
    p = PREFIX.replace("-", r"\-")
    # ids and numbers of at most 18 digits: every one fits SQLite's 64-bit INTEGER, and a longer one matches no
    # route (a 404) instead of an OverflowError deep in a query (a 500)
    # a page and its `.json` twin are one route: the suffix is captured as `format` (views.is_twin)
    twin = r"(?P<format>\.json)?/?$"
    return [
        (rf"^{p}{twin}", views.index),
        (rf"^{p}/pr/(?P<owner>[^/]+)/(?P<name>[^/]+)/(?P<number>[0-9]{{1,18}}){twin}", views.pr),
        (rf"^{p}/doc/(?P<document_id>[0-9]{{1,18}})/v(?P<version>[0-9]{{1,18}}){twin}", views.doc),
        (rf"^{p}/claim/(?P<claim_id>[0-9]{{1,18}})/?$", views.claim),
        (rf"^{p}/compare{twin}", views.compare),
        (rf"^{p}/trend{twin}", views.trend),
        (rf"^{p}/support{twin}", views.support),
    ]


@hookimpl
def prepare_jinja2_environment(env: Any, datasette: Any) -> None:
    """Every value a page prints, ours and datasette's, without bidi and control characters: a document title
    with U+202E must not reverse what the page says after it (the CLI neutralises them the same way)."""
    from ledger.neutral import page_text

    def finalize(value: Any) -> Any:
        return value if isinstance(value, Markup) else page_text(value)

    env.finalize = finalize

    def ledger_reorder(database: str, table: str, columns: list[Any], rows: list[Any]) -> tuple[list[Any], list[Any]]:
        ledger = views.ledger_database(datasette)
        if ledger is None or ledger.name != database:
            return columns, rows
        return metadata.reorder(table, columns, rows)

    env.globals["ledger_reorder"] = ledger_reorder


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
        conn.setlimit(sqlite3.SQLITE_LIMIT_LIKE_PATTERN_LENGTH, LIKE_PATTERN_CHARS)
    conn.set_authorizer(_refuse_long_calls)


_LONG_CALLS = frozenset(("printf", "format"))
"""printf('%.*c', N, 'x') loops N times (up to 2^31: 20 s) inside one call, whatever the value limit, and one
statement can hold hundreds of them: the time limit, a progress handler, is only asked between calls."""


def _refuse_long_calls(action: int, arg1: str | None, arg2: str | None, *_: str | None) -> int:
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in _LONG_CALLS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def _columns(path: str) -> dict[str, tuple[str, ...]]:
    """Each table's and view's columns, read once from the file (read-only)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")]
        return {n: tuple(r[1] for r in conn.execute("SELECT * FROM pragma_table_info(?)", (n,))) for n in names}
    finally:
        conn.close()


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
    def get_metadata(datasette: Any, key: str, database: str | None, table: str | None) -> dict[str, Any]:
        ledger = views.ledger_database(datasette)
        if ledger is None:
            return {}
        cached = getattr(datasette, "_ledger_metadata", None)
        if cached is None or cached[0] != ledger.name:
            try:
                cached = (ledger.name, metadata.metadata(ledger.name, _columns(ledger.path)))
            except sqlite3.Error:
                cached = (ledger.name, {})
            datasette._ledger_metadata = cached
        return cached[1]


@hookimpl
def extra_css_urls(database: str | None, table: str | None, datasette: Any) -> list[str]:
    ledger = views.ledger_database(datasette) if table else None
    if ledger is None or ledger.name != database:
        return []
    return [datasette.urls.static_plugins(_static_name(), "tables.css")]


@functools.lru_cache(maxsize=1)
def _static_name() -> str:
    """The name datasette mounts this plugin's static/ under: its distribution's where the package is installed
    (pr-evidence-ledger), else its module's."""
    from pathlib import Path

    from datasette.plugins import get_plugins

    here = Path(__file__).parent / "static"
    return next(
        (str(p["name"]) for p in get_plugins() if p.get("static_path") and Path(p["static_path"]) == here), __name__
    )


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
