"""Start-up (issue 6, figure 5): `ledger --version` and a read command build only what they run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_PROBE = """
import sys
sys.argv = ["ledger", *sys.argv[1:]]
from ledger.cli.app import main
try:
    main()
except SystemExit:
    pass
heavy = ("ledger.cli.compare", "ledger.cli.github", "ledger.output.rows", "ledger.compare", "sqlite_utils",
         "ledger.model", "rich")
print("LOADED", *[m for m in heavy if m in sys.modules])
"""


def _loaded(*args: str) -> tuple[str, list[str]]:
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout
    head, _, tail = out.rpartition("LOADED")
    return head, tail.split()


def test_version_loads_no_command_module() -> None:
    text, loaded = _loaded("--version")
    assert text.strip().startswith("ledger ")
    assert loaded == []


def test_a_command_loads_only_its_own_modules(tmp_path: Path) -> None:
    _, loaded = _loaded("claims", "--db", str(tmp_path / "missing.db"))  # fails early: no ledger there
    assert "ledger.cli.compare" not in loaded and "ledger.cli.github" not in loaded
    _, loaded = _loaded("compare", "--help")
    assert "ledger.cli.compare" in loaded and "ledger.cli.github" not in loaded


def test_python_dash_m_ledger() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "ledger", "--version"], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.startswith("ledger ")
