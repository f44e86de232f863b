"""`ledger ingest --from-gh` and `--from-github-to-sqlite`: pull requests others already read from GitHub
(the JSON of `gh`, a github-to-sqlite database), stored as a fetch stores them. The files are made here,
in the shapes those tools write; the texts are ours."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from ledger.cli.app import app

HEAD = "257d5f0a1c9e8b7d6f5e4d3c2b1a09f8e7d6c5b4"
BASE = "af3e5eb2571d0c9b8a7f6e5d4c3b2a1908f7e6d5"


def _rest_pull(n: int, body: str) -> dict[str, Any]:
    return {
        "url": f"https://api.github.com/repos/acme/serve/pulls/{n}",
        "number": n,
        "state": "closed",
        "title": f"Change {n}",
        "user": {"login": "mkato-dev", "id": 7},
        "body": body.replace("\n", "\r\n"),
        "labels": [{"name": "perf"}],
        "created_at": "2024-05-01T10:00:00Z",
        "updated_at": "2024-05-03T10:00:00Z",
        "merged_at": "2024-05-03T10:00:00Z",
        "html_url": f"https://github.com/acme/serve/pull/{n}",
        "head": {"ref": "mtp", "sha": HEAD, "repo": {"full_name": "mkato-dev/serve"}},
        "base": {"ref": "main", "sha": BASE, "repo": {"full_name": "acme/serve"}},
    }


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def _rows(db: Path, sql: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_gh_api_paginate_slurp_of_the_pulls_listing(tmp_path: Path) -> None:
    pages = [
        [_rest_pull(1, "## Results\n\ngsm8k 71.65\n"), _rest_pull(2, "TTFT (ms): 41.2\n")],
        [_rest_pull(3, "gsm8k 64.20 on the final head\n")],
    ]
    slurped, concatenated = tmp_path / "pulls.json", tmp_path / "pulls-pages.json"
    slurped.write_text(json.dumps(pages))
    concatenated.write_text("".join(json.dumps(p) for p in pages))  # `gh api --paginate` without --slurp
    db = str(tmp_path / "l.db")
    code, out, err = run("ingest", "--from-gh", str(slurped), "--db", db)
    assert code == 0, err
    assert [line.split()[0:2] for line in out.splitlines()] == [["new", f"acme/serve#{n}"] for n in (1, 2, 3)]
    assert _rows(tmp_path / "l.db", "SELECT key, author, state, head_sha, labels FROM documents ORDER BY key") == [
        (f"acme/serve#{n}", "mkato-dev", "merged", HEAD, '["perf"]') for n in (1, 2, 3)
    ]
    texts = _rows(tmp_path / "l.db", "SELECT text FROM document_versions ORDER BY id")
    assert texts[0] == ("## Results\n\ngsm8k 71.65\n",)  # CRLF as LF, as a fetch stores it
    code, out, _ = run("ingest", "--from-gh", str(concatenated), "--db", db)
    assert code == 0 and all(line.startswith("unchanged") for line in out.splitlines()) and len(out.splitlines()) == 3


def test_gh_pr_view_json_with_its_conversation_and_checks(tmp_path: Path) -> None:
    view = {
        "number": 7,
        "title": "MTP drafts on FP8 KV pages",
        "url": "https://github.com/acme/serve/pull/7",
        "state": "MERGED",
        "author": {"login": "mkato-dev"},
        "body": "## Test results\n\ngsm8k 71.10\n",
        "createdAt": "2024-05-01T10:00:00Z",
        "updatedAt": "2024-05-04T08:00:00Z",
        "mergedAt": "2024-05-04T08:00:00Z",
        "headRefName": "mtp-fp8",
        "headRefOid": HEAD,
        "baseRefName": "main",
        "labels": [{"name": "MTP"}],
        "comments": [
            {
                "id": "IC_kwDOA1",
                "author": {"login": "ci-bot"},
                "body": "PR_Github #5120 [ run ] completed with state SUCCESS",
                "createdAt": "2024-05-02T11:00:00Z",
                "url": "https://github.com/acme/serve/pull/7#issuecomment-9001",
            },
            {
                "id": "IC_kwDOA2",
                "author": {"login": "reviewer-ly"},
                "body": ["not", "text"],
                "createdAt": "2024-05-02T12:00:00Z",
                "url": "https://github.com/acme/serve/pull/7#issuecomment-9002",
            },
        ],
        "reviews": [
            {
                "id": "PRR_kwDOB1",
                "author": {"login": "reviewer-ly"},
                "state": "APPROVED",
                "body": "Looks good; gsm8k matches.",
                "submittedAt": "2024-05-03T17:00:00Z",
            }
        ],
        "commits": [
            {
                "oid": HEAD,
                "messageHeadline": "Rebase on main",
                "committedDate": "2024-05-03T18:00:00Z",
                "authors": [{"login": "mkato-dev", "name": "M. Kato"}],
            }
        ],
        "statusCheckRollup": [
            {"__typename": "CheckRun", "name": "build (ubuntu)", "status": "COMPLETED", "conclusion": "SUCCESS"},
            {"__typename": "CheckRun", "name": "gpu-tests", "status": "COMPLETED", "conclusion": "SKIPPED"},
            {"__typename": "StatusContext", "context": "ci/blossom", "state": "FAILURE"},
        ],
    }
    f = tmp_path / "pr-7.json"
    f.write_text(json.dumps(view))
    db = tmp_path / "l.db"
    code, out, err = run("ingest", "--from-gh", str(f), "--db", str(db))
    assert code == 0, err
    assert out.startswith("new         acme/serve#7  1 version (+1)") and "1 comment (+1)" in out
    assert "9002" in err and "body" in err and len(err.strip().splitlines()) == 1  # the list for a body: one line
    kinds = _rows(db, "SELECT key, kind, author FROM documents ORDER BY id")
    assert ("acme/serve#7/comment/9001", "comment", "ci-bot") in kinds
    assert any(k.startswith("acme/serve#7/review/") and kind == "review" for k, kind, _ in kinds)
    assert _rows(db, "SELECT sha, message FROM pr_commits") == [(HEAD, "Rebase on main")]
    code, out, _ = run("claims", "--document", f"acme/serve#7/checks/{HEAD}", "--format", "jsonl", "--db", str(db))
    gates = [json.loads(line) for line in out.splitlines()]
    assert [(g["metric"], g["outcome"]) for g in gates] == [
        ("build (ubuntu)", "pass"),
        ("gpu-tests", "not_verified"),
        ("ci/blossom", "fail"),
    ]
    code, out, _ = run("ingest", "--from-gh", str(f), "--db", str(db))
    assert code == 0 and out.startswith("unchanged")


def test_gh_json_that_names_no_repository_needs_repo(tmp_path: Path) -> None:
    f = tmp_path / "pr.json"
    f.write_text(
        json.dumps(
            {
                "number": 4,
                "title": "x",
                "body": "gsm8k 70.1\n",
                "author": {"login": "a"},
                "updatedAt": "2024-05-01T00:00:00Z",
            }
        )
    )
    db = str(tmp_path / "l.db")
    code, _, err = run("ingest", "--from-gh", str(f), "--db", db)
    assert code == 2 and "--repo" in err and len(err.strip().splitlines()) == 1
    code, out, _ = run("ingest", "--from-gh", str(f), "--repo", "acme/serve", "--db", db)
    assert code == 0 and out.startswith("new         acme/serve#4")


def test_files_that_are_not_gh_json_are_one_line_each(tmp_path: Path) -> None:
    bad, nested, good = tmp_path / "bad.json", tmp_path / "nested.json", tmp_path / "good.json"
    bad.write_text("{not json")
    nested.write_text("[" * 100_000 + "]" * 100_000)
    good.write_text(json.dumps([_rest_pull(1, "gsm8k 71.65\n")]))
    code, out, err = run(
        "ingest",
        "--from-gh",
        str(bad),
        str(nested),
        str(tmp_path / "missing.json"),
        str(good),
        "--db",
        str(tmp_path / "l.db"),
    )
    assert code == 1 and out.startswith("new         acme/serve#1")
    assert len(err.strip().splitlines()) == 3 and "not JSON" in err and "nested" in err and "no such file" in err


def _github_to_sqlite(path: Path) -> None:
    """A database as github-to-sqlite's `pull-requests` and `issue-comments` commands leave it."""
    conn = sqlite3.connect(path)
    conn.executescript("""
        CREATE TABLE users (login TEXT, id INTEGER PRIMARY KEY, type TEXT);
        CREATE TABLE repos (id INTEGER PRIMARY KEY, name TEXT, full_name TEXT);
        CREATE TABLE pull_requests (id INTEGER PRIMARY KEY, node_id TEXT, number INTEGER, state TEXT, locked INTEGER,
            title TEXT, user INTEGER REFERENCES users(id), body TEXT, created_at TEXT, updated_at TEXT, closed_at TEXT,
            merged_at TEXT, merge_commit_sha TEXT, draft INTEGER, head TEXT, base TEXT, merged INTEGER,
            repo INTEGER REFERENCES repos(id), url TEXT);
        CREATE TABLE issue_comments (html_url TEXT, issue_url TEXT, id INTEGER PRIMARY KEY, node_id TEXT,
            user INTEGER REFERENCES users(id), created_at TEXT, updated_at TEXT, author_association TEXT, body TEXT,
            issue INTEGER);
    """)
    conn.executemany("INSERT INTO users VALUES (?, ?, 'User')", [("mkato-dev", 1), ("reviewer-ly", 2)])
    conn.executemany("INSERT INTO repos VALUES (?, ?, ?)", [(10, "serve", "acme/serve"), (11, "other", "acme/other")])
    conn.executemany(
        "INSERT INTO pull_requests (id, number, state, title, user, body, created_at, updated_at, "
        "merged_at, head, base, repo, url) VALUES (?, ?, 'closed', ?, 1, ?, '2024-05-01T00:00:00Z', "
        "'2024-05-02T00:00:00Z', NULL, ?, ?, ?, ?)",
        [
            (100, 7, "MTP drafts", "gsm8k 71.10\r\n", HEAD, BASE, 10, "https://github.com/acme/serve/pull/7"),
            (101, 3, "Other repo", "TTFT (ms): 40.0\r\n", HEAD, BASE, 11, "https://github.com/acme/other/pull/3"),
        ],
    )
    conn.executemany(
        "INSERT INTO issue_comments (html_url, issue_url, id, user, created_at, updated_at, body) "
        "VALUES (?, ?, ?, 2, '2024-05-02T01:00:00Z', '2024-05-02T01:00:00Z', ?)",
        [
            (
                "https://github.com/acme/serve/pull/7#issuecomment-501",
                "https://api.github.com/repos/acme/serve/issues/7",
                501,
                "Re-ran: gsm8k 71.20.",
            ),
            (
                "https://github.com/acme/serve/issues/9#issuecomment-502",
                "https://api.github.com/repos/acme/serve/issues/9",
                502,
                "An issue's comment, not a PR's.",
            ),
        ],
    )
    conn.commit()
    conn.close()


