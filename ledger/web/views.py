"""One handler per page: read the request, compute the page's data (ledger.web.data) on the server's read-only
connection, render its template. A missing thing is a one-line 404, a bad argument a 400 page with one line.
Each page but the claim's redirect has a `.json` twin (`/-/ledger/compare.json?target=...`), as datasette's tables
do: the data the page shows, from the results' `to_dict()`; its errors are JSON (`{"ok": false, "error": ...,
"status": 404}`) with the page's status.

Every template autoescapes: document text (titles, metrics, claim text, lines of the stored text) is only ever
printed as text. The one piece of markup a handler hands to a template is the SVG of ledger.web.svg, which
escapes every text it draws.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import unquote

from datasette.utils.asgi import Response
from markupsafe import Markup

from ledger.api import Ledger
from ledger.errors import LedgerError
from ledger.neutral import page_text
from ledger.output.rows import dumps_indented
from ledger.web import data, document_page

T = TypeVar("T")
_LEDGER_SQL = "SELECT 1 FROM _sqlite_migrations WHERE migration_set = 'ledger' LIMIT 1"


def is_ledger(conn: sqlite3.Connection) -> bool:
    """Whether this connection's database holds the ledger (its migrations are recorded)."""
    try:
        return conn.execute(_LEDGER_SQL).fetchone() is not None
    except sqlite3.Error:
        return False


def ledger_database(datasette: Any) -> Any:
    """The first of datasette's databases that is a ledger (`ledger serve` has exactly one)."""
    cached = getattr(datasette, "_ledger_database", None)
    if cached is not None and cached in datasette.databases:
        return datasette.databases[cached]
    # the metadata hook asks on every page: a database found not to be a ledger is not opened again
    others: set[str] = datasette.__dict__.setdefault("_ledger_others", set())
    for name, db in datasette.databases.items():
        if not getattr(db, "path", None) or name in others:
            continue
        try:
            conn = sqlite3.connect(f"file:{db.path}?mode=ro", uri=True)
            try:
                found = is_ledger(conn)
            finally:
                conn.close()
        except sqlite3.Error:
            found = False
        if found:
            datasette._ledger_database = name
            return db
        others.add(name)
    return None


async def _run(datasette: Any, fn: Callable[[Ledger], T]) -> T:
    """fn(the open ledger) in datasette's database thread: datasette's read-only connection wrapped as the ledger
    every library call takes, so a page's report, comparison and trend read through it (and never close it)."""
    db = ledger_database(datasette)
    if db is None:
        raise data.NotFound("none of the databases served here is a ledger")
    return await db.execute_fn(lambda conn: fn(Ledger(db.path, reader=conn)))


JSON_TYPE = "application/json; charset=utf-8"


def is_twin(request: Any) -> bool:
    """Whether the request asks for a page's `.json` twin (the routes capture the suffix as `format`)."""
    return (request.url_vars or {}).get("format") == ".json"


def twin_href(request: Any) -> str:
    """The page's `.json` twin: its path with `.json`, the same query."""
    query = request.query_string
    return request.path.rstrip("/") + ".json" + (f"?{query}" if query else "")


