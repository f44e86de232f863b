"""`ledger sql` under a hostile query (issue 14 item 6): stopped at its deadline however its time is spent,
no value bigger than the cap, and a table format renders a bounded number of rows. Each runs as its own
process (a MemoryError or a runaway must not take pytest with it) and ends with one line, never a traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
V1 = ROOT / "examples" / "pr-4821-v1.txt"


def cli(*args: str, timeout: float = 120) -> tuple[subprocess.CompletedProcess[str], float]:
    start = time.monotonic()
    r = subprocess.run(
        [sys.executable, "-m", "ledger", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )
    assert "Traceback" not in r.stdout + r.stderr, r.stderr[-2000:]
    return r, time.monotonic() - start


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sql") / "l.db"
    r, _ = cli("ingest", str(V1), "--db", str(path))
    assert r.returncode == 0, r.stderr
    return path


# 2,000 rows, each one function call of tens of milliseconds and a handful of VM steps: about a minute in all,
# and fewer steps than a progress handler's period, so only an interrupt from outside stops it.
# (+ i: a constant expression would be computed once)
EXPENSIVE_PER_ROW = (
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 2000) "
    "SELECT length(replace(hex(zeroblob(3000000 + i)), '0', 'ab')) FROM n"
)
ONE_LONG_CALL = "SELECT printf('%.*c', 2147483647, 'x') AS s"
"""One call of SQLite's C that no interrupt reaches: about 10 s here, whatever the value cap."""


@pytest.mark.parametrize("query", [EXPENSIVE_PER_ROW, ONE_LONG_CALL])
def test_sql_watchdog_stops_an_expensive_function_at_the_deadline(query: str, db: Path) -> None:
    r, seconds = cli("sql", query, "--timeout", "1", "--db", str(db), "-f", "jsonl")
    assert r.returncode == 2
    assert r.stderr.splitlines() == ["ledger: sql: stopped after 1 s (raise --timeout)"]
    assert seconds < 6, seconds  # start-up, the deadline, and at most the grace of one second after it


@pytest.mark.parametrize(
    "query",
    [
        "SELECT randomblob(1e9) AS a, randomblob(1e9) AS b",
        "SELECT zeroblob(2e9) AS z",
        "SELECT length(replace(hex(zeroblob(60000000)), '0', 'abc')) AS n",
    ],
)
def test_sql_values_are_capped_in_size(query: str, db: Path) -> None:
    r, seconds = cli("sql", query, "--timeout", "30", "--db", str(db), "-f", "json")
    assert r.returncode == 2, (r.stdout[:200], r.stderr)
    (line,) = r.stderr.splitlines()
    assert line.startswith("ledger: sql: a value is over the ") and "MB limit" in line, line
    assert seconds < 20, seconds


def test_sql_reads_the_largest_stored_document(db: Path) -> None:
    r, _ = cli("sql", "SELECT length(text) AS n, text FROM document_versions", "--db", str(db), "-f", "json")
    assert r.returncode == 0, r.stderr
    (row,) = json.loads(r.stdout)
    assert row["n"] == len(row["text"]) > 1000


ROWS_100K = (
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 100000) SELECT i, 'x' || i AS s FROM n"
)


@pytest.mark.parametrize("fmt", ["table", "markdown"])
def test_sql_table_formats_render_a_bounded_number_of_rows(fmt: str, db: Path) -> None:
    r, seconds = cli("sql", ROWS_100K, "--db", str(db), "-f", fmt)
    assert r.returncode == 0, r.stderr
    assert r.stderr.splitlines() == ["ledger: the first 1,000 rows are shown: --format jsonl or csv for all"]
    assert "x1000" in r.stdout and "x1001" not in r.stdout
    assert seconds < 30, seconds


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "json"])
def test_sql_streaming_formats_write_every_row(fmt: str, db: Path) -> None:
    r, _ = cli("sql", ROWS_100K, "--db", str(db), "-f", fmt)
    assert r.returncode == 0 and not r.stderr, r.stderr
    if fmt == "json":
        rows = json.loads(r.stdout)
    elif fmt == "jsonl":
        rows = [json.loads(line) for line in r.stdout.splitlines()]
    else:
        rows = r.stdout.splitlines()[1:]
    assert len(rows) == 100_000
