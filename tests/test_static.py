"""The code's own checks, run as tests so CI runs them: ruff, and mypy over the package as it is installed.

`ledger.parsers` and `ledger.db` live in `parsers/` and `db/` (pyproject's package-dir). mypy has no such
mapping: run over the folders it names `parsers/x.py` "parsers.x", and every `from ledger.parsers.x import
...` becomes Any, so nothing that crosses a module is checked. Here mypy reads a tree of links laid out as
the installed package (`ledger/parsers -> parsers/`), where every import resolves.
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


def _installed_layout(into: Path) -> Path:
    pkg = into / "ledger"
    pkg.mkdir()
    for entry in (ROOT / "ledger").iterdir():
        if entry.name != "__pycache__":
            (pkg / entry.name).symlink_to(entry)
    (pkg / "parsers").symlink_to(ROOT / "parsers")
    (pkg / "db").symlink_to(ROOT / "db")
    return into


def test_mypy_checks_every_module_with_its_imports_resolved(tmp_path: Path) -> None:
    tree = _installed_layout(tmp_path)
    done = subprocess.run([_tool("mypy"), "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir",
                           str(tmp_path / ".cache"), "-p", "ledger"], cwd=tree, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    checked = int(done.stdout.rsplit(" in ", 1)[1].split()[0])
    assert checked >= len(list((ROOT / "parsers").glob("*.py"))) + len(list((ROOT / "db").glob("*.py")))


def test_the_layout_makes_cross_module_types_visible(tmp_path: Path) -> None:
    """The reason for the layout: a wrong type passed across modules is an error there, not Any."""
    tree = _installed_layout(tmp_path)
    probe = tree / "probe.py"
    probe.write_text("from ledger.parsers.document import read_document\n\n\n"
                     "def f() -> int:\n    return read_document('x')\n")
    done = subprocess.run([_tool("mypy"), "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir",
                           str(tmp_path / ".cache"), str(probe)], cwd=tree, capture_output=True, text=True)
    assert done.returncode == 1 and "Incompatible return value type" in done.stdout, done.stdout