def _json(value: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """JSON as the CLI writes it (non-ASCII kept, what a terminal acts on escaped), one line."""
    return Response(dumps_indented(value, indent=None), status=status, headers=headers, content_type=JSON_TYPE)


def _failed(twin: bool, status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    """An error as one line of text (a page's 404 and 405) or, for a twin, JSON as datasette's errors are. What
    was asked came from the path: a U+202E or an escape in it is shown as U+FFFD, as on every page (the jinja
    finalize does not see these responses)."""
    message = str(page_text(message))
    if twin:
        return _json({"ok": False, "error": message, "status": status}, status, headers)
    return Response.text(f"{message}\n", status=status, headers=headers)


def _refused(request: Any) -> Response | None:
    """The ledger's pages only read: anything but GET and HEAD is refused before any work."""
    if request.method in ("GET", "HEAD"):
        return None
    message = "the ledger is served read-only: only GET and HEAD"
    return _failed(is_twin(request), 405, message, {"Allow": "GET, HEAD"})


async def _page(
    datasette: Any,
    request: Any,
    template: str,
    fn: Callable[[Ledger], dict[str, Any]],
    title: str,
    twin: Callable[[Ledger], Any] | None = None,
) -> Response:
    """The page, or with `.json` its twin: `twin`'s data (else the page's own, when it is plain data already)."""
    refused = _refused(request)
    if refused is not None:
        return refused
    as_json = is_twin(request)
    try:
        if as_json:
            return _json(await _run(datasette, twin or fn))
        context = await _run(datasette, fn)
    except data.NotFound as exc:
        return _failed(as_json, 404, str(exc))
    except (LedgerError, sqlite3.Error) as exc:
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if as_json:
            return _failed(True, 400, message)
        body = await datasette.render_template(
            "ledger_error.html", {"message": message, "title": title, "request_args": _args(request)}, request=request
        )
        return Response.html(body, status=400)
    context.update(
        title=title,
        prefix=data.PREFIX,
        svg=lambda s: Markup(s),
        request_args=_args(request),
        json_href=twin_href(request),
    )
    return Response.html(await datasette.render_template(template, context, request=request))


def _args(request: Any) -> dict[str, list[str]]:
    return {k: request.args.getlist(k) for k in request.args}


def _one(request: Any, name: str) -> str:
    return (request.args.get(name) or "").strip()


async def index(request: Any, datasette: Any) -> Response:
    db = ledger_database(datasette)
    table = datasette.urls.table(db.name, "documents") if db is not None else None
    return await _page(
        datasette, request, "ledger_index.html", lambda book: data.index_page(book.reader, table), "The ledger"
    )


async def pr(request: Any, datasette: Any) -> Response:
    v = request.url_vars
    owner, name, number = unquote(v["owner"]), unquote(v["name"]), int(v["number"])
    return await _page(
        datasette,
        request,
        "ledger_pr.html",
        lambda book: data.pr_page(book, f"{owner}/{name}", number),
        f"{owner}/{name}#{number}",
        lambda book: data.pr_data(book, f"{owner}/{name}", number),
    )


async def doc(request: Any, datasette: Any) -> Response:
    v = request.url_vars
    document_id, version = int(v["document_id"]), int(v["version"])
    span = data.parse_span(request.args.get("hl"))
    at = request.args.get("from") or ""
    start = int(at) if at.isdigit() and len(at) <= 9 else None
    return await _page(
        datasette,
        request,
        "ledger_doc.html",
        lambda book: document_page.doc_page(book.reader, document_id, version, span, start),
        f"document {document_id} v{version}",
        lambda book: document_page.doc_data(book.reader, document_id, version, span, start),
    )


async def claim(request: Any, datasette: Any) -> Response:
    claim_id = int(request.url_vars["claim_id"])
    refused = _refused(request)
    if refused is not None:
        return refused
    try:
        target = await _run(datasette, lambda book: data.claim_target(book.reader, claim_id))
    except data.NotFound as exc:
        return _failed(False, 404, str(exc))
    return Response.redirect(target)


async def compare(request: Any, datasette: Any) -> Response:
    targets = request.args.getlist("target")
    from_, to = _one(request, "from") or None, _one(request, "to") or None
    return await _page(
        datasette,
        request,
        "ledger_compare.html",
        lambda book: data.compare_page(book, targets, from_, to),
        "compare " + " ".join(targets),
        lambda book: data.compare_data(book, targets, from_, to),
    )


async def trend(request: Any, datasette: Any) -> Response:
    metric = _one(request, "metric")
    where = [w for w in request.args.getlist("where") if w.strip()]
    targets = [t for t in request.args.getlist("target") if t.strip()]
    return await _page(
        datasette,
        request,
        "ledger_trend.html",
        lambda book: data.trend_page(book, metric, where, targets),
        f"trend {metric}",
        lambda book: data.trend_data(book, metric, where, targets),
    )


async def support(request: Any, datasette: Any) -> Response:
    subject, feature = _one(request, "subject"), _one(request, "feature")
    return await _page(
        datasette,
        request,
        "ledger_support.html",
        lambda book: data.support_page(book, subject, feature),
        "support",
        lambda book: data.support_data(book, subject, feature),
    )
