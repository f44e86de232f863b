"""`ledger merge`: two ledgers with shared and distinct versions merge into what one ingest of both inputs holds,
twice is once, fetched PR data and sync state come along, and readers of the destination read on meanwhile."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from _ledger_dump import ROOT, content, older_parser, without_fts_ids
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.errors import UsageError
from ledger.ingest.run import ingest
from ledger.store.merge import merge

F1 = ROOT / "tests" / "fixtures" / "tables" / "arrow_sides.md"
F3 = ROOT / "examples" / "sglang-hybrid-models.md"
V1, V2 = ROOT / "examples" / "pr-4821-v1.txt", ROOT / "examples" / "pr-4821-v2.txt"


def _pr(db: Path, text: Path) -> None:
    assert ingest([str(text)], db, repo="x/y", pr=2, workers=1)[0].ok


def _file(db: Path, text: Path) -> None:
    assert ingest([str(text)], db, workers=1)[0].ok


def _a(db: Path) -> None:
    _file(db, F1)
    _pr(db, V1)


def _b(db: Path) -> None:
    _pr(db, V1)  # in both ledgers
    _pr(db, V2)
    _file(db, F3)


def _dump(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def test_two_ledgers_merge_into_what_one_ingest_of_both_holds_and_twice_is_once(tmp_path: Path) -> None:
    a, b, one, merged = (tmp_path / f"{n}.db" for n in ("a", "b", "one", "merged"))
    _a(a)
    _b(b)
    _a(one)
    _b(one)
    results = list(merge([a, b], merged))
    assert [(m.documents, m.versions, m.reparsed) for m in results] == [(2, 2, 0), (1, 2, 0)]
    assert without_fts_ids(content(merged)) == without_fts_ids(content(one))
    before = _dump(merged)
    again = list(merge([a, b], merged))
    assert [(m.documents, m.versions, m.updated, m.fetch_state) for m in again] == [(0, 0, 0, 0), (0, 0, 0, 0)]
    assert _dump(merged) == before  # not a row written
    list(merge([b], a))  # into a ledger that has some of it
    assert without_fts_ids(content(a)) == without_fts_ids(content(one))


def test_versions_are_numbered_by_when_they_were_written_whichever_ledger_is_merged_first(tmp_path: Path) -> None:
    early, late, m1, m2 = (tmp_path / f"{n}.db" for n in ("early", "late", "m1", "m2"))
    _pr(early, V2)  # written first, in one ledger
    _pr(late, V1)  # written later, in another
    list(merge([late, early], m1))
    list(merge([early, late], m2))
    for m in (m1, m2):
        versions = sorted((r[1], r[8]) for r in content(m)["versions"])
        assert [text for _, text in versions] == [V2.read_text(encoding="utf-8"), V1.read_text(encoding="utf-8")]
        assert content(m)["documents"][0][-1] == 2  # the newest is the one written last


def test_versions_an_older_parser_wrote_are_parsed_again_on_the_way_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b, one, merged = (tmp_path / f"{n}.db" for n in ("a", "b", "one", "merged"))
    _a(a)
    with monkeypatch.context() as m:
        older_parser(m)
        _b(b)
    _a(one)
    _b(one)
    results = list(merge([a, b], merged))
    assert results[1].reparsed == 2 and results[1].versions == 2  # V1 was in a already, as this parser reads it
    assert without_fts_ids(content(merged)) == without_fts_ids(content(one))


def _fetched(db: Path, state: str, fetched_at: str, newest: str) -> None:
    """What `ledger fetch` stores beside the texts, written as it writes it: the PR's metadata, a comment linked to
    it, GitHub's head, the PR's commits, an ETag and a repository's sync state."""
    _pr(db, V1)
    _file(db, F3)
    conn = sqlite3.connect(db)
    with conn:
        pr = conn.execute("SELECT id FROM documents WHERE key = 'x/y#2'").fetchone()[0]
        conn.execute(
            "UPDATE documents SET kind = 'pr', author = 'alice', state = ?, fetched_at = ?, "
            "labels = '[\"perf\"]' WHERE id = ?",
            [state, fetched_at, pr],
        )
        conn.execute("UPDATE documents SET kind = 'comment', parent_id = ? WHERE key != 'x/y#2'", [pr])
        conn.execute(
            "INSERT INTO github_heads (document_id, head_sha, base_sha, first_seen_at) "
            "VALUES (?, 'abc123', 'def456', ?)",
            [pr, fetched_at],
        )
        conn.execute(
            "INSERT INTO pr_commits (document_id, sha, position, current, first_seen_at) VALUES (?, 'abc123', 1, ?, ?)",
            [pr, 1 if state == "open" else 0, fetched_at],
        )
        conn.execute(
            "INSERT INTO http_cache (url, etag, stored_at) VALUES ('https://api.github.com/x', ?, ?)",
            [f'"{state}"', fetched_at],
        )
        conn.execute(
            "INSERT INTO github_sync (repo, scope, newest_updated_at, synced_at) VALUES ('x/y', 'all', ?, ?)",
            [newest, fetched_at],
        )
    conn.close()


