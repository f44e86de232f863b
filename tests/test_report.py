"""Issue 22: `ledger report`'s verdict rules and its answer, asserted through `report --format json` on invented
fixtures (tests/fixtures/report/), and the seed's first screen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.compare.outside import feature_rows, with_row_baselines
from ledger.model import BROKEN_NOTE
from ledger.parsers import extract
from ledger.vocab.metrics import higher_is_better
from ledger.vocab.sides import side_of

FIX = Path(__file__).parent / "fixtures" / "report"
SEED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "004_efc56196d8c007cd.txt"
runner = CliRunner()


def run(*args: str, width: int = 100) -> tuple[int, str, str]:
    r = runner.invoke(app, list(args), env={"COLUMNS": str(width), "LEDGER_DB": ""})
    return r.exit_code, r.stdout, r.stderr


def report(name: str, tmp_path: Path, *extra: str) -> dict[str, Any]:
    code, out, err = run("report", str(FIX / name), "--format", "json", "--db", str(tmp_path / "x.db"), *extra)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def stored_report(name: str, repo: str, tmp_path: Path) -> dict[str, Any]:
    """The report of a fixture ingested as PR #1 of `repo` (the PR's repository says which engine is its own)."""
    db = str(tmp_path / "x.db")
    assert run("ingest", str(FIX / name), "--repo", repo, "--pr", "1", "--db", db)[0] == 0
    code, out, err = run("report", f"{repo}#1", "--format", "json", "--db", db)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def findings(data: dict[str, Any], section: str, *, more: bool = False) -> list[dict[str, Any]]:
    sec = next(s for s in data["sections"] if s["name"] == section)
    return [*sec["findings"], *(sec["more"] if more else [])]


def test_a_failure_main_has_too_is_waived_never_a_regression(tmp_path: Path) -> None:
    data = report("waived_failure.md", tmp_path, "--fail-on-regression")
    assert not data["has_regression"] and data["regressions"] == []
    (run_,) = [f for f in findings(data, "failures") if f["verdict"] == "waived"]
    assert "212 passed, 2 failed" in run_["text"] and "test_block_pool_reuse" in run_["text"]
    assert run_["revision"] == "Latest head 4b7c2e91d0" and run_["line"] == 9
    # both named failures are waived gates, said with their run, not again on their own
    assert not [f for f in findings(data, "failures") if f["verdict"] in ("fail", "regression")]
    assert [
        r["verdict"]["verdict"]
        for r in json.loads(run("compare", str(FIX / "waived_failure.md"), "-f", "json")[1])["rows"]
        if r["kind"] == "tests"
    ] == ["waived"]


def test_fewer_tests_run_is_a_coverage_finding(tmp_path: Path) -> None:
    data = report("coverage_cut.md", tmp_path)
    (cut,) = findings(data, "coverage")
    assert cut["verdict"] == "fewer tests"
    assert cut["text"] == "tests/attention (sweep): coverage: 2,910 -> 1,024 cases, -65%"
    assert cut["revision"] == "Round 1 c4d5e6f7a8 -> Round 2 a8b7c6d5e4"
    assert data["summary"] == {"fewer tests": 1, "within noise": 1}  # neither noise nor a regression
    assert not findings(data, "failures")


def test_a_gates_outcome_belongs_to_the_revision_its_words_give(tmp_path: Path) -> None:
    data = report("gate_other_head.md", tmp_path)
    # "(failed in CI on 0c9b8a7d6e)" under "Before the rebase": a CI run on 0c9b8a7d6e, the section's run passed
    assert not findings(data, "failures")
    ci = findings(data, "ci")[0]
    assert ci["verdict"] == "fail" and "0c9b8a7d6e" in ci["text"] and ci["line"] == 7
    assert not [g for g in data["gates"] if g["revision"] == "Before the rebase"]


def test_the_pr_side_of_a_state_before_the_rebase_is_no_base_side(tmp_path: Path) -> None:
    """ "Before the rebase (sha, on main sha):" over a main / this PR table: the PR's older revision, so its PR column
    is the change measured (no "measured on the base side" caveat) and its values are no references of the state
    after the rebase (compare pairs the two states as revisions)."""
    data = report("rebase_states_in_tables.md", tmp_path, "--all")
    got = findings(data, "results", more=True)
    assert len(got) == 4 and not [c for f in got for c in f["caveats"] if "base side" in c]
    assert data["revisions"] == ["Before the rebase 3e4f5a6b7c", "After the rebase 8a9b0c1d2e"]


def test_results_a_sentence_says_predate_the_rebase_leave_the_rebased_head_unmeasured(tmp_path: Path) -> None:
    """Every result measured on the old base and "not rerun on this rebased head": the report says the newest head
    has no measurement of its own, and which commit the PR now sits on."""
    data = report("../revisions/stale_base_results.md", tmp_path)
    (note,) = [f for f in findings(data, "ci") if "predate" in f["text"]]
    assert note["verdict"] == "other head" and note["text"] == (
        "every result predates the rebase onto 77aa01b2c3 (measured on base 5d0e3f9a11): not re-run on the rebased head"
    )


def test_a_stated_stderr_is_used_in_the_metrics_own_scale(tmp_path: Path) -> None:
    code, out, _ = run(
        "report",
        str(FIX / "perplexity_stderr.md"),
        "-f",
        "json",
        "--fail-on-regression",
        "--db",
        str(tmp_path / "x.db"),
    )
    assert code == 1
    (reg,) = json.loads(out)["regressions"]
    v = reg["verdict"]
    assert reg["metric"] == "perplexity" and v["verdict"] == "regression"
    # the stderrs 0.0391 and 0.0517 as stated (no percent scaling): sqrt(a^2 + b^2) * 1.96 = 0.127
    assert v["threshold"]["basis"].startswith("stated stderr") and v["threshold"]["value"] == pytest.approx(0.127, 0.01)


def test_a_quoted_reply_is_not_evidence(tmp_path: Path) -> None:
    data = report("quoted_reply.txt", tmp_path)
    _code, out, _ = run("extract", str(FIX / "quoted_reply.txt"), "--format", "jsonl")
    values = [json.loads(line)["value"] for line in out.splitlines()]
    assert 87.02 not in values and 91.37 in values  # the reply's quote of a draft's number is nobody's result
    (checked,) = findings(data, "results")
    assert checked["text"].startswith("gsm8k: 91.37 vs ref 91.1")  # (a "result" column names no measure)


def test_results_outside_the_revisions_are_judged_against_their_baselines(tmp_path: Path) -> None:
    data = report("baseline_outside_sections.md", tmp_path)
    results = findings(data, "results")
    acc = [f for f in results if f["revision"] == "Final head 6c7d8e9f0a"]
    assert [f["metric"] for f in acc] == ["gsm8k", "MMLU"]
    head = [f for f in results if f["revision"] is None]
    # the before/after table: the tuned row against the first row, with its caveats
    assert [f["verdict"] for f in head] == ["better than baseline", "better than baseline"]
    assert "~301 tok/s/user vs baseline 120.5" in head[0]["text"] and "'first working port'" in head[0]["text"]
    assert head[0]["caveats"] == ["approximate value", "* measured one step before the final commit."]
    # the other before/after value outside the revisions is kept for --all
    assert any("fused gate GEMM" in f["text"] for f in findings(data, "results", more=True))


def test_different_tests_or_draft_lengths_are_never_paired(tmp_path: Path) -> None:
    _code, out, _ = run("compare", str(FIX / "two_tests_two_drafts.md"), "-f", "json", "--db", str(tmp_path / "x.db"))
    rows = json.loads(out)["rows"]
    for r in rows:
        v = r["verdict"]
        if v["verdict"] in ("regression", "improvement", "within noise"):
            assert v["old"]["config_text"].get("draft_len") == v["new"]["config_text"].get("draft_len")
    judged = [r for r in rows if r["verdict"]["verdict"] in ("regression", "improvement", "within noise")]
    assert judged == []  # gsm8k MTP1 vs MTP3, passkey vs gsm8k: nothing here is one setup twice


@pytest.mark.skipif(not SEED.is_file(), reason="the seed is in ../shared/seeds/")
def test_the_seeds_first_screen_answers_a_reviewer(tmp_path: Path) -> None:
    code, out, err = run("report", str(SEED), "--fail-on-regression", "--db", str(tmp_path / "x.db"))
    assert code == 0, out + err
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 100
    text = "\n".join(lines)
    assert (
        text.index("CI on the newest head")
        < text.index("Results against")
        < text.index("Regressions and")
        < text.index("Coverage changes")
        < text.index("Not verified")
        < text.index("Between revisions")
    )
    assert "pass: the latest CI result on 257d5f0" in text and "not on 257d5f0" in text
    assert "3 of 3 earlier pipelines on it failed" in " ".join(text.split())  # runs, not the bot's lines
    # the setup that tells this check from the others beside its name (the seed checks several KV and state dtypes)
    assert "test_gsm8k result [kv_cache=bf16, state=fp32, tp=1]: 96.25 vs ref 96.36" in " ".join(text.split())
    flat = " ".join(text.split())  # (the report wraps its lines where a setup's words end)
    assert "~370 tok/s/user vs baseline 90.4" in flat and "Measured at an intermediate step" in flat
    assert "coverage: 3,444 -> 1,213 cases, -65%" in " ".join(text.split())
    assert text.count("not verified:") == 11
    assert "REGRESSION" not in text and "waived: test_kv_connector_initialization.py" in text
    data = json.loads(run("report", str(SEED), "-f", "json", "--db", str(tmp_path / "x.db"))[1])
    for row in data["regressions"]:
        pytest.fail(f"no regression expected: {row['metric']}")
    code, md, _ = run("report", str(SEED), "-f", "markdown", "--db", str(tmp_path / "x.db"))
    assert md.index("#### CI on the newest head") < md.index("#### Not verified")


def test_report_and_compare_take_pr_and_repo_like_claims(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    ex = Path(__file__).resolve().parents[1] / "examples"
    assert (
        run(
            "ingest",
            str(ex / "pr-4821-v1.txt"),
            str(ex / "pr-4821-v2.txt"),
            "--repo",
            "example/trtllm",
            "--pr",
            "4821",
            "--db",
            db,
        )[0]
        == 0
    )
    for cmd in ("report", "compare"):
        code, out, err = run(cmd, "--pr", "4821", "--repo", "example/trtllm", "--db", db)
        assert code == 0 and "Initial head 4e1f0c9a2b" in out, err
    code, _, err = run("report", "--db", db)
    assert code == 2 and "--pr" in err


def test_claims_lists_results_before_commits(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    ex = Path(__file__).resolve().parents[1] / "examples"
    assert run("ingest", str(ex / "pr-4821-v2.txt"), "--repo", "example/trtllm", "--pr", "4821", "--db", db)[0] == 0
    _, table, _ = run("claims", "--pr", "4821", "--repo", "example/trtllm", "--format", "markdown", "--db", db)
    kinds = [line.split("|")[3].strip() for line in table.splitlines()[2:] if line.startswith("|")]
    assert "commit" in kinds and kinds.index("commit") == len(kinds) - kinds.count("commit")
    _, jsonl, _ = run("claims", "--pr", "4821", "--repo", "example/trtllm", "--format", "jsonl", "--db", db)
    lines = [json.loads(x)["source"]["line"] for x in jsonl.splitlines()]
    assert lines == sorted(lines)  # the contract's output keeps the text's order, as extract prints it
    _, doc_order, _ = run(
        "claims", "--pr", "4821", "--repo", "example/trtllm", "--format", "markdown", "--document-order", "--db", db
    )
    assert doc_order != table


def test_serve_without_the_web_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "datasette", None)  # as if the web extra were not installed
    code, _out, err = run("serve", "--get", "/-/ledger", "--db", str(tmp_path / "x.db"))
    assert (
        code == 2 and err.strip() == "ledger: the web view needs the web extra: pip install 'pr-evidence-ledger[web]'"
    )


def test_a_table_of_measures_or_tests_is_no_before_after(tmp_path: Path) -> None:
    doc = tmp_path / "rows.md"
    doc.write_text(
        "# Sweep\n\nFinal head (1a2b3c4d5e, on main 0a0b0c0d0e):\n\n| check | result |\n|---|---|\n"
        "| gsm8k | 80.1 (ref 80.0) |\n\n## Latency\n\n| | avg | p99 |\n|---|---|---|\n"
        "| Time To Second Token (ms) | 0.2 | 0.4 |\n| Request Latency (ms) | 1306.7 | 1316.3 |\n\n"
        "| | TPOT change |\n|---|---|\n| test_decode_small / dgx_h100 | -13.8 % |\n"
        "| test_decode_large / dgx_h100 | -16.9 % |\n",
        encoding="utf-8",
    )
    code, out, err = run("report", str(doc), "-f", "json", "--fail-on-regression", "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    data = json.loads(out)
    assert not [f for f in findings(data, "results", more=True) if "against the row" in f["text"]]
    assert not findings(data, "failures")


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Final head (3f4e5d6c7b):\n\n- gsm8k: 91.37\n\nOn Monday someone wrote:\n\n> gsm8k: 87.02\n", [91.37]),
        ("- gsm8k: 91.37\n\nLater:\n\n> - gsm8k: 91.37\n\nright, that one\n", [91.37]),
        ("> [!NOTE]\n> gsm8k: 91.37 on the final head\n", [91.37]),  # the description's own note is its evidence
    ],
)
def test_quoted_lines_that_repeat_another_message(text: str, kept: list[float]) -> None:
    from ledger.parsers import extract

    assert [c.value for c in extract(text, "x.md").claims if c.kind == "accuracy"] == kept


def test_a_real_time_factor_goes_down_and_the_headline_counts_values_worse_than_baseline(tmp_path: Path) -> None:
    """mean_rtf (seconds of compute per second of audio) rising from 0.20 to 0.26 is a regression, and the
    headline says so rather than "no regression" above it."""
    data = report("rtf_regression.md", tmp_path)
    assert [(f["line"], f["verdict"]) for f in findings(data, "failures")] == [(5, "worse than baseline")]
    assert data["has_regression"] and data["headline"] == "1 worse than baseline"
    assert not higher_is_better("audio real-time factor", None, "perf")


