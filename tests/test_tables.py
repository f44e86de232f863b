"""Result tables, the parts this suite covers: a delta header 'A vs B' names the baseline column, and a
speed-up in parentheses inside a delta cell is its own claim (markdown and rendered copies)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.parsers import extract


@pytest.mark.parametrize(
    ("delta_header", "new", "ref"),
    [
        ("A vs B", 10.0, 12.0),
        ("B vs A", 12.0, 10.0),
        ("A vs. B speedup", 10.0, 12.0),
        ("A versus B gain", 10.0, 12.0),
    ],
)
def test_vs_header_names_the_baseline(delta_header: str, new: float, ref: float) -> None:
    text = f"| Metric | A | B | {delta_header} |\n|---|---|---|---|\n| TTFT (ms) | 10.0 | 12.0 | -16.7% |\n"
    values = [(c.value, c.reference) for c in extract(text, path="t.md").claims if c.reference is not None]
    assert values == [(new, ref)]


@pytest.mark.parametrize("cell", ["11.0 (ref 12.0)", "11.0 (was 12.0)", "11.0 (vs 12.0)"])
def test_a_reference_in_parentheses_is_not_a_speedup(cell: str) -> None:
    text = f"| Metric | Ours |\n|---|---|\n| TTFT (ms) | {cell} |\n"
    assert [c.value for c in extract(text, path="t.md").claims] == [11.0]


def test_empty_cells_and_a_cut_row_do_not_raise() -> None:
    text = "| Metric | A | B | A vs B |\n|---|---|---|---|\n| x |  |  |  |\n| y | 1.0 | 2"
    extract(text, path="t.md")


def test_rows_without_a_header_borrow_the_header_of_their_twin() -> None:
    text = (
        "|  64 |  0.40 |  160.5 |\n|  128 |  0.71 |  180.2 |\n\n"
        "| B | T s | S t/s |\n|---|---|---|\n|  1 |  0.30 |  3.3 |\n"
    )
    got = extract(text, path="t.md")
    first = [(c.metric, c.value, c.config.get("batch_size")) for c in got.claims if c.source.line == 1]
    assert first == [("T s", 0.40, "64"), ("S t/s", 160.5, "64")]
    assert got.warnings == []


def test_rows_without_a_header_anywhere_are_named_by_position_with_a_warning() -> None:
    got = extract("| 7 | 0.52 | 19.2 |\n| 9 | 0.61 | 18.8 |\n", path="t.md")
    assert [c.metric for c in got.claims] == ["column 2", "column 3", "column 2", "column 3"]
    assert [(w.line, "without a header row" in w.message) for w in got.warnings] == [(1, True)]


def test_a_header_of_words_is_still_a_header_without_a_delimiter_row() -> None:
    got = extract("| model | tok/s |\n| llama | 51.2 |\n| qwen | 48.9 |\n", path="t.md")
    # (the "model" column names each row's model: its setup, not a part of the measure's name)
    assert [(c.metric, c.value, c.config["model"]) for c in got.claims] == [
        ("tok/s", 51.2, "llama"),
        ("tok/s", 48.9, "qwen"),
    ]


def test_a_side_row_under_blank_header_cells_is_header_and_pairs_the_sides() -> None:
    text = "| BS | TTFT (ms) |  | Change |\n|---|---|---|---|\n| | Before | After | |\n| 8 | 20.0 | 18.0 | -10% |\n"
    got = [(c.value, c.reference, c.config.get("batch_size")) for c in extract(text, path="t.md").claims]
    assert got == [(18.0, 20.0, "8"), (-10.0, None, "8")]


def test_a_settings_row_gives_each_column_its_setup_and_no_claims() -> None:
    text = "| Model | H100 |  |\n|---|---|---|\n| TP Size | 2 | 4 |\n| Llama-3.1-8B | 100.5 | 180.2 |\n"
    got = [
        (c.value, c.config.get("gpu"), c.config.get("tp"), c.config.get("model"))
        for c in extract(text, path="t.md").claims
    ]
    assert got == [(100.5, "H100", "2", "Llama-3.1-8B"), (180.2, "H100", "4", "Llama-3.1-8B")]


@pytest.mark.parametrize("label_col", [0, 1])
def test_a_stacked_headers_key_labels_name_their_rows_in_either_label_column(label_col: int) -> None:
    # the key cells ("GPU:", "TP Size") stand in the first column or the second; either way "ISL, OSL" under
    # them names the row labels' keys, never a word of the measure
    keys = [["GPU:", "", "B300", ""], ["TP Size", "", "2", "8"], ["ISL, OSL", "", "", ""], ["", "", "", ""]]
    if label_col:
        keys[0][:2], keys[1][:2] = ["", "GPU:"], ["", "TP Size"]
    rows = [*keys, ["512, 512", "", "5,210.40", "9,880.10"], ["2048, 256", "", "2,905.75", "6,120.00"]]
    text = "Values are output tokens per second.\n\n" + "\n".join(
        "| " + " | ".join(r) + " |" for r in [rows[0], ["---"] * 4, *rows[1:]]
    )
    got = [
        (c.value, c.metric, c.config.get("gpu"), c.config.get("tp"), c.config.get("isl"), c.config.get("osl"))
        for c in extract(text + "\n", path="t.md").claims
    ]
    assert got[:3] == [
        (5210.4, "output throughput", "B300", "2", "512", "512"),
        (9880.1, "output throughput", "B300", "8", "512", "512"),
        (2905.75, "output throughput", "B300", "2", "2048", "256"),
    ]
    assert len(got) == 4


def test_a_line_break_parts_header_words_and_a_two_key_column_splits() -> None:
    text = "| ISL/OSL | H200<br/>TP2 (FP8) |\n|---|---|\n| 1024/128 | 812.5 |\n"
    (claim,) = extract(text, path="t.md").claims
    assert {k: claim.config.get(k) for k in ("isl", "osl", "gpu", "tp", "quant")} == {
        "isl": "1024",
        "osl": "128",
        "gpu": "H200",
        "tp": "2",
        "quant": "fp8",
    }


@pytest.mark.parametrize("header", ["p50 (ms), baseline -> candidate", "p50 (ms), before → after"])
def test_an_arrow_cell_is_the_value_over_its_reference(header: str) -> None:
    text = f"| conc | {header} |\n|---|---|\n| 4 | 9.81 -> 9.52 |\n"
    got = [(c.value, c.reference, c.unit) for c in extract(text, path="t.md").claims]
    assert got == [(9.52, 9.81, "ms")]


@pytest.mark.parametrize(
    ("cell", "want"),
    [
        ("0.2410 ± 0.0031 → 0.1120 ± 0.0042 (-53.5%)", [(0.112, 0.241, "s", 0.0042), (-53.5, None, "%", None)]),
        ("135.0 +/- 1.9 → 175.9 +/- 2.4 tok/s", [(175.9, 135.0, "tok/s", 2.4)]),
        ("3.40 s ± 0.05 s → 3.10 s ± 0.04 s", [(3.1, 3.4, "s", 0.04)]),
        ("31.05 ± 0.40 → 24.90", [(24.9, 31.05, "s", None)]),
        ("515.2 → 642.5 ± 6.1", [(642.5, 515.2, "s", 6.1)]),
    ],
)
def test_an_arrow_cell_whose_sides_print_their_spread_is_the_value_over_its_reference(
    cell: str, want: list[tuple[float, float | None, str, float | None]]
) -> None:
    """ "A ± s → B ± s (p%)": the new side's value and spread, the old side's value its reference, the change a claim
    of its own; never the old side's spread read as the reference of a metric named by the old value."""
    text = f"| streams | first-audio p50 (s) |\n|---:|---:|\n| 1 | {cell} |\n"
    got = [(c.value, c.reference, c.unit, c.stderr or c.stddev) for c in extract(text, path="t.md").claims]
    assert got == want
    assert {c.metric for c in extract(text, path="t.md").claims} == {"first-audio p50"}


