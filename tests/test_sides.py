"""Issue 26, sides: every wording of a before/after thread gets a verdict from `ledger report`, with the base side
first; the sides carry their heads where the text states them; repeated runs per side are one series."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.parsers.grammar.bare_sides import comment_side_alone
from ledger.parsers.grammar.setup_sides import setup_side
from ledger.parsers.grammar.sides import side_setting
from ledger.parsers.grammar.value_sides import commit_before_value
from ledger.parsers.pipeline import extract
from ledger.vocab.backends import backend_settings
from ledger.vocab.run_names import run_named
from ledger.vocab.sides import arm_side, column_sides, contrast_head, named_by_side, side_alone, side_of

FIX = Path(__file__).parent / "fixtures" / "revisions"
runner = CliRunner()


def report(name: str, tmp_path: Path) -> str:
    r = runner.invoke(
        app, ["report", str(FIX / name), "--db", str(tmp_path / "x.db")], env={"COLUMNS": "200", "LEDGER_DB": ""}
    )
    assert r.exit_code == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize(
    ("name", "verdict"),
    [
        # both sides in one sentence: one claim, the base side's value its reference (claims contract)
        ("side_current_main_clause.md", "above reference: gsm8k: 0.846 vs ref 0.812"),
    ],
)
def test_two_sides_in_one_sentence_are_a_value_and_its_reference(name: str, verdict: str, tmp_path: Path) -> None:
    out = report(name, tmp_path)
    assert "one revision: with this PR" in out, out
    assert verdict in " ".join(out.split()), out


@pytest.mark.parametrize(
    ("name", "r1", "r2", "verdict"),
    [
        (
            "side_baseline_candidate_shas.md",
            "Baseline c0ffee1",
            "Candidate beef0042",
            "improvement  output throughput  2210.4 tok/s  2480.9 tok/s",
        ),
        ("side_branch_main_at.md", "main 5b2f08ae", "branch", "improvement  decode  104.9 tok/s  118.4 tok/s"),
        ("side_main_branch_trials.md", "Main branch", "This PR", "improvement  request throughput  12.33 req/s"),
        (
            "side_commit_link_before_after.md",
            "before 4f1d2e3a9b",
            "after 9a8b7c6d5e",
            "improvement  step time  31.7 ms  27.4 ms",
        ),
        ("side_code_comments.md", "BEFORE", "AFTER", "improvement  accuracy [tp=1]  0.655   0.801"),
        ("side_with_and_before_fix.md", "Before this fix", "With this fix", "improvement  gsm8k  0.702  0.874"),
        ("side_blocks_bare_value.md", "main branch", "this PR", "improvement  latency  51 s  47.5 s"),
        ("side_current_main_lead_in.md", "main", "With this PR", "improvement  output throughput  1402.5 tok/s"),
        ("side_commit_link_lead_in.md", "before 4f1d2e3a9b", "after 9a8b7c6d5e", "improvement  step time  31.7 ms"),
        ("side_sentence_names_heads.md", "main 5b2f08ae", "branch 7e3a9c1d", "improvement  decode  104.9 tok/s"),
        ("side_code_comments_rendered.txt", "BEFORE", "AFTER", "improvement  accuracy [tp=1]  0.655   0.801"),
        ("side_blocks_rendered.txt", "main branch", "this PR", "improvement  latency  51 s  47.5 s"),
        ("side_bare_lines.md", "main", "this pr", "improvement  output throughput  1012.4 tok/s  1067.75 tok/s"),
        # a side word alone opening each paste ("OLD" then the tool's banner), or over it with a colon ("NEW:")
        ("side_old_new_in_paste.md", "OLD", "NEW", "improvement  output throughput  2210.4 tok/s  2395.85 tok/s"),
        ("side_old_new_labels.md", "OLD", "NEW", "improvement  output throughput  2210.4 tok/s  2395.85 tok/s"),
        ("side_old_new_rendered.txt", "OLD", "NEW", "improvement  output throughput  2210.4 tok/s  2395.85 tok/s"),
        # the same side words in round brackets, opening each paste or alone over it ("(Before)", "(this PR)")
        ("side_bracketed_in_paste.md", "Before", "After", "improvement  output throughput  412.5 tok/s  447.25 tok/s"),
        ("side_bracketed_over_paste.md", "main", "this PR", "improvement  output throughput  1810.3 tok/s"),
        # a lead-in naming the change made ("After simply adding the flag checks ..., we saw this drop:") over a
        # paste of the same tool's output as the one before it: the change's side, the earlier paste the base's
        (
            "after_change_lead_in.md",
            "before this PR",
            "After simply adding",
            "REGRESSION  speed  189.4 token/s  170.1 token/s",
        ),
        # two labels over pastes one word apart, that word a side's: the other label is the other side, above or below
        ("side_twin_labels.md", "Main Eagle", "Overlapped Eagle", "improvement  speed  252.7 token/s  281.2 token/s"),
        ("side_twin_items.md", "Old scheduler", "New scheduler", "improvement  output throughput  1180.2 tok/s"),
        # a side word opening a parenthesis that goes on to say how the run was made, then an arm "the same ... with"
        # (an MMLU-Pro score's own sampling noise judges it: +3.9 points, beyond it)
        ("baseline_paren_with_details.md", "baseline", "merged_attn", "improvement  mean accuracy  0.612  0.651"),
        # a command writing or reading a results file named for its side ("--result-filename dsv3_main.jsonl",
        # "cat results/v3_pr.json | jq ...", "> baseline.log" over the paste below): what it printed is that side's
        ("side_result_files.md", "main", "PR", "improvement  output throughput"),
        ("side_result_files_rendered.txt", "main", "PR", "improvement  output throughput"),
        # the base side named after an opening adverb, in a sentence that goes on ("Even before the changes of this
        # PR, the nightly smoke test prints the numbers below."): the paste under it is the base's
        ("even_before_side_lead.md", "before the changes", "After", "improvement  output throughput"),
    ],
)
def test_each_side_wording_gets_a_verdict_base_first(name: str, r1: str, r2: str, verdict: str, tmp_path: Path) -> None:
    out = report(name, tmp_path)
    assert "nothing to report" not in out
    lines = out.splitlines()
    assert any(line.strip().startswith(f"R1  {r1}") for line in lines), out
    assert any(line.strip().startswith("R") and f"  {r2}" in line for line in lines[2:6]), out

    # the series' setup in brackets follows what the document states ("accuracy [gpu=gb200, tp=1]"): compared
    # without it, the verdict, the measure and the two sides' values in base-first order
    def bare(s: str) -> str:
        return " ".join(re.sub(r"\[[^\]]*\]", " ", s).split())

    assert any(bare(verdict) in bare(line) for line in lines), out


def test_updated_names_the_candidate_only_as_a_whole_label() -> None:
    # ("| Updated | Baseline |": the updated code's column; "Updated results" is a rerun's label, no side)
    assert side_of("Updated") == "head" and side_of("Updated (tok/s)") == "head"
    assert side_of("Updated results") is None and side_of("updated the kernel") is None


def test_sides_carry_their_heads() -> None:
    claims = extract((FIX / "side_pr_vs_main_parens.md").read_text(), "x.md").claims
    (value,) = [c for c in claims if c.kind == "perf"]
    assert value.revision is not None and (value.revision.label, value.revision.head, value.revision.base) == (
        "this PR",
        "abc1234",
        "def5678",
    )
    assert value.reference == 47.9
    claims = extract((FIX / "side_stated_on_sha.md").read_text(), "x.md").claims
    assert {(c.passed, c.revision.head if c.revision else None) for c in claims if c.kind == "tests"} == {
        (128, "a1b2c3d4e"),
        (6, "a1b2c3d4e"),
    }


def test_repeated_runs_are_one_series_with_a_spread(tmp_path: Path) -> None:
    out = report("side_main_branch_trials.md", tmp_path)
    rows = [line for line in out.splitlines() if "request throughput" in line]
    # (the spread is the runs' own, never one the text states; the value cells say how many runs, once)
    assert len(rows) == 1 and "stderr of the repeats" in out and "(n=3, 12.28..12.4)" in rows[0]
    assert "mean of 3 repeats" not in rows[0]


def test_a_value_after_the_pair_is_not_labelled_by_the_side_behind_it() -> None:
    claims = extract("- E2E latency 3.2s vs 3.6s on main\n", "x.md").claims
    assert [(c.value, c.reference, c.revision) for c in claims] == [(3.2, 3.6, None)]


def test_two_sides_contrasted_in_one_sentence_are_a_value_and_its_reference(tmp_path: Path) -> None:
    """ "the parent build served X, whereas the prefetch commit served Y": the candidate's Y against the parent's X,
    which is no claim of its own, and the report finds the regression; two setups contrasted ("the eager path ...,
    while the graph path ...") are no sides, and a later probe's value has no reference."""
    claims = extract((FIX / "side_while_contrast.md").read_text(), "x.md").claims
    assert [(c.source.line, c.value, c.reference) for c in claims] == [
        (7, 1190.3, 2210.5),
        (7, 1187.9, None),
        (9, 41.2, 39.8),
        (11, 2210.5, None),
        (11, 3904.7, None),
    ]
    out = " ".join(report("side_while_contrast.md", tmp_path).split())
    assert "worse than baseline: output tok/s: 1190.3 tok/s vs baseline 2210.5" in out, out


def test_a_baseline_printed_in_a_change_is_the_runs_reference(tmp_path: Path) -> None:
    """ "2.6% under its 2102.3 output-tok/s baseline, inside the 3% tolerance" under the item "2047.6 output tok/s":
    2102.3 is that run's reference (no claim of its own), the change keeps its claim and takes the baseline's measure,
    and the author's tolerance bounds the pair: within it, no regression."""
    claims = extract((FIX / "stated_baseline_items.md").read_text(), "x.md").claims
    got = [
        (c.source.line, c.metric, c.value, c.reference, c.config.get("threshold")) for c in claims if c.kind == "perf"
    ]
    assert got == [
        (10, "output tok/s", 2047.6, 2102.3, "±3%"),
        (10, "throughput", 0.88, None, None),
        (10, "total tok/s", 30412.9, None, None),
        (11, "output tok/s", -2.6, None, "±3%"),
        # ("its 518.6 tok/s baseline": a baseline in a unit a reader takes alone is still no claim of its own)
        (15, "throughput", 512.4, 518.6, None),
        (16, "tok/s", -1.2, None, None),
    ]
    out = " ".join(report("stated_baseline_items.md", tmp_path).split())
    assert "vs baseline 2102.3: -54.7 (-2.6%) (threshold ±3% stated tolerance)" in out, out
    assert "worse than baseline" not in out, out


@pytest.mark.parametrize(
    ("first", "second", "head"),
    [
        ("the parent build served ", "the prefetch commit served ", 1),
        ("the new scheduler handled ", "the old scheduler handled ", 0),
        ("the eager path served ", "the graph path served ", None),
        ("TP4 served ", "the commit served ", None),  # (a revision named beside no base: not a side)
    ],
)
def test_contrast_sides(first: str, second: str, head: int | None) -> None:
    assert contrast_head(first, second) == head


@pytest.mark.parametrize(
    ("label", "side"),
    [
        ("main branch", "base"),
        ("Baseline", "base"),
        ("before this PR", "base"),
        ("this PR", "head"),
        ("Candidate", "head"),
        ("with this fix", "head"),
        ("Final head", None),
        ("EAGLE-3", None),
        # (a state of the PR against its rebase, the change in both: a revision, no side)
        ("Before the rebase (not re-run)", None),
        ("After rebasing", None),
    ],
)
def test_side_words(label: str, side: str | None) -> None:
    assert side_of(label) == side


@pytest.mark.parametrize(
    ("label", "alone"),
    [
        ("this branch", True),
        ("the main branch", True),
        ("main (before; 3 runs)", True),  # the side, then how it was run
        ("PR branch", True),
        ("fa3 (main)", False),
        ("(this PR)", True),  # the side's name in one pair of brackets
        ("(fa3)", False),
        ("main latency", False),
    ],
)
def test_a_label_that_is_a_side_and_nothing_else(label: str, alone: bool) -> None:
    assert side_alone(label) is alone


@pytest.mark.parametrize(
    ("text", "settings"),
    [
        ("same server command with --dsv4-attn-backend trtllm; same eval", {"attention": "trtllm"}),
        ("--prefill-attention-backend fa3", {"attention": "fa3"}),
        ("--moe-runner-backend cutlass", {"moe_backend": "cutlass"}),
        ("my-new-backend foo", {}),  # a word before "backend" that names no kind of kernel
    ],
)
def test_a_backend_flag_is_read_by_its_kind_whatever_qualifies_it(text: str, settings: dict) -> None:
    assert backend_settings(text) == settings


def test_a_bare_value_borrows_its_sibling_sides_label_and_kind() -> None:
    claims = extract(
        (Path(__file__).parent / "fixtures" / "kv_lines" / "sibling_side_blocks.md").read_text(), "x.md"
    ).claims
    pr = {c.metric: (c.kind, c.value) for c in claims if c.revision and c.revision.label == "this PR"}
    assert pr == {"Accuracy": ("accuracy", 0.622), "Invalid": ("accuracy", 0.003), "Latency": ("perf", 117.02)}


def test_a_bare_value_keeps_no_label_when_the_siblings_lines_disagree() -> None:
    text = "main:\n\n```\nAccuracy: 0.61\nLatency: 12.0 s\n```\n\nthis PR:\n\n```\n0.62\nThroughput: 9.0 tok/s\n```\n"
    assert not [c for c in extract(text, "x.md").claims if c.value == 0.62]


@pytest.mark.parametrize("name", ["side_pr_vs_main_parens.md", "side_pr_vs_main_sentence.md"])
def test_one_revision_against_its_named_base_is_judged_by_its_reference(name: str, tmp_path: Path) -> None:
    out = report(name, tmp_path)
    assert "one revision: this PR abc1234" in out.replace("This PR", "this PR")
    assert "1 reference check(s) (1 improvement)" in out


def test_fewer_invalid_answers_is_better() -> None:
    from ledger.vocab.metrics import higher_is_better

    assert not higher_is_better("Invalid responses", None, "accuracy")
    assert higher_is_better("Accuracy", None, "accuracy")


def test_a_side_label_keeps_the_setting_it_names() -> None:
    """ "BEFORE: GemmBackend.TRITON:", "master, attention backend triton:", "PR with --moe-backend cutlass:": the side
    is the revision and the backend it ran with is its setup (which compare reads as what the sides compare)."""
    got = {
        c.source.line: (
            c.revision.label if c.revision else None,
            {k: v for k, v in c.config.items() if "backend" in k or k == "attention"},
            c.revision.head if c.revision else None,
        )
        for c in extract((FIX / "side_label_settings.md").read_text(), "side_label_settings.md").claims
        if c.value is not None
    }
    assert got[8] == ("BEFORE", {"backend": "TRITON"}, None)
    assert got[14] == ("AFTER", {"backend": "CUTLASS"}, None)
    assert got[22] == ("Before", {"backend": "triton"}, None)
    assert got[36] == ("master", {"attention": "triton"}, None)
    assert got[42] == ("PR", {"moe_backend": "cutlass"}, None)
    assert got[50] == ("BEFORE", {"moe_backend": "FLASHINFER_TRTLLM"}, None)
    assert got[52] == ("AFTER", {"moe_backend": "FLASHINFER_CUTLASS"}, None)
    assert got[60] == ("main", {}, "d5c097a2")  # "main(d5c097a2) 2025/6/7 before the grouped merge:"
    assert got[66] == ("Before", {"attention": "FLASH_ATTN"}, None)  # "### Before: attention backend FLASH_ATTN"
    assert got[72] == ("After", {"attention": "FLASHINFER"}, None)


def test_with_and_without_a_spec_method_are_two_setups() -> None:
    """ "**With EAGLE3:**" over a fold of output and "**Without EAGLE3:**" over another: the with side keeps the
    method (and the command's draft length), the without side has neither; a later lead-in is no side's."""
    path = Path(__file__).parent / "fixtures" / "setup" / "with_without_spec_sides.md"
    got = {
        c.source.line: (c.config.get("spec_algo"), c.config.get("draft_len"), c.config.get("variant"))
        for c in extract(path.read_text(), path.name).claims
    }
    assert got[13] == ("eagle3", "6", "with EAGLE3")
    assert got[14] == ("eagle3", "6", "with EAGLE3")
    assert got[22] == ("none", "0", "without EAGLE3")
    assert got[28] == (None, "6", None)


@pytest.mark.parametrize(
    ("text", "side", "settings"),
    [
        ("BEFORE: GemmBackend.TRITON:", "BEFORE", {"backend": "TRITON"}),
        ("# AFTER: Fp8MoeBackend.FLASHINFER_CUTLASS", "AFTER", {"moe_backend": "FLASHINFER_CUTLASS"}),
        ("Before (backend=triton):", "Before", {"backend": "triton"}),
        ("main, attention backend triton:", "main", {"attention": "triton"}),
        ("PR with --moe-backend cutlass:", "PR", {"moe_backend": "cutlass"}),
        ("main, which runs the triton backend by default, gives 41 ms.", None, None),  # a sentence, no label
        ("before PR 6645:", None, None),  # a side's name, no setting
        ("Before: the backend is the same on both sides:", None, None),
    ],
)
def test_side_setting_reads_the_label_and_nothing_else(text: str, side: str | None, settings: dict | None) -> None:
    found = side_setting(text)
    assert (found[0].label, found[1]) == (side, settings) if found else (side, settings) == (None, None)


def test_headings_that_name_a_side_in_a_comment_set_it_at_any_level() -> None:
    # "### Main branch" over one table, "### This PR" over the other; "# Before" / "# After" inside a comment
    text = (
        "# Faster prefill path\n\n**dev** commented on 2025-05-01\n\n### Main branch\n\n"
        "| N_KV | S_PP t/s |\n|------|----------|\n| 0 | 9100.5 |\n\n### This PR\n\n"
        "| N_KV | S_PP t/s |\n|------|----------|\n| 0 | 9650.2 |\n\n"
        "**dev** commented on 2025-05-02\n\n## Benchmarks\n\n# Before\n```\nMean TTFT (ms):   812.40\n```\n\n"
        "# After\n```\nMean TTFT (ms):   640.10\n```\n"
    )
    got = [(c.value, (c.revision.label if c.revision else None)) for c in extract(text, "t.md").claims]
    assert got == [(9100.5, "Main branch"), (9650.2, "This PR"), (812.4, "Before"), (640.1, "After")]
    assert side_of("Main branch") == "base"


def test_a_side_joined_to_its_settings_by_plus_is_that_side_with_a_variant() -> None:
    head = "|Tasks|Version|Filter|n-shot|Metric| |Value| |Stderr|\n"
    head += "|-----|------:|------|-----:|------|---|-----:|---|-----:|\n"
    text = (
        f"# Attention backend fix\n\n```\nMain + FlashInfer + auto\n{head}"
        "|gsm8k|3|flexible-extract|5|exact_match|↑|0.7810|±|0.0114|\n\n"
        f"PR + FlashInfer + auto\n{head}|gsm8k|3|flexible-extract|5|exact_match|↑|0.7795|±|0.0114|\n```\n"
    )
    got = [(c.value, c.revision.label if c.revision else None) for c in extract(text, "t.md").claims]
    assert got == [(0.781, "Main"), (0.7795, "PR")]


def test_now_alone_over_a_paste_is_the_side_it_was_measured_on() -> None:
    text = "# Fix MTP\n\nBefore:\n```\nAccuracy: 0.000\n```\n\nNow\n\n```\nAccuracy: 0.880\n```\n"
    got = [(c.value, c.revision.label if c.revision else None) for c in extract(text, "t.md").claims]
    assert got == [(0.0, "Before"), (0.88, "Now")]


def test_a_feature_sides_label_keeps_the_runs_model_and_parallelism() -> None:
    from ledger.parsers.grammar.sides import feature_side

    got = feature_side("With the fix, on Tarn-Max (TP=4 EP=4, MTP=2):")
    assert got is not None
    assert {k: got.get(k) for k in ("model", "tp", "ep", "spec_algo", "draft_len")} == {
        "model": "Tarn-Max",
        "tp": "4",
        "ep": "4",
        "spec_algo": "mtp",
        "draft_len": "2",
    }
    # the side with the method off keeps no draft length of the other side's
    assert feature_side("Without MTP:") == {"spec_algo": "none", "variant": "without MTP", "draft_len": "0"}


@pytest.mark.parametrize(
    ("label", "side"),
    [("ours", "head"), ("Ours (us)", "head"), ("previous", "base"), ("previous(cublas)", "base"), ("Previous", "base")],
)
def test_ours_and_previous_name_a_comparisons_sides(label: str, side: str) -> None:
    """ "| kernel | ours | previous(cublas) |", "- Previous: 250 tok/s" (round 12): the author's build and the one it
    replaces are the candidate and the baseline, so a column or a label naming them is a side, not a measure."""
    assert side_of(label) == side
    assert side_alone(label)


def _sides(name: str) -> list[tuple[str | None, float | None, float | None, str | None]]:
    claims = extract((FIX / name).read_text(), name).claims
    return [(c.metric, c.value, c.reference, c.revision.label if c.revision else None) for c in claims if c.value]


def test_two_releases_of_one_project_are_a_baseline_and_its_candidate(tmp_path: Path) -> None:
    """ "| vLLM 0.10.2 | vLLM 0.11.0 (this PR) |", "| v0.10.2 | v0.11.0 |", "| TTFT v0.10.2 (ms) | TTFT v0.11.0 (ms) |":
    the newer release's value is the claim, on that release, the older's its reference; three releases are three
    revisions, each value its own."""
    got = _sides("side_version_columns.md")
    assert ("Request throughput", 10.07, 9.41, "v0.11.0") in got
    assert ("Mean ITL", 12.6, 13.4, "v0.11.0") in got
    assert ("TTFT", 380.9, 402.2, "v0.11.0") in got and ("TPOT", 18.8, 19.6, "v0.11.0") in got
    assert [g for g in got if g[0] == "Mean TTFT"] == [
        ("Mean TTFT", 301.5, None, "v0.9.2"),
        ("Mean TTFT", 288.0, None, "v0.10.2"),
        ("Mean TTFT", 270.4, None, "v0.11.0"),
    ]
    assert len(got) == 8  # (no claim of a baseline column's own)
    assert _sides("side_version_columns_engines.md") == [
        ("Output throughput", 3304.2, 3120.7, "v0.5.0"),
        ("throughput", 5388.0, 5120.0, "v1.1.0"),  # ("| Model | TRT-LLM 1.1.0 (tok/s) |": measured in tok/s)
    ]
    out = " ".join(report("side_version_columns.md", tmp_path).split())
    assert "better than baseline: Request throughput [concurrency=32]: 10.07 req/s vs baseline 9.41" in out
    assert "R1 v0.9.2 R2 v0.10.2 R3 v0.11.0" in out and "improvement mean ttft" in out


def test_a_release_alone_a_version_row_two_projects_or_two_models_are_no_sides() -> None:
    got = _sides("version_columns_not_sides.md")
    assert all(ref is None and label is None for _m, _v, ref, label in got)
    assert ("throughput", 5120.0, None, None) in got  # ("| v0.11.0 (tok/s) |": no measure named "v0.11.0")
    assert {v for _m, v, _r, _l in got} >= {2410.5, 2291.0, 3120.7, 3304.2, 0.842, 0.871}


def test_tags_a_legend_defines_as_sides_are_the_baseline_and_the_candidate_with_its_heads(tmp_path: Path) -> None:
    """ "| TTFT (ms) [B] | TTFT (ms) [P] |" over "B = baseline (main @ 3c5e7a9), P = this PR (8d0f2b4).", "(A: main,
    B: with this PR)" over "Output tok/s (A) | (B)", "| N | P |" over "N is the nightly wheel ...", "base (us) | opt
    (us)": the candidate's value, the base tag's its reference, measured on the head the legend gives it."""
    claims = extract((FIX / "side_legend_tags.md").read_text(), "x.md").claims
    got = {
        (
            c.metric,
            c.value,
            c.reference,
            c.revision.label if c.revision else None,
            c.revision.head if c.revision else None,
        )
        for c in claims
        if c.kind == "perf"
    }
    pr = ("this PR", "8d0f2b4")
    assert {("TTFT", 198.7, 212.4, *pr), ("TPOT", 17.2, 17.9, *pr), ("TTFT", 503.6, 540.1, *pr)} <= got
    assert ("Output tok/s", 4398.5, 4110.2, "with this PR", None) in got  # (B is the PR's side, not A)
    assert ("Mean E2E latency", 9.21, 9.84, *pr) in got  # ("N" is no setting "n" of the run)
    assert {("latency", 35.9, 41.2, *pr), ("latency", 69.3, 80.7, *pr)} <= got
    assert len(got) == 8  # (no claim of a base column's own)
    assert {c.revision.base for c in claims if c.revision and c.revision.head} == {"3c5e7a9"}
    assert "8 reference check(s) (8 improvement)" in report("side_legend_tags.md", tmp_path)


def test_tags_no_legend_defines_as_two_sides_stay_two_columns() -> None:
    """ "S = small-message path, L = large-message path": two paths, no side; "X is the experimental allocator"
    beside "B = baseline": one side named, the other not."""
    claims = extract((FIX / "legend_tags_not_sides.md").read_text(), "x.md").claims
    assert [(c.value, c.reference, c.revision) for c in claims if c.kind == "perf"] == [
        (21.4, None, None),
        (19.9, None, None),
        (210.0, None, None),
        (190.0, None, None),
    ]


def test_a_results_file_named_for_a_side_is_the_side_of_what_its_command_printed() -> None:
    got = _sides("side_result_files.md")
    assert ("Output token throughput (tok/s)", 4125.8, None, "main") in got
    assert ("Output token throughput (tok/s)", 4470.15, 4125.8, "PR") in got  # (sides printed apart: side_references)
    assert ("mean_ttft_ms", 611.42, None, "main") in got  # ("cat results/v3_main.json | jq .mean_ttft_ms" over it)
    assert ("Throughput", 18.42, None, "baseline") in got and ("Throughput", 19.77, 18.42, "after") in got
    assert [g[3] for g in _sides("side_result_files_rendered.txt")] == ["main"] * 2 + ["PR"] * 2 + ["baseline"] * 2 + [
        "after"
    ] * 2


def test_a_results_file_whose_name_is_no_sides_labels_nothing() -> None:
    """ "main_results.json" with no file of another side, "results_mtp_off.json" / "_on.json", a file named in prose."""
    assert all(label is None for _m, _v, _r, label in _sides("result_files_not_sides.md"))


@pytest.mark.parametrize(
    ("command", "field"),
    [
        ("cat results/qwen_pr.json | jq .output_throughput", "output_throughput"),
        ("jq -r '.metrics.mean_ttft_ms' out/main.json", "mean_ttft_ms"),
        ("jq '.[\"p99_itl_ms\"]' pr.json", "p99_itl_ms"),
        ("cat results/qwen_pr.json", None),
    ],
)
def test_the_field_a_command_prints_is_the_measure_under_it(command: str, field: str | None) -> None:
    from ledger.parsers.grammar.result_files import selected_field

    assert selected_field(command) == field


def test_a_baseline_row_is_the_reference_of_every_arm_of_its_measure(tmp_path: Path) -> None:
    # "Merged GEMM (Decode)" and "Split streams (Decode)" over "Baseline (Decode)": two arms of one measure, each
    # judged against the baseline row, which is no result of its own; the "(TTFT)" rows take only their own baseline
    path = FIX.parent / "kv_lines" / "baseline_row_among_arms.md"
    r = runner.invoke(
        app, ["report", str(path), "--db", str(tmp_path / "x.db")], env={"COLUMNS": "200", "LEDGER_DB": ""}
    )
    assert r.exit_code == 0, r.stderr
    out = " ".join(r.stdout.split())
    for arm in ("Decode [Merged GEMM]: 11 ms vs baseline 12", "Decode [Split streams]: 11.5 ms vs baseline 12"):
        assert f"better than baseline: {arm}" in out, r.stdout
    assert "TTFT [Merged GEMM]: 210 ms vs baseline 220" in out, r.stdout
    assert "counts: nothing compared; 6 reference check(s) (6 improvement)" in out, r.stdout


def test_a_side_named_before_each_value_pairs_the_two(tmp_path: Path) -> None:
    """ "Decode TPOT: previous 14.1 ms, ours 12.0 ms", "TTFT: main 80 ms vs PR 72 ms", "1200 (before) -> 1310 (after)
    tok/s", "main 0.912, PR 0.915": one claim, the candidate side's value, the base side's its reference, measured as
    the label names it and labelled with its side's word; "vs" orders nothing when the sides are named (the PR's 72 ms
    was the claim's reference, and report called it worse than baseline). A side's word opens its value's clause: "a
    new 640 tok/s" and "PR 2817" name none."""
    assert _sides("sides_before_values.md") == [
        ("Decode TPOT", 12.0, 14.1, "ours"),
        ("TTFT", 72.0, 80.0, "PR"),
        ("Output throughput", 1310.0, 1200.0, "after"),
        ("Prefill time", 47.5, 52.0, "this PR"),
        ("gsm8k accuracy", 0.915, 0.912, "PR"),
        ("ITL", 8.8, 9.4, "with this PR"),
        ("throughput", 640.0, None, None),
        ("TPOT", 9.0, None, None),
        ("TPOT", 11.5, None, None),
    ]
    claims = extract((FIX / "sides_before_values.md").read_text(), "x.md").claims
    assert next(c.unit for c in claims if c.value == 1310.0) == "tok/s"
    out = " ".join(report("sides_before_values.md", tmp_path).split())
    assert "no regression" in out and "5 improvement, 1 within noise" in out, out


@pytest.mark.parametrize(
    ("names", "want"),
    [
        (["origin tp", "new tp"], {"origin tp": "base", "new tp": "head"}),
        (["old kernel", "new kernel"], {"old kernel": "base", "new kernel": "head"}),
        (["fp8 main", "fp8 PR"], {"fp8 main": "base", "fp8 PR": "head"}),
        (["ours", "other"], {}),  # (two engines: "ours" is the author's project, no side of one)
        (["Llama 8B", "Llama 70B"], {}),  # (two models: no word of either names a side)
    ],
)
def test_two_row_names_sharing_a_word_are_sides_by_the_words_that_differ(
    names: list[str], want: dict[str, str]
) -> None:
    """ "origin tp" beside "new tp": both ran the same tp, what tells them apart names the build ("new", and the other
    build beside it), so the rows are the two sides and their label no part of the measure."""
    assert column_sides(names) == want
    claims = extract(
        "| | tok/s |\n|---|--:|\n"
        + "".join(f"| {n} | {v} |\n" for n, v in zip(names, ("3,912.6", "4,188.0"), strict=True)),
        "pr.md",
    ).claims
    if want:
        (got,) = claims
        assert got.metric == "tok/s" and got.reference == 3912.6 and got.value == 4188.0


@pytest.mark.parametrize(
    ("lead", "which"),
    [
        ("; the base run gave `", "base"),
        (", and the untouched base run", "base"),
        (" and the direct base PR582 run was", "base"),
        ("; main gave", "base"),
        ("(baseline run:", "base"),
        ("; this PR's previous run gave", "earlier"),
        ("; the prior PR583 run was", "earlier"),
        ("; the previous run of this PR gave", "earlier"),
        ("; the prior nightly run of this PR was", "earlier"),
        ("; the previous main run gave", "base"),
        ("; the base run used", None),  # (what the run ran on follows: "used 8 GPUs")
        ("; the same run's TTFT was", None),
        ("; the PR branch gave", None),
        ("; the base run at concurrency 16 gave", None),
    ],
)
def test_a_run_named_before_its_value_is_the_base_or_an_earlier_run_of_the_change(lead: str, which: str | None) -> None:
    assert run_named(lead) == which


def test_an_arms_side_in_parentheses_after_its_name_is_its_side(tmp_path: Path) -> None:
    """ "- patched path (this change) : 88.10" over "- reference path (current default) : 88.20": the parenthesis
    names the arm's side, so the candidate's value takes the base arm's as its reference; "patched path (before the
    repair)" is the candidate's own path run earlier, a result of its own and no second baseline (two baselines left
    the candidate none). A note in parentheses ("3 trials") names no side."""
    assert _sides("arm_side_bullets.md") == [
        ("flexible-extract", 88.1, 88.2, "this change"),
        ("flexible-extract", 88.2, None, "current default"),
        ("flexible-extract", 81.0, None, "before the repair"),
        ("accuracy", 80.41, 74.02, "with fix"),
        ("accuracy", 74.02, None, "without fix"),
        ("tok/s", 1510.0, None, None),
        ("tok/s", 1498.0, None, None),
        ("tok/s", 1523.0, None, None),
    ]
    out = " ".join(report("arm_side_bullets.md", tmp_path).split())
    assert "no regression" in out and "1 reference check(s) (1 within noise)" in out, out


def test_a_row_named_by_its_side_alone_keeps_the_side_out_of_its_metric() -> None:
    """A lone "| origin tp |" row (its "| new tp |" partner cut off) is the base side that ran on TP, no part of the
    measure: its metric is the column's, as it is when both rows are there. A table whose rows are variants
    ("original", "repeat A"; "new persistent kernel") keeps their names."""
    assert named_by_side("origin tp") and named_by_side("patched ep") and named_by_side("Baseline A1")
    assert side_of("origin") == "base"
    assert not named_by_side("new persistent kernel") and not named_by_side("fused − stock")
    assert not named_by_side("1. cuBLAS default") and not named_by_side("repeat A")
    table = "# t\n\n| method | total throughput (tokens/s) |\n| --- | --- |\n| {} | 4643.2 |\n{}"
    lone = extract(table.format("origin tp", ""), path="t.md").claims
    assert [(c.metric, c.config.get("row")) for c in lone] == [("total throughput", "origin tp")]
    variants = extract(table.format("original", "| repeat A | 4650.0 |\n"), path="t.md").claims
    assert [c.metric for c in variants] == ["total throughput (original)", "total throughput (repeat A)"]


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("// baseline", "baseline"),
        ("# reference run", "reference run"),
        ("-- this PR:", "this PR"),
        ("// fp8 online", None),  # (a variant of the run, no side)
        ("# baseline was 3% slower", None),  # (a sentence about the side)
        ("// 0.81", None),
    ],
)
def test_a_paste_comment_that_is_a_sides_name_alone_names_that_side(line: str, want: str | None) -> None:
    got = comment_side_alone(line)
    assert (got.label if got is not None else None) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("+31% over the [`b1c2d3e4` tile build](https://x.io/o/r/commit/b1c2d3e4f5) at 903.4 tok/s", "tile build"),
        ("the `b1c2d3e4` build: 903.4 tok/s", "build"),
        ("the [notes](https://x.io/o/r/pull/4) at 903.4 tok/s", None),  # (no commit's link)
        ("the `deadbeef` build at 903.4 tok/s", None),  # (letters alone: a word, no commit)
    ],
)
def test_a_commit_named_right_before_a_value_is_that_values_revision(text: str, want: str | None) -> None:
    got = commit_before_value(text, text.index("903.4"))
    assert (got.label if got is not None else None) == want


