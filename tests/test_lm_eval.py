"""lm-evaluation-harness tables: the edge cases one by one (the fixtures in each layout,
tests/fixtures/lm_eval/, are checked whole by test_goldens.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.compare import RevisionRef, Snapshot, compare_series
from ledger.model import Claim
from ledger.parsers import extract
from ledger.parsers.formats.lm_eval import layout_of
from ledger.parsers.reader.document import pipe_cells

FIXTURES = Path(__file__).parent / "fixtures" / "lm_eval"
"""Tables in each layout; every claim they yield is listed in its golden (test_goldens.py)."""


def test_numbers_of_the_table_are_not_read_again_by_other_readers() -> None:
    claims = extract((FIXTURES / "gfm_table.md").read_text(encoding="utf-8"), path="gfm_table.md").claims
    lines = {c.source.line for c in claims if (c.parser or "").startswith("lm_eval/")}
    others = [c for c in claims if not (c.parser or "").startswith("lm_eval/")]
    assert lines and not [c for c in others if c.source.line in lines | {5, 6}]  # no n-shot, version or stderr


def test_truncated_row_is_skipped_with_a_warning() -> None:
    text = (FIXTURES / "truncated.md").read_text(encoding="utf-8")
    result = extract(text, path="truncated.md")
    assert any("cut off" in w.message for w in result.warnings)
    assert [c.value for c in result.claims if c.parser and c.parser.startswith("lm_eval/")] == [0.7612]


@pytest.mark.parametrize(
    ("header", "value_col", "stderr_col"),
    [
        ("|Tasks|Version|Filter|n-shot|Metric| |Value| |Stderr|", 6, 8),
        ("|Groups|Version|Filter|n-shot|Metric|   |Value |   |Stderr|", 6, 8),
        ("|Task|Version|Metric|Value| |Stderr|", 3, 5),
        ("|Tasks|Version|Filter|n-shot|Metric|Value|", 5, None),
    ],
)
def test_layout_of_header(header: str, value_col: int, stderr_col: int | None) -> None:
    layout = layout_of(pipe_cells(header))
    assert layout is not None
    assert (layout.value, layout.stderr) == (value_col, stderr_col)


@pytest.mark.parametrize(
    "header",
    [
        "| Model | Metric | Value |",
        "|Tasks|Version|",
        "| Task | Score |",
        "",
    ],
)
def test_other_tables_are_not_lm_eval(header: str) -> None:
    assert layout_of(pipe_cells(header)) is None


def test_empty_task_and_filter_inherit_from_the_row_above() -> None:
    text = (
        "|Tasks|Version|Filter|n-shot|Metric| |Value| |Stderr|\n|--|--|--|--|--|--|--|--|--|\n"
        "|piqa|1|none|0|acc|↑|0.79|±|0.01|\n|    | |    |0|acc_norm|↑|0.80|±|0.01|\n"
    )
    claims = extract(text, path="t.md").claims
    assert [(c.config["task"], c.config["filter"], c.config["metric"], c.value) for c in claims] == [
        ("piqa", "none", "acc", 0.79),
        ("piqa", "none", "acc_norm", 0.80),
    ]


def test_hostile_pipe_lines_do_not_raise() -> None:
    text = "|Tasks|Version|Filter|n-shot|Metric| |Value| |Stderr|\n" + "|" * 5000 + "\n" + "|a|" * 2000
    extract(text, path="t.md")


def test_a_run_line_closing_its_model_args_gives_the_tp_without_the_bracket() -> None:
    text = (
        "vllm (pretrained=acme/Model-70B,tensor_parallel_size=8), gen_kwargs: (None), limit: None, batch_size: 64\n\n"
        "|Tasks|Version|Filter|n-shot|Metric|   |Value |   |Stderr|\n"
        "|-----|------:|------|-----:|------|---|-----:|---|-----:|\n"
        "|gsm8k|      3|flexible-extract|     5|exact_match|↑  |0.9310|±  |0.0070|\n"
    )
    (c,) = extract(text, path="t.md").claims
    assert (c.config.get("tp"), c.config.get("model"), c.config.get("batch_size")) == ("8", "acme/Model-70B", "64")


def _lm_claims(name: str) -> list[Claim]:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    return [c for c in extract(text, path=name).claims if (c.parser or "").startswith("lm_eval/")]


def test_a_stderr_cell_holding_its_sign_is_the_stderr() -> None:
    # a re-tabulated table merges lm-eval's "±" column into the Stderr cell ("± 0.0086")
    claims = {c.value: c for c in _lm_claims("reformatted_cells.md")}
    assert claims[0.7712].stderr == 0.0086 and claims[0.455].stderr == 0.029


def test_a_mark_glued_to_the_value_keeps_the_row_and_a_verdict_mark_is_its_outcome_text() -> None:
    claims = {c.value: c for c in _lm_claims("reformatted_cells.md")}
    assert {0.612, 0.702, 0.59, 0.74, 0.52} <= set(claims)
    assert (claims[0.612].outcome_text, claims[0.702].outcome_text, claims[0.59].outcome_text) == ("✅", "❌", None)


def test_a_dashed_row_keeps_its_group() -> None:
    claims = {c.value: c for c in _lm_claims("reformatted_cells.md")}
    assert claims[0.402].metric == "mathvista_suite Geometry acc"
    assert claims[0.402].config["task"] == "mathvista_suite Geometry"
    # a subtask named after its group already says which one it belongs to
    assert claims[0.7111].metric == "mmlu_anatomy acc"


def test_a_result_key_is_split_into_metric_and_filter() -> None:
    claims = {c.value: c for c in _lm_claims("reformatted_cells.md")}
    assert claims[0.74].metric == "gsm8k exact_match (flexible-extract)"
    assert (claims[0.74].config["metric"], claims[0.74].config["filter"]) == ("exact_match", "flexible-extract")
    assert claims[0.52].metric == "mmmu_val acc" and claims[0.52].config["filter"] == "none"


def test_the_chat_template_flags_are_setup_and_keep_two_prompt_formats_apart() -> None:
    """lm_eval's "--apply_chat_template --fewshot_as_multiturn" on, or each followed by "False": another prompt,
    another score, so compare never pairs the two runs as one series."""
    cmd = "lm_eval --model vllm --model_args pretrained=acme/Wren-9B --tasks gsm8k --num_fewshot 5 {flags}"
    table = (
        "| Task | Metric | Value | Stderr |\n|---|---|---:|---:|\n| gsm8k | exact_match,strict-match | {v} | 0.01 |\n"
    )
    texts = [
        f"# Wren\n\n```bash\n{cmd.format(flags=flags)}\n```\n\n{table.format(v=v)}\n"
        for flags, v in (
            ("--apply_chat_template --fewshot_as_multiturn", "0.84"),
            ("--apply_chat_template False", "0.80"),
        )
    ]
    claims = [extract(t, path="acc.md").claims for t in texts]
    (on,), (off,) = ([c for c in cl if c.kind == "accuracy"] for cl in claims)
    assert on.config["chat_template"] == "on" and on.config["fewshot_multiturn"] == "on"
    assert off.config["chat_template"] == "off" and "fewshot_multiturn" not in off.config
    snaps = [Snapshot(RevisionRef(name=f"v{n}", version=n), cl) for n, cl in enumerate(claims, 1)]
    verdicts = {r.overall.verdict for r in compare_series(snaps, versions=True) if r.overall is not None}
    assert "regression" not in verdicts


def test_the_chat_template_stated_off_is_the_run_that_states_no_flag() -> None:
    """ "--apply_chat_template False" is lm_eval's default stated (vocab.setup_keys.STATED_DEFAULTS): the page's
    later version that drops the flag measures the same series, judged step by step."""
    cmd = "lm_eval --model vllm --model_args pretrained=acme/Wren-9B --tasks gsm8k --num_fewshot 5{flags}"
    table = "| Task | Metric | Value | Stderr |\n|---|---|---:|---:|\n| gsm8k | exact_match,strict-match | {v} | 0.01 |"
    texts = [
        f"# Wren\n\n```bash\n{cmd.format(flags=flags)}\n```\n\n{table.format(v=v)}\n"
        for flags, v in ((" --apply_chat_template False --fewshot_as_multiturn False", "0.84"), ("", "0.841"))
    ]
    snaps = [
        Snapshot(RevisionRef(name=f"v{n}", version=n), extract(t, path="acc.md").claims) for n, t in enumerate(texts, 1)
    ]
    verdicts = [r.overall.verdict for r in compare_series(snaps, versions=True) if r.overall is not None]
    assert verdicts == ["within noise"]


def test_the_eval_commands_client_reaches_the_scores_above_it_and_only_them() -> None:
    """An "## Evaluation" section after the score tables, its `lm_eval --model vllm` command alone: the client every
    score was taken by (backend), but not the page's other results (a quantize time), nor a serving bench's own
    "--backend" run."""
    path = FIXTURES.parent / "setup" / "eval_command_backend_after_table.md"
    claims = extract(path.read_text(encoding="utf-8"), path=path.name).claims
    scores = [c for c in claims if c.kind == "accuracy"]
    assert len(scores) == 2 and {c.config.get("backend") for c in scores} == {"vllm"}
    assert all("backend" not in c.config for c in claims if c.kind != "accuracy")
    served = (
        "# Serving check\n\n| Model | Output tok/s |\n|---|---:|\n| acme/Wren-9B | 1510.2 |\n\n## Reproduce\n\n"
        "```bash\npython3 benchmarks/benchmark_serving.py --backend vllm --model acme/Wren-9B\n```\n"
    )
    assert all("backend" not in c.config for c in extract(served, path="served.md").claims)