@pytest.mark.parametrize("corner", ["workload", "prompt mix"])
def test_an_arrow_cells_row_label_is_its_setup_not_a_word_of_its_metric(corner: str) -> None:
    """ "| short chat | 18.2 → 17.9 ms (-1.6%) |" under "p99 ITL": the measure is the column's, whatever row it stands
    in; the label stays the row's setup, whose words keep each row a series of its own."""
    text = (
        f"| {corner} | p99 ITL, main → PR | peak mem (GiB) |\n|---|---:|---:|\n"
        "| short chat | 18.2 → 17.9 ms (-1.6%) | 20.1 → 19.8 |\n| p99 | 30.0 → 29.0 ms | 21.0 → 20.5 |\n"
    )
    claims = extract(text, path="t.md").claims
    got = [(c.metric, c.config.get("row")) for c in claims if c.source.line == 3]
    assert got == [("p99 ITL", "short chat")] * 2 + [("peak mem", "short chat")]
    # (a row named by a statistic names the measure it summarises)
    assert all("p99" in (c.metric or "") for c in claims if c.source.line == 4)


@pytest.mark.parametrize(
    ("legend", "want"),
    [
        ("v0.9.4 → branch", ("branch", None, None)),
        ("`3c4d5e6` → `7a8b9c0`", ("7a8b9c0", "7a8b9c0", "3c4d5e6")),
        ("bf16 → fp8", None),  # (two setups, no sides)
    ],
)
def test_a_legend_in_one_header_names_the_sides_of_every_arrow_column(
    legend: str, want: tuple[str, str | None, str | None] | None
) -> None:
    """ "| mix | req/s (v0.9.4 → branch) | median TTFT |": the sides are the table's, written once; every arrow cell,
    and the change it prints, is measured on the right side, not only the cells under the header that holds them."""
    text = (
        f"| mix | req/s ({legend}) | median TTFT |\n|---|---:|---:|\n"
        "| code | 12.40 → 12.85 req/s (+3.6%) | 182.0 → 176.5 ms (-3.0%) |\n"
    )
    claims = [c for c in extract(text, path="t.md").claims if c.kind == "perf"]
    assert len(claims) == 4
    got = {(r.label, r.head, r.base) if (r := c.revision) else None for c in claims}
    assert got == {want}


