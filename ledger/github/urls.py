"""Where requests may go, and how GitHub's words are shown: the API root, its GraphQL URL, origins,
`Link` headers, and the one-line neutraliser for anything GitHub says."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import httpx

from ledger.errors import UsageError

DEFAULT_API = "https://api.github.com"
_LINK_RE = re.compile(r'<([^<>\s]{1,4000})>\s{0,10};\s{0,10}rel="([a-z]{1,20})"')


def graphql_url(api_url: str) -> str:
    """api.github.com -> api.github.com/graphql; GitHub Enterprise's /api/v3 -> /api/graphql."""
    base = api_url.rstrip("/")
    if base.endswith("/api/v3"):
        return base[: -len("/v3")] + "/graphql"
    return base + "/graphql"


def check_api_url(api_url: str) -> str:
    """The API root, refused when it is not http(s) or carries credentials (they would be stored)."""
    parts = urlsplit(api_url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(f"--api-url {api_url[:200]!r}: expected an http(s) URL such as {DEFAULT_API}")
    if parts.username or parts.password:
        raise UsageError("--api-url must not carry credentials; give a token in GH_TOKEN or GITHUB_TOKEN")
    if parts.query or parts.fragment:
        raise UsageError(f"--api-url {api_url[:200]!r}: no query or fragment, only the API root")
    return api_url.strip().rstrip("/")


def parse_link(header: str | None) -> dict[str, str]:
    """A `Link` header as {rel: url}: `<https://...&page=2>; rel="next", <...>; rel="last"`."""
    if not header:
        return {}
    return {m.group(2): m.group(1) for m in _LINK_RE.finditer(header[:20_000])}


def origin(url: str) -> tuple[str, str, int]:
    """A URL's (scheme, host, port), the port filled in (443 for https, 80 for http)."""
    try:
        u = httpx.URL(url)
    except (httpx.InvalidURL, TypeError, ValueError):
        return ("", "", 0)
    port = u.port or {"https": 443, "http": 80}.get(u.scheme, 0)
    return (u.scheme.lower(), (u.host or "").lower().rstrip("."), port)
