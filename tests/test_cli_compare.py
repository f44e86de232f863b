"""`ledger compare`, `ledger trend`, `ledger references`: exit codes, formats, files and the ledger."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.model import Claim, Revision, Source

FIX = Path(__file__).parent / "fixtures" / "compare"
SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SEED = SHARED / "seeds" / "004_efc56196d8c007cd.txt"
REFS = SHARED / "corpus" / "docs" / "trtllm-accuracy-references-gsm8k.yaml"

runner = CliRunner()


def run(*args: str, db: Path | None = None) -> tuple[int, str, str]:
    argv = [*args] + (["--db", str(db)] if db else [])
    r = runner.invoke(app, argv, env={"LEDGER_DB": ""} if db is None else None)
    return r.exit_code, r.stdout, r.stderr


@pytest.fixture(autouse=True)
def _no_default_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("LEDGER_DB", raising=False)


def write_claims(path: Path, claims: list[Claim]) -> Path:
    path.write_text("".join(json.dumps(c.model_dump(mode="json")) + "\n" for c in claims), encoding="utf-8")
    return path


def gate(name: str, outcome: str, line: int) -> Claim:
    return Claim(
        kind="gate",
        metric=name,
        outcome=outcome,  # type: ignore[arg-type]
        source=Source(path="pr.md", line=line, line_end=line, text=f"{name}: {outcome}"),
    )


# ---- two versions of a description ------------------------------------------------------------------


def test_accuracy_lowered_beyond_noise_exits_1_with_fail_on_regression() -> None:
    code, out, _ = run("compare", str(FIX / "desc_v1.md"), str(FIX / "desc_v2_regressed.md"), "--fail-on-regression")
    assert code == 1
    lines = out.splitlines()
    # the series' setup (the model the description names) may push its values onto the next line
    line = next(ln + lines[k + 1] for k, ln in enumerate(lines[:-1]) if "gsm8k" in ln)
    assert "REGRESSION" in line and "-4.29" in line and "binomial n=1319" in line
    code, _, _ = run("compare", str(FIX / "desc_v1.md"), str(FIX / "desc_v2_regressed.md"))
    assert code == 0


def test_change_within_noise_says_so_with_the_threshold() -> None:
    code, out, _ = run("compare", str(FIX / "desc_v1.md"), str(FIX / "desc_v2_noise.md"), "--fail-on-regression")
    assert code == 0
    assert "4 within noise (~)" in out and "gsm8k" not in out  # one line, not four rows
    code, out, _ = run("compare", str(FIX / "desc_v1.md"), str(FIX / "desc_v2_noise.md"), "--all")
    lines = out.splitlines()
    gsm = next(ln + lines[k + 1] for k, ln in enumerate(lines[:-1]) if "gsm8k" in ln)
    assert gsm.startswith("~ ") and "84.31" in gsm and "84.05" in gsm
    code, out, _ = run("compare", str(FIX / "desc_v1.md"), str(FIX / "desc_v2_noise.md"), "-f", "json")
    rows = {r["metric"]: r["verdict"] for r in json.loads(out)["rows"]}
    assert rows["output throughput"]["threshold"]["display"] == "±2%" and rows["gsm8k"]["verdict"] == "within noise"


def test_changed_config_is_not_comparable() -> None:
    code, out, _ = run("compare", str(FIX / "desc_v1.md"), str(FIX / "desc_v2_config.md"), "-f", "json")
    assert code == 0
    data = json.loads(out)
    mmlu = [r["verdict"] for r in data["rows"] if r["metric"] == "mmlu"]
    assert [p["verdict"] for p in mmlu] == ["not comparable", "new"]  # the other setup: a row of its own
    assert "kv_cache fp8 vs nvfp4" in mmlu[0]["reason"]


def test_removed_gate_is_missing(tmp_path: Path) -> None:
    v1 = write_claims(tmp_path / "v1.jsonl", [gate("test_gsm8k", "pass", 3), gate("test_mmmu", "pass", 4)])
    v2 = write_claims(tmp_path / "v2.jsonl", [gate("test_gsm8k", "pass", 3)])
    code, out, _ = run("compare", str(v1), str(v2), "-f", "json", "--fail-on-regression")
    assert code == 0
    assert {r["metric"]: r["verdict"]["verdict"] for r in json.loads(out)["rows"]} == {
        "test_gsm8k": "within noise",
        "test_mmmu": "missing",
    }
    v3 = write_claims(tmp_path / "v3.jsonl", [gate("test_gsm8k", "fail", 3)])
    code, out, _ = run("compare", str(v2), str(v3), "--fail-on-regression")
    assert code == 1 and "pass->fail" in out


def test_markdown_is_a_pipe_table() -> None:
    code, out, _ = run("compare", str(FIX / "desc_v1.md"), str(FIX / "desc_v2_regressed.md"), "-f", "markdown")
    assert code == 0
    assert out.startswith("### 2 revisions, oldest first: 1 regression")
    assert "| **REGRESSION** | gsm8k \\[model=llama3.1-8b-instruct\\] | 84.31 | 80.02 | -4.29 |" in out


def test_threshold_flag_and_config_file(tmp_path: Path) -> None:
    code, out, _ = run(
        "compare", str(FIX / "desc_v1.md"), str(FIX / "desc_v2_regressed.md"), "-t", "gsm8k=5", "--fail-on-regression"
    )
    assert code == 0 and "4 within noise" in out
    cfg = tmp_path / "noise.toml"
    cfg.write_text("[thresholds]\ngsm8k = 5.0\n", encoding="utf-8")
    code, _, _ = run(
        "compare",
        str(FIX / "desc_v1.md"),
        str(FIX / "desc_v2_regressed.md"),
        "--config",
        str(cfg),
        "--fail-on-regression",
    )
    assert code == 0


# ---- exit codes for bad input -------------------------------------------------------------------------


def test_usage_and_input_errors_exit_2(tmp_path: Path) -> None:
    code, _, err = run("compare", str(FIX / "desc_v1.md"), str(FIX / "desc_v2_noise.md"), "-t", "perf")
    assert code == 2 and "NAME=VALUE" in err
    code, _, err = run("compare", "no/such#1", str(FIX / "desc_v1.md"))
    assert code == 2 and "no ledger" in err
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    code, _, err = run("compare", str(bad), str(FIX / "desc_v1.md"))
    assert code == 2 and "not JSON claims" in err
    code, _, err = run("compare", str(FIX / "revisions.md"), "--from", "nowhere")
    assert code == 2 and "names no revision" in err


def test_nothing_to_compare_exits_3() -> None:
    code, _, err = run("compare", str(FIX / "desc_v1.md"))
    assert code == 3 and "nothing to compare" in err


# ---- revision sections of one description ---------------------------------------------------------------


def test_revision_sections_line_up_oldest_first() -> None:
    code, out, _ = run("compare", str(FIX / "revisions.md"), "-f", "json")
    assert code == 0
    data = json.loads(out)
    assert [r["label"] for r in data["revisions"]] == ["First push", "Review round", "Latest head"]
    rows = {(r["metric"], r["config"].get("draft_len")): r for r in data["rows"]}
    assert [v["value"] for v in rows[("gsm8k", None)]["values"]] == [91.51, 91.74, 91.28]
    assert rows[("gsm8k", None)]["verdict"]["verdict"] == "within noise"
    assert [v["value"] for v in rows[("mmmu", "1")]["values"]] == [55.9, 54.7, 55.1]
    al = rows[("acceptance length", "1")]
    assert al["verdict"]["verdict"] == "improvement" and al["verdict"]["threshold"]["display"] == "±0.05"


def test_from_to_picks_two_revisions() -> None:
    code, out, _ = run("compare", str(FIX / "revisions.md"), "--from", "c3d2e1", "--to", "latest head")
    assert code == 0
    assert out.startswith("2 revisions") and "R1  Review round c3d2e1f0a9" in out
    assert "R2  Latest head 4f2e9a1c07" in out and "First push" not in out


def test_trend_draws_a_chart() -> None:
    code, out, _ = run("trend", "gsm8k", str(FIX / "revisions.md"))
    assert code == 0
    # the series is named with the setup the text states above its tables ("GB200, TP1, full gsm8k.")
    assert "gsm8k (gpu=gb200, tp=1):" in out and "(min 91.28, max 91.74, 3 points" in out and "█" in out
    code, out, _ = run("trend", "acceptance length", str(FIX / "revisions.md"), "--where", "mtp=1", "-f", "json")
    assert code == 0 and [p["value"] for p in json.loads(out)[0]["points"]] == [1.62, 1.93, 1.91]
    code, _, _ = run("trend", "gpqa", str(FIX / "revisions.md"))
    assert code == 3


# ---- the ledger: versions, references -------------------------------------------------------------------


def test_versions_in_the_ledger_compare(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    doc = tmp_path / "pr.md"
    doc.write_text((FIX / "desc_v1.md").read_text(encoding="utf-8"), encoding="utf-8")
    assert run("ingest", str(doc), "--repo", "acme/engine", "--pr", "7", db=db)[0] == 0
    doc.write_text((FIX / "desc_v2_regressed.md").read_text(encoding="utf-8"), encoding="utf-8")
    assert run("ingest", str(doc), "--repo", "acme/engine", "--pr", "7", db=db)[0] == 0
    code, out, err = run("compare", "acme/engine#7", "--fail-on-regression", db=db)
    assert code == 1, err
    assert "R1  acme/engine#7 v1" in out and "R2  acme/engine#7 v2" in out and "REGRESSION" in out
    code, out, _ = run("compare", "acme/engine#7", "--from", "2", "--to", "2", db=db)
    assert code == 3


@pytest.mark.skipif(not REFS.is_file(), reason="../shared/corpus/docs is not present")
def test_references_import_and_check(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    code, out, _ = run("references", "import", str(REFS), db=db)
    assert code == 0 and "gsm8k references" in out
    code, out, _ = run("references", "list", "--model", "DeepSeek-V3-Lite", db=db)
    assert code == 0 and "64.74" in out
    src = Source(path="pr.md", line=1, line_end=1, text="gsm8k 60.1")
    low = Claim(
        kind="accuracy",
        metric="gsm8k",
        value=60.1,
        config={"model": "deepseek-ai/DeepSeek-V3-Lite"},
        revision=Revision(label="head"),
        source=src,
    )
    ok = low.model_copy(update={"value": 64.5, "revision": Revision(label="base")})
    f = write_claims(tmp_path / "c.jsonl", [ok, low])
    code, out, _ = run("compare", str(f), "-f", "json", "--fail-on-regression", db=db)
    data = json.loads(out)
    assert [(r["value"], r["reference"], r["verdict"]) for r in data["references"]] == [
        (64.5, 64.74, "within noise"),
        (60.1, 64.74, "regression"),
    ]
    assert code == 1


# ---- the seed ---------------------------------------------------------------------------------------------


@pytest.mark.skipif(not SEED.is_file(), reason="../shared/seeds is not present")
def test_seed_compare_lines_up_its_revision_sections() -> None:
    code, out, _ = run("compare", str(SEED), "-k", "accuracy", "-k", "acceptance")
    assert code == 0
    assert "R9  Final head 13c21f460b" in out
    assert "no measured claim covers 257d5f0" in out
    code, out, _ = run("compare", str(SEED), "--from", "d0b2d5dfa6", "--to", "Final head", "-f", "json")
    assert code == 0
    # the seed states "GB300, TP1" above its tables: every row carries that setup
    gsm = [r["verdict"] for r in json.loads(out)["rows"] if r["metric"] == "gsm8k" and "draft_len" not in r["config"]]
    assert any(p["old"] and p["new"] and p["old"]["value"] == 95.75 and p["new"]["value"] == 96.25 for p in gsm)


def _without_model(tmp_path: Path, name: str) -> Path:
    """A copy of a description fixture that names no model (the fixtures name the one they measured)."""
    out = tmp_path / name
    out.write_text((FIX / name).read_text(encoding="utf-8").replace(" for Llama-3.1-8B-Instruct", ""), encoding="utf-8")
    return out


def test_trend_across_ledger_documents_and_markdown_details(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    for n, name in ((11, "desc_v1.md"), (12, "desc_v2_regressed.md")):
        doc = _without_model(tmp_path, name)
        assert run("ingest", str(doc), "--repo", "acme/engine", "--pr", str(n), db=db)[0] == 0
    code, out, err = run("trend", "GSM8K", db=db)
    assert code == 0 and "2 series with one point only" in out  # no model stated: kept apart by document
    assert "kept apart by document (--mix joins them" in err
    code, out, err = run("trend", "GSM8K", "-f", "json", "--mix", db=db)
    assert code == 0 and "mixed 2 documents in one series" in err
    assert [(p["at"], p["value"]) for p in json.loads(out)[0]["points"]] == [
        ("acme/engine#11", 84.31),
        ("acme/engine#12", 80.02),
    ]
    code, out, _ = run("compare", str(FIX / "revisions.md"), "-f", "markdown")
    assert code == 0 and out.startswith("### 3 revisions, oldest first") and "| verdict | series \\[setup\\] |" in out


@pytest.mark.skipif(not REFS.is_file(), reason="../shared/corpus/docs is not present")
def test_model_flag_lets_registered_references_check_a_description(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    assert run("references", "import", str(REFS), db=db)[0] == 0
    code, out, _ = run(
        "compare",
        str(_without_model(tmp_path, "desc_v1.md")),
        str(_without_model(tmp_path, "desc_v2_noise.md")),
        "--model",
        "meta-llama/Llama-3.3-70B-Instruct",
        "-f",
        "json",
        db=db,
    )
    assert code == 0
    refs = json.loads(out)["references"]
    assert [(r["value"], r["reference"], r["verdict"]) for r in refs if r["metric"] == "gsm8k"] == [
        (84.31, 83.78, "within noise"),
        (84.05, 83.78, "within noise"),
    ]


def test_stated_versus_tested_reads_the_pull_requests_linked_comments(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "l.db"
    assert run("ingest", str(FIX / "revisions.md"), "--repo", "acme/engine", "--pr", "9", db=db)[0] == 0
    comment = tmp_path / "comment.md"
    comment.write_text(
        "PR_Github #512 [ run ] completed with state SUCCESS. Commit: 4f2e9a1c07\n\n"
        "PR_Github #498 [ run ] completed with state FAILURE. Commit: 7e7e7e7e70\n",
        encoding="utf-8",
    )
    assert run("ingest", str(comment), db=db)[0] == 0
    conn = sqlite3.connect(db)
    with conn:  # what `ledger fetch` records for a comment of the PR
        conn.execute(
            "UPDATE documents SET parent_id = (SELECT id FROM documents WHERE key = 'acme/engine#9') "
            "WHERE key != 'acme/engine#9'"
        )
        conn.execute("UPDATE documents SET head_sha = '0badc0ffee' WHERE key = 'acme/engine#9'")
    conn.close()
    code, out, _ = run("compare", "acme/engine#9", "-f", "json", db=db)
    assert code == 0
    ci = {c["sha"]: c for c in json.loads(out)["tested"]["ci_commits"]}
    assert ci["4f2e9a1c07"]["covered_by"] == ["Latest head 4f2e9a1c07"]
    assert ci["7e7e7e7e70"]["covered"] is False
    assert ci["0badc0ffee"]["source"] == "GitHub head" and ci["0badc0ffee"]["covered"] is False
    code, out, _ = run("compare", "acme/engine#9", db=db)
    assert "the PR's head on GitHub is 0badc0ffee; no measured claim covers 0badc0ffee" in out


def test_series_of_one_metric_and_setup_keep_their_columns_qualifiers() -> None:
    """ "FTL(min)(s)" beside "FTL(ave)(s)", "tput(out tok/s)" beside "tput(total tok/s)", "req/s" beside "req/min":
    the key names each pair's metric alike, and the label says what the column told apart (never two rows alike)."""
    doc = FIX / "column_qualifiers.md"
    code, out, _ = run("compare", str(doc), "--all", "--format", "markdown")
    assert code == 0
    rows = [line.split("|")[2].strip() for line in out.splitlines() if line.startswith("| improvement")]
    labels = [lab.replace("\\", "") for lab in rows]  # (markdown escapes the brackets and underscores)
    assert len(labels) == 7 and len(set(labels)) == 7
    for want in ("ftl (min)", "tput (out)", "tput (total)", "request throughput (req/min)"):
        assert any(lab.startswith(want + " [") for lab in labels), (want, labels)
    # (a row its metric and setup tell apart already keeps its label as it was: ave is the variant)
    assert "ftl [batch_size=64] {ave}" in labels
