"""Paginated REST listings read through `Link: rel="next"` headers, every page conditional on its stored
validator; each next link passes the client's origin check like any request."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ledger.errors import FetchError
from ledger.github.client import MAX_PAGES, PER_PAGE, GitHub
from ledger.github.urls import parse_link

if TYPE_CHECKING:
    from ledger.db.pulls import CacheEntry


@dataclass
class Pages:
    """A paginated listing read with conditional requests."""

    items: list[Any] = field(default_factory=list)
    entries: list[CacheEntry] = field(default_factory=list)
    changed: bool = False
    """Some page was answered 200 (not 304)."""


def get_pages(gh: GitHub, url: str, cache: Callable[[str], CacheEntry | None] | None = None) -> Pages:
    """Every page from `url`, following `Link: rel="next"`. With `cache`, each page is conditional: a 304
    page's items are already stored, and its next page comes from the 304's Link header or the cache."""
    from ledger.db.pulls import CacheEntry

    out = Pages()
    seen: set[str] = set()
    next_url: str | None = url
    while next_url and next_url not in seen and len(seen) < MAX_PAGES:
        page_url = next_url
        seen.add(page_url)
        cached = cache(page_url) if cache is not None else None
        resp = gh.get(page_url, cached)
        links = parse_link(resp.headers.get("link"))
        if resp.status_code == 304 and cached is not None:
            next_url = links.get("next") or cached.next_url or _next_if_full(page_url, cached.note)
            out.entries.append(
                CacheEntry(
                    page_url, cached.etag, cached.last_modified, links.get("next") or cached.next_url, cached.note
                )
            )
            continue
        body = gh.decode_json(resp, page_url)
        if not isinstance(body, list):
            raise FetchError(gh.auth.redact(f"{page_url}: expected a JSON list"))
        out.items.extend(body)
        out.changed = True
        next_url = links.get("next")
        out.entries.append(
            CacheEntry(
                page_url, resp.headers.get("etag"), resp.headers.get("last-modified"), next_url, f"{len(body)} items"
            )
        )
    return out


def _next_if_full(url: str, note: str | None) -> str | None:
    """A full page stored without a next link may have grown one: ask for the page after it."""
    if note != f"{PER_PAGE} items":
        return None
    m = re.search(r"([?&])page=(\d{1,6})(?=&|$)", url)
    if m:
        return url[: m.start(2)] + str(int(m.group(2)) + 1) + url[m.end(2) :]
    return url + ("&" if "?" in url else "?") + "page=2"
