"""A fake GitHub for tests: one pull request with a three-edit description, comments over two pages,
and a repository listing, answered in the shapes GitHub documents (REST v3 pulls, issue comments,
GraphQL `userContentEdits`). The texts are our own writing.

`FakeGitHub.handle` answers one request; `transport()` serves it through httpx.MockTransport and
`serve()` through a real HTTP server on 127.0.0.1 (a thread). Failures can be queued per path
(`fail(path, status, headers)`), and every request is recorded (method, path, query, headers).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import httpx

REPO = "acme/serve"
NUMBER = 7
HEAD_SHA = "257d5f0a1c9e8b7d6f5e4d3c2b1a09f8e7d6c5b4"
BASE_SHA = "af3e5eb2571d0c9b8a7f6e5d4c3b2a1908f7e6d5"

DESC_V1 = """## Summary

Moves the MTP draft layers onto the FP8 KV cache pages of the target model for DeepSeek-V3-Lite.

## Test results

First push (13c21f460b, on main af3e5eb257):

| check | result |
|---|---|
| gsm8k | 71.65 |
| acceptance length, MTP1 | 1.84 |
"""

DESC_V2 = DESC_V1.replace("| gsm8k | 71.65 |", "| gsm8k | 71.10 |").replace(
    "First push (13c21f460b", "Review fixes (8e2d7c6b5a"
)

DESC_V3 = (
    DESC_V2.replace("| gsm8k | 71.10 |", "| gsm8k | 64.20 |").replace(
        "Review fixes (8e2d7c6b5a", "Final head (13c21f460b"
    )
    + "\nTTFT (ms): 41.2\n"
)

COMMITS = [  # the PR's commits, oldest first: the stated "Final head" is an older one than GitHub's head
    ("13c21f460b5a4d3e2f1a0b9c8d7e6f5a4b3c2d1e", "2024-05-01T09:00:00Z", "mkato-dev", "MTP drafts read FP8 KV pages"),
    ("8e2d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d", "2024-05-02T09:00:00Z", "mkato-dev", "Review fixes"),
    (HEAD_SHA, "2024-05-03T18:00:00Z", "mkato-dev", "Rebase on main"),
]

EDITS = [  # oldest first: the original text, then two edits
    ("2024-05-01T10:00:00Z", "mkato-dev", DESC_V1),
    ("2024-05-02T09:30:00Z", "mkato-dev", DESC_V2),
    ("2024-05-03T16:45:00Z", "reviewer-ly", DESC_V3),
]

COMMENTS = [
    (
        9001,
        "ci-bot",
        "2024-05-02T11:00:00Z",
        "PR_Github #5120 [ run ] completed with state SUCCESS\n"
        "/LLM/main/L0_MergeRequest_PR pipeline #3881 completed with status: "
        "'SUCCESS'",
    ),
    (9002, "mkato-dev", "2024-05-02T12:00:00Z", "Rebased; the gsm8k run on the new head gives 71.10."),
    (9003, "reviewer-ly", "2024-05-03T17:00:00Z", "Looks good to me."),
]


def _user(login: str) -> dict[str, Any]:
    return {"login": login, "id": abs(hash(login)) % 100000, "type": "User"}


def _etag(payload: bytes) -> str:
    return 'W/"' + hashlib.sha1(payload).hexdigest() + '"'


@dataclass
class Seen:
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]


@dataclass
class FakeGitHub:
    """The state GitHub would hold, and what the client asked of it."""

    base_url: str = "https://api.github.test"
    edits: list[tuple[str, str, str]] = field(default_factory=lambda: list(EDITS))
    comments: list[tuple[int, str, str, str]] = field(default_factory=lambda: list(COMMENTS))
    commits: list[tuple[str, str, str, str]] = field(default_factory=lambda: list(COMMITS))
    comments_per_page: int = 2
    edits_per_page: int = 2
    rate_remaining: int = 5000
    reset_at: int = 2_000_000_000
    failures: dict[str, list[tuple[int, dict[str, str], str | None]]] = field(default_factory=dict)
    seen: list[Seen] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def fail(
        self, path: str, status: int, headers: dict[str, str] | None = None, times: int = 1, message: str | None = None
    ) -> None:
        self.failures.setdefault(path, []).extend([(status, headers or {}, message)] * times)

    # -- the resources --

    def pull(self) -> dict[str, Any]:
        body = self.edits[-1][2].replace("\n", "\r\n")  # GitHub keeps CRLF line ends
        return {
            "url": f"{self.base_url}/repos/{REPO}/pulls/{NUMBER}",
            "id": 1807,
            "number": NUMBER,
            "state": "closed",
            "html_url": f"https://github.test/{REPO}/pull/{NUMBER}",
            "title": "MTP drafts on FP8 KV pages",
            "user": _user("mkato-dev"),
            "body": body,
            "labels": [{"id": 1, "name": "perf"}, {"id": 2, "name": "MTP"}],
            "created_at": self.edits[0][0],
            "updated_at": self.edits[-1][0],
            "closed_at": "2024-05-04T08:00:00Z",
            "merged_at": "2024-05-04T08:00:00Z",
            "merge_commit_sha": "c0ffee1234567890abcdef1234567890abcdef12",
            "draft": False,
            "head": {"label": "mkato-dev:mtp-fp8", "ref": "mtp-fp8", "sha": HEAD_SHA},
            "base": {"label": "acme:main", "ref": "main", "sha": BASE_SHA},
            "merged": True,
        }

    def comment(self, c: tuple[int, str, str, str]) -> dict[str, Any]:
        cid, login, at, body = c
        return {
            "id": cid,
            "html_url": f"https://github.test/{REPO}/pull/{NUMBER}#issuecomment-{cid}",
            "user": _user(login),
            "created_at": at,
            "updated_at": at,
            "body": body,
            "author_association": "MEMBER",
        }

    def graphql(self, variables: dict[str, Any]) -> dict[str, Any]:
        newest_first = list(reversed(self.edits))
        start = int(variables.get("after") or 0)
        chunk = newest_first[start : start + self.edits_per_page]
        more = start + self.edits_per_page < len(newest_first)
        nodes = [
            {
                "editedAt": at,
                "createdAt": at,
                "deletedAt": None,
                "editor": {"login": who},
                "diff": text.replace("\n", "\r\n"),
            }
            for at, who, text in chunk
        ]
        return {
            "data": {
                "repository": {
                    "pullRequest": {
                        "createdAt": self.edits[0][0],
                        "lastEditedAt": self.edits[-1][0],
                        "author": {"login": "mkato-dev"},
                        "userContentEdits": {
                            "totalCount": len(self.edits),
                            "pageInfo": {"hasNextPage": more, "endCursor": str(start + len(chunk))},
                            "nodes": nodes,
                        },
                    }
                }
            }
        }

    # -- one request --

    def handle(self, method: str, url: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        parts = urlsplit(url)
        path, query = parts.path, dict(parse_qsl(parts.query))
        with self.lock:
            self.seen.append(Seen(method, path, query, {k.lower(): v for k, v in headers.items()}))
            queued = self.failures.get(path)
            if queued:
                status, extra, message = queued.pop(0)
                default = "You have exceeded a secondary rate limit." if status in (403, 429) else "Server Error"
                return (
                    status,
                    {"content-type": "application/json", **extra},
                    json.dumps({"message": message or default}).encode(),
                )
        h = {k.lower(): v for k, v in headers.items()}
        if method == "POST" and path == "/graphql":
            if "authorization" not in h:
                return 401, {}, json.dumps({"message": "This endpoint requires you to be authenticated."}).encode()
            return self._ok(
                json.dumps(self.graphql(json.loads(body).get("variables") or {})).encode(), h, conditional=False
            )
        if method != "GET":
            return 404, {}, b'{"message": "Not Found"}'
        if path == f"/repos/{REPO}/pulls/{NUMBER}":
            return self._ok(json.dumps(self.pull()).encode(), h)
        if path == f"/repos/{REPO}/issues/{NUMBER}/comments":
            page = int(query.get("page", "1"))
            n = self.comments_per_page
            items = [self.comment(c) for c in self.comments[(page - 1) * n : page * n]]
            extra = {}
            last = max(1, -(-len(self.comments) // n))
            if page < last:
                nxt = f"{self.base_url}{path}?per_page=100&page={page + 1}"
                extra["link"] = f'<{nxt}>; rel="next", <{self.base_url}{path}?per_page=100&page={last}>; rel="last"'
            return self._ok(json.dumps(items).encode(), h, extra)
        if path == f"/repos/{REPO}/pulls/{NUMBER}/commits":
            items = [
                {
                    "sha": sha,
                    "commit": {
                        "message": f"{msg}\n\nSigned-off-by: {who}",
                        "author": {"name": who, "date": at},
                        "committer": {"name": who, "date": at},
                    },
                    "author": _user(who),
                    "parents": [],
                }
                for sha, at, who, msg in self.commits
            ]
            return self._ok(json.dumps(items).encode(), h)
        if path == f"/repos/{REPO}/pulls":
            page = int(query.get("page", "1"))
            # Most recently updated first, as sort=updated&direction=desc asks; odd numbers are merged.
            listing = [
                {
                    "number": n,
                    "state": "closed" if n % 2 else "open",
                    "updated_at": f"2024-05-{20 - i:02d}T00:00:00Z",
                    "merged_at": "2024-05-09T00:00:00Z" if n % 2 else None,
                }
                for i, n in enumerate((NUMBER, 6, 5, 4))
            ]
            items = listing[(page - 1) * 2 : page * 2]
            extra = {}
            if page < 2:
                extra["link"] = f'<{self.base_url}{path}?state={query.get("state")}&page=2>; rel="next"'
            return self._ok(json.dumps(items).encode(), h, extra)
        return 404, {"content-type": "application/json"}, b'{"message": "Not Found"}'

    def _ok(
        self, payload: bytes, h: dict[str, str], extra: dict[str, str] | None = None, conditional: bool = True
    ) -> tuple[int, dict[str, str], bytes]:
        etag = _etag(payload)
        rate = {"x-ratelimit-limit": "5000", "x-ratelimit-reset": str(self.reset_at)}
        if conditional and h.get("if-none-match") == etag:
            return 304, {"etag": etag, **rate, "x-ratelimit-remaining": str(self.rate_remaining), **(extra or {})}, b""
        with self.lock:
            self.rate_remaining -= 1
        return (
            200,
            {
                "content-type": "application/json; charset=utf-8",
                "etag": etag,
                **rate,
                "x-ratelimit-remaining": str(self.rate_remaining),
                **(extra or {}),
            },
            payload,
        )

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
        """A real HTTP server on 127.0.0.1 (a free port) answering as GitHub; yields its base URL."""
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                url = fake.base_url + self.path
                status, headers, payload = fake.handle(self.command, url, dict(self.headers.items()), body)
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                if payload:
                    self.wfile.write(payload)

            do_GET = _answer
            do_POST = _answer
            do_PATCH = _answer  # the action test edits its sticky comment

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        old_base = self.base_url
        self.base_url = f"http://127.0.0.1:{server.server_address[1]}"
        thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        thread.start()
        try:
            yield self.base_url
        finally:
            server.shutdown()
            server.server_close()
            thread.join(timeout=5)
            self.base_url = old_base
