"""Issue 14, the fetch items: what a hostile server, proxy or pasted token could do to `ledger fetch`.

Every hostile input is made here, by the test: next links and redirects to other origins, tokens
with a line break inside, answers nested 100,000 deep, a list where a string belongs, a lone
surrogate in a comment, a server that drips one byte every 10 seconds, a 300 MB body, a 400-digit
rate-limit reset, and error messages carrying terminal escapes. Never the network: httpx
MockTransport, or a server on 127.0.0.1 in a thread.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote, quote_plus

import httpx
import pytest
from _fake_github import NUMBER, REPO, FakeGitHub
from typer.testing import CliRunner

from ledger.errors import FetchError, UsageError
from ledger.github import Auth, GitHub, connect, fetch, get_pages, resolve_auth

TOKEN = "ghp_HOSTILE0123456789abcdefABCDEF012345"
API = "https://api.github.test"


@pytest.fixture(autouse=True)
def _no_tokens(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("GH_TOKEN", "GITHUB_TOKEN", "LEDGER_GITHUB_API", "LEDGER_DB"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("shutil.which", lambda name, *a, **k: None)  # no real `gh` is ever asked
    yield


def _recording(handler: Any) -> tuple[httpx.MockTransport, list[httpx.Request]]:
    sent: list[httpx.Request] = []

    def record(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return handler(request)

    return httpx.MockTransport(record), sent


# ---- High 1: credentials only to the API's own scheme, host and port ----------------------------------


@pytest.mark.parametrize(
    "elsewhere",
    [
        "https://collector.example/repos/a/b/issues/1/comments?page=2",  # another host
        "http://api.github.test/repos/a/b/issues/1/comments?page=2",  # plain http, same host
        "https://api.github.test:8443/repos/a/b/issues/1/comments?page=2",  # another port
        "https://api.github.test.collector.example/x?page=2",  # a host that only starts alike
    ],
)
def test_a_next_link_to_another_origin_is_refused_and_never_sent(elsewhere: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200, json=[{"id": 1, "body": "first page"}], headers={"link": f'<{elsewhere}>; rel="next"'}
        )

    transport, sent = _recording(handler)
    gh = GitHub(API, Auth(TOKEN, "GH_TOKEN"), transport=transport, sleep=lambda s: None)
    with pytest.raises(FetchError) as info:
        get_pages(gh, gh.url("repos/a/b/issues/1/comments", {"per_page": 100}))
    message = str(info.value)
    assert "\n" not in message and "another origin" in message and TOKEN not in message
    assert len(sent) == 1 and sent[0].url.host == "api.github.test"  # the foreign URL was never asked


def test_a_redirect_to_another_host_is_refused_and_a_same_origin_one_followed() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/repos/a/b/pulls/1":
            return httpx.Response(301, headers={"location": "https://collector.example/steal"})
        if request.url.path == "/repos/a/renamed/pulls/2":
            return httpx.Response(200, json={"ok": True})
        return httpx.Response(301, headers={"location": f"{API}/repos/a/renamed/pulls/2"})

    transport, sent = _recording(handler)
    gh = GitHub(API, Auth(TOKEN, "GH_TOKEN"), transport=transport, sleep=lambda s: None)
    with pytest.raises(FetchError, match="another origin") as info:
        gh.get_json(gh.url("repos/a/b/pulls/1"))
    assert "\n" not in str(info.value)
    assert gh.get_json(gh.url("repos/a/old/pulls/2")) == {"ok": True}  # a renamed repository, same host
    assert [r.url.host for r in sent] == ["api.github.test"] * 3
    assert all(r.headers["authorization"] == f"Bearer {TOKEN}" for r in sent)


def test_fetch_with_a_hostile_next_link_costs_that_pr_and_the_token_stays_home(tmp_path: Path) -> None:
    fake = FakeGitHub()
    base = fake.transport()
    foreign: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.host != "api.github.test":
            foreign.append(request)
            return httpx.Response(200, json=[])
        resp = base.handle_request(request)
        if request.url.path.endswith("/comments"):
            resp.headers["link"] = '<https://collector.example/c?page=2>; rel="next"'
        return resp

    gh = connect(
        api_url=fake.base_url, env={"GH_TOKEN": TOKEN}, transport=httpx.MockTransport(handler), sleep=lambda s: None
    )

    results = fetch([f"{REPO}#{NUMBER}"], tmp_path / "l.db", client=gh)
    assert [r.status for r in results] == ["error"] and "another origin" in (results[0].error or "")
    assert foreign == []


# ---- Medium 4: a token with whitespace inside; every form of the token redacted -----------------------


@pytest.mark.parametrize(
    "pasted",
    [
        TOKEN[:20] + "\n" + TOKEN[20:],
        TOKEN[:20] + " " + TOKEN[20:],
        TOKEN[:20] + "\r\n" + TOKEN[20:] + "\n",
        TOKEN[:20] + "\t" + TOKEN[20:],
        TOKEN[:20] + "\x1b" + TOKEN[20:],
    ],
)
def test_a_token_with_whitespace_inside_is_refused_in_one_line(pasted: str, tmp_path: Path) -> None:
    with pytest.raises(UsageError) as info:
        resolve_auth({"GH_TOKEN": pasted}, gh=None)
    message = str(info.value)
    assert "\n" not in message and "GH_TOKEN" in message
    assert TOKEN[:20] not in message and TOKEN[20:] not in message and TOKEN[8:16] not in message

    from ledger.cli.app import app

    result = CliRunner().invoke(app, ["fetch", "a/b#1", "--db", str(tmp_path / "l.db")], env={"GH_TOKEN": pasted})
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert TOKEN[:20] not in result.stderr + result.stdout and TOKEN[20:] not in result.stderr + result.stdout
    assert not (tmp_path / "l.db").exists() or TOKEN[20:].encode() not in (tmp_path / "l.db").read_bytes()


def test_every_form_of_the_token_is_redacted() -> None:
    token = "ghp_Od+d/ch=rs%q\"u\\ote's0123456789"  # printable, no whitespace: a token could hold these
    auth = resolve_auth({"GH_TOKEN": token}, gh=None)
    forms = [
        token,
        repr(token),
        repr(token)[1:-1],
        json.dumps(token),
        json.dumps(token)[1:-1],
        quote(token, safe=""),
        quote_plus(token),
        quote(token),
        repr(token.encode()),
        str(token.encode()),
        repr(f"Bearer {token}".encode()),
    ]
    assert len(set(forms)) > 5  # the forms really differ
    for form in forms:
        redacted = auth.redact(f"GitHub said: {form} (and again {form})")
        assert "[token]" in redacted, form
        for piece in (token, token[4:14], token[-10:], quote(token, safe="")[4:18], json.dumps(token)[6:18]):
            assert piece not in redacted, (form, piece)


def test_a_token_echoed_in_an_error_is_redacted_in_every_form() -> None:
    token = 'ghp_Echo+d/ch=rs"q\\0123456789'
    echoes = [token, quote(token, safe=""), json.dumps(token)[1:-1], repr(token)]

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(401, json={"message": "Bad credentials: " + " ".join(echoes)})

    gh = GitHub(API, resolve_auth({"GITHUB_TOKEN": token}, gh=None), transport=httpx.MockTransport(handler))
    with pytest.raises(FetchError) as info:
        gh.get_json(gh.url("repos/a/b/pulls/1"))
    message = str(info.value)
    assert "GITHUB_TOKEN" in message and "401" in message
    assert all(e not in message for e in echoes) and "Echo" not in message


# ---- Medium 7: answers validated; one malformed PR or comment costs itself ----------------------------


def _pull(n: int, **over: Any) -> dict[str, Any]:
    base = {
        "number": n,
        "title": f"PR {n}",
        "state": "open",
        "html_url": f"https://github.test/a/b/pull/{n}",
        "user": {"login": "dev"},
        "body": f"## Results\n\ngsm8k 71.{n}\n",
        "labels": [],
        "created_at": "2024-05-01T00:00:00Z",
        "updated_at": "2024-05-02T00:00:00Z",
        "merged_at": None,
        "head": {"sha": "a" * 40, "ref": "x"},
        "base": {"sha": "b" * 40, "ref": "main"},
    }
    base.update(over)
    return base


def _comment(cid: int, body: Any) -> dict[str, Any]:
    return {
        "id": cid,
        "body": body,
        "user": {"login": "rev"},
        "created_at": "2024-05-02T00:00:00Z",
        "updated_at": "2024-05-02T00:00:00Z",
        "html_url": f"https://github.test/a/b/pull/4#c{cid}",
    }


def _hostile_repo(request: httpx.Request) -> httpx.Response:
    path = request.url.path
    if request.method == "POST":
        return httpx.Response(
            200,
            json={
                "data": {
                    "repository": {
                        "pullRequest": {
                            "userContentEdits": {
                                "pageInfo": {"hasNextPage": False, "endCursor": None},
                                "nodes": [
                                    {
                                        "editedAt": "2024-05-01T00:00:00Z",
                                        "editor": {"login": "dev"},
                                        "diff": ["not", "text"],
                                    },
                                    {
                                        "editedAt": "2024-05-01T12:00:00Z",
                                        "editor": {"login": "dev"},
                                        "diff": "## Results\n\ngsm8k 70.0\n",
                                    },
                                ],
                            }
                        }
                    }
                }
            },
        )
    if path == "/repos/a/b/pulls/1":  # nested 100,000 deep: json.loads would raise RecursionError
        return httpx.Response(
            200,
            content=b'{"number": 1, "extra": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
            headers={"content-type": "application/json"},
        )
    if path == "/repos/a/b/pulls/2":
        return httpx.Response(200, json=_pull(2, title=["a", "list", "where", "a", "string", "belongs"]))
    if path == "/repos/a/b/pulls/3":
        return httpx.Response(200, json=_pull(3, head={"sha": {"nested": "object"}}))
    if path.startswith("/repos/a/b/pulls/") and path.endswith("/commits"):
        return httpx.Response(200, json=[{"sha": "c" * 40, "commit": {"message": ["x"]}}, {"sha": "d" * 40}])
    if path.startswith("/repos/a/b/pulls/"):
        return httpx.Response(200, json=_pull(int(path.rsplit("/", 1)[1])))
    if path == "/repos/a/b/issues/4/comments":
        raw = json.dumps(
            [
                _comment(41, "gsm8k 72.0 on the new head"),
                _comment(42, {"not": "a string"}),
                _comment(43, "held a lone surrogate: \ud800 here; gsm8k 73.5"),
            ]
        )
        assert "\\ud800" in raw  # the surrogate travels as GitHub would send it, escaped in the JSON
        return httpx.Response(200, content=raw.encode(), headers={"content-type": "application/json"})
    return httpx.Response(200, json=[])


def test_malformed_answers_cost_their_pr_or_comment_and_the_run_goes_on(tmp_path: Path) -> None:
    import sqlite3

    dbp = tmp_path / "l.db"
    gh = connect(
        api_url=API, env={"GH_TOKEN": TOKEN}, transport=httpx.MockTransport(_hostile_repo), sleep=lambda s: None
    )
    results = fetch(["a/b#1", "a/b#2", "a/b#3", "a/b#4", "a/b#5"], dbp, client=gh)
    assert [r.status for r in results] == ["error", "error", "error", "new", "new"]
    for r in results[:3]:
        assert r.error and "\n" not in r.error and len(r.error) < 400, r.error
    assert "nested" in (results[0].error or "")
    assert "title" in (results[1].error or "") and "head" in (results[2].error or "")
    four = results[3]
    assert four.comments == 2  # 41, and 43 with its surrogate replaced; 42 (a dict for a body) is skipped
    assert any("42" in w and "body" in w for w in four.warnings)
    assert any("43" in w and "surrogate" in w for w in four.warnings)
    assert any("edit" in w for w in four.warnings)  # the edit whose text was a list
    assert all("\n" not in w for w in four.warnings)
    conn = sqlite3.connect(dbp)
    try:
        texts = [
            t
            for (t,) in conn.execute(
                "SELECT v.text FROM document_versions v JOIN documents d ON d.id = v.document_id "
                "WHERE d.key LIKE 'a/b#4/comment/%' ORDER BY d.key"
            )
        ]
        commits = conn.execute("SELECT COUNT(*) FROM pr_commits").fetchone()[0]
    finally:
        conn.close()
    assert texts == ["gsm8k 72.0 on the new head", "held a lone surrogate: \ufffd here; gsm8k 73.5"]
    assert commits == 4  # per PR: the commit with a malformed message kept its sha, the bare one too


# ---- Medium 10: a total deadline per request --------------------------------------------------------------


@contextmanager
def _dripping_server(interval: float) -> Iterator[str]:
    """A server that accepts, sends a status line and headers, then one body byte every `interval` seconds."""
    stop = threading.Event()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.1)

    def drip(conn: socket.socket) -> None:
        try:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n")
            while not stop.wait(interval):
                conn.sendall(b" ")
        except OSError:
            pass
        finally:
            conn.close()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            threading.Thread(target=drip, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(timeout=5)
        listener.close()


@pytest.mark.parametrize("interval", [10.0, 0.05])
def test_a_dripping_server_cannot_hang_a_request(interval: float) -> None:
    with _dripping_server(interval) as url:
        gh = GitHub(url, Auth(TOKEN, "GH_TOKEN"), deadline=1.0, max_tries=2, sleep=lambda s: None)
        start = time.monotonic()
        with pytest.raises(FetchError) as info:
            gh.get_json(gh.url("repos/a/b/pulls/1"))
        took = time.monotonic() - start
        gh.close()
    assert took < 4.0, took  # two tries of a 1 s deadline, whatever the drip rate
    assert "deadline" in str(info.value) and "\n" not in str(info.value)


def test_the_deadline_covers_every_try_of_a_request() -> None:
    """Five tries of a server that drips: 1 s in all, not 1 s a try (5 x 120 s held one PR for 8 minutes)."""
    with _dripping_server(0.05) as url:
        gh = GitHub(url, Auth(TOKEN, "GH_TOKEN"), deadline=1.0, max_tries=5, sleep=lambda s: None)
        start = time.monotonic()
        with pytest.raises(FetchError, match="deadline"):
            gh.get_json(gh.url("repos/a/b/pulls/1"))
        took = time.monotonic() - start
        gh.close()
    assert took < 2.5, took


def test_a_pull_request_has_one_deadline_for_all_its_requests() -> None:
    """Its description, comment pages, commits and checks share one budget: the second request of a PR whose
    first one spent it is not sent."""
    with _dripping_server(0.05) as url:
        gh = GitHub(url, Auth(TOKEN, "GH_TOKEN"), deadline=1.0, max_tries=1, sleep=lambda s: None)
        start = time.monotonic()
        with gh.budget(1.5):
            for page in ("pulls/1", "issues/1/comments", "pulls/1/commits"):
                with pytest.raises(FetchError, match="deadline"):
                    gh.get_json(gh.url(f"repos/a/b/{page}"))
        took = time.monotonic() - start
        sent = gh.requests
        gh.close()
    assert took < 2.5 and sent <= 2, (took, sent)


# ---- Low: the download is capped while it streams; huge headers; GitHub's words neutralised -----------


def test_a_huge_body_is_refused_while_it_streams() -> None:
    pulled: list[int] = []

    def body() -> Iterator[bytes]:
        chunk = b"[" + b" " * 65535
        for _ in range(300 * 16):  # 300 MB, never all of it made
            pulled.append(len(chunk))
            yield chunk

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/declared"):
            return httpx.Response(200, headers={"content-length": str(300 * 2**20)}, content=body())
        return httpx.Response(200, content=body())

    gh = GitHub(API, Auth(TOKEN, "GH_TOKEN"), transport=httpx.MockTransport(handler), max_bytes=2**20)
    with pytest.raises(FetchError, match="over the") as info:
        gh.get_json(gh.url("repos/a/b/pulls/1"))
    assert "\n" not in str(info.value)
    assert sum(pulled) <= 2**20 + 2 * 65536  # stopped at the cap, not after reading the whole body
    pulled.clear()
    with pytest.raises(FetchError, match="over the"):
        gh.get_json(gh.url("repos/a/b/declared"))
    assert sum(pulled) <= 65536


@pytest.mark.parametrize("header", ["x-ratelimit-reset", "retry-after"])
def test_a_400_digit_rate_limit_header_is_one_line_not_an_overflow(header: str, tmp_path: Path) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/repos/a/b/pulls/1":  # an answer that says the limit is spent until forever
            return httpx.Response(200, headers={"x-ratelimit-remaining": "0", header: "9" * 400}, json=_pull(1))
        return httpx.Response(
            403, headers={"x-ratelimit-remaining": "0", header: "9" * 400}, json={"message": "API rate limit exceeded"}
        )

    gh = connect(
        api_url=API, env={"GH_TOKEN": TOKEN}, transport=httpx.MockTransport(handler), sleep=lambda s: None, max_tries=2
    )

    results = fetch(["a/b#1"], tmp_path / "l.db", client=gh)
    assert results[0].status == "error"
    assert results[0].error and "\n" not in results[0].error and "9" * 30 not in results[0].error


HOSTILE_MESSAGE = (
    "Not allowed\x1b]8;;https://collector.example\x07click here\x1b]8;;\x07\x1b[8m hidden"
    "\nnew         a/b#9  3 versions (+3), forged line\u202egnp.exe\x9b31m"
)


def test_githubs_error_messages_reach_output_neutralised(tmp_path: Path) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(422, json={"message": HOSTILE_MESSAGE})

    gh = connect(api_url=API, env={"GH_TOKEN": TOKEN}, transport=httpx.MockTransport(handler), sleep=lambda s: None)

    results = fetch(["a/b#1"], tmp_path / "l.db", client=gh)
    error = results[0].error or ""
    assert "Not allowed" in error and "forged line" in error
    for bad in ("\x1b", "\x07", "\n", "\u202e", "\x9b"):
        assert bad not in error, repr(bad)


def test_githubs_error_messages_reach_the_terminal_neutralised(tmp_path: Path) -> None:
    fake = FakeGitHub()
    fake.fail(f"/repos/{REPO}/pulls/{NUMBER}", 422, message=HOSTILE_MESSAGE)
    from ledger.cli.app import app

    with fake.serve() as url:
        result = CliRunner().invoke(
            app,
            ["fetch", f"{REPO}#{NUMBER}", "--api-url", url, "--db", str(tmp_path / "l.db")],
            env={"GH_TOKEN": TOKEN},
        )
    assert result.exit_code == 2
    assert "forged line" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    for bad in ("\x1b", "\x07", "\u202e", "\x9b"):
        assert bad not in result.stderr + result.stdout, repr(bad)
