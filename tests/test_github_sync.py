"""Issue 15: a whole repository's PR history through bulk GraphQL, against a stand-in GitHub that validates
every query against GitHub's schema, enforces its limits and charges its documented cost
(tests/_standin_github.py). Never the network."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("graphql", reason="graphql-core (the test extra) validates the stand-in's queries")

from _standin_github import SCHEMA_PATH, StandIn, analyse, make_repo
from typer.testing import CliRunner

from ledger.github import FetchEvents, FetchResult, connect, fetch
from ledger.github.bulk import PAGE_QUERY, REVIEW_COMMENTS_QUERY, Continuation, follow_up_query, page_cost
from ledger.github.sync import SyncSummary

pytestmark = [
    pytest.mark.skipif(not SCHEMA_PATH.is_file(), reason="../shared/github/schema.json absent"),
    pytest.mark.xdist_group("github_sync"),  # (one worker syncs the 300-PR stand-in once)
]

TOKEN = "ghp_SYNC0123456789abcdefABCDEF0123456789"
REPO = "acme/engine"


@pytest.fixture(autouse=True)
def _no_tokens(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("GH_TOKEN", "GITHUB_TOKEN", "LEDGER_GITHUB_API", "LEDGER_DB"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("ledger.github.auth._gh_token", lambda host: None)
    yield


@pytest.fixture(scope="module")
def repo300() -> dict[int, Any]:
    return make_repo(300)


@pytest.fixture(scope="module")
def synced300(repo300: dict[int, Any], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ledger holding the 300-PR stand-in after one backfill (copied by the tests that go on from it)."""
    db = tmp_path_factory.mktemp("synced") / "l.db"
    _sync(StandIn(REPO, repo300), db)
    return db


def _copy(db: Path, to: Path) -> Path:
    conn, out = sqlite3.connect(db), sqlite3.connect(to / "l.db")
    try:
        conn.backup(out)
    finally:
        conn.close()
        out.close()
    return to / "l.db"


def _sync(s: StandIn, db: Path, **kw: Any) -> tuple[list[FetchResult], SyncSummary]:
    summaries: list[SyncSummary] = []
    sleeps: list[float] = kw.pop("sleeps", [])
    client = {k: kw.pop(k) for k in ("max_tries", "max_wait", "clock") if k in kw}
    with connect(
        api_url=s.base_url,
        env={"GH_TOKEN": TOKEN},
        transport=kw.pop("transport", None) or s.transport(),
        sleep=sleeps.append,
        **client,
    ) as gh:
        results = fetch(
            [REPO], db, client=gh, state=kw.pop("state", "all"), events=FetchEvents(summary=summaries.append), **kw
        )
    assert len(summaries) == 1
    return results, summaries[0]