def test_compare_and_report_say_better_or_worse_than_the_baseline_by_the_measures_direction(tmp_path: Path) -> None:
    """A latency over its baseline (TTFT 95 -> 131 ms) is worse and one under it (TPOT 14.2 -> 11.9 ms) better; a
    throughput under its baseline (1850 -> 1610 tok/s) is worse: `ledger compare` says so in the report's words, never
    "BELOW REFERENCE" for a latency that rose nor "above reference" for one that fell."""
    doc = str(FIX / "latency_and_throughput_vs_baseline.md")
    want = {
        8: "worse than baseline",  # TTFT rose: a latency
        7: "better than baseline",  # TPOT fell
        9: "worse than baseline",  # output throughput fell: a throughput
        10: "better than baseline",  # request throughput rose
    }
    data = report("latency_and_throughput_vs_baseline.md", tmp_path)
    assert {f["line"]: f["verdict"] for f in findings(data, "results", more=True)} == want
    assert data["headline"] == "2 worse than baseline"
    _code, out, _ = run("compare", doc, "-f", "json", "--db", str(tmp_path / "c.db"))
    assert {r["line"]: r["said"] for r in json.loads(out)["references"]} == want
    _code, text, _ = run("compare", doc, "--db", str(tmp_path / "c.db"), width=200)
    said = {line.split("  ")[0].strip(): line for line in text.splitlines() if " ms " in line or "tok/s" in line}
    assert set(said) == {"WORSE THAN BASELINE", "better than baseline"}, text
    assert "REFERENCE" not in text.upper().replace("AGAINST THEIR REFERENCE", ""), text
    ttft = next(line for line in text.splitlines() if "ttft" in line)
    assert ttft.startswith("WORSE THAN BASELINE"), text


def test_the_verdict_a_row_prints_is_the_verdict(tmp_path: Path) -> None:
    """A row that prints its own verdict ("better -12.9%", "WORSE +11.8%") is judged as it says: its author knows
    which way the metric goes where its name tells nothing ("mean_mos_gap") or tells it wrong."""
    data = report("printed_verdicts.md", tmp_path)
    got = {(f["line"], f["verdict"]) for f in findings(data, "results", more=True)}
    assert got == {
        (5, "better than baseline"),
        (6, "worse than baseline"),
        (7, "worse than baseline"),
        (8, "better than baseline"),
    }
    assert sorted(f["line"] for f in findings(data, "failures")) == [6, 7]
    assert all("as the row prints it" in f["text"] for f in findings(data, "results", more=True))


def test_a_value_below_reference_on_a_superseded_head_is_history(tmp_path: Path) -> None:
    """Below its reference on the first head, rerun within noise on the newest: the PR has no regression, and the
    old verdict is kept as a caveated result, not a failure."""
    data = report("rerun_on_newer_head.md", tmp_path, "--fail-on-regression")
    assert not data["has_regression"] and not findings(data, "failures")
    old = next(f for f in findings(data, "results", more=True) if f["line"] == 7)
    assert old["verdict"] == "below reference" and any("superseded" in c for c in old["caveats"])
    newest = next(f for f in findings(data, "results", more=True) if f["line"] == 13)
    assert newest["verdict"] == "within noise"


def test_a_regression_over_several_versions_cites_the_version_and_line_where_the_number_moved(tmp_path: Path) -> None:
    """6,410 in v1, 5,480 in v2, 5,495 in v3: the drop happened in v2, so the finding points at v2's line, not at
    the newest version, where the number only stood still; the values said are that step's, each with its line."""
    db = str(tmp_path / "x.db")
    paths = [str(FIX / f"moved_v{n}.md") for n in (1, 2, 3)]
    code, _, err = run("ingest", *paths, "--repo", "vendor/engine", "--repo-path", "docs/perf.md", "--db", db)
    assert code == 0, err
    code, out, err = run("report", "vendor/engine:docs/perf.md", "--format", "json", "--db", db)
    assert code == 0, err
    (finding,) = findings(json.loads(out), "failures")
    assert "6410 tok/s (vendor/engine:docs/perf.md v1, line 6) -> 5480 tok/s" in finding["text"]
    assert (finding["revision"], finding["line"]) == ("vendor/engine:docs/perf.md v2", 6)


def test_the_latest_bot_run_answers_for_ci_when_no_run_names_its_commit(tmp_path: Path) -> None:
    # three runs failed, then one passed; none names the commit it ran on
    data = report("bot_runs_no_commit.md", tmp_path)
    (ci,) = findings(data, "ci")
    assert ci["verdict"] == "pass" and ci["line"] == 18
    # (the aborted run is no failure; the helper job and the pipeline it started are one run)
    assert ci["text"] == (
        "the latest CI result (no commit stated): PR_Github #577 run; 1 of 2 earlier runs failed, 1 stopped before a"
        " result"
    )
    assert not findings(data, "failures")  # the earlier runs' failures are history, not the PR's state
    # the same thread whose latest run failed says so in its one-line answer
    failing = tmp_path / "failing.md"
    failing.write_text((FIX / "bot_runs_no_commit.md").read_text().replace("`SUCCESS`", "`FAILURE`"))
    code, out, _ = run("report", str(failing), "--db", str(tmp_path / "y.db"))
    assert code == 0 and out.splitlines()[0].endswith("no regression (the latest CI run failed)")


