"""`ledger reextract`: a ledger an older parser wrote, read again, holds what a fresh ingest of the same texts
holds; a SIGKILL midway leaves every version old or new, and running it again finishes."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from _ledger_dump import ROOT, content, older_parser, without_fts_ids
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.db import open_database
from ledger.db.stored import versions_to_read
from ledger.ingest.prepare import parser_version
from ledger.ingest.run import ingest
from ledger.store.reextract import reextract

TEXTS = sorted((ROOT / "tests" / "fixtures" / "tables").glob("*.md"))[:8] + sorted((ROOT / "examples").glob("*.md"))


def _ingest_all(db: Path) -> None:
    """The same inputs in the same order: files named by path, and a PR with two versions."""
    for r in ingest([str(p) for p in TEXTS], db, workers=1):
        assert r.ok, r.error
    for name in ("pr-4821-v1.txt", "pr-4821-v2.txt"):
        assert ingest([str(ROOT / "examples" / name)], db, repo="example/trtllm", pr=4821, workers=1)[0].ok


def test_a_ledger_an_older_parser_wrote_is_read_again_as_a_fresh_ingest_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh, old = tmp_path / "fresh.db", tmp_path / "old.db"
    _ingest_all(fresh)
    with monkeypatch.context() as m:
        older_parser(m)
        old_version = parser_version()
        _ingest_all(old)
    assert old_version != parser_version()
    before = content(old)
    assert before["claims"] != content(fresh)["claims"]  # the older parser read fewer claims
    dry = list(reextract(old, dry_run=True, workers=1))
    assert content(old) == before  # --dry-run writes nothing ...
    results = list(reextract(old, workers=2))
    assert [(r.key, r.version, r.change) for r in results] == [(r.key, r.version, r.change) for r in dry]  # ... and
    # tells what the run does
    assert len(results) == len(TEXTS) + 2 and not any(r.error for r in results)
    assert sum(r.change.added for r in results) > 0
    assert without_fts_ids(content(old)) == without_fts_ids(content(fresh))
    assert list(reextract(old, workers=1)) == []  # every version is current now
    assert len(list(reextract(old, mode="all", workers=1))) == len(TEXTS) + 2  # --all reads them again anyway
    assert without_fts_ids(content(old)) == without_fts_ids(content(fresh))


def test_the_command_prints_each_changed_version_and_a_total(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "old.db"
    with monkeypatch.context() as m:
        older_parser(m)
        assert ingest([str(ROOT / "examples" / "pr-4821-v2.txt")], db, repo="example/trtllm", pr=4821)[0].ok
    r = CliRunner().invoke(app, ["reextract", "--dry-run", "--db", str(db)])
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("changed     example/trtllm#4821 v1  +")
    assert any(line.startswith("    + line ") for line in lines[1:])
    assert lines[-1].startswith("1 version read again: 1 would change (claims +")
    r = CliRunner().invoke(app, ["reextract", "--all", "--older", "--db", str(db)])
    assert r.exit_code == 2 and "give one" in r.stderr
    r = CliRunner().invoke(app, ["reextract", "--workers", "0", "--db", str(db)])
    assert r.exit_code == 2 and "--workers 0: expected 1 or more" in r.stderr
    r = CliRunner().invoke(app, ["reextract", "--db", str(tmp_path / "missing.db")])
    assert r.exit_code == 2 and "no ledger database here" in r.stderr


def test_a_document_whose_claims_are_not_its_texts_is_never_read_again(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    assert ingest([str(ROOT / "examples" / "pr-4821-v1.txt")], db)[0].ok
    ledger = open_database(db)
    ledger.execute("UPDATE document_versions SET parser_version = 'old/1'")
    assert len(versions_to_read(ledger, "older", parser_version(), record=False)) == 1
    ledger.execute("UPDATE documents SET kind = 'checks'")  # GitHub's check results: their claims are GitHub's
    assert versions_to_read(ledger, "older", parser_version(), record=False) == []
    ledger.conn.commit()
    ledger.close()


def _many_versions(db: Path, tmp_path: Path, n: int) -> list[Path]:
    """n small distinct texts (tables and prose of the fixtures, each with a line of its own)."""
    base = [p.read_text(encoding="utf-8") for p in TEXTS]
    out = []
    for i in range(n):
        p = tmp_path / "in" / f"doc{i:03d}.md"
        p.parent.mkdir(exist_ok=True)
        p.write_text(base[i % len(base)] + f"\n\nRun {i} on the nightly machine.\n", encoding="utf-8")
        out.append(p)
    return out


def _run_and_kill(db: Path, *args: str, after_lines: int) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "ledger", "reextract", "--workers", "1", "--db", str(db), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    for _ in range(after_lines):
        assert proc.stdout.readline(), "the run ended before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()


def _whole(db: Path) -> dict[str, int]:
    """How many versions each parser version holds, after checking that every version's rows are all there."""
    conn = sqlite3.connect(db)
    half = conn.execute(
        "SELECT COUNT(*) FROM document_versions v WHERE n_claims != "
        "(SELECT COUNT(*) FROM claims c WHERE c.version_id = v.id)"
    ).fetchone()[0]
    assert half == 0
    assert conn.execute("SELECT COUNT(*) FROM claims WHERE id NOT IN (SELECT rowid FROM claims_fts)").fetchone()[0] == 0
    counts = dict(conn.execute("SELECT parser_version, COUNT(*) FROM document_versions GROUP BY parser_version"))
    conn.close()
    return counts