def _rows(db: Path, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def _dump(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return [line for line in conn.iterdump() if "github_sync" not in line]
    finally:
        conn.close()


def _texts(db: Path, key: str) -> list[str]:
    return [
        t
        for (t,) in _rows(
            db,
            "SELECT v.text FROM document_versions v JOIN documents d ON d.id = v.document_id "
            "WHERE d.key = ? ORDER BY v.version",
            (key,),
        )
    ]


def _distinct_in_order(texts: list[str]) -> list[str]:
    out: list[str] = []
    for t in texts:
        if t not in out:
            out.append(t)
    return out


def assert_everything_stored(s: StandIn, db: Path) -> None:
    """Every description version, comment, review, review comment, commit and check, text by text."""
    texts: dict[str, list[str]] = {}
    for key, text in _rows(
        db,
        "SELECT d.key, v.text FROM documents d JOIN document_versions v "
        "ON v.document_id = d.id ORDER BY d.key, v.version",
    ):
        texts.setdefault(key, []).append(text)
    commits: dict[str, list[str]] = {}
    for key, sha in _rows(
        db,
        "SELECT d.key, c.sha FROM pr_commits c JOIN documents d ON d.id = c.document_id "
        "WHERE c.current = 1 ORDER BY d.key, c.position",
    ):
        commits.setdefault(key, []).append(sha)
    gates: dict[str, list[tuple[str, str]]] = {}
    for key, metric, sha in _rows(
        db,
        "SELECT d.key, c.metric, c.sha FROM claims c JOIN documents d "
        "ON d.id = c.document_id WHERE d.kind = 'checks' AND "
        "d.latest_version_id = c.version_id ORDER BY d.key, c.ordinal",
    ):
        gates.setdefault(key, []).append((metric, sha))
    for n, p in s.pulls.items():
        key = f"{REPO}#{n}"
        assert texts.get(key) == _distinct_in_order([t for _, _, t in p.edits]), key
        for c in p.comments:
            assert texts.get(f"{key}/comment/{c.id}") == [c.body], (key, c.id)
        for r in p.reviews:
            assert texts.get(f"{key}/review/{r.id}", []) == ([r.body] if r.body else []), (key, r.id)
            for rc in r.comments:
                assert texts.get(f"{key}/review-comment/{rc.id}") == [rc.body], (key, rc.id)
        assert commits.get(key) == [oid for oid, *_ in p.commits], key
        assert gates.get(f"{key}/checks/{p.head_oid}") == [(ch.name, p.head_oid) for ch in p.checks], key
    n_docs = sum(1 + len(p.comments) + sum(1 + len(r.comments) for r in p.reviews) + 1 for p in s.pulls.values())
    assert _rows(db, "SELECT COUNT(*) FROM documents") == [(n_docs,)]


# ---- the budget: done means ----------------------------------------------------------------------------


def test_a_backfill_stores_everything_in_at_most_a_tenth_of_a_point_per_pr(
    repo300: dict[int, Any], tmp_path: Path
) -> None:
    s, db = StandIn(REPO, repo300), tmp_path / "l.db"
    results, summary = _sync(s, db)
    assert all(c.errors == [] for c in s.charges)  # GitHub would have accepted every query
    assert [r.status for r in results] == ["new"] * 300 and summary.new == 300 and summary.failed == 0
    assert s.points / 300 <= 0.1, (s.points, s.graphql_requests)
    assert summary.points == s.points and summary.requests == s.graphql_requests == s.requests
    assert s.graphql_requests <= 20  # pages and batched follow-ups, never a request per PR
    assert_everything_stored(s, db)
    assert sum(len(p.edits) for p in s.pulls.values()) > 800  # the history really is long
    assert max(len(p.edits) for p in s.pulls.values()) > 100 and max(len(p.comments) for p in s.pulls.values()) > 100
    line = summary.line()
    assert line.startswith(f"{REPO}: 300 new, 0 changed, 0 unchanged pull requests; ") and "points" in line
    assert "resets at" in line and f"{s.graphql_requests} requests" in line


def test_an_unchanged_resync_costs_at_most_three_requests_and_writes_nothing(
    repo300: dict[int, Any], synced300: Path, tmp_path: Path
) -> None:
    s, db = StandIn(REPO, repo300), _copy(synced300, tmp_path)
    before = _dump(db)
    s.reset_counts()
    results, summary = _sync(s, db)
    assert results == [] and summary.new == summary.changed == 0
    assert s.requests <= 3 and s.points <= 3, (s.requests, s.points)
    assert _dump(db) == before


def test_five_edited_prs_are_picked_up_in_at_most_six_requests(
    repo300: dict[int, Any], synced300: Path, tmp_path: Path
) -> None:
    import copy

    s, db = StandIn(REPO, copy.deepcopy(repo300)), _copy(synced300, tmp_path)
    edited = [12, 77, 150, 201, 299]
    for i, n in enumerate(edited):
        s.touch(n, 10_000 + i, s.pulls[n].body + f"\nRe-measured after review: gsm8k 7{i}.50\n")
    s.reset_counts()
    results, summary = _sync(s, db)
    assert sorted(int(r.ref.rsplit("#", 1)[1]) for r in results) == edited
    assert all(r.status == "updated" and r.new_versions == 1 for r in results)
    assert summary.changed == 5 and s.requests <= 6, s.requests
    assert_everything_stored(s, db)


def test_new_comments_and_new_prs_are_picked_up(tmp_path: Path) -> None:
    pulls = make_repo(40)
    s, db = StandIn(REPO, pulls), tmp_path / "l.db"
    _sync(s, db)
    s.touch(3, 50_000)  # a new comment
    s.pulls.update(make_repo(2, seed=99, start=41))
    for n in (41, 42):
        s.pulls[n].updated = f"2030-01-0{n - 40}T00:00:00Z"
    s.reset_counts()
    results, summary = _sync(s, db)
    assert sorted(r.ref for r in results) == [f"{REPO}#3", f"{REPO}#41", f"{REPO}#42"]
    assert summary.new == 2 and summary.changed == 1 and s.requests <= 4
    assert_everything_stored(s, db)


# ---- interruptions and the rate limit ----------------------------------------------------------------------


def test_an_interrupted_backfill_resumes_from_its_cursor(repo300: dict[int, Any], tmp_path: Path) -> None:
    s, db = StandIn(REPO, repo300), tmp_path / "l.db"
    pages: list[int] = []

    def interrupt_at_the_fourth_page(standin: StandIn) -> None:
        if standin.queries and "pullRequests(" in standin.queries[-1]:
            pages.append(1)
            if len(pages) == 4:
                raise KeyboardInterrupt

    s.after_request = interrupt_at_the_fourth_page
    with pytest.raises(KeyboardInterrupt):
        _sync(s, db)
    s.after_request = None
    stored = _rows(db, "SELECT COUNT(*) FROM documents WHERE kind = 'pr'")[0][0]
    assert stored == 150  # three pages of 50, each committed; the fourth was cut before it was stored
    [(cursor, top)] = _rows(db, "SELECT cursor, cursor_top FROM github_sync")
    assert cursor and top
    s.reset_counts()
    results, summary = _sync(s, db)
    assert summary.new == 150 and len(results) == 150  # the rest, not the first 150 again
    page_queries = [q for q in s.queries if "pullRequests(" in q]
    assert len(page_queries) <= 5  # the top (what changed meanwhile: nothing), then on from the cursor
    assert _rows(db, "SELECT cursor FROM github_sync") == [(None,)]
    assert_everything_stored(s, db)
    assert (
        _rows(db, "SELECT COUNT(*), COUNT(DISTINCT sha256 || document_id) FROM document_versions")[0][0]
        == _rows(db, "SELECT COUNT(DISTINCT sha256 || document_id) FROM document_versions")[0][0]
    )


def test_a_spent_rate_limit_stops_with_the_place_saved_and_a_rerun_continues(
    repo300: dict[int, Any], tmp_path: Path
) -> None:
    s, db = StandIn(REPO, repo300, limit=9), tmp_path / "l.db"
    results, summary = _sync(s, db, max_wait=60)
    assert summary.stopped and "run the same command again" in summary.stopped and "resets at" in summary.stopped
    first = summary.new
    assert 0 < first < 300 and all(r.ok for r in results)
    assert _rows(db, "SELECT cursor IS NOT NULL FROM github_sync") == [(1,)]
    assert s.charges and all(c.cost <= 9 for c in s.charges)  # it stopped before asking what it could not pay
    s.remaining = s.limit = 5000  # the hour has passed
    results, summary = _sync(s, db)
    assert summary.stopped is None and summary.new == 300 - first
    assert_everything_stored(s, db)


def test_a_reset_within_max_wait_is_waited_for(tmp_path: Path) -> None:
    s, db = StandIn(REPO, make_repo(120), limit=6, reset_at=1_000_100), tmp_path / "l.db"
    waited: list[float] = []

    def sleep(seconds: float) -> None:  # the hour passes while the client waits: GitHub refills
        waited.append(seconds)
        s.remaining = s.limit

    summaries: list[SyncSummary] = []
    gh = connect(
        api_url=s.base_url,
        env={"GH_TOKEN": TOKEN},
        transport=s.transport(),
        sleep=sleep,
        clock=lambda: 1_000_000.0,
        max_wait=600,
    )  # 100 s to the reset
    fetch([REPO], db, client=gh, state="all", events=FetchEvents(summary=summaries.append))
    assert summaries[0].stopped is None and summaries[0].new == 120
    assert waited and all(w == 101.0 for w in waited)
    assert all(c.cost <= 6 for c in s.charges) and not any("RATE_LIMITED" in q for q in s.queries)


# ---- what is stored ---------------------------------------------------------------------------------------


def test_checks_are_gates_tied_to_their_commit(tmp_path: Path) -> None:
    s, db = StandIn(REPO, make_repo(8)), tmp_path / "l.db"
    _sync(s, db)
    from ledger.db import ClaimFilter, claims, open_database

    p = s.pulls[3]
    ledger = open_database(db, create=False)
    try:
        gates = claims(ledger, ClaimFilter(document=f"{REPO}#3/checks/{p.head_oid}"))
    finally:
        ledger.close()
    expected = {
        "SUCCESS": "pass",
        "FAILURE": "fail",
        "SKIPPED": "not_verified",
        "NEUTRAL": "not_verified",
        "PENDING": "not_run",
    }
    assert [g["metric"] for g in gates] == [c.name for c in p.checks]
    assert [g["outcome"] for g in gates] == [expected[c.conclusion or c.status] for c in p.checks]
    for g in gates:
        assert g["kind"] == "gate" and g["sha"] == p.head_oid and g["revision"]["head"] == p.head_oid
        assert g["config"]["source"] == "GitHub checks" and g["source"]["path"] == "GitHub checks"
        assert g["source"]["text"].endswith(g["outcome_text"])
    [(kind, parent)] = _rows(
        db, "SELECT kind, parent_id FROM documents WHERE key = ?", (f"{REPO}#3/checks/{p.head_oid}",)
    )
    assert kind == "checks" and parent == _rows(db, "SELECT id FROM documents WHERE key = ?", (f"{REPO}#3",))[0][0]


def test_reviews_and_review_comments_are_documents_linked_to_the_pr(tmp_path: Path) -> None:
    pulls = make_repo(12)
    s, db = StandIn(REPO, pulls), tmp_path / "l.db"
    _sync(s, db)
    n, p = next((n, p) for n, p in pulls.items() if any(r.comments for r in p.reviews))
    review = next(r for r in p.reviews if r.comments)
    rows = _rows(
        db,
        "SELECT d.kind, d.author, d.parent_id, d.state FROM documents d WHERE d.key = ?",
        (f"{REPO}#{n}/review/{review.id}",),
    )
    pr_id = _rows(db, "SELECT id FROM documents WHERE key = ?", (f"{REPO}#{n}",))[0][0]
    assert rows == [("review", review.author, pr_id, review.state.lower())]
    rc = review.comments[0]
    [(kind, title, parent)] = _rows(
        db, "SELECT kind, title, parent_id FROM documents WHERE key = ?", (f"{REPO}#{n}/review-comment/{rc.id}",)
    )
    assert kind == "review-comment" and parent == pr_id and f"{rc.path}:{rc.line}" in title


def test_one_malformed_pr_in_a_page_costs_itself(tmp_path: Path) -> None:
    s, db = StandIn(REPO, make_repo(20)), tmp_path / "l.db"
    base = s.transport()

    def tamper(request: httpx.Request) -> httpx.Response:
        resp = base.handle_request(request)
        body = json.loads(resp.read())
        nodes = (((body.get("data") or {}).get("repository") or {}).get("pullRequests") or {}).get("nodes") or []
        if nodes:
            nodes[2]["title"] = ["a", "list", "where", "a", "string", "belongs"]
            nodes[4]["comments"]["nodes"][:0] = [{"databaseId": 5, "body": {"not": "text"}}]
            nodes[6]["body"] = "A lone surrogate \ud800 in a description; gsm8k 70.1"
        return httpx.Response(resp.status_code, headers=resp.headers, content=json.dumps(body).encode())

    results, summary = _sync(s, db, transport=httpx.MockTransport(tamper))
    errors = [r for r in results if r.status == "error"]
    assert len(errors) == 1 and summary.failed == 1 and summary.new == 19
    assert "title" in (errors[0].error or "") and "\n" not in (errors[0].error or "")
    warned = [w for r in results for w in r.warnings]
    assert any("comment" in w and "body" in w for w in warned) and any("surrogate" in w for w in warned)
    # GitHub answers whole again: the next sync reads the PR that failed (and nothing else changed).
    s.reset_counts()
    results, summary = _sync(s, db)
    assert [r.ref for r in results] == [errors[0].ref] and results[0].status == "new" and s.requests <= 4


def test_a_pr_github_could_not_give_whole_costs_itself(tmp_path: Path) -> None:
    s, db = StandIn(REPO, make_repo(12)), tmp_path / "l.db"
    base = s.transport()

    def partial(request: httpx.Request) -> httpx.Response:
        resp = base.handle_request(request)
        body = json.loads(resp.read())
        nodes = (((body.get("data") or {}).get("repository") or {}).get("pullRequests") or {}).get("nodes") or []
        if len(nodes) > 3:  # GitHub nulls what it could not resolve and says where
            nodes[3]["comments"] = None
            body["errors"] = [
                {
                    "message": "Something went wrong while executing your query.",
                    "path": ["repository", "pullRequests", "nodes", 3, "comments"],
                }
            ]
        return httpx.Response(resp.status_code, headers=resp.headers, content=json.dumps(body).encode())

    results, summary = _sync(s, db, transport=httpx.MockTransport(partial))
    assert summary.failed == 1 and summary.new == 11
    [failed] = [r for r in results if r.status == "error"]
    assert "Something went wrong" in (failed.error or "")
    results, summary = _sync(s, db)
    assert [r.ref for r in results] == [failed.ref]


# ---- the stand-in is as strict as GitHub -------------------------------------------------------------------


def _charge(query: str, variables: dict[str, Any] | None = None) -> Any:
    import graphql
    from _standin_github import schema

    doc = graphql.parse(query)
    problems = graphql.validate(schema(), doc)
    return problems or analyse(doc, variables or {})


def test_the_stand_in_refuses_what_github_refuses() -> None:
    q = 'query { repository(owner: "a", name: "b") { pullRequests(%s) { nodes { number } } } }'
    assert "first` or `last`" in _charge(q % "states: OPEN").errors[0]
    assert "exceeds the `first` limit of 100" in _charge(q % "first: 101").errors[0]
    assert _charge(q % "first: 0").errors
    deep = (
        'query { repository(owner: "a", name: "b") { pullRequests(first: 100) { nodes { '
        "comments(first: 100) { nodes { reactions(first: 100) { nodes { id } } } } } } } }"
    )
    assert "500,000" in _charge(deep).errors[0]
    assert isinstance(_charge('query { repository(owner: "a", name: "b") { noSuchField } }'), list)


def test_the_stand_in_charges_githubs_documented_cost() -> None:
    # The docs' example: 100 repositories, 50 issues each, 60 labels each: 1 + 100 + 5,000 = 5,101 -> 51.
    example = (
        "query { viewer { login repositories(first: 100) { edges { node { id issues(first: 50) { edges { "
        "node { id labels(first: 60) { edges { node { id name } } } } } } } } } } }"
    )
    assert _charge(example).cost == 51 and _charge(example).nodes == 100 + 5_000 + 300_000
    for first in (1, 10, 25, 50):
        charge = _charge(PAGE_QUERY, {"owner": "a", "name": "b", "first": first, "after": None, "states": None})
        assert charge.errors == [] and charge.cost == page_cost(first)
    ids = [f"PRR_{i}" for i in range(100)]
    assert _charge(REVIEW_COMMENTS_QUERY, {"ids": ids}).cost == 1
    query, variables = follow_up_query(
        [
            Continuation(f"PR_{i}", w, "Y3Vyc29y")
            for i, w in enumerate(["edits", "comments", "reviews", "commits", "checks", "labels"] * 16)
        ]
        + [Continuation("PRR_1", "review_comments", "Y3Vyc29y")] * 4
    )
    charge = _charge(query, variables)
    assert not isinstance(charge, list) and charge.errors == [] and charge.cost == 1


# ---- the command line ---------------------------------------------------------------------------------------


def test_the_command_prints_the_summary_line(tmp_path: Path) -> None:
    from ledger.cli.app import app

    s = StandIn(REPO, make_repo(30))
    with s.serve() as url:
        result = CliRunner().invoke(
            app,
            ["fetch", REPO, "--state", "all", "--api-url", url, "--db", str(tmp_path / "l.db")],
            env={"GH_TOKEN": TOKEN},
        )
        assert result.exit_code == 0, result.stderr
        lines = result.stdout.splitlines()
        assert len(lines) == 31 and lines[-1].startswith(f"{REPO}: 30 new, 0 changed, 0 unchanged pull requests; ")
        assert TOKEN not in result.stdout + result.stderr
        again = CliRunner().invoke(
            app,
            ["fetch", REPO, "--state", "all", "--api-url", url, "--db", str(tmp_path / "l.db")],
            env={"GH_TOKEN": TOKEN},
        )
    assert again.exit_code == 0 and again.stdout.splitlines() == [again.stdout.splitlines()[-1]]
    assert "0 new, 0 changed, 1 unchanged" in again.stdout and "; 1 request, 1 point" in again.stdout
    for path in tmp_path.iterdir():
        assert TOKEN.encode() not in path.read_bytes()


def test_limit_and_since_read_what_they_ask_and_leave_the_saved_place_alone(tmp_path: Path) -> None:
    s, db = StandIn(REPO, make_repo(60)), tmp_path / "l.db"
    results, _ = _sync(s, db, limit=7)
    newest = sorted(s.pulls.values(), key=lambda p: p.updated, reverse=True)
    assert [r.ref for r in results] == [f"{REPO}#{p.number}" for p in newest[:7]]
    assert len([q for q in s.queries if "pullRequests(" in q]) == 1  # no page asked past the limit
    assert _rows(db, "SELECT COUNT(*) FROM github_sync") == [(0,)]
    since = newest[20].updated
    results, _ = _sync(s, db, since=since)
    assert {r.ref for r in results} == {f"{REPO}#{p.number}" for p in newest[7:21]}
    assert _rows(db, "SELECT COUNT(*) FROM github_sync") == [(0,)]
    results, summary = _sync(s, db)  # the first full sync reads the rest, skipping what is stored
    assert summary.new == 60 - 21 and summary.unchanged == 21


def test_a_window_reads_only_recent_prs_and_then_goes_on_incrementally(tmp_path: Path) -> None:
    """`--window DAYS` (the Action's main line): the first sync reads only PRs updated in the window, not the
    repository's whole history; the next costs one request; a whole sync later keeps its own place."""
    from datetime import datetime, timezone

    s, db = StandIn(REPO, make_repo(60)), tmp_path / "l.db"
    newest = sorted(s.pulls.values(), key=lambda p: p.updated, reverse=True)
    # "now" is two days after the 15th newest update: the window of 2 days holds the 15 newest PRs (and ties)
    at = datetime.strptime(newest[14].updated, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp()
    results, summary = _sync(s, db, window_days=2, clock=lambda: at + 2 * 86400)
    assert {r.ref for r in results} == {f"{REPO}#{p.number}" for p in newest if p.updated >= newest[14].updated}
    assert summary.new == len(results) < 60
    s.reset_counts()
    results, summary = _sync(s, db, window_days=2, clock=lambda: at + 2 * 86400)
    assert results == [] and s.graphql_requests == 1 and summary.new == summary.changed == 0
    results, summary = _sync(s, db)  # a whole sync has no place yet: it reads the rest, skipping what is stored
    assert summary.new == 60 - len({p.number for p in newest if p.updated >= newest[14].updated})
    scopes = sorted(scope for (scope,) in _rows(db, "SELECT scope FROM github_sync"))
    assert scopes == ["all", "all, last 2 days"]


def test_a_window_goes_with_neither_since_nor_limit(tmp_path: Path) -> None:
    from ledger.cli.app import app

    runner = CliRunner()
    for extra in (["--since", "2024-01-01"], ["--limit", "5"], []):
        result = runner.invoke(
            app,
            ["fetch", REPO, "--window", "0" if not extra else "30", *extra, "--db", str(tmp_path / "l.db")],
            env={"GH_TOKEN": TOKEN, "LEDGER_GITHUB_API": "http://127.0.0.1:9"},
        )  # never asked
        assert result.exit_code == 2 and "--window" in result.output and "Traceback" not in result.output
