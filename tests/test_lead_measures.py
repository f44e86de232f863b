"""Issue 26, meaning of values: a value whose own line names no measure (a share under a workload's shape, a side's
label before its value) takes the measure its lead-in or sub-heading names, or none; side words are a side, never
the measure; a stated share with a measure reaches `ledger report` as an improvement or a regression as stated."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ledger.cli.app import app
from ledger.model import Claim
from ledger.parsers.grammar.lead_measures import lead_measure, unit_column_measure
from ledger.parsers.grammar.value_sides import line_side
from ledger.parsers.pipeline import extract
from ledger.vocab.sides import side_alone

FIX = Path(__file__).parent / "fixtures"
runner = CliRunner()


def _perf(rel: str) -> list[Claim]:
    path = FIX / rel
    return [c for c in extract(path.read_text(encoding="utf-8"), str(path)).claims if c.kind == "perf"]


def _report(rel: str, tmp_path: Path) -> str:
    r = runner.invoke(
        app, ["report", str(FIX / rel), "--db", str(tmp_path / "x.db")], env={"COLUMNS": "200", "LEDGER_DB": ""}
    )
    assert r.exit_code == 0, r.stderr
    return " ".join(r.stdout.split())


def test_a_lead_in_names_the_measure_of_the_shares_under_it() -> None:
    claims = _perf("prose/lead_measure_shares.md")
    got = [(c.source.line, c.metric, c.value, c.high, c.config.get("isl")) for c in claims]
    assert got == [
        (7, "Decode throughput gains", 2.35, 18.10, "2k"),
        (8, "Decode throughput gains", 0.9, 9.40, "16k"),
        # ("Swept again after the rebase, per workload:": no measure named anywhere above, none guessed)
        (14, None, 2.1, 17.8, "2k"),
    ]


def test_a_sub_heading_names_the_measure_and_a_signed_share_is_its_change() -> None:
    got = [(c.source.line, c.metric, c.value) for c in _perf("kv_lines/heading_measure_shares.md")]
    assert got == [(7, "Request throughput change", 4.2), (8, "Request throughput change", -1.1), (12, None, 6.0)]


def test_stated_shares_with_a_measure_reach_the_report(tmp_path: Path) -> None:
    out = _report("prose/lead_measure_shares.md", tmp_path)
    assert "improvement: Decode throughput gains [concurrency=4-32, isl=2k" in out, out
    assert "2.35-18.1 % (as stated)" in out, out
    out = _report("kv_lines/heading_measure_shares.md", tmp_path)
    assert "improvement: Request throughput change [isl=2k" in out, out
    assert "regression: Request throughput change [isl=16k" not in out  # (-1.1%: within the default threshold)
    assert "Request throughput change [isl=16k, model=Qwen3-30B-A3B, osl=512]: -1.1 %" in out, out


def test_side_words_before_a_value_are_its_side_and_the_lead_its_measure() -> None:
    got = [
        (c.source.line, c.metric, c.value, c.reference, c.revision and c.revision.label, c.config.get("variant"))
        for c in _perf("revisions/side_words_own_lines.md")
    ]
    assert got == [
        (7, "Mean decode step time", 0.71, 0.94, "After this PR", None),
        (15, "Prefill time per request", 151.0, 182.0, "After the fix", None),
    ]


def test_a_lone_job_name_before_its_counts_is_no_side() -> None:
    path = FIX / "revisions/side_words_own_lines.md"
    tests = [c for c in extract(path.read_text(encoding="utf-8"), str(path)).claims if c.kind == "tests"]
    assert [(c.metric, c.revision) for c in tests] == [("Nightly", None)]


@pytest.mark.parametrize(
    ("lead", "measure"),
    [
        ("Decode throughput gains against main (tok/s), per workload:", "Decode throughput gains"),
        ("Mean decode step time:", "Mean decode step time"),
        ("**Output throughput vs main**", "Output throughput"),
        ("Throughput of Llama-3.1-8B on one L40S, concurrency 16:", "Throughput"),
        ("Measured on 1xH100:", None),
        ("Here are the times we saw:", None),
        ("Swept again after the rebase, per workload:", None),
        ("GSM8K accuracy:", None),  # a benchmark's score: its task, read elsewhere
    ],
)
def test_lead_measure(lead: str, measure: str | None) -> None:
    assert lead_measure(lead) == measure


@pytest.mark.parametrize(
    ("line", "side"),
    [
        ("After this PR: 0.7 ms", "After this PR"),
        ("- main (before; 3 runs): 41.2 tok/s", "main"),
        ("With the fix: 41 tok/s", "With the fix"),
        ("Before: 45.2 ms, After: 40.1 ms", None),  # both sides on one line
        ("main: 1520 tok/s -> PR: 1710 tok/s", None),
        ("Decode step time: 0.7 ms", None),
        ("After warm-up: 0.7 ms", None),  # a time, not a side
    ],
)
def test_line_side(line: str, side: str | None) -> None:
    got = line_side(line)
    assert (got.label if got else None) == side


def test_a_side_named_by_when_it_stood_to_the_change_is_a_side_alone() -> None:
    assert side_alone("Before this PR") and side_alone("after the fix") and side_alone("Prior to this change")
    assert not side_alone("after warm-up") and not side_alone("before each run")


@pytest.mark.parametrize(
    ("lead", "heads", "want"),
    [
        # the measure named, its settings the run's: the one column headed by a unit the measure is given in
        ("BS4 ISL2000/OSL500 prefill throughput:", {1: "tok/s", 2: "TTFT (ms)"}, {1: "prefill throughput"}),
        ("Decode step time at BS8, TP2:", {1: "ms", 2: "tok/s"}, {1: "Decode step time"}),
        ("Decode throughput on 8xH100:", {1: "tok/s", 2: "req/s"}, {}),  # two rates: which one is unsaid
        ("Latency and throughput at BS1:", {1: "tok/s", 2: "ms"}, {}),  # two measures named
        ("Speedup at BS1:", {1: "tok/s"}, {}),  # a ratio is no rate
        ("Results on H100:", {1: "tok/s"}, {}),  # no measure named
        ("BS4 prefill throughput", {1: "tok/s"}, {}),  # no lead-in: a sentence's words
        ("Prefill throughput:", {1: "Output tok/s"}, {}),  # a column with a name of its own keeps it
        # a rate named in words beside the bare one: the lead-in's word names the table's kind, not the bare column
        ("Speed (config present vs removed):", {1: "Output tok/s", 2: "Req/s", 3: "p50 TPOT"}, {}),
    ],
)
def test_a_column_headed_by_its_unit_alone_takes_the_measure_its_lead_in_names(
    lead: str, heads: dict[int, str], want: dict[int, str]
) -> None:
    assert unit_column_measure(lead, heads) == want


def test_unit_columns_under_a_measure_lead_are_that_measure_in_that_unit() -> None:
    got = [(c.source.line, c.metric, c.unit) for c in _perf("tables/unit_column_under_measure_lead.md")]
    assert got == [
        (10, "prefill throughput", "tok/s"),
        (10, "TTFT", "ms"),
        (19, "Decode step time", "ms"),
        (19, "tok/s", "tok/s"),  # a throughput under a time's lead-in: the lead names it not
        (27, "Output throughput", "tok/s"),
        (28, "Output throughput", "tok/s"),
    ]


def test_the_report_names_a_unit_column_by_its_lead_ins_measure(tmp_path: Path) -> None:
    out = _report("tables/unit_column_under_measure_lead.md", tmp_path)
    assert "better than baseline: prefill throughput [isl=1024, osl=256]: 16102.8 tok/s vs baseline 15230.4" in out
    assert "better than baseline: Decode step time [tp=2]: 10.87 ms vs baseline 11.42" in out


@pytest.mark.parametrize(
    "lead",
    [
        "Output throughput (tok/s) at concurrency 128:",
        "Output throughput (tok/s), Wren-8B on 2x L40S:",
        "Output throughput (tok/s):",
    ],
)
def test_a_captions_unit_reaches_cells_named_by_their_arm(lead: str) -> None:
    # (the caption's unit in brackets, then where or on what the runs were taken: the cells' unit all the same)
    text = f"{lead}\n\n| Batch | Eager | Compiled |\n|---|---|---|\n| 8 | 100.0 | 120.0 |\n"
    got = {(c.metric, c.unit) for c in extract(text, "x.md").claims}
    assert got == {("Output throughput", "tok/s")}, lead


def test_a_rate_unit_alone_names_its_column_as_the_named_rates_beside_it_do() -> None:
    claims = _perf("tables/rate_unit_column_beside_named_rates.md")
    got = {(c.source.line, c.config.get("column")): c.metric for c in claims}
    assert got[(7, "Req/s")] == "Req/s (Native lengths)"  # (not "Native lengths Throughput", the caption's word)
    assert got[(7, "Output tok/s")] == "Output tok/s (Native lengths)"


def test_a_paste_of_side_value_lines_takes_its_captions_measure() -> None:
    claims = _perf("prose/lead_in_side_lines.md")
    kernel = [c for c in claims if c.source.line == 6]
    assert [(c.metric, c.value, c.reference) for c in kernel] == [("Kernel time per call", 35.5, 41.0)]
    # a paste with a line of anything else is a log: its values keep what their readers gave them
    text = "# t\n\nKernel time per call:\n```\nwarmup done\nmain: 41.0 us\nthis PR: 35.5 us\n```\n"
    assert all(c.metric != "Kernel time per call" for c in extract(text, "t.md").claims)


@pytest.mark.parametrize(
    ("lead", "measure"),
    [
        ("Timed the decode kernel:", None),  # what was timed, no measure: the values keep their unit's
        ("Measured end to end:", None),
        ("Measured decode throughput:", "decode throughput"),  # the verb's object names the measure
        ("Profiled the attention kernel time:", "attention kernel time"),
        ("Measured prefill throughput after the rework:", "prefill throughput"),
        ("Decode step time:", "Decode step time"),
    ],
)
def test_a_lead_in_opening_on_a_verb_names_only_its_objects_measure(lead: str, measure: str | None) -> None:
    assert lead_measure(lead) == measure


def test_a_setting_phrase_or_a_report_before_a_colon_is_no_measure() -> None:
    text = "# T\n\nAlso tried it on an M4 Max: 61.2 tok/s decode.\n\nOn an M2 Ultra: 48.0 tok/s decode.\n"
    got = [(c.metric, c.value, c.config.get("gpu")) for c in extract(text, path="t.md").claims]
    assert got == [("throughput", 61.2, "M4 MAX"), ("throughput", 48.0, "M2 ULTRA")]
