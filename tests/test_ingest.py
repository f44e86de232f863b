"""ledger.ingest.run: documents in, one transaction per version, unchanged text writes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import ledger.ingest.run
from ledger.db import ClaimFilter, claims, open_database
from ledger.db import writes as db_writes
from ledger.db.documents import table_counts
from ledger.errors import UsageError
from ledger.ingest.extracting import extract_file
from ledger.ingest.run import document_key, ingest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
V1, V2 = EXAMPLES / "pr-4821-v1.txt", EXAMPLES / "pr-4821-v2.txt"
SHARED = ROOT.parent / "shared"
SEED = SHARED / "seeds" / "004_efc56196d8c007cd.txt"


def _counts(path: Path) -> dict[str, int]:
    ledger = open_database(path, create=False)
    try:
        return table_counts(ledger)
    finally:
        ledger.close()


def _claims(path: Path, **kw: Any) -> list[dict[str, Any]]:
    ledger = open_database(path, create=False)
    try:
        return claims(ledger, ClaimFilter(**kw))
    finally:
        ledger.close()


def test_two_versions_of_one_pr(tmp_path: Path) -> None:
    dbp = tmp_path / "l.db"
    results = ingest([str(V1), str(V2)], dbp, repo="example/trtllm", pr=4821, title="FP8 KV for Eagle3")
    assert [(r.status, r.document, r.version) for r in results] == [
        ("new", "example/trtllm#4821", 1),
        ("new_version", "example/trtllm#4821", 2),
    ]
    assert all(r.claims > 0 for r in results)
    counts = _counts(dbp)
    assert counts["documents"] == 1 and counts["document_versions"] == 2
    # The old version stays; the newest is what queries read by default.
    v1_values = {c["value"] for c in _claims(dbp, version=1, kind="accuracy")}
    v2_values = {c["value"] for c in _claims(dbp, kind="accuracy")}
    assert 71.65 in v1_values and 71.19 not in v1_values
    assert {71.19, 71.65} <= v2_values
    final = _claims(dbp, revision="Final head", kind="accuracy")
    assert final and all(c["revision"]["head"] == "b7a3e2d915" for c in final)
    assert all(c["source"]["document"] == "example/trtllm#4821" for c in final)


def test_reingest_is_idempotent(tmp_path: Path) -> None:
    dbp = tmp_path / "l.db"
    ingest([str(V1), str(V2)], dbp, repo="example/trtllm", pr=4821)
    counts = _counts(dbp)
    again = ingest([str(V2), str(V1)], dbp, repo="example/trtllm", pr=4821)
    assert [r.status for r in again] == ["unchanged", "unchanged"]
    assert _counts(dbp) == counts


def test_unchanged_text_is_not_parsed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dbp = tmp_path / "l.db"
    ingest([str(V1)], dbp)

    def boom(*a: Any, **k: Any) -> Any:
        raise AssertionError("parsed an unchanged text")

    monkeypatch.setattr("ledger.ingest.extracting.extract_source", boom)
    assert ingest([str(V1)], dbp)[0].status == "unchanged"


def test_path_names_the_document_unless_repo_and_pr_given(tmp_path: Path) -> None:
    dbp = tmp_path / "l.db"
    r1, r2 = ingest([str(V1), str(V2)], dbp)
    assert r1.document != r2.document and r1.status == r2.status == "new"
    assert document_key("a/./b.txt", None, None, None) == "a/b.txt"
    assert document_key("b.txt", "o/n", 7, None) == "o/n#7"
    assert document_key("-", None, None, None) == "<stdin>"


def test_pull_request_url_names_the_document(tmp_path: Path) -> None:
    dbp = tmp_path / "l.db"
    (r,) = ingest([str(V1)], dbp, url="https://github.com/example/trtllm/pull/4821")
    assert r.document == "example/trtllm#4821"
    ledger = open_database(dbp)
    row = ledger.execute("SELECT repo, pr, url FROM documents").fetchone()
    assert row == ("example/trtllm", 4821, "https://github.com/example/trtllm/pull/4821")


def test_bad_identity_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="OWNER/NAME"):
        ingest([str(V1)], tmp_path / "l.db", repo="not a repo; DROP TABLE", pr=1)
    with pytest.raises(UsageError, match="positive"):
        ingest([str(V1)], tmp_path / "l.db", repo="o/n", pr=0)
    with pytest.raises(UsageError, match="markdown or rendered"):
        ingest([str(V1)], tmp_path / "l.db", fmt="pdf")
    with pytest.raises(UsageError, match="positive number of bytes"):
        ingest([str(V1)], tmp_path / "l.db", max_bytes=-1)
    assert not (tmp_path / "l.db").exists()


def test_stdin_text(tmp_path: Path) -> None:
    dbp = tmp_path / "l.db"
    text = "Test Coverage\n\ncheck\tresult\ntest_gsm8k\t71.40 (ref 71.80)\n"
    (r,) = ingest(["-"], dbp, stdin=text, repo="example/trtllm", pr=77)
    assert r.status == "new" and r.document == "example/trtllm#77"
    (again,) = ingest(["-"], dbp, stdin=text.encode(), repo="example/trtllm", pr=77)
    assert again.status == "unchanged"


def test_a_parser_crash_costs_one_document(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dbp = tmp_path / "l.db"
    real = ledger.ingest.extracting.extract_source

    def flaky(src: Any, fmt: Any = None, name: Any = None, page: Any = None, repo: Any = None) -> Any:
        if "v1" in src.path:
            raise RecursionError("maximum recursion depth exceeded")
        return real(src, fmt=fmt, name=name, page=page, repo=repo)

    monkeypatch.setattr("ledger.ingest.extracting.extract_source", flaky)
    r1, r2 = ingest([str(V1), str(V2)], dbp)
    assert r1.status == "error" and "could not be parsed" in (r1.error or "")
    assert r2.status == "new"


def test_crash_mid_document_then_rerun_completes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dbp = tmp_path / "l.db"
    ingest([str(V1)], dbp)
    before = _counts(dbp)
    real_rows = db_writes._claim_rows

    def crash(*args: Any) -> Any:
        yield from list(real_rows(*args))[:3]
        raise KeyboardInterrupt  # as if the process were stopped mid-write

    monkeypatch.setattr(db_writes, "_claim_rows", crash)
    with pytest.raises(KeyboardInterrupt):
        ingest([str(V2)], dbp)
    assert _counts(dbp) == before
    monkeypatch.setattr(db_writes, "_claim_rows", real_rows)
    assert [r.status for r in ingest([str(V1), str(V2)], dbp)] == ["unchanged", "new"]


@pytest.mark.skipif(not SEED.exists(), reason="../shared/seeds is absent (a user's clone); CI has it")
def test_stored_claims_equal_extracted_claims_on_the_seed(tmp_path: Path) -> None:
    dbp = tmp_path / "l.db"
    (r,) = ingest([str(SEED)], dbp)
    assert r.status == "new"
    extracted = [c.model_dump(mode="json", warnings=False) for c in extract_file(str(SEED)).claims]
    stored = _claims(dbp)
    assert len(stored) == len(extracted) == r.claims
    for want, got in zip(extracted, stored, strict=True):
        src = {k: v for k, v in got["source"].items() if k not in ("document", "document_id", "version", "sha256")}
        assert json.dumps({**got, "source": src}, sort_keys=True) == json.dumps(want, sort_keys=True)


def _write_corpus(folder: Path, n: int) -> None:
    folder.mkdir()
    for i in range(n):
        (folder / f"pr-{i:03d}.txt").write_text(
            f"Test Coverage\n\nFinal head (a{i:03d}bc4def, rebased on main 0123abcd45):\n\ncheck\tresult\n"
            f"test_gsm8k\t{70 + i / 100:.2f} (ref 71.80)\nunittest/_torch/speculative\t{300 + i} passed, 4 skipped\n"
            f"\nPerformance\n\n\tcon1 tok/s/user\tcon64 tok/s/GPU\nFP8 KV\t{200 + i}.5\t{4000 + i}\n"
        )


def _spawn(folder: Path, dbp: Path) -> Any:
    import subprocess
    import sys

    code = (
        "import sys; from ledger.ingest.run import ingest; r = ingest([sys.argv[1]], sys.argv[2]); "
        "bad = [x.error for x in r if not x.ok]; print(bad, file=sys.stderr); sys.exit(1 if bad else 0)"
    )
    return subprocess.Popen(
        [sys.executable, "-c", code, str(folder), str(dbp)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(proc: Any) -> tuple[int, str]:
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err


def _whole_versions_only(dbp: Path) -> int:
    import sqlite3

    conn = sqlite3.connect(dbp)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        partial = conn.execute(
            "SELECT COUNT(*) FROM document_versions v WHERE v.n_claims != "
            "(SELECT COUNT(*) FROM claims c WHERE c.version_id = v.id)"
        ).fetchone()[0]
        assert partial == 0
        orphans = conn.execute(
            "SELECT COUNT(*) FROM documents WHERE latest_version_id IS NULL OR latest_version_id "
            "NOT IN (SELECT id FROM document_versions)"
        ).fetchone()[0]
        assert orphans == 0
        assert (
            conn.execute("SELECT COUNT(*) FROM claims_fts").fetchone()[0]
            == conn.execute("SELECT COUNT(*) FROM claims").fetchone()[0]
        )
        return int(conn.execute("SELECT COUNT(*) FROM document_versions").fetchone()[0])
    finally:
        conn.close()


def test_killed_ingest_leaves_whole_versions_and_a_rerun_completes(tmp_path: Path) -> None:
    import random
    import time

    folder, dbp = tmp_path / "corpus", tmp_path / "l.db"
    _write_corpus(folder, 40)
    open_database(dbp).close()
    rng = random.Random(7)
    stored = 0
    for _ in range(3):
        proc = _spawn(folder, dbp)
        time.sleep(rng.uniform(0.3, 1.2))
        proc.kill()  # SIGKILL: no cleanup, no rollback by Python
        _finish(proc)
        now = _whole_versions_only(dbp)
        assert now >= stored
        stored = now
    code, err = _finish(_spawn(folder, dbp))
    assert code == 0, err
    assert _whole_versions_only(dbp) == 40


def test_two_processes_ingesting_at_once(tmp_path: Path) -> None:
    folder, dbp = tmp_path / "corpus", tmp_path / "l.db"
    _write_corpus(folder, 25)
    procs = [_spawn(folder, dbp), _spawn(folder, dbp)]
    outcomes = [_finish(p) for p in procs]
    assert [code for code, _ in outcomes] == [0, 0], outcomes
    assert _whole_versions_only(dbp) == 25
    assert _counts(dbp)["documents"] == 25


def test_iter_ingest_yields_the_results_one_at_a_time(tmp_path: Path) -> None:
    """The CLI walks the results as they come, so a 100k-document batch does not hold 100k results."""
    import inspect

    from ledger.ingest.run import iter_ingest

    folder = tmp_path / "docs"
    folder.mkdir()
    for i in range(3):
        (folder / f"d{i}.md").write_text(f"## Accuracy\n\ngsm8k 9{i}.5 (ref 95.1)\n", encoding="utf-8")
    (folder / "empty.md").write_text("", encoding="utf-8")
    stream = iter_ingest([str(folder)], tmp_path / "l.db")
    assert inspect.isgenerator(stream)
    statuses = [(Path(r.path).name, r.status, r.claims) for r in stream]
    assert statuses == [("d0.md", "new", 1), ("d1.md", "new", 1), ("d2.md", "new", 1), ("empty.md", "error", 0)]


def test_folder_walk_order_and_what_it_skips(tmp_path: Path) -> None:
    """A folder's text files in sorted-path order (a subfolder's files where its name sorts), without
    hidden files or folders (a repository's .git holds suffix-less text files) or symlinked folders."""
    from ledger.ingest.sources import walk

    root = tmp_path / "r"
    for rel in (
        "b.md",
        "a.txt",
        "a/z.md",
        "a/c/d.rst",
        "a0.md",
        "README",
        "notes.pdf",
        ".hidden.md",
        ".git/HEAD",
        ".git/config",
        "x/.cache/y.md",
    ):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("text\n", encoding="utf-8")
    (root / "loop").symlink_to(root, target_is_directory=True)
    found = [str(Path(p).relative_to(root)) for p in walk([str(root)])]
    assert found == ["README", "a/c/d.rst", "a/z.md", "a.txt", "a0.md", "b.md"]
    expected = sorted(
        p
        for p in root.rglob("*")
        if p.is_file()
        and ".git" not in p.parts
        and "loop" not in p.parts
        and not any(part.startswith(".") for part in p.relative_to(root).parts)
        and p.suffix in (".md", ".txt", ".rst", "")
    )
    assert found == [str(p.relative_to(root)) for p in expected]


def test_ctrl_c_stops_a_parallel_ingest_in_one_line_and_a_rerun_completes(tmp_path: Path) -> None:
    """Ctrl-C reaches every process of the terminal's group, parser workers included: the ingest says
    once what state the ledger is in and exits 130; no worker prints a traceback or outlives it."""
    import os
    import signal
    import subprocess
    import sys

    folder, dbp = tmp_path / "corpus", tmp_path / "l.db"
    _write_corpus(folder, 400)
    ledger = str(Path(sys.executable).parent / "ledger")
    cmd = [ledger, "ingest", str(folder), "--workers", "2", "--db", str(dbp)]
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()  # the first batch is committed: workers are running
    assert first.startswith("new")
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    if proc.returncode == 0:
        pytest.skip("the ingest finished before the interrupt arrived")
    assert proc.returncode == 130, err
    assert "Traceback" not in err and err.strip().splitlines() == [
        "ledger: interrupted: what is committed stays; run the same command again to ingest the rest"
    ]
    left = subprocess.run(["pgrep", "-f", str(dbp)], capture_output=True, text=True).stdout.split()
    assert left == []
    stored = _whole_versions_only(dbp)
    assert 1 <= stored < 400
    again = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert again.returncode == 0, again.stderr
    assert _whole_versions_only(dbp) == 400