def test_a_column_named_by_a_defined_side_carries_its_revision() -> None:
    text = (
        "- **Candidate**: this branch at `b93c11f`\n\n| conc | tok/s, baseline | candidate | delta |\n"
        "|---|---|---|---|\n| 4 | 410.5 | 422.9 | +3.0% |\n"
    )
    got = [
        (c.value, c.reference, c.revision.head if c.revision else None)
        for c in extract(text, path="t.md").claims
        if c.kind == "perf"
    ]
    assert got == [(422.9, 410.5, "b93c11f"), (3.0, None, "b93c11f")]


def test_the_row_named_baseline_alone_is_the_baseline_of_its_variants() -> None:
    text = "| variant | ms |\n|---|---|\n| baseline | 100 |\n| baseline-fused | 90 |\n| fused_all | 80 |\n"
    got = [(c.value, c.reference) for c in extract(text, path="t.md").claims]
    assert got == [(90.0, 100.0), (80.0, 100.0)]


def test_a_settings_column_and_the_test_class_give_each_row_its_setup() -> None:
    """A column of `key=value` settings ("`mtp_nextn=3`, `cuda_graph=True`", "`tep-mtp2`") is each row's setup,
    never a result; a test class named for a model ("TestQwen3_8B::") names the row's model over the models the
    prose lists for the whole thread."""
    path = Path(__file__).parent / "fixtures" / "tables" / "cell_settings.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    got = [
        (
            c.value,
            c.config.get("model"),
            c.config.get("spec_algo"),
            c.config.get("draft_len"),
            c.config.get("cuda_graph"),
        )
        for c in claims
    ]
    assert got == [
        (2.913004, "Qwen3-8B", "mtp", "3", "True"),
        (2.402118, "Qwen3-8B", None, None, None),
        (2.11884, "Mixtral-8x7B", "mtp", "2", None),
        (3.0, "Llama 3.1 8B Instruct", "eagle3", "4", None),
    ]


