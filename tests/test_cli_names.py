"""Names as users type them and the CLI's manners: PR references and URLs, -h, help text with [...] kept,
shell completion, printed labels and keys usable as input, `ledger documents`, no empty ledger.db left."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ledger.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    r = runner.invoke(app, list(args), env={"COLUMNS": "100", "LEDGER_DB": ""})
    return r.exit_code, r.stdout, r.stderr


def ledger_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ledger", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "COLUMNS": "100"},
    )


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "ledger.db")
    code, _, err = run(
        "ingest",
        str(EXAMPLES / "pr-4821-v1.txt"),
        str(EXAMPLES / "pr-4821-v2.txt"),
        "--repo",
        "example/trtllm",
        "--pr",
        "4821",
        "--db",
        path,
    )
    assert code == 0, err
    return path


def test_a_failed_command_leaves_no_empty_ledger_behind(tmp_path: Path) -> None:
    for args in (["ingest", "missing.md"], ["references", "import", "missing.yaml"]):
        r = ledger_cli(*args, cwd=tmp_path)
        assert r.returncode != 0 and "no such file" in r.stderr
        assert not any(tmp_path.iterdir()), (args, list(tmp_path.iterdir()))
    (tmp_path / "a.md").write_text((EXAMPLES / "pr-4821-v1.txt").read_text(encoding="utf-8"), encoding="utf-8")
    assert ledger_cli("ingest", "a.md", cwd=tmp_path).returncode == 0
    assert ledger_cli("ingest", "missing.md", cwd=tmp_path).returncode != 0
    assert (tmp_path / "ledger.db").is_file()  # a ledger that holds something stays


def test_dash_h_and_help_text_keeps_brackets() -> None:
    code, out, _ = run("compare", "-h")
    assert code == 0 and "[noise], [samples], [thresholds]" in out
    code, out, _ = run("--help")
    assert code == 0 and "--install-completion" in out


@pytest.mark.parametrize(
    "name",
    [
        "example/trtllm#4821",
        "https://github.com/example/trtllm/pull/4821",
        "https://github.com/example/trtllm/pull/4821/files",
    ],
)
def test_compare_and_report_take_a_pr_as_users_write_it(db: str, name: str) -> None:
    for cmd in ("compare", "report"):
        code, out, err = run(cmd, name, "--db", db)
        assert code == 0, err
        assert "Initial head 4e1f0c9a2b" in out


def test_a_number_with_repo(db: str) -> None:
    code, out, err = run("compare", "#4821", "--repo", "example/trtllm", "--db", db)
    assert code == 0 and "Initial head" in out, err
    code, out, err = run("claims", "--pr", "example/trtllm#4821", "--kind", "accuracy", "--db", db)
    assert code == 0 and "gsm8k" in out.lower(), err
    code, out, err = run("claims", "--pr", "https://github.com/example/trtllm/pull/4821", "--kind", "tests", "--db", db)
    assert code == 0 and "passed" in out, err


def test_kind_is_validated_and_repeatable(db: str) -> None:
    code, _, err = run("claims", "--kind", "acuracy", "--db", db)
    assert code == 2 and "acuracy" in err and "accuracy" in err
    code, _, err = run("compare", "example/trtllm#4821", "--kind", "perff", "--db", db)
    assert code == 2 and "perff" in err
    code, out, err = run("compare", "example/trtllm#4821", "-k", "accuracy", "-k", "tests", "--all", "--db", db)
    assert code == 0 and "gsm8k" in out and "unittest" in out and "tok s" not in out, err


def test_config_keys_compare_prints_work_in_claims(db: str) -> None:
    r = runner.invoke(
        app, ["compare", "example/trtllm#4821", "--all", "--db", db], env={"COLUMNS": "240", "LEDGER_DB": ""}
    )  # the whole setup the text states (gpu=h100, ...)
    # ("max_batch_size 64" in the example states the engine's limit, read since this round)
    assert "kv_cache=fp8, max_batch_size=64, model=" in r.stdout and "spec_algo=eagle3" in r.stdout
    code, out, err = run("claims", "--pr", "4821", "--config", "kv_cache=fp8", "--kind", "accuracy", "--db", db)
    assert code == 0 and "71.65" in out, err


def test_documents_lists_what_the_ledger_holds(db: str) -> None:
    code, out, err = run("documents", "--db", db)
    assert code == 0, err
    assert "example/trtllm#4821" in out and "2" in out


def test_warnings_name_their_file_and_line(tmp_path: Path) -> None:
    doc = tmp_path / "cut.md"
    doc.write_bytes(
        b"| isl | osl | tok/s | ms |\n|---|---|---|---|\n| 1024 | 8192 | 27.0 | 28.4 |\n"
        b"| 1024 | 8192 | 39.0 | 39.6 |\n| 1024 | 8192"
    )
    for args in (
        ["ingest", str(doc), "--db", str(tmp_path / "l.db")],
        ["extract", str(doc)],
        ["compare", str(doc), str(doc), "--db", str(tmp_path / "l.db")],
    ):
        _, _, err = run(*args)
        assert f"ledger: {doc}:5: warning: table row cut short" in err, (args, err)


def test_ingest_takes_the_pr_as_users_write_it(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    for pr in ("NVIDIA/TensorRT-LLM#20144", "https://github.com/NVIDIA/TensorRT-LLM/pull/20144"):
        code, out, err = run("ingest", str(EXAMPLES / "pr-4821-v1.txt"), "--pr", pr, "--db", db)
        assert code == 0 and "NVIDIA/TensorRT-LLM#20144 v1" in out, err
    code, _, err = run("ingest", str(EXAMPLES / "pr-4821-v1.txt"), "--pr", "#20144", "--db", db)
    assert code == 2 and "needs the repository" in err
