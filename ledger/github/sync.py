"""A repository's pull requests through bulk GraphQL, a backfill once and incremental syncs after.

    summary = sync_repo(gh, db, "vllm-project/vllm", state="all", parser_version=pv)

Pages of PRs come newest update first (`bulk.PAGE_QUERY`). Where a sync stands is kept per repository
and --state in `github_sync` (migration 0007):
- `newest_updated_at`, the newest update the last complete pass saw: a later sync reads from the top
  and stops at the first PR updated before it, so an unchanged repository costs one request and N
  edited PRs about N/50 + 2;
- `cursor` and `cursor_top`, an unfinished pass (interrupted, or stopped by the rate limit): the next
  run first reads from the top down to `cursor_top` (what changed meanwhile), then on from `cursor`.
The state is written after each page, once that page's PRs are committed (each PR in its own
transaction), so an interrupted run keeps what it finished and a re-run goes on from there. A PR
stored with the same `updatedAt` GitHub reports is unchanged and not read again. A run with --since or
--limit reads what it is asked and leaves the state as it was.

Budget: each answer's `rateLimit { cost remaining resetAt }` is read; before a query that would spend
more than is left, the sync waits for the reset when it comes within `max_wait`, else stops with its
place saved and says when to run again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from ledger.errors import FetchError, InputError, LedgerError, RateLimited, UsageError
from ledger.github import bulk
from ledger.github.checks import checks_key, checks_version
from ledger.github.client import GitHub
from ledger.github.models import validated
from ledger.github.result import FetchResult, pull_result
from ledger.github.store import (
    Conversation,
    Edit,
    PullWrite,
    commit_row,
    description_versions,
    issue_comments,
    login,
    number_of,
    prepare_text,
    valid_commit,
    write_pull,
)
from ledger.github.text import neutral, normalise
from ledger.identity import PullRef, review_comment_key, review_key

if TYPE_CHECKING:
    from sqlite_utils import Database


STATES: dict[str, list[str] | None] = {
    "open": ["OPEN"],
    "closed": ["CLOSED", "MERGED"],
    "merged": ["MERGED"],
    "all": None,
}
FIRST_PAGE = 10
"""The first page of an incremental pass: it usually holds everything that changed (1 point)."""


@dataclass
class SyncSummary:
    """The end-of-run line of a repository's sync."""

    repo: str
    new: int = 0
    changed: int = 0
    unchanged: int = 0
    failed: int = 0
    requests: int = 0
    points: int = 0
    remaining: int | None = None
    reset_at: str | None = None
    total: int | None = None
    stopped: str | None = None
    """Why the run stopped before the end (the rate limit), and how to continue."""
    retry_from: str | None = None
    """The oldest updatedAt of a PR that failed: the next sync reads down to it again."""

    def failed_at(self, updated_at: Any) -> None:
        self.failed += 1
        if isinstance(updated_at, str) and (self.retry_from is None or updated_at < self.retry_from):
            self.retry_from = updated_at

    @property
    def read(self) -> int:
        return self.new + self.changed

    def line(self) -> str:
        per = f" ({self.points / self.read:.3f} a PR read)" if self.read else ""
        left = f"; {self.remaining:,} points left" if self.remaining is not None else ""
        reset = f", the limit resets at {_clock(self.reset_at)}" if self.reset_at else ""
        failed = f", {self.failed} failed" if self.failed else ""
        return (
            f"{self.repo}: {self.new} new, {self.changed} changed, {self.unchanged} unchanged pull requests"
            f"{failed}; {_n(self.requests, 'request')}, {_n(self.points, 'point')}{per}{left}{reset}"
        )


def _n(count: int, word: str) -> str:
    return f"{count:,} {word}{'s' if count != 1 else ''}"


def _clock(iso: str) -> str:
    try:
        return datetime.strptime(iso, "%Y-%m-%dT%H:%M:%SZ").strftime("%H:%M UTC")
    except ValueError:
        return neutral(iso)[:40]


