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


# One mypy run answers both questions below (each run checks the whole package, half a minute on the CI
# machine): the package's folder (every module under its import name) with a probe beside it that passes a
# wrong type across modules; the probe's error is the only one.
pytestmark = pytest.mark.xdist_group("mypy")

PROBE = "from ledger.parsers.reader.document import read_document\n\n\ndef f() -> int:\n    return read_document('x')\n"


@pytest.fixture(scope="module")
def mypy_run(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    where = tmp_path_factory.mktemp("mypy")
    (where / "probe.py").write_text(PROBE)
    return subprocess.run(
        [
            _tool("mypy"),
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(where / ".cache"),
            "ledger",
            str(where / "probe.py"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def _errors(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stdout.splitlines() if ": error:" in line]


def test_mypy_checks_every_module_with_its_imports_resolved(mypy_run: subprocess.CompletedProcess[str]) -> None:
    outside_probe = [line for line in _errors(mypy_run) if not line.startswith(str(Path(mypy_run.args[-1])))]
    assert outside_probe == [], mypy_run.stdout + mypy_run.stderr
    checked = int(mypy_run.stdout.rsplit("checked ", 1)[1].split()[0])
    assert checked >= len(list((ROOT / "ledger").rglob("*.py"))) + 1


def test_cross_module_types_are_checked(mypy_run: subprocess.CompletedProcess[str]) -> None:
    """A wrong type passed across modules is an error, not Any: the imports of ours resolve."""
    errors = _errors(mypy_run)
    assert mypy_run.returncode == 1 and len(errors) == 1, mypy_run.stdout
    assert "probe.py:5: error: Incompatible return value type" in errors[0], errors


def test_a_grouped_module_runs_on_one_worker(request: pytest.FixtureRequest) -> None:
    # The suite's time rests on this: the mypy run above (and the action's environment, the synced stand-in
    # repository) is built once because its module is one xdist group. pytest-xdist marks a grouped test by
    # suffixing its node id with "@group" and schedules by that suffix; a pytest that ignores the rename (9.2
    # keeps the id elsewhere) silently builds every grouped fixture on both workers.
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("the suite is not running under pytest-xdist's --dist loadgroup (e.g. -n 0)")
    assert request.node.nodeid.endswith("@mypy"), request.node.nodeid