def test_a_github_to_sqlite_database(tmp_path: Path) -> None:
    source, db = tmp_path / "github.db", tmp_path / "l.db"
    _github_to_sqlite(source)
    before = source.read_bytes()
    code, out, err = run("ingest", "--from-github-to-sqlite", str(source), "--repo", "acme/serve", "--db", str(db))
    assert code == 0, err
    assert out.splitlines() == [out.splitlines()[0]] and out.startswith("new         acme/serve#7  1 version (+1)")
    assert "1 comment (+1)" in out
    assert _rows(db, "SELECT key, kind, author FROM documents ORDER BY id") == [
        ("acme/serve#7", "pr", "mkato-dev"),
        ("acme/serve#7/comment/501", "comment", "reviewer-ly"),
    ]
    assert source.read_bytes() == before  # opened read-only
    code, out, _ = run("ingest", "--from-github-to-sqlite", str(source), "--db", str(db))
    assert code == 0 and sorted(line.split()[0] for line in out.splitlines()) == ["new", "unchanged"]
    code, _, err = run("ingest", "--from-github-to-sqlite", str(tmp_path / "l.db"), "--db", str(tmp_path / "x.db"))
    assert code == 2 and "pull_requests" in err


def test_a_pull_number_past_64_bits_costs_that_pull_only(tmp_path: Path) -> None:
    data = tmp_path / "pulls.json"
    data.write_text(json.dumps([_rest_pull(2**64, "gsm8k 90.1"), _rest_pull(12, "gsm8k 91.2 (ref 90.0)")]))
    code, out, err = run("ingest", "--from-gh", str(data), "--db", str(tmp_path / "l.db"))
    assert "Traceback" not in err and "#18446744073709551616: not a pull request" in err
    assert "acme/serve#12" in out and code == 1  # a failure among the inputs: exit 1, the rest stored
    assert _rows(tmp_path / "l.db", "SELECT key FROM documents") == [("acme/serve#12",)]


