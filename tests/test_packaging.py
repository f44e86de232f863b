"""The installed import names: everything of ours lives under `ledger.`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[1]


def test_folders_are_import_names() -> None:
    """No package-dir mapping: the tree is the import tree, so every tool (and reader) sees the layers as they are."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "package-dir" not in conf and conf["packages"]["find"]["include"] == ["ledger*"]
    folders = {p.parent for p in (ROOT / "ledger").rglob("*.py") if "__pycache__" not in p.parts}
    assert [str(f.relative_to(ROOT)) for f in sorted(folders) if not (f / "__init__.py").exists()] == []
    assert not (ROOT / "parsers").exists() and not (ROOT / "db").exists()


def test_no_module_imports_the_top_level_names() -> None:
    offenders = []
    for folder in ("ledger", "tests", "benchmarks", "fuzz"):
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


def test_a_built_wheel_installs_only_ledger_names(tmp_path: Path) -> None:
    """What `pip install .` (not editable) puts in site-packages: the wheel holds every module of ledger/ and
    nothing at the top level beside it; installed alone, `import ledger.parsers,
    ledger.db` works and `import db` finds nothing. Built offline from a copy (the checkout gets no build/)."""
    import shutil
    import sysconfig
    import zipfile

    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "ledger", src / "ledger", ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path / "dist"),
            str(src),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {top for top in (n.split("/")[0] for n in names) if not top.endswith(".dist-info")} == {"ledger"}
    want = {str(p.relative_to(ROOT)) for p in (ROOT / "ledger").rglob("*.py") if "__pycache__" not in p.parts}
    assert want <= set(names), sorted(want - set(names))
    assert "ledger/web/plugin/templates/ledger_support.html" in names
    assert "ledger/web/plugin/static/tables.css" in names  # the table pages' stylesheet (plugin static/)
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    # -S: no site, so neither the editable install of the checkout nor its .pth files are seen; the
    # dependencies come from this interpreter's site-packages, ours only from the installed wheel
    code = (
        f"import sys; sys.path[:0] = [{str(target)!r}, {sysconfig.get_paths()['purelib']!r}]\n"
        "import ledger, ledger.parsers, ledger.db\n"
        f"assert ledger.parsers.__file__.startswith({str(target)!r}), ledger.parsers.__file__\n"
        "for name in ('db', 'parsers'):\n"
        "    try:\n        __import__(name)\n    except ImportError:\n        continue\n"
        "    raise SystemExit(f'{name} imports')\n"
        "print(ledger.__version__)\n"
    )
    out = subprocess.run([sys.executable, "-S", "-c", code], cwd=tmp_path, capture_output=True, text=True)
    from ledger.version import __version__

    assert out.returncode == 0 and out.stdout.strip() == __version__, out.stderr
