"""The library call behind `ledger fetch`: pull requests from GitHub into the ledger.

    results = fetch(["NVIDIA/TensorRT-LLM#4821", "vllm-project/vllm"], "ledger.db", state="merged", limit=20)
    with connect(api_url=..., transport=httpx.MockTransport(handler)) as gh:   # a client of one's own
        fetch(["a/b#1"], "ledger.db", client=gh, events=FetchEvents(result=print))

For each pull request (REST, every GET conditional on the ETag stored in `http_cache`, so an unchanged
PR is answered 304, costs no rate limit and writes nothing):

- `GET /repos/{owner}/{repo}/pulls/{n}`: title, author, state, merge time, labels, and the head and base
  sha GitHub reports now (kept in `github_heads`, next to the revisions the text states);
- GraphQL `pullRequest.userContentEdits`: every edit of the description, stored oldest first as
  successive versions of the document `owner/repo#N`; anonymous requests cannot use GraphQL, so they
  store only the current description;
- `GET .../issues/{n}/comments`: each comment a document of its own (`owner/repo#N/comment/ID`), linked
  to the PR, with its author and time;
- `GET .../pulls/{n}/commits`: the PR's commits (`pr_commits`), so each head the text states resolves to
  "PR commit 2 of 5", "no longer in the PR" or "not a commit of this PR".

A PR's reads are stored in one transaction with their validators (`store.write_pull`): an interrupted
fetch leaves no validator behind, and a re-run fetches it again, with no gaps and no duplicates (a
version is identified by its text's sha256). One PR that fails is that PR's "error" result.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import httpx

from ledger.errors import FetchError, LedgerError, RateLimited, UsageError
from ledger.github.auth import check_transport_security, resolve_auth
from ledger.github.client import PER_PAGE, GitHub
from ledger.github.graphql import description_edits
from ledger.github.models import validated
from ledger.github.pages import get_pages
from ledger.github.rest import State, list_pulls, parse_since
from ledger.github.result import FetchResult, pull_result
from ledger.github.store import (
    Edit,
    PullWrite,
    commit_row,
    description_versions,
    issue_comments,
    valid_commit,
    write_pull,
)
from ledger.github.text import neutral
from ledger.github.urls import DEFAULT_API, check_api_url
from ledger.identity import PullRef, parse_target

if TYPE_CHECKING:
    from sqlite_utils import Database

    from ledger.db.pulls import CacheEntry
    from ledger.github.sync import SyncSummary

PULL_DEADLINE = 300.0
"""Seconds one pull request's requests may take together (its description, edits, comment pages, commits,
checks), however many there are: a server answering each slowly costs this PR a line, not the run an hour."""
ANONYMOUS_NOTE = (
    "no GitHub token (GH_TOKEN, GITHUB_TOKEN or `gh auth token`): anonymous requests are limited "
    "to 60 an hour, and the description's edit history (GraphQL) needs a token, so only the "
    "current description is stored"
)


def fetch_pull(
    gh: GitHub, db: Database, ref: PullRef, *, comments: bool = True, parser_version: str | None = None
) -> FetchResult:
    """Fetch one pull request through REST and store what changed, all of it in one transaction (or nothing)."""
    from ledger.db.pulls import CacheEntry, cache_get, known_document
    from ledger.ingest.prepare import parser_version as current_parser_version

    pv = parser_version or current_parser_version()
    key = ref.key
    known = known_document(db, key)
    w = PullWrite(ref)
    wanted_note = "history" if gh.can_graphql else "body"
    pull_url = gh.url(f"repos/{ref.repo}/pulls/{ref.number}")
    cached = cache_get(db, pull_url) if known is not None else None
    if cached is not None and cached.note != wanted_note and wanted_note == "history":
        cached = None  # stored without its edit history: fetch it in full now that a token allows
    resp = gh.get(pull_url, cached)
    if resp.status_code == 304 and cached is not None:
        w.entries.append(cached)
    else:
        body = gh.decode_json(resp, pull_url)
        if not isinstance(body, dict) or not isinstance(body.get("number"), int):
            raise FetchError(f"{pull_url}: not a pull request")
        w.data = validated("Pull", body, pull_url)
        edits, history = _edit_history(gh, ref, w.warnings)
        w.versions = description_versions(ref, w.data, edits, history, pv, w.warnings)
        w.entries.append(
            CacheEntry(
                pull_url,
                resp.headers.get("etag"),
                resp.headers.get("last-modified"),
                None,
                "history" if history else "body",
            )
        )

    def cache(u: str) -> CacheEntry | None:
        return cache_get(db, u) if known is not None else None

    if comments:
        pages = get_pages(
            gh, gh.url(f"repos/{ref.repo}/issues/{ref.number}/comments", {"per_page": PER_PAGE}), cache=cache
        )
        w.entries.extend(pages.entries)
        if pages.changed:
            w.conversation = issue_comments(ref, pages.items, pv, w.warnings)
    commit_pages = get_pages(
        gh, gh.url(f"repos/{ref.repo}/pulls/{ref.number}/commits", {"per_page": PER_PAGE}), cache=cache
    )
    w.entries.extend(commit_pages.entries)
    if commit_pages.changed:
        w.commits = [
            commit_row(c) for c in (valid_commit(raw, key, w.warnings) for raw in commit_pages.items) if c is not None
        ]

    if w.data is None and w.conversation is None and w.commits is None:
        return pull_result(db, key, "unchanged", int((known or {}).get("id") or 0), 0, 0, w.warnings)
    written = write_pull(db, w, known)
    return pull_result(
        db, key, written.status, written.document_id, written.new_versions, written.new_comments, w.warnings
    )


def _edit_history(gh: GitHub, ref: PullRef, warnings: list[str]) -> tuple[list[Edit], bool]:
    """The description's edits when a token allows (GraphQL), and whether they were read; when GraphQL
    refuses, none, with a warning (the current body alone is stored)."""
    if not gh.can_graphql:
        return [], False
    try:
        return description_edits(gh, ref, warnings), True
    except RateLimited:
        raise
    except FetchError as exc:
        warnings.append(f"edit history unavailable ({exc}); stored the current description only")
        return [], False


def _ignore(*_args: object) -> None:
    return None


@dataclass
class FetchEvents:
    """What a fetch tells its caller while it runs (the CLI's bar and lines); every hook is optional.

    note(text)                    a note on the whole run (no token: only current descriptions)
    start(n)                      n pull requests are about to be fetched one by one
    result(FetchResult)           one pull request read (or failed), as soon as it is stored
    summary(SyncSummary)          one repository synced through bulk GraphQL
    progress(done, total, sum)    that sync's progress, page by page
    """

    note: Callable[[str], None] = _ignore
    start: Callable[[int], None] = _ignore
    result: Callable[[FetchResult], None] = _ignore
    summary: Callable[[SyncSummary], None] = _ignore
    progress: Callable[[int, int | None, SyncSummary], None] = _ignore


def connect(
    api_url: str | None = None,
    env: Mapping[str, str] | None = None,
    *,
    transport: httpx.BaseTransport | None = None,
    sleep: Callable[[float], None] | None = None,
    clock: Callable[[], float] | None = None,
    max_tries: int = 5,
    max_wait: float = 900.0,
) -> GitHub:
    """A client for the API at `api_url` (else LEDGER_GITHUB_API, else https://api.github.com) with the token
    `env` names (GH_TOKEN, GITHUB_TOKEN, else `gh auth token`); refuses a token over plain http. `transport`,
    `sleep` and `clock` are for tests (httpx.MockTransport, no real waits)."""
    env = os.environ if env is None else env
    api = check_api_url(api_url or env.get("LEDGER_GITHUB_API") or DEFAULT_API)
    auth = resolve_auth(env, api_url=api)
    check_transport_security(api, auth)
    return GitHub(
        api, auth, transport=transport, sleep=sleep, clock=clock or time.time, max_tries=max_tries, max_wait=max_wait
    )


def fetch(
    targets: Sequence[str],
    db: str | os.PathLike[str],
    *,
    client: GitHub | None = None,
    state: State = "open",
    since: str | None = None,
    limit: int | None = None,
    comments: bool = True,
    rest: bool = False,
    events: FetchEvents | None = None,
    window_days: int | None = None,
) -> list[FetchResult]:
    """Fetch pull requests (`owner/repo#N`, PR URLs, or `owner/repo` for a listing) into the ledger at `db`,
    through `client` (else `connect()`'s, closed at the end).

    `owner/repo` with a token is synced through bulk GraphQL (`sync.sync_repo`: every PR the first time,
    what changed since after; one `events.summary` per repository); without a token, or with `rest`,
    its PRs are listed and fetched one at a time through REST, as named PRs always are. `window_days`: of
    `owner/repo`, only PRs updated in that many days, the sync still incremental (`sync_repo`'s window).

    One result per pull request read; a PR that fails is an "error" result and the rest still go in.
    Raises only for what stops everything: bad arguments (UsageError), a bad ledger file, or a listing
    that cannot be read.
    """
    from ledger.db import open_database

    if not targets:
        raise UsageError("nothing to fetch: give OWNER/REPO#N, a pull-request URL, or OWNER/REPO")
    if state not in ("open", "closed", "merged", "all"):
        raise UsageError(f"--state {state!r}: expected open, closed, merged or all")
    if limit is not None and limit <= 0:
        raise UsageError(f"--limit {limit}: expected a positive number")
    if window_days is not None and (window_days <= 0 or since is not None or limit is not None):
        raise UsageError(
            f"--window {window_days}: expected a positive number of days, and no --since or --limit "
            "beside it (they read once and keep no place)"
        )
    since_iso = parse_since(since)
    parsed = [parse_target(t) for t in targets]
    events = events or FetchEvents()
    gh = client or connect()
    if gh.auth.anonymous:
        events.note(ANONYMOUS_NOTE)
    ledger_db = open_database(db)
    try:
        return _fetch_all(gh, ledger_db, parsed, state, since_iso, limit, comments, rest, events, window_days)
    finally:
        ledger_db.close()
        if client is None:
            gh.close()


def _fetch_all(
    gh: GitHub,
    ledger_db: Database,
    parsed: list[PullRef | str],
    state: State,
    since_iso: str | None,
    limit: int | None,
    comments: bool,
    rest: bool,
    events: FetchEvents,
    window_days: int | None = None,
) -> list[FetchResult]:
    from ledger.github.sync import sync_repo
    from ledger.ingest.prepare import parser_version

    results: list[FetchResult] = []

    def collect(r: FetchResult) -> None:
        results.append(r)
        events.result(r)

    version = parser_version()
    refs: list[PullRef] = []
    for t in parsed:
        if isinstance(t, str) and gh.can_graphql and not rest:
            try:
                summary = sync_repo(
                    gh,
                    ledger_db,
                    t,
                    state=state,
                    since=since_iso,
                    limit=limit,
                    parser_version=version,
                    max_wait=gh.max_wait,
                    on_result=collect,
                    on_progress=events.progress,
                    window_days=window_days,
                )
            except FetchError as exc:
                raise FetchError(neutral(gh.auth.redact(f"syncing {t}: {exc}"))) from None
            events.summary(summary)
            continue
        if window_days is not None and since_iso is None:  # REST keeps no place: the window is a --since
            from datetime import datetime, timedelta, timezone

            since_iso = (datetime.now(timezone.utc) - timedelta(days=window_days)).strftime("%Y-%m-%dT%H:%M:%SZ")
        try:
            found = [t] if isinstance(t, PullRef) else list_pulls(gh, t, state, since_iso, limit)
        except LedgerError as exc:
            raise FetchError(gh.auth.redact(f"listing {t}: {exc}")) from None
        refs.extend(found)
    refs = list(dict.fromkeys(refs))  # each PR once, in the order first named
    if refs:
        events.start(len(refs))
    stopped = False
    for ref in refs:
        if stopped:
            result = FetchResult(ref.key, "error", error="not fetched: the rate limit is spent", rate_limited=True)
        else:
            result = _fetch_one(gh, ledger_db, ref, comments, version)
            stopped = result.rate_limited
        collect(result)
    return results


def _fetch_one(gh: GitHub, db: Database, ref: PullRef, comments: bool, version: str) -> FetchResult:
    """One PR's fetch; whatever goes wrong costs this PR one line (redacted, neutralised), never the run."""
    rate_limited = False
    try:
        with gh.budget(PULL_DEADLINE):
            return fetch_pull(gh, db, ref, comments=comments, parser_version=version)
    except RateLimited as exc:
        message, rate_limited = str(exc), True
    except LedgerError as exc:
        message = str(exc)
    except httpx.HTTPError as exc:
        message = f"{type(exc).__name__}: {exc}"
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as exc:  # not GitHub's documented shape
        message = f"unexpected answer from GitHub ({type(exc).__name__}: {exc})"
    return FetchResult(ref.key, "error", error=neutral(gh.auth.redact(message))[:500], rate_limited=rate_limited)