def test_a_feature_switch_column_is_a_side_not_part_of_the_measure() -> None:
    text = (
        "| Metric | With warm-up | Without warm-up | Change |\n|---|---|---|---|\n"
        "| Request throughput | 12.5 req/s | 15.0 req/s | +20.0% |\n"
    )
    got = [(c.metric, c.value, c.reference, c.revision and c.revision.label) for c in extract(text, path="t.md").claims]
    assert got == [
        ("Request throughput", 15.0, 12.5, "Without warm-up"),
        ("Request throughput Change", 20.0, None, "Without warm-up"),
    ]


def test_a_later_table_of_the_same_side_columns_is_read_the_way_the_change_column_told() -> None:
    head = "| Metric | With prefetch | Without prefetch |"
    text = (
        f"{head} Delta |\n|---|---|---|---|\n| Output throughput | 200.0 tok/s | 250.0 tok/s | +25.0% |\n\n"
        f"{head}\n|---|---|---|\n| Mean TTFT | 90.0 ms | 96.0 ms |\n"
    )
    got = [(c.metric, c.value, c.reference) for c in extract(text, path="t.md").claims if c.reference is not None]
    assert got == [("Output throughput", 250.0, 200.0), ("Mean TTFT", 96.0, 90.0)]


@pytest.mark.parametrize(
    ("header", "row", "want"),
    [
        ("| Batch | TPOT without graphs | TPOT with graphs |", "| 8 | 21.0 ms | 16.5 ms |", ("TPOT", "with graphs")),
        ("| Model | w/o draft (tok/s) | w/ draft (tok/s) |", "| Qwen2-7B | 88.0 | 131.0 |", ("throughput", "w/ draft")),
        # (the PR's side word is its revision label: side_columns)
        ("| Model | main (tok/s) | PR (tok/s) |", "| Qwen2-7B | 88.0 | 131.0 |", ("throughput", "PR")),
    ],
)
def test_a_side_column_s_value_is_named_by_its_measure_not_its_side_or_its_row_s_model(
    header: str, row: str, want: tuple[str, str | None]
) -> None:
    text = f"{header}\n|---|---|---|\n{row}\n"
    (claim,) = extract(text, path="t.md").claims
    assert (claim.metric, claim.revision and claim.revision.label) == want


