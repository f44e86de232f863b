"""One sticky comment per pull request: the report, posted once and then updated in place.

The comment is found by `report.MARKER`, the first line of every markdown report; a comment that does
not start with it is never touched. Posting needs a token (GH_TOKEN or GITHUB_TOKEN, as `ledger fetch`
reads them); requests go through the same client, so only to the API's own origin.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

import httpx

from ledger.errors import FetchError
from ledger.github.auth import resolve_auth
from ledger.github.client import GitHub
from ledger.github.pages import get_pages
from ledger.github.urls import DEFAULT_API
from ledger.identity import parse_pull
from ledger.report import MARKER


@dataclass
class Posted:
    """What happened to the comment."""

    action: str
    """"created" or "updated"."""
    comment_id: int
    url: str | None


def post_sticky(pr: str, body: str, *, api_url: str | None = None, env: Mapping[str, str] | None = None,
                transport: httpx.BaseTransport | None = None, repo: str | None = None) -> Posted:
    """Create the report comment on `pr` (owner/repo#N, a PR URL, #N with `repo`), or update the one there."""
    if not body.startswith(MARKER):
        raise FetchError("refusing to post: the body is not a ledger report (it does not start with the marker)")
    env = os.environ if env is None else env
    ref = parse_pull(pr, repo)
    api = api_url or env.get("LEDGER_GITHUB_API") or DEFAULT_API
    auth = resolve_auth(env, gh=None, api_url=api)
    if auth.anonymous:
        raise FetchError("posting the report needs a token (GH_TOKEN or GITHUB_TOKEN)")
    with GitHub(api, auth, transport=transport) as gh:
        comments = f"repos/{ref.repo}/issues/{ref.number}/comments"
        pages = get_pages(gh, gh.url(comments, {"per_page": 100}))
        mine = [c for c in pages.items if isinstance(c, dict) and isinstance(c.get("body"), str)
                and c["body"].lstrip("\ufeff").startswith(MARKER) and isinstance(c.get("id"), int)]
        if mine:
            cid = int(mine[0]["id"])
            answer = gh.send_json("PATCH", gh.url(f"repos/{ref.repo}/issues/comments/{cid}"), {"body": body})
            action = "updated"
        else:
            answer = gh.send_json("POST", gh.url(comments), {"body": body})
            action = "created"
    if not isinstance(answer, dict) or not isinstance(answer.get("id"), int):
        raise FetchError(f"GitHub's answer to the {action} comment has no id")
    url = answer.get("html_url")
    return Posted(action, int(answer["id"]), url if isinstance(url, str) else None)
