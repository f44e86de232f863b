"""A stand-in for GitHub serving a whole repository, strict where GitHub is strict.

GraphQL queries are parsed, validated against GitHub's published schema (../shared/github/schema.json,
with graphql-core), checked against GitHub's documented limits and charged GitHub's documented cost,
then executed against this repository's data; a query GitHub would refuse is refused here, with
GitHub's wording. The REST endpoints `ledger fetch` reads (pulls listing, pull, issue comments,
commits) are served from the same data, with ETags and 304s, so both readers can be measured against
one repository.

Limits and cost (docs.github.com, "Rate limits and node limits for the GraphQL API"):
- every connection needs `first` or `last`, each 1..100;
- at most 500,000 nodes a query: the sum over connections of the product of the `first`/`last` of
  every connection enclosing it and its own;
- cost: add up the requests needed to fulfil each connection (one per object of every enclosing
  connection, assuming each reaches its `first`/`last`), divide by 100, round; at least 1. `nodes(ids:)`
  is a list, not a connection: GitHub does not document it, and here its length multiplies what is
  nested in it, as a connection's `first` would (the conservative reading);
- 5,000 points an hour; an answer that would spend more than is left is a RATE_LIMITED error.

Everything the repository holds is our own text, generated from a seed.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import httpx

SCHEMA_PATH = Path(__file__).resolve().parent.parent.parent / "shared" / "github" / "schema.json"
NODE_LIMIT = 500_000


@lru_cache(maxsize=1)
def schema() -> Any:
    """GitHub's schema as graphql-core builds it (deprecations cleared: build_client_schema refuses some)."""
    import graphql

    data = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))

    def strip(o: Any) -> None:
        if isinstance(o, dict):
            if "isDeprecated" in o:
                o["isDeprecated"], o["deprecationReason"] = False, None
            for v in o.values():
                strip(v)
        elif isinstance(o, list):
            for v in o:
                strip(v)

    strip(data)
    return graphql.build_client_schema(data)


# ---- the repository ---------------------------------------------------------------------------------------


@dataclass
class Comment:
    id: int
    author: str
    created: str
    updated: str
    body: str

    @property
    def node_id(self) -> str:
        return f"IC_{self.id}"


@dataclass
class ReviewComment:
    id: int
    author: str
    created: str
    body: str
    path: str
    line: int

    @property
    def node_id(self) -> str:
        return f"PRRC_{self.id}"


@dataclass
class Review:
    id: int
    author: str
    state: str
    submitted: str
    body: str
    comments: list[ReviewComment] = field(default_factory=list)

    @property
    def node_id(self) -> str:
        return f"PRR_{self.id}"


@dataclass
class Check:
    kind: str
    """run (a check run) or status (a commit status)."""
    name: str
    status: str
    """A check run's status (COMPLETED, IN_PROGRESS, ...) or a status's state (SUCCESS, PENDING, ...)."""
    conclusion: str | None = None


@dataclass
class Pull:
    number: int
    title: str
    author: str
    state: str
    """OPEN, CLOSED or MERGED."""
    created: str
    updated: str
    edits: list[tuple[str, str, str]]
    """(time, editor, full text), oldest first; the first is the text the PR was opened with."""
    comments: list[Comment] = field(default_factory=list)
    reviews: list[Review] = field(default_factory=list)
    commits: list[tuple[str, str, str, str]] = field(default_factory=list)
    """(oid, committed time, author login, headline), oldest first."""
    checks: list[Check] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    merged: str | None = None
    base_oid: str = "b" * 40

    @property
    def node_id(self) -> str:
        return f"PR_{self.number}"

    @property
    def body(self) -> str:
        return self.edits[-1][2]

    @property
    def head_oid(self) -> str:
        return self.commits[-1][0]


def _sha(*parts: object) -> str:
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()


def _at(minutes: int) -> str:
    day, rest = divmod(minutes, 24 * 60)
    month, day = divmod(day, 28)
    return f"{2024 + month // 12:04d}-{month % 12 + 1:02d}-{day + 1:02d}T{rest // 60:02d}:{rest % 60:02d}:00Z"


