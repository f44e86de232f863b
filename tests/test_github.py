"""ledger.github against recorded GitHub answers served through httpx.MockTransport (never the network)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from _fake_github import DESC_V1, DESC_V3, EDITS, HEAD_SHA, NUMBER, REPO, FakeGitHub

from ledger.db import ClaimFilter, claims, open_database
from ledger.db.pulls import CacheEntry
from ledger.errors import FetchError, RateLimited, UsageError
from ledger.github import (
    ANONYMOUS_NOTE,
    Auth,
    FetchEvents,
    FetchResult,
    GitHub,
    PullRef,
    connect,
    fetch,
    get_pages,
    graphql_url,
    parse_link,
    parse_since,
    parse_target,
    resolve_auth,
)

TOKEN = "ghp_TESTTOKEN0123456789abcdefABCDEF0123"


@pytest.fixture(autouse=True)
def _no_tokens(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No test sees a real token, and none can ask a real `gh`."""
    for name in ("GH_TOKEN", "GITHUB_TOKEN", "LEDGER_GITHUB_API", "GH_HOST", "GH_ENTERPRISE_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("ledger.github.auth._gh_token", lambda host: None)
    yield


def _fetch(
    fake: FakeGitHub, db: Path, targets: list[str] | None = None, token: str | None = TOKEN, **kw: Any
) -> list[FetchResult]:
    sleeps: list[float] = kw.pop("sleeps", [])
    env = {"GH_TOKEN": token} if token else {}
    client = {k: kw.pop(k) for k in ("max_tries", "max_wait") if k in kw}
    if "on_note" in kw:
        kw["events"] = FetchEvents(note=kw.pop("on_note"))
    with connect(api_url=fake.base_url, env=env, transport=fake.transport(), sleep=sleeps.append, **client) as gh:
        return fetch(targets or [f"{REPO}#{NUMBER}"], db, client=gh, **kw)


def _dump(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def _rows(db: Path, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


# ---- parsing targets, links, dates --------------------------------------------------------------------


def test_targets() -> None:
    assert parse_target("NVIDIA/TensorRT-LLM#4821") == PullRef("NVIDIA/TensorRT-LLM", 4821)
    assert parse_target("https://github.com/vllm-project/vllm/pull/12345/files") == PullRef("vllm-project/vllm", 12345)
    assert parse_target("https://ghe.example.com/team/engine/pull/9") == PullRef("team/engine", 9)
    assert parse_target("sgl-project/sglang") == "sgl-project/sglang"
    for bad in ("not a repo", "owner/name#0", "#12", "owner/name#x", "a" * 5000):
        with pytest.raises(UsageError):
            parse_target(bad)


def test_graphql_url_and_links() -> None:
    assert graphql_url("https://api.github.com") == "https://api.github.com/graphql"
    assert graphql_url("https://ghe.example.com/api/v3/") == "https://ghe.example.com/api/graphql"
    header = (
        '<https://api.github.com/repositories/1/issues/7/comments?page=2>; rel="next", '
        '<https://api.github.com/repositories/1/issues/7/comments?page=5>; rel="last"'
    )
    assert parse_link(header) == {
        "next": "https://api.github.com/repositories/1/issues/7/comments?page=2",
        "last": "https://api.github.com/repositories/1/issues/7/comments?page=5",
    }
    assert parse_link(None) == {} and parse_link("garbage <<<; rel=") == {}
    assert parse_since("2024-05-01") == "2024-05-01T00:00:00Z"
    assert parse_since("2024-05-01T12:00:00+02:00") == "2024-05-01T10:00:00Z"
    with pytest.raises(UsageError):
        parse_since("last tuesday")


def test_api_url_with_credentials_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="credentials"):
        connect(api_url="https://user:pw@api.github.com", env={})
    with pytest.raises(UsageError):
        GitHub("ftp://example.com")


# ---- authentication ------------------------------------------------------------------------------------


def test_token_order() -> None:
    assert resolve_auth({"GH_TOKEN": "a" * 8, "GITHUB_TOKEN": "b" * 8}, gh=None).source == "GH_TOKEN"
    assert resolve_auth({"GITHUB_TOKEN": "b" * 8}, gh=None).source == "GITHUB_TOKEN"
    assert resolve_auth({}, gh=lambda host: "c" * 8).source == "gh auth token"
    anon = resolve_auth({"GH_TOKEN": "  "}, gh=lambda host: None)
    assert anon.anonymous and anon.source == "anonymous"
    auth = Auth(TOKEN, "GH_TOKEN")
    assert TOKEN not in repr(auth) and auth.redact(f"x {TOKEN} y") == "x [token] y"


def test_gh_is_asked_for_the_enterprise_host() -> None:
    hosts: list[str | None] = []
    resolve_auth({}, gh=lambda host: hosts.append(host) or None, api_url="https://ghe.example.com/api/v3")
    assert hosts == ["ghe.example.com"]


def test_bad_credentials_message_does_not_carry_the_token() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        assert request.headers["authorization"] == f"Bearer {TOKEN}"
        return httpx.Response(401, json={"message": f"Bad credentials {TOKEN}"})

    gh = GitHub("https://api.github.test", Auth(TOKEN, "GH_TOKEN"), transport=httpx.MockTransport(handler))
    with pytest.raises(FetchError) as info:
        gh.get(gh.url("repos/a/b/pulls/1"))
    assert TOKEN not in str(info.value) and "GH_TOKEN" in str(info.value) and "401" in str(info.value)


# ---- rate limits and retries ---------------------------------------------------------------------------


def _client(answers: list[httpx.Response], **kw: Any) -> tuple[GitHub, list[float], list[httpx.Request]]:
    sent: list[httpx.Request] = []
    sleeps: list[float] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return answers.pop(0) if answers else httpx.Response(200, json={"ok": True})

    gh = GitHub(
        "https://api.github.test",
        Auth(TOKEN, "GH_TOKEN"),
        transport=httpx.MockTransport(handler),
        sleep=sleeps.append,
        clock=lambda: 1_000_000.0,
        **kw,
    )
    return gh, sleeps, sent


def test_retry_after_on_403_and_429() -> None:
    gh, sleeps, sent = _client(
        [
            httpx.Response(403, headers={"retry-after": "3"}, json={"message": "secondary rate limit"}),
            httpx.Response(429, headers={"retry-after": "1"}),
        ]
    )
    assert gh.get_json(gh.url("repos/a/b/pulls/1")) == {"ok": True}
    assert sleeps == [3.0, 1.0] and len(sent) == 3


def test_primary_limit_waits_for_the_reset() -> None:
    gh, sleeps, _ = _client(
        [
            httpx.Response(
                403,
                headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": "1000030"},
                json={"message": "API rate limit exceeded"},
            )
        ]
    )
    gh.get_json(gh.url("repos/a/b/pulls/1"))
    assert sleeps == [31.0]


def test_a_reset_too_far_away_gives_up_at_once() -> None:
    gh, sleeps, sent = _client(
        [httpx.Response(403, headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": "1009000"})], max_wait=60
    )
    with pytest.raises(RateLimited, match="try again later"):
        gh.get_json(gh.url("repos/a/b/pulls/1"))
    assert sleeps == [] and len(sent) == 1


def test_secondary_limit_without_hint_backs_off() -> None:
    gh, sleeps, _ = _client([httpx.Response(403, json={"message": "You have exceeded a secondary rate limit"})])
    gh.get_json(gh.url("repos/a/b/pulls/1"))
    assert sleeps == [60.0]


def test_5xx_backoff_is_bounded() -> None:
    gh, sleeps, sent = _client([httpx.Response(502) for _ in range(10)], max_tries=4)
    with pytest.raises(FetchError, match=r"gave up after 4 tries \(502 from GitHub\)") as info:
        gh.get_json(gh.url("repos/a/b/pulls/1"))
    assert len(sent) == 4 and sleeps == [2.0, 4.0, 8.0]
    assert TOKEN not in str(info.value)


def test_network_errors_are_retried_then_reported() -> None:
    calls: list[int] = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(1)
        raise httpx.ConnectError("connection refused")

    gh = GitHub(
        "https://api.github.test",
        Auth(TOKEN, "GH_TOKEN"),
        transport=httpx.MockTransport(handler),
        sleep=lambda s: None,
        max_tries=3,
    )
    with pytest.raises(FetchError, match="network error"):
        gh.get_json(gh.url("x"))
    assert len(calls) == 3


def test_403_forbidden_is_final_and_404_names_the_cause() -> None:
    gh, sleeps, sent = _client(
        [
            httpx.Response(403, json={"message": "Resource not accessible by integration"}),
            httpx.Response(404, json={"message": "Not Found"}),
        ]
    )
    with pytest.raises(FetchError, match="403 forbidden: Resource not accessible"):
        gh.get_json(gh.url("a"))
    with pytest.raises(FetchError, match="404 not found"):
        gh.get_json(gh.url("b"))
    assert sleeps == [] and len(sent) == 2


def test_pagination_with_link_headers_and_304_pages() -> None:
    fake = FakeGitHub()
    gh = GitHub(fake.base_url, Auth(TOKEN, "GH_TOKEN"), transport=fake.transport(), sleep=lambda s: None)
    url = gh.url(f"repos/{REPO}/issues/{NUMBER}/comments", {"per_page": 100})
    first = get_pages(gh, url)
    assert [c["id"] for c in first.items] == [9001, 9002, 9003] and first.changed
    assert [e.next_url is not None for e in first.entries] == [True, False]
    cache = {e.url: e for e in first.entries}
    again = get_pages(gh, url, cache=cache.get)
    assert again.items == [] and not again.changed and gh.not_modified == 2
    assert [e.url for e in again.entries] == [e.url for e in first.entries]


def test_a_full_page_cached_without_next_is_followed() -> None:
    fake = FakeGitHub()
    fake.comments_per_page = 100
    gh = GitHub(fake.base_url, Auth(TOKEN, "GH_TOKEN"), transport=fake.transport())
    url = gh.url(f"repos/{REPO}/issues/{NUMBER}/comments", {"per_page": 100})
    stale = CacheEntry(url, 'W/"stale"', None, None, "100 items")
    pages = get_pages(gh, url, cache=lambda u: stale if u == url else None)
    assert [c["id"] for c in pages.items] == [9001, 9002, 9003]  # the stale tag missed, page 1 re-read


# ---- fetching into the ledger --------------------------------------------------------------------------


def test_three_edits_become_three_versions_oldest_first(tmp_path: Path) -> None:
    fake, dbp = FakeGitHub(), tmp_path / "l.db"
    [r] = _fetch(fake, dbp)
    assert r.status == "new" and r.versions == 3 and r.new_versions == 3 and r.comments == 3
    assert r.github_head == HEAD_SHA and r.stated_heads == ["13c21f460b"]
    assert "stated head 13c21f460b (PR commit 1 of 3), GitHub head 257d5f0a1c" in r.summary()
    versions = _rows(
        dbp,
        "SELECT v.version, v.edited_at, v.editor, v.text FROM document_versions v "
        "JOIN documents d ON d.id = v.document_id WHERE d.key = ? ORDER BY v.version",
        (f"{REPO}#{NUMBER}",),
    )
    assert [(v[0], v[1], v[2]) for v in versions] == [(i + 1, at, who) for i, (at, who, _) in enumerate(EDITS)]
    assert versions[0][3] == DESC_V1 and versions[2][3] == DESC_V3 and "\r" not in versions[2][3]
    [doc] = _rows(
        dbp,
        "SELECT author, state, merged_at, labels, head_sha, base_sha, kind, title, url FROM documents WHERE key = ?",
        (f"{REPO}#{NUMBER}",),
    )
    assert doc[:4] == ("mkato-dev", "merged", "2024-05-04T08:00:00Z", '["perf", "MTP"]')
    assert doc[4] == HEAD_SHA and doc[6] == "pr" and doc[8].endswith("/pull/7")
    ledger = open_database(dbp, create=False)
    try:
        gsm = [
            c["value"]
            for c in claims(ledger, ClaimFilter(document=f"{REPO}#{NUMBER}", all_versions=True, metric="gsm8k*"))
        ]
        assert gsm == [71.65, 71.10, 64.20]
        newest = claims(ledger, ClaimFilter(document=f"{REPO}#{NUMBER}", metric="gsm8k*"))
        assert [c["revision"]["head"] for c in newest] == ["13c21f460b"]
        # Comments are documents of their own, linked to the PR, with author and time.
        comments = _rows(
            ledger_path := dbp,
            "SELECT key, author, authored_at, parent_id, pr FROM documents WHERE kind = 'comment' ORDER BY authored_at",
        )
        assert [c[1] for c in comments] == ["ci-bot", "mkato-dev", "reviewer-ly"]
        assert {c[3] for c in comments} == {1} and {c[4] for c in comments} == {NUMBER}
        bot = claims(ledger, ClaimFilter(document=f"{REPO}#{NUMBER}/comment/9001"))
        assert bot and ledger_path
    finally:
        ledger.close()
    seen = [(s.method, s.path) for s in fake.seen]
    assert seen.count(("POST", "/graphql")) == 2  # the edit history, two per page in the fake
    assert all(s.headers.get("authorization") == f"Bearer {TOKEN}" for s in fake.seen)


def test_refetch_of_an_unchanged_pr_costs_nothing_and_writes_nothing(tmp_path: Path) -> None:
    fake, dbp = FakeGitHub(), tmp_path / "l.db"
    _fetch(fake, dbp)
    before, rate = _dump(dbp), fake.rate_remaining
    fake.seen.clear()
    [r] = _fetch(fake, dbp)
    assert r.status == "unchanged" and r.new_versions == 0 and r.versions == 3
    assert _dump(dbp) == before
    assert fake.rate_remaining == rate  # every answer was a 304
    assert all(s.headers.get("if-none-match") for s in fake.seen if s.method == "GET")
    assert not any(s.path == "/graphql" for s in fake.seen)


def test_a_new_edit_and_a_new_comment_are_added(tmp_path: Path) -> None:
    fake, dbp = FakeGitHub(), tmp_path / "l.db"
    _fetch(fake, dbp)
    fake.edits.append(("2024-05-05T08:00:00Z", "mkato-dev", DESC_V3 + "\nRebased once more, nothing changed.\n"))
    fake.comments.append(
        (9004, "ci-bot", "2024-05-05T09:00:00Z", "PR_Github #5200 [ run ] completed with state FAILURE")
    )
    fake.seen.clear()
    [r] = _fetch(fake, dbp)
    assert r.status == "updated" and r.versions == 4 and r.new_versions == 1 and r.comments == 4
    assert r.new_comments == 1
    pages = [s.query.get("page") for s in fake.seen if s.path.endswith("/comments")]
    assert pages == [None, "2"]
    latest = _rows(
        dbp,
        "SELECT v.version, v.edited_at FROM documents d JOIN document_versions v "
        "ON v.id = d.latest_version_id WHERE d.key = ?",
        (f"{REPO}#{NUMBER}",),
    )
    assert latest == [(4, "2024-05-05T08:00:00Z")]


def test_anonymous_stores_the_current_text_then_a_token_adds_the_history_in_order(tmp_path: Path) -> None:
    fake, dbp = FakeGitHub(), tmp_path / "l.db"
    notes: list[str] = []
    [r] = _fetch(fake, dbp, token=None, on_note=notes.append)
    assert notes == [ANONYMOUS_NOTE] and r.versions == 1
    assert not any(s.path == "/graphql" or "authorization" in s.headers for s in fake.seen)
    [r] = _fetch(fake, dbp)
    assert r.status == "updated" and r.versions == 3 and r.new_versions == 2
    order = _rows(
        dbp,
        "SELECT v.version, v.text FROM document_versions v JOIN documents d ON d.id = v.document_id "
        "WHERE d.key = ? ORDER BY v.version",
        (f"{REPO}#{NUMBER}",),
    )
    assert [t for _, t in order] == [DESC_V1, EDITS[1][2], DESC_V3]  # renumbered by edit time
    latest = _rows(
        dbp,
        "SELECT v.text FROM documents d JOIN document_versions v ON v.id = d.latest_version_id WHERE d.key = ?",
        (f"{REPO}#{NUMBER}",),
    )
    assert latest == [(DESC_V3,)]


def test_a_failure_midway_stores_nothing_and_a_rerun_completes(tmp_path: Path) -> None:
    fake, dbp = FakeGitHub(), tmp_path / "l.db"
    fake.fail(f"/repos/{REPO}/issues/{NUMBER}/comments", 500, times=5)
    [r] = _fetch(fake, dbp, max_tries=3)
    assert r.status == "error" and "gave up after 3 tries" in (r.error or "")
    assert _rows(dbp, "SELECT COUNT(*) FROM documents") == [(0,)]
    assert _rows(dbp, "SELECT COUNT(*) FROM http_cache") == [(0,)]
    fake.failures.clear()
    [r] = _fetch(fake, dbp)
    assert r.status == "new" and r.versions == 3 and r.comments == 3


def test_an_interrupt_rolls_back_the_pr_and_a_rerun_has_no_gaps(tmp_path: Path) -> None:
    fake, dbp = FakeGitHub(), tmp_path / "l.db"
    _fetch(fake, dbp)
    fake.edits.append(("2024-05-06T08:00:00Z", "mkato-dev", DESC_V3 + "\nOne more edit.\n"))
    fake.comments.append((9005, "mkato-dev", "2024-05-06T09:00:00Z", "gsm8k 64.90 on the rebased head"))
    before = _dump(dbp)
    base = fake.transport()

    def interrupting(request: httpx.Request) -> httpx.Response:
        if request.url.params.get("page") == "2":
            raise KeyboardInterrupt
        return base.handle_request(request)

    with pytest.raises(KeyboardInterrupt):
        gh = connect(api_url=fake.base_url, env={"GH_TOKEN": TOKEN}, transport=httpx.MockTransport(interrupting))
        fetch([f"{REPO}#{NUMBER}"], dbp, client=gh)
    assert _dump(dbp) == before
    [r] = _fetch(fake, dbp)
    assert r.versions == 4 and r.comments == 4 and r.new_versions == 1 and r.new_comments == 1
    assert _rows(dbp, "SELECT COUNT(*), COUNT(DISTINCT sha256) FROM document_versions") == [(8, 8)]


def test_bulk_listing_with_state_since_and_limit(tmp_path: Path) -> None:
    fake, dbp = FakeGitHub(), tmp_path / "l.db"
    results = _fetch(fake, dbp, targets=[REPO], state="all", rest=True)  # the REST listing, one PR at a time
    assert [r.ref for r in results] == [f"{REPO}#{n}" for n in (7, 6, 5, 4)]
    assert [r.status for r in results] == ["new", "error", "error", "error"]
    assert "404 not found" in (results[1].error or "")
    assert [r.ref for r in _fetch(fake, dbp, targets=[REPO], state="merged", rest=True)] == [f"{REPO}#7", f"{REPO}#5"]
    assert [r.ref for r in _fetch(fake, dbp, targets=[REPO], state="all", limit=1, rest=True)] == [f"{REPO}#7"]
    assert [r.ref for r in _fetch(fake, dbp, targets=[REPO], state="all", since="2024-05-19", rest=True)] == [
        f"{REPO}#7",
        f"{REPO}#6",
    ]
    listing = [s for s in fake.seen if s.path == f"/repos/{REPO}/pulls"]
    assert listing[0].query == {"state": "all", "sort": "updated", "direction": "desc", "per_page": "100"}
    assert {s.query["state"] for s in listing} >= {"closed"}  # merged lists closed PRs and keeps the merged


def test_a_spent_rate_limit_stops_the_batch(tmp_path: Path) -> None:
    fake, dbp = FakeGitHub(), tmp_path / "l.db"
    fake.fail(f"/repos/{REPO}/pulls/{NUMBER}", 403, {"x-ratelimit-remaining": "0", "x-ratelimit-reset": "4000000000"})
    results = _fetch(fake, dbp, targets=[f"{REPO}#{NUMBER}", f"{REPO}#6"], max_wait=10)
    assert [r.status for r in results] == ["error", "error"] and all(r.rate_limited for r in results)
    assert "not fetched" in (results[1].error or "")
    assert not any(s.path == f"/repos/{REPO}/pulls/6" for s in fake.seen)


def test_bad_answers_are_one_prs_error_not_a_traceback(tmp_path: Path) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/pulls/1"):
            return httpx.Response(200, text="<html>not json</html>")
        return httpx.Response(200, json={"number": "two", "head": None})

    dbp = tmp_path / "l.db"
    gh = connect(api_url="https://api.github.test", env={"GH_TOKEN": TOKEN}, transport=httpx.MockTransport(handler))
    results = fetch(["a/b#1", "a/b#2"], dbp, client=gh)
    assert [r.status for r in results] == ["error", "error"]
    assert "not JSON" in (results[0].error or "") and "not a pull request" in (results[1].error or "")


def test_graphql_refusal_keeps_the_current_text_and_a_later_run_reads_the_history(tmp_path: Path) -> None:
    fake, dbp = FakeGitHub(), tmp_path / "l.db"
    fake.fail("/graphql", 403, message="Resource not accessible by integration")  # final, not retried
    [r] = _fetch(fake, dbp)
    assert r.status == "new" and r.versions == 1 and "edit history unavailable" in r.warnings[0]
    assert TOKEN not in r.warnings[0]
    [r] = _fetch(fake, dbp)  # the pull was stored without history, so it is asked in full again
    assert r.versions == 3 and r.new_versions == 2


def test_graphql_rate_limited_error_is_waited_for() -> None:
    answers = [
        httpx.Response(200, json={"errors": [{"type": "RATE_LIMITED", "message": "API rate limit exceeded"}]}),
        httpx.Response(200, json={"data": {"viewer": {"login": "x"}}}),
    ]
    gh, sleeps, sent = _client(answers)
    assert gh.graphql("query { viewer { login } }", {}) == {"viewer": {"login": "x"}}
    assert sleeps == [60.0] and len(sent) == 2
    gh, _, _ = _client([httpx.Response(200, json={"errors": [{"message": "Field 'x' doesn't exist"}]})])
    with pytest.raises(FetchError, match="GraphQL: Field 'x'"):
        gh.graphql("query { x }", {})


def test_dot_names_are_not_repositories() -> None:
    for bad in ("owner/..", "owner/..#3", "https://github.com/owner/../pull/3"):
        with pytest.raises(UsageError):
            parse_target(bad)


def test_a_token_is_not_sent_over_plain_http_to_another_host(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="plain http") as info:
        connect(api_url="http://ghe.example.test/api/v3", env={"GH_TOKEN": TOKEN})
    assert TOKEN not in str(info.value)


def test_public_surface() -> None:
    import ledger.github as mod

    assert all(hasattr(mod, name) for name in mod.__all__)


def test_stated_heads_are_resolved_against_the_prs_commits(tmp_path: Path) -> None:
    fake, dbp = FakeGitHub(), tmp_path / "l.db"
    [r] = _fetch(fake, dbp)
    assert r.stated_notes == {"13c21f460b": "PR commit 1 of 3"}
    # A force push replaces the first two commits: the stated head was tested, then pushed away.
    fake.commits = [
        ("aaaa1111bbbb2222cccc3333dddd4444eeee5555", "2024-05-04T00:00:00Z", "mkato-dev", "Squashed"),
        fake.commits[-1],
    ]
    [r] = _fetch(fake, dbp)
    assert r.status == "updated" and r.stated_notes == {"13c21f460b": "a PR commit no longer in the PR"}
    assert _rows(dbp, "SELECT sha, position, current FROM pr_commits ORDER BY current DESC, position") == [
        ("aaaa1111bbbb2222cccc3333dddd4444eeee5555", 1, 1),
        (HEAD_SHA, 2, 1),
        ("13c21f460b5a4d3e2f1a0b9c8d7e6f5a4b3c2d1e", 1, 0),
        ("8e2d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d", 2, 0),
    ]
    before = _dump(dbp)
    [r] = _fetch(fake, dbp)
    assert r.status == "unchanged" and _dump(dbp) == before
    # A sha the PR never had.
    fake.edits.append(
        ("2024-05-07T00:00:00Z", "mkato-dev", DESC_V3.replace("Final head (13c21f460b", "Final head (0badc0de99"))
    )
    [r] = _fetch(fake, dbp)
    assert r.stated_notes == {"0badc0de99": "not a commit of this PR"}


def test_an_edit_back_to_an_earlier_text_keeps_that_text_as_the_latest(tmp_path: Path) -> None:
    fake, dbp = FakeGitHub(), tmp_path / "l.db"
    fake.edits = [EDITS[0], EDITS[1], ("2024-05-04T00:00:00Z", "mkato-dev", EDITS[0][2])]  # A, B, back to A
    [r] = _fetch(fake, dbp)
    assert r.versions == 2
    latest = _rows(
        dbp,
        "SELECT v.text FROM documents d JOIN document_versions v ON v.id = d.latest_version_id WHERE d.key = ?",
        (f"{REPO}#{NUMBER}",),
    )
    assert latest == [(DESC_V1,)]


def test_a_parser_failure_costs_one_text_not_the_pr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ledger.ingest.prepare

    real = ledger.ingest.prepare.prepare_version

    def flaky(src: Any, identity: Any, *args: Any, **kw: Any) -> Any:
        if identity.key.endswith("/comment/9002"):
            raise IndexError("an extractor bug")
        return real(src, identity, *args, **kw)

    monkeypatch.setattr(ledger.ingest.prepare, "prepare_version", flaky)
    fake, dbp = FakeGitHub(), tmp_path / "l.db"
    [r] = _fetch(fake, dbp)
    assert r.status == "new" and r.versions == 3 and r.comments == 3
    assert any("comment/9002: could not be parsed (IndexError" in w for w in r.warnings)


def test_hostile_headers_and_targets_parse_in_linear_time() -> None:
    import time

    start = time.process_time()
    for header in ("<" * 20_000, "<" + "a" * 20_000, ("<" + "a" * 3999) * 5 + ">", '<x>; rel="' * 3000):
        assert parse_link(header) == {}
    for text in (
        "a/" + "b" * 10_000 + "#1",
        "https://" + "h" * 199 + "/" + "o/" * 3000 + "pull/1",
        "https://github.com/o/r/pull/1" + "?" * 5000,
        "2024-05-01" + "T" * 10_000,
    ):
        with pytest.raises(UsageError):
            parse_since(text) if text.startswith("2024") else parse_target(text)
    assert time.process_time() - start < 1.0