def test_prose_restating_each_sides_run_pairs_them_at_the_commits_the_table_gives() -> None:
    # ("the PR run scored X, and the base run scored Y": the side's run, then its value; the table under it binds
    # each side's row to its commit)
    text = (
        "Two HumanEval runs on one H20. The PR run scored **64.02%**, and the base run scored **62.80%**.\n\n"
        "| Run | Commit | pass@1 |\n|---|---|---:|\n"
        "| base | `0a1b2c3d4e5f60718293a4b5c6d7e8f901234567` | 62.80% |\n"
        "| PR | `9f8e7d6c5b4a39281706f5e4d3c2b1a098765432` | 64.02% |\n"
    )
    prose = next(c for c in extract(text, "runs.md").claims if c.source.line == 1)
    assert (prose.value, prose.reference) == (64.02, 62.8)
    assert prose.revision is not None and prose.revision.label == "PR"
    assert (prose.revision.head, prose.revision.base) == (
        "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432",
        "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
    )


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("BEFORE, 1k/2k", "BEFORE"),
        ("After - 2k/512", "After"),
        ("Before 2k/512:", "Before"),
        ("This PR, TP8 on H200:", "This PR"),
        ("with the fix, 1k/1k", "with the fix"),
        ("after pr 16k/1.5k", "after pr"),  # (a length in thousands with a fraction is setup too)
        # (the words after the side are a sentence, or a count of runs: no setup alone)
        ("Before the cache warmed, 2k/512", None),
        ("Main, which runs TP8:", None),
        ("After, 3 runs:", None),
        ("Main Eagle:", None),  # (beside "Overlapped Eagle:": a run named, both runs with its method)
        ("Before: 0.91", None),
    ],
)
def test_a_side_label_followed_by_setup_is_the_side(line: str, want: str | None) -> None:
    got = setup_side(line)
    assert (got.label if got is not None else None) == want