class _Budget:
    """Points spent and left, from each answer's rateLimit; waits for the reset or stops before a query
    that would spend more than is left."""

    def __init__(self, gh: GitHub, summary: SyncSummary, max_wait: float) -> None:
        self.gh, self.summary, self.max_wait = gh, summary, max_wait

    def answered(self, a: bulk.Answer) -> None:
        self.summary.requests += 1
        self.summary.points += a.cost
        if a.remaining is not None:
            self.summary.remaining = a.remaining
        if a.reset_at:
            self.summary.reset_at = a.reset_at

    def before(self, cost: int) -> None:
        left = self.summary.remaining
        if left is None or left >= cost:
            return
        reset = _epoch(self.summary.reset_at)
        wait = (reset - self.gh.clock() + 1) if reset is not None else None
        if wait is not None and wait <= self.max_wait:
            self.gh.sleep(max(0.0, wait))
            self.summary.remaining = None
            return
        when = _clock(self.summary.reset_at) if self.summary.reset_at else "later"
        raise RateLimited(
            f"the GraphQL rate limit has {left} points left, fewer than the next query's {cost}, "
            f"and resets at {when}: stopped with the place saved; run the same command again then "
            "to continue"
        )


def _days_before(now: float, days: int) -> str:
    return datetime.fromtimestamp(now - days * 86400, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _epoch(iso: str | None) -> float | None:
    if not iso:
        return None
    try:
        return datetime.strptime(iso, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp()
    except ValueError:
        return None


def sync_repo(
    gh: GitHub,
    db: Database,
    repo: str,
    *,
    state: str = "all",
    since: str | None = None,
    limit: int | None = None,
    parser_version: str,
    max_wait: float = 900.0,
    on_result: Callable[[FetchResult], None] | None = None,
    on_progress: Callable[[int, int | None, SyncSummary], None] | None = None,
    window_days: int | None = None,
) -> SyncSummary:
    """Read `repo`'s pull requests that changed since the last sync (all of them the first time) and store
    them; one result per PR read (new, updated, or an error of that PR), a summary for the run.

    `window_days`: only PRs updated in that many days, yet incremental like a whole sync (its place is kept
    apart, per window): a repository's recent main line without reading its whole history first."""
    from ledger.db.pulls import SyncState, immediate, save_sync_state, stored_updated_at, sync_state

    owner, name = repo.split("/", 1)
    summary = SyncSummary(repo)
    budget = _Budget(gh, summary, max_wait)
    keep_state = since is None and limit is None
    scope = state
    if window_days is not None:
        if not keep_state:
            raise UsageError(f"{repo}: a window keeps its place, so it goes with neither since nor limit")
        since = _days_before(gh.clock(), window_days)
        scope = f"{state}, last {window_days} days"
    st = sync_state(db, repo, scope)
    resuming = st.cursor is not None
    run_top: str | None = None
    passes: list[tuple[str | None, str | None, bool]] = [
        (None, st.cursor_top if resuming else st.newest_updated_at, not resuming)
    ]
    if resuming:
        passes.append((st.cursor, st.newest_updated_at, True))
    seen = 0
    try:
        for start, mark, saves in passes:
            cursor, first = start, (FIRST_PAGE if mark or limit or since else bulk.MAX_PAGE)
            while True:
                if limit is not None:
                    first = max(1, min(first, limit - seen))
                budget.before(bulk.page_cost(first))
                data, broken = _page(gh, budget, owner, name, first, cursor, state)
                repository = data.get("repository")
                if not isinstance(repository, dict):
                    raise FetchError(f"{repo}: GraphQL knows no such repository (or the token cannot see it)")
                conn = repository.get("pullRequests")
                if not isinstance(conn, dict):
                    raise FetchError(f"{repo}: the GraphQL answer holds no pullRequests")
                if summary.total is None and isinstance(conn, dict) and isinstance(conn.get("totalCount"), int):
                    summary.total = conn["totalCount"]
                nodes, next_cursor = bulk.connection_nodes(conn)
                stop, wanted = False, []
                for i, node in enumerate(nodes):
                    upd = node.get("updatedAt") if isinstance(node, dict) else None
                    if i in broken or not isinstance(upd, str) or not isinstance(node.get("number"), int):
                        _failed(repo, node, broken.get(i) or "GraphQL gave no number or updatedAt", summary, on_result)
                        continue
                    if run_top is None:
                        run_top = upd
                    if (mark and upd < mark) or (since and upd < since) or (limit is not None and seen >= limit):
                        stop = True
                        break
                    seen += 1
                    wanted.append(node)
                stored = stored_updated_at(db, [PullRef(repo, n["number"]).key for n in wanted])
                fresh = [n for n in wanted if stored.get(PullRef(repo, n["number"]).key) != n["updatedAt"]]
                summary.unchanged += len(wanted) - len(fresh)
                _read_and_store(gh, db, repo, fresh, stored, parser_version, budget, summary, on_result)
                if on_progress is not None:  # of the repository's total only when the whole of it is read
                    on_progress(seen, None if mark or since or limit else summary.total, summary)
                if stop or not next_cursor or (limit is not None and seen >= limit):
                    break
                cursor = next_cursor
                if keep_state and saves:
                    with immediate(db):
                        save_sync_state(
                            db,
                            repo,
                            scope,
                            SyncState(st.newest_updated_at, cursor, st.cursor_top if resuming else run_top),
                        )
                first = min(bulk.MAX_PAGE, first * 2)
        if keep_state:
            newest = run_top or st.newest_updated_at
            if summary.retry_from is not None and (newest is None or summary.retry_from < newest):
                newest = summary.retry_from  # a PR that failed is read again next time, not left behind
            with immediate(db):
                save_sync_state(db, repo, scope, SyncState(newest, None, None))
    except RateLimited as exc:
        summary.stopped = gh.auth.redact(str(exc))
    return summary


def _page(
    gh: GitHub, budget: _Budget, owner: str, name: str, first: int, cursor: str | None, state: str
) -> tuple[dict[str, Any], dict[int, str]]:
    """One page of PRs, and which of its PRs GitHub could not give whole (index -> message). A page that
    fails (GitHub's 10-second timeout answers 502) is asked again at half the size, down to 5 PRs."""
    while True:
        try:
            data, errors = gh.graphql_partial(
                bulk.PAGE_QUERY,
                {"owner": owner, "name": name, "first": first, "after": cursor, "states": STATES[state]},
            )
            break
        except RateLimited:
            raise
        except FetchError:
            if first <= 5:
                raise
            first = max(5, first // 2)
            budget.before(bulk.page_cost(first))
    budget.answered(bulk.rate_of(data))
    broken: dict[int, str] = {}
    for path, message in errors:
        if path[:3] == ("repository", "pullRequests", "nodes") and len(path) > 3 and isinstance(path[3], int):
            broken.setdefault(path[3], message)  # that PR's data is incomplete: it costs itself
        elif path and path[0] != "rateLimit":
            raise FetchError(message)
    return data, broken


def _failed(
    repo: str, node: Any, message: str, summary: SyncSummary, on_result: Callable[[FetchResult], None] | None
) -> None:

    number = node.get("number") if isinstance(node, dict) else None
    ref = f"{repo}#{number}" if isinstance(number, int) else f"{repo}#?"
    summary.failed_at(node.get("updatedAt") if isinstance(node, dict) else None)
    if on_result is not None:
        on_result(FetchResult(ref, "error", error=neutral(message)[:500]))


def _read_and_store(
    gh: GitHub,
    db: Database,
    repo: str,
    nodes: list[dict[str, Any]],
    stored: dict[str, Any],
    pv: str,
    budget: _Budget,
    summary: SyncSummary,
    on_result: Callable[[FetchResult], None] | None,
) -> None:
    """The page's changed PRs: their follow-ups read (review comments, connections past 100), then each
    stored in its own transaction; one malformed PR is that PR's error result."""
    from ledger.db.pulls import known_document

    gathered: dict[str, bulk.Gathered] = {}
    todo: list[bulk.Continuation] = []
    for node in nodes:
        g, more = bulk.gather_page_pull(node)
        gathered[str(node.get("id"))] = g
        todo += more
    reviews: dict[str, list[Any]] = {}

    def answered(a: bulk.Answer) -> None:
        budget.answered(a)

    review_ids = [rid for g in gathered.values() for rid in bulk.review_ids(g)]
    if review_ids:
        budget.before(1)
        bulk.read_review_comments(gh, review_ids, reviews, todo, answered)
    if todo:
        budget.before(1)
        bulk.continue_all(gh, todo, gathered, reviews, answered)
    for g in gathered.values():
        number = g.pull["number"]
        ref = PullRef(repo, number)
        try:
            w = pull_write(ref, g, reviews, pv)
            known = known_document(db, ref.key)
            written = write_pull(db, w, known)
            result = pull_result(
                db, ref.key, written.status, written.document_id, written.new_versions, written.new_comments, w.warnings
            )
        except LedgerError as exc:
            result = FetchResult(ref.key, "error", error=neutral(gh.auth.redact(str(exc)))[:500])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            result = FetchResult(
                ref.key, "error", error=neutral(f"unexpected answer from GitHub ({type(exc).__name__}: {exc})")[:500]
            )
        if result.status == "error":
            summary.failed_at(g.pull.get("updatedAt"))
        elif ref.key in stored:
            summary.changed += 1
        else:
            summary.new += 1
        if on_result is not None:
            on_result(result)


def pull_write(ref: PullRef, g: bulk.Gathered, reviews: dict[str, list[Any]], pv: str) -> PullWrite:
    """What the bulk reader gathered of one PR, validated and parsed, ready for `store.write_pull`."""
    node = g.pull
    w = PullWrite(ref)
    where = f"{ref.key} (GraphQL)"
    w.data = validated("Pull", _rest_pull(node, g.lists.get("labels", [])), where)
    w.data["github_updated_at"] = w.data.get("updated_at")
    edits = []
    for i, raw in enumerate(g.lists.get("edits", [])):
        try:
            e = validated("Edit", raw, f"{ref.key}: edit {i + 1}")
        except FetchError as exc:
            w.warnings.append(f"{exc}; that edit is skipped")
            continue
        if not e["deletedAt"] and e["diff"] is not None:
            edits.append(
                Edit(str(e["editedAt"] or e["createdAt"] or ""), (e["editor"] or {}).get("login"), normalise(e["diff"]))
            )
    edits.sort(key=lambda e: e.at)  # GitHub lists them newest first
    w.versions = description_versions(ref, w.data, edits, True, pv, w.warnings)
    comments = [
        {
            "id": number_of(c),
            "body": c.get("body"),
            "user": c.get("author"),
            "html_url": c.get("url"),
            "created_at": c.get("createdAt"),
            "updated_at": c.get("updatedAt"),
        }
        if isinstance(c, dict)
        else c
        for c in g.lists.get("comments", [])
    ]
    w.conversation = issue_comments(ref, comments, pv, w.warnings)
    for raw in g.lists.get("reviews", []):
        w.conversation += _review(ref, raw, reviews, pv, w.warnings)
    if g.checks_sha:
        prep = checks_version(ref, g.checks_sha, g.lists.get("checks", []), pv, w.warnings)
        if prep is not None:
            w.conversation.append(
                Conversation(
                    checks_key(ref, g.checks_sha),
                    "checks",
                    {"repo": ref.repo, "pr": ref.number, "url": None, "title": prep.identity.title},
                    {"state": (g.checks_state or "").lower() or None},
                    prep,
                )
            )
    w.commits = []
    for raw in g.lists.get("commits", []):
        c = raw.get("commit") if isinstance(raw, dict) else None
        shaped: Any = raw
        if isinstance(c, dict):
            author: dict[str, Any] = c["author"] if isinstance(c.get("author"), dict) else {}
            shaped = {
                "sha": c.get("oid"),
                "author": author.get("user"),
                "commit": {
                    "message": c.get("messageHeadline"),
                    "committer": {"date": c.get("committedDate")},
                    "author": {"name": author.get("name")},
                },
            }
        valid = valid_commit(shaped, ref.key, w.warnings)
        if valid is not None:
            w.commits.append(commit_row(valid))
    return w


def _rest_pull(node: dict[str, Any], labels: list[Any]) -> dict[str, Any]:
    """A GraphQL PullRequest in the REST shape `models.Pull` reads (one model, one set of checks)."""
    state = node.get("state")
    return {
        "number": node.get("number"),
        "title": node.get("title"),
        "html_url": node.get("url"),
        "state": "open" if state == "OPEN" else "closed" if isinstance(state, str) else state,
        "user": node.get("author"),
        "body": node.get("body"),
        "labels": labels,
        "created_at": node.get("createdAt"),
        "updated_at": node.get("updatedAt"),
        "merged_at": node.get("mergedAt"),
        "head": {"sha": node.get("headRefOid"), "ref": node.get("headRefName")},
        "base": {"sha": node.get("baseRefOid"), "ref": node.get("baseRefName")},
    }


def _review(ref: PullRef, raw: Any, reviews: dict[str, list[Any]], pv: str, warnings: list[str]) -> list[Conversation]:
    """A review (its body and verdict) and its review comments, each a document linked to the PR."""
    try:
        r = validated("Review", raw, f"{ref.key}: a review")
    except FetchError as exc:
        warnings.append(f"{exc}; that review is skipped")
        return []
    author = login(r["author"])
    number = number_of(r)
    if number is None:
        warnings.append(f"{ref.key}: a review without an id is skipped")
        return []
    key = review_key(ref, number)
    identity = {
        "repo": ref.repo,
        "pr": ref.number,
        "url": r["url"],
        "title": f"review by {author or 'unknown'} ({(r['state'] or '').lower()})",
    }
    at = r["submittedAt"] or r["createdAt"]
    out = [
        Conversation(
            key,
            "review",
            identity,
            {"author": author, "authored_at": at, "state": (r["state"] or "").lower() or None},
            _text(r["body"] or "", key, identity, pv, at, author, warnings),
        )
    ]
    for i, rc_raw in enumerate(reviews.get(r["id"], [])):
        try:
            rc = validated("ReviewComment", rc_raw, f"{key}: review comment {i + 1}")
        except FetchError as exc:
            warnings.append(f"{exc}; that review comment is skipped")
            continue
        who = login(rc["author"])
        ckey = review_comment_key(ref, rc["databaseId"])
        where = f" on {rc['path']}:{rc['line'] or rc['originalLine'] or '?'}" if rc["path"] else ""
        cident = {
            "repo": ref.repo,
            "pr": ref.number,
            "url": rc["url"],
            "title": f"review comment by {who or 'unknown'}{where}",
        }
        out.append(
            Conversation(
                ckey,
                "review-comment",
                cident,
                {"author": who, "authored_at": rc["createdAt"]},
                _text(rc["body"] or "", ckey, cident, pv, rc["updatedAt"] or rc["createdAt"], who, warnings),
            )
        )
    return out


def _text(
    body: str, key: str, identity: dict[str, Any], pv: str, at: str | None, who: str | None, warnings: list[str]
) -> Any:
    try:
        return prepare_text(body, key, identity, pv, at, who, warnings)
    except InputError as exc:
        warnings.append(str(exc))
        return None
