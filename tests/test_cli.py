"""The command line through typer's runner, on a temporary ledger."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from ledger.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
V1, V2 = ROOT / "examples" / "pr-4821-v1.txt", ROOT / "examples" / "pr-4821-v2.txt"
CONTRACT_KEYS = {
    "kind",
    "metric",
    "value",
    "high",
    "approx",
    "unit",
    "reference",
    "outcome",
    "outcome_text",
    "sha",
    "passed",
    "failed",
    "skipped",
    "subject",
    "feature",
    "revision",
    "config",
    "source",
}
SUPPORT_MD = """# Serving feature support

Which architectures run with which serving features in this release.

| Architecture | Chunked prefill | FP8 KV cache | Speculative decoding |
| --- | --- | --- | --- |
| LlamaForCausalLM | Yes | Yes | Yes [^1] |
| Qwen3MoeForCausalLM | Yes | No | Untested |

[^1]: Eagle3 and MTP drafts only.
"""

runner = CliRunner()


def run(*args: str, env: dict[str, str] | None = None, input: str | None = None) -> Result:
    result = runner.invoke(app, list(args), env=env, input=input)
    assert "Traceback" not in result.stdout + result.stderr
    return result


@pytest.fixture()
def ledger_db(tmp_path: Path) -> str:
    path = str(tmp_path / "l.db")
    r = run(
        "ingest",
        str(V1),
        str(V2),
        "--repo",
        "example/trtllm",
        "--pr",
        "4821",
        "--title",
        "FP8 KV for Eagle3",
        "--db",
        path,
    )
    assert r.exit_code == 0, r.stderr
    return path


def _jsonl(r: Result) -> list[dict]:
    return [json.loads(line) for line in r.stdout.splitlines() if line.strip()]


def _digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def test_ingest_prints_one_line_per_document(tmp_path: Path) -> None:
    path = str(tmp_path / "l.db")
    r = run("ingest", str(V1), str(V2), "--repo", "example/trtllm", "--pr", "4821", "--db", path)
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("new ") and "example/trtllm#4821 v1" in lines[0]
    assert lines[1].startswith("new version") and "v2" in lines[1]
    again = run("ingest", str(V1), str(V2), "--repo", "example/trtllm", "--pr", "4821", "--db", path)
    assert again.exit_code == 0
    assert [line.split()[0] for line in again.stdout.splitlines()] == ["unchanged", "unchanged"]


def test_ingest_from_stdin(tmp_path: Path) -> None:
    path = str(tmp_path / "l.db")
    r = run("ingest", "-", "--repo", "example/trtllm", "--pr", "9", "--db", path, input=V1.read_text())
    assert r.exit_code == 0 and "example/trtllm#9 v1" in r.stdout


def test_db_from_environment(tmp_path: Path) -> None:
    path = str(tmp_path / "env.db")
    assert run("ingest", str(V1), env={"LEDGER_DB": path}).exit_code == 0
    r = run("claims", "--format", "jsonl", env={"LEDGER_DB": path})
    assert r.exit_code == 0 and _jsonl(r)


def test_claims_jsonl_is_the_contract(ledger_db: str) -> None:
    rows = _jsonl(run("claims", "--db", ledger_db, "--format", "jsonl"))
    assert rows
    extracted = _jsonl(run("extract", str(V2), "--format", "jsonl"))
    assert len(rows) == len(extracted)
    for got, want in zip(rows, extracted, strict=True):
        assert set(got) >= CONTRACT_KEYS
        assert list(got) == list(want)
        src = got["source"]
        assert src["document"] == "example/trtllm#4821" and src["version"] == 2 and len(src["sha256"]) == 64
        assert {k: v for k, v in src.items() if k not in ("document", "document_id", "version", "sha256")} == want[
            "source"
        ]


def test_claims_filters(ledger_db: str) -> None:
    def q(*args: str) -> list[dict]:
        r = run("claims", "--db", ledger_db, "--format", "jsonl", *args)
        assert r.exit_code == 0, r.stderr
        return _jsonl(r)

    everything = q()
    assert {c["kind"] for c in q("--kind", "accuracy")} == {"accuracy"}
    assert q("--pr", "4821") == everything
    assert q("--repo", "EXAMPLE/trtllm") == everything
    assert q("--pr", "1") == []
    final = q("--revision", "Final head")
    assert final and {c["revision"]["head"] for c in final} == {"b7a3e2d915"}
    by_sha = q("--revision", "b7a3e2")  # the head sha prefix also finds the CI gates run on b7a3e2d
    assert all(c in by_sha for c in final) and all(c["revision"]["head"].startswith("b7a3e2") for c in by_sha)
    metric = next(c["metric"] for c in everything if c["kind"] == "accuracy")
    same = q("--metric", metric)
    assert same and {c["metric"] for c in same} == {metric}
    assert q("--metric", metric.upper()) == same
    gsm = q("--metric", "*gsm8k*")
    assert gsm and all("gsm8k" in c["metric"].lower() for c in gsm)
    found = q("--search", "pipeline")
    assert found and all("pipeline" in (c["source"]["text"] + (c["metric"] or "")).lower() for c in found)
    assert q("--document", "example/trtllm#4821") == everything
    v1 = q("--doc-version", "1")
    assert v1 and {c["source"]["version"] for c in v1} == {1}
    assert len(q("--all-versions")) == len(v1) + len(everything)
    assert len(q("--limit", "3")) == 3
    with_config = [c for c in everything if c["config"]]
    key, value = next(iter(with_config[0]["config"].items()))
    matched = q("--config", f"{key}={value}")
    assert with_config[0] in matched
    # as stored, or as compare reads the setup (`concurrency=1` also finds a row named "con1 ...")
    assert all(
        c["config"].get(key, "").lower() == value.lower() or value.lower() in json.dumps(c).lower() for c in matched
    )


def test_claims_hostile_filter_values(ledger_db: str) -> None:
    before = _digest(ledger_db)
    for value in ("x' OR '1'='1", "'; DROP TABLE claims; --", '" OR ""="', "%", "\\"):
        for option in ("--metric", "--revision", "--kind", "--search", "--repo", "--document"):
            r = run("claims", "--db", ledger_db, "--format", "jsonl", option, value)
            assert r.exit_code in (0, 2) and r.stdout == ""
        assert run("claims", "--db", ledger_db, "--config", f"{value}={value}").exit_code == 0
    r = run("claims", "--db", ledger_db, "--config", "novalue")
    assert r.exit_code == 2 and "key=value" in r.stderr
    assert run("claims", "--db", ledger_db, "--format", "jsonl").stdout.count("\n") > 0
    assert _digest(ledger_db) == before


def test_claims_every_format(ledger_db: str) -> None:
    n = len(_jsonl(run("claims", "--db", ledger_db, "--format", "jsonl", "--kind", "accuracy")))
    as_json = json.loads(run("claims", "--db", ledger_db, "--format", "json", "--kind", "accuracy").stdout)
    assert len(as_json) == n
    rows = list(csv.DictReader(io.StringIO(run("claims", "--db", ledger_db, "-f", "csv", "--kind", "accuracy").stdout)))
    assert len(rows) == n and {"document", "line", "metric", "value", "revision_head", "config", "text"} <= set(rows[0])
    assert json.loads(rows[0]["config"]) is not None
    md = run("claims", "--db", ledger_db, "-f", "markdown", "--kind", "accuracy").stdout.splitlines()
    assert md[0].startswith("| document | line | kind") and md[1].startswith("| ---") and len(md) == n + 2
    table = run("claims", "--db", ledger_db, "--kind", "accuracy", "--group-by", "revision")
    assert table.exit_code == 0
    assert "Final head b7a3e2d915" in table.stdout and "Initial head 4e1f0c9a2b" in table.stdout
    assert "71.19" in table.stdout


def test_markdown_output_escapes_html_and_pipes(tmp_path: Path) -> None:
    path = str(tmp_path / "l.db")
    doc = tmp_path / "x.md"
    doc.write_text("## Results\n\n| check | result |\n| --- | --- |\n| <img src=x onerror=alert(1)> gsm8k | 71.5 |\n")
    assert run("ingest", str(doc), "--db", path).exit_code == 0
    md = run("claims", "--db", path, "-f", "markdown").stdout
    assert "<img" not in md


def test_document_text_is_not_terminal_markup(tmp_path: Path) -> None:
    path = str(tmp_path / "l.db")
    doc = tmp_path / "x.md"
    doc.write_text("## Results\n\n| check | result |\n| --- | --- |\n| [bold red]gsm8k[/] \x1b[2J | 71.5 |\n")
    assert run("ingest", str(doc), "--db", path).exit_code == 0
    for command in (("claims", "--db", path), ("extract", str(doc), "-f", "table")):
        out = run(*command).stdout
        assert "[bold" in out and "71.5" in out
        assert "\x1b[2J" not in out


def test_show(ledger_db: str) -> None:
    r = run("show", "example/trtllm#4821", "--db", ledger_db)
    assert r.exit_code == 0
    out = r.stdout
    assert "FP8 KV for Eagle3" in out and "Test Coverage" in out and "Final head" in out and "accuracy" in out
    info = json.loads(run("show", "#4821", "--db", ledger_db, "--format", "json").stdout)
    assert [v["version"] for v in info["versions"]] == [1, 2] and info["version"] == 2
    assert {"Description", "Test Coverage"} <= {s["title"] for s in info["sections"]}
    assert ("Final head", "b7a3e2d915", "1f2e3d4c5b") in {(r["label"], r["head"], r["base"]) for r in info["revisions"]}
    assert info["counts"]["accuracy"] >= 2
    old = json.loads(run("show", "1", "--doc-version", "1", "--db", ledger_db, "-f", "json").stdout)
    assert old["version"] == 1 and "Final head" not in {r["label"] for r in old["revisions"]}
    missing = run("show", "nothing/here#1", "--db", ledger_db)
    assert missing.exit_code == 2 and "no document matches" in missing.stderr


def test_support(tmp_path: Path) -> None:
    path = str(tmp_path / "l.db")
    doc = tmp_path / "support.md"
    doc.write_text(SUPPORT_MD)
    assert run("ingest", str(doc), "--db", path).exit_code == 0
    rows = _jsonl(run("support", "--db", path, "--subject", "qwen3moe", "--feature", "fp8", "-f", "jsonl"))
    assert [(c["subject"], c["feature"], c["value"], c["printed_feature"]) for c in rows] == [
        ("Qwen3MoeForCausalLM", "FP8 KV Cache", "no", "FP8 KV cache")
    ]  # the canonical name, and as printed
    spec = _jsonl(run("support", "--db", path, "--subject", "Llama", "--feature", "speculative", "-f", "jsonl"))
    assert spec and spec[0]["note"] == "Eagle3 and MTP drafts only."
    table = run("support", "--db", path, "--feature", "chunked")
    assert table.exit_code == 0 and "LlamaForCausalLM" in table.stdout and "Qwen3MoeForCausalLM" in table.stdout
    assert "no support claims match" in run("support", "--db", path, "--subject", "Mamba").stdout


_COVERAGE_V1 = """# Model coverage