MODELS = ("DeepSeek-V3-Lite", "Llama-3.1-8B", "Qwen2.5-7B", "Mixtral-8x7B")
BOTS = ("ci-bot", "perf-bot")
PEOPLE = ("mkato-dev", "reviewer-ly", "a-osei", "jp-lindqvist", "s-fernandes", "t-nakamura")


def description(n: int, rev: int, gsm8k: float, ttft: float) -> str:
    model = MODELS[n % len(MODELS)]
    return (
        f"## Summary\n\nSpeculative decoding for {model}, change {n} (revision {rev}).\n\n"
        f"## Test results\n\nOn head {_sha(n, rev)[:10]}:\n\n| check | result |\n|---|---|\n"
        f"| gsm8k | {gsm8k:.2f} |\n| acceptance length, MTP1 | {1.5 + (n % 7) / 10:.2f} |\n\n"
        f"TTFT (ms): {ttft:.1f}\n"
    )


def make_repo(n_pulls: int = 300, seed: int = 15, start: int = 1) -> dict[int, Pull]:
    """A repository of `n_pulls` PRs: descriptions edited up to 4 times, comment threads, reviews with
    inline comments, commits and checks; a few PRs past every page size (130 edits, 230 comments, a
    review with 120 comments, 140 commits, 110 checks) so follow-up pages are exercised."""
    rng = random.Random(seed)
    pulls: dict[int, Pull] = {}
    clock = 0
    cid, rid, rcid = 10_000 * start, 5_000_000 + 10_000 * start, 9_000_000 + 10_000 * start  # unique ids
    for number in range(start, start + n_pulls):
        clock += rng.randint(30, 600)
        created = clock
        n_edits = rng.choice((1, 1, 1, 2, 2, 3, 4, 5))
        if number == start + 11:
            n_edits = 130
        edits = []
        t = created
        for rev in range(n_edits):
            edits.append(
                (
                    _at(t),
                    PEOPLE[(number + rev) % len(PEOPLE)],
                    description(number, rev, 60 + rng.random() * 20, 30 + rng.random() * 20),
                )
            )
            t += rng.randint(5, 300)
        comments = []
        n_comments = 230 if number == start + 23 else rng.choice((0, 1, 2, 3, 5, 8, 12))
        for i in range(n_comments):
            cid += 1
            who = BOTS[i % 2] if i % 3 == 0 else PEOPLE[(number * 7 + i) % len(PEOPLE)]
            text = (
                f"PR_Github #{cid} [ run ] completed with state {'SUCCESS' if i % 4 else 'FAILURE'}"
                if who in BOTS
                else f"Re-ran gsm8k on the new head: {60 + rng.random() * 20:.2f}; thread {i}."
            )
            comments.append(Comment(cid, who, _at(t), _at(t), text))
            t += rng.randint(1, 90)
        reviews = []
        for j in range(rng.choice((0, 1, 1, 2, 3))):
            rid += 1
            inline = []
            n_inline = 120 if (number == start + 5 and j == 0) else rng.choice((0, 0, 1, 2, 3))
            for k in range(n_inline):
                rcid += 1
                inline.append(
                    ReviewComment(
                        rcid,
                        PEOPLE[(rid + k) % len(PEOPLE)],
                        _at(t),
                        f"Could this reuse the KV page pool? (note {k} on change {number})",
                        f"engine/spec/mtp_{number % 9}.py",
                        10 + k,
                    )
                )
            state = ("APPROVED", "COMMENTED", "CHANGES_REQUESTED")[(rid + j) % 3]
            body = "" if (state == "COMMENTED" and inline) else f"Review {j} of change {number}: {state.lower()}."
            reviews.append(Review(rid, PEOPLE[(rid * 3) % len(PEOPLE)], state, _at(t), body, inline))
            t += rng.randint(1, 120)
        n_commits = 140 if number == start + 31 else rng.randint(1, 6)
        commits = [
            (_sha("commit", number, i), _at(created + i), PEOPLE[number % len(PEOPLE)], f"Step {i} of {number}")
            for i in range(n_commits)
        ]
        n_runs = 110 if number == start + 41 else rng.randint(1, 4)
        checks = [
            Check(
                "run",
                f"build ({('ubuntu', 'rocky', 'arm64', 'gpu')[i % 4]}) {i}",
                "COMPLETED",
                ("SUCCESS", "SUCCESS", "FAILURE", "SKIPPED", "NEUTRAL")[(number + i) % 5],
            )
            for i in range(n_runs)
        ]
        checks.append(Check("status", "ci/blossom", ("SUCCESS", "FAILURE", "PENDING")[number % 3]))
        state = ("OPEN", "MERGED", "MERGED", "CLOSED")[number % 4]
        updated = max(t, created + 1)
        clock = max(clock, updated)
        pulls[number] = Pull(
            number,
            f"Change {number}: MTP drafts for {MODELS[number % len(MODELS)]}",
            PEOPLE[number % len(PEOPLE)],
            state,
            _at(created),
            _at(updated),
            edits,
            comments,
            reviews,
            commits,
            checks,
            ["perf"] if number % 2 else ["spec-decode", "perf"],
            _at(updated) if state == "MERGED" else None,
        )
    return pulls


