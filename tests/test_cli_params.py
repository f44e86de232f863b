"""ledger/cli/params.py: option values converted without pydantic (issue 12 item 7). It must be active on the
typer this project installs (or the commands are slow again, silently), and it must change no answer: every
argument vector below gives the same exit code, output and error text with it and without it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
V1 = ROOT / "examples" / "pr-4821-v1.txt"

_RUN = (
    "import sys\n"
    "import ledger.cli.params\n"
    "if sys.argv[1] == 'slow':\n"
    "    ledger.cli.params.install = lambda command: 0\n"
    "sys.argv = ['ledger', *sys.argv[2:]]\n"
    "from ledger.cli.app import main\n"
    "try:\n"
    "    main()\n"
    "finally:\n"
    "    print('pydantic imported:', 'pydantic' in sys.modules, file=sys.stderr)\n"
)


def _run(mode: str, *args: str | bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-c", _RUN, mode, *args],
        capture_output=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "COLUMNS": "100"},
    )


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("params") / "l.db"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "ledger",
            "ingest",
            str(V1),
            "--repo",
            "example/trtllm",
            "--pr",
            "4821",
            "--db",
            str(path),
        ],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
    return str(path)


def test_read_commands_run_without_pydantic(db: str) -> None:
    for args in (
        ("claims", "--metric", "*gsm8k*", "--limit", "50", "--format", "json"),
        ("show", "#4821"),
        ("sql", "SELECT COUNT(*) AS n FROM claims", "--timeout", "5", "-f", "jsonl"),
        ("sql", "SELECT COUNT(*) AS n FROM claims", "-f", "jsonl"),
        ("claims", "--pr", "4821"),
    ):
        r = _run("fast", *args, "--db", db)
        assert r.returncode == 0, r.stderr
        assert r.stderr.decode().splitlines()[-1] == "pydantic imported: False", (args, r.stderr)
    assert json.loads(_run("fast", "claims", "--metric", "*gsm8k*", "-f", "json", "--db", db).stdout)


ARGS: list[tuple[str | bytes, ...]] = [
    ("claims", "--metric", "*gsm8k*", "--limit", "3", "-f", "jsonl"),
    ("claims", "--limit", "abc"),
    ("claims", "--limit", " 3", "-f", "csv"),
    ("claims", "--limit", "1_000", "-f", "csv"),
    ("claims", "--limit", "0012", "-f", "csv"),
    ("claims", "--limit", "-1", "-f", "csv"),
    ("claims", "--limit", "+2"),
    ("claims", "--limit", "99999999999999999999999"),
    ("claims", "--limit", "1.0"),
    ("claims", "--limit", ""),
    ("claims", "--format", "JSON"),
    ("claims", "--format", "xml"),
    ("claims", "-f", "markdown", "--group-by", "kind"),
    ("claims", "--group-by", "Kind"),
    ("claims", "--pr", "1.5"),
    ("claims", "--pr", "4821", "--doc-version", "1"),
    ("claims", "--config", "kv_cache=*", "--config", "spec_algo=eagle3", "-f", "jsonl"),
    ("claims", "--config"),
    ("claims", "--metric", b"gsm8k\xff"),
    ("claims", "--all-versions", "--kind", "accuracy", "-f", "csv"),
    ("show", "#4821", "--doc-version", "z"),
    ("show", "#4821", "-f", "json"),
    ("show",),
    ("sql", "SELECT 1 AS one", "--timeout", "1e1"),
    ("sql", "SELECT 1 AS one", "--timeout", "x"),
    ("sql", "SELECT 1 AS one", "--timeout", "2.5", "-f", "csv"),
    ("sql", "SELECT 1 AS one", "--timeout", ".5"),
    ("claims", "--help"),
    ("sql", "--help"),
    ("show", "--help"),
    ("claims", "-h"),
    ("claims", "--no-such-option"),
    ("claims", "--kind", "accuracy", "-f", "csv"),
    ("claims", "--kind", "acc"),
]


@pytest.mark.parametrize(
    "args", ARGS, ids=[" ".join(a if isinstance(a, str) else repr(a) for a in args) for args in ARGS]
)
def test_fast_option_values_change_no_answer(args: tuple[str | bytes, ...], db: str) -> None:
    fast, slow = _run("fast", *args, "--db", db), _run("slow", *args, "--db", db)
    assert (fast.returncode, fast.stdout) == (slow.returncode, slow.stdout)
    assert fast.stderr.decode().splitlines()[:-1] == slow.stderr.decode().splitlines()[:-1]
    assert b"Traceback" not in fast.stderr