## Served by the Triton backend

| Arch | BF16 | FP8 KV |
|---|---|---|
| Mistral | Yes | No |
| Phi-3 | Yes | No |
"""


def test_support_answers_for_an_older_version_of_a_document(tmp_path: Path) -> None:
    """`--version N` with `--document`: the cells as version N printed them ("FP8 KV support in v1?"), where the
    default reads the newest; a version alone, or one the document lacks, is a usage error."""
    path = str(tmp_path / "l.db")
    for n, text in enumerate((_COVERAGE_V1, _COVERAGE_V1.replace("| Mistral | Yes | No |", "| Mistral | Yes | Yes |"))):
        doc = tmp_path / f"coverage_v{n + 1}.md"
        doc.write_text(text)
        assert run("ingest", str(doc), "--repo", "acme/eng", "--pr", "5", "--db", path).exit_code == 0

    def mistral(*extra: str) -> list[tuple[str, int]]:
        got = _jsonl(run("support", "--db", path, "--subject", "Mistral", "--feature", "FP8 KV", *extra, "-f", "jsonl"))
        return [(c["value"], c["source"]["version"]) for c in got]

    assert mistral() == [("yes", 2)]
    assert mistral("--document", "acme/eng#5", "--version", "1") == [("no", 1)]
    alone = run("support", "--db", path, "--version", "1")
    assert alone.exit_code == 2 and "--version needs --document" in alone.stderr
    assert run("support", "--db", path, "--document", "acme/eng#5", "--version", "9").exit_code == 2


def test_sql_reads(ledger_db: str) -> None:
    r = run(
        "sql", "SELECT kind, COUNT(*) AS n FROM claims GROUP BY kind ORDER BY kind", "--db", ledger_db, "-f", "json"
    )
    assert r.exit_code == 0 and {row["kind"] for row in json.loads(r.stdout)} >= {"accuracy", "commit"}
    assert run("sql", "SELECT key FROM documents", "--db", ledger_db, "-f", "csv").stdout.splitlines() == [
        "key",
        "example/trtllm#4821",
    ]


def test_sql_is_read_only(ledger_db: str, tmp_path: Path) -> None:
    before = _digest(ledger_db)
    other = tmp_path / "other.db"
    for statement in (
        "INSERT INTO documents (key, created_at) VALUES ('x', 'y')",
        "DELETE FROM claims",
        "DROP TABLE claims",
        f"ATTACH DATABASE '{other}' AS o",
        "SELECT load_extension('/tmp/evil')",
        "PRAGMA journal_mode = DELETE",
        "SELECT 1; DELETE FROM claims",
    ):
        r = run("sql", statement, "--db", ledger_db)
        assert r.exit_code == 2, statement
        assert r.stderr.startswith("ledger: sql:") and r.stderr.count("\n") == 1
    assert not other.exists()
    assert _digest(ledger_db) == before
    assert run("sql", "SELECT COUNT(*) AS n FROM claims", "--db", ledger_db, "-f", "jsonl").stdout.strip() != ""


def test_read_commands_need_an_existing_ledger(tmp_path: Path) -> None:
    path = tmp_path / "none.db"
    for args in (("claims",), ("show", "1"), ("support",), ("sql", "SELECT 1")):
        r = run(*args, "--db", str(path))
        assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert not path.exists()


def test_readme_demo_commands_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's one-line example, its `ledger` steps run here in order, so the README cannot rot."""
    readme = (ROOT / "README.md").read_text()
    line = next(ln.strip() for ln in readme.splitlines() if "ledger ingest examples/" in ln and "&&" in ln)
    steps = [shlex.split(part.replace("$D", str(tmp_path))) for part in line.split(" && ")]
    commands = [s[1:] for s in steps if s and s[0].endswith("/ledger")]
    assert [c[0] for c in commands] == ["ingest", "claims", "compare"]
    monkeypatch.chdir(ROOT)
    for command in commands:
        r = run(*command)
        assert r.exit_code == 0, (command, r.stderr)
        assert r.stdout.strip()