def test_a_header_is_read_for_sides_around_an_arrow_only_where_an_arrows_mark_stands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A column header names its two sides around an arrow ("Throughput, Base → PR"): every spelling of ARROW holds
    one of ARROW_MARKS (">", the arrow characters, LaTeX's "$\\"), so a header holding none is not searched (the
    pattern opens with a name tried at every character)."""
    import re

    from _fixture_lines import fixture_lines

    from ledger.parsers.tables import headers
    from ledger.vocab import text as vocab_text

    arrow = re.compile(vocab_text.ARROW)
    made = ["a -> b", "a --> b", "a→b", "a => b", "a ⇒ b", "a ⟶ b", "a ⟹ b", "a ➜ b", "a ➔ b", "a ➡ b"]
    made += ["a $\\rightarrow$ b", "a $\\longrightarrow$ b", "a $\\Rightarrow$ b", "a $\\to$ b", "a $\\arrow$ b"]
    for line in [*fixture_lines(), *made]:
        if arrow.search(line):
            assert vocab_text.holds_arrow(line), line
    assert all(headers.arrow_sides(m) == ("a", "b") for m in made)

    class Unasked:
        def search(self, text: str) -> None:
            raise AssertionError(text)

    monkeypatch.setattr(headers, "ARROW_SIDES_RE", Unasked())
    assert headers.arrow_sides("TTFT (ms) main / PR") is None


@pytest.mark.parametrize(
    ("heads", "cells", "want"),
    [
        # the letters are no unit: the second side's value against the first's, the change named by its measure
        ("Tok/s (S) | Tok/s (P) | Δ%", "100.0 | 90.0 | -10.0%", [("Tok/s", 90.0, 100.0), ("Tok/s Δ%", -10.0, None)]),
        # the change cells read the second side as the baseline: the first is measured against it
        ("Tok/s (S) | Tok/s (P) | Δ%", "90.0 | 100.0 | -10.0%", [("Tok/s", 90.0, 100.0), ("Tok/s Δ%", -10.0, None)]),
        # (a unit in brackets before the mark is the measure's)
        ("TPOT (ms) (S) | TPOT (ms) (P) | Δ%", "2.0 | 1.8 | -10.0%", [("TPOT", 1.8, 2.0), ("TPOT Δ%", -10.0, None)]),
        # the roles' own side word stays theirs ("ours" is the candidate wherever it stands)
        ("TFLOPS (ours) | TFLOPS (cuBLAS) | speedup", "300.0 | 250.0 | 1.2x", [("TFLOPS", 300.0, 250.0)]),
        # two benchmarks, two precisions: results of their own, no sides
        ("Acc (GSM8K) | Acc (MMLU)", "70.0 | 60.0", [("Acc (GSM8K)", 70.0, None), ("Acc (MMLU)", 60.0, None)]),
        # two letters and no change column nor text saying which side is today's: two values, unpaired
        ("TPOT (A) | TPOT (B)", "7.0 | 9.0", [("TPOT (A)", 7.0, None)]),
    ],
)
def test_side_marked_columns(heads: str, cells: str, want: list[tuple[str, float, float | None]]) -> None:
    n = heads.count("|") + 1
    text = f"| Conc | {heads} |\n|{'---|' * (n + 1)}\n| 1 | {cells} |\n"
    got = [(c.metric, c.value, c.reference) for c in extract(text, path="t.md").claims]
    assert [g for g in got if g[0] in {w[0] for w in want}] == want


def test_a_table_no_row_is_read_for_a_claim_in_is_left_there_as_a_full_reading_would_leave_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """results._claims_nothing stops reading a table whose every cell is a label, a setting or text and whose rows
    name no workload ("| Architecture | Model | HuggingFace Example |" over a page of supported models): the setup,
    bases and sides read after the roles would go to no claim. Every fixture document where it stops reads the same
    (claims and warnings, and so the lines left to the readers after it) with its tables read in full; a made page
    of names stops there."""
    from ledger.parsers.tables import results

    real = results._claims_nothing
    stopped: list[bool] = []

    def watched(table: object, roles: list[str], labels: list[str]) -> bool:
        stopped.append(real(table, roles, labels))  # type: ignore[arg-type]
        return stopped[-1]

    def read(text: str, path: str) -> tuple[list[dict[str, object]], list[str]]:
        res = extract(text, path=path)
        return [c.model_dump(mode="json") for c in res.claims], [w.message for w in res.warnings]

    names = "| Architecture | Model | Example |\n|---|---|---|\n" + "".join(
        f"| `Arch{n}ForCausalLM` | Family {n} | `org/family-{n}-7b` |\n" for n in range(6)
    )
    fixtures = sorted((Path(__file__).parent / "fixtures").rglob("*.md"))
    docs = [("names.md", names), *((p.name, p.read_text(encoding="utf-8")) for p in fixtures)]
    seen = []
    for name, text in docs:
        if "|" not in text:
            continue
        stopped.clear()
        monkeypatch.setattr(results, "_claims_nothing", watched)
        short = read(text, name)
        if any(stopped):
            seen.append(name)
            monkeypatch.setattr(results, "_claims_nothing", lambda *args: False)
            assert read(text, name) == short, name
    assert seen[:1] == ["names.md"] and len(seen) > 1


def test_a_declared_pair_of_no_sides_pairs_nothing() -> None:
    """ "Each cell below is `p50/p99` latency": two percentiles, neither a side a word names (as "main/pr",
    "base/head" are), so no cell's second value is judged against its first."""
    text = (
        "# Shorter prefill\n\nEach cell below is `p50/p99` latency of one request mix.\n\n"
        "| Mix | TTFT (ms) | TPOT (ms) |\n|---|---:|---:|\n"
        "| short | 95/140 | 7.1/9.8 |\n| long | 1410/1985 | 8.4/12.6 |\n"
    )
    claims = extract(text, path="t.md").claims
    assert claims and all(c.reference is None for c in claims)
    # ("Each cell below holds `base/head`": the same cells, each the head's value against the base's)
    got = extract(text.replace("is `p50/p99` latency", "holds `base/head`"), path="t.md").claims
    assert sorted((c.metric, c.value, c.reference) for c in got) == [
        ("TPOT (long)", 12.6, 8.4),
        ("TPOT (short)", 9.8, 7.1),
        ("TTFT (long)", 1985.0, 1410.0),
        ("TTFT (short)", 140.0, 95.0),
    ]


