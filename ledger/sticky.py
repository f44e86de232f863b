"""One sticky comment per pull request: the report, posted once and then updated in place.

The comment is ours when it starts with `report.MARKER` (the first line of every markdown report) AND was
written by the identity the token acts as (GraphQL `viewer`, else REST `/user`: for a workflow's GITHUB_TOKEN
the bot `github-actions[bot]`, for an App its `SLUG[bot]`): anyone can post a comment that starts with the
marker, and such a look-alike is never touched. Posting needs a token (GH_TOKEN or GITHUB_TOKEN, as `ledger fetch`
reads them); requests go through the same client, so only to the API's own origin.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from ledger.errors import FetchError, UsageError
from ledger.github.auth import resolve_auth
from ledger.github.client import GitHub
from ledger.github.pages import get_pages
from ledger.github.urls import DEFAULT_API
from ledger.identity import parse_pull
from ledger.report import MARKER, Report

COMMENT_ON: tuple[str, ...] = ("always", "change", "alert")
"""When a comment is created: always; on a change (any series that moved, any value below its reference,
any flag); on an alert (a regression or a value below its reference) only. A comment already there is always
kept up to date (a PR whose regression is fixed must not keep saying it regressed), never rewritten unchanged."""


@dataclass
class Posted:
    """What happened to the comment."""

    action: str
    """"created", "updated", "unchanged" (the same text was there) or "skipped" (comment-on said not to)."""
    comment_id: int | None
    url: str | None
    author: str | None = None
    """The identity the token acts as: only its comments were considered ours."""

    def line(self) -> str:
        if self.action == "skipped":
            return "comment skipped: nothing that --comment-on asks to comment on, and no comment of ours yet"
        return f"comment {self.action}: {self.url or self.comment_id}"


def creates_comment(report: Report, comment_on: str) -> bool:
    """Whether `report` is worth a new comment under `comment_on` (always, change or alert)."""
    if comment_on not in COMMENT_ON:
        raise UsageError(f"--comment-on {comment_on[:40]!r}: always, change or alert")
    if comment_on == "always" or report.has_regression:
        return True
    if comment_on == "alert":
        return False
    c = report.comparison
    moved = any(r.overall is not None and r.overall.verdict in ("regression", "improvement") for r in c.rows)
    return (
        moved
        or bool(report.gates)
        or any(r.verdict in ("regression", "improvement") for r in c.references)
        or any(s.moved for s in report.extra)
    )


VIEWER_QUERY = "query { viewer { login } }"


def acting_login(gh: GitHub) -> str:
    """The login the token acts as: GraphQL `viewer` (it answers for users, Apps and GITHUB_TOKEN alike), else
    REST `/user` (an Enterprise server without GraphQL); a FetchError when neither says."""
    why = ""
    try:
        viewer = gh.graphql(VIEWER_QUERY, {}).get("viewer")
        if isinstance(viewer, dict) and isinstance(viewer.get("login"), str) and viewer["login"]:
            return str(viewer["login"])
    except FetchError as exc:
        why = str(exc)
    try:
        user = gh.get_json(gh.url("user"))
        if isinstance(user, dict) and isinstance(user.get("login"), str) and user["login"]:
            return str(user["login"])
    except FetchError as exc:
        why = why or str(exc)
    raise FetchError(
        "cannot tell which comment is ours: GitHub did not say whom the token acts as" + (f" ({why})" if why else "")
    )


def _ours(comment: Any, login: str) -> bool:
    if not isinstance(comment, dict) or not isinstance(comment.get("id"), int):
        return False
    body, user = comment.get("body"), comment.get("user")
    who = user.get("login") if isinstance(user, dict) else None
    if not isinstance(body, str) or not body.lstrip("\ufeff").startswith(MARKER) or not isinstance(who, str):
        return False
    # REST names an App's comments `SLUG[bot]`; should GraphQL's viewer give the bare slug, it is the same App
    # ("[" cannot stand in a user's login, so no person's comment matches this way)
    bot = isinstance(user, dict) and user.get("type") == "Bot" and not login.endswith("[bot]")
    return who.lower() == login.lower() or (bot and who.lower() == f"{login.lower()}[bot]")


def post_sticky(
    pr: str,
    body: str,
    *,
    api_url: str | None = None,
    env: Mapping[str, str] | None = None,
    transport: httpx.BaseTransport | None = None,
    repo: str | None = None,
    create: bool = True,
) -> Posted:
    """Create the report comment on `pr` (owner/repo#N, a PR URL, #N with `repo`), or update ours there.
    `create=False`: update ours if there is one, else post nothing (comment-on said this report needs none)."""
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
        login = acting_login(gh)
        pages = get_pages(gh, gh.url(comments, {"per_page": 100}))
        mine = [c for c in pages.items if _ours(c, login)]
        if mine and str(mine[0].get("body")).replace("\r\n", "\n") == body.replace("\r\n", "\n"):
            url = mine[0].get("html_url")
            return Posted("unchanged", int(mine[0]["id"]), url if isinstance(url, str) else None, login)
        if mine:
            cid = int(mine[0]["id"])
            answer = gh.send_json("PATCH", gh.url(f"repos/{ref.repo}/issues/comments/{cid}"), {"body": body})
            action = "updated"
        elif not create:
            return Posted("skipped", None, None, login)
        else:
            answer = gh.send_json("POST", gh.url(comments), {"body": body})
            action = "created"
    if not isinstance(answer, dict) or not isinstance(answer.get("id"), int):
        raise FetchError(f"GitHub's answer to the {action} comment has no id")
    url = answer.get("html_url")
    return Posted(action, int(answer["id"]), url if isinstance(url, str) else None, login)