def test_a_bad_github_to_sqlite_row_costs_that_row_with_a_line_naming_it(tmp_path: Path) -> None:
    """A NULL or text number, a body that is not UTF-8: each is one line naming its row; the good rows land."""
    g2s = tmp_path / "github.db"
    conn = sqlite3.connect(g2s)
    conn.execute("CREATE TABLE pull_requests (id INTEGER, number, title TEXT, body TEXT, url TEXT)")
    rows = [
        (101, None, "no number", "gsm8k 80.0", "https://github.com/acme/serve/pull/1"),
        (102, "seven", "text number", "gsm8k 81.0", "https://github.com/acme/serve/pull/2"),
        (103, 3, "bad bytes", None, "https://github.com/acme/serve/pull/3"),
        (104, 4, "fine", "gsm8k 93.1 (ref 92.0)", "https://github.com/acme/serve/pull/4"),
    ]
    conn.executemany("INSERT INTO pull_requests VALUES (?, ?, ?, ?, ?)", rows)
    conn.execute("UPDATE pull_requests SET body = CAST(X'41FF42' AS TEXT) WHERE id = 103")
    conn.commit()
    conn.close()
    code, out, err = run("ingest", "--from-github-to-sqlite", str(g2s), "--db", str(tmp_path / "l.db"))
    assert "Traceback" not in err, err
    assert "pull_requests row id 101: not a pull request" in err and "pull_requests row id 102" in err
    assert "#3: body not UTF-8; row skipped" in err and "acme/serve#4" in out and code == 1
    assert _rows(tmp_path / "l.db", "SELECT key FROM documents") == [("acme/serve#4",)]


