"""A quantiser's results page (tests/fixtures/tables/quant_page_caption.md): rows name recipes, columns models, an
emphasised caption the measure of every table under it; the "(100%)" row is the others' baseline; the bits a row
label or the corner cell states are the runs' setup."""

from __future__ import annotations

from pathlib import Path

from ledger.model import Claim
from ledger.parsers import extract
from ledger.vocab.metrics import normalise_metric

_PAGE = Path(__file__).parent / "fixtures" / "tables" / "quant_page_caption.md"


def _claims(text: str) -> list[Claim]:
    return extract(text, path="t.md").claims


def test_the_caption_names_the_measure_never_the_recipe_row() -> None:
    got = _claims(_PAGE.read_text())
    scores = [c for c in got if c.source.line in (12, 13, 21, 22, 23) and c.unit is None]
    assert scores and {(c.kind, c.metric) for c in scores} == {
        ("accuracy", "mean accuracy (arc_easy, boolq, openbookqa)")
    }
    # (a heading of a higher rank opens a part the caption does not reach: the row there names its own measure)
    assert {c.metric for c in got if c.source.line == 29} == {"TTFT (ms)"}


def test_the_hundred_percent_row_is_the_baseline_and_the_bits_are_setup() -> None:
    got = _claims(_PAGE.read_text())
    ours = next(c for c in got if c.source.line == 13 and c.unit is None and c.config.get("model") == "Mistral-7B")
    assert (ours.value, ours.reference, ours.config.get("bits")) == (0.6398, 0.6512, "4.25")
    assert {c.config.get("bits") for c in got if c.source.line in (21, 22, 23)} == {"5"}  # ("Avg. bits = 5")


def test_a_row_without_the_whole_share_is_no_baseline() -> None:
    text = (
        "*Mean accuracy over `piqa`.*\n\n| Method | Alpha-7B |\n|---|---|\n"
        "| **FP16** | 0.70 (99.0%) |\n| **Plain 4-bit** | 0.66 (95.0%) |\n| **Ours** | 0.68 (97.1%) |\n"
    )
    assert all(c.reference is None for c in _claims(text) if c.unit is None)


def test_a_bare_share_after_a_score_is_its_share_not_the_score() -> None:
    got = [c for c in _claims(_PAGE.read_text()) if c.source.line == 21 and c.config.get("model") == "Mistral-7B"]
    assert [(c.metric, c.value, c.unit) for c in got] == [
        ("mean accuracy (arc_easy, boolq, openbookqa)", 0.6401, None),
        ("mean accuracy (arc_easy, boolq, openbookqa) (% of baseline)", 98.3, "%"),
    ]


_UNSEEN = Path(__file__).parent / "fixtures" / "tables" / "share_of_unseen_baseline.md"


def test_a_share_of_a_baseline_the_table_does_not_show_is_never_the_scores_series() -> None:
    # "0.5921 (93.1%)" with no "(100%)" row: 93.1 is the score's share of a run not shown, no score in percent
    got = [c for c in _claims(_UNSEEN.read_text()) if c.source.line == 9 and c.config.get("model") == "Gemma-2-2B"]
    score, share = got
    assert (share.value, share.unit, share.reference) == (93.1, "%", None)
    assert share.metric.endswith("(% of baseline)")
    # the kind is the measure's (a difference of accuracies is an accuracy too), the series is not the score's
    assert share.kind == score.kind == "accuracy"
    assert normalise_metric(share.metric, share.kind) != normalise_metric(score.metric, score.kind)
    # a "(100%)" row states the whole: the same share, paired with it
    whole = [c for c in _claims(_UNSEEN.read_text()) if c.source.line == 17 and c.unit == "%"]
    assert {(c.metric.endswith("(% of baseline)"), c.reference) for c in whole} == {(True, 100.0)}


_RUNS = Path(__file__).parent / "fixtures" / "tables" / "gguf_run_rows.md"


def test_rows_naming_runs_leave_the_benchmark_column_the_measure() -> None:
    got = [c for c in _claims(_RUNS.read_text()) if c.source.line in (11, 12, 13, 17, 18, 19)]
    assert {(c.kind, c.metric) for c in got} == {("accuracy", "arc_easy"), ("accuracy", "boolq")}
    # ("AR<=0.9.0" names the release the run was built with, no acceptance rate; the model is the row's, never the
    # command's, and a row naming none takes the one its table's rows name)
    assert {c.source.line: c.config["model"] for c in got} == {
        12: "mistral-7b",
        13: "mistral-7b",
        18: "qwen2.5-3b",
        19: "qwen2.5-3b",
    }
    # (the run in full precision is the others' baseline, in each table its own)
    assert {(c.source.line, c.metric, c.reference) for c in got if c.source.line in (13, 19)} == {
        (13, "arc_easy", 0.81),
        (13, "boolq", 0.62),
        (19, "arc_easy", 0.55),
        (19, "boolq", 0.47),
    }


def test_an_acceptance_rate_column_is_still_one() -> None:
    got = [c for c in _claims(_RUNS.read_text()) if c.source.line == 25]
    assert [(c.kind, c.value) for c in got] == [("acceptance", 0.71)]


def test_two_runs_slashed_in_a_runs_cell_are_two_claims() -> None:
    got = [c for c in _claims(_RUNS.read_text()) if c.source.line == 12 and c.metric == "arc_easy"]
    assert [(c.value, c.config.get("run_id")) for c in got] == [(0.77, "1"), (0.779, "2")]


def test_a_release_bound_in_a_runs_label_is_its_revision() -> None:
    got = {(c.source.line, c.revision.label if c.revision else None) for c in _claims(_RUNS.read_text())}
    assert {(12, "AR<=0.9.0"), (13, "AR>0.9.0"), (18, "AR<=0.9.0"), (19, "AR>0.9.0")} <= got
