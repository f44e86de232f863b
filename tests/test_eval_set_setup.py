"""An eval's setup sentence over its table: the hub data set it links or quotes after "on", the prompts it sent per
part of the set, and a bare "k=3" draft length (tests/fixtures/setup/eval_set_lead_in.md)."""

from __future__ import annotations

import pytest

from ledger.parsers import extract
from ledger.parsers.grammar.heading_setup import heading_setup
from ledger.parsers.grammar.section_results import measures
from ledger.vocab.models import model_names
from ledger.vocab.serving_datasets import hub_dataset
from ledger.vocab.setup import qualifiers


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("on [acme/mix](https://huggingface.co/datasets/acme/mix), k=3", {"draft_len": "3"}),
        ("32 prompts per split", {"num_prompts": "32"}),
        ("12 requests per context length", {"num_prompts": "12"}),
        ("top_k=20", {"top_k": "20"}),  # a sampler's k
        ("pass@k=1", {}),
        ("M=1, N=4096, K=4096", {}),  # a GEMM's K: too large for a draft length
        ("12 requests per second", {}),  # a rate
    ],
)
def test_eval_setup_words(text: str, expected: dict[str, str]) -> None:
    assert qualifiers(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Scored on [acme/mix](https://huggingface.co/datasets/acme/mix) (3 splits).", ("acme/mix", True)),
        ("Measured on `acme/long-probe`, 6 prompts per length.", ("acme/long-probe", False)),
        ("rebased on `alice/fix-branch`", None),
        ("timed on `tools/bench.py`", None),
        ("see https://huggingface.co/acme/Loom-7B", None),  # a model's page
    ],
)
def test_hub_dataset(text: str, expected: tuple[str, bool] | None) -> None:
    assert hub_dataset(text) == expected


def test_a_model_quoted_after_on_is_no_data_set() -> None:
    values = heading_setup("Evaluated on `Qwen/Qwen3-8B` with 16 prompts per split, k=2.")
    assert "dataset" not in values
    assert values["num_prompts"] == "16"


def test_a_code_member_is_no_model() -> None:
    # (tests/fixtures/setup/code_member_not_model.md: a class's method in its file, named after a model family)
    text = "Set in `acme/models/qwen3_eagle3.py:Qwen3Eagle3DecoderLayer.__init__` (Qwen3-8B sets none)."
    assert model_names(text) == ["Qwen3-8B"]
    assert model_names("see `Qwen3Eagle3DecoderLayer.forward`") == []


@pytest.mark.parametrize(
    ("line", "result"),
    [
        ("Each prompt generated `max_tokens=96` with `temperature=0.0` and `top_p=1.0`.", False),
        ("acc=0.81 on the held-out split", True),  # no setup word: a score
        ("speed 1.5x at temperature=0.7", True),
    ],
)
def test_a_sampler_setting_is_no_result(line: str, result: bool) -> None:
    # (tests/fixtures/setup/sampler_settings_no_result.md: the section that states them is a plan of later results)
    assert measures(line) is result


_PLANNED = """# Keep the drafter's window

## Acceptance length by prompt size

Measured on `acme-data/long-docs-v1`; 16 prompts per size, `max_tokens=64`, `temperature=0.0`.

## Engine side

The engine copied the window from the target model.

### Full vs windowed drafter
{lead}
| Prompt size | Full | Windowed | Δ |
|---|---|---|---|
| 2k | 2.31 | 1.62 | -29.9% |
"""


def test_the_section_that_plans_a_table_lends_it_its_setup_and_the_tables_own_lines_win() -> None:
    """The section naming the measure over the runs' setup, two sections up, says how the cells were taken; a lead-in
    right over the table that restates a key keeps its own value."""
    plain, _delta = extract(_PLANNED.format(lead=""), path="p.md").claims
    assert (plain.kind, plain.value, plain.reference) == ("acceptance", 1.62, 2.31)
    assert {k: plain.config.get(k) for k in ("dataset", "num_prompts", "osl", "temperature")} == {
        "dataset": "acme-data/long-docs-v1",
        "num_prompts": "16",
        "osl": "64",
        "temperature": "0.0",
    }
    own, _delta = extract(_PLANNED.format(lead="\nRerun at `temperature=0.7`:\n"), path="p.md").claims
    assert own.config.get("temperature") == "0.7"
    assert own.config.get("dataset") == "acme-data/long-docs-v1"


def test_the_gate_of_hub_dataset_drops_no_data_set() -> None:
    """hub_dataset reads its pattern only where the text holds a backtick or "datasets/" (a speed gate): over every
    fixture line, the pattern itself finds nothing in a text the gate turns away."""
    from pathlib import Path

    from ledger.vocab import serving_datasets

    lines = {line for p in Path("tests/fixtures").rglob("*.md") for line in p.read_text(encoding="utf-8").splitlines()}
    turned = [s for s in lines if "/" in s[:2000] and "`" not in s[:2000] and "datasets/" not in s[:2000].lower()]
    assert len(turned) > 100
    assert not [s for s in turned if serving_datasets._HUB_DATASET_RE.search(s[:2000])]