def test_a_commit_in_the_base_columns_head_is_the_base_of_the_side_beside_it() -> None:
    """ "| upstream (9f3c2a1b) | this PR |" (revisions/base_column_commit.md): the PR's values and their change are
    measured on top of 9f3c2a1b, as "this PR (abc) vs main (def)" in prose says; a head the side's own column names
    is kept beside it."""
    claims = extract((FIX / "base_column_commit.md").read_text(), path="t.md").claims
    revs = {(c.value, c.reference): c.revision for c in claims if c.kind == "perf"}
    for key in [(97.5, 88.0), (80.4, 71.2), (10.8, None)]:
        rev = revs[key]
        assert rev is not None and (rev.label, rev.head, rev.base) == ("this PR", None, "9f3c2a1b")
    rev = revs[(97.9, 88.3)]
    assert rev is not None and (rev.head, rev.base) == ("5d6e7f80", "9f3c2a1b")


def test_a_sentence_after_a_before_sentence_takes_its_values_as_references() -> None:
    """ "Before this change ... 41.0 s TTFT" then "With the merge cache in place ... 33.5 s TTFT"
    (revisions/before_then_after_sentences.md): the second sentence, which names no side label but opens on the
    change, is the candidate of the same measures; a later sentence of the same measure, or one that does not speak
    of the change ("A second probe"), takes nothing."""
    claims = extract((FIX / "before_then_after_sentences.md").read_text(), path="t.md").claims
    refs = {c.value: c.reference for c in claims if c.kind == "perf"}
    assert (refs[33.5], refs[1.9]) == (41.0, 2.6)
    assert refs[4.2] is None and refs[1.3] is None and refs[41.0] is None