def test_two_arrow_columns_each_with_its_change_keep_their_cells_and_their_own_setup() -> None:
    """ "peak out tok/s (before → after) | Δ | c=1 TTFT ms (before → after) | Δ": each arrow column holds both sides of
    its measure, so neither is the other's baseline (its cells would be lost); the concurrency its header names is
    its own and its change column's, never the throughput's beside it."""
    text = (Path(__file__).parent / "fixtures" / "tables" / "arrow_columns_own_changes.md").read_text()
    claims = extract(text, "pr.md").claims
    got = {(c.source.line, c.metric): (c.value, c.reference, c.config.get("concurrency")) for c in claims}
    assert got[(7, "peak out tok/s")] == (43950.0, 41200.0, None)
    assert got[(7, "peak out tok/s Δ")] == (6.7, None, None)
    # (the concurrency is the cells' setting, no part of the measure's name)
    assert got[(7, "TTFT ms")] == (94.0, 96.0, "1")
    assert got[(8, "TTFT ms")] == (695.0, 702.0, "1")
    assert got[(7, "TTFT ms Δ")] == (2.1, None, "1")
    assert len(claims) == 8 and {c.config.get("isl") for c in claims} == {"2k", "16k"}


def test_a_header_opening_with_an_arm_label_the_document_defines_names_that_arm_not_the_measure() -> None:
    """ "**w16** = the fp16 dense decode path" over "| w16 peak out tok/s (before → after) | gain |": the column's arm
    is w16 (a key of the cells' config, with the change column's), the measure the words after it; a "c=1" after the
    arm is the cells' concurrency."""
    text = (Path(__file__).parent / "fixtures" / "tables" / "header_arm_and_setting_labels.md").read_text()
    claims = extract(text, "pr.md").claims
    assert {c.metric for c in claims} == {"peak out tok/s", "peak out tok/s gain", "TTFT ms", "TTFT ms gain"}
    assert {c.config.get("arm") for c in claims} == {"w16"}
    assert {c.config.get("concurrency") for c in claims if "TTFT" in (c.metric or "")} == {"1"}
    assert not any("concurrency" in c.config for c in claims if "tok/s" in (c.metric or ""))


@pytest.mark.parametrize("label", ["Req/s", "QPS", "Requests/s"])
def test_a_row_labelled_by_a_rates_unit_alone_measures_that_rate_not_its_columns_side(label: str) -> None:
    """ "| 4096 | 256 | Req/s | 3.10 | 3.41 |" under "Default Config | Tuned Config": the row names the rate as "Output
    Tokens/s" does; the column is the side it was measured on, no word of the measure."""
    text = (
        "| Input Tokens | Output Tokens | Measure | Default Config | Tuned Config |\n|---|---|---|---|---|\n"
        f"| 4096 | 256 | {label} | 3.10 | 3.41 |\n| | | Output Tokens/s | 790.00 | 869.00 |\n"
    )
    got = [(c.metric, c.value, c.reference) for c in extract(text, path="t.md").claims]
    assert got == [(label, 3.41, 3.1), ("Output Tokens/s", 869.0, 790.0)]


