"""The code's own checks, run as tests so CI runs them: ruff (lint and format), and mypy over the package.

Every module lives at its import name (`ledger/parsers/tables/rows.py` is `ledger.parsers.tables.rows`), so
mypy run from the repository's root resolves every import of ours and checks the types that cross modules.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    path = BIN / name
    if not path.exists():
        found = shutil.which(name)
        if found is None:
            pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
        return found
    return str(path)


def test_ruff_finds_nothing() -> None:
    done = subprocess.run([_tool("ruff"), "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_code_is_as_ruff_format_writes_it() -> None:
    done = subprocess.run(
        [_tool("ruff"), "format", "--check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_checks_every_module_with_its_imports_resolved(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            _tool("mypy"),
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / ".cache"),
            "-p",
            "ledger",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    checked = int(done.stdout.rsplit(" in ", 1)[1].split()[0])
    assert checked >= len(list((ROOT / "ledger").rglob("*.py")))


def test_cross_module_types_are_checked(tmp_path: Path) -> None:
    """A wrong type passed across modules is an error, not Any: the imports of ours resolve."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from ledger.parsers.reader.document import read_document\n\n\ndef f() -> int:\n    return read_document('x')\n"
    )
    done = subprocess.run(
        [
            _tool("mypy"),
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / ".cache"),
            str(probe),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1 and "Incompatible return value type" in done.stdout, done.stdout