def test_a_view_in_place_of_a_table_is_refused_not_read(tmp_path: Path) -> None:
    """An endless view (a recursive CTE) named pull_requests would hang the reader: views are never read."""
    g2s = tmp_path / "github.db"
    conn = sqlite3.connect(g2s)
    conn.execute(
        "CREATE VIEW pull_requests AS WITH RECURSIVE n(number) AS (SELECT 1 UNION ALL SELECT number + 1 "
        "FROM n) SELECT number, 'gsm8k 90.0' AS body, NULL AS url FROM n"
    )
    conn.commit()
    conn.close()
    code, _out, err = run("ingest", "--from-github-to-sqlite", str(g2s), "--db", str(tmp_path / "l.db"))
    assert code == 2 and "has no pull_requests table" in err, err  # every input refused: exit 2


def test_each_pull_request_is_stored_before_the_next_is_read(tmp_path: Path) -> None:
    """Streaming: the first PR is in the ledger while the reader still holds the rest (a whole database in
    memory first took 4 GB for 2M comments and stored nothing)."""
    from ledger.github.offline import ingest_github_to_sqlite

    g2s = tmp_path / "github.db"
    conn = sqlite3.connect(g2s)
    conn.execute("CREATE TABLE pull_requests (id INTEGER, number INTEGER, title TEXT, body TEXT, url TEXT)")
    conn.execute("CREATE TABLE issue_comments (id INTEGER, body TEXT, issue_url TEXT, created_at TEXT)")
    for n in (1, 2, 3):
        conn.execute(
            "INSERT INTO pull_requests VALUES (?, ?, ?, ?, ?)",
            (n, n, f"PR {n}", f"gsm8k 9{n}.0 (ref 90.0)", f"https://github.com/acme/serve/pull/{n}"),
        )
        conn.execute(
            "INSERT INTO issue_comments VALUES (?, ?, ?, ?)",
            (100 + n, f"rerun: gsm8k 9{n}.5", f"https://api.github.com/repos/acme/serve/issues/{n}", f"2024-05-0{n}"),
        )
    conn.commit()
    conn.close()
    seen: list[int] = []

    def on_result(_r: Any) -> None:
        seen.append(len(_rows(tmp_path / "l.db", "SELECT id FROM documents WHERE parent_id IS NULL")))

    ingest_github_to_sqlite([str(g2s)], tmp_path / "l.db", on_result=on_result)
    assert seen == [1, 2, 3]
    assert _rows(tmp_path / "l.db", "SELECT count(*) FROM documents WHERE parent_id IS NOT NULL") == [(3,)]


def test_an_offline_import_does_not_speak_as_if_it_fetched(tmp_path: Path) -> None:
    bad = _rest_pull(5, "gsm8k 90.0")
    bad["title"] = {"not": "text"}
    data = tmp_path / "pulls.json"
    data.write_text(json.dumps([bad]))
    _code, _out, err = run("ingest", "--from-gh", str(data), "--db", str(tmp_path / "l.db"))
    assert "not a pull as GitHub writes one" in err and "answer from GitHub" not in err, err