def test_a_long_table_shows_its_first_rows_and_says_how_many_more(tmp_path: Path) -> None:
    from ledger.cli.app import TABLE_ROWS

    n = TABLE_ROWS + 40
    doc = tmp_path / "sweep.md"
    doc.write_text(
        "## Accuracy sweep\n\n"
        + "\n".join(f"- run {i}: gsm8k {90 + i / 1000:.3f} (ref 90.1)" for i in range(n))
        + "\n",
        encoding="utf-8",
    )
    dbp = str(tmp_path / "l.db")
    assert run("ingest", str(doc), "--db", dbp).exit_code == 0
    shown = run("claims", "--metric", "gsm8k", "--db", dbp)
    assert shown.exit_code == 0
    assert shown.stdout.count("gsm8k") == TABLE_ROWS
    assert f"{TABLE_ROWS} of {n} claims shown" in shown.stderr
    every = run("claims", "--metric", "gsm8k", "--limit", str(n), "--db", dbp)
    assert every.stdout.count("gsm8k") == n and "shown" not in every.stderr
    assert len(run("claims", "--metric", "gsm8k", "--format", "jsonl", "--db", dbp).stdout.splitlines()) == n


def test_ingest_workers_option(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    for i in range(30):
        (folder / f"d{i:02d}.md").write_text(f"## Accuracy\n\ngsm8k 9{i % 10}.{i} (ref 95.1)\n", encoding="utf-8")
    dbp = str(tmp_path / "l.db")
    ok = run("ingest", str(folder), "--workers", "2", "--db", dbp)
    assert ok.exit_code == 0 and ok.stdout.count("new ") == 30
    bad = run("ingest", str(folder), "--workers", "0", "--db", dbp)
    assert bad.exit_code == 2 and "--workers 0" in bad.stderr


def test_the_readme_shows_what_ingest_prints_for_the_bundled_example(tmp_path: Path) -> None:
    """The README's sample summary lines are the real output of its first command (they went stale once)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = [
        line.strip() for line in readme.splitlines() if line.startswith("    ") and "example/trtllm#4821 v" in line
    ]
    assert len(shown) == 3
    dbp = str(tmp_path / "l.db")
    first = run("ingest", str(V1), str(V2), "--repo", "example/trtllm", "--pr", "4821", "--db", dbp)
    again = run("ingest", str(V2), "--repo", "example/trtllm", "--pr", "4821", "--db", dbp)

    def relative(text: str) -> list[str]:
        return [line.replace(str(ROOT) + "/", "").strip() for line in text.splitlines()]

    assert relative(first.stdout) + relative(again.stdout) == shown


def test_extract_page_reads_a_docs_page_as_ingest_repo_path_does(tmp_path: Path) -> None:
    """A release sentence under a page's tables ("The data collected for the v2.3 benchmarks was run with ...")
    names the release of the whole page's data, which only a page's reading gives (a thread's paragraph speaks for
    its own turn): `extract --page` reads it so, without a database."""
    doc = tmp_path / "perf.md"
    doc.write_text(
        "## Throughput\n\n| ISL, OSL | H100 TP1 |\n|---|---|\n| 128, 128 | 9,876.5 |\n\n## Reproducing\n\n"
        "The data collected for the v2.3 benchmarks was run with the options below.\n",
        encoding="utf-8",
    )
    (as_thread,) = _jsonl(run("extract", str(doc)))
    (as_page,) = _jsonl(run("extract", "--page", str(doc)))
    assert as_thread["revision"] is None and as_page["revision"]["label"] == "v2.3"
