"""Reading GitHub's REST API: a repository's listing of pull requests, and --since."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Literal

from ledger.errors import FetchError, UsageError
from ledger.github.client import MAX_PAGES, PER_PAGE, GitHub
from ledger.github.urls import parse_link
from ledger.identity import PullRef

State = Literal["open", "closed", "merged", "all"]
_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?")


def parse_since(text: str | None) -> str | None:
    """--since as an ISO 8601 UTC timestamp GitHub's times compare with ('2024-05-01' -> midnight UTC)."""
    if text is None:
        return None
    t = text.strip()
    if not _DATE_RE.fullmatch(t):
        raise UsageError(f"--since {text[:100]!r}: expected a date, YYYY-MM-DD (or an ISO 8601 time)")
    try:
        dt = datetime.fromisoformat(t.replace("Z", "+00:00"))
    except ValueError as exc:
        raise UsageError(f"--since {text[:100]!r}: {exc}") from None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def list_pulls(
    gh: GitHub, repo: str, state: State = "open", since: str | None = None, limit: int | None = None
) -> list[PullRef]:
    """A repository's pull requests, most recently updated first: `state` open, closed, merged or all;
    `since` an ISO time (updated at or after it); at most `limit` of them."""
    api_state = "closed" if state == "merged" else state
    url = gh.url(
        f"repos/{repo}/pulls", {"state": api_state, "sort": "updated", "direction": "desc", "per_page": PER_PAGE}
    )
    found: list[PullRef] = []
    seen: set[str] = set()
    next_url: str | None = url
    while next_url and next_url not in seen and len(seen) < MAX_PAGES:
        seen.add(next_url)
        resp = gh.get(next_url)
        body = gh.decode_json(resp, next_url)
        if not isinstance(body, list):
            raise FetchError(f"{next_url}: expected a JSON list of pull requests")
        for pr in body:
            if not isinstance(pr, dict) or not isinstance(pr.get("number"), int):
                continue
            if since and str(pr.get("updated_at") or "") < since:
                return found
            if state == "merged" and not pr.get("merged_at"):
                continue
            found.append(PullRef(repo, pr["number"]))
            if limit is not None and len(found) >= limit:
                return found
        next_url = parse_link(resp.headers.get("link")).get("next")
    return found