_LISTED_SIDES = """# Cheaper prefix lookups

- baseline 4k/1.5k
```
Request throughput (req/s):              3.10
```
- this PR 4k/1.5k
```
Request throughput (req/s):              3.40
```
"""


def test_a_side_label_written_as_a_list_item_gives_its_setup_to_its_paste() -> None:
    """ "- this PR 4k/1.5k" over its paste: the side and the lengths both, as without the bullet."""
    claims = extract(_LISTED_SIDES, "x.md").claims
    got = [(c.value, c.reference, c.revision.label if c.revision else None, dict(c.config)) for c in claims]
    lengths = {"isl": "4k", "osl": "1.5k"}
    assert got == [(3.1, None, "baseline", lengths), (3.4, 3.1, "this PR", lengths)]


def test_a_pr_headings_table_is_measured_against_the_variant_the_text_compares_it_with() -> None:
    """ "### IQ4_NL" over a sweep, "### IQ4_NL_R4 (PR)" over the same sweep, and prose saying the new type is "on par
    with `IQ4_NL`": the unmarked heading names the baseline, so each PR row takes the IQ4_NL row of the same settings
    as its reference (the rows differ in the quant alone)."""
    head = "| PP | TG | N_KV | T_PP s | S_PP t/s |\n|---|---|---|---|---|\n"
    doc = (
        "Speed is on par with `IQ4_NL`. Numbers for Lark-7B on an RTX 3090:\n\n"
        f"### IQ4_NL\n\n{head}| 1024 | 256 | 0 | 0.200 | 5120.00 |\n| 1024 | 256 | 1024 | 0.210 | 4876.19 |\n\n"
        f"### IQ4_NL_R4 (PR)\n\n{head}| 1024 | 256 | 0 | 0.190 | 5389.47 |\n| 1024 | 256 | 1024 | 0.205 | 4995.12 |\n"
    )
    claims = extract(doc, path="x.md").claims
    pr = {(c.source.line, c.metric): c.reference for c in claims if c.revision and c.revision.label}
    assert pr == {(14, "T_PP s"): 0.2, (14, "S_PP t/s"): 5120.0, (15, "T_PP s"): 0.21, (15, "S_PP t/s"): 4876.19}


