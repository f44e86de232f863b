"""The installed import names: everything of ours lives under `ledger.`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[1]


def _declared() -> tuple[list[str], dict[str, str]]:
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    return conf["packages"], conf["package-dir"]


def test_every_package_folder_is_declared_under_ledger() -> None:
    packages, dirs = _declared()
    assert all(p == "ledger" or p.startswith("ledger.") for p in packages)
    found = set()
    for name, folder in dirs.items():
        base = ROOT / folder
        for init in base.rglob("__init__.py"):
            rel = init.parent.relative_to(base)
            found.add(".".join([name, *rel.parts]))
    # a sub-package missing from `packages` would be left out of a wheel while an editable install hides it
    assert found <= set(packages), sorted(found - set(packages))


def test_no_module_imports_the_top_level_names() -> None:
    offenders = []
    for folder in ("ledger", "parsers", "db", "tests", "benchmarks", "fuzz"):
        for path in (ROOT / folder).rglob("*.py"):
            for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                s = line.strip()
                if s.startswith(("from parsers", "from db", "import parsers", "import db")):
                    offenders.append(f"{path.relative_to(ROOT)}:{no}: {s}")
    assert not offenders, offenders


def test_installed_names_import_outside_the_checkout(tmp_path: Path) -> None:
    code = "import ledger.parsers, ledger.db\ntry:\n    import db\nexcept ImportError:\n    print('ok')\n"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"