def test_a_run_the_bot_started_after_the_last_result_is_the_latest_state_pending(tmp_path: Path) -> None:
    # the last finished run passed its helper job but failed its pipeline; a newer run was started, no result yet
    text = (FIX / "bot_runs_no_commit.md").read_text() + (
        "[/LLM/main/L0_MergeRequest_PR pipeline #455](https://ci.example/job/L0_MergeRequest_PR/455/) completed with"
        " status: 'FAILURE'\n\n**ci-bot** commented on 2025-04-04\n\n"
        "[PR_Github #590](https://ci.example/job/PR_Github/590/) [ run ] triggered by Bot\n"
    )
    (tmp_path / "pending.md").write_text(text)
    code, out, err = run("report", str(tmp_path / "pending.md"), "--format", "json", "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    (ci,) = findings(json.loads(out), "ci")
    assert ci["verdict"] == "pending" and ci["line"] == 19
    assert ci["text"].startswith("the latest CI run PR_Github #590 (line 23) has no result yet; before it PR_Github")
    assert ci["text"].endswith("pipeline #455: fail; 1 of 2 earlier runs failed, 1 stopped before a result")


def test_a_count_of_failures_no_comparison_judged_is_a_failure_said_as_stated(tmp_path: Path) -> None:
    # one revision, nothing to compare it with: the failures it states are still the answer's
    data = report("failed_count_one_revision.md", tmp_path)
    (f,) = findings(data, "failures")
    assert f["verdict"] == "fail" and f["line"] == 5
    assert f["text"] == "Checks on the new head: 51 passed, 2 failed"
    assert f["caveats"] == ["the text calls the failures known"]


def test_the_timings_an_accuracy_run_prints_are_judged_as_such_and_a_benchmark_as_one(tmp_path: Path) -> None:
    """gsm8k's harness prints its latency and throughput beside the score: one run that sends every question at
    once, judged at ±10% (a 5.5% slower run is noise there), while the decode benchmark's 4.7% drop below it is a
    regression at the ±2% a benchmark gets."""
    data = report("eval_run_timings.md", tmp_path)
    assert [r["metric"] for r in data["regressions"]] == ["decode throughput"]
    code, out, err = run(
        "compare", str(FIX / "eval_run_timings.md"), "-f", "json", "--all", "--db", str(tmp_path / "y.db")
    )
    assert code == 0, err
    rows = {r["metric"]: r["verdict"] for r in json.loads(out)["rows"]}
    assert rows["latency"]["verdict"] == "within noise"
    assert rows["latency"]["threshold"]["basis"] == "timing of a gsm8k accuracy run"


def test_a_drop_its_author_calls_no_real_regression_is_shown_waived(tmp_path: Path) -> None:
    """A value worse than its baseline where the text right by it says the drop is no real regression: the report
    keeps the number and shows it waived, with the line of the author's word; the other row stays judged."""
    data = report("drop_the_author_waives.md", tmp_path)
    assert data["headline"].startswith("no regression")
    fails = findings(data, "failures")
    assert [f["verdict"] for f in fails] == ["waived"], fails
    assert "530" in fails[0]["text"] and any("no real regression (line 6)" in c for c in fails[0]["caveats"])
    better = [f for f in findings(data, "results", more=True) if f["verdict"] == "better than baseline"]
    assert len(better) == 1 and "4390" in better[0]["text"]


def test_a_value_below_reference_before_the_change_is_no_regression_of_it(tmp_path: Path) -> None:
    """The base side's failure ("### Before this fix": 58.4 against 89.1) is what the change starts from: shown
    with its reference and a caveat, never among the regressions; the side after it says it kept the launch ("Same
    launch, same node:"), so the two are one setup and compare judges the fix an improvement."""
    data = report("base_side_below_reference.md", tmp_path, "--fail-on-regression")
    assert not data["has_regression"] and findings(data, "failures") == []
    (before,) = [f for f in findings(data, "results", more=True) if f["line"] == 9]
    assert before["verdict"] == "below reference" and "measured on the base side" in " ".join(before["caveats"])
    rows = json.loads(run("compare", str(FIX / "base_side_below_reference.md"), "-f", "json")[1])["rows"]
    assert [r["verdict"]["verdict"] for r in rows] == ["improvement"]


def test_a_speed_lost_against_a_broken_baseline_says_so_and_is_no_regression(tmp_path: Path) -> None:
    """BEFORE answered 2% of gsm8k, AFTER 79%: the speed BEFORE printed was measured on garbage output, so its drop
    is shown with that caveat and never counted as the change's regression, in the headline or by
    --fail-on-regression."""
    data = report("broken_base_speed.md", tmp_path)
    (speed,) = findings(data, "failures")
    assert speed["verdict"] == "against a broken base" and "Output tokens per second" in speed["text"]
    assert any("accuracy was 0.021 against 0.791" in c for c in speed["caveats"])
    assert data["headline"] == "no regression (1 against a broken base)"
    assert not data["has_regression"] and data["regressions"] == []
    code, _, _ = run(
        "report", str(FIX / "broken_base_speed.md"), "--db", str(tmp_path / "y.db"), "--fail-on-regression"
    )
    assert code == 0


def test_a_few_cells_worse_than_the_base_are_said_beside_the_sets_stated_net_gain(tmp_path: Path) -> None:
    """Two cells of a grid at 0.971x and 0.982x under "Geomean 1.21x" over the grid: the headline counts the two
    and says the summary's gain, not the two alone, with the count the summary states it over."""
    data = report("net_win_minority.md", tmp_path)
    assert data["headline"] == "2 worse than baseline; Geomean 1.21 x faster over the set"
    assert [f["verdict"] for f in findings(data, "failures")] == ["worse than baseline"] * 2
    few = tmp_path / "few.md"
    few.write_text(
        FIX.joinpath("net_win_minority.md").read_text().replace("**Geomean 1.21x**", "**Geomean 1.21x** (n=48)")
    )
    code, out, err = run("report", str(few), "--format", "json", "--db", str(tmp_path / "few.db"))
    assert code == 0, err
    assert json.loads(out)["headline"] == "2 worse than baseline; Geomean 1.21 x faster over the set of 48"


def test_a_rows_own_speedup_that_says_the_opposite_is_shown(tmp_path: Path) -> None:
    """TTFT Before 402.1, After 611.9, Speedup 152.18% (= 611.9 / 402.1): the row calls the After side faster while
    the columns call it slower; the check keeps its verdict and says its sides may be swapped."""
    data = report("speedup_contradicts_sides.md", tmp_path)
    checks = [f for f in findings(data, "results", more=True) if f["verdict"] == "worse than baseline"]
    assert len(checks) == 2 and all(any("labels may be swapped" in c for c in f["caveats"]) for f in checks)


def test_the_newest_of_two_candidates_beside_one_baseline_answers(tmp_path: Path) -> None:
    """`| Baseline | First | Second |` under "first (sha)" / "second (sha)": the two candidates are two revisions of
    one series each ("alloc (ms) / p99", never "... First"), so compare lines R1 up with R2 and report judges the
    newest: the first try's slower p99 and free are superseded history, not the PR's regressions."""
    data = report("candidates_beside_baseline.md", tmp_path, "--fail-on-regression")
    assert not data["has_regression"] and findings(data, "failures") == []
    old = [f for f in findings(data, "results", more=True) if f["verdict"] == "worse than baseline"]
    assert sorted(f["line"] for f in old) == [13, 14]
    assert all(any("superseded" in c for c in f["caveats"]) for f in old)
    rows = json.loads(run("compare", str(FIX / "candidates_beside_baseline.md"), "-f", "json")[1])["rows"]
    assert {r["verdict"]["verdict"] for r in rows} == {"improvement", "within noise"} and len(rows) == 7


def test_a_value_on_the_wrong_side_of_its_stated_bar_is_a_failure_and_the_bar_is_no_result(tmp_path: Path) -> None:
    """ "just under the 45% acceptance rate threshold (observed 44.60%)": the bar is the value's threshold, never a
    result of its own (nor are the bar's old and new values, "from `0.45` to `0.44`"); a value under its bar is a
    failure the report names, one above it none."""
    data = report("stated_bar.md", tmp_path)
    (below,) = [f for f in findings(data, "failures") if f["verdict"] == "below its bar"]
    assert below["line"] == 4 and "44.6 % on the wrong side of its stated bar 45" in below["text"]
    assert data["has_regression"]
    code, out, _ = run("extract", str(FIX / "stated_bar.md"), "--format", "jsonl")
    assert code == 0
    values = sorted(json.loads(x)["value"] for x in out.splitlines() if x.strip())
    assert values == [44.6, 51.3]


def test_a_row_of_a_table_of_tasks_is_judged_by_its_own_task_not_the_commands(tmp_path: Path) -> None:
    """`--tasks gsm8k` above a "| Task | BF16 | W4A8 |" table says nothing of its ARC-Easy row: that row is judged
    without gsm8k's binomial n (1319 questions), by its own (ARC-Easy's 2376), where its 1.3 drop is within noise;
    the GSM8K and HellaSwag rows keep their own benchmarks' n."""
    data = report("task_rows_under_one_task_command.md", tmp_path)
    shown = {f["line"]: f for f in findings(data, "results", more=True)}
    assert "n=1319" in shown[9]["text"] and "n=10042" in shown[10]["text"]
    assert "n=2376" in shown[11]["text"] and "n=1319" not in shown[11]["text"], shown[11]
    assert shown[11]["verdict"] == "within noise"


def test_evidence_measured_on_another_commit_than_the_stated_head_is_said_and_a_tree_is_no_commit(
    tmp_path: Path,
) -> None:
    """ "Benchmarked commit/tree: `9c8b…` / `1f2e…`. Current PR head: `7e6d…`": the results ran on 9c8b, which is not
    the head the text states, so the report says so rather than "nothing to report"; the second hash of each
    commit/tree pair is a tree, no commit claim."""
    data = report("commit_tree_pairs.md", tmp_path)
    (other,) = [f for f in findings(data, "ci") if f["verdict"] == "other head"]
    assert "measured on Benchmarked commit 9c8b7a6f5e, not on 7e6d5c4b3a" in other["text"]
    assert "evidence not measured on the newest head" in data["headline"]
    code, out, _ = run("extract", str(FIX / "commit_tree_pairs.md"), "--format", "jsonl")
    claims = [json.loads(x) for x in out.splitlines() if x.strip()]
    shas = [c["sha"][:8] for c in claims if c["kind"] == "commit"]
    assert code == 0 and shas == ["0a1b2c3d", "9c8b7a6f", "7e6d5c4b"]
    (speedup,) = [c for c in claims if c["kind"] == "perf"]
    assert speedup["revision"]["base"].startswith("0a1b2c3d")


def test_a_pytest_ids_model_and_world_size_are_its_values_setup_and_its_bar_the_threshold(tmp_path: Path) -> None:
    """ "`TestMistral7B::test_eagle3[fp8_ws4-flashinfer]` ... just below the 62% acceptance rate threshold (observed
    61.40%)": the id's class names the model (a known family's, or one sized "Qux70B"), "ws4" its four ranks; the
    bar is the value's threshold, the bar's old and new values no results, and the report names the value under it."""
    data = report("test_id_bar.md", tmp_path)
    (below,) = [f for f in findings(data, "failures") if f["verdict"] == "below its bar"]
    assert below["line"] == 4 and "61.4 % on the wrong side of its stated bar 62" in below["text"]
    code, out, _ = run("extract", str(FIX / "test_id_bar.md"), "--format", "jsonl")
    claims = [json.loads(x) for x in out.splitlines() if x.strip()]
    assert code == 0 and [c["kind"] for c in claims] == ["acceptance", "acceptance", "gate"]
    first, second, gate = (c["config"] for c in claims)
    assert first["model"] == "Mistral7B" and first["gpu_count"] == "4" and first["threshold"] == "62%"
    assert second["model"] == "Qux70B" and second["tp"] == "2" and "gpu_count" not in second
    assert gate["model"] == "Mistral7B" and gate["gpu_count"] == "4"


def test_results_retested_at_a_main_line_commit_are_that_commits_and_still_the_changes(tmp_path: Path) -> None:
    """ "Re-ran on 2x L4 at master `c0de5e7a1`" over an on/off table: both arms ran on that commit, so each result
    cites it, and the one worse than its off arm is a regression of the change, not the base side's starting point."""
    data = report("retest_at_master_regression.md", tmp_path)
    (worse,) = [f for f in findings(data, "failures") if f["verdict"] == "worse than baseline"]
    assert worse["line"] == 13 and "c0de5e7a1" in worse["revision"]
    assert not any("base side" in c for c in worse["caveats"])
    assert data["has_regression"]


def test_a_quantized_row_is_judged_against_the_full_precision_row_of_its_settings(tmp_path: Path) -> None:
    """ "fp16" over "w8a16" rows, once per prompt length: each quantized cell is judged against the fp16 cell of its
    own row of settings, named by its column alone ("TTFT", the precision its setup); two quantized rows and no full
    precision are results of their own."""
    path = Path(__file__).parent / "fixtures" / "tables" / "precision_rows_baseline.md"
    code, out, err = run("report", str(path), "--format", "json", "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    results = findings(json.loads(out), "results", more=True)
    got = {(f["metric"], f["line"]): f["verdict"] for f in results}
    assert got == {
        ("arc", 9): "within noise",
        ("mmlu", 9): "within noise",
        ("gsm8k", 9): "within noise",
        ("TTFT", 15): "worse than baseline",
        ("TPOT", 15): "better than baseline",
        ("TTFT", 17): "better than baseline",
        ("TPOT", 17): "better than baseline",
    }


def test_two_implementations_over_one_paste_shape_are_two_sides_the_older_version_the_base() -> None:
    """ "- Rust sender (v3):" and "- C++ sender (v2):" over pastes of the same measures, set against each other by
    the sentence after them: two sides, the older version first, each measure paired (-1.5 %: within noise); two
    labels over the same measures that nothing sets against each other ("Cluster east:" / "Cluster west, rack 4:")
    are two setups."""
    path = Path(__file__).parent / "fixtures" / "revisions" / "twin_implementations_named_reference.md"
    data = json.loads(run("compare", str(path), "-f", "json")[1])
    assert [r["label"] for r in data["revisions"]] == ["C++ sender (v2)", "Rust sender (v3)"]
    got = [(r["verdict"]["verdict"], r["verdict"]["old"]["value"], r["verdict"]["new"]["value"]) for r in data["rows"]]
    assert got == [("within noise", 11005.7, 10840.2), ("within noise", 22011.3, 21680.4)]
    # ("- CUTLASS path:" over "- Triton path:", "... 3% higher than CUTLASS's": the first named the reference)
    path = path.with_name("twin_named_reference_first.md")
    data = json.loads(run("compare", str(path), "-f", "json")[1])
    assert [r["label"] for r in data["revisions"]] == ["CUTLASS path", "Triton path"]
    assert sorted(r["verdict"]["verdict"] for r in data["rows"]) == ["regression", "within noise"]


def test_a_paste_under_a_reference_lead_in_for_a_precision_is_the_other_pastes_reference(tmp_path: Path) -> None:
    """ "Reference accuracy for bf16" over the bf16 run's lines, after the int4 run's: each int4 value is judged
    against its bf16 counterpart (top1 and top5 each their own), the bf16 values no results of their own."""
    path = Path(__file__).parent / "fixtures" / "revisions" / "reference_paste_for_precision.md"
    code, out, err = run("report", str(path), "--format", "json", "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    got = [(f["line"], f["verdict"]) for f in findings(json.loads(out), "results", more=True)]
    assert got == [(11, "within noise"), (12, "within noise")]
    assert "ref 80.05" in findings(json.loads(out), "results")[0]["text"]


def test_lead_ins_naming_two_versions_over_pastes_of_one_shape_are_two_sides_the_old_one_first() -> None:
    """ "With the old verifier (v1) we measured:" then "With the batched verifier (v2), before the fix, we saw it slow
    down to:" over two one-row tables of "Latency (s) | Speed (token/s)": two sides, the old first, and each table's
    two columns measured values (no "row=4.20"): the slowdown the text states is what compare finds."""
    path = Path(__file__).parent / "fixtures" / "revisions" / "version_lead_ins.md"
    data = json.loads(run("compare", str(path), "-f", "json")[1])
    assert [r["label"] for r in data["revisions"]] == ["old verifier (v1)", "before the fix"]
    got = sorted((r["metric"], r["verdict"]["verdict"]) for r in data["rows"])
    assert got == [("latency", "regression"), ("speed", "regression")]


def test_a_change_column_names_the_base_row_and_a_stderr_column_sets_the_threshold(tmp_path: Path) -> None:
    """ "| Precision | ... | mmlu acc | stderr | Δ vs BF16 |": the BF16 row is the reference of the FP8 and NVFP4 rows,
    and each row's stated standard error (not MMLU's binomial n) sets how far apart they may be: NVFP4's -2.3 points
    stand within ±3.1 of stated noise, as the thread's own z says; the build table's fused rows beat main."""
    data = report("../tables/delta_vs_named_row.md", tmp_path)
    shown = {(f["line"], f["verdict"]) for f in findings(data, "results", more=True)}
    assert (8, "within noise") in shown and (9, "within noise") in shown, shown
    nvfp4 = next(f for f in findings(data, "results", more=True) if f["line"] == 9)
    assert "vs ref 0.724" in nvfp4["text"] and "stated stderr" in nvfp4["text"], nvfp4


def test_rows_of_one_console_that_name_tasks_are_never_each_others_baseline(tmp_path: Path) -> None:
    """A console of per-task lines ("chat_long ... tok/s=71.5", "rewrite ... tok/s=88.0", "outline ..."): the rows
    measure different prompts, so "rewrite" and "outline" (plain words, as a code state could be named) are no base
    and candidate because their siblings name tasks; the text states no baseline, so nothing is judged."""
    code, out, err = run("report", str(FIX / "per_task_console.md"), "--db", str(tmp_path / "x.db"))
    assert code == 3 and "nothing to report" in err, (code, out, err)
    assert "against the row" not in out + err and "worse than baseline" not in out + err, out + err


def test_engines_of_a_framework_column_are_setups_never_a_baseline_and_its_candidate(tmp_path: Path) -> None:
    """ "| Precision | Framework | TTFT (ms) | TPS |" over EngineA, "EngineB (graph mode)", "EngineB (eager mode)": each
    row's engine is its setup, so the two EngineB rows are two series, not a baseline and the run measured against
    it (the bracket dropped from a metric name had made them one); the table names no baseline, so nothing is judged."""
    code, out, err = run(
        "report", str(FIX.parent / "tables" / "framework_column_engines.md"), "--db", str(tmp_path / "x.db")
    )
    assert code == 3 and "nothing to report" in err, (code, out, err)  # (3: the report's "nothing to report")
    assert "against the row" not in out + err and "worse than baseline" not in out + err, out + err
    code, out, _ = run("extract", str(FIX.parent / "tables" / "framework_column_engines.md"), "--format", "jsonl")
    claims = [json.loads(x) for x in out.splitlines() if x.strip()]
    assert code == 0
    engines = {c["config"]["engine"] for c in claims}
    assert engines == {"EngineA", "EngineB (graph mode)", "EngineB (eager mode)"} and all(
        c["metric"] in ("TTFT", "TPS") for c in claims
    )


def test_two_json_eval_dumps_are_the_two_sides_paired_by_each_records_model(tmp_path: Path) -> None:
    """Two comments, each a JSON list of per-model eval records (the first cut inside its last record, its fence left
    open); the second under "quokka-runtime 3.2", what the title bumps to. Each record's model sets up its own score
    only, the score is one claim per record (not its "metrics" copy nor the per-language one), a timestamp is none;
    the labelled dump is the PR's side and the unlabelled one before it the other, so the report pairs them by model.
    Each record states its per-question spread ("score:std" 0.29-0.48) and no question count: a change of 0.02 to
    0.045 is no signal against it, so no pair is a regression (the default ±0.005 called two of them)."""
    data = report("eval_dumps_per_model.md", tmp_path)
    assert data["revisions"] == ["before this PR", "quokka-runtime 3.2"]
    rows = json.loads(run("compare", str(FIX / "eval_dumps_per_model.md"), "-f", "json")[1])["rows"]
    verdicts = {r["verdict"]["new"]["config_text"]["model"]: r["verdict"]["verdict"] for r in rows}
    models = ("acme/Heron-9B-Chat", "acme/Kestrel-4B", "acme/Osprey-30B-Instruct")
    assert verdicts == dict.fromkeys(models, "within noise")
    assert {r["verdict"]["threshold"]["basis"] for r in rows} == {"stated spread, z=1.96"}
    assert data["regressions"] == []
    code, out, _ = run("extract", str(FIX / "eval_dumps_per_model.md"), "--format", "jsonl")
    assert code == 0
    claims = [json.loads(x) for x in out.splitlines() if x.strip()]
    assert [(c["metric"], c["value"]) for c in claims] == [("score", v) for v in (0.7, 0.655, 0.91, 0.72, 0.64, 0.912)]
    assert claims[0]["stddev"] == 0.458257569495584


def test_a_table_of_builds_judges_the_change_against_its_own_projects_main_not_another_engine(tmp_path: Path) -> None:
    """ "mainline draft-loop@4c1e9a7b2" (another engine), "swift main@b7d03e5f1", "swift PR ...@e92a6c0d4": the PR's
    row is measured against the project's main, which it beats on all three columns; the other engine's row is set
    beside them for comparison, no baseline of either, so the PR being slower than it is no regression."""
    data = report("../tables/build_rows_project_base.md", tmp_path)
    assert not data["has_regression"] and data["regressions"] == [], data["regressions"]
    got = sorted((f["metric"], f["line"], f["verdict"]) for f in findings(data, "results", more=True))
    assert got == [
        ("Avg Decode", 11, "better than baseline"),
        ("Avg Prefill", 11, "better than baseline"),
        ("Total Latency", 11, "better than baseline"),
    ]
    code, out, _ = run("extract", str(FIX.parent / "tables" / "build_rows_project_base.md"), "--format", "jsonl")
    claims = [json.loads(x) for x in out.splitlines() if x.strip() and json.loads(x)["kind"] == "perf"]
    assert code == 0
    refs = {(c["source"]["line"], c["metric"]): c["reference"] for c in claims}
    assert refs[(9, "Avg Decode")] is None and refs[(10, "Avg Decode")] is None and refs[(11, "Avg Decode")] == 70.4


def test_a_console_banners_sides_name_the_build_its_results_were_measured_on(tmp_path: Path) -> None:
    """ "PERFORMANCE OVERVIEW ( main / overlap branch)" over two value columns: main is the reference, "overlap
    branch" the build each value was measured on, so the answer names that revision (not the document) and judges
    every row on it; the console's own TP 8 / EP None setup is no part of the verdict's wording."""
    data = report("../setup/bench_console_own_setup.md", tmp_path)
    assert data["revisions"] == ["overlap branch"] and not data["has_regression"]
    judged = findings(data, "results", more=True)
    assert [f["line"] for f in judged] == [38, 39, 40]
    assert {f["revision"] for f in judged} == {"overlap branch"}
    assert {f["verdict"] for f in judged} == {"better than baseline"}


def test_lm_eval_filter_columns_are_scores_against_the_run_without_the_method(tmp_path: Path) -> None:
    """`flexible_extract` / `strict_match` (lm-eval's gsm8k filters) are scores: the MTP row's 0.930 against the "no
    MTP" row's 0.945 is a drop of 0.015 at the ±0.005 a score gets (the ±2% of a speed would call it noise), and the
    Status column's FAIL is the check of that row's run, named by its model and mode."""
    data = report("filter_columns_status.md", tmp_path)
    assert data["has_regression"] and data["headline"] == "2 below reference; 1 fail"
    got = {(r["metric"], r["reference"], r["verdict"]) for r in data["below_reference"]}
    assert got == {("flexible extract", 0.945, "regression"), ("strict match", 0.944, "regression")}
    below = [f for f in findings(data, "results", more=True) if f["verdict"] == "below reference"]
    assert [f["line"] for f in below] == [8, 8] and all("default accuracy" in f["text"] for f in below)
    assert "vs ref 0.945" in below[0]["text"]
    (gate,) = [f for f in findings(data, "failures") if f["verdict"] == "fail"]
    assert gate["text"] == "Qux-14B MTP (FAIL)"


def test_side_marked_columns_are_a_baseline_and_its_candidate_judged_per_measure(tmp_path: Path) -> None:
    """ "tok/s (B) | tok/s (O) | Δ% | TPOT ms (B) | TPOT ms (O) | Δ%" under "blocking verify (B) is today's
    behaviour, overlapped verify (O) is this PR": each (O) cell is measured on "overlapped verify" against the (B)
    cell beside it (the mark is no unit), so batch 16's lower throughput and higher TPOT are two regressions of the
    candidate, not values of their own left unjudged; the change columns are each measure's change."""
    data = report("side_marks_regression.md", tmp_path)
    assert data["revisions"] == ["overlapped verify"] and data["has_regression"]
    judged = findings(data, "results", more=True)
    got = {(f["line"], f["verdict"]) for f in judged}
    assert got == {(7, "better than baseline"), (8, "worse than baseline")} and len(judged) == 4
    assert {f["revision"] for f in judged} == {"overlapped verify"}
    worse = [f["text"] for f in judged if f["verdict"] == "worse than baseline"]
    assert any("1440 tok/s vs baseline 1600" in t for t in worse) and any("10.8 ms vs baseline 9" in t for t in worse)


def test_a_table_labelled_without_a_feature_is_the_baseline_of_the_one_labelled_with_it(tmp_path: Path) -> None:
    """ "w/o mtp" over one table, "mtp2" over the same table beside it: the speculative run's scores take the
    plain run's as their references (a feature off and on, one build: no revisions), so its drop is judged; the
    plain run's own scores are spec off, not the serve command's MTP."""
    data = report("feature_off_and_on_tables.md", tmp_path)
    shown = {f["line"]: f for f in findings(data, "results", more=True)}
    assert shown[20]["verdict"] == "below reference" and "0.87 vs ref 0.91" in shown[20]["text"], shown[20]
    assert shown[21]["verdict"] == "within noise" and "vs ref 0.905" in shown[21]["text"], shown[21]
    assert data["headline"] == "1 below reference"
    code, out, _ = run("extract", str(FIX / "feature_off_and_on_tables.md"), "--format", "jsonl")
    plain = [json.loads(x)["config"] for x in out.splitlines() if json.loads(x)["source"]["line"] == 14]
    assert code == 0 and plain[0]["spec_algo"] == "none" and plain[0]["model"] == "acme/Heron-30B-A3B"


def test_a_before_after_cells_pair_is_judged_under_its_columns_measure_and_its_rows_model(tmp_path: Path) -> None:
    """ "410.20 → 498.75 (+21.59%)" under "pp256": the pair is pp256's, judged against its before, on the row's model
    (the model a "model" column names, without its GGUF type; not the lead-in's one for a later table's row)."""
    code, out, err = run(
        "report",
        str(FIX.parent / "tables" / "arrow_change_cells.md"),
        "--format",
        "json",
        "--db",
        str(tmp_path / "x.db"),
    )
    assert code == 0, err
    got = {(f["line"], f["verdict"], f["text"].split(" [")[0]) for f in findings(json.loads(out), "results", more=True)}
    assert got == {
        (7, "better than baseline", "pp256"),
        (7, "within noise", "tg32"),
        (8, "better than baseline", "pp256"),
        (8, "within noise", "tg32"),
        (15, "better than baseline", "pp256"),
        (15, "within noise", "tg32"),
    }
    assert "model=baz-moe" in next(
        f["text"] for f in findings(json.loads(out), "results", more=True) if f["line"] == 15
    )


def test_slash_scores_and_a_legacy_bullet_pair_each_filter_against_the_legacy_run(tmp_path: Path) -> None:
    """ "fused (broken): strict-match 72.40% / flexible-extract 73.60%" over "legacy : ... 81.20% / ... 82.00%": each
    filter's score is its own, against the legacy bullet's (a legacy side is the reference); the report shows both
    below reference instead of "nothing to report" (the second score kept the first one's name, no pair), as the
    broken state the fix starts from, never the PR's regression."""
    data = report("../prose/filter_pairs_legacy_side.md", tmp_path)
    got = {(f["line"], f["verdict"], f["text"].split(" [")[0]) for f in findings(data, "results", more=True)}
    assert got == {(6, "below reference", "strict-match"), (6, "below reference", "flexible-extract")}
    assert "vs ref 81.2" in next(f["text"] for f in findings(data, "results") if f["text"].startswith("strict"))
    # (the fixed kernel's own scores are not stated: the bug is shown, its fix not measured)
    assert data["headline"] == "no regression, the regression it fixes is documented; the fix is not measured"
    assert findings(data, "failures") == []


def test_a_count_of_tensors_a_recipe_uses_is_no_result_and_no_revision(tmp_path: Path) -> None:
    """ "with the PR and main, which uses 48x `Q4_K` for all the attention tensors": 48 tensors of that type, no
    speed-up measured "with the PR" (which made a second revision the report listed as measured once)."""
    data = report("../prose/count_of_code_type.md", tmp_path)
    assert data["revisions"] == ["PR"]
    assert [(f["line"], f["verdict"]) for f in findings(data, "results", more=True)] == [(9, "within noise")]


def test_a_table_of_sides_only_is_judged_in_the_measure_the_pr_states_its_gain_in(tmp_path: Path) -> None:
    """ "| ISL | OSL | conc | this PR | main | Δ |" names no measure: its cells are the end-to-end request throughput
    the Motivation says the PR gains, so each row's verdict speaks of that measure (never of a "value"), and a higher
    throughput is better."""
    data = report("../tables/side_columns_prose_measure.md", tmp_path)
    assert not data["has_regression"]
    got = sorted((f["metric"], f["line"], f["verdict"]) for f in findings(data, "results", more=True))
    assert got == [
        ("end-to-end request throughput", 14, "better than baseline"),
        ("end-to-end request throughput", 15, "better than baseline"),
    ]


def test_a_branch_named_in_a_code_span_over_its_table_is_a_side_and_the_two_are_judged(tmp_path: Path) -> None:
    """ "`trunk` branch:" over one llama-bench table and "`softmax-tiles` branch:" over the other: the code span is
    the branch's name, so the two tables are the main line and the PR's branch, and compare judges each test of the
    PR's side against trunk's (not "nothing to report" with the first table on no side)."""
    data = report("backticked_branch_lead.md", tmp_path)
    assert data["revisions"] == ["trunk branch", "softmax-tiles branch"] and not data["has_regression"]
    rows = json.loads(run("compare", str(FIX / "backticked_branch_lead.md"), "-f", "json")[1])["rows"]
    got = {(r["metric"], r["verdict"]["verdict"], r["verdict"]["old"]["value"]) for r in rows}
    assert got == {("t s pp256", "improvement", 4100.0), ("t s tg64", "within noise", 140.0)}


def test_consoles_under_without_and_with_lead_ins_are_two_sides_and_the_switch_the_candidates(tmp_path: Path) -> None:
    """ "w/o this change:" and "w/ this change, enable QUX_ONE_GATHER:" over two pastes of one eval: the base and
    the candidate, as the same words are in a table's rows; the switch is the candidate's setup, the difference
    under test, so the two runs are one series and the latency's drop an improvement."""
    data = report("wo_w_console_leads.md", tmp_path)
    assert data["revisions"] == ["w/o this change", "w/ this change"] and not data["has_regression"]
    rows = json.loads(run("compare", str(FIX / "wo_w_console_leads.md"), "-f", "json")[1])["rows"]
    got = {(r["verdict"]["old"]["value"], r["verdict"]["new"]["value"], r["verdict"]["verdict"]) for r in rows}
    assert got == {(0.712, 0.715, "within noise"), (88.12, 80.44, "improvement")}
    code, out, _ = run("extract", str(FIX / "wo_w_console_leads.md"), "--format", "jsonl")
    configs = {json.loads(x)["source"]["line"]: json.loads(x)["config"] for x in out.splitlines()}
    assert code == 0 and configs[18]["enabled"] == "QUX_ONE_GATHER" and "enabled" not in configs[9]


def test_a_summary_table_repeating_its_pastes_takes_their_unit_and_benchmark(tmp_path: Path) -> None:
    """A table of the runs ("| run | Score | Wall |") over the pastes of its sides, each opening "Loading TriviaQA
    Mini dataset": the paste names the benchmark of its scores, and the table's cells repeating a paste's numbers
    (same side, same measure) take its unit and benchmark, the whole column's unit: a wall time is seconds, lower
    is better, so the second seed's 201.5 against 212.3 is a gain (with no unit it was read as a loss)."""
    data = report("../kv_lines/summary_table_repeats_pastes.md", tmp_path)
    assert not data["has_regression"] and data["regressions"] == []
    shown = {(f["line"], f["text"].split(":")[0]): f for f in findings(data, "results", more=True)}
    assert shown[(9, "Wall")]["verdict"] == "better than baseline" and "201.5 s vs" in shown[(9, "Wall")]["text"]
    assert shown[(8, "Score [task=triviaqa mini]")]["verdict"] == "within noise"
    code, out, _ = run("extract", str(FIX / "../kv_lines/console_names_its_dataset.md"), "--format", "jsonl")
    tasks = {json.loads(x)["source"]["line"]: json.loads(x)["config"].get("task") for x in out.splitlines()}
    assert code == 0 and tasks == {
        9: "ARC Challenge",
        10: "ARC Challenge",
        11: "ARC Challenge",  # the run's latency on that data, never a serving benchmark's
        18: "hellaswag",
        20: "MathQA Hard",
        21: "MathQA Hard",
    }


def test_named_checks_that_passed_are_listed_even_with_nothing_else_to_compare(tmp_path: Path) -> None:
    """A thread whose only evidence is two named checks that passed ("The greedy output match check passed",
    "`test_rotary_gather.py` passed"), no CI run and no numbers: the report lists each as passed, with its line,
    instead of "nothing to report"; a pass is no failure, so the headline stays "no regression"."""
    data = report("named_checks_passed_only.md", tmp_path)
    assert data["headline"] == "no regression" and data["gates"] == []
    got = [(f["verdict"], f["metric"], f["line"]) for f in findings(data, "results")]
    assert got == [("pass", "greedy output match check", 9), ("pass", "test_rotary_gather.py", 13)]
    assert findings(data, "failures") == []


def test_a_settings_chain_is_a_sweep_never_the_changes_gain(tmp_path: Path) -> None:
    """ "48 → 96 → 192 gives 1,720 → 1,910 → 2,050 tok/s": the flag's chain is no result and the throughputs are
    each measured at their own `max_num_seqs`, none the other's reference, so the only gain report names is the
    table's with / without; the headline's +7.5 % is generated throughput, on the boards its lead names."""
    data = report("setting_chain_sweep.md", tmp_path)
    checked = [f for f in findings(data, "results", more=True) if "baseline" in f["verdict"]]
    assert [(f["line"], f["verdict"]) for f in checked] == [(12, "better than baseline")]
    claims = json.loads(run("extract", str(FIX / "setting_chain_sweep.md"), "--format", "json")[1])
    swept = [(c["value"], c["config"].get("max_num_seqs"), c["reference"]) for c in claims if c["source"]["line"] == 14]
    assert swept == [(1720.0, "48", None), (1910.0, "96", None), (2050.0, "192", None)]
    (head,) = [c for c in claims if c["source"]["line"] == 5]
    assert head["metric"] == "generated throughput" and head["config"]["gpu"].endswith("MI325X")


def test_counts_of_failed_requests_or_answers_go_down(tmp_path: Path) -> None:
    """A candidate with more request failures, unparseable or blank answers, or time-outs than its baseline is worse
    than it, never "better" nor "above reference" (a count of wrong answers is no accuracy score); a count of completed
    requests still goes up."""
    data = report("request_health_counts.md", tmp_path)
    got = {f["line"]: f["verdict"] for f in findings(data, "results", more=True)}
    assert got == {
        8: "worse than baseline",
        9: "worse than baseline",
        10: "worse than baseline",
        11: "worse than baseline",
        12: "within noise",
    }
    assert data["headline"] == "4 worse than baseline"
    for name in ("Request failures", "Unparseable answers", "Empty final answers", "OOMs", "Dropped requests"):
        assert not higher_is_better(name, None, "perf") and not higher_is_better(name, None, "accuracy"), name
    assert higher_is_better("Successful requests", None, "perf")


def test_another_engines_build_under_the_prs_table_is_its_reference_not_its_earlier_revision(tmp_path: Path) -> None:
    """Mainline llama.cpp's sweep "(build: `7100 (0badc0de7)`)" is what each of this PR's rows is paired with: the
    TG rows behind it are worse than baseline once each, never also a regression between revisions (the other
    engine is no earlier revision of this PR), and "4X faster PP" is the PP speed-up."""
    data = report("other_engine_build_reference.md", tmp_path)
    assert len(data["revisions"]) == 1, data["revisions"]
    # (the gap to another project is no regression of this one: its own group, never a failure)
    assert findings(data, "failures") == [] and data["headline"] == "no regression"
    against = {(f["line"], f["metric"]): f["verdict"] for f in findings(data, "engines")}
    assert sorted(line for line, _ in against) == [8] * 4 + [9] * 4
    assert against[(8, "S_PP t/s")] == "ahead of llama.cpp" and against[(8, "S_TG t/s")] == "behind llama.cpp"


def test_a_fork_behind_another_engine_by_single_runs_that_swing_is_no_regression(tmp_path: Path) -> None:
    """A fork's sweep beside upstream llama.cpp's build (the side's label keeps only "upstream"; the line stating
    its build names the engine): TG lands 4% behind on one row and 4% ahead on the next, one run each at the
    default ±2%. The report lists the rows against another engine, says they swing both ways by the rule used,
    and the PR's verdict stays "no regression"."""
    data = stored_report("fork_against_mainline_swing.md", "ikawrakow/ik_llama.cpp", tmp_path)
    assert data["headline"] == "no regression" and not data["has_regression"]
    assert findings(data, "failures") == [] and findings(data, "results") == []
    against = findings(data, "engines")
    assert len(against) == 8
    tg = [f for f in against if f["metric"] in ("S_TG t/s", "T_TG s")]
    assert {f["verdict"] for f in tg} == {"ahead of llama.cpp", "behind llama.cpp"}
    assert all("swing both ways (-3.9% to +4.1%) at the default ±2%" in " ".join(f["caveats"]) for f in tg)
    assert all(not f["caveats"] for f in against if f["metric"] == "S_PP t/s")
    assert all(" vs llama.cpp " in f["text"] for f in against)


def test_a_side_named_for_the_prs_own_engine_is_its_baseline(tmp_path: Path) -> None:
    """The same tables in llama.cpp's own repository: "upstream llama.cpp" is its own project, so the TG row
    behind it is worse than baseline, as before."""
    data = stored_report("fork_against_mainline_swing.md", "ggml-org/llama.cpp", tmp_path)
    assert data["headline"] == "2 worse than baseline"
    assert not [s for s in data["sections"] if s["name"] == "engines"]


def test_each_pr_arm_is_judged_against_the_baseline_and_named_apart(tmp_path: Path) -> None:
    """ "| Baseline | PR off | PR on |": the off arm is the PR's too, judged against the baseline (never the on arm's
    reference, nor dropped), and each finding names its arm."""
    data = report("../setup/pd_split_named_in_prose.md", tmp_path, "--all")
    p99 = sorted(f["text"] for f in findings(data, "results", more=True) if f["text"].startswith("P99 TTFT"))
    assert [t.split(": ", 1)[0] for t in p99] == [
        "P99 TTFT [isl=16384, model=bar32b, osl=128, off]",
        "P99 TTFT [isl=16384, model=bar32b, osl=128, on]",
    ]
    assert "vs baseline 3100: -50 (-1.6%)" in p99[0] and "vs baseline 3100: -600 (-19.4%)" in p99[1]
    better = {
        f["text"].split(": ", 1)[0]
        for f in findings(data, "results", more=True)
        if f["verdict"] == "better than baseline"
    }
    assert "P99 TTFT [isl=16384, model=bar32b, osl=128, on]" in better


def test_pairs_a_lead_in_declares_inside_one_cell_are_judged_each_against_its_reference(tmp_path: Path) -> None:
    """ "Each cell below holds `base/head`" over "0.410/0.455" under "Rate (req/s)": every cell is the old side's value
    and then the new one's (the unit's own slash is no pair of its own), and each is judged (6.20 -> 6.05 ms, -2.4% of
    one run a side at the ±2% default, is at the noise edge: no significant change)."""
    path = Path(__file__).parent / "fixtures" / "tables" / "declared_slash_pairs.md"
    code, out, err = run("report", str(path), "--format", "json", "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    results = findings(json.loads(out), "results", more=True)
    got = {(f["metric"], f["line"]): f["verdict"] for f in results}
    assert got == {
        (f"{measure} ({mode})", line): "better than baseline"
        for measure in ("Rate", "P50 first-token latency", "P50 per-token latency")
        for mode, line in (("solo", 12), ("packed", 13))
    } | {("P50 per-token latency (solo)", 12): "within noise"}


def test_a_column_marked_reference_is_each_rows_reference_also_in_a_later_table(tmp_path: Path) -> None:
    """ "| Kestrel (:9000) | Heron (reference, :9001) |": Heron's cells are the references of Kestrel's (their spreads
    aside), and in the later "| Metric | Kestrel | Heron |" too; each Kestrel value judged, no Heron value a result."""
    path = Path(__file__).parent / "fixtures" / "tables" / "reference_engine_column.md"
    code, out, err = run("report", str(path), "--format", "json", "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    results = findings(json.loads(out), "results", more=True)
    got = {(f["metric"], f["line"]): f["verdict"] for f in results}
    assert got == {
        ("strict-match", 7): "within noise",
        ("flexible-extract", 8): "within noise",
        ("Draft acceptance rate", 12): "within noise",
        ("Mean accepted tokens per step", 13): "below reference",
    }


def test_a_test_run_on_the_base_side_is_the_reference_never_the_change_s_failure(tmp_path: Path) -> None:
    """ "Step A (on main, without this PR): ... 4 failed, 7 passed (reproduces the bug)" then "Step B (with this PR):
    ... 11 passed": the base run's failures are the bug the change fixes, and its counts the reference of the PR's run
    of the same suite (an improvement); a run "with the fix reverted" is the base too."""
    data = report("base_run_test_counts.md", tmp_path, "--fail-on-regression")
    assert not data["has_regression"] and findings(data, "failures") == []
    rows = json.loads(run("compare", str(FIX / "base_run_test_counts.md"), "-f", "json")[1])["rows"]
    (suite,) = [r for r in rows if r["verdict"]["verdict"] != "missing"]
    assert suite["verdict"]["verdict"] == "improvement"
    assert "failed 4 -> 0" in suite["verdict"]["reason"]


def test_a_count_out_of_its_population_is_judged_by_its_noise_rule_not_by_percent(tmp_path: Path) -> None:
    """ "Dropped requests: 3 of 1500 (main: 2 of 1500)": a lower-is-better count, its reference 2 and its population
    1500; one more drop (+50%) is within the pooled two-proportion noise of 1500 requests, 0 -> 45 is a regression,
    and the report names the rule and its figures."""
    data = report("failure_counts_of_population.md", tmp_path)
    by_line = {f["line"]: f for f in findings(data, "results", more=True)}
    assert by_line[4]["verdict"] == "within noise" and "binomial count n=1500" in by_line[4]["text"]
    assert "%)" not in by_line[4]["text"].split("(threshold")[0]
    assert by_line[5]["verdict"] == "worse than baseline"
    assert [f["line"] for f in findings(data, "failures")] == [5]


def test_a_row_s_threshold_is_the_bar_its_gate_was_judged_against(tmp_path: Path) -> None:
    """ "| gsm8k | 0.871 | 0.85 | pass |": the score carries its row's threshold (config `threshold`), and the report
    says the gate with the value and the bar it cleared; a row below its bar stays a regression, its gate says both."""
    data = report("row_bars.md", tmp_path)
    texts = [f["text"] for f in findings(data, "results", more=True)]
    assert "gsm8k: 0.871 vs bar 0.85: pass" in texts
    assert not any(t.startswith("Score (gsm8k)") for t in texts)  # (said once, by its gate)
    fails = {f["verdict"]: f["text"] for f in findings(data, "failures")}
    assert fails["fail"] == "arc_challenge: 0.598 vs bar 0.6: fail" and "below its bar" in fails
    assert data["has_regression"]


def test_a_sweep_point_that_failed_to_run_is_no_result_and_no_failure(tmp_path: Path) -> None:
    """A list keyed by a setting ("- concurrency 4: 512.3 tok/s") is one series of results across it; its point
    "- concurrency 20: OOM" ran nothing: no result, and "OOM at 20" in a sentence is that point skipped, never a
    failure in the PR's report."""
    doc = FIX / "../prose/setting_keyed_results.md"
    code, out, _ = run("extract", str(doc), "--format", "jsonl")
    claims = [json.loads(x) for x in out.splitlines()]
    oom = [i for i, t in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1) if "OOM" in t]
    assert code == 0 and not [c for c in claims if c["source"]["line"] == oom[0]]
    assert [(c["metric"], c["outcome"]) for c in claims if c["kind"] == "gate"] == [("OOM at 20", "skipped")]
    sweep = [c for c in claims if c["config"].get("concurrency") and c["source"]["line"] < oom[0]]
    assert [(c["metric"], c["config"]["concurrency"]) for c in sweep] == [("throughput", "4"), ("throughput", "16")]
    data = report("../prose/setting_keyed_results.md", tmp_path)
    assert not data["has_regression"] and not findings(data, "failures", more=True)


def test_blocks_labelled_with_a_gain_are_judged_against_the_sections_first_block(tmp_path: Path) -> None:
    """ "INT8 TP = 2, EAGLE (2 1 3) (+11%)" over a bench table: measured against the first block of that shape, so the
    verdict names the faster speeds and the acceptance length that fell, never "nothing to report"."""
    data = report("../tables/spec_tuple_label.md", tmp_path)
    results = [(f["line"], f["metric"], f["verdict"]) for f in findings(data, "results")]
    assert (19, "Speed", "better than baseline") in results and (28, "Speed", "better than baseline") in results
    assert [(f["line"], f["metric"]) for f in findings(data, "failures")] == [(19, "Acc Length"), (28, "Acc Length")]
    assert data["has_regression"]


def test_a_baseline_and_an_optimized_table_under_their_headings_are_two_sides_judged(tmp_path: Path) -> None:
    fixture = Path(__file__).parent / "fixtures" / "tables" / "baseline_optimized_headings.md"
    code, out, err = run("report", str(fixture), "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    assert "nothing to report" not in out
    # each optimized cell against the baseline table's cell of its row and column: four improvements
    assert out.count("improvement ") == 4 and "Optimized Performance" in out


def test_a_rebase_stated_in_prose_measures_the_new_head_never_the_base(tmp_path: Path) -> None:
    fixture = Path(__file__).parent / "fixtures" / "revisions" / "rebased_new_head_prose.md"
    code, out, err = run("report", str(fixture), "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    assert "base side" not in out and "b7d0aa3f11"[:7] in out


@pytest.mark.parametrize("name", ["tool_sample_tables.md", "tool_sample_tables_rendered.txt"])
def test_a_tools_sample_tables_are_no_measurement_of_the_change(name: str, tmp_path: Path) -> None:
    """A PR that changes a comparison script shows what it prints: "Sample output (...):" and a reviewer's table of
    `t/s main | t/s hr/split-graph`. The branches are no revisions of this PR and their slow rows no regressions of
    it: the values are kept with their note, and report and compare judge none of them (a copied page's title is
    its first line)."""
    code, out, _ = run("extract", str(FIX / name), "--format", "jsonl")
    claims = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(claims) == 8
    assert all(c["note"] == "a sample of a tool's output, not a measurement of this change" for c in claims)
    code, _, err = run("report", str(FIX / name), "--db", str(tmp_path / "x.db"))
    assert code == 3 and "nothing to report" in err and "worse" not in err  # (before: "2 worse than baseline")
    code, _, err = run("compare", str(FIX / name), "-f", "json")
    assert code == 3 and "8 value(s) a sample of a tool's output" in err and "nothing to compare" in err


@pytest.mark.parametrize(
    ("name", "lines", "taken"),
    [
        ("withdrawn_numbers.md", [11, 12, 43], [20, 21, 33]),
        ("withdrawn_numbers_rendered.txt", [8, 9, 37], [16, 17, 28]),
    ],
)
def test_numbers_their_author_takes_back_are_never_judged(
    name: str, lines: list[int], taken: list[int], tmp_path: Path
) -> None:
    """bob's "Please disregard my numbers above" (a turn of its own) takes back his table of the turn before, carol's
    "scratch that" under her own table takes it back; alice's and dave's results stand and are judged, and the report
    says which values were taken back (report.withdrawn)."""
    data = report(name, tmp_path, "--fail-on-regression")
    assert not data["has_regression"] and findings(data, "failures") == []
    said = findings(data, "results", more=True)
    assert sorted(f["line"] for f in said if f["verdict"] != "withdrawn") == lines
    assert sorted(f["line"] for f in said if f["verdict"] == "withdrawn") == taken


def test_a_difference_row_is_never_judged_against_a_score_and_names_the_arms_baseline(tmp_path: Path) -> None:
    # "| Δ | -0.15 |" under "| eager receive | 71.2 |" was "below reference: -0.15 vs ref 71.2: -86.2"; the arms of
    # a table whose "fused − stock" row names its baseline are each judged against that arm's cell in its column
    path = Path(__file__).parent / "fixtures" / "tables" / "delta_row_under_arms.md"
    code, out, err = run("report", str(path), "--format", "json", "--db", str(tmp_path / "x.db"), "--all")
    assert code == 0, err
    data = json.loads(out)
    assert not data["has_regression"] and data["regressions"] == []
    texts = [f["text"] for f in findings(data, "results", more=True)]
    assert not [t for t in texts if "Δ" in t or "−" in t]
    assert any("fused HumanEval [temperature=0]: 60.4 vs ref 61" in t for t in texts)  # ("greedy": its sampling)
    assert any("Overlapped copy HellaSwag: 77.85% vs ref 77.92" in t for t in texts)


def test_a_base_label_the_reader_did_not_know_is_the_base_again_when_repeated(tmp_path: Path) -> None:
    """ "Mainline:", "PR:", then "Mainline again (cold cache)": two revisions, the main line first, and the PR's
    faster eval an improvement against it; before, "Mainline" was a variant, the third block the PR's, and the
    report had nothing to compare."""
    data = report("mainline_again_blocks.md", tmp_path)
    assert data["revisions"] == ["Mainline", "PR"]
    assert not data["has_regression"] and data["summary"].get("improvement") == 1


def test_a_stated_sample_count_sets_the_binomial_threshold(tmp_path: Path) -> None:
    """ "MMLU-Pro (N=100)" and "GSM8K, 200-sample" are quick subsets: each score's noise is that of its own count
    (±13.8 and ±5.2 points), not of the whole benchmark's split (MMLU-Pro 12032, gsm8k 1319), so a drop of 4 and 3
    points is within noise; a GEMM's "N=4096, K=7168" is its shape, no count."""
    data = report("stated_sample_counts.md", tmp_path)
    assert not data["has_regression"]
    judged = {f["line"]: f for f in findings(data, "results", more=True)}
    assert "binomial n=100," in judged[7]["text"] and judged[7]["verdict"] == "within noise"
    assert "binomial n=200," in judged[8]["text"] and judged[8]["verdict"] == "within noise"
    assert "samples" not in judged[10]["text"]


def test_the_broken_state_a_fix_starts_from_is_no_regression_of_it(tmp_path: Path) -> None:
    """ "fused (broken): strict-match 61.30%" beside "legacy: 70.70%" in a fix PR: the broken value is the bug the
    PR fixes, shown below its reference with that caveat, never among the PR's regressions."""
    data = report("fix_pr_broken_state.md", tmp_path, "--fail-on-regression")
    assert not data["has_regression"] and findings(data, "failures") == []
    below = [f for f in findings(data, "results", more=True) if f["verdict"] == "below reference"]
    assert len(below) == 2 and all("the broken state the change fixes" in " ".join(f["caveats"]) for f in below)


def test_a_pair_its_author_calls_run_to_run_noise_is_within_noise(tmp_path: Path) -> None:
    """The BS32 acceptance length 3.121 vs 3.205 under "moves from launch to launch (run-to-run noise)": within
    noise by the author's word (the line said), not below reference; the BS1 rows keep their own verdicts."""
    data = report("author_calls_noise.md", tmp_path, "--fail-on-regression")
    assert not data["has_regression"] and findings(data, "failures") == []
    (bs32,) = [f for f in findings(data, "results", more=True) if f["line"] == 10]
    assert bs32["verdict"] == "within noise" and "run-to-run noise by their author at line 12" in bs32["text"]
    (bs1,) = [f for f in findings(data, "results", more=True) if f["line"] == 7]
    assert bs1["verdict"] == "better than baseline"


def test_a_single_runs_timing_at_the_noise_edge_is_no_significant_change(tmp_path: Path) -> None:
    """load time 2104.2 -> 2147.9 ms (+2.1% at the ±2% default, one run a side) is no significant change and never
    the headline; the eval times 3% better stay improvements."""
    data = report("single_run_timing_edge.md", tmp_path, "--fail-on-regression")
    assert not data["has_regression"] and data["headline"].startswith("no regression")
    rows = json.loads(run("compare", str(FIX / "single_run_timing_edge.md"), "-f", "json")[1])["rows"]
    verdicts = {r["metric"]: r["verdict"]["verdict"] for r in rows}
    assert verdicts["load time"] == "within noise" and verdicts["eval time"] == "improvement", verdicts


def test_a_profilers_waits_misses_and_spills_go_down(tmp_path: Path) -> None:
    """Nsight counters are costs: a stall share, a miss rate and spills that fall are better, a barrier stall that
    rises is the one worse value; "long-scoreboard" is a profiler's wait, never a score (it was read as an accuracy
    below its reference)."""
    data = report("profiler_counters.md", tmp_path)
    said = {(f["line"], f["text"].split(":")[0]): f["verdict"] for f in findings(data, "results", more=True)}
    assert said == {
        (5, "long-scoreboard stall"): "better than baseline",
        (5, "L1 miss rate"): "better than baseline",
        (5, "register spills"): "better than baseline",
        (6, "Barrier stall"): "worse than baseline",
        (7, "Achieved occupancy"): "better than baseline",
    }, said
    assert data["headline"] == "1 worse than baseline"


@pytest.mark.parametrize(
    ("name", "sides", "judged"),
    [
        (
            "side_blocks_before_after.md",
            ["Before", "After"],
            {"acceptance length": "improvement", "acceptance rate": "improvement"},
        ),
        (
            "side_blocks_branch_console.md",
            ["Main branch", "PR branch"],
            {
                "gsm8k": "within noise",
                "mmlu": "within noise",
                "invalid": "within noise",
                # (a throughput the gsm8k run prints beside its score is judged as an eval's timing: +8.6% is noise)
                "output throughput": "within noise",
            },
        ),
        (
            "side_blocks_baseline_details.md",
            ["Baseline", "main", "With this change", "this PR"],
            {
                "decode latency": "improvement",
                "prefill throughput": "improvement",
                "ttft": "improvement",
                "tpot": "regression",
            },
        ),
    ],
)
def test_sides_printed_apart_are_baselines_and_each_pair_is_judged_once(
    name: str, sides: list[str], judged: dict[str, str], tmp_path: Path
) -> None:
    """ "Before:" / "After:" pastes, "Main branch:" / "PR branch:" in one console, "Baseline (v0.9.1):" / "With this
    change:" and a folded table per side: each candidate value states its base value as its reference, and compare
    still lists the two sides and judges each pair once, as a step between them (never again as a reference check)."""
    path = str(FIX.parent / "revisions" / name)
    claims = [json.loads(x) for x in run("extract", path, "--format", "jsonl")[1].splitlines()]
    side = {id(c): side_of(c["revision"]["label"]) for c in claims}
    base = {(c["metric"], c["config"].get("dp")): c["value"] for c in claims if side[id(c)] == "base"}
    for c in claims:
        if side[id(c)] == "head":
            assert c["reference"] == base[(c["metric"], c["config"].get("dp"))], c
    data = json.loads(run("compare", path, "-f", "json")[1])
    assert [r["name"] for r in data["revisions"]] == sides
    assert data["references"] == []  # each pair said once: by its row
    verdicts = [(r["metric"], r["verdict"]["verdict"]) for r in data["rows"] if r["verdict"]["verdict"] != "missing"]
    assert sorted(set(verdicts)) == sorted(judged.items()) and len(verdicts) == len(set(verdicts))
    rep = report(f"../revisions/{name}", tmp_path)
    assert rep["has_regression"] == ("regression" in judged.values())
    assert findings(rep, "results", more=True) == []


def test_a_side_pair_of_two_setups_or_two_base_runs_gets_no_reference() -> None:
    """ "Before (H100):" over "After (A100):" is two machines, not two sides of one run; two "Main:" runs of the request
    rate leave "This PR:" no one base value to take."""
    path = str(FIX.parent / "revisions" / "side_blocks_two_setups.md")
    claims = [json.loads(x) for x in run("extract", path, "--format", "jsonl")[1].splitlines()]
    assert [c["reference"] for c in claims] == [None] * 7


def test_shares_stated_against_the_base_are_improvements_and_regressions_as_stated(tmp_path: Path) -> None:
    """A thread that states its effect only in words ("About 5% ... to 11% ... improvement for PP", "a 3% TTFT
    regression", "decode is 2% slower than on master") has no pair to judge, yet says which way each went: the
    report lists each as stated, never "nothing to report"."""
    data = report("stated_changes_only.md", tmp_path)
    gains = [f for f in findings(data, "results") if f["verdict"] == "improvement"]
    assert [(f["line"], f["metric"]) for f in gains] == [(5, "improvement for PP"), (5, "improvement for PP")]
    assert all("as stated" in f["text"] and f["caveats"] == ["approximate value"] for f in gains)
    assert "short prompts" in gains[0]["text"] and "isl=16k" not in gains[0]["text"] and "isl=16k" in gains[1]["text"]
    losses = [f for f in findings(data, "failures") if f["verdict"] == "regression"]
    assert [(f["line"], f["metric"]) for f in losses] == [(6, "TTFT regression"), (7, "decode speedup")]
    assert "vs on master" in losses[1]["text"] and "-2 %" in losses[1]["text"]


def test_a_minus_sign_on_a_named_gain_is_its_measures_fall_judged_by_its_direction(tmp_path: Path) -> None:
    """ "-7.5% P99 ITL improvement", "-6.1% mean TTFT improvement": the word names the change, the minus sign says the
    latency fell, which is the improvement it names; "+4% throughput improvement" is one too, while "-3.2% goodput
    improvement" says goodput fell: the one regression."""
    data = report("signed_gain_shares.md", tmp_path)
    gains = [f for f in findings(data, "results") if f["verdict"] == "improvement"]
    assert [(f["line"], f["metric"]) for f in gains] == [
        (5, "throughput improvement"),
        (6, "P99 ITL improvement"),
        (7, "mean TTFT improvement"),
    ]
    losses = [f for f in findings(data, "failures") if f["verdict"] == "regression"]
    assert [(f["line"], f["metric"]) for f in losses] == [(8, "goodput improvement")]


def test_a_share_compared_to_the_base_is_a_change_as_stated(tmp_path: Path) -> None:
    """ "~7% faster TG compared to master", "4% faster relative to main", "3% better vs the base build", "+2% versus
    master": a share stated against a base run with any of these words is a change against it, its way the judgement
    word's (prefill time 3% better is an improvement) or the measure's (TTFT up is a regression); a share against a
    vendor's estimate states no change."""
    data = report("../prose/change_compared_to_base.md", tmp_path)
    gains = [f for f in findings(data, "results") if f["verdict"] == "improvement"]
    assert [(f["line"], f["metric"]) for f in gains] == [(5, "TG speedup"), (6, "PP speedup"), (7, "prefill time")]
    assert "vs master" in gains[0]["text"] and "vs the base build" in gains[2]["text"]
    losses = [f for f in findings(data, "failures") if f["verdict"] == "regression"]
    assert [(f["line"], f["metric"]) for f in losses] == [(8, "TTFT")]


def test_rows_of_a_published_build_are_the_baseline_of_the_branch_rows(tmp_path: Path) -> None:
    """`| 16 | this branch | 21.4 |` then `| 16 | nightly | 23.9 |`: the nightly build is the base side beside the
    branch (no side word of its own needed), each branch row measured against the nightly row of its batch, so
    the report finds the faster TPOT at batch 16 and the slower one at batch 64."""
    data = report("published_build_rows.md", tmp_path)
    worse = [f["text"] for f in findings(data, "failures", more=True) if f["verdict"] == "worse than baseline"]
    better = [f["text"] for f in findings(data, "results", more=True) if f["verdict"] == "better than baseline"]
    assert len(worse) == 1 and "batch_size=64" in worse[0] and "vs baseline 33.1" in worse[0], worse
    assert len(better) == 1 and "batch_size=16" in better[0] and "vs baseline 23.9" in better[0], better


def test_a_speedup_below_one_is_a_stated_regression(tmp_path: Path) -> None:
    """ "Two shapes got slower: 0.92x (M=1) and 0.99x (M=2)": a speed-up below 1x is the change's own word that it
    is slower there, a regression however shallow; a ratio of memory (lower is better) is none."""
    data = report("speedup_below_one.md", tmp_path)
    worse = [f for f in findings(data, "failures", more=True) if f["verdict"] == "worse than baseline"]
    assert sorted(f["text"].split(": ")[1].split(",")[0] for f in worse) == ["0.92 x", "0.99 x"]
    assert all("speed-up below 1x" in f["text"] for f in worse)


def test_a_task_cell_with_its_sample_count_makes_its_row_a_score_never_a_latency(tmp_path: Path) -> None:
    """ "GPQA-Diamond (198)" under "Task (samples)", below a TPOT section: the row's scores are that task's accuracy,
    judged with its own 198 items (a 3.5-point gain within noise), never a latency that rose, nor a score of 198."""
    data = report("counted_task_rows_after_latency_table.md", tmp_path)
    got = sorted((f["line"], f["verdict"], f["metric"]) for f in findings(data, "results", more=True))
    assert got == [
        (9, "better than baseline", "TPOT"),
        (13, "within noise", "GPQA-Diamond"),
        (14, "within noise", "GSM8K"),
    ]
    assert not data["has_regression"] and data["headline"] == "no regression"


def test_a_speedup_above_one_of_the_change_is_a_stated_improvement(tmp_path: Path) -> None:
    """ "Geomean 1.18x ... against the base commit", "1.52x over the baseline": a speed-up above 1x is the change's own
    word that it is faster, an improvement in the results as one below 1x is a regression; a speed-up of two other
    things ("1.3x faster than the stream-K variant"), a ratio of memory and a range across 1x are neither, and a table
    row's speed-up beside its before/after pair is that pair's check; a ratio the text calls slower is a slowdown."""
    data = report("speedup_above_one.md", tmp_path)
    better = [f for f in findings(data, "results") if f["verdict"] == "better than baseline"]
    stated = [(f["line"], f["text"].split(": ")[1].split(",")[0]) for f in better if "a speed-up above 1x" in f["text"]]
    assert stated == [(5, "1.18 x"), (5, "1.52 x")]
    # (the table row's 1.34x beside its judged pair says that pair's verdict again: one finding for line 13)
    assert [f["line"] for f in better if f["line"] == 13] == [13] and "vs baseline 41" in better[-1]["text"]
    worse = [f for f in findings(data, "failures", more=True) if f["verdict"] == "worse than baseline"]
    assert [f["line"] for f in worse] == [6, 15]  # ("2x slower than main": a speed-up of 0.5x, as its word says)


def test_a_stated_share_within_the_perf_threshold_is_noise_not_a_regression(tmp_path: Path) -> None:
    """ "Delta: -0.42% req/s": a change the text states in a share smaller than the ±2% a measured pair is judged by
    is within noise, as the same two runs printed would be; "about 6% slower than main" stays a regression."""
    data = report("stated_share_within_noise.md", tmp_path)
    noise = [f for f in findings(data, "results") if f["verdict"] == "within noise"]
    assert [(f["line"], f["metric"]) for f in noise] == [(7, "req/s change")]
    assert [f["line"] for f in findings(data, "failures") if f["verdict"] == "regression"] == [9]


def test_side_words_in_column_headers_are_the_pr_side_one_revision(tmp_path: Path) -> None:
    """ "fused sampler (this PR)", "this PR tok/s", "candidate (this PR) (ms)": each column's values are measured on
    the PR's side, judged against the base column beside them; three tables that word the side three ways are one
    revision, so no check hides behind another side."""
    data = report("side_words_in_headers.md", tmp_path)
    assert data["revisions"] == ["this PR"] and data["headline"] == "no regression"
    got = [(f["line"], f["verdict"], f["revision"]) for f in findings(data, "results", more=True)]
    assert got == [
        (7, "within noise", "this PR"),
        (8, "within noise", "this PR"),
        (14, "better than baseline", "this PR"),
        (15, "better than baseline", "this PR"),
        (21, "better than baseline", "this PR"),
    ]


def test_a_fused_kernel_count_is_no_regression_and_a_numeric_row_key_keeps_sweeps_apart(tmp_path: Path) -> None:
    """ "launches: old → new" over "6 → 4" counts the program's work, no result (a fusion would read as 33% worse);
    the "S" column's 8, 32, 128 are the sweep's setting, so no speed-up is judged against another row's."""
    data = report("../tables/numeric_row_key.md", tmp_path)
    assert not data["has_regression"]
    assert findings(data, "failures") == []


def test_arms_against_the_row_a_delta_column_names(tmp_path: Path) -> None:
    """ "Δ vs PR #901" over a "PR #901" row: that row is every other arm's reference, so both arms' lower ITL and
    higher Output TPS are better than baseline, and the reference row's own "+0.00%" cells say nothing."""
    data = report("../tables/delta_vs_arm_columns.md", tmp_path, "--all")
    assert not data["has_regression"]
    text = json.dumps(data)
    assert "Output TPS" in text and "output_tps" not in text


def test_rates_of_answers_gone_wrong_are_better_lower_and_two_percents_share_a_scale(tmp_path: Path) -> None:
    """ "Truncated rate 5% -> 2%" and "Refusal rate 2.5% -> 2.4%" fell: better, as an error rate would be; "Error rate
    1.00% -> 1.50%" is judged as printed, both percents (never the 1.00 read as a fraction of 100%, -98.5 "better")."""
    data = report("rate_directions.md", tmp_path, "--all")
    assert not data["has_regression"]
    got = {f["metric"]: f["verdict"] for f in findings(data, "results", more=True)}
    assert got["Truncated rate"] == "better than baseline" and got["Refusal rate"] == "better than baseline"
    (error,) = [f for f in findings(data, "results", more=True) if f["metric"] == "Error rate"]
    assert error["verdict"] == "within noise" and "+0.5" in error["text"] and "98.5" not in error["text"]


def test_kernel_times_a_lead_in_sentence_captions_are_judged_lower_is_better(tmp_path: Path) -> None:
    """ "... the table below **kernel time(us)**" over "| op | ours | previous(torch) |": a time a third of the
    previous one is an improvement (round 12, cause 3: with no measure the report called it worse than baseline)."""
    doc = FIX.parent / "tables" / "side_columns_measure_closes_lead.md"
    code, out, err = run("report", str(doc), "--format", "json", "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    verdicts = {f["line"]: f["verdict"] for f in findings(json.loads(out), "results", more=True)}
    assert {line: verdicts[line] for line in (7, 8, 14, 15)} == dict.fromkeys((7, 8, 14, 15), "better than baseline")


def test_a_share_a_verb_reduced_is_a_stated_change_judged_by_its_measure(tmp_path: Path) -> None:
    """ "lowers output throughput by roughly 9%", "cuts mean TTFT by 14%": the parser signs the share the verb
    reduced, and a share that fell is a change of its measure: throughput down is the regression, TTFT down the
    improvement, never "nothing to report"."""
    data = report("shares_signed_by_a_verb.md", tmp_path)
    assert [(f["line"], f["metric"]) for f in findings(data, "failures") if f["verdict"] == "regression"] == [
        (4, "output throughput")
    ]
    assert [(f["line"], f["metric"]) for f in findings(data, "results") if f["verdict"] == "improvement"] == [
        (7, "mean TTFT")
    ]


def test_a_time_named_by_its_unit_falls_and_is_better(tmp_path: Path) -> None:
    """Rows of measures under BEFORE PR / AFTER PR ("| Metric | First Iteration | Iter 2-6 Mean | ... Standard Dev. |"):
    "Seconds total" is a time in seconds (lower is better), so 1.40 -> 0.88 is no regression; the one regression is
    the memory that rose beyond its stated spread."""
    data = report("metric_rows_before_after_pr.md", tmp_path)
    said = [(f["line"], f["metric"]) for f in findings(data, "failures")]
    assert said == [(25, "Iter 2-6 Mean (Total GPU memory allocated in GB)")]
    assert data["headline"] == "1 regression"
    _code, out, _ = run("extract", str(FIX / "metric_rows_before_after_pr.md"), "--format", "jsonl")
    units = {json.loads(line)["config"]["row"]: json.loads(line)["unit"] for line in out.splitlines()}
    assert units["Seconds total"] == "seconds" and units["Inference speed in tokens/sec"] == "tokens/sec"


@pytest.mark.parametrize("fmt", ["table", "json", "markdown"])
def test_compare_lists_a_value_that_clears_its_stated_bar(tmp_path: Path, fmt: str) -> None:
    """ "0.81 (required >= 0.75)" clears its bar and "0.662 (required >= 0.70)" falls below it: compare prints both in
    every format (it stopped with a KeyError on the first), the one below its bar row by row."""
    code, out, err = run("compare", str(FIX / "bar_cleared.md"), "-f", fmt, "--db", str(tmp_path / "x.db"), width=200)
    assert code == 0, err
    if fmt == "json":
        said = {r["line"]: r["verdict"] for r in json.loads(out)["references"]}
        assert said == {5: "pass", 6: "regression"}
    else:
        assert "BELOW ITS BAR" in out and "1 clears the bar stated beside it" in out


def test_a_missed_bar_is_judged_against_the_base_run_its_sentence_names(tmp_path: Path) -> None:
    """ "`301.5 < 320`; this PR's earlier run gave `303.2`, and the untouched base run `305.0`": the base run is the
    value's reference (a reviewer reads 301.5 against 305.0: within noise, a miss that predates the change), the bar
    stays its threshold, and the earlier run is history, never a failure of its own."""
    fixture = Path(__file__).parent / "fixtures" / "prose" / "runs_beside_a_bar.md"
    code, out, err = run("report", str(fixture), "--format", "json", "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    data = json.loads(out)
    results = {f["line"]: f for s in data["sections"] if s["name"] == "results" for f in s["findings"]}
    assert results[5]["verdict"] == "within noise" and "vs baseline 305" in results[5]["text"]
    assert results[6]["verdict"] == "within noise" and "vs baseline 90.1" in results[6]["text"]
    assert not data["has_regression"] and not data["regressions"]


def test_an_error_statistic_beside_its_side_is_a_measure_that_goes_down(tmp_path: Path) -> None:
    """ "Old RMSE | New RMSE", "before MAE | after MAE": the side is the column's revision and the error statistic its
    measure, judged lower-is-better and relative to its size (1e-5 is no share of 100 points): an error cut to a
    quarter is better, one doubled worse, never the reverse under a measure called "value"; a third arm's time
    ("FP32 ms") is a latency, the arm its column."""
    data = report("error_statistic_columns.md", tmp_path)
    said = {(f["line"], f["text"].split(" ")[0]): f["verdict"] for f in findings(data, "results", more=True)}
    assert said[(7, "RMSE")] == said[(14, "MAE")] == "better than reference"
    assert said[(8, "RMSE")] == "worse than reference" and said[(15, "MAE")] == "within noise"
    assert data["headline"] == "1 worse than reference"
    assert not higher_is_better("New MAE", None, "accuracy") and not higher_is_better("rmse", None, "perf")
    _code, out, _ = run("extract", str(FIX / "error_statistic_columns.md"), "--format", "jsonl")
    claims = [json.loads(line) for line in out.splitlines()]
    assert {c["metric"] for c in claims if c["config"].get("column") in ("FP32 ms", "New ms")} == {"latency"}
    assert "value" not in {c["metric"] for c in claims}


def test_a_rebase_note_with_no_results_under_it_is_not_the_reports_revision(tmp_path: Path) -> None:
    """The results stand in the description with no revision; a later note says the branch was rebased onto a base
    commit. That label carries no head and no value: the header names the revisions the results carry (here none:
    the document), not the rebase, and the note's commit stays a base."""
    data = report("rebase_note_no_results.md", tmp_path)
    assert data["revisions"] == ["rebase_note_no_results.md"]
    code, out, _ = run("report", str(FIX / "rebase_note_no_results.md"), "--db", str(tmp_path / "y.db"))
    assert code == 0 and "rebased" not in out


def test_a_perplexity_named_by_its_corpus_after_a_from_to_pair_falls_for_the_better(tmp_path: Path) -> None:
    """ "(from 9.05 to 6.31 Wiki2 PPL)": the measure after the pair names both numbers, a perplexity, lower better;
    read as the clause's words it was a generic value, and its fall was called worse than its baseline."""
    data = report("corpus_perplexity_after_pair.md", tmp_path)
    assert {f["line"]: f["verdict"] for f in findings(data, "results", more=True)} == {
        3: "better than reference",
        4: "better than reference",
    }
    assert not data["has_regression"]


def test_a_gap_its_sentence_puts_down_to_another_protocol_is_not_comparable_and_no_regression(tmp_path: Path) -> None:
    """ "~71.0 vs ~75.5 because it skips the chat template" (a leaderboard's figure) and "0.470 vs 0.610 on the model
    card" whose next sentence names another harness: each pair keeps its reference and is said "not comparable
    (<how>)", never below reference; a gap to main whose cause is the change itself ("because the new stop tokens cut
    long answers") stays the one regression, and a value within noise of main stays so."""
    data = report("gap_explained_by_protocol.md", tmp_path)
    said = {f["line"]: f["verdict"] for f in findings(data, "results", more=True)}
    assert said == {
        5: "not comparable (skips the chat template)",
        9: "not comparable (another harness)",
        13: "within noise",
        15: "below reference",
    }, said
    assert [f["line"] for f in findings(data, "failures")] == [15]
    assert data["headline"] == "1 below reference"
    refs = json.loads(run("compare", str(FIX / "gap_explained_by_protocol.md"), "-f", "json")[1])["references"]
    assert [(r["line"], r["verdict"]) for r in refs if r["verdict"] != "within noise"] == [
        (5, "not comparable"),
        (9, "not comparable"),
        (15, "regression"),
    ]


def test_two_layouts_of_one_run_in_a_table_are_not_comparable_never_worse(tmp_path: Path) -> None:
    """ "| Metric | TP=8/EP=8 | TP=4/EP=4 | Delta |": each arm's cells are results at its layout (they were config
    text), the second arm's keep the first's as their reference, and the pair is a trade of layouts the author explores:
    "not comparable (another layout ...)", never "worse than baseline" for the higher latency."""
    data = report("layout_arm_columns.md", tmp_path)
    said = {f["line"]: f["verdict"] for f in findings(data, "results", more=True)}
    assert said == {
        9: "not comparable (another layout than tp=4, ep=4)",
        10: "not comparable (another layout than tp=4, ep=4)",
    }, said
    assert not data["has_regression"]


def test_a_tolerance_on_a_change_bounds_it_either_way(tmp_path: Path) -> None:
    """ "2.4% below its baseline, within the 5% gate": a tolerance, not a floor the change must clear (it was "below
    its bar 5: -7.4", a false alarm); the change inside it is within the stated tolerance, one outside it fails."""
    data = report("tolerance_on_a_change.md", tmp_path)
    said = {(f["line"], f["verdict"]) for f in findings(data, "results", more=True)}
    assert (3, "pass") in said and (3, "within noise") in said, said
    assert {f["line"] for f in findings(data, "failures")} == {5}


def test_another_pull_requests_before_and_after_is_not_this_ones_regression(tmp_path: Path) -> None:
    """A "## Why" section narrating what PR #4410 did ("bumped NCCL ... since then:" over "Allreduce time: 1.10 ms ->
    1.46 ms") holds that change's evidence: never this PR's regression, while the section measuring this change
    ("With NCCL held ...") is judged as before; through ingest and report."""
    data = stored_report("other_pr_root_cause.md", "acme/engine", tmp_path)
    assert data["headline"] == "no regression" and not data["has_regression"]
    assert findings(data, "failures") == []
    (own,) = findings(data, "results", more=True)
    assert own["line"] == 16 and own["verdict"] == "better than baseline"
    notes = [c.note for c in extract((FIX / "other_pr_root_cause.md").read_text(encoding="utf-8")).claims if c.note]
    assert notes == ["measuring another pull request's change (#4410)"] * 4


def test_the_arms_of_a_diagnosis_that_link_other_pull_requests_are_not_this_ones_failures(tmp_path: Path) -> None:
    """Rows labelled with links to other pull requests (each arm its own CI run): a timed-out arm is that pull
    request's outcome, not a failure of this one."""
    db = str(tmp_path / "x.db")
    assert (
        run("ingest", str(FIX / "arms_linking_other_pulls.md"), "--repo", "acme/engine", "--pr", "1", "--db", db)[0]
        == 0
    )
    _, out, err = run("report", "acme/engine#1", "--db", db)
    assert "timed out" not in out and "fail:" not in out and "no regression (1 fail)" not in out
    assert "4 value(s) measuring another pull request's change: not judged" in err


def test_a_version_bump_an_attributed_share_and_a_to_do_box_are_never_reported(tmp_path: Path) -> None:
    fixtures = Path(__file__).parent / "fixtures"
    code, out, err = run(
        "report",
        str(fixtures / "prose" / "library_version_bumps.md"),
        "--format",
        "json",
        "--db",
        str(tmp_path / "x.db"),
    )
    assert code == 0, err
    data = json.loads(out)
    # the TPOT pair is the one result; "cuDNN 9.21 -> 9.22" and "the slowdown is ~90% scheduler jitter" are none
    assert [f["line"] for s in data["sections"] for f in s["findings"] if f.get("line") is not None] == [8, 8]
    code, out, err = run(
        "report", str(fixtures / "gates" / "todo_checklist_box.md"), "--format", "json", "--db", str(tmp_path / "y.db")
    )
    assert code == 0, err
    # (the ticked to-do box on line 9 is a task done, no check that passed)
    assert [(f["line"], f["verdict"]) for f in findings(json.loads(out), "results")] == [(5, "pass"), (14, "pass")]


def test_a_table_of_stated_gains_is_reported_as_stated(tmp_path: Path) -> None:
    """A table that prints only the changes ("Median paired gain" under "## Paired decode-throughput result") has no
    pair to judge, but states which way the measure went: its gains are results as stated, a range that spans zero
    within noise, never a regression and never "nothing to report"."""
    data = stored_report("stated_gains_table.md", "example/moe", tmp_path)
    results = [f["text"] for f in findings(data, "results", more=True)]
    failures = findings(data, "failures", more=True)
    assert any(t.startswith("Median paired decode-throughput gain") and "4.6 %" in t for t in results), results
    assert any("-0.7-1.1 %" in t and "spans zero" in t for t in results), results
    assert not failures, failures


def test_a_regression_the_change_is_made_to_remove_is_none_of_its_own(tmp_path: Path) -> None:
    """ "A narrower fix for the ... 18% decode-throughput regression", "to work around the 25% prefill throughput
    regression": the bug the change starts from (a title or summary naming what it fixes), never its regression;
    "This change itself causes a 3% TTFT regression" and "there is a 4% throughput regression" stay its own."""
    data = report("regression_the_change_addresses.md", tmp_path)
    assert data["headline"].startswith("2 regressions")
    assert sorted(f["line"] for f in findings(data, "failures")) == [10, 11]


def test_a_stated_change_takes_its_verbs_direction_whatever_its_measure_is_called(tmp_path: Path) -> None:
    """ "Throughpt improved ~ +5.2%" (a misspelt measure), "ITL improved by -4.4%", "Prefill sped regressed 2.9%",
    "Time to first tok got worse by 6.5%": the verb says which way each went, so each is reported as stated."""
    data = report("judged_share_verbs.md", tmp_path)
    got = {f["line"]: f["verdict"] for s in ("results", "failures") for f in findings(data, s)}
    assert got == {7: "improvement", 9: "improvement", 8: "regression", 10: "regression"}


def test_a_sheet_paste_kernel_table_is_judged_against_its_main_column(tmp_path: Path) -> None:
    """A spreadsheet's paste (no outer pipes, a title row over the rule, the names as the first row under it): the
    Tuned column is measured against the Main column beside it, the speedups are claims, the Main cells none."""
    data = report("sheet_paste_kernel_table.md", tmp_path)
    verdicts = [(f["verdict"], f["line"]) for f in findings(data, "results")]
    assert ("better than baseline", 9) in verdicts and ("better than baseline", 10) in verdicts
    assert ("worse than baseline", 11) in verdicts and data["has_regression"]
    claims = extract((FIX / "sheet_paste_kernel_table.md").read_text(encoding="utf-8"), "sheet.md").claims
    assert {c.value for c in claims if c.reference is not None} == {20.4, 22.9, 96.0}
    assert not {41.0, 41.6, 81.2} & {c.value for c in claims}
    assert {c.config.get("model") for c in claims} == {"Qwen2-7B"}
    assert {c.config.get("quant") for c in claims} == {"int8"}


def test_a_section_showing_the_slowdown_a_restoring_pr_fixes_is_its_motivating_state(tmp_path: Path) -> None:
    """ "Slowdown seen after rebasing onto main" with new / old cells, in a PR that restores the speed: the broken
    state the change starts from, no regression of it; the report says the fix itself is not measured."""
    data = report("motivating_slowdown_section.md", tmp_path, "--fail-on-regression")
    assert not data["has_regression"] and findings(data, "failures") == []
    assert "the regression it fixes is documented; the fix is not measured" in data["headline"]
    below = findings(data, "results", more=True)
    assert len(below) == 2 and all("the broken state the change fixes" in " ".join(f["caveats"]) for f in below)


@pytest.mark.parametrize(
    ("title", "heading"),
    [
        ("[perf] Add a paged sampler", "Slowdown seen after rebasing onto main"),
        ("[perf] Restore decode speed after the allocator change", "No regression on main"),
        ("[perf] Restore decode speed after the allocator change", "Results after the change"),
    ],
)
def test_a_regression_heading_marks_the_state_a_fix_starts_from_only_in_a_fixing_pr(title: str, heading: str) -> None:
    """A change that fixes nothing owns the regression its section shows; "No regression on main" names none."""
    text = f"# {title}\n\n## {heading}\n\n| C | Output tok/s, new / old |\n|---|---|\n| 1 | 40.1 / 46.3 |\n"
    claims = [c for c in extract(text, "x.md").claims if c.kind == "perf"]
    assert claims and not any((c.note or "").startswith(BROKEN_NOTE) for c in claims)


def test_a_slowdown_paired_with_the_baseline_it_fell_from_is_the_state_a_fix_starts_from(tmp_path: Path) -> None:
    """ "## Baseline: ..." then "## Slowdown seen after rebasing onto main" with "Output tok/s, new / old" cells, in a
    PR that restores the speed: the two revisions' values pair (one series, its unit read before the sides' comma),
    and the fall is the regression the change fixes, shown with its caveat, never the change's regression."""
    data = report("motivating_slowdown_after_baseline.md", tmp_path, "--fail-on-regression")
    assert not data["has_regression"]
    fell = findings(data, "failures")
    assert [f["verdict"] for f in fell] == ["the regression it fixes"] * 2
    assert all("the broken state the change fixes" in " ".join(f["caveats"]) for f in fell)
    assert "the regression it fixes is documented; the fix is not measured" in data["headline"]


def test_a_quoted_lines_marks_are_no_part_of_its_measure_and_tput_is_a_throughput() -> None:
    """ "> Decode TPUT -6.5%" under "> ITL -9.1%" in a quoted summary: the quote's mark is no part of the name, and
    TPUT is a throughput (better the higher), so its fall is a regression the report states."""
    from ledger.report.stated import stated_changes

    text = "Change against the stock image:\n\n> Decode TPUT -6.5%\n> ITL -9.1%\n"
    claims = extract(text, "q.md").claims
    assert [(c.metric, c.value) for c in claims] == [("Decode TPUT", -6.5), ("ITL", -9.1)]
    gains, losses = stated_changes(claims, {})
    assert [f.line for f in gains] == [4] and [f.line for f in losses] == [3]
    assert higher_is_better("Output TPUT", None, "perf") and higher_is_better("total tput", "%", "perf")


def test_report_and_compare_say_one_verdict_against_another_engine_in_one_wording(tmp_path: Path) -> None:
    """A fork's sweep beside mainline's build, one run per cell at the default ±2%: the report and `compare --all`
    judge each cell once and say it alike ("behind llama.cpp", never a bare "WORSE THAN BASELINE" on one surface
    and "behind, level within the swing" on the other), the swing caveat on both."""
    data = stored_report("fork_sweep_beside_mainline.md", "ikawrakow/ik_llama.cpp", tmp_path)
    said = {
        (f["line"], f["text"].split(" vs llama.cpp ")[1].split(":")[0]): (f["verdict"], " ".join(f["caveats"]))
        for f in findings(data, "engines")
    }
    from ledger.api import Ledger
    from ledger.targets import run_compare

    comp = run_compare(["ikawrakow/ik_llama.cpp#1"], book=Ledger(tmp_path / "x.db"))
    checks = comp.to_dict()["references"]
    assert len(checks) == len(said) == 8
    for r in checks:
        verdict, caveat = said[(r["line"], f"{r['reference']:g}")]
        assert (r["said"], r["caveat"] or "") == (verdict, caveat), r
    assert said[(7, "32.41")][0] == "behind llama.cpp" and "swing both ways" in said[(7, "32.41")][1]
    out = comp.render("table", show_all=True, width=200)
    assert "WORSE THAN BASELINE" not in out and "behind llama.cpp" in out and "swing both ways" in out


def test_a_listed_changes_share_written_with_a_plus_is_its_effect_as_stated() -> None:
    """A change list whose items carry their effect as signed shares ("- fuse the rope and the norm (~+7%)", "- TTFT
    +4% after the change"): the plus says the measure moved, so each is a stated change the way its measure is
    better (a rise of TTFT is a regression); a bare "85%" of a utilisation is a level, and a signed share in a
    sentence may tell the bug a fix removes: neither is a change."""
    from ledger.report.stated import stated_changes

    text = (
        "# Faster decode\n\n- fuse the rope and the norm into one kernel (~+7%)\n"
        "- TTFT for 1K/1K +4% after the change\n- GPU utilisation 85% on the B200\n\n"
        "The old kernel skipped a sync, so end-to-end latency rose +3% at 4k/1k.\n"
    )
    claims = extract(text, "p.md").claims
    assert [(c.metric, c.value) for c in claims if c.source.line < 5][:2] == [
        ("fuse the rope and the norm into one kernel", 7.0),
        ("TTFT", 4.0),
    ]
    assert any(c.source.line == 7 and c.value == 3.0 for c in claims)
    gains, losses = stated_changes(claims, {}, lines=text.splitlines())
    assert [(f.verdict, f.line) for f in gains] == [("improvement", 3)] and gains[0].caveats == ["approximate value"]
    assert [(f.verdict, f.line) for f in losses] == [("regression", 4)]


def test_suites_that_passed_are_results_even_with_nothing_compared(tmp_path: Path) -> None:
    """Green suites are what a reviewer reads of a thread that measures nothing else; main's failing run is the
    state the change starts from, neither a failure of the PR nor a green suite of it."""
    data = report("green_suites_only.md", tmp_path)
    said = [f["text"] for f in findings(data, "results", more=True) if f["verdict"] == "pass"]
    assert said == [
        "tests/sampler/test_tree_sampler.py: 24 passed",
        "tests/spec_decode/test_tree.py: 12 passed, 1 skipped",
    ]
    assert not findings(data, "failures")


def test_a_head_remeasured_in_a_later_turn_is_the_newest_and_a_gap_put_down_to_what_the_base_lacks_is_no_regression(
    tmp_path: Path,
) -> None:
    """ "The tested PR head is `1111aaa`", then two days later "Re-measured the PR's head `2222bbb`": the turns' order
    makes 2222bbb the newest head, and the evidence was measured on it. "Decode on main is lower than on the control
    build (40.1 vs 44.0) only because main predates the kernels the control carries": main's own value against a third
    build, the gap put down to what main lacks, is not comparable, never the change's regression; "this PR is higher
    than main ... because main lacks the fused epilogue" stays the change's own gain."""
    data = report("stated_head_then_remeasured_head.md", tmp_path)
    ci = findings(data, "ci")
    assert "2222bbb" in ci[0]["text"] and [f["verdict"] for f in ci[1:]] == ["same head"], ci
    said = {f["line"]: f["verdict"] for f in findings(data, "results", more=True)}
    assert said[14].startswith("not comparable (main predates the paged decode kernels") and said[16] != said[14]
    assert not data["has_regression"] and "newest head" not in data["headline"]


def test_one_arms_numbered_runs_in_an_abba_table_are_repeats_never_a_row_against_its_twin() -> None:
    """ "| Run | BAR cache | Prefill |" over P1 on, Q1 off, Q2 off, P2 on: P2 is P1's repeat (one arm, numbered), not a
    state measured against it; a plain before/after table ("stock" over "patched") still pairs its rows."""
    from ledger.compare.outside import with_row_baselines

    text = (
        "One A10G, Phi-3-mini.\n\n| Run | BAR cache | Prefill |\n|---|---:|---:|\n| P1 | on | 910 tok/s |\n"
        "| Q1 | off | 850 tok/s |\n| Q2 | off | 856 tok/s |\n| P2 | on | 915 tok/s |\n\n"
        "| Build | Decode |\n|---|---:|\n| stock | 40.0 tok/s |\n| patched | 44.0 tok/s |\n"
    )
    paired = [(c.value, c.reference) for c in with_row_baselines(extract(text, path="t.md").claims) if c.reference]
    assert paired == [(44.0, 40.0)]


def test_a_ratio_that_says_its_measure_fell_is_the_changes_speed_up(tmp_path: Path) -> None:
    """ "3.10x lower total time": a time that fell 3.10x is the change's own speed-up, judged as a speed-up above 1x
    is, though a time is better the lower (a bare "load time 0.8x" stays no speed-up)."""
    data = report("ratio_of_a_fall.md", tmp_path)
    better = [f["text"] for f in findings(data, "results") if f["verdict"] == "better than baseline"]
    assert [t.split(",")[0] for t in better] == ["decode throughput: 2.4 x", "lower total time: 3.1 x"], better


def test_a_quantised_models_score_beside_its_original_is_its_cost_never_a_regression(tmp_path: Path) -> None:
    """ "HellaSwag BF16→Lattice" over "0.79→0.74": the left number is the unquantised original's, so the drop is what
    the method costs, said against that original among the results, and fails nothing."""
    data = report("quantised_against_original.md", tmp_path, "--fail-on-regression")
    assert not data["has_regression"] and data["below_reference"] == []
    got = [(f["verdict"], f["line"]) for f in findings(data, "results", more=True)]
    assert got == [("below its BF16 original", 9), ("below its BF16 original", 10)]


def test_rows_that_differ_by_a_named_feature_are_two_setups_never_judged_one_against_the_other(
    tmp_path: Path,
) -> None:
    # ("Wren-70B Prefix Cache TP8" under "Wren-70B TP8": the feature's row and the plain one, no before and after)
    data = report("feature_row_two_setups.md", tmp_path)
    assert not [f for f in findings(data, "results", more=True) if "against the row" in f["text"]]
    (side,) = [f for f in findings(data, "results") if f["verdict"] == "two setups"]
    assert "Wren-70B TP8: 0.941203; Wren-70B Prefix Cache TP8: 0.932871" in side["text"]
    # (a row naming itself the base is the text's word: the feature's row is then measured against it)
    claims = extract((FIX / "feature_row_two_setups.md").read_text(encoding="utf-8"), path="x.md").claims
    scores = [c for c in claims if c.kind == "accuracy" and c.config.get("model") == "Wren-70B"]
    assert [c.reference for c in with_row_baselines(scores)] == [None, None] and feature_rows(scores) == [scores]
    based = [scores[0].model_copy(update={"config": {**scores[0].config, "row": "baseline"}}), scores[1]]
    assert [c.reference for c in with_row_baselines(based)] == [None, 0.941203] and feature_rows(based) == []


def test_a_rates_change_in_points_is_no_value_out_of_range(tmp_path: Path) -> None:
    # "57.5% (−3.5pp)": the rate's change, below 0 as a fall is; never an acceptance length outside 0..64
    code, _, err = run("report", str(FIX / "point_changes_of_rates.md"), "--db", str(tmp_path / "x.db"))
    assert code == 0 and "left out" not in err
    data = report("point_changes_of_rates.md", tmp_path)
    (below,) = findings(data, "failures")
    assert below["verdict"] == "below reference" and below["line"] == 5
    claims = extract((FIX / "point_changes_of_rates.md").read_text(encoding="utf-8"), path="x.md").claims
    assert sorted(c.value for c in claims if c.unit == "pp") == [-3.5, 2.5]


def test_a_stated_range_is_within_noise_only_where_its_far_end_is_too(tmp_path: Path) -> None:
    """ "1.6%~4.2% E2E throughput improvement" in a title states a change up to 4.2%: an improvement as stated, its
    low end inside the default bar said beside it (it was "within noise", judged by its low end alone, while a
    "2.4%~5.7%" title was an improvement); "a 0.4%~1.5% improvement" stays within noise, both its ends inside."""
    data = report("title_range_far_end.md", tmp_path)
    got = {f["line"]: f for f in findings(data, "results")}
    assert got[1]["verdict"] == "improvement" and "its low end within the ±2% default perf threshold" in got[1]["text"]
    assert got[5]["verdict"] == "within noise"


def test_the_signed_cells_of_an_ab_runs_change_table_are_changes_as_stated(tmp_path: Path) -> None:
    """A table whose cells are the signed changes of one A/B run ("| Short prompts | +6.20% | -4.10% | +0.80% |"
    under "Output tok/s | Mean TTFT | p99 ITL") prints no pair, yet states each measure's move: a throughput up and
    a TTFT down are improvements, a p99 ITL up 3.6% the regression, and +0.8% within noise (it was "nothing to
    report")."""
    data = report("ab_change_cells.md", tmp_path)
    gains = [(f["line"], f["metric"], f["verdict"]) for f in findings(data, "results")]
    assert (7, "Mean TTFT (Short prompts)", "improvement") in gains
    assert (7, "p99 ITL (Short prompts)", "within noise") in gains
    losses = [(f["line"], f["metric"]) for f in findings(data, "failures") if f["verdict"] == "regression"]
    assert losses == [(8, "p99 ITL (Long prompts)")]


def test_a_ci_verdict_the_text_states_on_a_named_head_answers_the_ci_section(tmp_path: Path) -> None:
    # no bot run, no GitHub head: "L0 pipeline on head `3e4f5a6b`: PASSED" is the CI state of that head, and the
    # finding cites that claim's line (compare.run's stated_ci), not "no CI run and no GitHub head stated"
    ci = findings(report("ci_verdict_on_named_head.md", tmp_path), "ci")[0]
    assert ci["verdict"] == "pass" and "3e4f5a6b" in ci["text"] and ci["line"] == 4


def test_a_bisects_builds_are_judged_in_the_order_their_dates_say(tmp_path: Path) -> None:
    """A bisect table of Mar-11 and Mar-15 images, then Mar-14 checked below it: Mar-14 is the middle revision, so
    the step to Mar-15 is the regression and first to last is one, never a recovery after it (compare.label_times)."""
    data = report("../revisions/bisect_dates_out_of_text_order.md", tmp_path)
    assert data["revisions"] == ["...h200-20260311 v1.4.1", "Mar-14 v1.4.1", "...h200-20260315 v1.4.2"]
    assert data["has_regression"]
    rows = json.loads(run("compare", str(FIX / "../revisions/bisect_dates_out_of_text_order.md"), "-f", "json")[1])
    assert [r["verdict"]["verdict"] for r in rows["rows"]] == ["regression"]


def test_regression_rows_of_one_measure_and_setup_say_their_stated_qualifier(tmp_path: Path) -> None:
    """Two regressions of "tput" under one setup, "tput(out tok/s)" and "tput(total tok/s)": the report names each
    by the qualifier its column states, as compare's rows do ("tput (out)"), so the two lines are told apart; a name
    that says its qualifier already ("FTL(min)") is not said twice; a step that is the whole comparison is not cited
    again."""
    got = [f["text"] for f in findings(report("qualified_regression_rows.md", tmp_path), "failures")]
    losses = [t for t in got if t.startswith(("tput", "FTL")) and "->" in t]
    assert losses == [
        "tput (out): 2399.1 tok/s -> 2101.3 tok/s (higher is better)",
        "tput (total): 5105.2 tok/s -> 4470.6 tok/s (higher is better)",
    ]
    code, out, _ = run("compare", str(FIX / "qualified_regression_rows.md"))
    assert code == 0 and "tput (out)" in out and "tput (total)" in out


def test_a_pr_build_off_a_nightly_line_is_judged_against_its_base_not_as_the_next_nightly(tmp_path: Path) -> None:
    """Three dated images fall at the second; the PR's build (named "#5512 dev" and "PR #5512") restores the values:
    the regression is the images' first to last, cited where they fell, and the PR build's recovery is said against
    the image it was built on, never read as the nightly line coming back."""
    path = Path(__file__).parent / "fixtures" / "revisions" / "pr_build_off_nightly_line.md"
    code, out, err = run("report", str(path), "--format", "json", "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    data = json.loads(out)
    failures = [f["text"] for f in findings(data, "failures") if f["verdict"] == "regression"]
    assert any(t.startswith("MMLU: 0.712 -> 0.661") and "fell 0.712 -> 0.664 there" in t for t in failures)
    gains = [(f["text"], f["revision"]) for f in findings(data, "results") if f["verdict"] == "improvement"]
    assert ("MMLU: 0.71 against 0.661 on its base (...l40s-20270303 v3.5.0)", "#5512 dev") in gains
    code, out, err = run("report", str(path), "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    assert "R4  #5512 dev (PR build off R3)" in out and "R5  current nightly\n" in out