def test_old_code_and_new_code_columns_are_sides_not_part_of_the_measure() -> None:
    # "Old Code" / "New Code" name the two sides; "Acc" and "Throughput" are what each column measures
    text = (
        "ARC-E on 1x L4, 250 questions\n\n| Model | Old Code Acc | New Code Acc | Old Code Throughput | "
        "New Code Throughput |\n| --- | --- | --- | --- | --- |\n"
        "| Granite-3-8B | 0.811 | 0.815 | 930 tok/s | 902 tok/s |\n"
    )
    got = {(c.metric, c.value, c.reference) for c in extract(text, path="x.md").claims}
    assert got == {("Acc", 0.815, 0.811), ("Throughput", 902.0, 930.0)}


@pytest.mark.parametrize(
    ("label", "side"),
    [
        ("PR: Baseline `03637f08`", "base"),  # the author's baseline, copied beside a reviewer's own runs
        ("PR: This PR `acf148dc`", "head"),
        ("Author: main", "base"),
        ("PR #389: before", "base"),
        ("Reviewer's numbers: with the patch", "head"),
        ("PR:", "head"),  # the source alone names the PR's side
        ("PR: `abc1234`", "head"),  # (no side word after it: "PR" defines the PR's commit)
        ("PR: 1.2x faster", "head"),
    ],
)
def test_the_side_after_a_source_prefix_decides(label: str, side: str) -> None:
    # vocab.sides._source_side: "PR:" / "Author:" says whose numbers these are; the side word after it says which side
    assert side_of(label) == side


