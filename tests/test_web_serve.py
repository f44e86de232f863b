"""`ledger serve`: the seed's page with --get, the refusals every command gives, loopback by default."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("datasette", reason="the web view needs the [web] extra (pip install -e '.[test,web]')")

from _web import SEED_PAGE, build_ledger, need_seed, text_of


def _ledger(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ledger", *args], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    need_seed()
    return build_ledger(tmp_path_factory.mktemp("serve") / "ledger.db")


def test_get_prints_the_seed_page_with_its_gates_gsm8k_values_and_revisions(seeded: Path) -> None:
    out = _ledger("serve", "--db", str(seeded), "--get", SEED_PAGE)
    assert out.returncode == 0, out.stderr
    assert out.stdout.lstrip().startswith("<!DOCTYPE html>")
    page = text_of(out.stdout)
    for gate in ("test_gsm8k", "test_checked_in_schemas_are_current", "mypy (scripts/run_mypy.sh)", "videos"):
        assert gate in page
    for value in ("96.25", "95.98", "96.06", "95.75"):
        assert value in page
    for revision in ("Final head", "13c21f460b", "Review fixes", "6b039cb3c6", "Before the rebase", "dcff1146d0"):
        assert revision in page


def test_get_of_a_missing_pr_prints_one_line_and_exits_1(seeded: Path) -> None:
    out = _ledger("serve", "--db", str(seeded), "--get", "/-/ledger/pr/NVIDIA/TensorRT-LLM/1")
    assert out.returncode == 1
    assert out.stdout == "no pull request NVIDIA/TensorRT-LLM#1 in this ledger\n"


@pytest.mark.parametrize("make", ["text", "sqlite", "missing", "newer"])
def test_a_file_that_is_not_a_ledger_is_refused_as_every_command_refuses_it(tmp_path: Path, make: str) -> None:
    db = tmp_path / "x.db"
    if make == "text":
        db.write_text("not a database\n", encoding="utf-8")
    elif make == "sqlite":
        conn = sqlite3.connect(db)
        conn.execute("CREATE TABLE t (a)")
        conn.commit()
        conn.close()
    elif make == "newer":
        build_ledger(db, seed=False)
        conn = sqlite3.connect(db)
        conn.execute("PRAGMA user_version = 999")
        conn.commit()
        conn.close()
    before = db.read_bytes() if db.exists() else None
    served = _ledger("serve", "--db", str(db), "--get", "/-/ledger")
    other = _ledger("claims", "--db", str(db))
    assert served.returncode == other.returncode == 2
    assert served.stderr == other.stderr and served.stderr.count("\n") == 1
    assert served.stdout == ""
    assert (db.read_bytes() if db.exists() else None) == before
    assert not (make == "missing" and db.exists())


def test_usage_errors_are_one_line(seeded: Path) -> None:
    out = _ledger("serve", "--db", str(seeded), "--port", "0", "--get", "/-/ledger")
    assert out.returncode == 2 and out.stderr.startswith("ledger: --port 0") and out.stderr.count("\n") == 1


def test_serve_listens_on_loopback_by_default_and_answers(seeded: Path) -> None:
    import socket
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "ledger", "serve", "--db", str(seeded), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        body = ""
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/-/ledger", timeout=5) as r:
                    body = r.read().decode()
                break
            except OSError:
                time.sleep(0.1)
        assert "NVIDIA/TensorRT-LLM#20144" in body
        listening = subprocess.run(["ss", "-ltnH", f"sport = :{port}"], capture_output=True, text=True)
        if listening.returncode == 0 and listening.stdout.strip():
            assert all("127.0.0.1:" in line for line in listening.stdout.splitlines())
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    assert "read-only" in (proc.stderr.read() if proc.stderr else "")


def test_datasette_is_imported_only_by_the_command() -> None:
    code = (
        "import sys, ledger.cli.app, ledger.cli.web, ledger.web.data, ledger.web.svg\nprint('datasette' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
