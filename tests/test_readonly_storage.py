"""A ledger on read-only storage (issue 14 item 8): every read command reads it (opened read-only, and
`immutable=1` when its folder cannot be written, so no -wal or -shm is needed), says so in one line, and
`ingest` refuses it in one line that names the cause; never "not a usable SQLite database".

Two kinds of read-only storage, each made by the test: a read-only mount (a tmpfs remounted `ro`, needs
root) and a folder its user cannot write (the commands run as `nobody` through setpriv, needs root too).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
V1, V2 = ROOT / "examples" / "pr-4821-v1.txt", ROOT / "examples" / "pr-4821-v2.txt"
READS: list[tuple[str, ...]] = [
    ("claims", "--metric", "*gsm8k*", "-f", "jsonl"),
    ("claims", "--pr", "4821"),
    ("show", "example/trtllm#4821"),
    ("support",),
    ("sql", "SELECT COUNT(*) AS n FROM claims", "-f", "json"),
    ("compare", "example/trtllm#4821"),
    ("trend", "*gsm8k*"),
]

Runner = Callable[..., subprocess.CompletedProcess[str]]


def _run(prefix: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(
        [*prefix, sys.executable, "-m", "ledger", *args],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        cwd="/",
    )
    assert "Traceback" not in r.stdout + r.stderr, r.stderr[-3000:]
    return r


def _make_ledger(folder: Path) -> Path:
    db = folder / "ledger.db"
    r = _run([], "ingest", str(V1), str(V2), "--repo", "example/trtllm", "--pr", "4821", "--db", str(db))
    assert r.returncode == 0, r.stderr
    return db


@pytest.fixture()
def readonly_mount(tmp_path: Path) -> Iterator[tuple[Path, Runner]]:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a file system needs root")
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(mnt)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        db = _make_ledger(mnt)
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True)
        yield db, lambda *args: _run([], *args)
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


@pytest.fixture()
def unwritable_folder() -> Iterator[tuple[Path, Runner]]:
    setpriv = shutil.which("setpriv")
    if os.geteuid() != 0 or setpriv is None:
        pytest.skip("running as another user needs root and setpriv")
    prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    if subprocess.run([*prefix, sys.executable, "-c", "import ledger.cli.app"], capture_output=True).returncode:
        pytest.skip("the user nobody cannot run this checkout's python")
    import tempfile

    outer = Path(tempfile.mkdtemp(prefix="ledger-ro-"))  # pytest's own folders are closed to other users
    outer.chmod(0o755)
    folder = outer / "ro"
    folder.mkdir()
    db = _make_ledger(folder)
    folder.chmod(0o555)
    db.chmod(0o444)
    try:
        yield db, lambda *args: _run(prefix, *args)
    finally:
        folder.chmod(0o755)
        shutil.rmtree(outer)


def _check_every_read_command(db: Path, run: Runner) -> None:
    before = sorted(p.name for p in db.parent.iterdir())
    for args in READS:
        r = run(*args, "--db", str(db))
        assert r.returncode == 0, (args, r.stderr)
        assert r.stdout.strip(), args
        notes = [line for line in r.stderr.splitlines() if "read-only storage" in line]
        assert len(notes) == 1 and notes[0].startswith(f"ledger: note: {db}: on read-only storage"), (args, r.stderr)
        assert "not a usable" not in r.stderr
    n = json.loads(run("sql", "SELECT COUNT(*) AS n FROM claims", "-f", "json", "--db", str(db)).stdout)[0]["n"]
    assert n == 53
    r = run("ingest", str(V1), "--db", str(db))
    assert r.returncode == 2
    assert r.stderr.splitlines() == [
        f"ledger: {db}: on read-only storage (it or its folder cannot be written): "
        "this command writes to the ledger; the read commands still read it"
    ]
    assert sorted(p.name for p in db.parent.iterdir()) == before  # nothing was created beside it


def test_read_commands_read_a_ledger_on_a_readonly_mount(readonly_mount: tuple[Path, Runner]) -> None:
    _check_every_read_command(*readonly_mount)


def test_read_commands_read_a_ledger_in_a_folder_they_cannot_write(unwritable_folder: tuple[Path, Runner]) -> None:
    _check_every_read_command(*unwritable_folder)