def test_rows_named_after_a_source_prefix_are_a_value_and_its_reference() -> None:
    path = Path(__file__).parent / "fixtures" / "revisions" / "source_prefixed_sides.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    got = {(c.value, c.reference) for c in claims if c.kind == "perf"}
    assert got == {(41.75, 48.2), (2391.8, 2210.4)}


def test_arm_side_reads_only_a_bullets_whole_name() -> None:
    """An experiment's arms name a side only as a defining bullet's whole name ("Treatment", "Control")."""
    assert arm_side("Treatment") == "head"
    assert arm_side("**Experiment**") == "head"
    assert arm_side("Control arm") == "base"
    assert arm_side("Control plane") is None
    assert arm_side("treatment of the cache") is None
    assert arm_side("Throughput") is None


def test_defined_arm_heads_reach_rows_and_side_lines() -> None:
    """ "- Treatment: `9f3c2ab`" over a row "treatment", "- Candidate: `7c6b5a4`" over "candidate: 1688.2 tok/s": each
    value carries its side's head, its counterpart on the other side its reference."""
    text = Path(__file__).parent.joinpath("fixtures/revisions/defined_sides_label_rows.md").read_text()
    perf = {c.source.line: c for c in reversed(extract(text).claims) if c.kind == "perf"}
    assert perf[10].revision is not None and perf[10].revision.head == "9f3c2ab"
    assert perf[10].revision.base == "1d2e3f4" and perf[10].reference == 1580.9
    assert perf[22].revision is not None and perf[22].revision.head == "ab12cd3"
    assert perf[32].revision is not None and perf[32].revision.head == "7c6b5a4" and perf[32].reference == 1551.7