def test_a_change_after_two_measures_of_side_rows_is_the_one_whose_rows_it_reproduces() -> None:
    """ "| run | itl_ms | gen tok/s | change |" over a stock row and a retuned one: +24.8% is gen tok/s's change
    (12.50 -> 15.60), not itl_ms's (80 -> 64 is -20%); where both or neither reproduce it, the first measure's."""
    rows = "| stock | 80.00 | 12.50 | - |\n| retuned | 64.00 | 15.60 | {} |\n"
    head = "| run | itl_ms | gen tok/s | change |\n|---|---|---|---|\n"
    for change, measure in (("+24.8%", "gen tok/s"), ("-20.0%", "itl_ms"), ("+3.0%", "itl_ms")):
        claims = extract(head + rows.format(change), path="t.md").claims
        assert [c.metric for c in claims if c.config.get("column") == "change"] == [f"{measure} change"]


def test_token_columns_that_sum_a_run_are_its_workload_never_the_request_lengths() -> None:
    """ "Output tokens" over 8,192 beside 20.48 s at 400 tok/s counts what the run generated (and "Input tokens" beside
    it what it sent), as "Prompt tokens (total)" says in words: totals, no isl / osl; a sweep's 1024 / 128 beside a
    rate and a time they are no product of stay the request's lengths."""
    path = Path(__file__).parent / "fixtures" / "tables" / "token_totals.md"
    got = {c.source.line: c.config for c in extract(path.read_text(), path.name).claims}
    assert {k: got[7][k] for k in got[7] if "tokens" in k or k in ("isl", "osl")} == {
        "total_input_tokens": "262,144",
        "total_output_tokens": "8,192",
    }
    assert "isl" not in got[14] and "osl" not in got[14] and got[14]["total_generated_tokens"] == "8,192"
    assert (got[21]["isl"], got[21]["osl"]) == ("1024", "128")


@pytest.mark.parametrize("label", ["lookup (w/prefix)", "spec (w/o draft)", "tree [a/b]"])
def test_a_row_label_with_a_slash_in_brackets_names_every_value_of_its_worded_cells(label: str) -> None:
    """ "| lookup (w/prefix) | 21.5 ± 0.4 tok/s, hit: 44.0% (11/25) |": the bracket's slash is part of one name, not a
    list of two settings, one for each of the cell's two values; "1 / 8" beside "310 / 2400" still is such a list."""
    text = (
        "| Variant | chat | summary |\n|---|---|---|\n"
        f"| {label} | 21.5 ± 0.4 tok/s, hit: 44.0% (11/25) | 19.0 ± 0.2 tok/s, hit: 12.5% (2/16) |\n"
    )
    claims = extract(text, path="t.md").claims
    assert [c.value for c in claims] == [21.5, 44.0, 19.0, 12.5]
    assert {c.config.get("row") for c in claims} == {label}
    listed = (
        "| Setup | Concurrency | Result |\n|---|---|---|\n| 2x H100 | 1 / 8 | 310 tok/s at 1 user, 2400 tok/s at 8 |\n"
    )
    assert [c.config.get("concurrency") for c in extract(listed, path="t.md").claims] == ["1", "8"]


def test_a_last_row_cut_short_of_its_headers_cells_loses_its_last_cell_and_the_sides_keep_their_roles() -> None:
    """An excerpt that ends inside a table's only row ("| 1k | 4 | 40.1 | 90.3 | 2.25 | 11.2 | 25"): "25" may be
    "25.6" cut, so it is not read; and "STP", the baseline of the first pair of side columns, stays the baseline of
    the second, whose change cell is gone (11.2 is a reference, never a value against the other pair's 40.1)."""
    head = (
        "| isl | conc | STP tok/s/user | MTP tok/s/user | int x | STP tok/s/GPU | MTP tok/s/GPU | gpu x |\n"
        "|----:|-----:|---------------:|---------------:|------:|--------------:|--------------:|------:|\n"
    )
    for row in ("| 1k | 4 | 40.1 | 90.3 | 2.25 | 11.2 | 25\n", "| 1k | 4 | 40.1 | 90.3 | 2.25 | 11.2 |  |  |\n"):
        got = [(c.value, c.reference) for c in extract(head + row, path="t.md").claims]
        assert got == [(90.3, 40.1), (2.25, None)]