# ---- the server ---------------------------------------------------------------------------------------------


@dataclass
class Charge:
    """What one GraphQL request was charged (or why it was refused)."""

    cost: int
    nodes: int
    errors: list[str]


class StandIn:
    """A repository on a GitHub stand-in; `handle` answers one request, `transport()` and `serve()` as in
    _fake_github.FakeGitHub. Counts `requests`, `graphql_requests`, `points` (GraphQL) and `rest_points`."""

    def __init__(
        self,
        repo: str = "acme/engine",
        pulls: dict[int, Pull] | None = None,
        *,
        base_url: str = "https://api.github.test",
        limit: int = 5000,
        reset_at: int = 2_000_000_000,
        token: str | None = None,
    ) -> None:
        self.repo = repo
        self.pulls = make_repo() if pulls is None else pulls
        self.base_url = base_url
        self.limit = limit
        self.remaining = limit
        self.rest_remaining = limit
        self.reset_at = reset_at
        self.token = token
        self.requests = self.graphql_requests = self.points = self.rest_points = 0
        self.charges: list[Charge] = []
        self.queries: list[str] = []
        self.lock = threading.Lock()
        self.after_request: Callable[[StandIn], None] | None = None
        """Called after each answered request (a test can change the repository or interrupt there)."""

    def reset_counts(self) -> None:
        self.requests = self.graphql_requests = self.points = self.rest_points = 0
        self.charges.clear()
        self.queries.clear()

    def touch(self, number: int, minutes: int, text: str | None = None) -> None:
        """An edit of PR `number`'s description (or, without text, a new comment), `minutes` after the newest
        update of the repository: it moves to the top of a listing by update time, as on GitHub."""
        p = self.pulls[number]
        at = _bump(max(q.updated for q in self.pulls.values()), minutes)  # an edit is the newest update
        if text is not None:
            p.edits.append((at, "reviewer-ly", text))
        else:
            cid = 900_000 + sum(len(q.comments) for q in self.pulls.values())
            p.comments.append(Comment(cid, "reviewer-ly", at, at, f"Late note on change {number}: gsm8k 70.00."))
        p.updated = at

    # -- one request --

    def handle(self, method: str, url: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        h = {k.lower(): v for k, v in headers.items()}
        parts = urlsplit(url)
        with self.lock:
            self.requests += 1
            if self.token is not None and h.get("authorization") not in (None, f"Bearer {self.token}"):
                return 401, {}, b'{"message": "Bad credentials"}'
            if method == "POST" and parts.path in ("/graphql", "/api/graphql"):
                answer = self._graphql(h, body)
            elif method == "GET":
                answer = self._rest(parts.path, dict(parse_qsl(parts.query)), h)
            else:
                answer = 404, {}, b'{"message": "Not Found"}'
        if self.after_request is not None:
            self.after_request(self)
        return answer

    def _rate_headers(self, remaining: int, resource: str) -> dict[str, str]:
        return {
            "x-ratelimit-limit": str(self.limit),
            "x-ratelimit-remaining": str(remaining),
            "x-ratelimit-reset": str(self.reset_at),
            "x-ratelimit-resource": resource,
            "content-type": "application/json; charset=utf-8",
        }

    def _graphql(self, h: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        import graphql

        if "authorization" not in h:
            return 401, {}, json.dumps({"message": "This endpoint requires you to be authenticated."}).encode()
        self.graphql_requests += 1
        try:
            payload = json.loads(body)
            query, variables = payload["query"], payload.get("variables") or {}
        except (ValueError, KeyError, TypeError):
            return 400, {}, b'{"message": "Problems parsing JSON"}'
        self.queries.append(query)
        try:
            document = graphql.parse(query)
        except graphql.GraphQLError as exc:
            return self._errors([exc.message], "parseError")
        problems = [e.message for e in graphql.validate(schema(), document)]
        if problems:
            return self._errors(problems, "validation")
        charge = analyse(document, variables)
        self.charges.append(charge)
        if charge.errors:
            return self._errors(charge.errors, "limits")
        if charge.cost > self.remaining:
            return (
                200,
                self._rate_headers(0, "graphql"),
                json.dumps(
                    {"errors": [{"type": "RATE_LIMITED", "message": "API rate limit exceeded for user ID 1."}]}
                ).encode(),
            )
        self.remaining -= charge.cost
        self.points += charge.cost
        root = self._root(charge)
        result = graphql.graphql_sync(schema(), query, root_value=root, variable_values=variables)
        out: dict[str, Any] = {"data": result.data}
        if result.errors:
            out["errors"] = [{"message": e.message, "path": e.path} for e in result.errors]
        return 200, self._rate_headers(self.remaining, "graphql"), json.dumps(out).encode()

    def _errors(self, messages: list[str], kind: str) -> tuple[int, dict[str, str], bytes]:
        return (
            200,
            self._rate_headers(self.remaining, "graphql"),
            json.dumps({"errors": [{"message": m, "extensions": {"code": kind}} for m in messages]}).encode(),
        )

    # -- GraphQL objects --

    def _root(self, charge: Charge) -> dict[str, Any]:

        def repository(info: Any, owner: str, name: str, followRenames: bool = True) -> Any:
            return self._repository() if f"{owner}/{name}".lower() == self.repo.lower() else None

        def nodes(info: Any, ids: list[str]) -> list[Any]:
            return [self._node(i) for i in ids]

        def node(info: Any, id: str) -> Any:
            return self._node(id)

        def rate_limit(info: Any, dryRun: bool = False) -> dict[str, Any]:
            return {
                "cost": charge.cost,
                "limit": self.limit,
                "remaining": self.remaining,
                "nodeCount": charge.nodes,
                "used": self.limit - self.remaining,
                "resetAt": _iso(self.reset_at),
            }

        return {"repository": repository, "nodes": nodes, "node": node, "rateLimit": rate_limit}

    def _node(self, node_id: str) -> Any:
        kind, _, raw = node_id.partition("_")
        if kind == "PR" and raw.isdigit() and int(raw) in self.pulls:
            return self._pull(self.pulls[int(raw)])
        for p in self.pulls.values():
            if kind == "PRR":
                for r in p.reviews:
                    if r.node_id == node_id:
                        return self._review(p, r)
            if kind == "C" and any(c[0] == raw for c in p.commits):
                return self._commit(p, next(c for c in p.commits if c[0] == raw))
        return None

    def _repository(self) -> dict[str, Any]:
        def pull_requests(
            info: Any, states: list[str] | None = None, orderBy: dict[str, str] | None = None, **page: Any
        ) -> Any:
            items = [p for p in self.pulls.values() if not states or p.state in states]
            field_name = (orderBy or {}).get("field", "CREATED_AT")
            key = (lambda p: (p.updated, p.number)) if field_name == "UPDATED_AT" else (lambda p: (p.created, p.number))
            items.sort(key=key, reverse=(orderBy or {}).get("direction") == "DESC")
            return connection(
                items,
                page,
                self._pull,
                cursor=lambda p: f"{p.updated}|{p.number:09d}",
                descending=(orderBy or {}).get("direction") == "DESC",
            )

        def pull_request(info: Any, number: int) -> Any:
            p = self.pulls.get(number)
            return self._pull(p) if p else None

        return {
            "__typename": "Repository",
            "nameWithOwner": self.repo,
            "pullRequests": pull_requests,
            "pullRequest": pull_request,
        }

    def _pull(self, p: Pull) -> dict[str, Any]:
        web = f"https://github.test/{self.repo}/pull/{p.number}"
        edits_newest_first = (
            [
                {
                    "__typename": "UserContentEdit",
                    "id": f"UCE_{p.number}_{i}",
                    "editedAt": at,
                    "createdAt": at,
                    "updatedAt": at,
                    "deletedAt": None,
                    "editor": _user(who),
                    "diff": text.replace("\n", "\r\n"),
                }
                for i, (at, who, text) in reversed(list(enumerate(p.edits)))
            ]
            if len(p.edits) > 1
            else []
        )
        return {
            "__typename": "PullRequest",
            "id": p.node_id,
            "number": p.number,
            "title": p.title,
            "url": web,
            "permalink": web,
            "state": p.state,
            "createdAt": p.created,
            "updatedAt": p.updated,
            "mergedAt": p.merged,
            "closedAt": p.merged or (p.updated if p.state == "CLOSED" else None),
            "merged": p.state == "MERGED",
            "closed": p.state != "OPEN",
            "isDraft": False,
            "lastEditedAt": p.edits[-1][0] if len(p.edits) > 1 else None,
            "body": p.body.replace("\n", "\r\n"),
            "author": _user(p.author),
            "headRefName": f"change-{p.number}",
            "headRefOid": p.head_oid,
            "baseRefName": "main",
            "baseRefOid": p.base_oid,
            "labels": lambda info, **a: connection(
                [{"__typename": "Label", "name": n, "id": f"L_{n}"} for n in p.labels], a
            ),
            "userContentEdits": lambda info, **a: connection(edits_newest_first, a),
            "comments": lambda info, **a: connection([self._comment(p, c) for c in p.comments], a),
            "reviews": lambda info, **a: connection([self._review(p, r) for r in p.reviews], a),
            "commits": lambda info, **a: connection(
                [
                    {"__typename": "PullRequestCommit", "id": f"PRC_{c[0]}", "commit": self._commit(p, c)}
                    for c in p.commits
                ],
                a,
            ),
            "statusCheckRollup": self._rollup(p),
        }

    def _comment(self, p: Pull, c: Comment) -> dict[str, Any]:
        return {
            "__typename": "IssueComment",
            "id": c.node_id,
            "databaseId": c.id,
            "author": _user(c.author),
            "createdAt": c.created,
            "updatedAt": c.updated,
            "body": c.body.replace("\n", "\r\n"),
            "url": f"https://github.test/{self.repo}/pull/{p.number}#issuecomment-{c.id}",
            "lastEditedAt": None,
            "isMinimized": False,
        }

    def _review(self, p: Pull, r: Review) -> dict[str, Any]:
        web = f"https://github.test/{self.repo}/pull/{p.number}#pullrequestreview-{r.id}"
        comments = [
            {
                "__typename": "PullRequestReviewComment",
                "id": rc.node_id,
                "databaseId": rc.id,
                "author": _user(rc.author),
                "createdAt": rc.created,
                "updatedAt": rc.created,
                "body": rc.body,
                "path": rc.path,
                "line": rc.line,
                "originalLine": rc.line,
                "outdated": False,
                "url": f"https://github.test/{self.repo}/pull/{p.number}#discussion_r{rc.id}",
            }
            for rc in r.comments
        ]
        return {
            "__typename": "PullRequestReview",
            "id": r.node_id,
            "databaseId": r.id,
            "author": _user(r.author),
            "state": r.state,
            "submittedAt": r.submitted,
            "createdAt": r.submitted,
            "updatedAt": r.submitted,
            "body": r.body,
            "url": web,
            "comments": lambda info, **a: connection(comments, a),
        }

    def _commit(self, p: Pull, c: tuple[str, str, str, str]) -> dict[str, Any]:
        oid, at, who, headline = c
        return {
            "__typename": "Commit",
            "id": f"C_{oid}",
            "oid": oid,
            "abbreviatedOid": oid[:7],
            "committedDate": at,
            "authoredDate": at,
            "messageHeadline": headline,
            "message": f"{headline}\n\nSigned-off-by: {who}",
            "author": {"__typename": "GitActor", "name": who, "email": f"{who}@example.test", "user": _user(who)},
            "committer": {"__typename": "GitActor", "name": who, "date": at, "user": _user(who)},
            "statusCheckRollup": self._rollup(p) if oid == p.head_oid else None,
        }

    def _rollup(self, p: Pull) -> dict[str, Any] | None:
        if not p.checks:
            return None
        contexts = []
        for i, ch in enumerate(p.checks):
            if ch.kind == "run":
                contexts.append(
                    {
                        "__typename": "CheckRun",
                        "id": f"CR_{p.number}_{i}",
                        "name": ch.name,
                        "status": ch.status,
                        "conclusion": ch.conclusion,
                        "detailsUrl": f"https://ci.example.test/{p.number}/{i}",
                        "startedAt": p.updated,
                        "completedAt": p.updated,
                    }
                )
            else:
                contexts.append(
                    {
                        "__typename": "StatusContext",
                        "id": f"SC_{p.number}_{i}",
                        "context": ch.name,
                        "state": ch.status,
                        "description": f"{ch.name}: {ch.status.lower()}",
                        "targetUrl": f"https://ci.example.test/{p.number}/s{i}",
                        "createdAt": p.updated,
                    }
                )
        failing = any((c.conclusion or c.status) in ("FAILURE", "ERROR") for c in p.checks)
        pending = any((c.conclusion or c.status) in ("PENDING", "IN_PROGRESS", "QUEUED") for c in p.checks)
        state = "FAILURE" if failing else "PENDING" if pending else "SUCCESS"
        return {
            "__typename": "StatusCheckRollup",
            "id": f"SCR_{p.number}",
            "state": state,
            "commit": {"__typename": "Commit", "id": f"C_{p.head_oid}", "oid": p.head_oid},
            "contexts": lambda info, **a: connection(contexts, a),
        }

    # -- REST --

    def _rest(self, path: str, query: dict[str, str], h: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
        prefix = f"/repos/{self.repo}"
        if not path.startswith(prefix):
            return 404, {"content-type": "application/json"}, b'{"message": "Not Found"}'
        rest = path[len(prefix) :].strip("/").split("/")
        page, per_page = int(query.get("page", "1")), min(100, int(query.get("per_page", "30")))
        if rest == ["pulls"]:
            state = query.get("state", "open")
            items = [p for p in self.pulls.values() if state == "all" or (p.state == "OPEN") == (state == "open")]
            items.sort(key=lambda p: (p.updated, p.number), reverse=True)
            return self._page(path, query, [self._rest_pull(p) for p in items], page, per_page, h)
        if len(rest) >= 2 and rest[0] in ("pulls", "issues") and rest[1].isdigit() and int(rest[1]) in self.pulls:
            p = self.pulls[int(rest[1])]
            if rest[0] == "pulls" and len(rest) == 2:
                return self._ok(json.dumps(self._rest_pull(p)).encode(), h)
            if rest[0] == "issues" and rest[2:] == ["comments"]:
                items = [
                    {
                        "id": c.id,
                        "body": c.body,
                        "user": {"login": c.author},
                        "created_at": c.created,
                        "updated_at": c.updated,
                        "html_url": f"https://github.test/{self.repo}/pull/{p.number}#issuecomment-{c.id}",
                    }
                    for c in p.comments
                ]
                return self._page(path, query, items, page, per_page, h)
            if rest[0] == "pulls" and rest[2:] == ["commits"]:
                items = [
                    {
                        "sha": oid,
                        "commit": {"message": headline, "committer": {"date": at}, "author": {"name": who, "date": at}},
                        "author": {"login": who},
                    }
                    for oid, at, who, headline in p.commits
                ]
                return self._page(path, query, items, page, per_page, h)
        return 404, {"content-type": "application/json"}, b'{"message": "Not Found"}'

    def _rest_pull(self, p: Pull) -> dict[str, Any]:
        return {
            "number": p.number,
            "title": p.title,
            "state": "open" if p.state == "OPEN" else "closed",
            "html_url": f"https://github.test/{self.repo}/pull/{p.number}",
            "user": {"login": p.author},
            "body": p.body.replace("\n", "\r\n"),
            "labels": [{"name": n} for n in p.labels],
            "created_at": p.created,
            "updated_at": p.updated,
            "merged_at": p.merged,
            "head": {"sha": p.head_oid, "ref": f"change-{p.number}"},
            "base": {"sha": p.base_oid, "ref": "main"},
        }

    def _page(
        self, path: str, query: dict[str, str], items: list[Any], page: int, per_page: int, h: dict[str, str]
    ) -> tuple[int, dict[str, str], bytes]:
        chunk = items[(page - 1) * per_page : page * per_page]
        extra = {}
        if page * per_page < len(items):
            q = "&".join(f"{k}={v}" for k, v in {**query, "page": str(page + 1)}.items())
            extra["link"] = f'<{self.base_url}{path}?{q}>; rel="next"'
        return self._ok(json.dumps(chunk).encode(), h, extra)

    def _ok(
        self, payload: bytes, h: dict[str, str], extra: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        etag = 'W/"' + hashlib.sha1(payload).hexdigest() + '"'
        if h.get("if-none-match") == etag:
            return 304, {"etag": etag, **self._rate_headers(self.rest_remaining, "core"), **(extra or {})}, b""
        self.rest_remaining -= 1
        self.rest_points += 1
        return 200, {"etag": etag, **self._rate_headers(self.rest_remaining, "core"), **(extra or {})}, payload

    # -- transports --

    def transport(self) -> httpx.MockTransport:
        def handler(request: httpx.Request) -> httpx.Response:
            status, headers, body = self.handle(
                request.method, str(request.url), dict(request.headers), request.content
            )
            return httpx.Response(status, headers=headers, content=body)

        return httpx.MockTransport(handler)

    @contextmanager
    def serve(self) -> Iterator[str]:
        """A real HTTP server on 127.0.0.1 (a free port); yields its base URL."""
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                status, headers, payload = standin.handle(
                    self.command, standin.base_url + self.path, dict(self.headers.items()), body
                )
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                if payload:
                    self.wfile.write(payload)

            do_GET = _answer
            do_POST = _answer
            do_PATCH = _answer  # tests/test_action.py edits its sticky comment

            def log_message(self, format: str, *args: Any) -> None:
                return

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        old = self.base_url
        self.base_url = f"http://127.0.0.1:{server.server_address[1]}"
        thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        thread.start()
        try:
            yield self.base_url
        finally:
            server.shutdown()
            server.server_close()
            thread.join(timeout=5)
            self.base_url = old


def _user(login: str) -> dict[str, Any]:
    return {"__typename": "Bot" if login.endswith("-bot") else "User", "login": login, "id": f"U_{login}"}


def _iso(epoch: int) -> str:
    import datetime

    return datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _bump(at: str, minutes: int) -> str:
    import datetime

    t = datetime.datetime.strptime(at, "%Y-%m-%dT%H:%M:%SZ") + datetime.timedelta(minutes=minutes)
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def _cursor(value: str) -> str:
    return base64.b64encode(f"cursor:{value}".encode()).decode()


def _uncursor(value: str) -> str:
    try:
        return base64.b64decode(value.encode()).decode().removeprefix("cursor:")
    except (ValueError, UnicodeDecodeError):
        return ""


def connection(
    items: list[Any],
    args: dict[str, Any],
    to_node: Callable[[Any], Any] | None = None,
    cursor: Callable[[Any], str] | None = None,
    descending: bool = False,
) -> dict[str, Any]:
    """A Relay connection over `items` (in order) with first/last/after/before. Cursors are positions, or
    with `cursor` a keyset (the item's sort key): an item that moves (a PR updated while a client pages
    through) does not shift the others, and a cursor still finds its place."""
    keys = [cursor(it) if cursor else f"{i:08d}" for i, it in enumerate(items)]

    def past(k: str, mark: str) -> bool:
        return k < mark if (cursor is not None and descending) else k > mark

    lo, hi = 0, len(items)
    if args.get("after"):
        after = _uncursor(args["after"])
        lo = next((i for i, k in enumerate(keys) if past(k, after)), len(items))
    if args.get("before"):
        before = _uncursor(args["before"])
        hi = next((i for i, k in enumerate(keys) if not past(before, k)), len(items))
    window = list(range(lo, hi))
    if args.get("first") is not None:
        window = window[: args["first"]]
    if args.get("last") is not None:
        window = window[-args["last"] :] if args["last"] else []
    nodes = [to_node(items[i]) if to_node else items[i] for i in window]
    return {
        "totalCount": len(items),
        "nodes": nodes,
        "edges": [{"cursor": _cursor(keys[i]), "node": n} for i, n in zip(window, nodes, strict=True)],
        "pageInfo": {
            "hasNextPage": bool(window) and window[-1] < len(items) - 1,
            "hasPreviousPage": bool(window) and window[0] > 0,
            "startCursor": _cursor(keys[window[0]]) if window else None,
            "endCursor": _cursor(keys[window[-1]]) if window else None,
        },
    }


# ---- limits and cost ------------------------------------------------------------------------------------------


def analyse(document: Any, variables: dict[str, Any]) -> Charge:
    """The cost, node count and limit errors of a validated query, as GitHub computes them."""
    import graphql

    s = schema()

    def get_argument_values(fdef: Any, node: Any, variables: dict[str, Any]) -> dict[str, Any]:
        given = {a.name.value: graphql.value_from_ast_untyped(a.value, variables) for a in node.arguments or ()}
        return {name: given.get(name) for name in fdef.args if name in given}

    fragments = {d.name.value: d for d in document.definitions if isinstance(d, graphql.FragmentDefinitionNode)}
    errors: list[str] = []
    totals = {"requests": 0, "nodes": 0}

    def walk(selection_set: Any, parent: Any, multiplier: int) -> None:
        for sel in selection_set.selections:
            if isinstance(sel, graphql.InlineFragmentNode):
                cond = s.get_type(sel.type_condition.name.value) if sel.type_condition else parent
                walk(sel.selection_set, cond, multiplier)
                continue
            if isinstance(sel, graphql.FragmentSpreadNode):
                frag = fragments[sel.name.value]
                walk(frag.selection_set, s.get_type(frag.type_condition.name.value), multiplier)
                continue
            name = sel.name.value
            if name.startswith("__"):
                continue
            fdef = parent.fields[name]
            rtype = graphql.get_named_type(fdef.type)
            args = get_argument_values(fdef, sel, variables)
            inner = multiplier
            if rtype.name.endswith("Connection"):
                n = args.get("first") if args.get("first") is not None else args.get("last")
                if n is None:
                    errors.append(
                        f"You must provide a `first` or `last` value to properly paginate the `{name}` connection."
                    )
                    n = 0
                elif not 1 <= n <= 100:
                    which = "first" if args.get("first") is not None else "last"
                    errors.append(
                        f"Requesting {n} records on the `{name}` connection exceeds the `{which}` limit of 100 records."
                        if n > 100
                        else f"`{which}` on `{name}` must be at least 1."
                    )
                totals["requests"] += multiplier
                inner = multiplier * max(n, 0)
                totals["nodes"] += inner
            elif name == "nodes" and "ids" in args:
                inner = multiplier * len(args["ids"])
                totals["nodes"] += inner
                if len(args["ids"]) > 100:
                    errors.append(f"You may not request more than 100 node ids; you requested {len(args['ids'])}.")
            if sel.selection_set is not None:
                walk(sel.selection_set, rtype, inner)

    for op in document.definitions:
        if isinstance(op, graphql.OperationDefinitionNode):
            walk(op.selection_set, s.query_type, 1)
    if totals["nodes"] > NODE_LIMIT:
        errors.append(
            f"This query requests up to {totals['nodes']:,} possible nodes which exceeds the maximum "
            f"limit of {NODE_LIMIT:,}."
        )
    cost = max(1, int(totals["requests"] / 100 + 0.5))
    return Charge(cost, totals["nodes"], errors)
