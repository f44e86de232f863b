"""Bad input at the edge: one clear line per bad file, the rest of the batch still goes in, no traceback.

Exit codes of `ledger ingest`: 0 everything stored (or unchanged), 1 some inputs failed, 2 nothing
could be ingested (or the ledger itself was refused).
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from ledger.cli.app import app

GOOD = """Test Coverage

Final head (b7a3e2d915, rebased on main 1f2e3d4c5b):

check\tresult
test_gsm8k\t71.40 (ref 71.80)
unittest/_torch/speculative\t322 passed, 4 skipped
"""

runner = CliRunner()


def ingest(*args: str, env: dict[str, str] | None = None) -> Result:
    result = runner.invoke(app, ["ingest", *args], env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stdout + result.stderr
    return result


def count(db: Path, table: str = "document_versions") -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    finally:
        conn.close()


def good_file(tmp_path: Path, name: str = "good.txt") -> Path:
    p = tmp_path / name
    p.write_text(GOOD)
    return p


def errors(r: Result) -> list[str]:
    return [line for line in r.stderr.splitlines() if ": warning: " not in line]  # PATH[:LINE]: warning: ...


def test_missing_path(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    r = ingest(str(tmp_path / "nope.md"), "--db", str(db))
    assert r.exit_code == 2
    assert errors(r) == [f"ledger: {tmp_path / 'nope.md'}: no such file"]
    r = ingest(str(tmp_path / "nope.md"), str(good_file(tmp_path)), "--db", str(db))
    assert r.exit_code == 1 and len(errors(r)) == 1
    assert count(db) == 1


def test_empty_file(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    (tmp_path / "empty.md").write_text("")
    (tmp_path / "blank.md").write_text("  \n\n\t\n")
    r = ingest(str(tmp_path / "empty.md"), str(tmp_path / "blank.md"), str(good_file(tmp_path)), "--db", str(db))
    assert r.exit_code == 1
    assert len(errors(r)) == 2 and all("empty document" in line for line in errors(r))
    assert count(db) == 1


def test_binary_file(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    (tmp_path / "image.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    r = ingest(str(tmp_path / "image.txt"), "--db", str(db))
    assert r.exit_code == 2 and len(errors(r)) == 1 and "binary" in r.stderr
    assert count(db) == 0


def test_invalid_utf8_is_decoded_with_replacement_and_a_warning(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    p = tmp_path / "latin1.txt"
    p.write_bytes(GOOD.encode().replace(b"Test Coverage", b"Test Coverage \xe9t\xe9 \xff"))
    r = ingest(str(p), "--db", str(db))
    assert r.exit_code == 0
    # the warning names the line of the first bad byte, as every warning names its place: PATH:LINE
    assert f"ledger: {p}:1: warning: not valid UTF-8 (first bad byte at offset 14)" in r.stderr
    assert count(db) == 1 and count(db, "claims") >= 1
    conn = sqlite3.connect(db)
    text = conn.execute("SELECT text FROM document_versions").fetchone()[0]
    stored = conn.execute("SELECT line, message FROM warnings").fetchall()
    assert "\ufffd" in text and [(line, m[:17]) for line, m in stored] == [(1, "not valid UTF-8 (")]
    p.write_bytes(GOOD.encode().replace(b"71.40", b"71.40 \xff").replace(b"\n", b"\r\n", 2))  # a CRLF ends one line
    r = ingest(str(p), "--db", str(db))
    assert f"ledger: {p}:6: warning: not valid UTF-8" in r.stderr


def test_file_over_the_size_limit(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    big = tmp_path / "big.md"
    big.write_text(GOOD + ("padding line of a very long pasted log\n" * 2000))
    r = ingest(str(big), str(good_file(tmp_path)), "--max-bytes", "10000", "--db", str(db))
    assert r.exit_code == 1
    assert len(errors(r)) == 1 and "over the 10,000-byte limit" in r.stderr
    assert count(db) == 1
    r = ingest(str(big), "--db", str(db), env={"LEDGER_MAX_BYTES": "5000"})
    assert r.exit_code == 2 and "5,000-byte limit" in r.stderr


def _ingest_cut(tmp_path: Path, text: str) -> tuple[Result, Path, Path]:
    """A cut document ingested: the run, the document, the ledger."""
    db, cut = tmp_path / "l.db", tmp_path / "cut.md"
    cut.write_text(text)
    r = ingest(str(cut), "--db", str(db))
    assert r.exit_code == 0
    return r, cut, db


def test_truncated_table_keeps_the_whole_rows(tmp_path: Path) -> None:
    r, cut, db = _ingest_cut(
        tmp_path,
        "## Results\n\n| model | gsm8k | tok/s |\n| --- | --- | --- |\n| llama-3.1-8b | 71.2 | 4,120 |\n"
        "| qwen3-8b | 80.1 | 3,980 |\n| mistral-7b | 52.",
    )
    assert count(db) == 1
    assert f"ledger: {cut}:7: warning: table row cut short (truncated input?)" in r.stderr  # the cut row is named
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT line, message FROM warnings").fetchall() == [
        (7, "table row cut short (truncated input?)")
    ]
    values = {v for (v,) in conn.execute("SELECT value FROM claims")}
    assert {71.2, 4120.0, 80.1, 3980.0} <= values


def _values(db: Path) -> set[float]:
    return {v for (v,) in sqlite3.connect(db).execute("SELECT value FROM claims")}


def test_a_last_row_without_its_closing_pipe_loses_only_its_last_cell(tmp_path: Path) -> None:
    # every row above closes with "|": the excerpt ends inside the last cell ("10" of "108.05"), which is left out
    r, cut, db = _ingest_cut(
        tmp_path,
        "| Conc | P99 main | P99 pr | TTFT pr |\n|---|---|---|---|\n| 8 | 40.10 | 39.90 | 12.5 |\n"
        "| 64 | 111.22 | 108.40 | 10",
    )
    assert f"ledger: {cut}:4: warning: table row cut short (truncated input?)" in r.stderr
    assert {39.9, 12.5, 108.4} <= _values(db) and 10.0 not in _values(db)


def test_a_paste_cut_at_the_documents_end_inside_its_open_fence_loses_only_its_last_number(tmp_path: Path) -> None:
    # "Mean ITL (ms):   7" on the last line, its fence never closed: the excerpt may end inside "7.93"; the same
    # paste closed, or ending on its rule, keeps every value
    paste = "```\nMean TTFT (ms):   84.17\nMean ITL (ms):    7"
    r, cut, db = _ingest_cut(tmp_path, paste + "\n")
    assert f"ledger: {cut}:3: warning: the document ends inside an unclosed code block on a number printed" in r.stderr
    assert _values(db) == {84.17}
    # closed, ending on its rule, or its last number as precise as the one before it: nothing says it was cut
    for i, whole in enumerate((paste + "\n```\n", paste + "\n=======\n", paste.replace(":    7", ":    7.93"))):
        (tmp_path / str(i)).mkdir()
        r, cut, db = _ingest_cut(tmp_path / str(i), whole)
        assert "warning" not in r.stderr and _values(db) == {84.17, 7.93 if i == 2 else 7.0}


def test_an_html_table_cut_before_its_close_is_named_and_its_numbers_still_read(tmp_path: Path) -> None:
    r, cut, db = _ingest_cut(
        tmp_path,
        "## Results\n\nDecode throughput: 412.6 tok/s on this PR.\n\n<table>\n<tr><th>Model</th><th>tok/s</th></tr>\n"
        "<tr><td>Wren-3B</td><td>88.4</td></tr>\n<tr><td>Wren-14B</td><td>21.",
    )
    assert f"ledger: {cut}:5: warning: HTML table not closed (truncated input?): its lines read as text" in r.stderr
    assert 412.6 in _values(db)


def test_directory_of_mixed_files(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    folder = tmp_path / "mixed"
    (folder / "sub").mkdir(parents=True)
    good_file(folder, "a.txt")
    good_file(folder / "sub", "b.md").write_text(GOOD.replace("71.40", "71.55"))
    (folder / "empty.md").write_text("")
    (folder / "blob.txt").write_bytes(b"\x00\x01\x02binary\x00")
    (folder / "latin1.md").write_bytes(GOOD.replace("71.40", "70.90").encode() + b"caf\xe9\n")
    (folder / "diagram.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00")  # not a text suffix: not read
    r = ingest(str(folder), "--db", str(db))
    assert r.exit_code == 1
    assert len(errors(r)) == 2  # the empty and the binary file
    assert count(db) == 3  # a.txt, sub/b.md, latin1.md (with a warning)
    assert len(r.stdout.splitlines()) == 3
    assert "diagram.png" not in r.stdout + r.stderr


def test_empty_directory(tmp_path: Path) -> None:
    (tmp_path / "nothing").mkdir()
    r = ingest(str(tmp_path / "nothing"), "--db", str(tmp_path / "l.db"))
    assert r.exit_code == 2 and "no text documents" in r.stderr


def test_database_file_that_is_not_sqlite(tmp_path: Path) -> None:
    db = tmp_path / "notes.db"
    db.write_text("a plain text file where a database should be\n")
    digest = hashlib.sha256(db.read_bytes()).hexdigest()
    r = ingest(str(good_file(tmp_path)), "--db", str(db))
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [f"ledger: {db}: not a SQLite database (refusing to write to it)"]
    assert hashlib.sha256(db.read_bytes()).hexdigest() == digest
    assert not Path(str(db) + "-wal").exists()
    for args in (["claims"], ["show", "1"], ["sql", "SELECT 1"]):
        r = runner.invoke(app, [*args, "--db", str(db)])
        assert r.exit_code == 2 and "not a SQLite database" in r.stderr


def test_database_written_by_a_newer_ledger(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    assert ingest(str(good_file(tmp_path)), "--db", str(db)).exit_code == 0
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    before = count(db)
    r = ingest(str(good_file(tmp_path, "other.txt")), "--db", str(db))
    assert r.exit_code == 2 and "newer ledger" in r.stderr and r.stderr.count("\n") == 1
    assert count(db) == before


def test_utf16_with_a_byte_order_mark_is_text_not_binary(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    p = tmp_path / "saved-on-windows.txt"
    p.write_bytes(b"\xff\xfe" + GOOD.encode("utf-16-le"))
    r = ingest(str(p), "--db", str(db))
    assert r.exit_code == 0, r.stderr
    assert "UTF-16" in r.stderr and re.match(r"ledger: \S+: warning: ", r.stderr)
    conn = sqlite3.connect(db)
    assert 71.4 in {v for (v,) in conn.execute("SELECT value FROM claims")}
    p.write_bytes(b"\xfe\xff" + GOOD.encode("utf-16-be")[:-1])  # big-endian, cut inside a character
    r = ingest(str(p), "--db", str(db))
    assert r.exit_code == 0 and "U+FFFD" in r.stderr


def test_invalid_size_limit_in_the_environment_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = tmp_path / "pr.md"
    doc.write_text("gsm8k 96.25 (ref 96.36)\n", encoding="utf-8")
    monkeypatch.setenv("LEDGER_MAX_BYTES", "20MB")
    result = CliRunner().invoke(app, ["extract", str(doc)])
    assert result.exit_code == 2
    assert "LEDGER_MAX_BYTES" in result.output and "Traceback" not in result.output
