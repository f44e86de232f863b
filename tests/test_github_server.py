"""`ledger fetch` end to end against a small HTTP server on 127.0.0.1 that plays GitHub (never the network):
pagination with Link headers, a 403 with retry-after, ETag 304s, a GraphQL edit history of three versions."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from _fake_github import EDITS, HEAD_SHA, NUMBER, REPO, FakeGitHub
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.github import Auth, GitHub, PullRef, description_edits, get_pages

TOKEN = "ghp_SERVERTOKEN9876543210zyxwvuZYXWVU4321"
PR = f"{REPO}#{NUMBER}"


@pytest.fixture(autouse=True)
def _no_tokens(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("GH_TOKEN", "GITHUB_TOKEN", "LEDGER_GITHUB_API", "LEDGER_DB"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("ledger.github.auth._gh_token", lambda host: None)
    yield


@pytest.fixture
def server() -> Iterator[tuple[FakeGitHub, str]]:
    fake = FakeGitHub()
    with fake.serve() as url:
        yield fake, url


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Waits are recorded, not slept: a retry-after of seconds costs the suite nothing."""
    waited: list[float] = []
    monkeypatch.setattr("time.sleep", waited.append)
    return waited


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env=env or {})
    return result.exit_code, result.stdout, result.stderr


def _dump(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def test_library_against_the_server(server: tuple[FakeGitHub, str]) -> None:
    fake, url = server
    fake.fail(f"/repos/{REPO}/issues/{NUMBER}/comments", 403, {"retry-after": "2"})
    waited: list[float] = []
    with GitHub(url, Auth(TOKEN, "GH_TOKEN"), sleep=waited.append) as gh:
        pages = get_pages(gh, gh.url(f"repos/{REPO}/issues/{NUMBER}/comments", {"per_page": 100}))
        edits = description_edits(gh, PullRef(REPO, NUMBER))
    assert waited == [2.0]
    assert [c["id"] for c in pages.items] == [9001, 9002, 9003] and len(pages.entries) == 2
    assert [e.at for e in edits] == sorted(e.at for e in edits) and len(edits) == 3


def test_done_means(server: tuple[FakeGitHub, str], sleeps: list[float], tmp_path: Path) -> None:
    fake, url = server
    db = str(tmp_path / "ledger.db")
    env = {"GH_TOKEN": TOKEN}
    fake.fail(f"/repos/{REPO}/issues/{NUMBER}/comments", 403, {"retry-after": "1"})
    outputs: list[str] = []

    code, out, err = run("fetch", PR, "--api-url", url, "--db", db, env=env)
    outputs += [out, err]
    assert code == 0, err
    assert sleeps == [1.0]  # the 403's retry-after was honoured
    assert out.startswith("new") and "3 versions (+3)" in out and "3 comments" in out
    assert "stated head 13c21f460b (PR commit 1 of 3), GitHub head 257d5f0a1c" in out

    # Three document versions, oldest first, each with its claims.
    code, out, err = run("show", PR, "--format", "json", "--db", db)
    outputs += [out, err]
    info = json.loads(out)
    assert [v["version"] for v in info["versions"]] == [1, 2, 3] and all(v["n_claims"] > 0 for v in info["versions"])
    assert info["document"]["head_sha"] == HEAD_SHA and info["document"]["state"] == "merged"
    assert [(v["edited_at"], v["editor"]) for v in info["versions"]] == [(at, who) for at, who, _ in EDITS]
    code, out, err = run(
        "claims", "--document", PR, "--all-versions", "--metric", "gsm8k*", "--format", "jsonl", "--db", db
    )
    outputs += [out, err]
    values = [(c["source"]["version"], c["value"]) for c in map(json.loads, out.splitlines())]
    assert values == [(1, 71.65), (2, 71.1), (3, 64.2)]

    # `ledger compare` across them.
    code, out, err = run("compare", PR, "--db", db)
    outputs += [out, err]
    assert code == 0, err
    assert "R1  First push 13c21f460b" in out and "R4  Final head 13c21f460b" in out  # revisions, not versions
    assert "R3  comment by mkato-dev 2024-05-02" in out  # a comment with a result is a revision, in time order
    assert any(line.startswith("REGRESSION") and "gsm8k" in line for line in out.splitlines())
    assert HEAD_SHA[:10] in out  # the head GitHub reported, next to the revisions the text states

    # Re-running the fetch writes nothing new, and costs no rate limit (every GET a 304, no GraphQL).
    before, rate = _dump(Path(db)), fake.rate_remaining
    fake.seen.clear()
    code, out, err = run(
        "fetch", f"https://github.com/{REPO}/pull/{NUMBER}", "--db", db, env={**env, "LEDGER_GITHUB_API": url}
    )
    outputs += [out, err]
    assert code == 0 and out.startswith("unchanged")
    assert _dump(Path(db)) == before and fake.rate_remaining == rate
    assert fake.seen and all(s.method == "GET" and s.headers.get("if-none-match") for s in fake.seen)
    assert all(s.headers.get("authorization") == f"Bearer {TOKEN}" for s in fake.seen)

    # The token appears nowhere: not in the database files, not in any output.
    for path in tmp_path.iterdir():
        assert TOKEN.encode() not in path.read_bytes(), path
    assert not any(TOKEN in text for text in outputs)


def test_bulk_fetch_reports_failures_at_the_end(
    server: tuple[FakeGitHub, str], sleeps: list[float], tmp_path: Path
) -> None:
    _, url = server
    db = str(tmp_path / "ledger.db")
    code, out, err = run(
        "fetch", REPO, "--rest", "--state", "merged", "--api-url", url, "--db", db, env={"GH_TOKEN": TOKEN}
    )
    assert code == 1
    assert out.splitlines()[0].startswith(f"new         {PR}")
    assert "1 of 2 pull requests failed" in err and f"{REPO}#5: " in err and "404 not found" in err
    assert TOKEN not in out + err
    # A second run (as after an interrupt) adds nothing and repeats the one failure.
    before = _dump(Path(db))
    code, out, err = run(
        "fetch", REPO, "--rest", "--state", "merged", "--api-url", url, "--db", db, env={"GH_TOKEN": TOKEN}
    )
    assert code == 1 and out.startswith("unchanged") and _dump(Path(db)) == before


def test_anonymous_fetch_says_what_it_cannot_do(server: tuple[FakeGitHub, str], tmp_path: Path) -> None:
    fake, url = server
    db = str(tmp_path / "ledger.db")
    code, out, err = run("fetch", PR, "--api-url", url, "--db", db)
    assert code == 0 and "1 version (+1)," in out
    assert "note: no GitHub token" in err and "edit history" in err
    assert not any("authorization" in s.headers for s in fake.seen)


def test_usage_errors(tmp_path: Path) -> None:
    db = str(tmp_path / "ledger.db")
    code, _, err = run("fetch", "not-a-target", "--db", db)
    assert code == 2 and "expected OWNER/REPO#N" in err
    code, _, err = run("fetch", PR, "--api-url", "https://user:secret@example.test", "--db", db)
    assert code == 2 and "credentials" in err and "secret" not in err
    code, _, err = run("fetch", REPO, "--since", "yesterday", "--db", db)
    assert code == 2 and "--since" in err


def test_interrupted_fetch_exits_130_and_a_rerun_completes(
    server: tuple[FakeGitHub, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, url = server
    db = str(tmp_path / "ledger.db")

    def interrupt(seconds: float) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("time.sleep", interrupt)
    fake.fail(f"/repos/{REPO}/pulls/{NUMBER}/commits", 503)  # the retry's wait is where Ctrl-C lands
    code, _, err = run("fetch", PR, "--api-url", url, "--db", db, env={"GH_TOKEN": TOKEN})
    assert code == 130 and "interrupted" in err and "run the same command again" in err
    monkeypatch.undo()
    monkeypatch.setattr("ledger.github.auth._gh_token", lambda host: None)
    code, out, _ = run("fetch", PR, "--api-url", url, "--db", db, env={"GH_TOKEN": TOKEN})
    assert code == 0 and out.startswith("new") and "3 versions (+3)" in out and "3 comments (+3)" in out


def test_no_comments(server: tuple[FakeGitHub, str], tmp_path: Path) -> None:
    fake, url = server
    code, out, _ = run(
        "fetch", PR, "--no-comments", "--api-url", url, "--db", str(tmp_path / "l.db"), env={"GH_TOKEN": TOKEN}
    )
    assert code == 0 and "0 comments" in out
    assert not any(s.path.endswith("/comments") for s in fake.seen)
