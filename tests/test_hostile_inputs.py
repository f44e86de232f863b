"""What a hostile file system hands `ledger ingest` (issue 14): names that are not UTF-8, symlink loops,
devices and FIFOs, a file rewritten while it is read. Each is one input: one line (or a warning), and
the rest of the batch goes in. The hostile input is made by each test.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import ledger.ingest.sources
from ledger.cli.app import app
from ledger.ingest.run import ingest
from ledger.messages import warning_line

GOOD = """## Results

Final head (b7a3e2d915):

| check | result |
| --- | --- |
| gsm8k | 71.40 (ref 71.80) |
"""
runner = CliRunner()


def run(*args: str) -> Result:
    r = runner.invoke(app, list(args))
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
    assert "Traceback" not in r.stdout + r.stderr
    return r


def cli(*args: str, stdin: int | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The real command in its own process: what hangs or runs out of memory must not take pytest with it."""
    r = subprocess.run(
        [sys.executable, "-m", "ledger", *args],
        stdin=stdin if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert "Traceback" not in r.stdout + r.stderr, r.stderr
    return r


def errors(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ": warning: " not in line]  # PATH[:LINE]: warning: ...


def stored_paths(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return sorted(r[0] for r in conn.execute("SELECT source_path FROM document_versions"))
    finally:
        conn.close()


def test_undecodable_file_name_is_stored_escaped_and_the_batch_goes_on(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "good.md").write_text(GOOD)
    bad = os.path.join(os.fsencode(folder), b"caf\xe9-\xff.md")
    with open(bad, "w") as fh:
        fh.write(GOOD.replace("71.40", "70.10"))
    db = tmp_path / "l.db"
    r = run("ingest", str(folder), "--db", str(db))
    assert r.exit_code == 0, r.stderr
    assert len(r.stdout.splitlines()) == 2 and "caf\\xe9-\\xff.md" in r.stdout
    warnings = [line for line in r.stderr.splitlines() if "not valid UTF-8" in line and "file name" in line]
    assert len(warnings) == 1 and "caf\\xe9-\\xff.md" in warnings[0]
    assert stored_paths(db) == sorted([str(folder / "good.md"), str(folder / "caf\\xe9-\\xff.md")])
    again = run("ingest", str(folder), "--db", str(db))
    assert again.exit_code == 0 and [line.split()[0] for line in again.stdout.splitlines()] == ["unchanged"] * 2


def test_symlink_loop_is_one_line_and_the_rest_goes_in(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "good.md").write_text(GOOD)
    os.symlink("b.md", folder / "a.md")
    os.symlink("a.md", folder / "b.md")
    db = tmp_path / "l.db"
    r = run("ingest", str(folder), "--db", str(db))
    assert r.exit_code == 1
    assert sorted(errors(r.stderr)) == [
        f"ledger: {folder / name}: a symbolic link loop (too many levels of symbolic links)"
        for name in ("a.md", "b.md")
    ]
    assert stored_paths(db) == [str(folder / "good.md")]
    direct = run("ingest", str(folder / "a.md"), "--db", str(db))
    assert direct.exit_code == 2 and len(errors(direct.stderr)) == 1 and "symbolic link loop" in direct.stderr


def test_devices_and_fifos_are_refused_without_reading(tmp_path: Path) -> None:
    """/dev/zero (st_size 0) would be read until memory runs out, a FIFO with no writer waits forever."""
    good = tmp_path / "good.md"
    good.write_text(GOOD)
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    link = tmp_path / "zero.md"
    os.symlink("/dev/zero", link)
    db = tmp_path / "l.db"
    r = cli("ingest", "/dev/zero", str(link), str(fifo), str(good), "--db", str(db), timeout=60)
    assert r.returncode == 1, r.stderr
    lines = errors(r.stderr)
    assert lines == [
        "ledger: /dev/zero: not a regular file (a character device); give a file, or - for stdin",
        f"ledger: {link}: not a regular file (a character device); give a file, or - for stdin",
        f"ledger: {fifo}: not a regular file (a FIFO); give a file, or - for stdin",
    ]
    assert stored_paths(db) == [str(good)]


def test_stdin_is_read_up_to_the_limit_and_no_further(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zero:
        r = cli("ingest", "-", "--max-bytes", "100000", "--db", str(tmp_path / "l.db"), stdin=zero.fileno(), timeout=60)
    assert r.returncode == 2
    assert errors(r.stderr) == ["ledger: <stdin>: over the 100,000-byte limit (set LEDGER_MAX_BYTES)"]


def test_a_file_rewritten_while_it_is_read_is_read_once_and_warned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = tmp_path / "pr.md"
    first = GOOD + "\n".join(f"- mmlu run {i}: {60 + i / 10:.1f}" for i in range(200)) + "\n"
    doc.write_text(first)
    read = ledger.ingest.sources._read_chunk
    calls = []

    def rewriting(fd: int, n: int) -> bytes:
        data = read(fd, n)
        if not calls:  # another process rewrites the file after our first chunk
            doc.write_text(GOOD.replace("71.40", "55.55") * 40)
        calls.append(len(data))
        return data

    monkeypatch.setattr(ledger.ingest.sources, "_CHUNK", 256)
    monkeypatch.setattr(ledger.ingest.sources, "_read_chunk", rewriting)
    results = ingest([str(doc)], tmp_path / "l.db")
    assert len(calls) > 2  # the file was read in chunks, once
    (result,) = results
    assert result.status == "new"
    changed = [w for w in result.warnings if "changed while it was read" in w.message]
    assert len(changed) == 1 and warning_line(result.path, changed[0]).startswith(f"{doc}: warning: changed while")
    conn = sqlite3.connect(tmp_path / "l.db")
    try:
        text, sha = conn.execute("SELECT text, sha256 FROM document_versions").fetchone()
        stored_warnings = [r[0] for r in conn.execute("SELECT message FROM warnings")]
    finally:
        conn.close()
    import hashlib

    assert sha == hashlib.sha256(text.encode()).hexdigest() == result.sha256  # the hash is of what was read
    assert any("changed while it was read" in w for w in stored_warnings)
