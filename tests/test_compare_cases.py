"""Issue 13's cases, each asserted: setups told apart (keys named), direction, units and noise, revision
sections and edited versions lined up, gate flips and new failures as regressions, one revision judged
against its references, one screen, and `ledger report`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ledger.api import Ledger
from ledger.cli.app import app
from ledger.compare import RevisionRef, Snapshot, compare_series
from ledger.compare.revisions import revisions_across_versions
from ledger.compare.trials import runs_spread
from ledger.db.writes import DocumentIdentity
from ledger.ingest.prepare import prepare_version
from ledger.ingest.sources import SourceText
from ledger.model import Claim, Revision, Source
from ledger.parsers import extract
from ledger.targets import run_compare

CASES = Path(__file__).parent / "fixtures" / "compare_cases"
ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT.parent / "shared" / "seeds" / "004_efc56196d8c007cd.txt"


def c(kind: str, metric: str, value: float | None = None, line: int = 1, **kw: Any) -> Claim:
    return Claim(
        kind=kind,
        metric=metric,
        value=value,  # type: ignore[arg-type]
        source=Source(path="pr.md", line=line, line_end=line, text=f"{metric} {value}"),
        **kw,
    )


def series(*sides: list[Claim]) -> dict[str, Any]:
    snaps = [Snapshot(RevisionRef(name=f"R{i}"), list(s)) for i, s in enumerate(sides, 1)]
    rows = compare_series(snaps)
    return {r.key.metric + str(dict(r.key.config)): r.overall for r in rows}


def _judged(verdicts: dict[str, Any]) -> list[Any]:
    """The verdicts of the series the old side states (the new side's other setup is a row of its own, "new")."""
    return [v for v in verdicts.values() if v is not None and v.verdict != "new"]


@pytest.mark.parametrize(
    ("key", "a", "b", "named"),
    [
        ("ep", "8", "4", "ep 8 vs 4"),
        ("model", "Llama-3.1-8B", "Qwen3-8B", "model llama3.1-8b vs qwen3-8b"),
        ("gpu", "H100", "B200", "gpu h100 vs b200"),
        ("kv_cache", "fp8", "nvfp4", "kv_cache fp8 vs nvfp4"),
        ("concurrency", "64", "128", "concurrency 64 vs 128"),
        ("state", "bf16", "fp32", "state bf16 vs fp32"),
        ("isl", "256:512", "256", "isl 256-512 vs 256"),  # (a range of lengths is no run at its low end)
    ],
)
def test_a_different_stated_setup_is_not_comparable_with_the_key_named(key: str, a: str, b: str, named: str) -> None:
    old = [c("accuracy", "gsm8k", 96.0, config={key: a})]
    new = [c("accuracy", "gsm8k", 90.0, config={key: b})]
    (verdict,) = _judged(series(old, new))
    assert verdict is not None and verdict.verdict == "not comparable"
    assert named in verdict.reason


def test_a_key_stated_on_one_side_only_is_a_different_setup_never_judged() -> None:
    old = [c("perf", "output throughput", 1000.0, unit="tok/s")]
    new = [c("perf", "output throughput", 1200.0, unit="tok/s", config={"gpu": "B200"})]
    (verdict,) = _judged(series(old, new))
    assert verdict is not None and verdict.verdict == "not comparable"
    assert "gpu=b200 stated only in R2" in verdict.reason


def test_units_convert_and_direction_is_the_metrics() -> None:
    out = series(
        [
            c("perf", "TTFT", 1.20, unit="s"),
            c("perf", "output throughput", 1000.0, unit="tok/s"),
            c("perf", "TPOT", 10.0, unit="ms"),
        ],
        [
            c("perf", "TTFT", 1205.0, unit="ms"),
            c("perf", "output throughput", 1100.0, unit="tok/s"),
            c("perf", "TPOT", 12.0, unit="ms"),
        ],
    )
    assert out["ttft{}"] is not None and out["ttft{}"].verdict == "within noise"
    assert out["output throughput{}"].verdict == "improvement"  # type: ignore[union-attr]
    assert out["tpot{}"].verdict == "regression"  # type: ignore[union-attr]


def test_gate_flips_and_new_failures_are_regressions() -> None:
    out = series(
        [c("gate", "test_long_prompt", outcome="pass"), c("tests", "unit tests", passed=10, failed=0)],
        [
            c("gate", "test_long_prompt", outcome="fail"),
            c("tests", "unit tests", passed=9, failed=1),
            c("gate", "test_new_check", outcome="fail"),
        ],
    )
    assert {k: v.verdict for k, v in out.items() if v} == {
        "test_long_prompt{}": "regression",
        "unit tests{}": "regression",
        "test_new_check{}": "regression",
    }


def test_noise_from_the_sample_count() -> None:
    out = series([c("accuracy", "gsm8k", 91.4)], [c("accuracy", "gsm8k", 90.9)])
    v = out["gsm8k{}"]
    assert v is not None and v.verdict == "within noise" and v.threshold and "binomial n=1319" in v.threshold.basis


def test_revision_sections_of_a_description_line_up_oldest_first() -> None:
    result = run_compare([str(CASES / "sections.md")], book=Ledger("none.db"))
    assert [r.name for r in result.revisions] == ["Initial head 1a2b3c4d5e", "Final head 9f8e7d6c5b"]
    verdicts = {r.key.metric: r.overall.verdict for r in result.rows if r.overall}
    assert verdicts == {"gsm8k": "regression", "test_long_prompt": "regression", "mean ttft": "within noise"}


def _at(label: str, head: str, *claims: Claim) -> list[Claim]:
    return [x.model_copy(update={"revision": Revision(label=label, head=head)}) for x in claims]


def test_edited_versions_line_up_by_revision_and_edits_supersede() -> None:
    v1 = _at("Initial head", "1a2b3c4d5e", c("accuracy", "gsm8k", 91.0))
    v2 = [
        *_at("Initial head", "1a2b3c4d5e", c("accuracy", "gsm8k", 91.4)),  # the number edited in place
        *_at("Final head", "9f8e7d6c5b", c("accuracy", "gsm8k", 86.1)),
    ]
    snaps = revisions_across_versions([(1, v1), (2, v2)], "acme/serve#7")
    assert [s.ref.name for s in snaps] == ["Initial head 1a2b3c4d5e", "Final head 9f8e7d6c5b"]
    (row,) = compare_series(snaps)
    assert [x.value if x else None for x in row.cells] == [91.4, 86.1]
    assert row.overall is not None and row.overall.verdict == "regression"


def test_one_revision_with_references_is_judged_not_nothing_to_compare(tmp_path: Path) -> None:
    doc = tmp_path / "one.md"
    doc.write_text("| model | baseline | this PR |\n|---|---|---|\n| gsm8k | 96.4 | 91.2 |\n", encoding="utf-8")
    result = run_compare([str(doc)], book=Ledger(tmp_path / "none.db"))
    assert result.compared and result.has_regression
    assert [(r.reference, r.verdict) for r in result.references] == [(96.4, "regression")]


# ---- the command line: one screen, the report ---------------------------------------------------------

runner = CliRunner()


def run(*args: str, width: int = 100) -> tuple[int, str, str]:
    r = runner.invoke(app, list(args), env={"COLUMNS": str(width), "LEDGER_DB": ""})
    return r.exit_code, r.stdout, r.stderr


@pytest.fixture
def ledger_db(tmp_path: Path) -> str:
    db = str(tmp_path / "ledger.db")
    assert (
        run(
            "ingest",
            str(ROOT / "examples" / "pr-4821-v1.txt"),
            str(ROOT / "examples" / "pr-4821-v2.txt"),
            "--repo",
            "example/trtllm",
            "--pr",
            "4821",
            "--db",
            db,
        )[0]
        == 0
    )
    if SEED.is_file():
        assert run("ingest", str(SEED), "--repo", "NVIDIA/TensorRT-LLM", "--pr", "4", "--db", db)[0] == 0
    return db


def test_one_screen_fits_100_columns_on_the_seed_and_the_example(ledger_db: str) -> None:
    targets = ["example/trtllm#4821", *(["NVIDIA/TensorRT-LLM#4", str(SEED)] if SEED.is_file() else [])]
    for cmd in ("compare", "report"):
        for t in targets:
            code, out, err = run(cmd, t, "--db", ledger_db)
            assert code == 0, err
            assert max(len(line) for line in out.splitlines()) <= 100, (cmd, t)
    code, out, _ = run("compare", "example/trtllm#4821", "--all", "--db", ledger_db, width=200)
    assert "R1  Initial head 4e1f0c9a2b" in out and "R2  Final head b7a3e2d915" in out
    lines = out.splitlines()
    # a series named with its whole setup takes a line of its own, its values the next
    gsm = next(
        line + lines[k + 1]
        for k, line in enumerate(lines[:-1])
        if line.startswith("~") and "gsm8k [" in line and "kv_cache=fp8" in line
    )
    assert "71.65" in gsm and "71.19" in gsm  # the Initial -> Final change, not "new"
    code, out, _ = run("compare", "example/trtllm#4821", "--by", "versions", "--db", ledger_db)
    assert "R1  example/trtllm#4821 v1" in out


def test_the_reports_first_screen_names_every_regression(tmp_path: Path) -> None:
    code, out, _ = run("report", str(CASES / "sections.md"), "--fail-on-regression", "--db", str(tmp_path / "x.db"))
    assert code == 1
    first_screen = "\n".join(out.splitlines()[:24])
    assert "2 regressions" in first_screen and "regression: gsm8k: 91.4 -> 86.1" in first_screen
    assert "regression: test_long_prompt: pass -> fail" in first_screen
    assert "REGRESSION  gsm8k" in out and "REGRESSION  test_long_prompt" in out and "pass->fail" in out


def test_report_markdown_is_fit_to_post(tmp_path: Path) -> None:
    doc = tmp_path / "hostile.md"
    doc.write_text(
        "Initial head (1a2b3c4d5e, on main 0a0b0c0d0e):\n\n| check | result |\n|---|---|\n"
        "| gsm8k | 91.4 |\n\nFinal head <img src=x> @org/team #123 https://e.test "
        "**bold** (9f8e7d6c5b, on main 0a0b0c0d0e):\n\n| check | result |\n|---|---|\n| gsm8k | 86.1 |\n",
        encoding="utf-8",
    )
    code, out, _ = run("report", str(doc), "-f", "markdown", "--db", str(tmp_path / "x.db"))
    assert code == 0
    assert out.startswith("<!-- ledger-report -->\n")
    assert "<img" not in out and "**bold**" not in out and "@org" not in out and "#123" not in out
    assert "https://e.test" not in out and "\x1b" not in out
    assert len(out) <= 65_536
    code, out, _ = run("report", str(doc), "-f", "json", "--db", str(tmp_path / "x.db"))
    data = json.loads(out)
    assert [r["metric"] for r in data["regressions"]] == ["gsm8k"]


def test_terminal_output_carries_no_escape_sequences(tmp_path: Path) -> None:
    doc = tmp_path / "esc.md"
    doc.write_text(
        "Initial \x1b[8mhidden (1a2b3c4d5e, on main 0a0b0c0d0e):\n\n| check | result |\n|---|---|\n"
        "| gsm8k | 91.4 |\n\nFinal head (9f8e7d6c5b, on main 0a0b0c0d0e):\n\n| check | result |\n"
        "|---|---|\n| gsm8k | 86.1 |\n",
        encoding="utf-8",
    )
    for cmd in ("compare", "report"):
        _, out, _ = run(cmd, str(doc), "--db", str(tmp_path / "x.db"))
        assert "\x1b" not in out


def test_a_long_report_is_cut_under_the_comment_limit() -> None:
    from ledger.report import COMMENT_LIMIT, _fit_comment

    text = "".join(f"- line {i} " + "x" * 80 + "\n" for i in range(2000))
    cut = _fit_comment(text)
    assert len(cut) <= COMMENT_LIMIT and cut.rstrip().endswith("has everything)")


def test_width_follows_columns() -> None:
    code, out, _ = run("compare", str(CASES / "sections.md"), width=60)
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 60


def test_from_and_to_take_the_printed_labels() -> None:
    code, out, _ = run("compare", str(CASES / "sections.md"), "--from", "R1", "--to", "R2", "--db", "x.db")
    assert code == 0 and "R1  Initial head 1a2b3c4d5e" in out
    code, _, err = run("compare", str(CASES / "sections.md"), "--from", "R2", "--to", "R1", "--db", "x.db")
    assert code == 2 and "comes after" in err


# ---- trend ----------------------------------------------------------------------------------------------


def _claims_file(path: Path, claims: list[Claim]) -> str:
    path.write_text("".join(json.dumps(x.model_dump(mode="json")) + "\n" for x in claims), encoding="utf-8")
    return str(path)


def test_trend_splits_by_setup_and_document_and_folds_one_point_series(tmp_path: Path) -> None:
    from ledger.targets import run_trend

    a = _claims_file(
        tmp_path / "a.jsonl",
        [c("accuracy", "gsm8k", 91.0, config={"model": "Llama-3.1-8B"}), c("accuracy", "gsm8k", 80.0)],
    )
    b = _claims_file(
        tmp_path / "b.jsonl",
        [
            c("accuracy", "gsm8k", 91.5, config={"model": "Llama-3.1-8B"}),
            c("accuracy", "gsm8k", 60.0),
            c("accuracy", "gsm8k", 70.0, config={"model": "Qwen3-8B"}),
        ],
    )
    trend = run_trend("gsm8k", [a, b], book=Ledger(tmp_path / "none.db"))
    assert [(s.label, [x.value for _, x in s.points]) for s in trend.series] == [
        ("gsm8k (model=llama3.1-8b)", [91.0, 91.5])
    ]  # one model's series continues across documents
    assert trend.single == 3  # unstated model per document, and Qwen once: counted, not drawn
    assert any("kept apart by document" in n for n in trend.notes)
    mixed = run_trend("gsm8k", [a, b], book=Ledger(tmp_path / "none.db"), mix=True)
    assert any(s.label == "gsm8k" and len(s.points) == 2 for s in mixed.series)
    assert any("mixed 2 documents" in n for n in mixed.notes)
    text = trend.render("table", width=100)
    assert "3 series with one point only (--all draws them)" in text
    assert max(len(line) for line in text.splitlines()) <= 100


def test_trend_bars_never_exaggerate_a_small_difference() -> None:
    from ledger.compare.render import _bars

    bars, how = _bars([50.0, 100.0], 40)
    assert how == "bars from 0" and len(bars[0]) * 2 == len(bars[1])
    bars, how = _bars([1.969, 1.971], 40)
    assert how.startswith("bars: change from the first") and bars[0] == "+" and bars[1].startswith("+█")


# ---- small descriptions of our own, in the forms PR authors write ----------------------------------------


@pytest.mark.parametrize(
    ("name", "revisions", "want"),
    [
        (
            "ep_headings.md",
            ["Initial head 1a2b3c4d5e", "Final head 9f8e7d6c5b"],
            {("gsm8k", "ep=8, model=deepseek-v3"): ("not comparable", "ep 8 vs 4")},
        ),
        (
            "baseline_candidate.md",
            ["Baseline 1a2b3c4d5e", "Candidate 9f8e7d6c5b"],
            {("output throughput", "gpu=h100"): ("not comparable", "gpu h100 vs b200")},
        ),
        (
            "numbered_units.md",
            ["v1 1a2b3c4d5e", "v2 9f8e7d6c5b"],
            {("mean ttft", ""): ("within noise", "new converted from ms to s")},
        ),
        (
            "rebase_headings.md",
            ["Initial head 1a2b3c4d5e", "After rebase on main 9f8e7d6c5b"],
            {
                ("gsm8k", ""): ("regression", "higher is better"),
                ("test_long_prompt", ""): ("regression", "pass -> fail"),
            },
        ),
        (
            "unlisted_board_headings.md",  # a board the vocabulary does not know, by its heading: never the H20
            ["main", "this PR"],
            {("output throughput", "gpu=qx880"): ("not comparable", "gpu qx880 vs h20")},
        ),
        (
            "metax_board_headings.md",  # a domestic board the vocabulary knows, by its part number alone
            ["main", "this PR"],
            {("output throughput", "gpu=c550"): ("not comparable", "gpu c550 vs h800")},
        ),
        (
            "kv_concurrency.md",
            ["Initial head 1a2b3c4d5e", "Final head 9f8e7d6c5b"],
            {
                ("throughput", "concurrency=64, kv_cache=fp8"): ("not comparable", "kv_cache fp8 vs nvfp4"),
                ("throughput", "concurrency=128, kv_cache=fp8"): ("regression", "higher is better"),
                ("throughput", "concurrency=256, kv_cache=fp8"): ("not comparable", "concurrency 256 vs 512"),
            },
        ),
    ],
)
def test_descriptions_of_our_own(
    name: str, revisions: list[str], want: dict[tuple[str, str], tuple[str, str]], tmp_path: Path
) -> None:
    result = run_compare([str(CASES / name)], book=Ledger(tmp_path / "none.db"))
    assert [r.name for r in result.revisions] == revisions
    got = {}
    for r in result.rows:
        assert r.overall is not None
        setup = ", ".join(f"{k}={v}" for k, v in r.key.config)
        got[(r.key.metric, setup)] = (r.overall.verdict, r.overall.reason or "")
    for series_key, (verdict, why) in want.items():
        assert series_key in got, (series_key, sorted(got))
        assert got[series_key][0] == verdict and why in got[series_key][1], (series_key, got[series_key])


def test_a_value_of_a_gsm8k_run_is_not_compared_with_one_of_a_passkey_run() -> None:
    old = [c("acceptance", "acceptance length", 2.9, config={"task": "gsm8k", "mtp": "3"})]
    new = [c("acceptance", "acceptance length", 2.1, config={"task": "passkey", "mtp": "3"})]
    (verdict,) = _judged(series(old, new))
    assert verdict is not None and verdict.verdict == "not comparable"
    assert "task gsm8k vs long-context" in verdict.reason


def test_spellings_of_one_setup_are_one_series() -> None:
    old = [
        c(
            "perf",
            "output throughput",
            1000.0,
            unit="tok/s",
            config={"gpu": "H100 SXM 80GB", "model": "meta-llama/Llama-3.1-8B-Instruct", "tp": "TP8", "isl": "8k"},
        )
    ]
    new = [
        c(
            "perf",
            "output throughput",
            700.0,
            unit="tok/s",
            config={"gpu": "H100-80GB-HBM3", "model": "Llama 3.1 8B Instruct", "tp": "8", "isl": "8192"},
        )
    ]
    (verdict,) = _judged(series(old, new))
    assert verdict is not None and verdict.verdict == "regression"


# Issue 26: a vendor's release page of throughput tables in three versions. v2 replaces one model's table by
# another model's (same GPUs, TP, lengths); v3 changes exactly one number. Compared by versions, exactly that
# number is a change, and no judged pair or row holds two setups.
RELEASE = Path(__file__).parent / "fixtures" / "release_pages"


def _release_rows(tmp_path: Path, shape: str, ext: str = ".md") -> list[dict[str, Any]]:
    db = _release_versions(tmp_path, shape, ext)
    r = CliRunner().invoke(app, ["compare", "vendor/engine:docs/perf.md", "--db", db, "--by", "versions", "-f", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert len(data["revisions"]) == 3
    return list(data["rows"])


def _release_versions(tmp_path: Path, shape: str, ext: str = ".md") -> str:
    """A ledger holding `shape`'s three versions as versions of one page, vendor/engine:docs/perf.md."""
    runner = CliRunner()
    db = str(tmp_path / "ledger.db")
    for n in (1, 2, 3):
        r = runner.invoke(
            app,
            [
                "ingest",
                "--db",
                db,
                "--repo",
                "vendor/engine",
                "--repo-path",
                "docs/perf.md",
                str(RELEASE / f"{shape}_v{n}{ext}"),
            ],
        )
        assert r.exit_code == 0, r.output
    return db


def _assert_one_change_and_no_joined_setups(rows: list[dict[str, Any]]) -> None:
    verdicts = [r["verdict"]["verdict"] for r in rows]
    assert verdicts.count("improvement") + verdicts.count("regression") == 1, verdicts
    stated = {r["config"]["model"]: [] for r in rows}  # type: dict[str, list[list[int]]]
    for r in rows:
        assert r["config"].get("model") and r["config"].get("gpu") and r["config"].get("tp"), r["config"]
        stated[r["config"]["model"]].append([int(v["revision"].rsplit(" v", 1)[1]) for v in r["values"] if v])
        if r["verdict"]["verdict"] == "not comparable":  # the replaced table's nearest successor: another model
            assert "model mixtral8x7b-instruct vs qwen2.5-32b-instruct" in r["verdict"]["reason"]
    # each series holds one setup's values: the replaced model's in v1 only, its successor's in v2 and v3
    assert set(stated) == {
        "llama3.1-8b-instruct",
        "mixtral8x7b-instruct",
        "qwen2.5-32b-instruct",
        "llama3.3-70b-instruct",
    }
    assert all(s == [1] for s in stated["mixtral8x7b-instruct"])
    assert all(s == [2, 3] for s in stated["qwen2.5-32b-instruct"])
    assert all(s == [1, 2, 3] for m in ("llama3.1-8b-instruct", "llama3.3-70b-instruct") for s in stated[m])


def _page_versions(tmp_path: Path, stem: str, page: str) -> str:
    """A ledger holding `stem`'s versions v1 and v2 as versions of one page `owner/repo:path`."""
    repo, repo_path = page.split(":")
    db = str(tmp_path / "ledger.db")
    for n in (1, 2):
        path = str(CASES / f"{stem}_v{n}.md")
        r = CliRunner().invoke(app, ["ingest", "--db", db, "--repo", repo, "--repo-path", repo_path, path])
        assert r.exit_code == 0, r.output
    return db


def _compare_rows(db: str, page: str, by: str) -> list[dict[str, Any]]:
    r = CliRunner().invoke(app, ["compare", page, "--db", db, "--by", by, "-f", "json"])
    assert r.exit_code == 0, r.output
    rows: list[dict[str, Any]] = json.loads(r.output)["rows"]
    return rows


def test_a_row_one_version_drops_is_removed_and_one_it_adds_is_new_when_the_others_keep_their_setup(
    tmp_path: Path,
) -> None:
    """Where the other series of a metric keep their setup from version to version, the page names its series by
    their setups: a row dropped (Granite 3 8B at 2048/128) is removed and a table added (Granite 3 34B) is new, never
    one "not comparable" against the other."""
    db = _page_versions(tmp_path, "replaced_rows", "vendor/engine:docs/perf.md")
    for by in ("versions", "auto"):
        got = {
            (x["config"]["model"], x["config"]["gpu"], x["config"]["isl"]): x["verdict"]
            for x in _compare_rows(db, "vendor/engine:docs/perf.md", by)
        }
        assert {k: v["verdict"] for k, v in got.items()} == {
            ("granite3-8b", "h100", "128"): "within noise",
            ("granite3-8b", "b200", "128"): "within noise",
            ("granite3-8b", "h100", "2048"): "removed",
            ("granite3-8b", "b200", "2048"): "removed",
            ("granite3-34b", "h100", "2048"): "new",
            ("granite3-34b", "b200", "2048"): "new",
        }


def test_a_table_replaced_by_another_models_on_other_cards_is_missing_and_new_never_one_series(
    tmp_path: Path,
) -> None:
    """A page whose whole table changes model and board (Gemma 2B on an A10G, then Phi 3 medium on two L4s) keeps no
    series of the metric, yet two models are never one series restated: the old rows are missing, the new new."""
    db = _page_versions(tmp_path, "swapped_table", "vendor/engine:docs/speed.md")
    got = sorted(
        (x["config"]["model"], x["config"]["isl"], x["verdict"]["verdict"])
        for x in _compare_rows(db, "vendor/engine:docs/speed.md", "versions")
    )
    assert got == [
        ("gemma2b", "1024", "removed"),
        ("gemma2b", "128", "removed"),
        ("phi3-medium", "1024", "new"),
        ("phi3-medium", "128", "new"),
    ]


def test_a_model_rerun_on_a_new_board_pairs_with_its_own_rows_never_a_bigger_model_added_beside(
    tmp_path: Path,
) -> None:
    """v1 heads each model's table and names it by its checkpoint path, on an RTX 3090; v2 reruns two of the three
    lengths on an RTX 4090 in one table with "Model Name" and "Size" columns and a host CPU in its lead-in, and adds
    a 47B model on two cards at all three lengths. Each rerun row is its own v1 row "not comparable" for the board;
    a length v2 dropped is removed, never joined to the 47B model's row of that length."""
    db = _page_versions(tmp_path, "board_swap", "vendor/quokka:README.md")
    joined, verdicts = [], {}
    for x in _compare_rows(db, "vendor/quokka:README.md", "versions"):
        v = x["verdict"]
        verdicts.setdefault(v["verdict"], set()).add((x["config"]["model"], x["config"]["isl"]))
        if v["verdict"] == "not comparable":
            joined.append((x["metric"], x["config"]["model"], x["config"]["isl"], v["other_config"]["model"]))
            assert v["other_config"]["isl"] == x["config"]["isl"] and "gpu rtx3090 vs rtx4090" in v["reason"], v
    # (v1's model is its checkpoint path, or the name v2 gives it: one model either way)
    assert sorted((metric, old[:4], isl, new) for metric, old, isl, new in joined) == sorted(
        (metric, new[:4], isl, new)
        for metric in ("decode tokens s", "prefill tokens s")
        for new in ("wren7b", "heron13b")
        for isl in ("64", "2048")
    )
    assert sorted((m[:4], isl) for m, isl in verdicts["removed"]) == [("hero", "512"), ("wren", "512")]
    assert {m for m, _ in verdicts["new"]} == {"wren7b", "heron13b", "kestrel47b"}


@pytest.mark.parametrize(
    ("a", "b", "one"),
    [
        ("vicuna7b", "vicuna7b-v1.5-awq-gemv", True),
        ("mpt7b", "mpt7b-8k-chat-awq", True),
        ("llama3.1-8b", "llama3.1-8b-instruct", True),
        ("llama3", "llama3.1-8b", False),
        ("llama2-7b", "llama2-70b", False),
        ("gemma2b", "phi3-medium", False),
    ],
)
def test_a_checkpoint_path_and_the_models_name_are_one_model_another_version_or_size_is_not(
    a: str, b: str, one: bool
) -> None:
    from ledger.compare.setup_distance import same_model

    assert same_model(a, b) is one and same_model(b, a) is one


@pytest.mark.parametrize(
    ("variant", "model", "rest"),
    [("vicuna", "vicuna7b", ""), ("gemma 2b gemm", "gemma2b", "gemm"), ("gemm", "gemma2b", "gemm"), ("", "x7b", "")],
)
def test_a_row_name_less_its_models_words_keeps_what_tells_measures_apart(variant: str, model: str, rest: str) -> None:
    from ledger.compare.keys import Key
    from ledger.compare.setup_distance import beyond_model

    assert beyond_model(variant, Key("perf", "decode", "tok/s", (("model", model),))) == rest


def test_a_key_one_side_alone_states_weighs_less_than_one_both_state_differently() -> None:
    """A board changed and the new lead-in adds a host CPU and a size: that row of the same length is the old one's
    restatement, not the new board's row of another length that happens to state no more keys."""
    old = [c("perf", "decode", 140.0, unit="tok/s", config={"gpu": "RTX 3090", "isl": "128"})]
    new = [
        c("perf", "decode", 95.0, unit="tok/s", line=2, config={"gpu": "RTX 4090", "isl": "1024"}),
        c("perf", "decode", 190.0, unit="tok/s", line=3, config={"gpu": "RTX 4090", "isl": "128", "cpu": "Ryzen 9"}),
    ]
    (verdict,) = _judged(series(old, new))
    assert verdict is not None and verdict.verdict == "not comparable"
    assert verdict.new is not None and verdict.new.value == 190.0, verdict.reason


def test_a_method_and_its_bits_are_one_setup_and_other_widths_are_other_setups(tmp_path: Path) -> None:
    """AWQ at 3 and at 4 bits, GPTQ spelled method-first and bits-first: a page whose one AWQ-INT3 cell changed
    reports that change alone, and no two widths are averaged into one series."""
    db = _page_versions(tmp_path, "method_bits", "vendor/kern:docs/speed.md")
    got = {
        (x["config"]["model"], x["config"]["quant"]): (x["verdict"]["verdict"], x["verdict"]["old"]["value"])
        for x in _compare_rows(db, "vendor/kern:docs/speed.md", "versions")
    }
    assert got == {
        ("heron7b", "fp16"): ("within noise", 52.4),
        ("heron7b", "awq_int4"): ("within noise", 131.8),
        ("heron7b", "awq_int3"): ("improvement", 140.2),
        ("heron7b", "gptq_int4"): ("within noise", 122.9),
        ("heron13b", "gptq_int4"): ("within noise", 71.5),
    }


def test_a_codebook_scheme_column_keys_each_row_and_its_size_column_is_a_result(tmp_path: Path) -> None:
    """ "AQLM scheme" over "1x15" / "1x16": the quantization each row packs, so a model re-packed with another scheme
    in v2 is two series (its lower perplexity is no improvement of one); "Model size, GB" is what each checkpoint
    weighs, a result followed from version to version, never a setting on the perplexity beside it."""
    db = _page_versions(tmp_path, "codebook_schemes", "vendor/packs:README.md")
    got = {
        (x["metric"], x["config"]["model"], x["config"]["quant"]): x["verdict"]["verdict"]
        for x in _compare_rows(db, "vendor/packs:README.md", "versions")
    }
    assert got[("perplexity", "qwen2-7b", "aqlm_2x8")] == "within noise"
    assert got[("model size", "qwen2-7b", "aqlm_2x8")] == "within noise"
    assert "improvement" not in got.values() and "regression" not in got.values()
    assert {k[2] for k in got if k[1] == "qwen2-57b-a14b"} == {"aqlm_1x15", "aqlm_1x16"}


def test_a_row_repacked_with_another_scheme_under_a_bare_scheme_header_is_two_series(tmp_path: Path) -> None:
    """ "Scheme" alone names no method, so "1x15" and "1x16" stay in the rows' names: still two checkpoints of one
    model, the 1x15 one removed and the 1x16 one new in v2, never one series that improved by 6%."""
    db = _page_versions(tmp_path, "bare_scheme", "vendor/packs:MODELS.md")
    got = sorted(
        (x["variant"], x["verdict"]["verdict"]) for x in _compare_rows(db, "vendor/packs:MODELS.md", "versions")
    )
    assert [v for _n, v in got] == ["removed", "new", "within noise"], got
    assert "1x15" in got[0][0] and "1x16" in got[1][0]


def test_a_summary_table_shares_its_consoles_setup_so_its_rows_pair_across_versions(tmp_path: Path) -> None:
    """A Before/After table over the console of its baseline run: every row of the table is of that run's setup
    (concurrency 48), whichever of its values the console prints ("3,417.25" as "3417.25", the ITL only in v2), so
    the ITL row that worsened in v2 is a regression against v1's, not "not comparable" across two concurrencies."""
    db = _page_versions(tmp_path, "summary_console", "vendor/engine:pr.md")
    rows = _compare_rows(db, "vendor/engine:pr.md", "versions")
    table = [r for r in rows if all(v is None or v["line"] < 12 for v in r["values"])]
    assert table and all(r["config"].get("concurrency") == "48" for r in table), [r["config"] for r in table]
    itl = {r["verdict"]["verdict"] for r in table if r["metric"] == "p50 itl"}
    assert itl == {"regression"}, itl


def test_board_columns_are_the_gpu_and_each_cell_joins_its_own_across_versions(tmp_path: Path) -> None:
    """ "| K1: 3080Ti | K1: 4080 | K2: 3080Ti | K2: 4080 |" over "121 t/s": each column a kernel generation (the
    arm before the colon) on a board (a GeForce named by its number, "4080" beside "3080Ti"), measured in t/s; the
    quantiser's columns (grpsz, act) and an EXL2 bit rate are setup, never results: a page whose one cell changed
    reports that change alone."""
    db = _page_versions(tmp_path, "board_columns", "vendor/finch:README.md")
    rows = _compare_rows(db, "vendor/finch:README.md", "versions")
    assert {x["metric"] for x in rows} == {"throughput"} and len(rows) == 12
    changed = [x for x in rows if x["verdict"]["verdict"] != "within noise"]
    assert [(x["config"]["gpu"], x["config"]["quant"], x["verdict"]["verdict"]) for x in changed] == [
        ("rtx4080", "exl2_5.0bpw", "regression")
    ]
    assert {x["config"]["gpu"] for x in rows} == {"rtx3080ti", "rtx4080"}
    assert {x["config"].get("group_size") for x in rows} == {"128", "32", None}


def test_a_generic_precision_word_joins_the_one_member_another_version_states(tmp_path: Path) -> None:
    """v1 says "the fp4 build", v2 "the NVFP4 build": one precision (the canonical table's family relation), so the
    speed is judged, never "not comparable: quant fp4 vs nvfp4"."""
    db = _page_versions(tmp_path, "precision_family", "vendor/kite:docs/fp4.md")
    rows = _compare_rows(db, "vendor/kite:docs/fp4.md", "versions")
    assert [(x["config"]["quant"], x["verdict"]["verdict"]) for x in rows] == [("nvfp4", "improvement")]


def test_a_memory_column_is_measured_and_never_a_setup_of_the_speed_beside_it(tmp_path: Path) -> None:
    """ "GPU Memory (GB)" names the device, but what it heads is what the run used: a result of its own, so a
    version whose memory moved still compares its speed (a 10% drop is judged, not "not comparable")."""
    db = _page_versions(tmp_path, "memory_columns", "vendor/wren:docs/speed.md")
    got = {
        (x["metric"], x["config"]["quant"]): x["verdict"]["verdict"]
        for x in _compare_rows(db, "vendor/wren:docs/speed.md", "versions")
    }
    assert got == {
        ("speed", "bf16"): "regression",
        ("gpu memory", "bf16"): "regression",
        ("speed", "gptq_int4"): "within noise",
        ("gpu memory", "gptq_int4"): "within noise",
    }


def test_a_release_page_of_html_tables_compares_cell_by_cell_across_versions(tmp_path: Path) -> None:
    """A page whose grids are HTML (`<td rowspan>` labels, a `<th colspan>` group over TP1 | TP2): every cell is
    read with its setup, so the one cell a later version changes is the one change."""
    v1 = (CASES.parent / "release_pages" / "html_table.md").read_text(encoding="utf-8")
    assert "<td>19.3</td>" in v1
    db = str(tmp_path / "ledger.db")
    for n, text in ((1, v1), (2, v1.replace("<td>19.3</td>", "<td>16.1</td>"))):
        path = tmp_path / f"v{n}.md"
        path.write_text(text, encoding="utf-8")
        r = CliRunner().invoke(
            app, ["ingest", "--db", db, "--repo", "vendor/wren", "--repo-path", "docs/p.md", str(path)]
        )
        assert r.exit_code == 0, r.output
    rows = _compare_rows(db, "vendor/wren:docs/p.md", "versions")
    verdicts = sorted(x["verdict"]["verdict"] for x in rows)
    assert len(rows) == 8 and verdicts.count("within noise") == 7 and verdicts.count("regression") == 1
    (changed,) = [x for x in rows if x["verdict"]["verdict"] == "regression"]
    assert (
        changed["config"]["model"] == "wren14b"
        and changed["config"]["tp"] == "1"
        and changed["config"]["isl"] == "8192"
    )


def test_tables_a_page_heads_with_their_engine_are_series_of_their_own(tmp_path: Path) -> None:
    """ "- 4B (vLLM)" and "### Wren-4B (SGLang)" over tables of one model: each engine's cell is its own series, so a
    drop on one engine is that engine's regression, never averaged with another's row."""
    db = _page_versions(tmp_path, "engine_bullets", "vendor/wren:docs/speed.md")
    got = {
        x["config"]["engine"]: x["verdict"]["verdict"]
        for x in _compare_rows(db, "vendor/wren:docs/speed.md", "versions")
    }
    assert got == {"transformers": "within noise", "vllm": "regression", "sglang": "within noise"}


def test_two_pages_stating_different_setups_for_every_series_are_still_not_comparable() -> None:
    """The other side of the line: no series of the metric kept its setup, so the leftovers are one another's
    restatement on another board, named as such."""
    old = [c("perf", "output throughput", 1000.0, unit="tok/s", config={"gpu": "H100", "isl": "128"})]
    new = [c("perf", "output throughput", 1400.0, unit="tok/s", config={"gpu": "B200", "isl": "128"})]
    (verdict,) = _judged(series(old, new))
    assert verdict is not None and verdict.verdict == "not comparable" and "gpu h100 vs b200" in verdict.reason


def test_a_release_page_compared_by_its_stated_releases_orders_them_and_keeps_each_releases_numbers(
    tmp_path: Path,
) -> None:
    """Version 2 re-measures the H100 table on release 1.2 and keeps the L40S table of release 1.1 (its footnote
    says so): the revisions are the releases, oldest first, and the H100 value of 1.1 is still there to compare."""
    runner = CliRunner()
    db = str(tmp_path / "ledger.db")
    paths = [str(CASES / f"release_labels_v{n}.md") for n in (1, 2)]
    r = runner.invoke(app, ["ingest", "--db", db, "--repo", "vendor/engine", "--repo-path", "docs/perf.md", *paths])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["compare", "vendor/engine:docs/perf.md", "--db", db, "-f", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [x["name"] for x in data["revisions"]] == ["v1.1", "v1.2"]
    got = {x["config"]["gpu"]: (x["verdict"]["verdict"], [v["value"] for v in x["values"]]) for x in data["rows"]}
    assert got == {"h100": ("improvement", [12045.0, 13310.0]), "l40s": ("missing", [3904.0])}


def test_two_versions_measured_on_one_stated_tool_version_stay_two_revisions(tmp_path: Path) -> None:
    """Both versions say they were measured with fastpack 1.4.2 and the second's 512-token value fell: the label
    names what each version was measured on, not one revision, so trend draws both values, compare by revisions
    says what compare by versions says, and the report flags the drop."""
    runner = CliRunner()
    db = str(tmp_path / "ledger.db")
    paths = [str(CASES / f"tool_label_v{n}.md") for n in (1, 2)]
    r = runner.invoke(app, ["ingest", "--db", db, "--repo", "vendor/pack", "--repo-path", "docs/perf.md", *paths])
    assert r.exit_code == 0, r.output
    doc = "vendor/pack:docs/perf.md"
    found: dict[str, dict[str, tuple[str, list[float]]]] = {}
    for by in ("auto", "versions"):
        r = runner.invoke(app, ["compare", doc, "--db", db, "--by", by, "--all", "-f", "json"])
        assert r.exit_code == 0, r.output
        data = json.loads(r.output)
        assert len(data["revisions"]) == 2
        found[by] = {
            x["config"]["isl"]: (x["verdict"]["verdict"], [v["value"] for v in x["values"]]) for x in data["rows"]
        }
    assert (
        found["auto"]
        == found["versions"]
        == {
            "128": ("within noise", [312.4, 312.4]),
            "512": ("regression", [287.9, 266.3]),
        }
    )
    r = runner.invoke(app, ["trend", "decode tok/s", doc, "--db", db, "-w", "isl=512", "-f", "json"])
    assert r.exit_code == 0, r.output
    (line,) = json.loads(r.output)
    assert [p["value"] for p in line["points"]] == [287.9, 266.3]
    r = runner.invoke(app, ["report", doc, "--db", db], env={"COLUMNS": "200"})
    assert "1 regression" in r.output and "v1.4.2 (v1)" in r.output and "v1.4.2 (v2)" in r.output


def _tested(label: str | None, *claims: Claim) -> list[Claim]:
    return [x.model_copy(update={"revision": Revision(label=label) if label else None}) for x in claims]


def test_a_version_under_one_label_is_one_revision_with_its_text_and_a_restated_one_adds_nothing() -> None:
    """A version's prose (no revision) and its table (under the version's one label) are one revision; the next
    version restating the table and adding a sentence is the next; a third stating the same as the second adds
    none. A thread's sections restated by a later version still line up (test_edited_versions_line_up...)."""
    v1 = [*_tested(None, c("perf", "speedup", 2.0, unit="x")), *_tested("v0.2", c("perf", "decode", 90.0))]
    v2 = [*v1, *_tested(None, c("perf", "memory saving", 3.0, unit="x", line=2))]
    snaps = revisions_across_versions([(1, v1), (2, v2), (3, list(v2))], "acme/pack:README.md")
    assert [(s.ref.name, len(s.claims)) for s in snaps] == [("v0.2 (v1)", 2), ("v0.2 (v2)", 3)]
    rows = {r.key.metric: [x.value if x else None for x in r.cells] for r in compare_series(snaps)}
    assert rows == {"speedup": [2.0, 2.0], "decode": [90.0, 90.0], "memory saving": [None, 3.0]}


@pytest.mark.parametrize(
    ("shape", "isl", "osl", "old", "new"),
    [
        ("per_model", "128", "2048", 6881.2, 7356.4),  # a table per model, rows of GPU, TP, ISL, OSL
        ("grid", "2048", "128", 1164.9, 1241.3),  # a GPU header row continuing into empty cells, a TP row under it
        # bold key cells right of empty ones ("| | | **GPU** | H200 |"), a row naming the label columns, and label cells
        # left empty to continue the row above
        ("stacked", "2048", "128", 1030.6, 1104.8),
    ],
)
def test_a_release_page_reports_its_one_change(
    tmp_path: Path, shape: str, isl: str, osl: str, old: float, new: float
) -> None:
    rows = _release_rows(tmp_path, shape)
    _assert_one_change_and_no_joined_setups(rows)
    change = next(r for r in rows if r["verdict"]["verdict"] == "improvement")
    assert change["config"] == {
        "gpu": "h200",
        "isl": isl,
        "model": "llama3.3-70b-instruct",
        "osl": osl,
        "quant": "fp8",
        "tp": "4",
    }
    assert (change["verdict"]["old"]["value"], change["verdict"]["new"]["value"]) == (old, new)


@pytest.mark.parametrize(
    ("shape", "cell", "moved"),
    [
        ("per_model", "| 2 | 2048 | 128 | 1,518.9 |", "| 2 | 2048 | 128 | 1,412.0 |"),
        ("grid", "| 1,518.9 | 2,240.6 |", "| 1,412.0 | 2,240.6 |"),  # (a GPU header row over TP sub-columns)
    ],
)
def test_the_one_change_of_a_release_page_in_a_table_new_in_its_second_version_is_judged_where_it_fell(
    shape: str, cell: str, moved: str
) -> None:
    """The release page again, its third version moving one number of the table the second version put in the
    replaced model's place (and nothing else): that step of a series new in v2 is the one change, judged v2 -> v3;
    each other series new in v2 is judged too (it stood still), the replaced model's removed in v2, said once."""
    from ledger.compare.page_versions import is_page_versions
    from ledger.compare.render import render_rows

    v2 = (RELEASE / f"{shape}_v2.md").read_text()
    texts = [(RELEASE / f"{shape}_v1.md").read_text(), v2, v2.replace(cell, moved)]
    claims = [extract(t, path=f"{shape}_v{n}.md", page=True, repo="vendor/engine").claims for n, t in enumerate(texts)]
    snaps = revisions_across_versions(list(enumerate(claims, 1)), "vendor/engine:docs/perf.md")
    refs = [s.ref for s in snaps]
    assert is_page_versions(refs)
    rows = compare_series(snaps, versions=True)
    steps = [(dict(r.key.config), p.verdict) for r in rows for p in r.steps if p.verdict != "within noise"]
    assert [(c["model"], c["tp"], c["isl"], v) for c, v in steps] == [
        ("qwen2.5-32b-instruct", "2", "2048", "regression")
    ], steps
    new = [r for r in rows if r.overall is not None and r.overall.verdict == "new"]
    assert new and all(dict(r.key.config)["model"] == "qwen2.5-32b-instruct" and len(r.steps) == 1 for r in new)
    out = render_rows(refs, rows, "table", show_all=True, width=400)
    head = f"1 changed (1 regression; 1 since removed or new), {len(new)} removed, {len(new)} new"
    assert head in out[0] and f"({len(new) - 1} since removed or new)" in out[0], out
    assert sum("R2->R3 ~ within noise; new in R2" in x for x in out) == len(new) - 1, out
    assert sum("removed in R2 (stated R1)" in x for x in out) == len(new), out


def test_a_cell_that_falls_in_one_version_and_comes_back_shows_the_version_it_fell_in(tmp_path: Path) -> None:
    """First against last, a cell that fell by a fifth in v2 and came back in v3 is within noise; the one screen
    still lists it, with the step it fell at and the one it recovered at, and the column of the version it fell in
    (the prose over the tables gives the measure and its unit: "Every figure is output tokens per second")."""
    db = _release_versions(tmp_path, "dip")
    # two lines a row (120, and 160 where one line's label would crowd out the version it fell in), or one (230)
    for width in (120, 160, 230):
        r = CliRunner().invoke(
            app, ["compare", "vendor/engine:docs/perf.md", "--db", db, "--by", "versions"], env={"COLUMNS": str(width)}
        )
        assert r.exit_code == 0, r.output
        lines = r.output.splitlines()
        assert lines[0] == "3 revisions, oldest first: 0 changed, 0 removed, 0 new, 4 no significant change"
        (at,) = [i for i, line in enumerate(lines) if line.startswith("~ ")]
        assert "output throughput [gpu=h100, isl=1024, model=kestrel13b, osl=1024" in lines[at]
        row_text = lines[at] if width == 230 else lines[at + 1]
        assert [w for w in row_text.split() if w[:1].isdigit()][:3] == ["4210", "3390", "4195"], row_text
        assert row_text.endswith("R1->R2 -19.5% regression, R2->R3 +23.7% improvement"), row_text
        assert "3 within noise (~); --all lists every series" in lines  # the fourth is the one listed
    (row,) = [x for x in _compare_rows(db, "vendor/engine:docs/perf.md", "versions") if x["values"][0]["value"] == 4210]
    assert row["verdict"]["verdict"] == "within noise"
    assert [(s["verdict"], s["old"]["value"], s["new"]["value"]) for s in row["steps"]] == [
        ("regression", 4210.0, 3390.0),
        ("improvement", 3390.0, 4195.0),
    ]
    assert {v["unit"] for v in row["values"]} == {"tokens per second"}


@pytest.mark.parametrize("ext", [".md", ".txt"])
def test_a_release_page_with_br_headers_gives_every_cell_its_setup_and_its_one_change(tmp_path: Path, ext: str) -> None:
    """The shape vendors publish: a table per model under a heading naming it without its size ("Llama 4 Scout"),
    a "Sequence Length (ISL/OSL)" row label, `GPU<br/>TP1 (FP4)` headers, a board named on the line over a table
    whose headers count GPUs, the metric stated once for the section, and a reproduction section whose dataset
    table and sample console output are examples, not results. Copied from the rendered page (.txt), the same: each
    header cell broken across lines where it held a `<br/>`, no fences, no backticks, no heading levels."""
    from ledger.parsers import extract

    for n in (1, 2, 3):
        text = (RELEASE / f"br_headers_v{n}{ext}").read_text(encoding="utf-8")
        recipe = 1 + text.split("\n").index(("## " if ext == ".md" else "") + "Reproducing the figures")
        claims = [x for x in extract(text, f"v{n}{ext}").claims if x.kind == "perf"]
        assert len(claims) == 25, [(x.source.line, x.value) for x in claims]
        for x in claims:
            assert x.source.line < recipe, (x.source.line, x.value)  # nothing from the recipe
            assert x.unit == "tokens/sec" and x.metric.startswith("Total Output Throughput"), (x.metric, x.unit)
            assert {"model", "gpu", "tp", "quant", "isl", "osl"} <= set(x.config), (x.source.line, x.config)
        rtx = [x for x in claims if "RTX 6000" in x.config["gpu"]]
        assert [(x.config["gpu_count"], x.config["tp"], x.config.get("pp")) for x in rtx][:2] == [
            ("4", "2", "2"),
            ("8", "4", "2"),
        ]
        scout = next(x for x in claims if x.value == 15130)
        assert (scout.config["model"], scout.config["gpu"], scout.config["isl"], scout.config["osl"]) == (
            "Llama 4 Scout",
            "H100",
            "128",
            "2048",
        )
    rows = _release_rows(tmp_path, "br_headers", ext)
    verdicts = [r["verdict"]["verdict"] for r in rows]
    assert verdicts.count("improvement") + verdicts.count("regression") == 1, verdicts
    change = next(r for r in rows if r["verdict"]["verdict"] == "improvement")
    assert (change["verdict"]["old"]["value"], change["verdict"]["new"]["value"]) == (4336, 4610)
    assert change["config"]["model"] == "llama3.3-70b" and change["config"]["gpu"] == "h200"
    # Maverick's cells (v1) and Qwen's (v2, v3) hold the same numbers: never one series
    revs = {}  # type: dict[str, set[int]]
    for r in rows:
        assert r["config"].get("model") and r["config"].get("isl") and r["config"].get("gpu"), r["config"]
        revs.setdefault(r["config"]["model"], set()).update(
            int(v["revision"].rsplit(" v", 1)[1]) for v in r["values"] if v
        )
    assert revs["llama4-maverick"] == {1} and revs["qwen3-235b-a22b"] == {2, 3}, revs


def test_trend_follows_a_documents_versions_by_setup(tmp_path: Path) -> None:
    from ledger.targets import run_trend

    runner = CliRunner()
    db = str(tmp_path / "ledger.db")
    for n in (1, 2, 3):
        r = runner.invoke(
            app,
            [
                "ingest",
                "--db",
                db,
                "--repo",
                "vendor/engine",
                "--repo-path",
                "docs/perf.md",
                str(RELEASE / f"per_model_v{n}.md"),
            ],
        )
        assert r.exit_code == 0, r.output
    trend = run_trend("throughput", ["vendor/engine:docs/perf.md"], book=Ledger(db))
    by_setup = {
        (dict(s.points[0][1].config)["model"], s.label.split("gpu=")[1][:4], s.label.split("isl=")[1][:4]): [
            x.value for _, x in s.points
        ]
        for s in trend.series
    }
    assert by_setup[("Llama 3.3 70B Instruct", "h200", "128,")] == [6881.2, 6881.2, 7356.4]
    assert by_setup[("Qwen2.5 32B Instruct", "h100", "128,")] == [11204.6, 11204.6]  # from v2 on, its own
    assert all(len(pts) in (2, 3) for pts in by_setup.values()) and len(by_setup) == 9
    assert trend.single == 3  # the replaced model's values: one point each, never joined to its successor
    assert [name for name, _ in trend.series[0].points] == [f"vendor/engine:docs/perf.md v{n}" for n in (1, 2, 3)]


def test_trend_never_draws_two_values_of_one_revision_as_a_series(tmp_path: Path) -> None:
    from ledger.targets import run_trend

    a = _claims_file(tmp_path / "a.jsonl", [c("accuracy", "gsm8k", 91.0, line=3), c("accuracy", "gsm8k", 60.0, line=9)])
    trend = run_trend("gsm8k", [a], book=Ledger(tmp_path / "none.db"))
    # (one pair side by side, each value by its line, and no verdict of the second against the first)
    assert trend.single == 0 and [s.latest for s in trend.series] == [None]
    assert [at for at, _ in trend.series[0].points] == ["a.jsonl, line 3", "a.jsonl, line 9"]


def test_claims_config_finds_a_setup_across_prs_whatever_its_spelling(tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "ledger.db")
    texts = {
        "1": "## Results on meta-llama/Llama-3.1-8B-Instruct, H100 SXM 80GB, TP8\n\n| metric | value |\n|---|---|\n"
        "| output throughput (tok/s) | 12,400 |\n",
        "2": "## Llama 3.1 8B Instruct on H100-80GB-HBM3, tp=8\n\n| metric | value |\n|---|---|\n"
        "| output throughput (tok/s) | 12,950 |\n",
        "3": "## Results on Qwen3-8B, H100, TP8\n\n| metric | value |\n|---|---|\n"
        "| output throughput (tok/s) | 15,100 |\n",
    }
    for n, text in texts.items():
        p = tmp_path / f"pr{n}.md"
        p.write_text(text, encoding="utf-8")
        r = runner.invoke(app, ["ingest", "--db", db, "--repo", "example/engine", "--pr", n, str(p)])
        assert r.exit_code == 0, r.output
    for model, gpu in [
        ("Llama 3.1 8B Instruct", "NVIDIA H100"),
        ("meta-llama/Llama-3.1-8B-Instruct", "H100 SXM 80GB"),
        ("llama-3.1-8b-instruct", "h100"),
    ]:
        r = runner.invoke(
            app,
            [
                "claims",
                "--db",
                db,
                "--config",
                f"model={model}",
                "--config",
                f"gpu={gpu}",
                "--config",
                "tp=TP8",
                "-f",
                "jsonl",
            ],
        )
        assert r.exit_code == 0, r.output
        assert sorted(json.loads(x)["value"] for x in r.output.splitlines()) == [12400, 12950], (model, gpu)


def test_trend_where_reads_a_setup_in_any_spelling() -> None:
    from ledger.compare.trend import parse_where

    assert parse_where(["gpu=H100-80GB-HBM3", "model=meta-llama/Llama-3.1-8B-Instruct", "tp=TP8", "mtp=1"]) == {
        "gpu": "h100",
        "model": "llama3.1-8b-instruct",
        "tp": "8",
        "draft_len": "1",
    }
    assert parse_where(["gpu=8xH100", "isl=8k"]) == {"gpu": "h100", "gpu_count": "8", "isl": "8192"}


def test_trend_follows_the_prs_of_a_repository_by_canonical_setup(tmp_path: Path) -> None:
    from ledger.targets import run_trend

    a = _claims_file(
        tmp_path / "a.jsonl",
        [
            c(
                "perf",
                "output throughput",
                12400.0,
                unit="tok/s",
                config={"model": "meta-llama/Llama-3.1-8B-Instruct", "gpu": "H100 SXM 80GB", "tp": "TP8"},
            )
        ],
    )
    b = _claims_file(
        tmp_path / "b.jsonl",
        [
            c(
                "perf",
                "output throughput",
                12950.0,
                unit="tok/s",
                config={"model": "Llama 3.1 8B Instruct", "gpu": "H100-80GB-HBM3", "tp_size": "8"},
            )
        ],
    )
    d = _claims_file(
        tmp_path / "d.jsonl",
        [
            c(
                "perf",
                "output throughput",
                9000.0,
                unit="tok/s",
                config={"model": "Llama 3.1 8B Instruct", "gpu": "H100-80GB-HBM3"},
            )
        ],
    )  # its TP unstated: another setup
    trend = run_trend("output throughput", [a, b, d], book=Ledger(tmp_path / "none.db"))
    assert [[x.value for _, x in s.points] for s in trend.series] == [[12400.0, 12950.0]]
    assert trend.single == 1


def test_a_verdict_keeps_each_sides_printed_setup_beside_the_canonical_one() -> None:
    old = [c("perf", "output throughput", 1000.0, unit="tok/s", config={"gpu": "H100 SXM 80GB", "tp": "TP8"})]
    new = [c("perf", "output throughput", 700.0, unit="tok/s", config={"gpu": "H100-80GB-HBM3", "tp": "8"})]
    (verdict,) = series(old, new).values()
    assert verdict is not None
    data = verdict.to_dict()
    assert data["config"] == {"gpu": "h100", "tp": "8"}
    assert data["old"]["config_text"] == {"gpu": "H100 SXM 80GB", "tp": "TP8"}
    assert data["new"]["config_text"] == {"gpu": "H100-80GB-HBM3", "tp": "8"}


def test_a_vendor_grid_with_its_labels_in_the_second_column_reports_its_one_change(tmp_path: Path) -> None:
    """The published shape: "| | GPU: | B200 | ... |", "| | TP Size | 1 | ... |", a row "| ISL, OSL | | |" naming
    the row labels' keys, rows "| 128, 128 | | 9,871.45 | ...". Every cell carries model, precision, GPU, TP, ISL
    and OSL; v2 replaces one model's table with another's, v3 changes one number."""
    rows = _release_rows(tmp_path, "vendor")
    verdicts = [r["verdict"]["verdict"] for r in rows]
    assert verdicts.count("improvement") == 1 and verdicts.count("regression") == 0, verdicts
    for r in rows:
        assert {"model", "quant", "gpu", "tp", "isl", "osl"} <= set(r["config"]), r["config"]
        if r["verdict"]["verdict"] == "not comparable":
            assert "model" in r["verdict"]["reason"]
    change = next(r for r in rows if r["verdict"]["verdict"] == "improvement")
    assert (change["config"]["gpu"], change["config"]["tp"], change["config"]["isl"]) == ("h200", "2", "8192")
    assert (change["verdict"]["old"]["value"], change["verdict"]["new"]["value"]) == (702.51, 731.4)


@pytest.mark.parametrize("ext", [".md", ".txt"])
def test_a_release_page_whose_rows_span_a_model_gives_each_row_the_model_and_reports_its_one_change(
    tmp_path: Path, ext: str
) -> None:
    """One long table, each model's name, precision and TP printed once over its rows (a page's row span, blank
    cells below it): every row has them, the replaced model's rows are never joined to its successor's (the same
    numbers), and the one changed cell is the one change."""
    rows = _release_rows(tmp_path, "spanned_rows", ext)
    verdicts = [r["verdict"]["verdict"] for r in rows]
    assert verdicts.count("improvement") + verdicts.count("regression") == 1, verdicts
    change = next(r for r in rows if r["verdict"]["verdict"] == "improvement")
    assert (change["verdict"]["old"]["value"], change["verdict"]["new"]["value"]) == (1030.6, 1102.4)
    assert (change["config"]["model"], change["config"]["tp"], change["config"]["isl"]) == (
        "llama3.3-70b-instruct",
        "4",
        "2048",
    )
    models = {}  # type: dict[str, set[int]]
    for r in rows:
        assert r["config"].get("model") and r["config"].get("tp") and r["config"].get("gpu"), r["config"]
        models.setdefault(r["config"]["model"], set()).update(
            int(v["revision"].rsplit(" v", 1)[1]) for v in r["values"] if v
        )
    assert models["mixtral8x7b-instruct"] == {1} and models["qwen2.5-32b-instruct"] == {2, 3}, models


@pytest.mark.parametrize("ext", [".md", ".txt"])
def test_a_page_of_level_one_model_sections_compares_each_models_cells_with_its_own(tmp_path: Path, ext: str) -> None:
    """A release page whose models head "# LLaMA v4 Scout" sections under a "# Overview" that states the metric once
    (in v1 as the tool's total with a per-GPU unit below it; in v2 per GPU in two spellings), where v2 replaces one
    model's table by another's and v3 changes one number: every cell carries its model, GPU and TP and the page's
    per-GPU unit, no heading reads as a revision ("v4" is the model's generation, "(TP/PP)" no unit), and exactly
    the changed number is judged a change."""
    rows = _release_rows(tmp_path, "h1_sections", ext)
    changes = [r for r in rows if r["verdict"]["verdict"] in ("improvement", "regression")]
    assert [(r["config"]["model"], r["config"]["gpu"], r["config"]["isl"]) for r in changes] == [
        ("gpt-oss20b", "b200", "8192")
    ]
    for r in rows:  # (on one GPU, at TP 1, the per-GPU rate is the rate itself: its series keeps the plain unit)
        one_gpu = (
            r["config"]["tp"] == "1" and r["config"].get("pp", "1") == "1" and r["config"].get("gpu_count", "1") == "1"
        )
        assert r["unit"] == ("tok/s" if one_gpu else "tok/s/gpu"), r
    models = {r["config"]["model"] for r in rows}
    # ("LLaMA v4 Scout": the writer's "v" is no part of a Llama's name, setup rules 21)
    assert models == {"llama4-scout", "gpt-oss20b", "orca-lite7b", "falcon40b", "phi3-mini"}, models
    for r in rows:
        assert r["config"].get("gpu") and r["config"].get("tp"), r["config"]
        assert r["verdict"]["verdict"] != "not comparable", r
        revisions = [int(v["revision"].rsplit(" v", 1)[1]) for v in r["values"] if v]
        assert revisions == (
            [1] if r["config"]["model"] == "orca-lite7b" else [2, 3] if "falcon" in r["config"]["model"] else [1, 2, 3]
        )


@pytest.mark.parametrize(("tp", "joined"), [("1", True), ("2", False)])
def test_a_per_gpu_rate_on_one_gpu_is_the_rate_itself(tp: str, joined: bool) -> None:
    """A page that headed its column "Throughput (out tok/s)" and later "(out tok/s/GPU)": at TP 1 on one GPU the
    two are one quantity, and the series goes on; at TP 2 they are two (the per-GPU rate is half the total)."""
    cfg = {"model": "Orca 3B", "gpu": "L40S", "tp": tp, "isl": "128", "osl": "128"}
    old = [c("perf", "Throughput (out tok/s)", 8420.0, unit="tok/s", config=cfg)]
    new = [c("perf", "Throughput (out tok/s/GPU)", 9105.0, unit="tok/s/GPU", config=cfg)]
    verdicts = [v.verdict for v in series(old, new).values() if v is not None]
    assert ("improvement" in verdicts) is joined, verdicts
    assert joined or "regression" not in verdicts


def test_a_page_whose_numbered_heading_gains_a_benchmark_level_keeps_its_series(tmp_path: Path) -> None:
    """v1 heads an MMLU table "### 1.2 Accuracy Comparison" (a numbered heading: "2 Accuracy" was its measure); v2
    inserts "#### 1.2.1 MMLU" over the same table and adds a perplexity table; v3 changes one MMLU score. Every MMLU
    cell is the measure its lead-in names in all three versions, so the one change is the only verdict and no
    series is cut at v2; the perplexity cells are perplexity, no MMLU task."""
    rows = _release_rows(tmp_path, "numbered_sections")
    changes = [r for r in rows if r["verdict"]["verdict"] in ("improvement", "regression")]
    assert [(r["config"]["model"], r["config"]["quant"]) for r in changes] == [("kite8b", "int4")], changes
    mmlu = [r for r in rows if "mmlu" in r["metric"].lower()]
    assert len(mmlu) == 4 and all(len([v for v in r["values"] if v]) == 3 for r in mmlu), mmlu
    ppl = [r for r in rows if "perplexity" in r["metric"].lower()]
    assert len(ppl) == 2 and all("task" not in r["config"] for r in ppl), ppl


def test_a_board_named_bare_in_a_heading_keeps_each_boards_cells_apart(tmp_path: Path) -> None:
    """v1 heads its table "### 3090 Results", v2 replaces it by "### Jetson AGX Orin Results", v3 prints both with
    one 3090 latency (and its speed-up) changed: the bare model number is the RTX 3090, the Jetson module an Orin,
    so no Orin cell is ever judged against a 3090 one and the only changes are the 3090's."""
    rows = _release_rows(tmp_path, "bare_card_heading")
    assert {r["config"]["gpu"] for r in rows} == {"rtx3090", "orin"}
    changes = [r for r in rows if r["verdict"]["verdict"] in ("improvement", "regression")]
    assert sorted((r["metric"], r["config"]["gpu"], r["config"]["model"]) for r in changes) == [
        ("speedup", "rtx3090", "wren8b"),
        ("w4 latency", "rtx3090", "wren8b"),
    ], changes
    assert all(r["verdict"]["verdict"] == "improvement" for r in changes)


def test_a_checkpoint_packed_in_a_row_label_joins_its_own_row_across_versions_and_never_another_engines(
    tmp_path: Path,
) -> None:
    """ "9B 3bit 64g, Numbat" on the page titled "# Numbat" (its own engine, named in v1 only) and v2's "9B 3bit 64g"
    are one setup: size, bits and group size read from the label, the columns the measures; "9B 3bit 64g, HF" is
    another engine's row, joined with its own row alone."""
    db = _page_versions(tmp_path, "checkpoint_rows", "vendor/numbat:README.md")
    rows = _compare_rows(db, "vendor/numbat:README.md", "versions")
    got = {
        (x["metric"], x["config"]["size"], x["config"].get("engine")): x["verdict"]["verdict"]
        for x in rows
        if x["config"]["quant"] == "3bit" and x["config"]["group_size"] == "64"
    }
    assert len(got) == len(rows) == 12
    assert {k: v for k, v in got.items() if v != "within noise"} == {
        ("gen.", "9b", None): "improvement",
        ("gen.", "20b", None): "improvement",
    }
    assert {k[2] for k in got} == {"hf", None}


def test_a_lead_in_paragraph_sets_up_every_run_of_its_section_in_every_version(tmp_path: Path) -> None:
    """ "As an illustration, we build an input holding batch size 8" two blocks above the first run's command: that
    batch holds for the section's second run too (its command restates no batch), so both versions read the second
    wall time at batch 8 whatever else the page states elsewhere (v1's "for bs 1 and 2" feature bullet), and the pair
    is judged (within noise), never "new" against "missing"."""
    db = _page_versions(tmp_path, "lead_in_scope", "vendor/finch:docs/guide.md")
    got = {
        (x["config"].get("batch_size"), (x["verdict"]["old"] or x["verdict"]["new"])["value"]): x["verdict"]["verdict"]
        for x in _compare_rows(db, "vendor/finch:docs/guide.md", "versions")
    }
    assert got == {("8", 88.4): "within noise", ("8", 57.1): "within noise"}, got


@pytest.mark.parametrize("spelling", ["Acc", "acc", "Accuracy", "Acc.", "accuracy", "Accuracy (%)"])
def test_a_score_named_by_its_measure_alone_is_one_series_whatever_its_spelling(spelling: str) -> None:
    """A table's "Acc" column and a console's "Accuracy:" line of one task are one measure: compare lines them up
    (the same canonical metric, through the metric table), and one named by its benchmark ("GSM8K Acc") too."""
    old = [c("accuracy", "Accuracy", 95.1, config={"task": "gsm8k"})]
    new = [c("accuracy", spelling, 93.4, config={"task": "gsm8k"})]
    assert set(series(old, new)) == {"gsm8k{}"}
    assert set(series([c("accuracy", "GSM8K Acc", 95.1)], new)) == {"gsm8k{}"}
    assert set(series([c("accuracy", "Accuracy", 95.1)], [c("accuracy", spelling, 93.4)])) == {"accuracy{}"}


@pytest.mark.parametrize(
    ("variant", "base"),
    [
        ("GSM8K Platinum accuracy", "GSM8K accuracy"),
        ("MMLU-Pro", "MMLU"),
        ("AIME 2025", "AIME 2024"),
        ("AIME25", "AIME"),
        ("GPQA Diamond", "GPQA"),
        ("LiveCodeBench v6", "LiveCodeBench"),
        ("LiveCodeBench v6", "LiveCodeBench v5"),
        ("MATH-500", "MATH"),
    ],
)
def test_a_benchmarks_variant_is_a_benchmark_of_its_own(variant: str, base: str) -> None:
    """ "GSM8K Platinum" is no GSM8K score, "AIME 2025" no AIME 2024 one: two series, never one compared."""
    assert len(series([c("accuracy", base, 90.0)], [c("accuracy", variant, 80.0)])) == 2
    assert len(series([c("accuracy", variant, 90.0)], [c("accuracy", variant.lower(), 80.0)])) == 1


# ---- repeated runs per side: one series with a spread, never trial 1 against trial 1 (issue 26, mechanism 3) ----


@pytest.mark.parametrize(
    ("name", "verdict", "value", "reference"),
    [
        # "| run 1 | main | PR |" rows: each run paired with its base run, every pair +3-5%: one check of the means
        ("trial_rows.md", "improvement", 7178.0 / 3, 2310.1),
        # a "Trial" column over main and this PR columns: pairs of -0.8..+0.5 points, the means within noise
        ("trial_column.md", "within noise", 1.6663 / 3, 1.6706 / 3),
        # "- main (3 trials): mmlu a, b, c" and the PR's line: the runs listed on one line, each a trial
        ("trial_lines.md", "within noise", 1.6663 / 3, 1.6706 / 3),
    ],
)
def test_a_sides_runs_paired_with_its_base_runs_are_one_check_of_their_means(
    name: str, verdict: str, value: float, reference: float, tmp_path: Path
) -> None:
    result = run_compare([str(CASES / name)], book=Ledger(tmp_path / "none.db"))
    (check,) = result.references
    assert check.verdict == verdict
    assert check.claim.value == pytest.approx(value, abs=1e-6) and check.reference == pytest.approx(reference, abs=1e-6)
    assert check.threshold.basis.startswith("stderr of the repeats"), check.threshold.basis


def _verdicts(name: str, tmp_path: Path) -> tuple[Any, dict[tuple[Any, ...], str]]:
    """Compare on one case file: the result, and each judged row's verdict by its metric and its sides' values."""
    result = run_compare([str(CASES / name)], book=Ledger(tmp_path / "none.db"))
    got = {
        (r.key.metric, *(round(float(x.value), 4) for x in r.cells if x is not None)): r.overall.verdict
        for r in result.rows
        if r.overall is not None
    }
    return result, got


@pytest.mark.parametrize(
    ("name", "want"),
    [
        # "| main | 1 |", "| main | 2 |", then the candidate's two trials: each side's mean, trial k against trial k
        (
            "side_runs_trials.md",
            {("mean itl", 7.42, 7.035): "improvement", ("decode tok s", 1207.0, 1272.5): "improvement"},
        ),
        # a case column beside "Stock v1.4.2" / "Final PR head" and a run index: one pair of means per case
        (
            "side_runs_cases.md",
            {
                ("mean itl", 7.4167, 7.0367): "improvement",
                ("decode tok s", 1207.0, 1272.3333): "improvement",
                ("mean itl", 21.6667, 21.4667): "within noise",
                ("decode tok s", 398.0, 402.0): "within noise",
                # K20: three stock runs beside one candidate run, which no stock run is the pair of: the means
                ("mean itl", 30.8667, 30.2): "within noise",
                ("decode tok s", 279.6667, 286.0): "within noise",
            },
        ),
    ],
)
def test_rows_repeating_runs_per_side_pair_the_sides_and_fold_the_runs(
    name: str, want: dict[tuple[str, float, float], str], tmp_path: Path
) -> None:
    """A side column whose rows repeat per run (a "Trial" or "Run" index) or per case: the sides are the two
    revisions, and each side's runs of one case are one value with its spread, never each run a setup of its own."""
    result, got = _verdicts(name, tmp_path)
    assert got == want, got
    assert len(result.revisions) == 2 and not result.references  # (each paired run folded into its series' mean)


def test_trend_draws_a_sides_runs_as_one_point_never_run_k_against_run_k(tmp_path: Path) -> None:
    """Three stock runs of a case against three (or one) PR runs: each side is one point, its runs' mean with their
    spread, judged as compare judges it; run 1 against run 1 (500 -> 560, "+12 %") is no trend, nor runs 2 and 3
    series of their own."""
    from ledger.targets import run_trend

    trend = run_trend("decode tok/s", [str(CASES / "trend_side_runs.md")], book=Ledger(tmp_path / "none.db"))
    got = {s.label.rsplit("{")[-1]: ([round(float(x.value), 2) for _, x in s.points], s.latest) for s in trend.series}
    assert {k: v for k, (v, _) in got.items()} == {"q4}": [540.0, 545.0], "q8}": [320.0, 335.0]}, got
    assert all(p is not None and p.verdict == "within noise" for _, p in got.values())
    assert trend.single == 0
    assert "mean of 3 repeats (500, 540, 580)" in trend.render("table", width=140)


def test_runs_under_each_revision_are_one_series_judged_by_their_spread(tmp_path: Path) -> None:
    """ "### Before (commit ...)" and "### After (commit ...)" each over a "| Trial | Output throughput |" table of
    three runs: one row, the means 2310.1 and 2315.77, within the runs' noise (trial 2 alone moved 1.4%)."""
    result = run_compare([str(CASES / "trial_sections.md")], book=Ledger(tmp_path / "none.db"))
    (row,) = result.rows
    assert row.overall is not None and row.overall.verdict == "within noise"
    assert [round(float(c.value), 2) if c else None for c in row.cells] == [2310.1, 2315.77]  # type: ignore[arg-type]
    assert "trial" not in dict(row.key.config)


@pytest.mark.parametrize("name", ["trial_sections.md", "run_index_sections.md"])
def test_an_index_column_numbering_runs_keys_a_run_id(name: str, tmp_path: Path) -> None:
    """A "Trial", "Run" or "#" column over 1, 2, 3 under each revision numbers its runs: the table keys it as a run
    id, so each side's runs are one value with their spread, never "#=2" a setup of its own."""
    result = run_compare([str(CASES / name)], book=Ledger(tmp_path / "none.db"))
    (row,) = result.rows
    assert row.overall is not None and row.overall.verdict == "within noise"
    assert all((c.printed or "").startswith("mean of 3 repeats") for c in row.cells if c is not None)


def test_runs_on_one_line_fold_only_where_the_line_says_they_are_runs() -> None:
    """Values of one measure listed on one line are runs where their side's label says so ("main (3 trials):");
    without it they may be settings no reader named, paired by position."""
    said = [c("accuracy", "gsm8k", v, line=5, config={"trial": str(i)}) for i, v in enumerate((0.81, 0.83, 0.82), 1)]
    new = [c("accuracy", "gsm8k", v, line=5, config={"trial": str(i)}) for i, v in enumerate((0.84, 0.83, 0.85), 1)]
    (verdict,) = series(said, new).values()
    assert verdict is not None and verdict.verdict == "improvement"
    assert "stderr of the repeats" in verdict.threshold.basis
    bare = [c("accuracy", "gsm8k", v, line=5) for v in (0.81, 0.83, 0.82)]
    rows = compare_series(
        [Snapshot(RevisionRef(name="R1"), bare), Snapshot(RevisionRef(name="R2"), [x.model_copy() for x in bare])]
    )
    assert len(rows) == 3


def test_values_of_one_series_the_text_does_not_tell_apart_are_listed_never_averaged(tmp_path: Path) -> None:
    """A re-run sweep whose bullets name no length ("* TTFT -2.8%, output throughput +2.9%" three times) is three
    setups the reader cannot tell apart, not three runs: each value listed "ambiguous", no mean of them anywhere. Under
    a lead-in that calls them repeats ("64K prompt, three repeats:"), the same lines are one value, their mean."""
    result = run_compare([str(CASES / "unnamed_rerun_bullets.md")], book=Ledger(tmp_path / "none.db"))
    later = [r for r in result.rows if r.cells[0] is None]
    values = sorted(float(r.cells[1].value) for r in later if r.cells[1] is not None)  # type: ignore[arg-type]
    assert values == [-14.0, -6.9, -2.8, 2.9, 7.2, 15.1]
    assert {r.overall.verdict for r in later if r.overall is not None} == {"ambiguous"}
    assert "3 values of this series" in later[0].overall.reason  # type: ignore[union-attr]
    result = run_compare([str(CASES / "repeated_rerun_lines.md")], book=Ledger(tmp_path / "none.db"))
    (row,) = result.rows
    assert [round(float(c.value), 3) for c in row.cells if c is not None] == [5.03, 4.707]  # type: ignore[arg-type]
    assert row.overall is not None and row.overall.verdict == "improvement"
    assert all((c.printed or "").startswith("mean of 3 repeats") for c in row.cells if c is not None)


def test_a_value_stated_again_pairs_its_first_statement_and_the_rest_are_ambiguous() -> None:
    """One value before, the same series twice after with nothing telling the two apart: the first pairs (a text
    states its result, then again), the second is listed ambiguous; as many on each side pair by their order."""
    old = [c("perf", "decode speed", 100.0, line=3, unit="tok/s")]
    new = [c("perf", "decode speed", v, line=n, unit="tok/s") for v, n in ((90.0, 10), (91.0, 20))]
    rows = compare_series([Snapshot(RevisionRef(name="R1"), old), Snapshot(RevisionRef(name="R2"), new)])
    got = sorted((r.overall.verdict, r.overall.reason) for r in rows if r.overall is not None)
    assert [v for v, _ in got] == ["ambiguous", "regression"], got
    assert "paired by order among 2 values" in got[1][1]
    two = [c("perf", "decode speed", v, line=n, unit="tok/s") for v, n in ((100.0, 3), (120.0, 9))]
    rows = compare_series([Snapshot(RevisionRef(name="R1"), two), Snapshot(RevisionRef(name="R2"), new)])
    assert sorted(r.overall.verdict for r in rows if r.overall is not None) == ["regression", "regression"]


def test_one_score_stated_for_both_filters_pairs_each_filter_of_the_next_run(tmp_path: Path) -> None:
    """ "GSM8K strict/flexible 0.8817" is each lm-eval filter's score: two claims, so the next run's "GSM8K strict
    0.8840; GSM8K flexible 0.8802" pair one each (never "new" twice beside a "not comparable" without a filter)."""
    result = run_compare([str(CASES / "shared_filter_score.md")], book=Ledger(tmp_path / "none.db"))
    got = {
        (r.key.metric, dict(r.key.config).get("filter")): (r.overall.verdict if r.overall else None, r.cells[0].value)  # type: ignore[union-attr]
        for r in result.rows
    }
    assert got == {
        ("gsm8k", "strict-match"): ("within noise", 0.8817),
        ("gsm8k", "flexible-extract"): ("within noise", 0.8817),
        ("mmlu", None): ("within noise", 0.7412),
    }, got


def test_a_series_renamed_between_revisions_pairs_by_its_metric_unit_and_setup_and_says_so(tmp_path: Path) -> None:
    """ "Server TTFT (s)" then "TTFT (s)", "TTFT reduction" 6.10% then "TTFT change" -8.40% and "Output tok/s, new /
    baseline" then "Output tok/s", at one setup: three series, each pair saying it was renamed; the reduction's sign
    turned so that -6.1 against -8.4 is judged (a larger fall of TTFT: an improvement), never 6.1 against -8.4."""
    result = run_compare([str(CASES / "renamed_series.md")], book=Ledger(tmp_path / "none.db"))
    got = {(r.key.metric, r.key.unit): r.overall for r in result.rows if r.overall is not None}
    assert set(got) == {("ttft", "time"), ("ttft", "%"), ("output throughput", "tok/s")}, got
    change = got["ttft", "%"]
    assert change.verdict == "improvement" and change.delta == pytest.approx(-2.3)
    assert "renamed: 'TTFT reduction' -> 'TTFT change'" in change.reason and "sign turned" in change.reason
    level = got["ttft", "time"]
    assert level.verdict == "within noise" and "renamed: 'Server TTFT' -> 'TTFT'" in level.reason
    assert got["output throughput", "tok/s"].verdict == "within noise"


@pytest.mark.parametrize("name", ["version_sub_header.md", "version_repeated_header.md"])
def test_versions_in_a_second_header_row_are_the_two_sides_and_no_model(name: str, tmp_path: Path) -> None:
    """ "| Model | Llama-3.1-8B | |" over "| | v0.10.2 | v0.11.0 |" (the corner names the group row's setting), or
    "| Metric | vLLM | vLLM |" over "| | 0.10.2 | 0.11.0 (this PR) |": the versions are the sides, each newer cell
    checked against the older one, the model the group's, never a row's label."""
    result = run_compare([str(CASES / name)], book=Ledger(tmp_path / "none.db"))
    got = {(r.key.metric, dict(r.key.config).get("model"), r.reference, r.verdict) for r in result.references}
    assert got == {
        ("output throughput", "llama3.1-8b", 2410.5, "improvement"),
        ("mean ttft", "llama3.1-8b", 41.2, "improvement"),
    }, got


def test_rows_keyed_by_their_length_are_series_of_their_own_and_the_sweeps_range_another(tmp_path: Path) -> None:
    """ "| il | out tok/s |" over "2k", "8k", ...: each row's length is its setup (no part of its measure), so the four
    rows stay four series; the lead's "2k–64k context" is the range the sweep spans, no row's length (not its high end,
    64k, on every row), so its average is a fifth series and only the one row whose number moved is judged a change."""
    db = _page_versions(tmp_path, "length_rows", "vendor/quail:docs/prefill.md")
    rows = _compare_rows(db, "vendor/quail:docs/prefill.md", "versions")
    got = {(x["metric"], x["config"]["isl"]): x["verdict"]["verdict"] for x in rows}
    assert len(got) == len(rows) == 9
    assert {isl for _, isl in got} == {"2048", "8192", "16384", "65536", "2048-65536"}
    assert {k: v for k, v in got.items() if v != "within noise"} == {("out tok s", "16384"): "regression"}


def test_a_board_named_bare_beside_its_counted_setup_line_still_pairs_the_next_revision() -> None:
    # v1's bullet names the board bare ("NVIDIA_H200") and its setup line a host name, v2 neither: one machine in
    # both, so the decode throughput that fell is judged, not left "not comparable" for a gpu only v2 states
    v1, v2 = (str(CASES / f"board_named_bare_v{n}.md") for n in (1, 2))
    code, out, _ = run("compare", v1, v2, "-f", "json")
    assert code == 0
    rows = json.loads(out)["rows"]
    got = {(x["metric"], x["config"].get("gpu"), x["config"].get("gpu_count")): x["verdict"]["verdict"] for x in rows}
    assert got == {("decode throughput", "h200", "8"): "regression", ("itl", "h200", "8"): "regression"}


def test_one_board_counted_once_and_named_bare_in_the_next_turn_is_one_series(tmp_path: Path) -> None:
    """ "on a single H100" reads 1xH100, a later turn's "on H100" reads H100: one machine, so compare's key holds the
    board alone and the two turns' runs are one series (not two "not comparable" rows over gpu_count=1)."""
    thread = (
        "acme/serve · pull request #77 · open · Python\n# Quicker top-k sampling\n\n"
        "alice · description · 2026-03-02\n## Results\n\n"
        "Timed at commit 1a2b3c4 on a single H100 serving Llama-3.1-8B-Instruct.\n\n"
        "| Metric | Value |\n|--------|-------|\n| Output throughput (tok/s) | 4210 |\n| GSM8K accuracy | 0.812 |\n\n"
        "alice · comment · 2026-03-05\n"
        "Pushed 9f8e7d6 after review and timed it again on H100 serving Llama-3.1-8B-Instruct.\n\n"
        "| Metric | Value |\n|--------|-------|\n| Output throughput (tok/s) | 4390 |\n| GSM8K accuracy | 0.809 |\n"
    )
    path = tmp_path / "thread.md"
    path.write_text(thread, encoding="utf-8")
    db = str(tmp_path / "ledger.db")
    assert run("ingest", "--db", db, "--repo", "acme/serve", "--pr", "77", str(path))[0] == 0
    code, out, err = run("compare", "acme/serve#77", "--db", db, "-f", "json")
    assert code == 0, err
    rows = json.loads(out)["rows"]
    assert {r["metric"]: len(r["values"]) for r in rows} == {"output throughput": 2, "gsm8k": 2}
    assert all(r["config"] == {"gpu": "h100", "model": "llama3.1-8b-instruct"} for r in rows)
    assert {r["verdict"]["verdict"] for r in rows} <= {"improvement", "within noise"}


def test_a_count_of_one_gpu_is_the_board_alone_in_every_setup_filter() -> None:
    from ledger.compare.keys import matches_setup
    from ledger.compare.trend import parse_where

    assert parse_where(["gpu=1xH100"]) == {"gpu": "h100"} and parse_where(["gpu=2xH100"])["gpu_count"] == "2"
    stored = {"kind": "perf", "metric": "decode", "value": 1.0, "config": {"gpu": "H100"}}
    stored["source"] = {"path": "pr.md", "line": 1, "line_end": 1, "text": "decode 1.0"}
    assert matches_setup(stored, [("gpu", "1xH100")]) and not matches_setup(stored, [("gpu", "2xH100")])


def test_leftovers_of_two_eval_corpora_are_never_paired_across_setups(tmp_path: Path) -> None:
    """A results page in two versions: v1 scores RTN on Wikitext2 and PTB, v2 on Wikitext2 only, with GPTQ rows
    added. The RTN PTB series ends and the GPTQ Wikitext2 series starts, but a PTB perplexity is not a Wikitext2 one
    on another quantiser: no "not comparable (quant rtn vs gptq)" pair, the first removed in v2, the second new."""
    head = "# Quill quantiser\n\n## Results\n\nQuill-30B, measured on one RTX 4090.\n\n"
    texts = [
        head + "| Quill-30B | Bits | Wikitext2 | PTB |\n|---|---|---|---|\n| RTN | 4 | 4.60 | 8.41 |\n"
        "| RTN | 3 | 9.85 | 21.30 |\n",
        head + "| Quill-30B | Bits | Wikitext2 |\n|---|---|---|\n| RTN | 4 | 4.60 |\n| RTN | 3 | 9.85 |\n"
        "| GPTQ | 4 | 4.12 |\n| GPTQ | 3 | 5.36 |\n",
    ]
    paths = []
    for i, text in enumerate(texts, 1):
        paths.append(tmp_path / f"v{i}.md")
        paths[-1].write_text(text, encoding="utf-8")
    db = str(tmp_path / "ledger.db")
    args = ("--repo", "acme/quill", "--repo-path", "README.md", "--db", db)
    assert run("ingest", *map(str, paths), *args)[0] == 0
    code, out, err = run("compare", "acme/quill:README.md", "--by", "versions", "--all", "--db", db, "-f", "json")
    assert code == 0, err
    rows = json.loads(out)["rows"]
    got = sorted((r["variant"] or "", r["config"]["quant"], r["config"]["bits"], r["verdict"]["verdict"]) for r in rows)
    assert got == [
        ("", "gptq", "3", "new"),
        ("", "gptq", "4", "new"),
        ("", "rtn", "3", "within noise"),
        ("", "rtn", "4", "within noise"),
        ("ptb", "rtn", "3", "removed"),
        ("ptb", "rtn", "4", "removed"),
    ]


def test_a_board_a_later_sub_section_states_leaves_the_unchanged_prose_above_it_comparable(tmp_path: Path) -> None:
    """v2 of the page adds "### Two cards / GPU: 2x A10G" under "## Results": that sub-section's runs, so the opening
    claim, the changelog line and the notes above it (the same sentences in v1) keep no board, and each reads within
    noise, never "not comparable: gpu stated only in v2"."""
    db = _page_versions(tmp_path, "subsection_board", "vendor/tinyquant:README.md")
    rows = _compare_rows(db, "vendor/tinyquant:README.md", "versions")
    prose = {r["metric"]: r["verdict"]["verdict"] for r in rows if r["verdict"]["verdict"] != "new"}
    assert len(prose) == 4 and set(prose.values()) == {"within noise"}, prose
    assert all("gpu" not in r["config"] for r in rows if r["metric"] in prose)


def _compare_files(stem: str, order: tuple[int, int] = (1, 2)) -> list[dict[str, Any]]:
    """compare's rows over `stem`'s two versions given as files, in `order` (no ledger to fill: faster)."""
    paths = [str(CASES / f"{stem}_v{n}.md") for n in order]
    r = CliRunner().invoke(app, ["compare", *paths, "-f", "json"])
    assert r.exit_code == 0, r.output
    rows: list[dict[str, Any]] = json.loads(r.output)["rows"]
    return rows


@pytest.mark.parametrize("order", [(1, 2), (2, 1)])
def test_a_checkpoint_path_with_a_context_length_after_its_size_is_the_model_the_other_version_names(
    order: tuple[int, int],
) -> None:
    """One version runs "acme/wren-7b-16k-chat" and "acme/wren-70b-16k-chat" under their headings, the other names the
    rows "Wren 7B" and "Wren 70B": the "16k" after the size is the checkpoint's context length, not part of its size,
    so each path is the model of its own name (in either order of the versions), never the other size's."""
    got = sorted(
        (x["config"]["model"], x["config"]["isl"], x["metric"], x["verdict"]["verdict"])
        for x in _compare_files("context_suffix", order)
    )
    assert got == sorted(
        (model, isl, metric, "within noise")
        for model in ("wren7b", "wren70b")
        for isl in ("64", "1024")
        for metric in ("decode tokens s", "prefill tokens s")
    ), got


def test_a_kernel_named_after_the_model_in_a_row_is_the_kernel_and_an_aside_stays_the_rows_own() -> None:
    """v1 states each kernel in a lead-in over its own table; v2 prints one table whose rows say "Wren 7B GEMV" and
    "Wren 7B GEMM". The kernel is no part of the model's name: each v2 row is its v1 run, within noise. "Heron 13B
    (fused)" beside "Heron 13B" is the same model in another variant: two series, neither measured against the other."""
    got = sorted(
        (x["config"]["model"], x["config"].get("kernel", ""), x["config"]["isl"], x["metric"], x["verdict"]["verdict"])
        for x in _compare_files("kernel_in_row")
    )
    wren = [("wren7b", k, isl, m) for k in ("gemm", "gemv") for isl in ("512", "64") for m in ("decode tokens s",)]
    wren += [("wren7b", k, isl, "prefill tokens s") for k in ("gemm", "gemv") for isl in ("512", "64")]
    heron = [("heron13b", "", "64", m) for m in ("decode tokens s", "prefill tokens s") for _ in (0, 1)]
    assert got == sorted((*w, "within noise") for w in wren + heron), got
    # (a row named by its model and kernel alone is that setup, no variant of it: one trend series with the lead-in's)
    paths = [str(CASES / f"kernel_in_row_v{n}.md") for n in (1, 2)]
    r = CliRunner().invoke(app, ["trend", "decode tokens/s", *paths, "-f", "json"])
    assert r.exit_code == 0, r.output
    assert sorted(len(x["points"]) for x in json.loads(r.output)) == [2] * 6, r.output


def test_a_board_a_pages_section_states_is_that_sections_and_the_openings_change_is_reported() -> None:
    """v2 of a README adds "- GPU: RTX 4080" to its "## Benchmarks" section, right under the title, while its opening
    "2x faster" becomes "3x": on a page a section's board is that section's, so the opening and the news line keep
    no board, the speed-up reads as the improvement it is and the news line within noise (both were "not comparable:
    gpu stated only in v2"). The table under the board keeps it."""
    texts = [(CASES / f"section_board_page_v{n}.md").read_text() for n in (1, 2)]
    versions = [(n, extract(t, f"v{n}.md", page=True).claims) for n, t in enumerate(texts, 1)]
    rows = compare_series(revisions_across_versions(versions, "vendor/packedlm:README.md"))
    verdicts = {r.key.metric: (r.overall.verdict if r.overall else None, dict(r.key.config)) for r in rows}
    opening = next(v for m, v in verdicts.items() if m.startswith("packedlm"))
    news = next(v for m, v in verdicts.items() if "prefill" in m.lower())
    assert opening[0] == "improvement" and "gpu" not in opening[1], verdicts
    assert news[0] == "within noise" and "gpu" not in news[1], verdicts
    assert [c.config.get("gpu") for c in versions[1][1] if c.source.line > 9] == ["RTX 4080"]


def test_a_pull_requests_benchmark_board_under_its_title_still_reaches_its_summary() -> None:
    """The same text read as a pull request's: its "## Benchmarks" board under the title is the description's one
    board, so the summary above it ran on it too; read as a page (a README, a file ingested with --repo-path) it is
    the section's alone."""
    text = (CASES / "section_board_page_v2.md").read_text()
    as_pr, as_page = extract(text, "description.md").claims, extract(text, "README.md").claims
    assert as_pr[0].source.line == as_page[0].source.line == 3
    assert as_pr[0].config.get("gpu") == "RTX 4080" and "gpu" not in as_page[0].config
    # ingest reads a file of a repository (its key "owner/name:path", as reextract gives it again) as a page
    boards = {
        key: prepare_version(SourceText("v2.md", text, "0" * 64), DocumentIdentity(key=key), "t").claims[0]["config"]
        for key in ("o/n:README.md", "o/n#7")
    }
    assert "gpu" not in boards["o/n:README.md"] and boards["o/n#7"]["gpu"] == "RTX 4080"


def test_a_column_group_inserted_between_versions_is_new_and_pairs_no_other_group(tmp_path: Path) -> None:
    """v2 inserts a model's column group ("gamma-3b", a name the vocabulary does not know, so no setup key holds it)
    between two others (reader252 cause 7): its cells are new, and the group after it keeps its own series, never
    taken as a change of the group that stood in its position (70.4 -> 75.3 "+4.9"). Each group's kv bf16 column is
    its fp8 and int4 columns' reference, so the quantized cells are the series: 4 new, 8 unchanged."""
    v1, v2 = (str(CASES / f"column_group_inserted_v{n}.md") for n in (1, 2))
    result = run_compare([v1, v2], book=Ledger(tmp_path / "none.db"))
    verdicts = [r.overall.verdict for r in result.rows if r.overall is not None]
    assert verdicts.count("new") == 4 and verdicts.count("within noise") == 8, verdicts
    assert "improvement" not in verdicts


def test_a_not_comparable_reason_on_screen_names_revisions_by_their_short_labels() -> None:
    """Two versions of a long-named page: the second states the gpu the first left out. The screen names each
    revision by its R-label (as its header does), so the reason reads "gpu=b200 stated only in R2", never the
    page's whole name cut off at the column's edge; the report counts the row as a setup stated differently, never
    "a setup measured once" (each setup is stated, in its own version)."""
    from ledger.compare.render import render_rows

    name = "example-org/example-engine/docs/benchmarks/serving_numbers.md"
    old = [c("perf", "output throughput", 1000.0, unit="tok/s")]
    new = [c("perf", "output throughput", 1200.0, unit="tok/s", config={"gpu": "B200"})]
    revs = [RevisionRef(name=f"{name} v{i}") for i in (1, 2)]
    rows = compare_series([Snapshot(r, s) for r, s in zip(revs, (old, new), strict=True)])
    shown = "\n".join(render_rows(revs, rows, "markdown", show_all=True))
    assert "gpu=b200 stated only in R2" in shown
    assert f"stated only in {name}" not in shown


def test_a_score_pairs_with_its_own_column_never_a_note_cells_count_under_a_drifting_key() -> None:
    """A docs page's accuracy row "arc | accuracy | gen | 84.10 | 1 board (32G x 8)": one version carries the board
    on the note's count alone (two boards on the page), the next on every claim of the row. The count of the one
    and the score of the other share metric, key and row name; the cell each was read from and its size tell them
    apart, so no version judges 8 -> 84.1 (compare.pair_fit)."""
    texts = [(CASES / f"note_cell_v{n}.md").read_text() for n in (1, 2)]
    versions = [extract(t, f"v{n}.md", page=True).claims for n, t in enumerate(texts, 1)]
    snaps = [Snapshot(RevisionRef(name=f"R{n}"), cl) for n, cl in enumerate(versions, 1)]
    for rows in (compare_series(snaps), compare_series([*snaps, snaps[0]])):
        assert not [p for r in rows for p in r.steps if p.verdict in ("improvement", "regression")]
    gpu = {"gpu": "ATLAS 800I A2"}
    score = {"task": "arc", "column": "chat-api"}
    old = [c("accuracy", "arc", 84.1, config=score), c("accuracy", "arc", 8.0, config=gpu)]
    new = [c("accuracy", "arc", v, config=cfg) for v, cfg in ((84.1, {**score, **gpu}), (1.0, gpu), (8.0, gpu))]
    rows = compare_series([Snapshot(RevisionRef(name="R1"), old), Snapshot(RevisionRef(name="R2"), new)])
    assert not [p for r in rows for p in r.steps if p.verdict in ("improvement", "regression")]


@pytest.mark.parametrize(
    ("name", "want"),
    [
        # "- run 1: output throughput ..., mean TTFT ..." items under "On main:" and "With this PR:"
        (
            "run_items_per_side.md",
            {("output throughput", 1844.3, 1957.5333): "improvement", ("mean ttft", 91.4333, 91.2667): "within noise"},
        ),
        # "| main | 1 | ...": a row per trial and build, the spreads overlapping: no significant change
        (
            "trial_rows_by_build.md",
            {("request throughput", 4.13, 4.1267): "within noise", ("p50 tpot", 38.4667, 38.3667): "within noise"},
        ),
        # "Before, run 1:" .. "After, run 3:" each over its own paste, eleven lines apart
        (
            "run_pastes_per_side.md",
            {
                ("request throughput", 9.8467, 10.6333): "improvement",
                ("output throughput", 2520.7333, 2722.1333): "improvement",
                ("mean ttft", 118.0667, 117.8): "within noise",
            },
        ),
        # "On main, run 1 gave 1843.2 tok/s, run 2 gave ..., of output throughput": the runs named inside one sentence
        (
            "runs_in_one_sentence.md",
            {("output throughput", 1844.3, 1957.5333): "improvement", ("mean ttft", 91.4333, 91.2667): "within noise"},
        ),
    ],
)
def test_runs_named_one_by_one_are_one_series_per_side(
    name: str, want: dict[tuple[str, float, float], str], tmp_path: Path
) -> None:
    """Each run labelled by its number (a list item "run 2:", a lead-in "Before, run 2:" over its paste, a "Trial"
    column beside the build's): one series per side, its runs' mean judged against the other's by the runs' own
    spread, never run 1 against run 1."""
    result, got = _verdicts(name, tmp_path)
    assert got == want, got
    judged = [r.overall for r in result.rows if r.overall is not None and r.overall.verdict == "improvement"]
    assert all(p.threshold is not None and p.threshold.basis.startswith("stderr of the repeats") for p in judged)
    assert all("trial" not in dict(r.key.config) for r in result.rows)


def test_scores_listed_beside_their_stated_mean_are_its_runs_never_paired_one_by_one(tmp_path: Path) -> None:
    """ "| 2.4.0 | 0.712 | 0.011 | 0.705, 0.719, ... |": the eight scores are the runs the row's stated mean sums up:
    one row, the stated mean with their count, range and standard error, never score k against score k."""
    result, got = _verdicts("mean_beside_its_scores.md", tmp_path)
    assert got == {("mean", 0.712, 0.714): "within noise"}, got
    (row,) = result.rows
    assert all(runs_spread(c) == s for c, s in zip(row.cells, ("n=8, 0.699..0.724", "n=8, 0.702..0.721"), strict=True))


def test_compare_and_report_show_each_sides_runs_count_centre_and_range(tmp_path: Path) -> None:
    """One line per setup with, per side, how many runs, their mean and their lowest..highest."""
    doc = str(CASES / "run_pastes_per_side.md")
    out = CliRunner().invoke(app, ["compare", doc, "--db", str(tmp_path / "none.db")], env={"COLUMNS": "160"}).output
    line = next(x for x in out.splitlines() if "2520.73" in x)
    assert "2520.73 tok/s (n=3, 2506.2..2537)" in line and "2722.13 tok/s (n=3, 2708.5..2739.2)" in line, out
    out = CliRunner().invoke(app, ["report", doc, "--db", str(tmp_path / "none.db")], env={"COLUMNS": "160"}).output
    assert "9.84667 req/s (n=3, 9.79..9.91)" in out and "10.6333 req/s (n=3, 10.58..10.7)" in out, out
    # (the runs said once, in the value cells: the why cell no longer repeats "mean of 3 repeats" beside them)
    assert "mean of 3 repeats" not in out and "stderr of the repeats" in out, out


def test_trend_draws_a_pr_build_off_the_nightly_line_but_judges_the_lines_latest(tmp_path: Path) -> None:
    """The fixed PR build stated among the nightlies is drawn where the text has it, yet the latest value judged is
    the main line's (the images', then the current nightly), never the PR build's."""
    from ledger.targets import run_trend

    path = Path(__file__).parent / "fixtures" / "revisions" / "pr_build_off_nightly_line.md"
    trend = run_trend("gsm8k", [str(path)], book=Ledger(tmp_path / "none.db"))
    (series,) = trend.series
    assert [at for at, _ in series.points][-2:] == ["#5512 dev", "current nightly"]
    trend = run_trend("mmlu", [str(path)], book=Ledger(tmp_path / "none.db"))
    (series,) = trend.series
    assert series.points[-1][0] == "#5512 dev"
    assert series.latest is not None and series.latest.new is not None and series.latest.new.value == 0.661