def test_fetched_pull_request_data_and_sync_state_come_along_the_later_fetch_winning(tmp_path: Path) -> None:
    a, b, merged = (tmp_path / f"{n}.db" for n in ("a", "b", "merged"))
    _fetched(a, "open", "2026-11-01T00:00:00+00:00", "2026-10-31T00:00:00Z")
    _fetched(b, "merged", "2026-11-20T00:00:00+00:00", "2026-11-19T00:00:00Z")
    list(merge([a], merged))
    conn = sqlite3.connect(merged)
    q = lambda sql: conn.execute(sql).fetchall()  # noqa: E731
    assert q(
        "SELECT d.key, d.kind, p.key FROM documents d LEFT JOIN documents p ON p.id = d.parent_id ORDER BY d.id"
    ) == [("x/y#2", "pr", None), (str(F3), "comment", "x/y#2")]
    assert q("SELECT author, state, labels FROM documents WHERE key = 'x/y#2'") == [("alice", "open", '["perf"]')]
    assert q("SELECT head_sha, base_sha FROM github_heads") == [("abc123", "def456")]
    assert q("SELECT etag FROM http_cache") == [('"open"',)]
    list(merge([b], merged))  # fetched later: its view wins
    assert q("SELECT state FROM documents WHERE key = 'x/y#2'") == [("merged",)]
    assert q("SELECT sha, current FROM pr_commits") == [("abc123", 0)]
    assert q("SELECT etag FROM http_cache") == [('"merged"',)]
    assert q("SELECT newest_updated_at FROM github_sync") == [("2026-11-19T00:00:00Z",)]
    list(merge([a], merged))  # an older fetch changes nothing
    assert q("SELECT state FROM documents WHERE key = 'x/y#2'") == [("merged",)]
    assert q("SELECT newest_updated_at FROM github_sync") == [("2026-11-19T00:00:00Z",)]
    conn.close()


def test_readers_of_the_destination_read_whole_documents_while_it_merges(tmp_path: Path) -> None:
    srcs = []
    for i in range(4):
        src = tmp_path / f"s{i}.db"
        folder = tmp_path / f"in{i}"
        folder.mkdir()
        for j in range(30):
            (folder / f"d{j}.md").write_text(F1.read_text(encoding="utf-8") + f"\n\nRun {i}.{j}.\n", encoding="utf-8")
        assert all(r.ok for r in ingest([str(folder)], src, workers=1))
        srcs.append(src)
    dst = tmp_path / "dst.db"
    _file(dst, F3)
    done = threading.Event()
    seen: list[int] = []
    problems: list[str] = []

    def read() -> None:
        conn = sqlite3.connect(dst, timeout=10)
        while True:
            # The flag is read before the query, so the last query starts after merge returned: a query
            # begun just before the final commit would otherwise be the last one seen.
            last = done.is_set()
            try:
                half = conn.execute(
                    "SELECT COUNT(*) FROM document_versions v WHERE n_claims != "
                    "(SELECT COUNT(*) FROM claims c WHERE c.version_id = v.id)"
                ).fetchone()[0]
                seen.append(conn.execute("SELECT COUNT(*) FROM documents").fetchone()[0])
                if half:
                    problems.append(f"{half} versions half written")
            except sqlite3.Error as exc:
                problems.append(str(exc))
            if last:
                break
        conn.close()

    reader = threading.Thread(target=read)
    reader.start()
    try:
        assert sum(m.documents for m in merge(srcs, dst)) == 120
    finally:
        done.set()
        reader.join()
    assert problems == [] and len(seen) > 1 and seen[-1] == 121


def test_a_ledger_is_not_merged_into_itself_and_a_missing_one_is_named(tmp_path: Path) -> None:
    a = tmp_path / "a.db"
    _file(a, F1)
    with pytest.raises(UsageError, match="is the ledger merged into"):
        list(merge([a], a))
    r = CliRunner().invoke(app, ["merge", str(tmp_path / "missing.db"), "--into", str(a)])
    assert r.exit_code == 2 and "missing.db: no ledger database here" in r.stderr
    r = CliRunner().invoke(app, ["merge", str(a), "--into", str(tmp_path / "new.db")])
    assert r.exit_code == 0 and r.stdout.startswith(f"{a}: 1 new documents, 1 new versions")


def test_a_document_whose_claims_are_not_its_texts_is_copied_never_parsed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    b, merged = tmp_path / "b.db", tmp_path / "merged.db"
    with monkeypatch.context() as m:
        older_parser(m)
        _b(b)
    conn = sqlite3.connect(b)
    with conn:
        conn.execute("UPDATE documents SET kind = 'checks' WHERE key = ?", [str(F3)])  # GitHub's check results
    conn.close()
    [result] = merge([b], merged)
    assert (result.versions, result.reparsed) == (3, 2)  # the PR's two versions parsed again, the checks copied
    checks = [c for c in content(merged)["claims"] if c[0] == str(F3)]
    assert checks == [c for c in content(b)["claims"] if c[0] == str(F3)]