def _claims_by_version(db: Path) -> dict[tuple[str, int], list[tuple[object, ...]]]:
    out: dict[tuple[str, int], list[tuple[object, ...]]] = {}
    for row in content(db)["claims"]:
        out.setdefault((str(row[0]), int(row[1])), []).append(row)
    return out


def test_a_killed_run_leaves_each_version_old_or_new_and_a_second_run_finishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, fresh = tmp_path / "old.db", tmp_path / "fresh.db"
    paths = [str(p) for p in _many_versions(db, tmp_path, 160)]
    with monkeypatch.context() as m:
        older_parser(m)
        old = parser_version()
        assert all(r.ok for r in ingest(paths, db, workers=1))
    assert all(r.ok for r in ingest(paths, fresh, workers=1))
    old_claims, new_claims = _claims_by_version(db), _claims_by_version(fresh)
    _run_and_kill(db, after_lines=3)
    counts = _whole(db)
    assert 0 < counts.get(old, 0) < 160 and counts.get(parser_version(), 0) > 0  # killed midway
    now = _claims_by_version(db)
    versions = {(str(r[0]), int(r[1])): r[3] for r in content(db)["versions"]}
    for key, pv in versions.items():  # each version holds exactly the old claims or exactly the new ones
        assert now.get(key, []) == (old_claims if pv == old else new_claims).get(key, [])
    rest = list(reextract(db, workers=1))
    assert len(rest) == counts[old]  # only what was left
    assert without_fts_ids(content(db)) == without_fts_ids(content(fresh))


def test_an_unfinished_all_run_is_continued_not_started_again(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    assert all(r.ok for r in ingest([str(p) for p in _many_versions(db, tmp_path, 40)], db, workers=1))
    before = content(db)
    run = reextract(db, mode="all", workers=1)
    first = [next(run) for _ in range(8)]  # one chunk committed, then the run stops (its process killed)
    run.close()
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT COUNT(*) FROM reextract_runs").fetchone()[0] == 1
    rest = list(reextract(db, mode="all", workers=1))
    assert len(rest) == 40 - len(first)
    assert {(r.key, r.version) for r in rest}.isdisjoint({(r.key, r.version) for r in first})
    assert conn.execute("SELECT COUNT(*) FROM reextract_runs").fetchone()[0] == 0  # a finished run is forgotten
    conn.close()
    assert len(list(reextract(db, mode="all", workers=1))) == 40  # a new --all run reads every version again
    assert without_fts_ids(content(db)) == without_fts_ids(before)


def test_a_fetched_pull_request_is_read_again_without_touching_what_github_gave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from _fake_github import NUMBER, REPO, FakeGitHub

    import ledger
    from ledger.github import connect

    def fetched(db: Path) -> None:
        fake = FakeGitHub()
        gh = connect(api_url=fake.base_url, transport=fake.transport(), env={})
        assert [r.ok for r in ledger.open_ledger(db).fetch(f"{REPO}#{NUMBER}", client=gh)] == [True]

    fresh, old = tmp_path / "fresh.db", tmp_path / "old.db"
    fetched(fresh)
    with monkeypatch.context() as m:
        older_parser(m)
        fetched(old)
    github = (
        "SELECT key, author, state, merged_at, labels, head_sha, base_sha, kind, fetched_at, github_updated_at "
        "FROM documents ORDER BY key",
        "SELECT * FROM http_cache ORDER BY url",
        "SELECT document_id, version, sha256, ingested_at, edited_at, editor FROM document_versions ORDER BY id",
        "SELECT * FROM github_heads ORDER BY id",
        "SELECT * FROM pr_commits ORDER BY id",
    )

    def given(db: Path) -> list[list[tuple[object, ...]]]:
        conn = sqlite3.connect(db)
        try:
            return [conn.execute(q).fetchall() for q in github]
        finally:
            conn.close()

    before = given(old)
    assert before[2] and len(before[2]) > 1  # the description's edits, each a version
    results = list(reextract(old, workers=1))
    assert results and sum(r.change.added for r in results) > 0
    assert given(old) == before  # metadata, edit history, ETags, heads and commits as they were
    assert without_fts_ids(content(old)) == without_fts_ids(content(fresh))
