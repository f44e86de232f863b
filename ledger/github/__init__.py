"""GitHub into the ledger. The public surface is this module's `__all__`; the rooms behind it:

    urls     where requests may go (the API root, its GraphQL URL, origins, Link headers)
    text     GitHub's text as stored (CRLF, lone surrogates) and as shown (`neutral`)
    auth     the token: where it comes from, how it is checked, every form of it redacted
    client   HTTP: retries, rate limits, deadlines, size caps, redirects, conditional GETs
    pages    REST listings through Link headers, each page conditional
    bulk     the bulk GraphQL reader: pages of PRs with everything, batched follow-ups
    sync     a repository's sync: backfill, incremental passes, saved place, budget
    checks   check runs and statuses as gates tied to their commit
    offline  what gh and github-to-sqlite already read
    models   pydantic models of exactly what is read of GitHub's answers
    rest     REST readers (a repository's listing)
    graphql  GraphQL readers (one description's edit history)
    store    answers into documents, one transaction per pull request
    fetch    `fetch()`, the library call behind `ledger fetch`

Exceptions are ledger.errors': FetchError (GitHub could not be asked or refused; never names a token),
RateLimited (the limit resets later than we are willing to wait), UsageError (bad arguments).
"""

from __future__ import annotations

from ledger.github.auth import Auth, resolve_auth
from ledger.github.client import GitHub
from ledger.github.fetch import ANONYMOUS_NOTE, FetchEvents, FetchResult, connect, fetch, fetch_pull
from ledger.github.graphql import description_edits
from ledger.github.pages import Pages, get_pages
from ledger.github.rest import list_pulls, parse_since
from ledger.github.urls import DEFAULT_API, graphql_url, parse_link
from ledger.identity import PullRef, parse_target

__all__ = [
    "ANONYMOUS_NOTE",
    "DEFAULT_API",
    "Auth",
    "FetchEvents",
    "FetchResult",
    "GitHub",
    "Pages",
    "PullRef",
    "connect",
    "description_edits",
    "fetch",
    "fetch_pull",
    "get_pages",
    "graphql_url",
    "list_pulls",
    "parse_link",
    "parse_since",
    "parse_target",
    "resolve_auth",
]
